import BeckonLiveDialog
import CGtk
import Glibc

/// Where `beckon dialog` finds the authorisation key's stored hash
/// (``LiveDialogAuthorisation``): the first `beckon/dialog.conf` of
/// `$XDG_CONFIG_DIRS` (`/etc/xdg/beckon/dialog.conf` by default), as
/// managed terms are found, with the hash in its `[Dialog]` group:
///
/// ```ini
/// [Dialog]
/// AuthorisationKey=5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8
/// ```
enum DialogKeyStore {
    static func paths(environment: Environment) -> [String] {
        let configured = (environment["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").map(String.init)
            .filter { $0.hasPrefix("/") }
        return (configured.isEmpty ? ["/etc/xdg"] : configured).map { ($0.hasSuffix("/") ? $0 : $0 + "/") + "beckon/dialog.conf" }
    }

    /// The stored hash, or none when no file is there. A file that is there
    /// but cannot be read is an error (30): an administrator who stored a key
    /// meant dialogs to need it, and a file made unreadable must not open them.
    static func load(environment: Environment) throws(LiveDialogError) -> LiveDialogAuthorisation {
        guard let path = paths(environment: environment).first(where: { access($0, F_OK) == 0 }) else {
            return LiveDialogAuthorisation(storedHash: nil)
        }
        let file = g_key_file_new()!
        defer { g_key_file_unref(file) }
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            g_clear_error(&error)
            throw LiveDialogError("Key authorisation required: \(path) cannot be read (\(reason)); "
                                  + "it must be readable by every user (chmod 644)", exitCode: LiveDialogExit.unauthorised)
        }
        var values: [String: String] = [:]
        for name in LiveDialogAuthorisation.keyNames {
            if let value = g_key_file_get_string(file, LiveDialogAuthorisation.group, name, nil) {
                values[name] = String(cString: value)
                g_free(value)
            }
        }
        return LiveDialogAuthorisation(values: values)
    }

    /// The SHA-256 of `text`'s UTF-8, in lower-case hex (swiftDialog's `sha256Hash`).
    static func sha256(_ text: String) -> String {
        guard let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, text, -1) else { return "" }
        defer { g_free(digest) }
        return String(cString: digest)
    }
}
