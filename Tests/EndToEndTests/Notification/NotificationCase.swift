import BeckonTestSupport
import Foundation
import Testing

/// One `--notification` invocation given to zenity 3.44 and to beckon on the
/// same private bus with a real notification server: both must exit the same
/// and the server must receive the same Notify calls (summary, body, icon,
/// hints, actions, expiry; not the application name or the sender's pid).
struct NotificationCase: Sendable, CustomTestStringConvertible {
    var name: String
    var arguments: [String]
    var environment: [String: String] = [:]
    var stdin: String?
    /// zenity --listen never exits: it is killed once the server has its
    /// notifications; Foundation reports that as 9 (SIGKILL).
    var zenityNeverExits = false
    /// Stdin stays open until the program exits (a writer that is not done).
    var stdinStaysOpen = false
    /// The notification's bubble is clicked once it is on screen.
    var clickBubble = false
    var expectedExit: Int32
    /// What the server receives from zenity, in the ``NotifyCall/comparable`` form.
    var expectedCalls: [NotifyCall]
    /// Where zenity 3.44 is wrong: why, and what beckon gives instead.
    var zenityIsWrong: (why: String, exit: Int32, calls: [NotifyCall])?

    var testDescription: String { name }

    init(_ name: String, _ arguments: [String], env: [String: String] = [:], stdin: String? = nil,
         exit: Int32, calls: [NotifyCall], zenityIsWrong: (why: String, exit: Int32, calls: [NotifyCall])? = nil) {
        self.name = name
        self.arguments = arguments
        self.environment = env
        self.stdin = stdin
        self.expectedExit = exit
        self.expectedCalls = calls
        self.zenityIsWrong = zenityIsWrong
    }

    /// What one program did: its exit code, stdout, and the calls the server saw.
    struct Observed: Sendable, Equatable, CustomStringConvertible {
        var exitCode: Int32
        var stdout: String
        var calls: [NotifyCall]
        var description: String { "exit \(exitCode), stdout \(stdout.debugDescription), calls \(calls)" }
    }

    /// The Notify call zenity sends for `--text`: libnotify adds sender-pid,
    /// zenity its one action, a click on the notification.
    static func sent(_ summary: String, body: String = "", icon: String = "", hints: [String: String] = [:],
                     actions: [String] = ["default", "Do Default Action"]) -> NotifyCall {
        NotifyCall(appName: "", replacesID: 0, icon: icon, summary: summary, body: body, actions: actions,
                   hints: hints.merging(["sender-pid": "int64"]) { $1 }, expireTimeout: -1)
    }

    /// A notification of `--listen`: no action.
    static func listened(_ summary: String, body: String = "", icon: String = "",
                         hints: [String: String] = [:]) -> NotifyCall {
        sent(summary, body: body, icon: icon, hints: hints, actions: [])
    }

    /// Runs `executable` (zenity or beckon) through this case on `bus`.
    func run(_ executable: String, on bus: PrivateSessionBus, isZenity: Bool) throws -> (Observed, ProcessResult) {
        let env = ZenityCase.baseEnvironment.merging(bus.environment) { $1 }.merging(environment) { $1 }
        let shownBefore = clickBubble ? try bus.bubbles() : []
        let keepOpen = stdinStaysOpen || (isZenity && zenityNeverExits)
        let process = try RunningProcess(executable, arguments, environment: env, stdin: stdin.map { Data($0.utf8) },
                                         keepStdinOpen: keepOpen)
        if clickBubble { try bus.clickNewBubble(shownBefore: shownBefore, until: process) }
        if isZenity && zenityNeverExits {
            try bus.waitForNotifyCalls(expectedCalls.count)
            // SIGKILL: zenity inherits the test runner's blocked SIGTERM.
            kill(process.pid, SIGKILL)
        }
        let result = process.wait(deadline: 15)
        let calls = try bus.takeNotifyCalls().map(\.comparable)
        return (Observed(exitCode: result.exitCode, stdout: result.stdout, calls: calls), result)
    }
}

/// Runs `testCase` through zenity, then beckon, on `bus`: zenity must give
/// what the case pins, beckon the same (or its own where zenity is wrong).
func assertSameAsZenity(_ testCase: NotificationCase, on bus: PrivateSessionBus,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
    let (zenity, zenityRun) = try testCase.run(ZenityDifferentialTests.zenity, on: bus, isZenity: true)
    let (beckon, beckonRun) = try testCase.run(Products.beckon, on: bus, isZenity: false)
    #expect(!beckonRun.timedOut && (testCase.zenityNeverExits || !zenityRun.timedOut),
            "killed at the deadline: zenity \(zenityRun), beckon \(beckonRun)", sourceLocation: sourceLocation)
    let pinned = NotificationCase.Observed(exitCode: testCase.expectedExit, stdout: "", calls: testCase.expectedCalls)
    #expect(zenity == pinned, "zenity 3.44 itself: \(zenityRun)", sourceLocation: sourceLocation)
    if let (why, exit, calls) = testCase.zenityIsWrong {
        let beckonGives = NotificationCase.Observed(exitCode: exit, stdout: "", calls: calls)
        #expect(beckon == beckonGives, "beckon, where zenity is wrong (\(why)): \(beckonRun)",
                sourceLocation: sourceLocation)
    } else {
        #expect(beckon == zenity, "beckon \(beckonRun) vs zenity \(zenityRun)", sourceLocation: sourceLocation)
    }
}
