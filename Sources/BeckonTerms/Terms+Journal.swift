import BeckonConsent
import BeckonCore

extension Terms {
    /// Writes `event` for `document` shown with `options` to the system
    /// journal (``ConsentJournal``), when the terms have a consent id and
    /// their store logs to the journal (``ConsentStore/logsToJournal``, on for
    /// the standard store): terms without an id record nothing, and a store
    /// of the caller's own writes nothing either. An Accept's entry is the
    /// store's (``ConsentStore/save(_:)``), written with the record.
    static func journal(_ event: ConsentJournal.Event, _ document: TermsDocument?, _ options: TermsOptions) {
        guard let id = options.consent.id, (try? options.resolvedStore())?.logsToJournal == true else { return }
        ConsentJournal.write(event, ConsentJournal.Context(termsID: id, document: document, consent: options.consent))
    }

    /// Writes ``ConsentJournal/Event/timeout`` for terms whose reading timed
    /// out before anything was shown (their text, and so its sha256, unknown).
    public static func journalTimeoutBeforeShowing(options: TermsOptions) {
        journal(.timeout, nil, options)
    }
}
