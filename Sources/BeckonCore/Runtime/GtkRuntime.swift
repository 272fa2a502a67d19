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

    /// Runs `body` on `@GtkActor` in GLib's main loop without initializing GTK,
    /// for programs that ask on a terminal (``TerminalPresenter``) where no
    /// display can be opened; returns its result.
    ///
    /// Timeouts, idles, file descriptor watches and Unix signals work as in
    /// ``run(_:)``; GTK windows do not, so ``GtkPresenter`` throws
    /// ``DialogError/runtimeNotRunning`` here.
    public static func runWithoutDisplay<T: Sendable>(
        _ body: @escaping @GtkActor () async throws -> T
    ) throws -> T {
        guard !isRunning, !loopStarted.exchange(true, ordering: .acquiringAndReleasing) else {
            throw GtkRuntimeError.alreadyRunning
        }
        defer { loopStarted.store(false, ordering: .releasing) }
        beckon_main_queue_drain_install()
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        let outcome = Mutex<Result<T, any Error>?>(nil)
        nonisolated(unsafe) let quitting = loop
        Task { @GtkActor in
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            g_main_loop_quit(quitting)
        }
        g_main_loop_run(loop)
        return try outcome.withLock { $0! }.get()
    }

    private static let loopStarted = Atomic<Bool>(false)

    /// Whether GLib's main loop runs `@GtkActor` jobs in this process, with
    /// GTK (``run(_:)``) or without a display (``runWithoutDisplay(_:)``).
    public static var isLoopRunning: Bool { isRunning || loopStarted.load(ordering: .acquiring) }

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
        guard !loopStarted.load(ordering: .acquiring), !started.exchange(true, ordering: .acquiringAndReleasing) else {
            throw .alreadyRunning
        }
        // Fontconfig's configuration loads on Pango's thread while GTK starts
        // here, instead of being waited for at the first widget (font_map.c).
        beckon_font_map_start_loading()
        guard gtk_init_check(nil, nil) != 0 else {
            started.store(false, ordering: .releasing)
            throw noDisplay()
        }
        watchForDisplayLoss()
    }

    /// What to say when the display goes away; the process then exits with
    /// ``displayLostExitCode``. Set by a program that has more to say (the
    /// command's `--json` line); the default writes one line on stderr.
    package static let displayLost = Mutex<@Sendable (String) -> Void>({ message in
        let program = g_get_prgname().map { String(cString: $0) } ?? "beckon"
        let line = "\(program): \(message)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    })

    /// The exit status when the display goes away under a dialog: the status of
    /// an error, never Cancel's 1 that GDK would give.
    public static let displayLostExitCode = Int32(BECKON_DISPLAY_LOST_EXIT)

    private static func watchForDisplayLoss() {
        let name = gdk_display_get_default().flatMap { gdk_display_get_name($0) }.map { String(cString: $0) } ?? "?"
        beckon_display_on_lost(CallbackBox.call, CallbackBox.retain { error, _ in
            // Xlib sees a server that died or cut the client off as the end of
            // the socket, and errno then holds whatever the last call left.
            let reason = [0, EAGAIN, EPIPE, ECONNRESET].contains(error)
                ? "the X server closed the connection" : String(cString: strerror(error))
            let report = displayLost.withLock { $0 }
            report("lost the connection to the display \(name) (\(reason))")
            return 0
        }, CallbackBox.release)
    }

    /// The displays GDK tried: GDK_BACKEND limits them, so a Wayland-only
    /// backend without a compositor does not blame a DISPLAY it never opened.
    private static func noDisplay() -> GtkRuntimeError {
        let backends = environment("GDK_BACKEND")
        let tried = backends.map { $0.split(separator: ",").map { String($0.filter { $0 != " " }) } }
        func tries(_ backend: String) -> Bool { tried.map { $0.contains(backend) || $0.contains("*") } ?? true }
        // GDK's Wayland backend connects to wayland-0 when WAYLAND_DISPLAY is unset.
        let wayland = tries("wayland") ? environment("WAYLAND_DISPLAY") ?? (tried == nil ? nil : "wayland-0") : nil
        return .noDisplay(display: tries("x11") ? environment("DISPLAY") : nil, waylandDisplay: wayland,
                          backend: backends)
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
