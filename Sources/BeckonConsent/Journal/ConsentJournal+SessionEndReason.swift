extension ConsentJournal {
    /// Why a gate's session was ended: the `BECKON_REASON` of a
    /// ``Event/sessionEnded`` entry, so an auditor can tell a Decline from a
    /// window killed outright without reading stderr.
    public enum SessionEndReason: String, Sendable, CaseIterable {
        /// The window's process exited without "accepted": Decline, Escape,
        /// a timeout, an error, or a termination signal it handled (its own
        /// entry before this one says which).
        case windowEndedWithoutAnswer = "window-ended-without-answer"
        /// The window's process died of a signal it could not handle (kill -9,
        /// a crash); ``Field/signal`` names it when the warden could tell.
        case windowKilled = "window-killed"
        /// The window's process sent the warden something other than "accepted".
        case unexpectedMessage = "unexpected-message"
        /// The warden died first, and the window's process ended the session itself.
        case wardenEnded = "warden-ended"
        /// The warden could not be started or watched, so the gate was not shown.
        case wardenNotStarted = "warden-not-started"

        /// The reason in words, for the entry's MESSAGE.
        public func sentence(signal: String?) -> String {
            switch self {
            case .windowEndedWithoutAnswer: "the window's process ended without an answer"
            case .windowKilled: "the window's process was killed by " + (signal.map { "SIG\($0)" } ?? "a signal")
            case .unexpectedMessage: "the window's process sent something other than an acceptance"
            case .wardenEnded: "the gate's warden ended first"
            case .wardenNotStarted: "the gate's warden could not be started"
            }
        }
    }
}
