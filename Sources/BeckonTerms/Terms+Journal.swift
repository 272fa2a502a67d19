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
        guard let context = journalContext(document, options: options) else { return }
        ConsentJournal.write(event, context)
    }

    /// What the journal's entries about `document` shown with `options` say;
    /// nil when nothing is written for them (no consent id, or a store that
    /// does not log to the journal). A caller that ends the process by other
    /// means (a signal, the loop watchdog) prepares its entries from this
    /// (``ConsentJournal/prepareEndings(_:)``).
    public static func journalContext(_ document: TermsDocument?, options: TermsOptions) -> ConsentJournal.Context? {
        guard let id = options.consent.id, (try? options.resolvedStore())?.logsToJournal == true else { return nil }
        return ConsentJournal.Context(termsID: id, document: document, consent: options.consent)
    }

    /// Writes ``ConsentJournal/Event/timeout`` for terms whose reading timed
    /// out before anything was shown (their text, and so its sha256, unknown).
    public static func journalTimeoutBeforeShowing(options: TermsOptions) {
        journal(.timeout, nil, options)
    }
}
