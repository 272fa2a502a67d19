import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// The first lines of a terminal dialog: its title, then its heading, bold.
@Suite struct DialogFrameTerminalHeaderTests {
    let bold = TerminalText.bold

    @Test func theHeadingIsALineAfterTheTitleAndNilAddsNone() {
        var frame = DialogFrame.okCancel(title: "Disk")
        #expect(frame.terminalHeader(width: 40).count == 1)
        frame.heading = "Almost full"
        let lines = frame.terminalHeader(width: 40)
        #expect(lines.count == 2 && lines[1].contains("Almost full") && lines[1].hasPrefix(bold), "\(lines)")
        frame.title = nil
        #expect(frame.terminalHeader(width: 40).count == 1)
    }

    @Test func aHeadingThatIsTheTitleIsShownOnce() {
        var frame = DialogFrame.okCancel(title: "Progress")
        frame.heading = "Progress"
        #expect(frame.terminalHeader(width: 40).count == 1)
    }
}
