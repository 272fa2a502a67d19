/// The ways a test ends a dialog, shared by the soak (Tests/Soak) and the GTK
/// API tests (Tests/BeckonGTKTests, with the endings only their kind has); the
/// raw values order the soak's per_path counts.
package enum Path: Int, CaseIterable, Sendable {
    case returnKey, escapeKey, windowManagerClose, destroyedByCode, timeout, cancelledBeforeShowing,
         cancelledWhileShown, responseFromCode

    /// What the path must give: Return and a response from code accept
    /// (button 1 is the default of every kind), Escape, a close and a destroy
    /// dismiss.
    package var expected: Ending {
        switch self {
        case .returnKey, .responseFromCode: .accepted
        case .escapeKey, .windowManagerClose, .destroyedByCode: .dismissed
        case .timeout: .timedOut
        case .cancelledBeforeShowing, .cancelledWhileShown: .cancelled
        }
    }

    /// Whether the path acts on the shown dialog (a key, a close, a destroy,
    /// a cancel, a response) rather than before it shows or not at all.
    package var actsOnShown: Bool { self != .timeout && self != .cancelledBeforeShowing }
}

/// How a dialog ended, as its caller saw it.
package enum Ending: String, Sendable { case accepted, dismissed, timedOut, cancelled, failed }
