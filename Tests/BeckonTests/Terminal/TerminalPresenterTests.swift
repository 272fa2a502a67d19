import Beckon
import Testing

@Suite struct TerminalPresenterTests {
    @Test func withoutGLibsLoopItSaysSoInsteadOfWaiting() async throws {
        let dialog = Dialog(presenter: TerminalPresenter())
        await #expect(throws: DialogError.runtimeNotRunning) {
            _ = try await dialog.present(EntryRequest(prompt: "Name?"))
        }
    }

    @Test func noTerminalIsAClearError() {
        #expect(TerminalError.unavailable(errno: 6).description == "no terminal to ask on: the process has no controlling terminal")
    }
}
