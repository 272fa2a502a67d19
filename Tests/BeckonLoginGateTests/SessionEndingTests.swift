@testable import BeckonLoginGate
import Foundation
import Testing

/// The administrator's command as the way a session ends: run without a
/// shell, in place of every D-Bus request, and never waited on past the timeout.
@Suite struct SessionEndingTests {
    @Test func aCommandThatSucceedsIsTheOneRequest() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-ending-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let mark = directory.appendingPathComponent("it ran; $HOME").path
        // Quoted as a shell would, but no shell: "$HOME" and ";" stay in the name.
        let ending = SessionEnding(command: "touch '\(mark)'")
        #expect(try ending.end() == .command("touch '\(mark)'"))
        #expect(FileManager.default.fileExists(atPath: mark))
    }

    @Test func aCommandStillRunningAtTheTimeoutCountsAsDone() throws {
        let started = ContinuousClock.now
        let ending = SessionEnding(command: "sleep 5", timeout: .milliseconds(300))
        #expect(try ending.end() == .command("sleep 5"))
        // The timeout plus room for starting the process on a loaded machine,
        // and well under the 5 s a wait on the command itself would take.
        let took = ContinuousClock.now - started
        #expect(took < .milliseconds(2500), "waited \(took) on a command whose timeout is 300 ms")
    }

    @Test func theRoutesDescribeWhatTheyAsk() {
        #expect(SessionEndingRoute.gnome.description.contains("org.gnome.SessionManager"))
        #expect(SessionEndingRoute.logind(sessionID: "c7").description.contains("\"c7\""))
        #expect(SessionEndingError.nothingEnded(attempts: ["a: no", "b: no"]).description.hasSuffix("a: no; b: no"))
    }
}
