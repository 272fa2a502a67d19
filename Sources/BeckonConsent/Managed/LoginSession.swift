import CBeckonGLib
import CGLib
import Glibc

/// Which login this is: logind's session id and the kernel's boot id. A new
/// login has another session id, or another boot (session ids start again
/// after a reboot), so ``TermsPolicy/everyLogin`` compares both.
public struct LoginSession: Sendable, Hashable {
    /// logind's session id ("3", "c2"); nil outside a session.
    public var sessionID: String?
    /// The boot id as the journal writes `_BOOT_ID`: 32 lowercase hex digits.
    public var bootID: String?

    public init(sessionID: String?, bootID: String?) {
        self.sessionID = sessionID
        self.bootID = bootID
    }

    /// This process's login: logind's session of the process (from its
    /// cgroup, which the user cannot rewrite), else `XDG_SESSION_ID` from
    /// `environment`; the boot id from `/proc/sys/kernel/random/boot_id`.
    public static func current(environment: [String: String] = ManagedTerms.processEnvironment()) -> LoginSession {
        var session: String?
        if let own = beckon_login_session_of_process() {
            session = String(cString: own)
            g_free(own)
        }
        if session == nil, let variable = environment["XDG_SESSION_ID"], !variable.isEmpty { session = variable }
        return LoginSession(sessionID: session, bootID: currentBootID())
    }

    /// The kernel's boot id without its dashes; nil when /proc does not have it.
    public static func currentBootID() -> String? {
        var contents: UnsafeMutablePointer<CChar>?
        guard g_file_get_contents("/proc/sys/kernel/random/boot_id", &contents, nil, nil) != 0,
              let contents else { return nil }
        defer { g_free(contents) }
        let id = String(cString: contents).lowercased().filter { $0.isHexDigit }
        return id.count == 32 ? id : nil
    }

    /// Whether both are known and equal to `other`'s: an unknown login is never the same one.
    func isSame(sessionID: String?, bootID: String?) -> Bool {
        guard let mine = self.sessionID, let boot = self.bootID else { return false }
        return mine == sessionID && boot == bootID
    }
}
