/// Why a session could not be ended.
public enum SessionEndingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No request succeeded; each attempt with what went wrong, in order.
    case nothingEnded(attempts: [String])

    public var description: String {
        switch self {
        case .nothingEnded(let attempts):
            "the session could not be ended: "
                + (attempts.isEmpty ? "nothing to ask" : attempts.joined(separator: "; "))
        }
    }
}
