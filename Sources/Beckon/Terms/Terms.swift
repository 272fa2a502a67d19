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
    public static func present(_ document: TermsDocument, options: TermsOptions = TermsOptions()) async throws
        -> TermsOutcome
    {
        if options.askOnce, let id = options.consentID,
           let record = try existingConsent(for: document, id: id, version: options.version, options: options) {
            return .alreadyAccepted(record)
        }
        guard GtkRuntime.isRunning else { throw DialogError.runtimeNotRunning }
        let styled = MarkdownRenderer.render(document.markdown)
        let ending = try await DialogSession.run(timeout: options.timeout) {
            TermsWindow.build(styled, options: options)
        }
        switch ending {
        case .response(TermsWindow.acceptResponse):
            guard let id = options.consentID else { return .accepted(nil) }
            return .accepted(try recordAcceptance(of: document, id: id, version: options.version, options: options))
        case .response(TermsWindow.declineResponse):
            return .declined
        case .response, .escape, .close, .destroyed:
            return .dismissed
        case .timedOut:
            return .timedOut
        }
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
    /// earlier record for `id`. What Accept does; for callers that ask in a
    /// window of their own.
    @discardableResult
    public static func recordAcceptance(
        of document: TermsDocument, id: String, version: String?, options: TermsOptions = TermsOptions()
    ) throws(TermsError) -> ConsentRecord {
        let record = ConsentRecord(accepting: document, id: id, version: version)
        do {
            try options.resolvedStore().save(record)
        } catch {
            throw .consentStore(error)
        }
        return record
    }
}
