import CGLib
import Glibc

/// XFCE's session manager refuses a logout while it is not idle: during
/// its start-up above all, which is exactly when a login gate runs.
///
/// xfce4-session 4.18 answers `Logout` with `org.xfce.SessionManager.Error.Failed`,
/// "Session manager must be in idle state when requesting a shutdown", unless
/// its state is idle (xfsm-manager.c, `xfsm_manager_dbus_logout` and
/// `xfsm_manager_save_yourself_dbus`). It leaves its start-up state only when
/// every client of its session has registered or timed out (8 s a priority
/// group, `STARTUP_TIMEOUT` in xfsm-manager.h), which took 15 s on a fresh
/// login here, and over 45 s on the same machine under load (XfceDesktopTests). `GetState` tells the state: 0 start-up,
/// 1 idle, 2 checkpoint, 3 and 4 shutdown (xfsm-manager-dbus.xml). So a refused
/// logout is asked again once the manager is idle, for at most
/// ``SessionEnding/xfceIdleWait``; a manager already shutting down is ending
/// the session, which is what was asked. The error's text is translated, so
/// it is the state that is read, never the message.
extension SessionEnding {
    /// XFCE's `Logout`, asked again once xfce4-session is idle if it refused.
    func askXfce(_ request: SessionEndingBus.Request, _ bus: SessionEndingBus,
                 on session: OpaquePointer) throws(SessionEndingBus.Failure) {
        let refusal: SessionEndingBus.Failure
        do {
            try bus.call(request, on: session)
            return
        } catch {
            refusal = error
        }
        let deadline = ContinuousClock.now + xfceIdleWait
        var state = try Self.xfceState(bus, on: session)
        while state != Self.xfceIdle {
            if state == 3 || state == 4 { return } // shutting down already: the session is ending
            guard state == 0 || state == 2, ContinuousClock.now < deadline else {
                throw SessionEndingBus.Failure(message: "\(refusal.message) (its state stayed \(state) for \(xfceIdleWait))")
            }
            usleep(200_000)
            state = try Self.xfceState(bus, on: session)
        }
        try bus.call(request, on: session)
    }

    /// `GetState`'s idle.
    private static let xfceIdle: UInt32 = 1

    private static func xfceState(_ bus: SessionEndingBus, on session: OpaquePointer) throws(SessionEndingBus.Failure) -> UInt32 {
        let getState = SessionEndingBus.Request(name: "org.xfce.SessionManager", path: "/org/xfce/SessionManager",
                                                interface: "org.xfce.Session.Manager", method: "GetState",
                                                arguments: { [] })
        let reply = try bus.call(getState, on: session, replyType: "(u)")
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        return g_variant_get_uint32(value)
    }
}
