import Glibc

/// The login names of the uids journald recorded (`_UID`), from this
/// machine's user database (getpwuid_r, so NSS: files, LDAP, sssd): what an
/// entry's claimed `BECKON_USER` is checked against. Each uid is looked up
/// once; the cache is emptied at ``capacity`` uids, so it stays bounded
/// whatever the journal holds.
public final class ConsentAuditUserNames {
    private var names: [uid_t: String?] = [:]
    /// At most this many uids are kept.
    public static let capacity = 65_536

    public init() {}

    /// The login name of `uid`; nil when the user database has none.
    public func name(of uid: uid_t) -> String? {
        if let known = names[uid] { return known }
        if names.count >= Self.capacity { names.removeAll(keepingCapacity: true) }
        let name = Self.lookUp(uid)
        names[uid] = name
        return name
    }

    private static func lookUp(_ uid: uid_t) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        while true {
            let code = getpwuid_r(uid, &entry, &buffer, buffer.count, &result)
            if code == ERANGE, buffer.count < 1 << 20 {
                buffer = [CChar](repeating: 0, count: buffer.count * 4)
                continue
            }
            guard code == 0, let result, let name = result.pointee.pw_name else { return nil }
            return String(cString: name)
        }
    }
}
