import BeckonConsent
import Glibc

/// What the enforcer keeps across its own restarts, in a root-owned file
/// (`/var/lib/beckon/enforcer.state`, systemd's `StateDirectory=beckon`):
/// the acceptances and revocations it recorded (read before the journal,
/// which may have dropped or not yet returned an entry) and the gate
/// processes it follows (so a gate shown when it stopped is followed again,
/// not ended for its grace).
///
/// One line per fact, `kind name=value ...`, every value percent-encoded;
/// written whole each time (temporary file, fsync, rename), read strictly: a
/// file that is not root's alone, too large, or with one line that does not
/// read is reported and ignored as a whole.
struct EnforcerStateFile: Equatable {
    /// Where the service keeps it.
    static let path = "/var/lib/beckon/enforcer.state"
    /// The largest file read or written: far more than the users and gates
    /// of any machine need; the oldest acceptances are left out beyond it.
    static let maximumSize = 1 << 20
    static let header = "beckon-enforcer-state 1"

    /// A recorded acceptance (or revocation) of `gate` by `uid`, for a login (`session`) or for the user.
    struct Acceptance: Equatable {
        var uid: uid_t
        var gate: String
        var session: String?
        var revoked: Bool
        /// When it was recorded, µs since the epoch.
        var at: UInt64
        var version: String?
        var sha256: String
        var acceptedAt: String
        var user: String
        var bootID: String?
    }

    /// A gate process followed: the pid and its start time (field 22 of
    /// /proc/PID/stat) name it; a process with that pid and another start
    /// time is another process.
    struct Followed: Equatable {
        var pid: pid_t
        var startTime: UInt64
        var uid: uid_t
        var session: String?
        var shownAt: UInt64
        var gates: [String]
    }

    /// The boot the followed processes belong to: none is followed again in another.
    var bootID: String?
    var acceptances: [Acceptance] = []
    var followed: [Followed] = []

    /// Why a state file was not used.
    struct Problem: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    // MARK: text

    var text: String {
        var lines = [Self.header]
        if let bootID { lines.append("boot id=\(Self.encode(bootID))") }
        for entry in acceptances {
            lines.append("acceptance uid=\(entry.uid) gate=\(Self.encode(entry.gate)) session=\(Self.encode(entry.session))"
                         + " revoked=\(entry.revoked ? 1 : 0) at=\(entry.at) version=\(Self.encode(entry.version))"
                         + " sha256=\(Self.encode(entry.sha256)) accepted_at=\(Self.encode(entry.acceptedAt))"
                         + " user=\(Self.encode(entry.user)) boot=\(Self.encode(entry.bootID))")
        }
        for entry in followed {
            lines.append("followed pid=\(entry.pid) start=\(entry.startTime) uid=\(entry.uid) session=\(Self.encode(entry.session))"
                         + " shown=\(entry.shownAt) gates=\(entry.gates.map { Self.encode($0) }.joined(separator: ","))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    init(bootID: String? = nil, acceptances: [Acceptance] = [], followed: [Followed] = []) {
        self.bootID = bootID
        self.acceptances = acceptances
        self.followed = followed
    }

    /// The state in `text`, strictly: the header, then known lines with
    /// exactly their fields, each once, each value well-formed.
    init(parsing text: String) throws(Problem) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else { throw Problem(description: "it does not end with a newline") }
        lines.removeLast()
        guard lines.first.map(String.init) == Self.header else { throw Problem(description: "it does not start with “\(Self.header)”") }
        for (index, line) in lines.enumerated().dropFirst() {
            let lineNumber = index + 1
            func fail(_ why: String) -> Problem { Problem(description: "line \(lineNumber): \(why)") }
            let words = line.split(separator: " ", omittingEmptySubsequences: false)
            var fields: [String: Substring] = [:]
            for word in words.dropFirst() {
                guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { throw fail("“\(word.prefix(40))” is no name=value") }
                let name = String(word[..<equals])
                guard fields[name] == nil else { throw fail("\(name) given twice") }
                fields[name] = word[word.index(after: equals)...]
            }
            func expect(_ names: Set<String>) throws(Problem) {
                guard Set(fields.keys) == names else { throw fail("\(words[0]) needs exactly \(names.sorted().joined(separator: ", "))") }
            }
            func optional(_ name: String) throws(Problem) -> String? {
                guard let raw = fields[name], let value = Self.decode(raw) else { throw fail("\(name) does not decode") }
                return value
            }
            func text(_ name: String) throws(Problem) -> String {
                guard let value = try optional(name) else { throw fail("\(name) is empty") }
                return value
            }
            func number<Value: FixedWidthInteger>(_ name: String, _: Value.Type) throws(Problem) -> Value {
                let value = try text(name)
                guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let parsed = Value(value) else {
                    throw fail("\(name) is not a number")
                }
                return parsed
            }
            switch words[0] {
            case "boot":
                try expect(["id"])
                guard bootID == nil else { throw fail("a second boot line") }
                bootID = try text("id")
            case "acceptance":
                try expect(["uid", "gate", "session", "revoked", "at", "version", "sha256", "accepted_at", "user", "boot"])
                let revoked = try number("revoked", UInt8.self)
                guard revoked <= 1 else { throw fail("revoked is 0 or 1") }
                acceptances.append(Acceptance(uid: try number("uid", uid_t.self), gate: try text("gate"),
                                              session: try optional("session"), revoked: revoked == 1,
                                              at: try number("at", UInt64.self), version: try optional("version"),
                                              sha256: try optional("sha256") ?? "", acceptedAt: try optional("accepted_at") ?? "",
                                              user: try optional("user") ?? "", bootID: try optional("boot")))
            case "followed":
                try expect(["pid", "start", "uid", "session", "shown", "gates"])
                let pid = try number("pid", pid_t.self)
                guard pid > 1 else { throw fail("pid is not a process's") }
                // The list was encoded element by element: commas separate.
                var gates: [String] = []
                for gate in fields["gates", default: ""].split(separator: ",", omittingEmptySubsequences: false) {
                    guard let decoded = Self.decode(gate) ?? nil, !decoded.isEmpty else { throw fail("a gate does not decode") }
                    gates.append(decoded)
                }
                followed.append(Followed(pid: pid, startTime: try number("start", UInt64.self), uid: try number("uid", uid_t.self),
                                         session: try optional("session"), shownAt: try number("shown", UInt64.self), gates: gates))
            default:
                throw fail("unknown line “\(words[0].prefix(40))”")
            }
        }
    }

    /// Bytes other than these are written %XX; "-" alone is no value.
    private static func isPlain(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "+")].contains(byte)
            || byte == UInt8(ascii: "-")
    }

    static func encode(_ value: String?) -> String {
        guard let value else { return "-" }
        var result = ""
        for byte in value.utf8 {
            if isPlain(byte) { result.unicodeScalars.append(Unicode.Scalar(byte)) }
            else { result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true) }
        }
        // Distinct from no value at all ("-"), and from the empty string.
        if result == "-" { return "%2D" }
        return result.isEmpty ? "%" : result
    }

    /// nil (the outer optional) when `text` does not decode; `.some(nil)` for no value.
    static func decode(_ text: Substring) -> String?? {
        if text == "-" { return .some(nil) }
        if text == "%" { return "" }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                guard isPlain(byte) else { return nil }
                bytes.append(byte)
            }
        }
        guard !bytes.isEmpty, let value = String(validating: bytes, as: UTF8.self) else { return nil }
        return .some(value)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }

    // MARK: the file

    /// The state at `path`: nil when there is none; a ``Problem`` when the
    /// file is not root's alone, not a regular file, too large or does not read.
    static func read(path: String = path) throws(Problem) -> EnforcerStateFile? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw Problem(description: "\(path) cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw Problem(description: "\(path) is not a regular file") }
        guard info.st_uid == 0, info.st_mode & 0o077 == 0 else { throw Problem(description: "\(path) is not root's alone") }
        guard info.st_size <= maximumSize else { throw Problem(description: "\(path) is larger than \(maximumSize) bytes") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Problem(description: "\(path) cannot be read: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            total += count
        }
        guard total <= maximumSize else { throw Problem(description: "\(path) is larger than \(maximumSize) bytes") }
        guard let text = String(validating: bytes.prefix(total), as: UTF8.self) else {
            throw Problem(description: "\(path) is not UTF-8 text")
        }
        do { return try EnforcerStateFile(parsing: text) } catch { throw Problem(description: "\(path): \(error.description)") }
    }

    /// Writes the state to `path` atomically (a temporary file beside it,
    /// written, fsynced, renamed over it, the directory fsynced), mode 0600;
    /// the oldest acceptances are left out beyond ``maximumSize``.
    func write(path: String = path) throws(Problem) {
        var state = self
        var bytes = Array(state.text.utf8)
        if bytes.count > Self.maximumSize {
            state.acceptances.sort { $0.at > $1.at }
            while bytes.count > Self.maximumSize, !state.acceptances.isEmpty {
                state.acceptances.removeLast(max(1, state.acceptances.count / 8))
                bytes = Array(state.text.utf8)
            }
        }
        let temporary = path + ".new"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw Problem(description: "\(temporary) cannot be created: \(String(cString: strerror(errno)))") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw Problem(description: "\(path) cannot be written: \(why)")
        }
        let directory = Enforcer.directory(of: path)
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }
}
