import CBeckonGLib
import CGLib
import Glibc

/// The few D-Bus calls that end a session, each bounded by the timeout,
/// through CBeckonGLib's D-Bus helper (the one the notifications and the
/// portal check use): a connection the helper cancels at the timeout, a method
/// call with GDBus's own timeout. Connections are private (not GLib's shared
/// singleton), so each ending reads the bus addresses afresh.
package struct SessionEndingBus {
    /// A D-Bus method call; `arguments` builds the (floating) values of its tuple.
    package struct Request {
        package var name: String
        package var path: String
        package var interface: String
        package var method: String
        package var arguments: () -> [OpaquePointer?]

        package init(name: String, path: String, interface: String, method: String,
                     arguments: @escaping () -> [OpaquePointer?]) {
            self.name = name
            self.path = path
            self.interface = interface
            self.method = method
            self.arguments = arguments
        }
    }

    /// What went wrong, in GLib's words.
    package struct Failure: Error {
        package var message: String
    }

    package var timeout: Duration

    package init(timeout: Duration) { self.timeout = timeout }

    private var milliseconds: Int32 {
        let (seconds, attoseconds) = timeout.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    /// The connection's bound: never negative, which would mean none.
    private var connectMilliseconds: Int32 { max(milliseconds, 0) }

    /// A private connection to the session or system bus (CBeckonGLib's D-Bus
    /// helper, which bounds the address lookup and the connection by the timeout).
    package func connect(_ type: GBusType) throws(Failure) -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = beckon_dbus_connect_sync(type, 0, connectMilliseconds, &error) else {
            throw Self.failure(error, "no connection to the bus")
        }
        return connection
    }

    /// Whether `name` has an owner on the bus: the session manager is running.
    func hasOwner(_ name: String, on connection: OpaquePointer) throws(Failure) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let owned = beckon_dbus_name_has_owner(connection, name, milliseconds, &error)
        if let error { throw Self.failure(error, "org.freedesktop.DBus.NameHasOwner failed") }
        return owned != 0
    }

    /// The id of the logind session that `pid` belongs to: `GetSessionByPID`,
    /// then that session's `Id` property.
    func logindSessionID(of pid: pid_t, on connection: OpaquePointer) throws(Failure) -> String {
        let byPID = Request(name: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                            interface: "org.freedesktop.login1.Manager", method: "GetSessionByPID",
                            arguments: { [g_variant_new_uint32(UInt32(bitPattern: pid))] })
        let path = try string(in: call(byPID, on: connection, replyType: "(o)"))
        return try property(path, "org.freedesktop.login1.Session", "Id", on: connection) { value throws(Failure) in
            guard String(cString: g_variant_get_type_string(value)) == "s" else {
                throw Failure(message: "the session's Id is not a string")
            }
            return String(cString: g_variant_get_string(value, nil))
        }
    }

    /// The id of the session logind names as the display of user `uid`
    /// (`GetUser`, then the user's `Display` property, "(so)": the graphical
    /// session, or else the user's first); nil when the user has none.
    func logindDisplaySessionID(ofUser uid: uid_t, on connection: OpaquePointer) throws(Failure) -> String? {
        let user = Request(name: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                           interface: "org.freedesktop.login1.Manager", method: "GetUser",
                           arguments: { [g_variant_new_uint32(uid)] })
        let path = try string(in: call(user, on: connection, replyType: "(o)"))
        return try property(path, "org.freedesktop.login1.User", "Display", on: connection) { value throws(Failure) in
            guard String(cString: g_variant_get_type_string(value)) == "(so)" else {
                throw Failure(message: "the user's Display is not (so)")
            }
            let id = g_variant_get_child_value(value, 0)
            defer { g_variant_unref(id) }
            let text = String(cString: g_variant_get_string(id, nil))
            return text.isEmpty ? nil : text
        }
    }

    /// Reads property `name` of `interface` on the object at `path` and hands
    /// its value to `read`.
    private func property<T>(_ path: String, _ interface: String, _ name: String, on connection: OpaquePointer,
                             _ read: (OpaquePointer) throws(Failure) -> T) throws(Failure) -> T {
        let get = Request(name: "org.freedesktop.login1", path: path,
                          interface: "org.freedesktop.DBus.Properties", method: "Get",
                          arguments: { [g_variant_new_string(interface), g_variant_new_string(name)] })
        let reply = try call(get, on: connection, replyType: "(v)")
        defer { g_variant_unref(reply) }
        let boxed = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(boxed) }
        let inner = g_variant_get_variant(boxed)
        defer { g_variant_unref(inner) }
        return try read(inner!)
    }

    /// Calls `request`, waiting at most the timeout; returns the reply's tuple.
    @discardableResult
    package func call(_ request: Request, on connection: OpaquePointer, replyType: String? = nil) throws(Failure) -> OpaquePointer {
        var children = request.arguments()
        let parameters = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        var error: UnsafeMutablePointer<GError>?
        let reply = beckon_dbus_call_sync(connection, request.name, request.path, request.interface, request.method,
                                          parameters, replyType, 0, milliseconds, &error)
        guard let reply else { throw Self.failure(error, "\(request.interface).\(request.method) failed") }
        return reply
    }

    /// The first child of a reply tuple, a string or object path; the reply is released.
    private func string(in reply: OpaquePointer) -> String {
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?, _ fallback: String) -> Failure {
        guard let error else { return Failure(message: fallback) }
        defer { g_error_free(error) }
        return Failure(message: String(cString: error.pointee.message))
    }
}
