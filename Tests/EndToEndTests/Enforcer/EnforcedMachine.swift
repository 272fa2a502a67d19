import BeckonTestSupport
import Foundation
import Testing

/// A booted machine (Tests/Support/BootedMachine.swift) with the enforcer
/// installed as the package installs it: beckon-enforcer in /usr/libexec, its
/// system unit, one managed gate in /etc/xdg/beckon/terms.d, and a user
/// logged in to a real logind session (type x11). The gate's program is
/// BeckonTermsHarness (its scripted answer in place of a person), named the
/// trusted executable in /etc/beckon/enforcer.conf; the grace is short.
struct EnforcedMachine {
    static let user = "beckon-gated"
    static let gateID = "org.example.aup"
    static let harness = "/usr/local/bin/beckon-terms-harness"
    /// The test build's beckon itself, for the gate shown in a real window.
    static let beckon = "/usr/local/bin/beckon"
    static let grace = 4

    let machine: BootedMachine
    let uid: Int
    let session: String
    /// When logind listed the session: the report's "after login".
    let opened: Date

    /// Boots, installs, starts the enforcer and opens the session. `prepare`
    /// runs before the enforcer starts (a broken file, another config);
    /// `openSession`, given the machine and the user's uid, opens the
    /// session the test watches and returns its id (else an x11 login).
    static func start(enforcerConfig: String = "", gateConfig: String? = nil,
                      prepare: (BootedMachine) throws -> Void = { _ in },
                      openSession: ((BootedMachine, Int) throws -> String)? = nil) throws -> EnforcedMachine {
        let machine = try BootedMachine()
        do {
            let uid = try machine.addUser(user)
            try machine.install(Products.enforcer, at: "/usr/libexec/beckon/beckon-enforcer")
            try machine.install(Products.termsHarness, at: harness)
            try machine.install(Products.beckon, at: beckon)
            let unit = try String(contentsOfFile: Products.packageRoot.appendingPathComponent("packaging/beckon-enforcer.service").path, encoding: .utf8)
            try write(unit, to: machine.root + "/etc/systemd/system/beckon-enforcer.service")
            try write("[Enforcer]\nGraceSeconds=\(grace)\nExecutables=\(harness);\(beckon)\n" + enforcerConfig,
                      to: machine.root + "/etc/beckon/enforcer.conf")
            let directory = machine.root + "/etc/xdg/beckon/terms.d"
            try write("# Acceptable use\n\nBe kind to the machines.\n", to: directory + "/aup.md")
            try write(gateConfig ?? "[Terms]\nVersion=1\nFile=aup.md\nGate=true\n", to: directory + "/\(gateID).conf")
            try prepare(machine)
            try machine.run(["systemctl", "daemon-reload"])
            let started = try machine.run(["systemctl", "start", "beckon-enforcer.service"])
            #expect(started.exitCode == 0, "the enforcer did not start: \(started)")
            // /run inside is the machine's own tmpfs: looked at from inside.
            do {
                try poll("the enforcer's socket", seconds: 15, every: 0.2) {
                    try machine.run(["test", "-S", "/run/beckon/enforcer.socket"]).exitCode
                } until: { $0 == 0 }
            } catch {
                let log = try machine.run(["journalctl", "--no-pager", "-u", "beckon-enforcer.service"]).stdout
                Issue.record("the enforcer's log:\n\(log)")
                throw error
            }
            let session = try openSession?(machine, uid)
                ?? machine.openSession(user: user, type: "x11", command: ["/bin/sleep", "600"])
            return EnforcedMachine(machine: machine, uid: uid, session: session, opened: Date())
        } catch {
            machine.stop()
            throw error
        }
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
    }

    /// The gate program as the packaged user unit runs it: in the user's
    /// systemd manager, outside every session; waits for it.
    @discardableResult
    func gate(_ answer: String, _ arguments: [String] = ["--managed"], environment: [String] = []) throws -> ProcessResult {
        try machine.runInUserManager(user: Self.user, uid: uid, environment.flatMap { ["-E", $0] } + [Self.harness, answer] + arguments)
    }

    /// The gate program started in the user's manager and left running
    /// (`hold`: a window no one answers); returns once the enforcer follows it.
    /// `answer`: the harness's answer, `hold` (never) or `accept-after=SECONDS`.
    func holdGate(_ extra: [String] = [], answer: String = "hold") throws {
        try machine.runInUserManager(user: Self.user, uid: uid, ["/bin/true"]) // the user's manager is up
        let unit = "beckon-gate-\(UInt32.random(in: 0...UInt32.max))"
        let started = try machine.run(["runuser", "-u", Self.user, "--", "env", "XDG_RUNTIME_DIR=/run/user/\(uid)",
                                       "systemd-run", "--user", "--unit=\(unit)", "--collect", "--quiet"] + extra
                                      + [Self.harness, answer, "--managed"])
        #expect(started.exitCode == 0, "\(started)")
        try poll("the held gate to be shown", seconds: 15, every: 0.2) {
            try self.journal(["BECKON_OUTCOME=shown", "_UID=\(uid)"])
        } until: { !$0.isEmpty }
    }

    /// Whether the session is still listed by logind.
    func sessionIsOpen() throws -> Bool { try machine.sessions().map(\.id).contains(session) }

    /// Waits until logind no longer lists the session: within the grace
    /// plus 5 s of `since`.
    func expectSessionEnded(_ why: String, within seconds: Double = Double(grace + 5)) throws {
        let attacked = Date()
        do {
            try poll("the enforcer to end session \(session): \(why)", seconds: seconds, every: 0.2) {
                try self.sessionIsOpen()
            } until: { !$0 }
        } catch {
            report(expected: "ended", outcome: "open", why: why, attacked: attacked, ended: nil)
            throw error
        }
        report(expected: "ended", outcome: "ended", why: why, attacked: attacked, ended: Date())
    }

    /// Checks for the grace plus 5 s that the session stays.
    func expectSessionKept(_ why: String) throws {
        let attacked = Date()
        let deadline = attacked.addingTimeInterval(Double(Self.grace + 5))
        while Date() < deadline {
            if try !sessionIsOpen() {
                report(expected: "kept", outcome: "ended", why: why, attacked: attacked, ended: Date())
                let log = try enforcerLog()
                Issue.record("session \(session) was ended: \(why)\n\(log)")
                return
            }
            usleep(250_000)
        }
        report(expected: "kept", outcome: "kept", why: why, attacked: attacked, ended: nil)
    }

    /// With `BECKON_GATE_REPORT=PATH` (bench/reliability's "The gate under
    /// attack"), appends one JSON line per expectation: the test, what was
    /// expected and what logind showed, when the session ended (polled every
    /// 0.2 s) after the attack and after login, and the enforcer's journal
    /// entry for the session (`session-ended` or, in pilot mode,
    /// `session-would-end`): its reason and who ended it.
    private func report(expected: String, outcome: String, why: String, attacked: Date, ended: Date?) {
        guard let path = ProcessInfo.processInfo.environment["BECKON_GATE_REPORT"] else { return }
        var line: [String: Any] = ["test": Test.current?.name ?? "?", "why": why, "expected": expected,
                                   "outcome": outcome, "grace": Self.grace]
        if let ended {
            line["seconds_after_attack"] = ended.timeIntervalSince(attacked)
            line["seconds_after_login"] = ended.timeIntervalSince(opened)
        }
        let entries = ((try? journal(["BECKON_SESSION_ID=\(session)"])) ?? []).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { ["session-ended", "session-would-end"].contains($0["BECKON_OUTCOME"] as? String ?? "") }
        line["events"] = entries.map { entry in
            ["outcome": entry["BECKON_OUTCOME"] as? String ?? "", "reason": entry["BECKON_REASON"] as? String ?? "",
             "ended_by": entry["BECKON_SESSION_ENDED_BY"] as? String ?? "", "uid": entry["_UID"] as? String ?? ""]
        }
        guard let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]),
              let file = FileHandle(forWritingAtPath: path) ?? {
                  FileManager.default.createFile(atPath: path, contents: nil)
                  return FileHandle(forWritingAtPath: path)
              }() else { return }
        file.seekToEndOfFile()
        file.write(data + Data("\n".utf8))
        file.closeFile()
    }

    /// The journal's entries matching `matches`, as JSON lines.
    func journal(_ matches: [String]) throws -> [String] {
        try machine.run(["journalctl", "--no-pager", "-o", "json"] + matches).stdout
            .split(separator: "\n").map(String.init)
    }

    /// The enforcer's own output, for failure messages.
    func enforcerLog() throws -> String {
        try machine.run(["journalctl", "--no-pager", "-u", "beckon-enforcer.service", "-o", "cat"]).stdout
    }

    func stop() { machine.stop() }
}
