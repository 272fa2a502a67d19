import BeckonIO
import CBeckonShim
import CGtk
import Glibc

/// A connection to the session's notification server over D-Bus
/// (org.freedesktop.Notifications, through GLib's GDBus: no libnotify).
///
/// Needs GLib's loop (``GtkRuntime/run(_:)`` or
/// ``GtkRuntime/runWithoutDisplay(_:)``) but no display: a notification has
/// no window of its own.
@GtkActor
public final class NotificationBus {
    private nonisolated(unsafe) let handle: OpaquePointer
    /// Posted notifications by id, to hand them the server's signals.
    private var posted: [UInt32: WeakPosted] = [:]

    private init() {
        handle = beckon_notifications_new()
    }

    isolated deinit {
        beckon_notifications_free(handle)
    }

    /// Connects to the session bus. Throws ``NotificationError/noBus(_:)``
    /// when there is none; whether a server answers is known at the first post.
    public static func session() async throws(NotificationError) -> NotificationBus {
        try await connect(address: nil)
    }

    /// Connects to the bus at `address` (a D-Bus address such as
    /// "unix:path=/run/…"), a connection of its own: a sandbox's bus, a test's.
    public static func bus(at address: String) async throws(NotificationError) -> NotificationBus {
        try await connect(address: address)
    }

    private static func connect(address: String?) async throws(NotificationError) -> NotificationBus {
        guard GtkRuntime.isLoopRunning else { throw .runtimeNotRunning }
        let bus = NotificationBus()
        let events = CallbackBox.retain { [weak bus] event, id in
            bus?.deliver(event: event, id: UInt32(bitPattern: id))
            return 0
        }
        let (connected, failure) = await bus.call { done, data, release in
            beckon_notifications_connect(bus.handle, address, CallbackBox.call, events, CallbackBox.release,
                                         done, data, release)
        }
        guard connected == 1 else { throw bus.error(failure) }
        return bus
    }

    /// Sends `notification` and returns its handle, to update, close or await it.
    public func post(_ notification: DesktopNotification) async throws(NotificationError) -> PostedNotification {
        let id = try await send(notification, replacing: 0)
        let handle = PostedNotification(bus: self, id: id, notification: notification)
        posted[id] = WeakPosted(handle)
        return handle
    }

    /// Notify: the server's id for `notification`, which replaces `replacing` when not 0.
    func send(_ notification: DesktopNotification, replacing: UInt32) async throws(NotificationError) -> UInt32 {
        // As libnotify does: servers find the sender's windows by it.
        var withPID = notification.hints
        if !withPID.contains(where: { $0.name == "sender-pid" }) {
            withPID.append(NotificationHint("sender-pid", .int64(Int64(getpid()))))
        }
        let hints = Self.hintsVariant(withPID)
        let actions = notification.actions.flatMap { [$0.key, $0.label] }
        let (sent, value) = await call { done, data, release in
            withCStrings(actions) { actionPointers in
                beckon_notifications_notify(
                    handle, notification.appName, replacing, notification.icon, notification.summary,
                    notification.body, actionPointers, Int32(actions.count), hints,
                    notification.expiration.milliseconds, done, data, release)
            }
        }
        guard sent == 1 else { throw error(value) }
        return UInt32(bitPattern: value)
    }

    /// CloseNotification for `id`.
    func close(id: UInt32) async throws(NotificationError) {
        let (closed, failure) = await call { done, data, release in
            beckon_notifications_close(handle, id, done, data, release)
        }
        guard closed == 1 else { throw error(failure) }
    }

    /// Follows a replaced notification under the id the server gave it now.
    func moved(_ handle: PostedNotification, from old: UInt32, to new: UInt32) {
        guard old != new else { return }
        posted[old] = nil
        posted[new] = WeakPosted(handle)
    }

    private func deliver(event: Int32, id: UInt32) {
        guard let handle = posted[id]?.handle else {
            posted[id] = nil
            return
        }
        switch UInt32(bitPattern: event) {
        case BECKON_NOTIFICATION_ACTION_INVOKED.rawValue:
            let key = beckon_notifications_action_key(self.handle).map { String(cString: $0) } ?? ""
            handle.ended(.action(key))
        default:
            posted[id] = nil
            handle.ended(.closed(NotificationCloseReason(beckon_notifications_closed_reason(self.handle))))
        }
    }

    /// Starts a shim call with a `done` callback and awaits its two integers;
    /// the shim calls `done` exactly once, and a second call would be ignored.
    private func call(
        _ start: (BeckonCallback, UnsafeMutableRawPointer, GDestroyNotify) -> Void
    ) async -> (Int32, Int32) {
        let reply = OnceContinuation<(Int32, Int32), Never>()
        start(CallbackBox.call, CallbackBox.retain { first, second in
            reply.finish((first, second))
            return 0
        }, CallbackBox.release)
        return await reply.value()
    }

    private func error(_ failure: Int32) -> NotificationError {
        let message = beckon_notifications_error(handle).map { String(cString: $0) } ?? "unknown error"
        return NotificationError(failure: failure, message: message)
    }

    private static func hintsVariant(_ hints: [NotificationHint]) -> OpaquePointer? {
        let values: [OpaquePointer?] = hints.map { hint in
            switch hint.value {
            case .boolean(let value): g_variant_new_boolean(value ? 1 : 0)
            case .string(let value): g_variant_new_string(value)
            case .int32(let value): g_variant_new_int32(value)
            case .byte(let value): g_variant_new_byte(value)
            case .int64(let value): g_variant_new_int64(gint64(value))
            }
        }
        return withCStrings(hints.map(\.name)) { names in
            values.withUnsafeBufferPointer { beckon_notification_hints_new(names, $0.baseAddress, Int32(hints.count)) }
        }
    }
}

/// A posted notification the bus does not keep alive.
private struct WeakPosted {
    weak var handle: PostedNotification?
    init(_ handle: PostedNotification) { self.handle = handle }
}

/// `strings` as a C array of C strings for the duration of `body`.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}
