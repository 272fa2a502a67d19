import BeckonTestSupport
import Foundation
import Testing

/// Every dialog kind under xfwm4 and Greybird (row 8 of the desktop table):
/// KeyboardOnlyTests' table, whose keys, stdout and exit codes are checked
/// under openbox on the tests' own display, played again in a real XFCE
/// session. Each window must be focused by xfwm4 as it opens, and give the
/// same stdout and exit code for the same real keys. The question, the list,
/// the form and the terms window are photographed (``DesktopScreenshots``).
/// XFCE's notification server (xfce4-notifyd) is not part of this session.
extension XfceDesktopTests {
    static let screenshots: [String: String] = [
        "question: Left to No, Return": "question",
        "list: Down, Return": "list",
        "forms: entry, password, calendar, list and combo, moving with Tab": "forms",
        "terms: Page_Down to the end, Return": "terms",
    ]

    @Test func everyDialogKindAnswersRealKeysAsUnderOpenbox() throws {
        let session = try XfceSession()
        defer { session.stop() }
        // The table's steps press keys on $DISPLAY (Xdotool): this suite's
        // process points it at the session's display for the while
        // (run-tests runs each suite in a process of its own).
        let previous = ProcessInfo.processInfo.environment["DISPLAY"]
        setenv("DISPLAY", session.display, 1)
        defer { if let previous { setenv("DISPLAY", previous, 1) } else { unsetenv("DISPLAY") } }
        try #require(Set(KeyboardOnlyCases.all.map(\.name)).isSuperset(of: Self.screenshots.keys))

        for c in KeyboardOnlyCases.all {
            let expectedBefore = c.stdout()
            let process = try RunningProcess(Products.beckon, c.arguments,
                                             environment: session.environment.merging(c.environment) { $1 },
                                             stdin: c.stdin, keepStdinOpen: c.stdinStaysOpen)
            defer { if process.process.isRunning { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) } }
            let window = try #require(try Xdotool.waitForWindow(pid: process.pid, seconds: 20, process: process),
                                      "\(c.name): no window: \(process.wait(deadline: 1))")
            // Focused by xfwm4 as it opens: no activation from the test first.
            let active = try poll("xfwm4 to focus the window of \(c.name)", seconds: 10) {
                try Self.activeWindow(session)
            } until: { $0 == window }
            #expect(active == window, "\(c.name): not focused as it opened")
            if c.waitsForInput {
                let descriptor = "/proc/\(process.pid)/fd/0"
                try poll("beckon to read all of stdin", seconds: 15, {
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptor)) ?? "closed"
                }, until: { !$0.hasPrefix("pipe:") || !process.process.isRunning })
            }
            if let name = Self.screenshots[c.name] {
                if name == "terms" { try TermsInput.waitForGate(window, "closed") }
                try session.screenshot(try DesktopScreenshots.path("xfce-x11-\(name)"))
            }
            for step in c.steps {
                try step.perform(on: window, process)
            }
            let result = process.wait(deadline: 15)
            #expect(!result.timedOut, "\(c.name): \(result)")
            let expected = [expectedBefore, c.stdout()]
            #expect(result.exitCode == c.exitCode && expected.contains(result.stdout),
                    "\(c.name): expected exit \(c.exitCode), stdout \(expected[0].debugDescription); got \(result)")
            try c.check?(result)
        }
    }
}
