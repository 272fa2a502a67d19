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
    /// The managed terms that read and are no gate: the enforcer leaves them
    /// to the user's side (`beckon terms --check-config` checks their texts).
    public var plainTerms: [ManagedTerms] = []

    /// The problems that, failing closed, are gates no one can accept.
    public var brokenGates: [Problem] { problems.filter(\.isGate) }

    public init(gates: [EnforcerGate] = [], problems: [Problem] = [], plainTerms: [ManagedTerms] = []) {
        self.gates = gates
        self.problems = problems
        self.plainTerms = plainTerms
    }

    /// Reads `<configRoot>/beckon/terms.d` (`/etc/xdg/...` by default) as
    /// root's: the key files and every text they name must be root's and
    /// writable by no one else, or a user could change what is accepted.
    public static func load(configRoot: String = "/etc/xdg", defaultGrace: Int) -> EnforcerGateSet {
        load(paths: [(configRoot.hasSuffix("/") ? configRoot : configRoot + "/") + "beckon/terms.d"],
             defaultGrace: defaultGrace)
    }

    /// Reads the key files in `paths` (`terms.d` directories, or single
    /// `ID.conf` files) as the enforcer reads its own directory. `checksOwner`
    /// false leaves out the one check that holds only once the files are
    /// root's in /etc: a staging copy (`beckon terms --check-config PATH`)
    /// is an administrator's before it is deployed.
    public static func load(paths: [String], defaultGrace: Int, checksOwner: Bool = true) -> EnforcerGateSet {
        var set = EnforcerGateSet()
        // No user's languages: the enforcer takes the text of every language.
        let environment = ["LANGUAGE": "", "LC_ALL": "C", "LC_MESSAGES": "", "LANG": "C"]
        let scanned: (terms: [ManagedTerms], broken: [ManagedTermsError])
        do {
            scanned = try ManagedTerms.scan(paths: paths, environment: environment)
        } catch {
            set.problems.append(Problem(error: error, isGate: true))
            return set
        }
        for error in scanned.broken {
            set.problems.append(Problem(error: error, isGate: mayBeGate(error)))
        }
        set.plainTerms = scanned.terms.filter { !$0.gate }
        for terms in scanned.terms where terms.gate {
            do throws(ManagedTermsError) {
                if checksOwner { try checkOwnedByRoot(terms.configPath, terms: terms, key: nil, line: nil) }
                set.gates.append(EnforcerGate(terms: terms, digests: try digests(of: terms, checksOwner: checksOwner),
                                              graceSeconds: terms.graceSeconds ?? defaultGrace))
            } catch {
                set.problems.append(Problem(error: error, isGate: true))
            }
        }
        return set
    }

    /// The SHA-256 of each language's text of `terms`, each read as the
    /// window would read it. Each must be a regular file: a `File[xx]=` that
    /// is a FIFO would hold the reader, here the enforcer's one loop, for
    /// ever (the chosen `File=` alone is checked when the key file is read).
    public static func digests(of terms: ManagedTerms, checksOwner: Bool = true) throws(ManagedTermsError) -> Set<String> {
        var digests = Set<String>()
        var seen = Set<String>()
        let keys = terms.fileKeys.isEmpty ? [ManagedTerms.FileKey(key: "File", line: nil, path: terms.file)] : terms.fileKeys
        for file in keys where seen.insert(file.path).inserted {
            if checksOwner { try checkOwnedByRoot(file.path, terms: terms, key: file.key, line: file.line) }
            var info = stat()
            guard stat(file.path, &info) == 0 else {
                throw .invalid(path: terms.configPath, line: file.line, key: file.key,
                               message: "the file \(file.path) cannot be read: \(String(cString: strerror(errno)))")
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw .invalid(path: terms.configPath, line: file.line, key: file.key,
                               message: "the file \(file.path) is not a regular file")
            }
            do {
                // A deadline all the same: a file swapped for a FIFO after the check.
                digests.insert(try TermsDocument.read(path: file.path, deadline: .now + .seconds(5)).sha256)
            } catch {
                throw .invalid(path: terms.configPath, line: file.line, key: file.key, message: error.description)
            }
        }
        return digests
    }

    private static func checkOwnedByRoot(_ path: String, terms: ManagedTerms, key: String?,
                                         line: Int?) throws(ManagedTermsError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .invalid(path: terms.configPath, line: line, key: key, message: "\(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_uid == 0, info.st_mode & 0o022 == 0 else {
            throw .invalid(path: terms.configPath, line: line, key: key,
                           message: "\(path) must be root's and writable by root alone: a gate's files are the system's")
        }
        // Every directory above it too, as the file is found through them: a
        // root file in a directory a user can write can be swapped for theirs.
        guard let resolved = realpath(path, nil) else { return }
        defer { free(resolved) }
        var directory = String(cString: resolved)
        while let slash = directory.lastIndex(of: "/"), directory != "/" {
            directory = slash == directory.startIndex ? "/" : String(directory[..<slash])
            guard stat(directory, &info) == 0, info.st_uid == 0, info.st_mode & 0o022 == 0 else {
                throw .invalid(path: terms.configPath, line: line, key: key,
                               message: "\(path) is in \(directory), which is not root's alone: a user could put another file in its place")
            }
        }
    }

    /// Whether the file behind `error` is, or may be, a gate: any file that
    /// cannot be read as text is; a text with a line that sets `Gate=` to
    /// anything but false is, and so is one whose key is `Gate` misspelt by
    /// one letter or in another case (`Gat=true`, `gate=true`): GKeyFile
    /// refuses `Gate=yes` and `Gate=True`, and an administrator who wrote
    /// them meant a gate, which must not fail open. A file that reads and
    /// says nothing of a gate (a typo in a plain terms' key) is only reported.
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
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].prefix { $0 != "[" }.lowercased()
            let value = trimmed[trimmed.index(after: equals)...].lowercased()
            if isGateKey(key), !["false", "0", "no", "off"].contains(value) { return true }
        }
        return false
    }

    /// `gate`, or one slip away from it: a letter added, dropped or changed,
    /// or two neighbours swapped (`gaet`).
    static func isGateKey(_ key: String) -> Bool {
        let word = Array("gate"), typed = Array(key)
        guard abs(typed.count - word.count) <= 1 else { return false }
        // The optimal string alignment distance: four letters against at most five.
        var distance = [[Int]](repeating: [Int](repeating: 0, count: word.count + 1), count: typed.count + 1)
        for row in 0...typed.count { distance[row][0] = row }
        for column in 0...word.count { distance[0][column] = column }
        for row in 1...typed.count {
            for column in 1...word.count {
                let cost = typed[row - 1] == word[column - 1] ? 0 : 1
                distance[row][column] = min(distance[row - 1][column] + 1, distance[row][column - 1] + 1,
                                            distance[row - 1][column - 1] + cost)
                if row > 1, column > 1, typed[row - 1] == word[column - 2], typed[row - 2] == word[column - 1] {
                    distance[row][column] = min(distance[row][column], distance[row - 2][column - 2] + 1)
                }
            }
        }
        return distance[typed.count][word.count] <= 1
    }
}
