/// When managed terms are asked again after an acceptance (`Policy=` and
/// `Days=` in the key file).
public enum TermsPolicy: Sendable, Hashable {
    /// Once per version (and per exact text): the default.
    case oncePerVersion
    /// At every login: a new logind session, or a new boot, asks again.
    case everyLogin
    /// When the acceptance is this many days old (or more).
    case everyNDays(Int)

    /// The name in the key file and the record: `once-per-version`,
    /// `every-login` or `every-n-days`.
    public var name: String {
        switch self {
        case .oncePerVersion: "once-per-version"
        case .everyLogin: "every-login"
        case .everyNDays: "every-n-days"
        }
    }

    /// The longest `Days=`: a hundred years, so days in seconds never overflow.
    public static let maximumDays = 36_500
}
