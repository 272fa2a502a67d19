import CGtk

/// The global actor for everything that touches GTK: its jobs run on the thread
/// that runs GTK's main loop.
///
/// GTK is single-threaded. `@GtkActor` code runs inside GTK's main context, so it
/// may call any GTK function; code elsewhere hops here with `await`.
@globalActor
public actor GtkActor {
    /// The one instance behind `@GtkActor`.
    public static let shared = GtkActor()

    private init() {}

    /// The serial executor that runs this actor's jobs on GTK's main context.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        GtkExecutor.shared.asUnownedSerialExecutor()
    }

    /// Whether the calling thread is the one running GTK's main loop right now.
    public static var isOnGtkThread: Bool {
        g_main_context_is_owner(g_main_context_default()) != 0
    }

    /// Runs `operation` as `@GtkActor` code, for C callbacks that GTK calls on
    /// its own thread; stops the program when called from any other thread.
    public static func assumeIsolated<T: Sendable>(
        _ operation: @GtkActor () throws -> T,
        file: StaticString = #fileID, line: UInt = #line
    ) rethrows -> T {
        typealias Isolated = @GtkActor () throws -> T
        typealias Plain = () throws -> T
        precondition(isOnGtkThread, "not on GTK's main loop thread", file: file, line: line)
        // The same move the standard library makes for MainActor.assumeIsolated:
        // the check above is what the isolation would have guaranteed.
        return try withoutActuallyEscaping(operation) { (body: @escaping Isolated) in
            try unsafeBitCast(body, to: Plain.self)()
        }
    }
}
