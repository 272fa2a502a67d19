import Beckon
import Testing

/// What TerminalPresenter says when it cannot ask. (Asking itself is tested
/// end to end on a pseudo-terminal: this process may share a person's one.)
@Suite struct TerminalPresenterTests {
    @Test func noTerminalIsAClearError() {
        #expect(TerminalError.unavailable(errno: 6).description
                == "no terminal to ask on: the process has no controlling terminal")
        #expect(TerminalError.unavailable(errno: 13).description == "no terminal to ask on: /dev/tty: Permission denied")
    }
}
