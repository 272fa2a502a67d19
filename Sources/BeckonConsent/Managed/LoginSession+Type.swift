import CBeckonGLib
import CGLib

extension LoginSession {
    /// The type of this process's session, as the journal's
    /// `BECKON_SESSION_TYPE` gives it: logind's type of `sessionID` ("x11",
    /// "wayland", "tty"), else `XDG_SESSION_TYPE` from `environment`; nil when
    /// neither tells (or says "unspecified").
    public static func currentType(sessionID: String?,
                                   environment: [String: String] = ManagedTerms.processEnvironment()) -> String? {
        if let sessionID, let type = beckon_login_session_type(sessionID) {
            defer { g_free(type) }
            let name = String(cString: type)
            if known(name) { return name }
        }
        if let variable = environment["XDG_SESSION_TYPE"], known(variable) { return variable }
        return nil
    }

    private static func known(_ type: String) -> Bool { !type.isEmpty && type != "unspecified" }
}
