import BeckonConsent
import BeckonCore

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
    /// What must be shown again after an earlier version was accepted; nil is
    /// ``TermsReread/changes``, or ``TermsReread/all`` under ``gate``.
    public var reread: TermsReread?
    /// The window the terms window belongs to, if any.
    public var parent: DialogParent?

    /// What an answer is recorded as, and where.
    public var consent = ConsentSettings()

    /// Under ``gate``: called once, with how (`terms-unmapped`,
    /// `shield-clipped`, `keyboard-lost`, …), when the gate's windows stayed
    /// hidden though it tried to put them back (TermsWindow+Sight.swift).
    /// `beckon terms` tells the enforcer, which ends the session.
    public var onGateHidden: (@Sendable (_ reason: String) -> Void)?

    public init() {}

    /// The store records go to.
    func resolvedStore() throws(ConsentStoreError) -> ConsentStore {
        try consent.resolvedStore()
    }
}

extension TermsOptions {
    /// Whether the terms come before the desktop: a shield covers every
    /// monitor, the window stays above and keeps the keyboard, and Escape,
    /// the window manager's close and timeouts do nothing. What ends the
    /// session on Decline is the caller's (`beckon terms --gate`'s warden).
    public var gate: Bool {
        get { consent.loginGate }
        set { consent.loginGate = newValue }
    }

}
