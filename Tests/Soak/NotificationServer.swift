import BeckonTestEndings
import Foundation

/// A session bus of the soak's own (dbus-daemon with no service files, so
/// nothing starts by itself) with a real notification server on it
/// (notification-daemon, on the soak's X display), for the notification kind.
/// Started before GTK runs, so GIO's session bus is this one for the whole
/// process; a watcher ends the bus with the soak, however the soak ends, and
/// the server ends with its bus or its display.
struct NotificationServer: Sendable {
    /// notification-daemon's pid, whose bubbles are its windows.
    let pid: pid_t

    static let daemon = "/usr/lib/notification-daemon/notification-daemon"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts the bus and the server and points DBUS_SESSION_BUS_ADDRESS at the bus.
    static func start() throws -> NotificationServer {
        guard FileManager.default.isExecutableFile(atPath: daemon) else {
            throw Failure(description: "no \(daemon) (scripts/debian-packages.txt: notification-daemon)")
        }
        var template = Array("/tmp/beckon-soak-bus-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "no temporary directory") }
        let directory = String(cString: made)
        let config = directory + "/session.conf", printed = directory + "/address"
        try SessionBusConfiguration.text.write(toFile: config, atomically: true, encoding: .utf8)
        // The watcher's stdin is a pipe only the soak writes to (close on
        // exec, so no other child holds it): its end is the soak's end, even
        // as a zombie, which `kill -0` would take for alive. SIGKILL, as a
        // test runner's children may have SIGTERM blocked.
        let watcher = """
            exec >/dev/null 2>&1
            dbus-daemon --config-file="$1" --nofork --print-address=1 >"$2" </dev/null & bus=$!
            cat >/dev/null
            kill -KILL $bus; rm -rf "$3"
            """
        guard let lifeline = closeOnExecPipe() else { throw Failure(description: "no pipe") }
        defer { close(lifeline[0]) }
        guard spawn(["/bin/sh", "-c", watcher, "sh", config, printed, directory], stdin: lifeline[0]) != nil else {
            throw Failure(description: "could not start dbus-daemon")
        }
        let address = try wait("dbus-daemon's address") {
            let text = (try? String(contentsOfFile: printed, encoding: .utf8)) ?? ""
            return text.hasSuffix("\n") ? text.trimmingCharacters(in: .whitespacesAndNewlines) : nil
        }
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        guard let pid = spawn(["/bin/sh", "-c", "exec \"$0\" >/dev/null 2>&1 </dev/null", daemon]) else {
            throw Failure(description: "could not start \(daemon)")
        }
        _ = try wait("notification-daemon to own org.freedesktop.Notifications") {
            runToEnd(["dbus-send", "--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus",
                      "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
                      "string:org.freedesktop.Notifications"]).output.contains("boolean true") ? true : nil
        }
        return NotificationServer(pid: pid)
    }

    /// Ends the server (its bus ends with the soak).
    func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }

    private static func wait<T>(_ what: String, _ probe: () -> T?) throws -> T {
        for _ in 0..<200 {
            if let value = probe() { return value }
            usleep(50_000)
        }
        throw Failure(description: "waited 10 s for \(what)")
    }
}
