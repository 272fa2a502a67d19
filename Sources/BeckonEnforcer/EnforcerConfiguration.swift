import BeckonConsent
import CGLib
import Glibc

/// The enforcer's own settings, `/etc/beckon/enforcer.conf` (a GLib key file,
/// optional; every key has a default):
///
/// ```ini
/// [Enforcer]
/// Mode=enforce                 # or pilot: report what would be ended, end nothing
/// GraceSeconds=120             # default for gates without their own GraceSeconds=
/// MaxReadingSeconds=900        # how long a shown, unanswered gate holds its session
/// ConfigurationErrors=end-session   # or report: a broken gate file spares sessions
/// Executables=/usr/bin/beckon  # the gate programs whose acceptances count
/// MinimumUID=1000              # users below are out of scope (root always is)
/// TextConsoles=false           # true: tty sessions are gated too
/// OtherGraphicalSessions=gate  # or end: startx, ssh -X, VNC and xrdp sessions ended at once
/// ```
///
/// Only root's files are read: this one, and the gates' key files in
/// ``gateDirectory``, never `$XDG_CONFIG_DIRS` or anything a user can write.
public struct EnforcerConfiguration: Sendable, Equatable {
    /// Whether the enforcer ends sessions or only reports.
    public enum Mode: String, Sendable { case enforce, pilot }
    /// What a gate file that cannot be read does.
    public enum ErrorPolicy: String, Sendable { case endSession = "end-session", report }
    /// What a graphical session that is no desktop login by its type gets
    /// (``LogindSession/isOtherGraphical``).
    public enum OtherGraphicalPolicy: String, Sendable { case gate, end }

    public var mode = Mode.enforce
    public var graceSeconds = EnforcerConfiguration.defaultGraceSeconds
    public var maxReadingSeconds = EnforcerConfiguration.defaultMaxReadingSeconds
    public var configurationErrors = ErrorPolicy.endSession
    public var executables = ["/usr/bin/beckon"]
    public var minimumUID: uid_t = 1000
    public var textConsoles = false
    public var otherGraphicalSessions = OtherGraphicalPolicy.gate

    /// Two minutes: long enough for the slowest desktop to start its
    /// autostart entries and draw the window, short enough that a desktop
    /// without a gate is not left usable for long.
    public static let defaultGraceSeconds = 120
    /// Fifteen minutes: time to read long terms, and a bound on how long a
    /// gate nobody answers (or nobody sees) keeps a desktop behind it.
    public static let defaultMaxReadingSeconds = 900
    /// The enforcer's key file.
    public static let path = "/etc/beckon/enforcer.conf"
    /// The gates' directory: the system's, fixed.
    public static let gateDirectory = "/etc/xdg/beckon/terms.d"

    public init() {}

    /// The settings in the key file at `path`; the defaults when there is
    /// none. A file that exists but does not read is an error, which the
    /// enforcer reports and then runs on the defaults (which end sessions).
    /// `checksOwner` false accepts a file that is not root's: a staging copy
    /// checked before it is deployed (`beckon terms --check-config`).
    public static func load(path: String = path, checksOwner: Bool = true) throws(ManagedTermsError) -> EnforcerConfiguration {
        var configuration = EnforcerConfiguration()
        // lstat: a dangling or looping symbolic link is a file that cannot be read, not no file.
        var info = stat()
        guard lstat(path, &info) == 0 else { return configuration }
        let text = try EnforcerKeyFile.readText(path, checksOwner: checksOwner)
        let file = try EnforcerKeyFile(path: path, text: text)
        defer { file.free() }
        try file.checkKeys(group: "Enforcer", known: Set(keys.map(\.name)))
        if let mode = file.string("Mode") {
            guard let value = Mode(rawValue: mode) else { throw file.error("Mode", "must be enforce or pilot, not \(mode.debugDescription)") }
            configuration.mode = value
        }
        if let grace = file.string("GraceSeconds") {
            guard let value = Int(grace), value >= 1, value <= ManagedTerms.maximumGraceSeconds else {
                throw file.error("GraceSeconds", "must be from 1 to \(ManagedTerms.maximumGraceSeconds), not \(grace.debugDescription)")
            }
            configuration.graceSeconds = value
        }
        if let reading = file.string("MaxReadingSeconds") {
            guard let value = Int(reading), value >= 1, value <= ManagedTerms.maximumGraceSeconds else {
                throw file.error("MaxReadingSeconds",
                                 "must be from 1 to \(ManagedTerms.maximumGraceSeconds), not \(reading.debugDescription)")
            }
            configuration.maxReadingSeconds = value
        }
        if let policy = file.string("ConfigurationErrors") {
            guard let value = ErrorPolicy(rawValue: policy) else {
                throw file.error("ConfigurationErrors", "must be end-session or report, not \(policy.debugDescription)")
            }
            configuration.configurationErrors = value
        }
        if let list = file.string("Executables") {
            let paths = list.split(separator: ";").map(String.init).filter { !$0.isEmpty }
            guard !paths.isEmpty, paths.allSatisfy({ $0.hasPrefix("/") }) else {
                throw file.error("Executables", "must be absolute paths separated by “;”")
            }
            configuration.executables = paths
        }
        if let uid = file.string("MinimumUID") {
            guard let value = uid_t(uid), value >= 1 else { throw file.error("MinimumUID", "must be a uid of 1 or more, not \(uid.debugDescription)") }
            configuration.minimumUID = value
        }
        if let consoles = file.string("TextConsoles") {
            guard let value = ["true": true, "false": false][consoles] else {
                throw file.error("TextConsoles", "must be true or false, not \(consoles.debugDescription)")
            }
            configuration.textConsoles = value
        }
        if let policy = file.string("OtherGraphicalSessions") {
            guard let value = OtherGraphicalPolicy(rawValue: policy) else {
                throw file.error("OtherGraphicalSessions", "must be gate or end, not \(policy.debugDescription)")
            }
            configuration.otherGraphicalSessions = value
        }
        return configuration
    }
}

/// The enforcer's key file read with GKeyFile, with lines for errors.
struct EnforcerKeyFile {
    let path: String
    let lines: [Substring]
    let keyFile: OpaquePointer

    static func readText(_ path: String, checksOwner: Bool = true) throws(ManagedTermsError) -> String {
        let failure = { (reason: String) in ManagedTermsError.invalid(path: path, line: nil, key: nil, message: reason) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw failure("cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw failure("is not a regular file") }
        guard !checksOwner || (info.st_uid == 0 && info.st_mode & 0o022 == 0) else {
            throw failure("must be root's and writable by root alone")
        }
        guard info.st_size <= ManagedTerms.maximumKeyFileSize else { throw failure("is larger than 64 KiB") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0, let text = String(validating: bytes.prefix(count), as: UTF8.self) else {
            throw failure("is not valid UTF-8 text")
        }
        return text
    }

    init(path: String, text: String) throws(ManagedTermsError) {
        self.path = path
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        keyFile = g_key_file_new()
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_data(keyFile, text, gsize(text.utf8.count), G_KEY_FILE_NONE, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "is not a key file"
            g_clear_error(&error)
            g_key_file_free(keyFile)
            throw .invalid(path: path, line: nil, key: nil, message: message)
        }
    }

    func free() { g_key_file_free(keyFile) }

    var group = "Enforcer"

    func checkKeys(group: String, known: Set<String>) throws(ManagedTermsError) {
        var count: gsize = 0
        let groups = g_key_file_get_groups(keyFile, &count)
        defer { g_strfreev(groups) }
        for index in 0..<Int(count) {
            guard let name = groups?[index].map({ String(cString: $0) }), name != group else { continue }
            throw .invalid(path: path, line: nil, key: nil, message: "unknown group [\(name)]: the only group is [\(group)]")
        }
        let keys = g_key_file_get_keys(keyFile, group, &count, nil)
        defer { g_strfreev(keys) }
        for index in 0..<Int(count) {
            guard let key = keys?[index].map({ String(cString: $0) }), !known.contains(key) else { continue }
            throw error(key, "is not a key of [\(group)] (" + known.sorted().joined(separator: ", ") + ")")
        }
    }

    func string(_ key: String) -> String? {
        guard let value = g_key_file_get_string(keyFile, group, key, nil) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    func error(_ key: String, _ message: String) -> ManagedTermsError {
        let line = lines.lastIndex { $0.drop { $0 == " " }.hasPrefix(key) && $0.contains("=") }.map { $0 + 1 }
        return .invalid(path: path, line: line, key: key, message: message)
    }
}
