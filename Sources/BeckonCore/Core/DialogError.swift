/// How a dialog can fail to give an answer.
///
/// Cancelling the awaiting task throws `CancellationError` instead.
public enum DialogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The timeout passed before the person answered.
    case timedOut
    /// GTK's main loop is not running in this process, so no dialog could be shown
    /// (start it with ``GtkRuntime/run(_:)``).
    case runtimeNotRunning
    /// The request cannot be shown; the text says why.
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .timedOut: "the dialog timed out"
        case .runtimeNotRunning: "GTK's main loop is not running: start it with GtkRuntime.run"
        case .invalidRequest(let why): "invalid dialog request: \(why)"
        }
    }
}
