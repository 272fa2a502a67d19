import BeckonLoginGate
import CBeckonGLib
import CGLib
import Glibc

/// logind on the system bus: the sessions, and ending one. Every call is
/// bounded (``SessionEndingBus``); a reply of the wrong shape is an error, not
/// a crash.
struct Logind {
    private let bus = SessionEndingBus(timeout: .seconds(5))
    private var connection: OpaquePointer?

    private static let name = "org.freedesktop.login1"
    private static let managerPath = "/org/freedesktop/login1"
    private static let manager = "org.freedesktop.login1.Manager"

    private mutating func connected() throws(SessionEndingBus.Failure) -> OpaquePointer {
        if let connection, g_dbus_connection_is_closed(connection) == 0 { return connection }
        if let connection { g_object_unref(UnsafeMutableRawPointer(connection)) }
        connection = nil
        let fresh = try bus.connect(G_BUS_TYPE_SYSTEM)
        connection = fresh
        return fresh
    }

    /// Every session logind knows, with the properties the enforcer needs.
    mutating func sessions() throws(SessionEndingBus.Failure) -> [LogindSession] {
        let connection = try connected()
        let list = SessionEndingBus.Request(name: Self.name, path: Self.managerPath, interface: Self.manager,
                                            method: "ListSessions", arguments: { [] })
        let reply = try bus.call(list, on: connection, replyType: "(a(susso))")
        defer { g_variant_unref(reply) }
        let array = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(array) }
        var sessions: [LogindSession] = []
        for index in 0..<g_variant_n_children(array) {
            let entry = g_variant_get_child_value(array, index)!
            defer { g_variant_unref(entry) }
            func text(_ child: gsize) -> String {
                let value = g_variant_get_child_value(entry, child)!
                defer { g_variant_unref(value) }
                return String(cString: g_variant_get_string(value, nil))
            }
            let uidValue = g_variant_get_child_value(entry, 1)!
            let uid = g_variant_get_uint32(uidValue)
            g_variant_unref(uidValue)
            var session = LogindSession(id: text(0), uid: uid, user: text(2), seat: text(3), type: "")
            // A session gone between the list and its properties is simply gone.
            guard (try? fill(&session, path: text(4), on: connection)) != nil else { continue }
            sessions.append(session)
        }
        return sessions
    }

    private func fill(_ session: inout LogindSession, path: String, on connection: OpaquePointer) throws(SessionEndingBus.Failure) {
        let getAll = SessionEndingBus.Request(name: Self.name, path: path, interface: "org.freedesktop.DBus.Properties",
                                              method: "GetAll",
                                              arguments: { [g_variant_new_string("org.freedesktop.login1.Session")] })
        let reply = try bus.call(getAll, on: connection, replyType: "(a{sv})")
        defer { g_variant_unref(reply) }
        let dictionary = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(dictionary) }
        func value(_ key: String, _ type: String) -> OpaquePointer? {
            guard let value = g_variant_lookup_value(dictionary, key, nil) else { return nil }
            guard String(cString: g_variant_get_type_string(value)) == type else {
                g_variant_unref(value)
                return nil
            }
            return value
        }
        func text(_ key: String) -> String {
            guard let value = value(key, "s") else { return "" }
            defer { g_variant_unref(value) }
            return String(cString: g_variant_get_string(value, nil))
        }
        session.type = text("Type")
        session.sessionClass = text("Class")
        session.state = text("State")
        session.display = text("Display")
        session.scope = text("Scope")
        if let timestamp = value("Timestamp", "t") {
            session.startMicroseconds = UInt64(g_variant_get_uint64(timestamp))
            g_variant_unref(timestamp)
        }
    }

    /// Ends session `id` (`TerminateSession`, which kills its processes).
    mutating func terminate(_ id: String) throws(SessionEndingBus.Failure) {
        let connection = try connected()
        let request = SessionEndingBus.Request(name: Self.name, path: Self.managerPath, interface: Self.manager,
                                               method: "TerminateSession", arguments: { [g_variant_new_string(id)] })
        g_variant_unref(try bus.call(request, on: connection))
    }
}
