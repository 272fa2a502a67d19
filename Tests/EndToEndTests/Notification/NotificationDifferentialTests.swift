import BeckonTestSupport
import Foundation
import Testing

/// `--notification` side by side with zenity 3.44 on a private session bus
/// with notification-daemon, reading what the server received with dbus-monitor.
@Suite(.serialized, .guiHangLimit) struct NotificationDifferentialTests {
    /// One bus and server for the suite: starting notification-daemon costs more than a case.
    static let bus = Result { try X11.require(); return try PrivateSessionBus() }

    @Test(arguments: NotificationCases.all)
    func sameAsZenity(_ testCase: NotificationCase) throws {
        let bus = try Self.bus.get()
        try bus.restartServer()
        try assertSameAsZenity(testCase, on: bus)
    }

    /// A bus without a notification server: both exit 1; beckon says why.
    @Test func noServerIsExit1AndALine() throws {
        try X11.require()
        let bus = try PrivateSessionBus(withServer: false)
        defer { bus.stop() }
        let env = ZenityCase.baseEnvironment.merging(bus.environment) { $1 }
        let zenity = try run(ZenityDifferentialTests.zenity, ["--notification", "--text", "lost"], environment: env)
        let beckon = try run(Products.beckon, ["--notification", "--text", "lost"], environment: env)
        #expect(zenity.exitCode == 1, "\(zenity)")
        #expect(beckon.exitCode == 1, "\(beckon)")
        #expect(beckon.stderr.contains("beckon: --notification: no notification server answers on the session bus"),
                "\(beckon)")
    }

    /// No bus at all (an address where nothing listens): both exit 1; beckon says why.
    @Test func noBusIsExit1AndALine() throws {
        try X11.require()
        let env = ZenityCase.baseEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"]) { $1 }
        let zenity = try run(ZenityDifferentialTests.zenity, ["--notification", "--text", "lost"], environment: env)
        let beckon = try run(Products.beckon, ["--notification", "--text", "lost"], environment: env)
        #expect(zenity.exitCode == 1, "\(zenity)")
        #expect(beckon.exitCode == 1, "\(beckon)")
        #expect(beckon.stderr.contains("beckon: --notification: cannot connect to the session bus"), "\(beckon)")
    }

    /// Runs `script` with `sh -c` on the suite's bus, "$BECKON" being beckon.
    private func beckonShell(_ script: String) throws -> (ProcessResult, [NotifyCall]) {
        let bus = try Self.bus.get()
        try bus.restartServer()
        let env = ZenityCase.baseEnvironment.merging(bus.environment) { $1 }.merging(["BECKON": Products.beckon]) { $1 }
        let result = try run("/bin/sh", ["-c", script], environment: env, deadline: 15)
        #expect(!result.timedOut, "\(result)")
        return (result, try bus.takeNotifyCalls())
    }

    /// `--json` prints a line on success too (zenity has no `--json`): how the
    /// run ended, the server's id for one notification, the count `--listen` sent.
    @Test func jsonNamesHowEachRunEnded() throws {
        func line(_ result: ProcessResult) throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            // Each fits the --json contract (Resources/beckon-json.schema.json).
            let problems = try JSONSchemaCheck.problems([result.stdout])
            #expect(problems == nil, "\(problems ?? "")")
            return try #require(object, "\(result)")
        }
        let (sent, sentCalls) = try beckonShell(#""$BECKON" --notification --text=Sent --json"#)
        let sentLine = try line(sent)
        #expect(sent.exitCode == 0, "\(sent)")
        #expect(sentLine["ended"] as? String == "sent" && sentLine["exit_code"] as? Int == 0, "\(sent)")
        #expect((sentLine["id"] as? Int ?? 0) > 0, "\(sent)")
        #expect(sentCalls.map(\.summary) == ["Sent"])

        let (timedOut, _) = try beckonShell(#""$BECKON" --notification --text=Waits --timeout=1 --json"#)
        let timedOutLine = try line(timedOut)
        #expect(timedOut.exitCode == 5, "\(timedOut)")
        #expect(timedOutLine["ended"] as? String == "timeout" && timedOutLine["exit_code"] as? Int == 5, "\(timedOut)")

        let (listened, listenedCalls) = try beckonShell(
            #"printf 'message: one\nmessage: two\n' | "$BECKON" --notification --listen --json"#)
        let listenedLine = try line(listened)
        #expect(listened.exitCode == 0, "\(listened)")
        #expect(listenedLine["ended"] as? String == "end-of-input" && listenedLine["sent"] as? Int == 2, "\(listened)")
        #expect(listenedCalls.map(\.summary) == ["one", "two"])

        let (plain, _) = try beckonShell(#""$BECKON" --notification --text=Quiet"#)
        #expect(plain.exitCode == 0 && plain.stdout.isEmpty, "without --json stdout stays empty, as zenity's: \(plain)")
    }

    @Test func listenWithAClosedStdinEndsAtOnce() throws {
        let (result, calls) = try beckonShell(#""$BECKON" --notification --listen <&-"#)
        #expect(result.exitCode == 0, "\(result)")
        #expect(calls.isEmpty)
    }

    @Test func listenOnDevZeroIsCutAndTheTimeoutHolds() throws {
        let (result, calls) = try beckonShell(#""$BECKON" --notification --listen --timeout=1 </dev/zero"#)
        #expect(result.exitCode == 5, "\(result)")
        #expect(result.stderr.contains("longer than 65536 bytes"), "\(result)")
        #expect(calls.isEmpty)
    }

    @Test func listenOnADirectoryWarnsAndEnds() throws {
        let (result, _) = try beckonShell(#""$BECKON" --notification --listen </"#)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("cannot read stdin (Is a directory)"), "\(result)")
    }

    @Test func listenSkipsTextThatIsNotUTF8AndGoesOn() throws {
        let (result, calls) = try beckonShell(#"printf 'message: bad \377\nmessage: good\n' | "$BECKON" --notification --listen"#)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("not valid UTF-8"), "\(result)")
        #expect(calls.map(\.summary) == ["good"])
    }
}
