import CGLib
import Glibc

/// Terms an administrator configured for every user, in a GLib key file
/// `beckon/terms.d/<id>.conf` in a directory of `$XDG_CONFIG_DIRS`
/// (`/etc/xdg/beckon/terms.d/<id>.conf` by default).
///
/// ```ini
/// [Terms]
/// Version=3
/// File=aup.md
/// File[de]=aup.de.md
/// Title=Acceptable use
/// Title[de]=Nutzungsordnung
/// Policy=every-n-days
/// Days=90
/// Gate=true
/// ```
///
/// The keys are documented in docs/administrators.md ("The key file"). Localized
/// keys are chosen as in desktop files, by GLib's own matching of the
/// person's languages (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`).
public struct ManagedTerms: Sendable, Hashable {
    /// The id: the key file's name without `.conf`; the record's id.
    public var id: String
    /// The key file these terms come from.
    public var configPath: String
    /// `Version=`, kept in the record.
    public var version: String
    /// The terms file shown: `File=` or the localized `File[xx]=` chosen,
    /// absolute (a relative path is taken from the key file's directory).
    public var file: String
    /// The locale of the `File[xx]=` chosen ("de", "pt_BR"); nil for plain `File=`.
    public var language: String?
    /// `Title=`, `Checkbox=`, `AcceptLabel=`, `DeclineLabel=`, localized; nil when not set.
    public var title: String?
    public var checkbox: String?
    public var acceptLabel: String?
    public var declineLabel: String?
    /// `Policy=` (and `Days=`): when the terms are asked again.
    public var policy: TermsPolicy = .oncePerVersion
    /// `Gate=`: the terms come before the desktop, and only the system journal
    /// can say they were accepted (see ``mustAsk(document:store:login:now:)``).
    public var gate = false
    /// `EndSessionCommand=`: what ends the session on Decline, instead of the session manager.
    public var endSessionCommand: String?
    /// `Reread=`: what must be shown again after an earlier version was accepted.
    public var reread: TermsReread?
    /// `RequireScroll=`; nil leaves the default (required).
    public var requiresScroll: Bool?
    /// `GraceSeconds=`: how long the enforcer waits for an answer before it
    /// ends a session that owes one; nil leaves the enforcer's default.
    public var graceSeconds: Int?
    /// The file of every language (`File=` and each `File[xx]=`), absolute:
    /// the texts whose acceptance the enforcer takes.
    public var fileVariants: [String] { fileKeys.map(\.path) }
    /// Each `File=` and `File[xx]=` with its line, so that a problem with one
    /// language's text names the key and line at fault.
    public var fileKeys: [FileKey] = []

    /// One `File=` or `File[xx]=` of the key file.
    public struct FileKey: Sendable, Hashable {
        /// `File` or `File[de]`.
        public var key: String
        /// Its 1-based line in the key file.
        public var line: Int?
        /// The text's path, absolute.
        public var path: String

        public init(key: String, line: Int?, path: String) {
            self.key = key
            self.line = line
            self.path = path
        }
    }
    /// The key that gave ``file`` ("File[de]") and its line, for errors about it.
    var fileKey = "File"
    var fileLine: Int?

    public init(id: String, configPath: String, version: String, file: String) {
        self.id = id
        self.configPath = configPath
        self.version = version
        self.file = file
    }

    /// The key files' directories: each of `$XDG_CONFIG_DIRS` (absolute ones;
    /// `/etc/xdg` when it is unset or empty) + `/beckon/terms.d`, in order.
    public static func directories(environment: [String: String] = processEnvironment()) -> [String] {
        let configured = (environment["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").map(String.init)
            .filter { $0.hasPrefix("/") }
        return (configured.isEmpty ? ["/etc/xdg"] : configured).map { ($0.hasSuffix("/") ? $0 : $0 + "/") + "beckon/terms.d" }
    }

    /// The terms configured as `id`: the first `<id>.conf` found in
    /// ``directories(environment:)``. Throws ``ManagedTermsError/notConfigured(id:directories:)``
    /// when there is none, ``ManagedTermsError/invalid(path:line:key:message:)`` for
    /// an unsafe id or a bad file.
    public static func load(id: String, environment: [String: String] = processEnvironment()) throws(ManagedTermsError)
        -> ManagedTerms
    {
        let directories = directories(environment: environment)
        guard isSafeID(id) else {
            throw .invalid(path: "\(id).conf", line: nil, key: nil, message: unsafeIDMessage(id))
        }
        for directory in directories {
            let path = "\(directory)/\(id).conf"
            if access(path, F_OK) == 0 { return try parse(path: path, id: id, environment: environment) }
        }
        throw .notConfigured(id: id, directories: directories)
    }

    /// Every configured terms, sorted by id (byte order, as `ls` in the C
    /// locale), each from the first directory that has it. Files whose names
    /// start with a dot are ignored; any other `.conf` must be a safe id. A
    /// directory that exists but cannot be read is an error, not "no terms".
    public static func all(environment: [String: String] = processEnvironment()) throws(ManagedTermsError) -> [ManagedTerms] {
        let scanned = try scan(environment: environment)
        if let first = scanned.broken.first { throw first }
        return scanned.terms
    }

    /// Every configured terms that reads, and apart from them every file that
    /// does not (an unsafe id such as `aup (copy).conf`, a directory named
    /// `old.conf`, a syntax error): one broken file must not keep the other
    /// terms, a login gate among them, from being shown. Throws only when a
    /// directory itself cannot be read: then no one can tell which terms exist.
    public static func scan(environment: [String: String] = processEnvironment())
        throws(ManagedTermsError) -> (terms: [ManagedTerms], broken: [ManagedTermsError])
    {
        try scan(paths: directories(environment: environment), environment: environment, keyFiles: false)
    }

    /// As ``scan(environment:)``, over `paths` instead of `$XDG_CONFIG_DIRS`:
    /// each a `terms.d` directory, or one key file `ID.conf` (its id from its
    /// name), the first path that has an id winning. A path that does not
    /// exist holds no terms. For `beckon terms --check-config`, which reads a
    /// staging copy before it is deployed, and for the enforcer, which reads
    /// root's directory alone.
    public static func scan(paths: [String], environment: [String: String] = processEnvironment())
        throws(ManagedTermsError) -> (terms: [ManagedTerms], broken: [ManagedTermsError])
    {
        try scan(paths: paths, environment: environment, keyFiles: true)
    }

    /// `keyFiles`: whether a path that is not a directory is one key file;
    /// `$XDG_CONFIG_DIRS`' entries are directories only, as they always were.
    private static func scan(paths: [String], environment: [String: String], keyFiles: Bool)
        throws(ManagedTermsError) -> (terms: [ManagedTerms], broken: [ManagedTermsError])
    {
        var found: [String: String] = [:]
        var broken: [ManagedTermsError] = []
        for path in paths {
            var info = stat()
            // lstat: a key file that is a symbolic link (even a loop) is read,
            // and fails, as a key file; only a real directory is scanned.
            if keyFiles, lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR,
               stat(path, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
                let name = String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...])
                let id = name.hasSuffix(".conf") ? String(name.dropLast(5)) : name
                guard name.hasSuffix(".conf"), isSafeID(id) else {
                    broken.append(.invalid(path: path, line: nil, key: nil,
                                           message: name.hasSuffix(".conf") ? unsafeIDMessage(id)
                                               : "is not a key file: its name must be ID.conf"))
                    continue
                }
                if found[id] == nil { found[id] = path }
                continue
            }
            let directory = path
            guard let dir = opendir(directory) else {
                // Absent is no terms; present but unreadable must not skip a gate silently.
                if errno == ENOENT || errno == ENOTDIR { continue }
                throw .invalid(path: directory, line: nil, key: nil, message: "cannot be read: \(String(cString: strerror(errno)))")
            }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name.hasSuffix(".conf"), !name.hasPrefix(".") else { continue }
                let id = String(name.dropLast(5))
                let path = "\(directory)/\(name)"
                guard isSafeID(id) else {
                    broken.append(.invalid(path: path, line: nil, key: nil, message: unsafeIDMessage(id)))
                    continue
                }
                if found[id] == nil { found[id] = path }
            }
        }
        var terms: [ManagedTerms] = []
        for id in found.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            do {
                terms.append(try parse(path: found[id]!, id: id, environment: environment))
            } catch {
                broken.append(error)
            }
        }
        return (terms, broken)
    }

    /// Whether `id` is a safe file name: letters, digits, `.`, `_` and `-`,
    /// starting with a letter or digit, at most 200 bytes.
    public static func isSafeID(_ id: String) -> Bool {
        guard let first = id.utf8.first, id.utf8.count <= 200, isAlphanumeric(first) else { return false }
        return id.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    private static func unsafeIDMessage(_ id: String) -> String {
        "the id \(id.debugDescription) is not a safe file name (letters, digits, “.”, “_”, “-”, starting with a letter or digit)"
    }

    /// This process's environment, read now.
    public static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
