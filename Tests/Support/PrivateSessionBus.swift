import BeckonTestEndings
import Foundation

/// A session bus of the test's own (dbus-daemon with no service files, so
/// nothing starts by itself), optionally with a real notification server
/// (notification-daemon, on the test's X display), and dbus-monitor
/// recording every message on it.
package final class PrivateSessionBus: @unchecked Sendable {
    package let address: String
    private var daemon: RunningProcess?
    private var daemonPID: Int32 = 0
    private var server: RunningProcess?
    private var monitor: RunningProcess?
    private let directory: URL
    private var monitorLog: URL { directory.appendingPathComponent("monitor.log") }
    /// How much of the monitor's log earlier runs have taken.
    private var consumed = 0

    package static let serverName = "org.freedesktop.Notifications"
    package static let notificationDaemon = "/usr/lib/notification-daemon/notification-daemon"

    /// Starts the bus, dbus-monitor, and the server unless `withServer` is false.
    package init(withServer: Bool = true) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("beckon-bus-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("session.conf")
        try SessionBusConfiguration.text.write(to: config, atomically: true, encoding: .utf8)
        // The daemon prints its address to a file read while it runs. A
        // watcher ends it with the test process, which never deinits a bus
        // kept for a whole suite; SIGKILL, as children inherit the test
        // runner's blocked SIGTERM.
        let printed = directory.appendingPathComponent("daemon.out")
        let pidFile = directory.appendingPathComponent("daemon.pid")
        let watcher = """
            dbus-daemon --config-file="$1" --nofork --print-address=1 >"$2" 2>/dev/null </dev/null & daemon=$!
            echo $daemon >"$3"
            while kill -0 "$4" 2>/dev/null && kill -0 $daemon 2>/dev/null; do sleep 0.5; done
            kill -KILL $daemon 2>/dev/null
            rm -rf "$5"
            """
        daemon = try RunningProcess("/bin/sh", ["-c", watcher, "sh", config.path, printed.path, pidFile.path,
                                                "\(getpid())", directory.path])
        daemonPID = try poll("dbus-daemon's pid", { Int32(((try? String(contentsOf: pidFile, encoding: .utf8)) ?? "")
                                                            .trimmingCharacters(in: .whitespacesAndNewlines)) },
                             until: { $0 != nil }) ?? 0
        let line = try poll("dbus-daemon's address", { (try? String(contentsOf: printed, encoding: .utf8)) ?? "" },
                            until: { $0.hasSuffix("\n") })
        address = line.trimmingCharacters(in: .whitespacesAndNewlines)
        // The monitor writes to a file, read while it runs.
        let monitor = try RunningProcess("/bin/sh", ["-c", "exec dbus-monitor --address \"$1\" >\"$2\" 2>&1", "sh",
                                                     address, monitorLog.path])
        self.monitor = monitor
        // dbus-monitor prints its own NameLost once it has become a monitor.
        try poll("dbus-monitor to listen", { self.log() }, until: { $0.contains("member=NameLost") })
        if withServer { try startServer() }
    }

    /// Starts notification-daemon anew, with no notifications: it refuses
    /// more than a few dozen at a time (MaxNotificationsExceeded).
    package func restartServer() throws {
        if let server {
            kill(server.pid, SIGKILL)
            _ = server.wait(deadline: 5)
            self.server = nil
            try poll("\(Self.serverName) to be free", { try self.serverIsUp() }, until: { !$0 })
        }
        try startServer()
    }

    private func startServer() throws {
        server = try RunningProcess(Self.notificationDaemon, [], environment: environment)
        try poll("notification-daemon to own \(Self.serverName)", { try self.serverIsUp() }, until: { $0 })
    }

    deinit {
        stop()
    }

    package func stop() {
        for process in [server, monitor].compactMap({ $0 }) where process.process.isRunning {
            kill(process.pid, SIGKILL)
            _ = process.wait(deadline: 5)
        }
        if daemonPID > 0 { kill(daemonPID, SIGKILL) }
        _ = daemon?.wait(deadline: 5)
        server = nil
        monitor = nil
        daemon = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// The variables that put a program on this bus.
    package var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// The server's process, whose bubbles are its windows.
    package var serverPID: Int32? { server?.pid }

    /// The Notify calls seen since the last call of this method: a marker
    /// signal is sent and awaited first, so every call made before it is in.
    package func takeNotifyCalls() throws -> [NotifyCall] {
        let marker = "beckon-marker-\(UUID().uuidString)"
        let sent = try run("/usr/bin/dbus-send", ["--bus=\(address)", "--type=signal", "/beckon/Test",
                                                   "beckon.Test.Marker", "string:\(marker)"], deadline: 10)
        guard sent.exitCode == 0 else { throw WaitFailed("dbus-send failed: \(sent)") }
        let text = try poll("the marker in dbus-monitor's log", { self.log() }, until: { $0.contains(marker) })
        let all = Array(text.utf8)
        let markerRange = try require(text.range(of: marker), "the marker")
        let end = text.utf8.distance(from: text.startIndex, to: markerRange.upperBound)
        let slice = String(decoding: all[consumed..<end], as: UTF8.self)
        consumed = end
        return NotifyCall.all(in: slice)
    }

    /// Waits until the monitor has seen `count` Notify calls since the last
    /// take, for a program that does not exit by itself (zenity --listen).
    package func waitForNotifyCalls(_ count: Int, seconds: Double = 10) throws {
        try poll("\(count) Notify calls", seconds: seconds, {
            NotifyCall.all(in: String(decoding: Array(self.log().utf8).dropFirst(self.consumed), as: UTF8.self)).count
        }, until: { $0 >= count })
    }

    /// The server's bubbles on screen now (its visible windows).
    package func bubbles() throws -> Set<String> {
        guard let pid = serverPID else { return [] }
        return Set(try Xdotool.search(["--pid", "\(pid)"]))
    }

    /// Clicks the first bubble that is not in `shownBefore`, once it is on
    /// screen: a click on the notification itself, its "default" action.
    /// Clicks are repeated until `process` ends: a bubble still sliding into
    /// place under the window manager may miss the first.
    package func clickNewBubble(shownBefore: Set<String>, until process: RunningProcess) throws {
        let fresh = try poll("a new notification bubble", { try self.bubbles().subtracting(shownBefore) },
                             until: { !$0.isEmpty })
        let bubble = try require(fresh.sorted().last, "a bubble")
        try poll("the program to end after a click on its bubble", every: 0.5, {
            try? Xdotool.click(bubble, x: 20, y: 20)
            return process.process.isRunning
        }, until: { !$0 })
    }

    private func log() -> String {
        (try? String(contentsOf: monitorLog, encoding: .utf8)) ?? ""
    }

    private func serverIsUp() throws -> Bool {
        let answer = try run("/usr/bin/dbus-send", [
            "--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.NameHasOwner", "string:\(Self.serverName)",
        ], deadline: 10)
        return answer.stdout.contains("boolean true")
    }
}

/// A required value in test support, without Testing's macro.
private func require<T>(_ value: T?, _ what: String = "a value") throws -> T {
    guard let value else { throw WaitFailed("missing \(what)") }
    return value
}
