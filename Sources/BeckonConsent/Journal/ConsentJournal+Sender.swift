import Glibc

extension ConsentJournal {
    /// Who journald says wrote an entry: its `_UID` and `_EXE`, which
    /// journald takes from the sending process itself and no writer can set
    /// (systemd.journal-fields(7)). Whether that makes the entry the answer
    /// it claims to be is decided here, once, for the gate
    /// (``newestTrustedEntry(id:)``, ``newestVerifiedEntry(id:uid:sessionID:)``)
    /// and for the audit (``trust(of:claimedUser:claimedUID:beckonExecutable:userName:)``).
    public struct Sender: Sendable, Hashable {
        /// `_UID`: the uid of the process that wrote the entry.
        public var uid: uid_t?
        /// `_EXE`: the executable of that process (missing when it was gone
        /// before journald read the entry).
        public var executable: String?

        public init(uid: uid_t?, executable: String?) {
            self.uid = uid
            self.executable = executable
        }

        /// The sender of an entry with these `_UID` and `_EXE` values.
        public init(uidField: String?, executableField: String?) {
            self.init(uid: uidField.flatMap { uid_t($0) }, executable: executableField)
        }

        /// How far an entry can be trusted, from its sender.
        public enum Trust: String, Sendable, CaseIterable {
            /// Written by beckon (the executable reading it) as the user the
            /// entry names: that user's own answer.
            case trusted
            /// Written as root (`_UID=0`) and not a user's own answer: what
            /// the enforcer itself saw (`enforcer-accepted`, a session it
            /// ended, …), the only acceptance the gate's enforcer takes.
            case enforcer
            /// Not written by beckon: another program (`logger --journald`),
            /// or one whose `_EXE` journald could not read.
            case notBeckon = "not-beckon"
            /// Written by beckon, but as a user other than the one the entry
            /// names (its `BECKON_USER` or `BECKON_UID`), or by a uid that has
            /// no name on the machine reading it.
            case otherUser = "other-user"

            /// Whether the entry counts as what it says.
            public var counts: Bool { self == .trusted || self == .enforcer }
        }

        /// The matches that keep only entries a user's own beckon wrote: this
        /// `uid`, this `executable`. The gate's "already accepted" reads only these.
        public static func userMatches(uid: uid_t, executable: String) -> [String] {
            ["\(Field.senderUID)=\(uid)", "\(Field.executable)=\(executable)"]
        }

        /// The match that keeps only entries written as root: the enforcer's.
        public static let enforcerMatches = ["\(Field.senderUID)=0"]

        /// How far an entry with this sender can be trusted as `outcome` of
        /// `claimedUser` (`BECKON_USER`) and `claimedUID` (`BECKON_UID`),
        /// by the same rules as the gate's matches:
        ///
        /// - written as root, an outcome that is not a user's own answer is
        ///   the enforcer's (``enforcerMatches``), as is a session ended as
        ///   root by another executable than beckon;
        /// - otherwise it is a user's own answer only when `_EXE` is
        ///   `beckonExecutable` and `_UID` is the user it names
        ///   (``userMatches(uid:executable:)``): `claimedUID`, when given,
        ///   is `_UID`, and `_UID`'s name (`userName`, the reading machine's
        ///   user database) is `claimedUser`. A `_UID` without a name here
        ///   (a collected journal's user unknown on this machine) is taken
        ///   at beckon's own word, its `claimedUID`, and is refused without one.
        public func trust(outcome: Event, claimedUser: String?, claimedUID: String?, beckonExecutable: String?,
                          userName: (uid_t) -> String?) -> Trust
        {
            // The enforcer ends a session as root; the warden ends one as the user, through beckon.
            let endedByRoot = outcome == .sessionEnded && executable != beckonExecutable
            if uid == 0, !outcome.isUsersOwnAnswer || endedByRoot { return .enforcer }
            guard let executable, let beckonExecutable, executable == beckonExecutable else { return .notBeckon }
            // No user's beckon writes the enforcer's outcomes: one not written as root is no observation of its.
            guard let uid, let claimedUser, outcome.isUsersOwnAnswer else { return .otherUser }
            // beckon writes BECKON_UID as its own uid, so one that differs was not its user's.
            if let claimedUID, uid_t(claimedUID) != uid { return .otherUser }
            // The name here: authoritative for this machine's journal; for a
            // collected one, a uid unknown here leaves beckon's own BECKON_UID.
            switch userName(uid) {
            case let name?: if name != claimedUser { return .otherUser }
            case nil: if claimedUID == nil { return .otherUser }
            }
            return .trusted
        }
    }
}

extension ConsentJournal.Event {
    /// Whether a user's own beckon writes it, about that user's own window
    /// or record: every outcome but the enforcer's (and a session the
    /// enforcer ended, which it writes as root).
    public var isUsersOwnAnswer: Bool {
        switch self {
        case .shown, .accepted, .declined, .dismissed, .timeout, .interrupted, .revoked, .sessionEnded: true
        case .verifiedAccepted, .verifiedRevoked, .sessionSpared, .sessionWouldEnd, .refused, .configurationError: false
        }
    }
}
