import BeckonJSON
import CGLib

/// One person's acceptance of one version of some terms.
///
/// Stored in ``ConsentStore``'s file and printed by `beckon terms --status` as
/// `{"id", "version", "sha256", "accepted_at", "user"}`.
public struct ConsentRecord: Sendable, Hashable {
    /// What was accepted, in reverse-domain style: `org.example.Product`.
    public var id: String
    /// The version the caller gave the terms, if any.
    public var version: String?
    /// The SHA-256 of the terms' bytes, lowercase hex.
    public var sha256: String
    /// When, in ISO 8601 UTC: `2026-11-29T21:46:24Z`.
    public var acceptedAt: String
    /// The login name of the person who accepted.
    public var user: String

    // MARK: Managed terms (ManagedTerms); nil or false for other terms and in older records

    /// The locale of the localized file shown ("de"); nil for the plain file.
    public var language: String?
    /// The path of the terms file shown.
    public var file: String?
    /// The policy it was accepted under (``TermsPolicy/name``).
    public var policy: String?
    /// Whether it was accepted under a gate.
    public var gate = false
    /// logind's session and the boot it was accepted in (``LoginSession``).
    public var sessionID: String?
    public var bootID: String?

    /// Fields this version does not know, from a file a newer Beckon wrote:
    /// kept so that rewriting the file does not drop them.
    var otherFields: [String: JSONValue] = [:]

    public init(id: String, version: String?, sha256: String, acceptedAt: String, user: String) {
        self.id = id
        self.version = version
        self.sha256 = sha256
        self.acceptedAt = acceptedAt
        self.user = user
    }

    /// A record of the current user accepting `document` now.
    public init(accepting document: TermsDocument, id: String, version: String?) {
        self.init(id: id, version: version, sha256: document.sha256,
                  acceptedAt: Self.nowISO8601(), user: Self.currentUser())
    }

    /// A record of the current user accepting `document` now, as `consent`
    /// says: its id and version, the login gate and the managed details kept.
    public init(accepting document: TermsDocument, id: String, consent: ConsentSettings) {
        self.init(accepting: document, id: id, version: consent.version)
        gate = consent.loginGate
        if let details = consent.details {
            language = details.language
            file = details.file
            policy = details.policy?.name
            sessionID = details.login?.sessionID
            bootID = details.login?.bootID
        }
    }

    /// The managed fields as JSON members, only those set.
    var managedMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        for (key, value) in [("language", language), ("file", file), ("policy", policy),
                             ("session_id", sessionID), ("boot_id", bootID)] {
            if let value { members.append((key, .string(value))) }
        }
        if gate { members.append(("gate", .bool(true))) }
        return members
    }

    /// Reads the managed fields from `json`; one of another type is left in
    /// ``otherFields``, as a field this version does not know.
    private mutating func readManagedMembers() {
        language = otherFields.removeString(forKey: "language")
        file = otherFields.removeString(forKey: "file")
        policy = otherFields.removeString(forKey: "policy")
        sessionID = otherFields.removeString(forKey: "session_id")
        bootID = otherFields.removeString(forKey: "boot_id")
        if case .bool(let value)? = otherFields["gate"] {
            gate = value
            otherFields["gate"] = nil
        }
    }

    /// Whether this record covers `document`: the same bytes and, when
    /// `version` is given, the same version.
    public func covers(_ document: TermsDocument, version: String?) -> Bool {
        sha256 == document.sha256 && (version == nil || self.version == version)
    }

    /// The record as a JSON object.
    public var json: JSONValue {
        .object([
            ("id", .string(id)),
            ("version", version.map(JSONValue.string) ?? .null),
            ("sha256", .string(sha256)),
            ("accepted_at", .string(acceptedAt)),
            ("user", .string(user)),
        ] + managedMembers + otherFields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    static let knownFields: Set<String> = ["id", "version", "sha256", "accepted_at", "user"]

    /// A record from its JSON object; nil when a field is missing or mistyped.
    public init?(json: JSONValue) {
        guard let id = json["id"]?.stringValue, !id.isEmpty,
              let sha256 = json["sha256"]?.stringValue,
              let acceptedAt = json["accepted_at"]?.stringValue,
              let user = json["user"]?.stringValue
        else { return nil }
        let version: String?
        switch json["version"] {
        case nil, .null?: version = nil
        case .string(let v)?: version = v
        default: return nil
        }
        self.init(id: id, version: version, sha256: sha256, acceptedAt: acceptedAt, user: user)
        if case .object(let members) = json {
            for (key, value) in members where !Self.knownFields.contains(key) { otherFields[key] = value }
        }
        readManagedMembers()
    }

    /// Now, in ISO 8601 UTC to the second, from GLib's GDateTime.
    static func nowISO8601() -> String {
        guard let now = g_date_time_new_now_utc() else { return "" }
        defer { g_date_time_unref(now) }
        guard let text = g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ") else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    static func currentUser() -> String {
        g_get_user_name().map { String(cString: $0) } ?? ""
    }
}

extension [String: JSONValue] {
    /// Removes and returns the string at `key`; leaves a value of another type.
    fileprivate mutating func removeString(forKey key: String) -> String? {
        guard case .string(let value)? = self[key] else { return nil }
        self[key] = nil
        return value
    }
}
