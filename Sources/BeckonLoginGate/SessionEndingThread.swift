import Glibc

/// A detached POSIX thread for the waits around ending a session (the watch
/// on a gate's warden): they block in the kernel, outside GTK's loop and
/// Swift's cooperative pool. (A bus connection's bound is the D-Bus helper's
/// own thread, in CBeckonGLib.)
package enum SessionEndingThread {
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a thread of its own; false when no thread could be started.
    package static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        guard pthread_create(&thread, nil, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context) == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
