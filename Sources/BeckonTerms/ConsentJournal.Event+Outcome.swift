import BeckonConsent
import BeckonCore

extension ConsentJournal.Event {
    /// The event of a dialog's outcome; nil for one that shows nothing
    /// (``TermsOutcome/alreadyAccepted(_:)``).
    public init?(_ outcome: TermsOutcome) {
        switch outcome {
        case .accepted: self = .accepted
        case .declined: self = .declined
        case .dismissed: self = .dismissed
        case .timedOut: self = .timeout
        case .alreadyAccepted: return nil
        }
    }
}
