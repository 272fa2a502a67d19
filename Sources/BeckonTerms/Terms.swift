import BeckonConsent
import BeckonCore

/// Asks a person to accept terms of use, and remembers the answer.
///
/// ```swift
/// let terms = try TermsDocument.read(path: "/usr/share/doc/example/TERMS.md")
/// var options = TermsOptions()
/// options.consentID = "org.example.Product"
/// options.version = "2"
/// options.askOnce = true
/// let outcome = try await Terms.present(terms, options: options)
/// guard outcome.isAccepted else { return }
/// ```
public enum Terms {
    /// Shows `document` and returns the person's answer; on Accept with a
    /// ``TermsOptions/consentID``, writes the consent record first.
    ///
    /// With ``TermsOptions/askOnce`` and a record covering these exact terms,
    /// returns ``TermsOutcome/alreadyAccepted(_:)`` at once, without a window
    /// (and without needing GTK). Otherwise needs GTK's main loop running
    /// (``GtkRuntime``) and throws ``DialogError/runtimeNotRunning`` without it.
    /// Throws ``TermsError/consentStore(_:)`` when the record cannot be read or
    /// written, and `CancellationError` when the awaiting task is cancelled.
    ///
    /// `dialog` shows the terms: a window by default, the terminal with a
    /// ``TerminalPresenter`` (a pager that offers Accept once its end was shown).
    public static func present(_ document: TermsDocument, options: TermsOptions = TermsOptions(),
                               dialog: Dialog = Dialog()) async throws -> TermsOutcome
    {
        if let record = try skippable(document, options) { return .alreadyAccepted(record) }
        // Asked before rendering starts: a hit costs no rendering at all.
        return try await show(prepare(document), options, dialog)
    }

    /// Starts rendering `document` on another thread and returns at once; pass
    /// the result to ``present(_:options:dialog:)-(PreparedTerms,_,_)`` later. Calling it
    /// before ``GtkRuntime/run(_:)`` overlaps the rendering with GTK's start-up.
    public static func prepare(_ document: TermsDocument) -> PreparedTerms {
        PreparedTerms(document)
    }

    /// ``present(_:options:dialog:)-(TermsDocument,_,_)`` for terms already being rendered.
    public static func present(_ prepared: PreparedTerms, options: TermsOptions = TermsOptions(),
                               dialog: Dialog = Dialog()) async throws -> TermsOutcome
    {
        if let record = try skippable(prepared.document, options) { return .alreadyAccepted(record) }
        return try await show(prepared, options, dialog)
    }

    /// The window, and what its ending means.
    private static func show(_ prepared: PreparedTerms, _ options: TermsOptions, _ dialog: Dialog) async throws
        -> TermsOutcome
    {
        try options.checkGate() // a gate ends only with an answer (Gate/TermsOptions+Gate.swift)
        let document = prepared.document
        var request = TermsRequest(prepared, options: options)
        // A store that cannot be read now is no earlier acceptance: the terms
        // are shown as to someone new, and Accept's write says what is wrong.
        if let id = options.consent.id { request.earlier = try? earlierAcceptance(of: document, id: id, options: options) }
        journal(.shown, document, options) // MARK: every outcome in the journal (Terms+Journal.swift)
        let ending: DialogOutcome
        do {
            // From here the window's own ending writes the entry: none that a
            // caller prepared for a signal or its watchdog may follow it.
            defer { ConsentJournal.forgetPreparedEndings() }
            ending = try await dialog.present(request).outcome
        }
        let outcome = try answer(ending, document, options)
        if let event = ConsentJournal.Event(outcome), event != .accepted { journal(event, document, options) }
        return outcome
    }

    /// What the window's ending means; an Accept writes the record (and its entry).
    private static func answer(_ ending: DialogOutcome, _ document: TermsDocument, _ options: TermsOptions)
        throws -> TermsOutcome
    {
        switch ending {
        case .button(Int(TermsWindow.acceptResponse)):
            guard let id = options.consent.id else { return .accepted(nil) }
            return .accepted(try recordAcceptance(of: document, id: id, version: options.consent.version, options: options))
        case .button:
            return .declined
        case .escape, .close, .destroyed:
            return .dismissed
        case .timedOut:
            return .timedOut
        }
    }

    /// The acceptance of another version (or other bytes) of the terms under
    /// `id`, with what changed since when a copy of the text then accepted
    /// was kept: the window marks those sections and, with
    /// ``TermsReread/changes``, opens Accept once each has been shown.
    public static func earlierAcceptance(of document: TermsDocument, id: String, options: TermsOptions = TermsOptions())
        throws(TermsError) -> TermsChanges.Earlier?
    {
        do {
            return try TermsChanges.Earlier.find(for: document, id: id, version: options.consent.version,
                                                 in: options.resolvedStore(), reread: options.reread, gate: options.gate)
        } catch {
            throw .consentStore(error)
        }
    }

    /// The record that lets ``TermsOptions/askOnce`` skip the window, if any.
    /// Never under a ``TermsOptions/gate``: the record file is the user's own,
    /// and a record written into it by hand must not open a login gate (the
    /// managed gate decides from the journal's trusted fields instead).
    private static func skippable(_ document: TermsDocument, _ options: TermsOptions) throws(TermsError) -> ConsentRecord? {
        guard options.consent.askOnce, !options.gate, let id = options.consent.id else { return nil }
        return try existingConsent(for: document, id: id, version: options.consent.version, options: options)
    }

    /// The record for `id` when it covers `document` (and `version`, when given).
    public static func existingConsent(
        for document: TermsDocument, id: String, version: String?, options: TermsOptions = TermsOptions()
    ) throws(TermsError) -> ConsentRecord? {
        do {
            let record = try options.resolvedStore().record(id: id)
            return record.flatMap { $0.covers(document, version: version) ? $0 : nil }
        } catch {
            throw .consentStore(error)
        }
    }

    /// Records that the current user accepts `document` now, replacing any
    /// earlier record for `id`, and keeps a copy of it beside the record
    /// (``ConsentStore/acceptedCopy(of:)``) for showing what changed next
    /// time. What Accept does; for callers that ask in a window of their own.
    @discardableResult
    public static func recordAcceptance(
        of document: TermsDocument, id: String, version: String?, options: TermsOptions = TermsOptions()
    ) throws(TermsError) -> ConsentRecord {
        var consent = options.consent
        consent.version = version
        let record = ConsentRecord(accepting: document, id: id, consent: consent)
        do {
            try options.resolvedStore().saveAccepting(document, as: record)
        } catch {
            throw .consentStore(error)
        }
        return record
    }
}
