/// How the soak ends a dialog; the raw values order the summary's per_path counts.
enum Path: Int, CaseIterable {
    case returnKey, escapeKey, windowManagerClose, destroyedByCode, timeout, cancelledBeforeShowing,
         cancelledWhileShown, responseFromCode

    /// What the path must give: Return and a response from code accept
    /// (button 1 is the default of every kind), Escape, a close and a destroy
    /// dismiss.
    var expected: Ending {
        switch self {
        case .returnKey, .responseFromCode: .accepted
        case .escapeKey, .windowManagerClose, .destroyedByCode: .dismissed
        case .timeout: .timedOut
        case .cancelledBeforeShowing, .cancelledWhileShown: .cancelled
        }
    }

    /// Whether the soak acts on the shown dialog (a key, a close, a destroy,
    /// a cancel, a response) rather than before it shows or not at all.
    var actsOnShown: Bool { self != .timeout && self != .cancelledBeforeShowing }
}

/// How a dialog ended, as its caller saw it.
enum Ending: String { case accepted, dismissed, timedOut, cancelled, failed }

/// An answer that does not fit the path taken, found by a kind's own check
/// (a wrong row, path or state): counted as a wrong answer.
struct WrongValue: Error, CustomStringConvertible {
    let description: String
}
