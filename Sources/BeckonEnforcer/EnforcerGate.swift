import BeckonConsent
import Glibc

/// A login gate as the enforcer holds it: managed terms with `Gate=true`
/// read from the system's directory, the digest of each language's text (an
/// acceptance of any of them counts), and its grace.
public struct EnforcerGate: Sendable, Equatable {
    public var terms: ManagedTerms
    /// SHA-256 of `File=` and of each `File[xx]=`.
    public var digests: Set<String>
    /// `GraceSeconds=`, else the enforcer's default.
    public var graceSeconds: Int

    public var id: String { terms.id }
}

/// Every gate of the system's directory, and apart from them every file
/// that cannot be used (``EnforcerGateSet/Problem``).
public struct EnforcerGateSet: Sendable, Equatable {
    /// A key file, or a text it names, that cannot be used, and whether it is
    /// (or may be) a gate: one that cannot be read at all is taken for one.
    public struct Problem: Sendable, Equatable {
        public var error: ManagedTermsError
        public var isGate: Bool
    }

    public var gates: [EnforcerGate] = []
    public var problems: [Problem] = []

    /// The problems that, failing closed, are gates no one can accept.
    public var brokenGates: [Problem] { problems.filter(\.isGate) }

    public init(gates: [EnforcerGate] = [], problems: [Problem] = []) {
        self.gates = gates
        self.problems = problems
    }

    /// Reads `<configRoot>/beckon/terms.d` (`/etc/xdg/...` by default) as
    /// root's: the key files and every text they name must be root's and
    /// writable by no one else, or a user could change what is accepted.
    public static func load(configRoot: String = "/etc/xdg", defaultGrace: Int) -> EnforcerGateSet {
        var set = EnforcerGateSet()
        // No user's languages: the enforcer takes the text of every language.
        let environment = ["XDG_CONFIG_DIRS": configRoot, "LANGUAGE": "", "LC_ALL": "C", "LC_MESSAGES": "", "LANG": "C"]
        let scanned: (terms: [ManagedTerms], broken: [ManagedTermsError])
        do {
            scanned = try ManagedTerms.scan(environment: environment)
        } catch {
            set.problems.append(Problem(error: error, isGate: true))
            return set
        }
        for error in scanned.broken {
            set.problems.append(Problem(error: error, isGate: mayBeGate(error)))
        }
        for terms in scanned.terms where terms.gate {
            do {
                try checkOwnedByRoot(terms.configPath, terms: terms, key: nil)
                var digests = Set<String>()
                for file in Set(terms.fileVariants + [terms.file]) {
                    try checkOwnedByRoot(file, terms: terms, key: "File")
                    do {
                        digests.insert(try TermsDocument.read(path: file).sha256)
                    } catch {
                        throw ManagedTermsError.invalid(path: terms.configPath, line: nil, key: "File",
                                                        message: "\(file): \(error.description)")
                    }
                }
                set.gates.append(EnforcerGate(terms: terms, digests: digests, graceSeconds: terms.graceSeconds ?? defaultGrace))
            } catch let error as ManagedTermsError {
                set.problems.append(Problem(error: error, isGate: true))
            } catch {
                set.problems.append(Problem(error: .invalid(path: terms.configPath, line: nil, key: nil, message: "\(error)"),
                                            isGate: true))
            }
        }
        return set
    }

    private static func checkOwnedByRoot(_ path: String, terms: ManagedTerms, key: String?) throws(ManagedTermsError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .invalid(path: terms.configPath, line: nil, key: key, message: "\(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_uid == 0, info.st_mode & 0o022 == 0 else {
            throw .invalid(path: terms.configPath, line: nil, key: key,
                           message: "\(path) must be root's and writable by root alone: a gate's files are the system's")
        }
    }

    /// Whether the file behind `error` is, or may be, a gate: any file that
    /// cannot be read as text is; a text with a `Gate=true` (or `1`) line is.
    /// A file that reads and says nothing of a gate (a typo in a plain
    /// terms' key) is only reported.
    static func mayBeGate(_ error: ManagedTermsError) -> Bool {
        guard case let .invalid(path, _, _, _) = error else { return true }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return true }
        let limit = 1 << 20
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), limit))
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0, Int(info.st_size) <= limit else { return true }
        let text = String(decoding: bytes.prefix(count), as: UTF8.self)
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let trimmed = line.filter { $0 != " " && $0 != "\t" }
            if trimmed.hasPrefix("Gate="), ["true", "1"].contains(trimmed.dropFirst(5)) { return true }
        }
        return false
    }
}
