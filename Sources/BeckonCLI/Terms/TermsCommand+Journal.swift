import BeckonConsent
import BeckonCore
import BeckonTerms

/// What `beckon terms` writes to the system journal beyond the library's own
/// entries (``Terms/journal(_:_:_:)``): the context the gate's warden writes
/// its session-ended entry with.
extension TermsCommand {
    /// The journal context of a gate with a consent id, known before the terms
    /// are read (so without their sha256), passed to the warden; nil when
    /// there is no gate or no id (terms without an id record nothing).
    static func gateJournalContext(_ arguments: TermsArguments, _ options: TermsOptions) -> ConsentJournal.Context? {
        guard arguments.gate, let id = options.consent.id, options.consent.store?.logsToJournal == true else { return nil }
        var context = ConsentJournal.Context(termsID: id, document: nil, consent: options.consent)
        if context.file == nil { context.file = arguments.file }
        return context
    }
}
