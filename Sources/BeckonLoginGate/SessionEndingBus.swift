import CGLib
import Glibc

/// The few GDBus calls that end a session, each bounded: a connection made
/// under a cancellable that a timer thread cancels at the timeout, a method
/// call with GDBus's own timeout. Connections are private (not GLib's shared
/// singleton), so each ending reads the bus addresses afresh.
struct SessionEndingBus {
    /// A D-Bus method call; `arguments` builds the (floating) values of its tuple.
    struct Request {
        var name: String
        var path: String
        var interface: String
        var method: String
        var arguments: () -> [OpaquePointer?]
    }

    /// What went wrong, in GLib's words.
    struct Failure: Error {
        var message: String
    }

    var timeout: Duration

    private var milliseconds: Int32 {
        let (seconds, attoseconds) = timeout.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    /// A private connection to the session or system bus.
    func connect(_ type: GBusType) throws(Failure) -> OpaquePointer {
        let cancellable = DeadlineCancellable(after: timeout)
        defer { cancellable.release() }
        var error: UnsafeMutablePointer<GError>?
        guard let address = g_dbus_address_get_for_bus_sync(type, cancellable.pointer, &error) else {
            throw Self.failure(error, "no address for the bus")
        }
        defer { g_free(address) }
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, cancellable.pointer, &error)
        else { throw Self.failure(error, "no connection to \(String(cString: address))") }
        return connection
    }

    /// Whether `name` has an owner on the bus: the session manager is running.
    func hasOwner(_ name: String, on connection: OpaquePointer) throws(Failure) -> Bool {
        let request = Request(name: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                              interface: "org.freedesktop.DBus", method: "NameHasOwner",
                              arguments: { [g_variant_new_string(name)] })
        let reply = try call(request, on: connection, replyType: "(b)")
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    /// The id of the logind session that `pid` belongs to: `GetSessionByPID`,
    /// then that session's `Id` property.
    func logindSessionID(of pid: pid_t, on connection: OpaquePointer) throws(Failure) -> String {
        let byPID = Request(name: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                            interface: "org.freedesktop.login1.Manager", method: "GetSessionByPID",
                            arguments: { [g_variant_new_uint32(UInt32(bitPattern: pid))] })
        let path = try string(in: call(byPID, on: connection, replyType: "(o)"))
        let property = Request(name: "org.freedesktop.login1", path: path,
                               interface: "org.freedesktop.DBus.Properties", method: "Get",
                               arguments: { [g_variant_new_string("org.freedesktop.login1.Session"),
                                             g_variant_new_string("Id")] })
        let reply = try call(property, on: connection, replyType: "(v)")
        defer { g_variant_unref(reply) }
        let boxed = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(boxed) }
        let inner = g_variant_get_variant(boxed)
        defer { g_variant_unref(inner) }
        guard String(cString: g_variant_get_type_string(inner)) == "s" else {
            throw Failure(message: "the session's Id is not a string")
        }
        return String(cString: g_variant_get_string(inner, nil))
    }

    /// Calls `request`, waiting at most the timeout; returns the reply's tuple.
    @discardableResult
    func call(_ request: Request, on connection: OpaquePointer, replyType: String? = nil) throws(Failure) -> OpaquePointer {
        var children = request.arguments()
        let parameters = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        var error: UnsafeMutablePointer<GError>?
        // A GVariantType is its type string: kept alive for the whole call.
        let reply = (replyType ?? "").withCString { type in
            g_dbus_connection_call_sync(connection, request.name, request.path, request.interface, request.method,
                                        parameters, replyType == nil ? nil : OpaquePointer(type),
                                        G_DBUS_CALL_FLAGS_NO_AUTO_START, milliseconds, nil, &error)
        }
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

/// A GCancellable that a thread of its own cancels once `after` has passed:
/// GDBus's connection calls take a cancellable but no timeout.
private final class DeadlineCancellable: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GCancellable>

    init(after timeout: Duration) {
        pointer = g_cancellable_new()
        let (seconds, attoseconds) = timeout.components
        let microseconds = gulong(clamping: max(seconds, 0) &* 1_000_000 &+ attoseconds / 1_000_000_000_000)
        // The timer thread keeps the cancellable alive until it has fired.
        g_object_ref(pointer)
        let started = SessionEndingThread.detach { [self] in
            g_usleep(microseconds)
            g_cancellable_cancel(pointer)
            g_object_unref(pointer)
        }
        // No timer: the request goes on unbounded rather than not at all.
        if !started { g_object_unref(pointer) }
    }

    /// Gives up the caller's reference; the timer thread keeps its own.
    func release() {
        g_object_unref(pointer)
    }
}
