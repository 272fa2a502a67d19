import CGLib
import Glibc

/// Ends the desktop session this process runs in: what a login gate does on
/// Decline, and when the gate's process dies without an Accept.
///
/// Exactly one request that succeeds is made. With ``command`` set, that
/// command is run (split by `g_shell_parse_argv`, no shell) instead of asking
/// any session manager; only if it cannot be run or fails are the session
/// managers asked after all, since a gate must not stay open. Otherwise the
/// desktop's own session manager on the session bus is asked, the first of
/// ``SessionEndingRoute/desktopRoutes`` whose bus name has an owner, and if
/// none has or each request fails, logind on the system bus is asked to
/// terminate this process's session: the one `XDG_SESSION_ID` names, the one
/// logind puts this process in, or the user's display session, the first
/// that logind ends. Every step is bounded by ``timeout``, and XFCE's wait
/// for its session manager to finish starting up by ``xfceIdleWait``:
/// nothing here can hang on a stopped bus or a command that never returns.
public struct SessionEnding: Sendable, Equatable {
    /// The administrator's command line, run instead of the D-Bus requests.
    public var command: String?
    /// How long each request (a bus connection, a method call, the command) may take.
    public var timeout: Duration
    /// How long a logout XFCE refused is asked again while its session
    /// manager is starting up (SessionEnding+XfceStartup.swift).
    public var xfceIdleWait: Duration

    /// An ending through `command`, or through the session managers when nil.
    public init(command: String? = nil, timeout: Duration = .seconds(5), xfceIdleWait: Duration = .seconds(120)) {
        self.command = command
        self.timeout = timeout
        self.xfceIdleWait = xfceIdleWait
    }

    /// Ends the session; returns the request that succeeded. Throws
    /// ``SessionEndingError/nothingEnded(attempts:)``, listing each failed
    /// attempt, when no request succeeded.
    @discardableResult
    public func end() throws(SessionEndingError) -> SessionEndingRoute {
        var attempts: [String] = []
        if let command {
            do {
                try SessionEndingCommand(line: command, timeout: timeout).run()
                return .command(command)
            } catch {
                attempts.append("\(SessionEndingRoute.command(command)): \(error)")
            }
        }
        let bus = SessionEndingBus(timeout: timeout)
        do {
            let session = try bus.connect(G_BUS_TYPE_SESSION)
            defer { g_object_unref(UnsafeMutableRawPointer(session)) }
            for route in SessionEndingRoute.desktopRoutes {
                guard let request = route.request else { continue }
                do {
                    guard try bus.hasOwner(request.name, on: session) else { continue }
                    if route == .xfce { try askXfce(request, bus, on: session) } else { try bus.call(request, on: session) }
                    return route
                } catch {
                    attempts.append("\(route): \(error.message)")
                }
            }
        } catch {
            attempts.append("the session bus: \(error.message)")
        }
        do {
            let system = try bus.connect(G_BUS_TYPE_SYSTEM)
            defer { g_object_unref(UnsafeMutableRawPointer(system)) }
            // Each session this process may be in, until logind ends one: a
            // wrong XDG_SESSION_ID (NoSuchSession) or a process outside any
            // session (a user unit: NoSessionForPID) must not leave the
            // session running while another way to find it remains.
            var tried: Set<String> = []
            for candidate in Self.sessionCandidates {
                let id: String
                do {
                    guard let found = try candidate.find(bus, system) else { continue }
                    id = found
                } catch {
                    attempts.append("logind, \(candidate.name): \(error.message)")
                    continue
                }
                guard tried.insert(id).inserted else { continue }
                let route = SessionEndingRoute.logind(sessionID: id)
                do {
                    try bus.call(try route.request.unwrapped(), on: system)
                    return route
                } catch {
                    attempts.append("\(route): \(error.message)")
                }
            }
        } catch {
            attempts.append("logind on the system bus: \(error.message)")
        }
        throw .nothingEnded(attempts: attempts)
    }

    /// Where this process's logind session may be found, in order: what
    /// `XDG_SESSION_ID` says, logind's answer to `GetSessionByPID` for this
    /// process, and the user's display session (a gate started by a user
    /// unit runs in `user@.service`, outside every session).
    private struct SessionCandidate: Sendable {
        var name: String
        var find: @Sendable (SessionEndingBus, OpaquePointer) throws(SessionEndingBus.Failure) -> String?
    }

    private static let sessionCandidates: [SessionCandidate] = [
        SessionCandidate(name: "XDG_SESSION_ID") { _, _ in
            getenv("XDG_SESSION_ID").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        },
        SessionCandidate(name: "this process's session") { bus, system throws(SessionEndingBus.Failure) in
            try bus.logindSessionID(of: getpid(), on: system)
        },
        SessionCandidate(name: "the user's display session") { bus, system throws(SessionEndingBus.Failure) in
            try bus.logindDisplaySessionID(ofUser: getuid(), on: system)
        },
    ]
}

private extension Optional {
    func unwrapped() throws(SessionEndingBus.Failure) -> Wrapped {
        guard let self else { throw SessionEndingBus.Failure(message: "no request") }
        return self
    }
}
