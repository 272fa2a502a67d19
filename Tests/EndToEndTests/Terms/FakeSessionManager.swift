import BeckonTestSupport
import Foundation

/// A session manager of the test's own on a private bus: a small python3-gi
/// program that owns GNOME's `org.gnome.SessionManager` (answering `Logout`)
/// or logind's `org.freedesktop.login1` (answering `TerminateSession` and
/// `GetSessionByPID`, with a session object whose `Id` it tells), and writes
/// one line for each call it answers: "Logout 1", "TerminateSession c7".
final class FakeSessionManager {
    enum Kind {
        case gnome, logind

        var busName: String { self == .gnome ? "org.gnome.SessionManager" : "org.freedesktop.login1" }
    }

    /// The id the fake logind gives the session of any process.
    static let logindSessionID = "fake-session-7"

    let bus: PrivateSessionBus
    private let process: RunningProcess
    private let directory: URL
    private var log: URL { directory.appendingPathComponent("calls.log") }

    init(_ kind: Kind, on bus: PrivateSessionBus) throws {
        self.bus = bus
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-fake-sm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("fake.py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        let log = directory.appendingPathComponent("calls.log")
        process = try RunningProcess("/usr/bin/python3", [script.path, kind == .gnome ? "gnome" : "logind", log.path],
                                     environment: bus.environment)
        let process = self.process
        try poll("the fake \(kind.busName) to own its name", {
            try run("/usr/bin/dbus-send", ["--bus=\(bus.address)", "--print-reply", "--dest=org.freedesktop.DBus",
                                           "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
                                           "string:\(kind.busName)"], deadline: 10).stdout
        }, until: { $0.contains("boolean true") || !process.process.isRunning })
        guard process.process.isRunning else { throw WaitFailed("the fake session manager failed: \(process.wait(deadline: 5))") }
    }

    deinit {
        kill(process.pid, SIGKILL)
        _ = process.wait(deadline: 5)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Every call answered so far, in order.
    func calls() -> [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    private static let script = #"""
        import sys
        from gi.repository import Gio, GLib

        kind, log = sys.argv[1], sys.argv[2]
        if kind == "gnome":
            name, path = "org.gnome.SessionManager", "/org/gnome/SessionManager"
            xml = ("<node><interface name='org.gnome.SessionManager'><method name='Logout'>"
                   "<arg type='u' direction='in'/></method></interface></node>")
        else:
            name, path = "org.freedesktop.login1", "/org/freedesktop/login1"
            xml = ("<node><interface name='org.freedesktop.login1.Manager'><method name='TerminateSession'>"
                   "<arg type='s' direction='in'/></method><method name='GetSessionByPID'>"
                   "<arg type='u' direction='in'/><arg type='o' direction='out'/></method></interface></node>")
        session_xml = ("<node><interface name='org.freedesktop.login1.Session'>"
                       "<property name='Id' type='s' access='read'/></interface></node>")

        def call(connection, sender, path, interface, method, parameters, invocation):
            with open(log, "a") as f:
                f.write(method + "".join(" " + str(a) for a in parameters.unpack()) + "\n")
            if method == "GetSessionByPID":
                invocation.return_value(GLib.Variant("(o)", ("/org/freedesktop/login1/session/fake",)))
            else:
                invocation.return_value(None)

        def get(connection, sender, path, interface, name):
            return GLib.Variant("s", "fake-session-7")

        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        bus.register_object(path, Gio.DBusNodeInfo.new_for_xml(xml).interfaces[0], call, None, None)
        if kind == "logind":
            bus.register_object("/org/freedesktop/login1/session/fake",
                                Gio.DBusNodeInfo.new_for_xml(session_xml).interfaces[0], call, get, None)
        Gio.bus_own_name_on_connection(bus, name, Gio.BusNameOwnerFlags.NONE, None, None)
        GLib.MainLoop().run()
        """#
}

/// The gate's warden of a `beckon terms --gate` process, found by its
/// arguments (`__gate-warden --for PID`) in /proc: it is in a session of its
/// own, and outlives the window's process.
enum GateWardenProcess {
    /// The warden of the window's process `window`, if one runs now.
    static func find(for window: Int32) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry),
                  let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if let mode = arguments.firstIndex(of: "__gate-warden"), arguments.count > mode + 2,
               arguments[mode + 1] == "--for", arguments[mode + 2] == "\(window)", !hasExited(pid) {
                return pid
            }
        }
        return nil
    }

    /// Whether `pid` is gone or a zombie (exited, not yet reaped).
    static func hasExited(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    /// The session id (`getsid`) of a process, from /proc/PID/stat.
    static func sessionID(of pid: Int32) -> Int32? { statField(3, of: pid) }

    /// The process group (`getpgid`) of a process, from /proc/PID/stat.
    static func processGroup(of pid: Int32) -> Int32? { statField(2, of: pid) }

    /// A number of /proc/PID/stat after the name: 0 state, 1 ppid, 2 pgrp, 3 session.
    private static func statField(_ index: Int, of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > index ? Int32(fields[index]) : nil
    }

    /// Waits until `pid` has exited: the warden exits once it has ended the session, or at an Accept.
    static func waitForExit(_ pid: Int32, seconds: Double = 20) throws {
        try poll("the gate's warden \(pid) to exit", seconds: seconds, { hasExited(pid) }, until: { $0 })
    }
}
