import BeckonConsent
import BeckonIO
import BeckonLoginGate
import Glibc

/// A managed gate's side of the enforcer (`beckon-enforcer`, docs/administrators.md,
/// "The enforcer"): where it runs, the enforcer, not the user's journal
/// entries, says whether an answer is owed, and this process reports its
/// window shown, accepted or declined. Without an enforcer nothing here
/// happens and the gate is the window and its warden alone.
extension TermsCommand {
    /// The link of this process, made at the first managed gate; nil when no
    /// enforcer runs, or it refused this process (then it ends the session,
    /// whatever the window says).
    nonisolated(unsafe) private static var enforcer: EnforcerLink?
    nonisolated(unsafe) private static var enforcerTried = false

    /// Makes the process non-dumpable before anything is read, when it may
    /// show a managed gate: the enforcer checks it (no ptrace, no
    /// /proc/PID/fd or mem for its own user). Where an enforcer runs, first
    /// starts the program again in the gate's own environment
    /// (``GateEnvironment``, docs/administrators.md, "The gate's own environment").
    ///
    /// Early enough: before this, `main` ran only what reads no library's
    /// variables (ExecutablePages maps nothing by name; MallocArenas reads
    /// `MALLOC_ARENA_MAX` and `GLIBC_TUNABLES` for this image alone;
    /// LanguagePreference cuts `LANGUAGE`, which the gate keeps); GLib, GTK,
    /// Pango and fontconfig have not started, and the new image starts them
    /// all afresh. The test harness comes through the same `main`.
    static func guardProcessForEnforcer(_ arguments: [String]) {
        guard TermsArguments.Key.managed.isWritten(in: arguments) else { return }
        if EnforcerLink.isRunning {
            if let failure = GateEnvironment.reexecuteIfUnclean() {
                StandardError.write("beckon terms: warning: \(failure); the enforcer will refuse this process\n")
            }
            GateModulePolicy.enforce() // modules from root's files alone (GateModulePolicy.swift)
        }
        EnforcerLink.makeUndumpable()
    }

    static func enforcerLink() -> EnforcerLink? {
        if enforcerTried { return enforcer }
        enforcerTried = true
        guard EnforcerLink.isRunning else { return nil }
        do {
            enforcer = try EnforcerLink()
        } catch {
            StandardError.write("beckon terms: warning: \(error); the enforcer will end the session unless "
                                + "another gate process answers it\n")
        }
        return enforcer
    }

    /// The enforcer's answer for `terms` when it runs: nil when it does not
    /// (the journal decides), else whether the user need not be asked and
    /// the acceptance it holds.
    static func enforcerHeld(_ terms: ManagedTerms) -> (held: Bool, fields: [String: String])? {
        guard terms.gate, let link = enforcerLink() else { return nil }
        do {
            if let fields = try link.heldAcceptance(id: terms.id) { return (true, fields) }
            return (false, [:])
        } catch {
            StandardError.write("beckon terms: warning: \(error)\n")
            return (false, [:])
        }
    }

    /// The display GTK opens the window on, as the gate names it to the
    /// enforcer (which finds out for itself): GDK 3 tries Wayland before X11
    /// unless GDK_BACKEND says x11.
    static var windowDisplay: String? {
        func variable(_ name: String) -> String? {
            guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty, !value.contains("\n") else { return nil }
            return String(value.prefix(200))
        }
        let x11First = variable("GDK_BACKEND")?.hasPrefix("x11") ?? false
        return x11First ? variable("DISPLAY") ?? variable("WAYLAND_DISPLAY") : variable("WAYLAND_DISPLAY") ?? variable("DISPLAY")
    }

    /// Reports to the enforcer what this process does with `terms`.
    static func reportToEnforcer(_ terms: ManagedTerms, _ event: ConsentJournal.Event, sha256: String?) {
        guard terms.gate, let link = enforcerLink() else { return }
        do {
            switch event {
            case .shown: try link.shown(id: terms.id, version: terms.version, sha256: sha256 ?? "", display: windowDisplay)
            case .accepted: try link.accepted(id: terms.id, version: terms.version, sha256: sha256 ?? "")
            case .revoked: try link.revoked(id: terms.id)
            default: try link.declined(id: terms.id)
            }
        } catch {
            StandardError.write("beckon terms: warning: \(error)"
                                + (event == .accepted ? "; the enforcer will end the session" : "") + "\n")
        }
    }
}
