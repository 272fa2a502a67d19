import CBeckonShim
import CGtk

/// A Swift closure handed to C as `user_data`: the one box on this side of the
/// boundary, matching the shim's one `BeckonCallback`.
///
/// C calls ``call`` with the box and releases it through ``release`` (the
/// GDestroyNotify) when nothing can call it any more, so the closure and what
/// it captures live exactly as long as the connection.
package final class CallbackBox: @unchecked Sendable { // called only on GTK's thread
    /// The two integers are what the event says (see CBeckonShim.h); the result
    /// matters only where the C function says so.
    let body: @GtkActor (Int32, Int32) -> Int32

    private init(_ body: @escaping @GtkActor (Int32, Int32) -> Int32) {
        self.body = body
    }

    /// A retained box for `body`, to pass as `user_data` with ``call`` and ``release``.
    package static func retain(_ body: @escaping @GtkActor (Int32, Int32) -> Int32) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(CallbackBox(body)).toOpaque()
    }

    /// The BeckonCallback that runs a box's closure. C calls it on GTK's thread.
    package static let call: BeckonCallback = { first, second, data in
        let box = Unmanaged<CallbackBox>.fromOpaque(data!).takeUnretainedValue()
        return GtkActor.assumeIsolated { box.body(first, second) }
    }

    /// The GDestroyNotify that releases a box.
    package static let release: GDestroyNotify = { data in
        Unmanaged<CallbackBox>.fromOpaque(data!).release()
    }
}

/// GObject signals and GLib sources with Swift closures.
@GtkActor
package enum GtkSignal {
    /// Connects `body` to `signal` of `instance` (a handler that needs no arguments).
    @discardableResult
    package static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                 _ body: @escaping @GtkActor () -> Void) -> gulong {
        beckon_signal_connect(instance, signal, CallbackBox.call, CallbackBox.retain { _, _ in body(); return 0 },
                              CallbackBox.release)
    }

    /// ``connect(_:_:_:)-(UnsafeMutableRawPointer,_,_)`` for a typed GTK pointer.
    @discardableResult
    package static func connect<T>(_ instance: UnsafeMutablePointer<T>, _ signal: String,
                                   _ body: @escaping @GtkActor () -> Void) -> gulong {
        connect(UnsafeMutableRawPointer(instance), signal, body)
    }
}

/// GLib timeouts and idles with Swift closures.
@GtkActor
package enum GtkSource {
    /// Runs `body` after `milliseconds`, and again each time while it returns true.
    @discardableResult
    package static func timeout(milliseconds: UInt32, _ body: @escaping @GtkActor () -> Bool) -> guint {
        beckon_timeout_add(milliseconds, CallbackBox.call, CallbackBox.retain { _, _ in body() ? 1 : 0 },
                           CallbackBox.release)
    }

    /// Runs `body` when the loop is idle at `priority`, and again while it returns true.
    @discardableResult
    package static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ body: @escaping @GtkActor () -> Bool) -> guint {
        beckon_idle_add(priority, CallbackBox.call, CallbackBox.retain { _, _ in body() ? 1 : 0 }, CallbackBox.release)
    }

    /// Runs `body` with the condition seen each time `fileDescriptor` is
    /// readable or ends, while it returns true. The default priority lets
    /// input, redraws and timeouts go first, so a writer that never pauses
    /// cannot freeze the window.
    @discardableResult
    package static func watch(fileDescriptor: Int32, priority: Int32 = G_PRIORITY_DEFAULT_IDLE,
                              _ body: @escaping @GtkActor (GIOCondition) -> Bool) -> guint {
        beckon_fd_watch_add(fileDescriptor, priority, CallbackBox.call,
                            CallbackBox.retain { condition, _ in body(GIOCondition(UInt32(bitPattern: condition))) ? 1 : 0 },
                            CallbackBox.release)
    }
}
