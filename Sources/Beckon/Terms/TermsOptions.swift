/// How the terms window looks and what an answer records.
public struct TermsOptions: Sendable {
    /// The words of the window; ``TermsLabels/localized`` by default.
    public var labels: TermsLabels = .localized
    /// A checkbox the person must tick before accepting ("I have read and
    /// agree"); nil for none.
    public var checkboxLabel: String?
    /// Whether Accept waits until the terms have been scrolled to the end.
    /// Terms that fit in the window count as scrolled.
    public var requiresScroll = true
    /// How long before the window closes by itself with ``TermsOutcome/timedOut``.
    public var timeout: Duration?
    /// When set, the moment the window closes by itself, however long it took
    /// to show: `beckon terms --timeout` counts from the start, reading included.
    public var deadline: ContinuousClock.Instant?
    /// The window's default size in pixels.
    public var width = 640
    public var height = 600
    /// Whether the terms come before the desktop: a shield covers every
    /// monitor, the window stays above and keeps the keyboard, and Escape,
    /// the window manager's close and timeouts do nothing. What ends the
    /// session on Decline is the caller's (`beckon terms --gate`'s warden).
    public var gate = false
    /// What must be shown again after an earlier version was accepted; nil is
    /// ``TermsReread/changes``, or ``TermsReread/all`` under ``gate``.
    public var reread: TermsReread?
    /// The window the terms window belongs to, if any.
    public var parent: DialogParent?

    /// What the acceptance is recorded as; nil records nothing.
    public var consentID: String?
    /// The version of the terms, kept in the record and compared by ``askOnce``.
    public var version: String?
    /// Whether to return ``TermsOutcome/alreadyAccepted(_:)`` without a window
    /// when the store has a record for ``consentID`` covering these exact terms
    /// (and ``version``, when given). Ignored under ``gate``, which the
    /// user's own record file must not open: the window is shown.
    public var askOnce = false
    /// Where records go; nil means ``ConsentStore/standard(onWarning:)``.
    public var store: ConsentStore?
    /// Where warnings go (an ignored link, a corrupt record file).
    public var onWarning: @Sendable (String) -> Void = TermsWarning.standardError

    // MARK: Managed terms (ManagedTerms, Terms+Managed.swift)

    /// What the record and its journal entry keep of managed terms: the
    /// language and file shown, the policy, the login; nil for other terms.
    public var consentDetails: ConsentDetails?

    public init() {}

    /// The store records go to.
    func resolvedStore() throws(ConsentStoreError) -> ConsentStore {
        if let store { return store }
        return try ConsentStore.standard(onWarning: onWarning)
    }
}
