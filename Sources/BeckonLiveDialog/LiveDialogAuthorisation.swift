import BeckonIO

/// swiftDialog's authorisation key (its "Authorization" page): when an
/// administrator has stored the SHA-256 of a secret, a dialog starts only for
/// a caller that gives the secret, with `--key` or in `DIALOG_AUTH_KEY`, and
/// ends with 30 otherwise.
///
/// A deterrent, as swiftDialog's page says, not a barrier: the secret is in
/// the script, and a user can run a program of their own. Here the hash is
/// stored in `beckon/dialog.conf` of `$XDG_CONFIG_DIRS` (`/etc/xdg` by
/// default), under the names swiftDialog reads from its managed preferences.
public struct LiveDialogAuthorisation: Sendable, Equatable {
    /// The stored hash: 64 hexadecimal digits, or nil when none is stored
    /// (then every dialog starts).
    public var storedHash: String?

    public init(storedHash: String?) {
        let trimmed = storedHash?.trimmingWhitespace.lowercased() ?? ""
        self.storedHash = trimmed.isEmpty ? nil : String(trimmed)
    }

    /// The names the hash may be stored under, the first one found winning
    /// (swiftDialog's Preferences.swift, lines 23-27).
    public static let keyNames = ["AuthorisationKey", "AuthorizationKey", "AuthKey", "Key"]

    /// The group of `dialog.conf` that holds them.
    public static let group = "Dialog"

    /// The stored hash among a key file's values (name → value).
    public init(values: [String: String]) {
        self.init(storedHash: Self.keyNames.lazy.compactMap { values[$0] }.first)
    }

    /// Whether a dialog with `argumentCount` arguments may start, given
    /// `--key` (`key`) and `DIALOG_AUTH_KEY` (`environmentKey`), as
    /// swiftDialog's `dialogIsAuthorised` decides (System.swift, lines
    /// 553-568): with a stored hash and more than one argument, `--key` if
    /// given, else the variable, hashed with `sha256` (lower-case hex), must
    /// match it. Throws swiftDialog's 30, "Key authorisation required".
    public func check(key: String?, environmentKey: String?, argumentCount: Int,
                      sha256: (String) -> String) throws(LiveDialogError) {
        guard let storedHash, argumentCount > 1 else { return }
        let given = key.flatMap { $0.isEmpty ? nil : $0 } ?? environmentKey ?? ""
        guard sha256(given).lowercased() == storedHash else {
            let how = given.isEmpty ? "none was given (--key KEY, or DIALOG_AUTH_KEY in the environment)"
                : "the key given does not match the stored one"
            throw LiveDialogError("Key authorisation required: \(how)", exitCode: LiveDialogExit.unauthorised)
        }
    }
}
