/// Why managed terms could not be read or decided on.
public enum ManagedTermsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key file, or a file it names, is wrong: `path` is the key file, with
    /// the line and the key when the problem has one.
    case invalid(path: String, line: Int?, key: String?, message: String)
    /// No directory of `$XDG_CONFIG_DIRS` holds `beckon/terms.d/<id>.conf`.
    case notConfigured(id: String, directories: [String])
    /// The per-user record could not be read.
    case consentStore(ConsentStoreError)

    public var description: String {
        switch self {
        case let .invalid(path, line, key, message):
            // file:line: key “Key”: message, as desktop-file-validate and compilers put it.
            let place = path + (line.map { ":\($0)" } ?? "")
            return "\(place): " + (key.map { "key “\($0)”: " } ?? "") + message
        case let .notConfigured(id, directories):
            return "no managed terms “\(id)”: no beckon/terms.d/\(id).conf in "
                + directories.joined(separator: ", ")
        case let .consentStore(error):
            return error.description
        }
    }
}
