import BeckonConsent
import BeckonCore

extension Terms {
    /// Shows managed terms (``ManagedTerms``) unless the current user need
    /// not be asked under their policy, and records the acceptance with the
    /// language and file shown and the login.
    ///
    /// `options` gives what the key file does not; the key file's values
    /// replace them (its title, labels, checkbox, scrolling, gate, reread), and
    /// the consent id and version are always the managed id and version.
    /// Returns ``TermsOutcome/alreadyAccepted(_:)`` without a window when
    /// ``ManagedTerms/mustAsk(document:store:login:now:)`` says so.
    public static func present(managed: ManagedTerms, options: TermsOptions = TermsOptions(), dialog: Dialog = Dialog(),
                               login: LoginSession = .current()) async throws -> TermsOutcome
    {
        var options = options
        managed.apply(to: &options, login: login)
        let document = try managed.document()
        let decision = try managed.mustAsk(document: document, store: options.resolvedStore(), login: login)
        if !decision.mustAsk, let record = decision.record { return .alreadyAccepted(record) }
        return try await present(document, options: options, dialog: dialog)
    }
}

extension ManagedTerms {
    /// Sets in `options` what these terms say: labels, checkbox, scrolling,
    /// gate, reread, the consent id and version, and the record's details.
    public func apply(to options: inout TermsOptions, login: LoginSession) {
        if let title { options.labels.title = title }
        if let acceptLabel { options.labels.accept = acceptLabel }
        if let declineLabel { options.labels.decline = declineLabel }
        if let checkbox { options.checkboxLabel = checkbox }
        if let requiresScroll { options.requiresScroll = requiresScroll }
        if gate { options.gate = true }
        if let reread { options.reread = reread }
        options.consent.id = id
        options.consent.version = version
        options.consent.askOnce = false
        options.consent.details = consentDetails(login: login)
    }
}
