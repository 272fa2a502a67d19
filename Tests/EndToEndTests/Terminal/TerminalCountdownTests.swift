import BeckonTestSupport
import Foundation
import Testing

/// The terminal's countdown reads the session's deadline, as the window's
/// does (BeckonGTKTests.CountdownTests): at 1.5 s both say 2, then 1, and the
/// prompt times out. Before, the terminal said 1 where the window said 2.
@Suite(.serialized) struct TerminalCountdownTests {
    @Test func theTerminalCountsFromTheDeadlineAtOneAndAHalfSeconds() throws {
        let soak = Products.directory.appendingPathComponent("BeckonSoak").path
        let run = try TerminalRun(["countdown"], executable: soak)
        try run.process.waitFor("Closes in 1 second")
        let result = run.finish()
        #expect(result.exitCode == 5, "\(result)")
        #expect(Self.numbers(in: run.process.rawScreen) == [2, 1])
    }

    /// The countdown's numbers in the order drawn, each once.
    static func numbers(in screen: String) -> [Int] {
        var numbers: [Int] = []
        for match in screen.matches(of: /Closes in (\d+) second/) {
            if let number = Int(match.1), numbers.last != number { numbers.append(number) }
        }
        return numbers
    }
}
