import BeckonIO

/// What an answer to terms is recorded as, and where: everything a consent
/// record and its journal entry are made from, and nothing about a window.
/// ``TermsOptions`` holds one as ``TermsOptions/consent``.
public struct ConsentSettings: Sendable {
    /// What the acceptance is recorded as; nil records nothing.
    public var id: String?
    /// The version of the terms, kept in the record and compared by ``askOnce``.
    public var version: String?
    /// Whether a record for ``id`` covering these exact terms (and
    /// ``version``, when given) answers without asking. Ignored under
    /// ``loginGate``, which the user's own record file must not open.
    public var askOnce = false
    /// Where records go; nil means ``ConsentStore/standard(onWarning:)``.
    public var store: ConsentStore?
    /// Where warnings go (an ignored link, a corrupt record file).
    public var onWarning: @Sendable (String) -> Void = WarningSink.standardError
    /// Whether the terms stand before the desktop (the login gate): kept in
    /// the record and its journal entry.
    public var loginGate = false
    /// What the record and its journal entry keep of managed terms: the
    /// language and file shown, the policy, the login; nil for other terms.
    public var details: ConsentDetails?

    public init() {}

    /// The store records go to.
    package func resolvedStore() throws(ConsentStoreError) -> ConsentStore {
        if let store { return store }
        return try ConsentStore.standard(onWarning: onWarning)
    }
}
