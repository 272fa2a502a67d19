import BeckonTestSupport
import Foundation
import Testing

/// `beckon dialog` read through AT-SPI: the window with every part a setup
/// script uses has nothing a screen reader would miss, and each row's status
/// change is announced as it happens.
@Suite(.serialized, .guiHangLimit) struct LiveDialogAccessibilityTests {
    static let arguments = [
        "dialog", "--title", "Setting up", "--message", "Installing **your** software", "--icon", "computer",
        "--infobox", "Call IT", "--helpmessage", "Ask **IT**", "--progress", "3", "--progresstext", "Starting",
        "--textfield", "Name", "--textfield", "Code,secure", "--checkbox", "Restart later",
        "--selecttitle", "Site", "--selectvalues", "Berlin,Tokyo", "--button2", "--infobutton",
        "--listitem", "Office,status=success", "--listitem", "Printer,status=wait",
        "--listitem", "VPN,status=progress,progress=30", "--listitem", "Fonts,status=error,statustext=Failed",
    ]

    @Test func everyPartIsNamedForAScreenReader() throws {
        try X11.require()
        let directory = TestRunDirectory.make("live-dialog-a11y")
        let found = try AccessibilityTests.findings(
            Products.beckon,
            .init(name: "dialog", arguments: Self.arguments + ["--commandfile", directory + "/audit.log"]))
        #expect(found.isEmpty, "\(found)")
    }

    /// The probe asked, in its interactive mode, to find the window in the
    /// accessible tree first (so the bridge is registered and listens), then
    /// the status lines are written, and the probe tells what it heard.
    @Test func statusChangesAreAnnounced() throws {
        try X11.require()
        let directory = TestRunDirectory.make("live-dialog-a11y")
        let fifo = directory + "/events.fifo"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        let probe = try InteractiveProbe()
        defer { probe.quit() }
        let beckon = try RunningProcess(Products.beckon, Self.arguments + ["--commandfile", fifo],
                                        environment: ["DBUS_SESSION_BUS_ADDRESS": probe.busAddress,
                                                      "NO_AT_BRIDGE": "", "GTK_A11Y": ""])
        defer { if beckon.process.isRunning { kill(beckon.pid, SIGKILL) } }
        let tree = try probe.ask("tree \(beckon.pid) 30")
        #expect(tree.contains("\"tree\""), "the probe found no window: \(tree.prefix(300))")
        let writer = try poll("beckon to open its command FIFO", seconds: 30, { open(fifo, O_WRONLY | O_NONBLOCK) },
                              until: { $0 >= 0 })
        defer { close(writer) }
        let lines = "listitem: Printer: success\nlistitem: title: VPN, status: progress, progress: 80\n"
        _ = lines.withCString { write(writer, $0, strlen($0)) }
        let said = try poll("the status changes to be announced", seconds: 20, every: 0.2, {
            try probe.ask("events")
        }, until: { $0.contains("Printer, success") && $0.contains("VPN, 80 %") })
        #expect(said.contains("object:announcement"))
        _ = "quit:\n".withCString { write(writer, $0, strlen($0)) }
        let result = beckon.wait(deadline: 20)
        #expect(result.exitCode == 5, "\(result)")
    }
}

/// scripts/atspi-probe in its interactive mode, on a private session bus:
/// one command a line in, one JSON line out.
final class InteractiveProbe {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()
    private(set) var busAddress = ""

    init() throws {
        let probe = Products.packageRoot.appendingPathComponent("scripts/atspi-probe").path
        let unblocked = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM}); "
            + "os.execvp(sys.argv[1], sys.argv[1:])"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", unblocked, "dbus-run-session", "--", "/usr/bin/python3", probe]
        var environment = ProcessInfo.processInfo.environment
        environment["NO_AT_BRIDGE"] = nil
        environment["GTK_A11Y"] = nil
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // The registry says it is up on the same stream; the probe's own line starts with "ready ".
        let ready = try poll("the probe to be ready", seconds: 30, every: 0, { try line(seconds: 30) },
                             until: { $0.hasPrefix("ready ") })
        busAddress = String(ready.dropFirst("ready ".count))
    }

    /// Sends `command` and returns the probe's one-line answer.
    func ask(_ command: String) throws -> String {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        return try line(seconds: 60)
    }

    /// Asks the probe to quit and waits for dbus-run-session to end its bus.
    /// A SIGTERM sent before that orphans the session's bus daemon and the
    /// accessibility bus it started, which keep the test run's output open:
    /// `swift test` then waits for them after the tests ended.
    func quit() {
        try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        try? input.fileHandleForWriting.close()
        let end = Date().addingTimeInterval(10)
        while process.isRunning && Date() < end { usleep(50_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private func line(seconds: Double) throws -> String {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let newline = buffered.firstIndex(of: 10) {
                let line = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
                buffered = Data(buffered[(newline + 1)...])
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffered.append(chunk)
        }
        throw WaitFailed("no line from the probe in \(seconds) s; have \(String(decoding: buffered, as: UTF8.self).prefix(300))")
    }
}
