import CGLib
import Glibc

/// The administrator's command that ends the session in place of the session
/// managers: split as a shell would (`g_shell_parse_argv`) but run without
/// one, found on PATH, waited for at most a timeout.
struct SessionEndingCommand {
    var line: String
    var timeout: Duration

    /// Why the command did not end the session.
    enum Failure: Error, CustomStringConvertible {
        case unparsable(String)
        case notStarted(String)
        case failed(status: Int32)
        case killed(signal: Int32)

        var description: String {
            switch self {
            case .unparsable(let reason): "cannot be split into arguments: \(reason)"
            case .notStarted(let reason): "could not be started: \(reason)"
            case .failed(let status): "exited \(status)"
            case .killed(let signal): "was killed by signal \(signal)"
            }
        }
    }

    /// Runs the command; returns once it exited 0, or once the timeout has
    /// passed with it still running (a logout command may not return before
    /// the session ends, and must not be asked twice).
    func run() throws(Failure) {
        var argc: Int32 = 0
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        var error: UnsafeMutablePointer<GError>?
        guard g_shell_parse_argv(line, &argc, &argv, &error) != 0, let argv else {
            throw .unparsable(Self.message(error))
        }
        defer { g_strfreev(argv) }
        // A parent that ignores SIGCHLD passes that on through exec, and then
        // the kernel reaps the command itself: waitpid finds no child, and an
        // exit status of 1 could not be told from success. The default
        // disposition keeps it to wait for; the previous one comes back after.
        let previous = signal(SIGCHLD, SIG_DFL)
        defer { signal(SIGCHLD, previous) }
        var pid: GPid = 0
        let flags = GSpawnFlags(rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_DO_NOT_REAP_CHILD.rawValue)
        // The warden ignores SIGTERM (GateWarden.standAlone); the command,
        // an administrator's, gets it back, in the child before exec.
        let restoreSIGTERM: GSpawnChildSetupFunc = { _ in _ = signal(SIGTERM, SIG_DFL) }
        guard g_spawn_async(nil, argv, nil, flags, restoreSIGTERM, nil, &pid, &error) != 0 else {
            throw .notStarted(Self.message(error))
        }
        let (seconds, attoseconds) = timeout.components
        let polls = (seconds * 1000 + attoseconds / 1_000_000_000_000_000) / 10
        for _ in 0...max(polls, 1) {
            var status: Int32 = 0
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid {
                // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
                let signal = status & 0x7f
                if signal != 0 { throw .killed(signal: signal) }
                let code = (status >> 8) & 0xff
                if code != 0 { throw .failed(status: code) }
                return
            }
            // No child to wait for: how it ended is unknown, so it did not
            // end the session as far as anyone can tell, and the next route runs.
            if waited < 0, errno != EINTR { throw .notStarted("its end could not be waited for: \(String(cString: strerror(errno)))") }
            usleep(10_000)
        }
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}
