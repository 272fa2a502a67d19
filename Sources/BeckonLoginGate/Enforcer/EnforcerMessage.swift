/// One message between a gate's window process and the enforcer
/// (`beckon-enforcer`, the system service that holds the login gate), one per
/// datagram of a `SOCK_SEQPACKET` socket: a type on the first line, then
/// `name=value` lines. No value may hold a newline, so no value can forge
/// another field; the parser refuses the message instead.
///
/// The window's process says `hello`; the enforcer checks that process from
/// outside (its executable, tracer, environment and mapped code, as root) and
/// answers `challenge` with a nonce, or `refused`. Every later message of the
/// window's process carries that nonce, and the enforcer takes it only from
/// that very process (the kernel's credentials on the datagram), checked
/// again: a message written before the check, or by another process sharing
/// the socket, has no nonce to show. See docs/administrators.md, "The enforcer".
package struct EnforcerMessage: Equatable, Sendable {
    /// What the message is.
    package enum Kind: String, Sendable, CaseIterable {
        // The window's process to the enforcer.
        case hello, status, shown, accepted, declined, revoked
        /// The gate's windows were hidden (unmapped, reparented away, not on
        /// top, the keyboard grab lost) for longer than it allows; `reason` says how.
        case hidden
        // The enforcer to the window's process.
        case challenge, owed, held, recorded, refused
    }

    package var kind: Kind
    package var fields: [String: String]

    package init(_ kind: Kind, _ fields: [String: String] = [:]) {
        self.kind = kind
        self.fields = fields
    }

    package subscript(name: String) -> String? {
        get { fields[name] }
        set { fields[name] = newValue }
    }

    /// The largest message either side sends or reads: ids are at most 200
    /// bytes, versions short, digests 64 hex digits.
    package static let maximumSize = 4096

    /// The field names, each used by both sides.
    package enum Field {
        package static let nonce = "nonce", id = "id", version = "version", sha256 = "sha256"
        package static let reason = "reason", acceptedAt = "accepted_at"
        /// With `shown`: the display the window is on, as the gate's process named it
        /// (`:0`, `wayland-0`); the enforcer checks it against the session's own.
        package static let display = "display"
    }

    /// The bytes on the wire; nil when a value holds a newline or the message is too large.
    package var encoded: [UInt8]? {
        var text = kind.rawValue + "\n"
        for name in fields.keys.sorted() {
            let value = fields[name]!
            guard !name.isEmpty, !name.contains("="), !name.contains("\n"), !value.contains("\n") else { return nil }
            text += "\(name)=\(value)\n"
        }
        let bytes = Array(text.utf8)
        return bytes.count <= Self.maximumSize ? bytes : nil
    }

    /// The message in `bytes`; nil for anything but one well-formed message
    /// (valid UTF-8, a known type, unique `name=value` lines).
    package init?(decoding bytes: some Collection<UInt8>) {
        guard bytes.count <= Self.maximumSize, let text = String(validating: bytes, as: UTF8.self),
              text.hasSuffix("\n") else { return nil }
        var lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, let kind = Kind(rawValue: String(first)) else { return nil }
        lines.removeFirst()
        var fields: [String: String] = [:]
        for line in lines {
            guard let equals = line.firstIndex(of: "="), equals != line.startIndex else { return nil }
            let name = String(line[..<equals])
            guard fields[name] == nil else { return nil }
            fields[name] = String(line[line.index(after: equals)...])
        }
        self.init(kind, fields)
    }
}
