import CBeckonShim
import CGtk
import Dispatch // links libdispatch, whose main-queue hooks the shim drains
import Glibc
import Synchronization

/// Starts GTK and runs its main loop, for programs and for tests.
public enum GtkRuntime {
    private static let started = Atomic<Bool>(false)

    /// Whether GTK's main loop has been started in this process.
    public static var isRunning: Bool { started.load(ordering: .acquiring) }

    /// Initializes GTK on the calling thread, runs `body` on `@GtkActor` and GTK's
    /// main loop until `body` finishes, and returns its result.
    ///
    /// Call it from a synchronous `main.swift` on the main thread. The dispatch
    /// main queue is drained on GTK's loop as well, so `@MainActor` code and
    /// `DispatchQueue.main` keep working. Throws ``GtkRuntimeError/noDisplay``
    /// instead of aborting when there is no display.
    public static func run<T: Sendable>(
        _ body: @escaping @GtkActor () async throws -> T
    ) throws -> T {
        try initialize()
        beckon_main_queue_drain_install()
        let outcome = Mutex<Result<T, any Error>?>(nil)
        Task { @GtkActor in
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            gtk_main_quit()
        }
        gtk_main()
        started.store(false, ordering: .releasing)
        // gtk_main returns only after the body quit it.
        return try outcome.withLock { $0! }.get()
    }

    /// Starts GTK and its main loop on a thread of its own, for processes whose
    /// main thread belongs to someone else (a test runner, another toolkit's loop).
    ///
    /// Returns once GTK is initialized; the loop runs for the rest of the process.
    public static func startOnBackgroundThread() throws(GtkRuntimeError) {
        let ready = Mutex<Result<Void, GtkRuntimeError>?>(nil)
        PosixThread.detach {
            do throws(GtkRuntimeError) {
                try initialize()
                ready.withLock { $0 = .success(()) }
                gtk_main()
            } catch {
                ready.withLock { $0 = .failure(error) }
            }
        }
        while true {
            if let result = ready.withLock({ $0 }) { return try result.get() }
            usleep(1000)
        }
    }

    private static func initialize() throws(GtkRuntimeError) {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else {
            throw .alreadyRunning
        }
        guard gtk_init_check(nil, nil) != 0 else {
            started.store(false, ordering: .releasing)
            throw .noDisplay(display: environment("DISPLAY"), waylandDisplay: environment("WAYLAND_DISPLAY"))
        }
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
