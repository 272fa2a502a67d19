/// What a consent record keeps about managed terms beyond the terms
/// themselves: the language and file shown, the policy and the login.
public struct ConsentDetails: Sendable, Hashable {
    /// The locale of the localized file shown; nil for the plain one.
    public var language: String?
    /// The path of the file shown.
    public var file: String?
    /// The policy it is accepted under.
    public var policy: TermsPolicy?
    /// The login it is accepted in, which ``TermsPolicy/everyLogin`` compares.
    public var login: LoginSession?

    public init(language: String? = nil, file: String? = nil, policy: TermsPolicy? = nil, login: LoginSession? = nil) {
        self.language = language
        self.file = file
        self.policy = policy
        self.login = login
    }
}
