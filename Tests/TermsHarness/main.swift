// BeckonTermsHarness: `beckon terms` as the test suite drives it, with a
// scripted answer in place of a person at the window. Everything else is the
// command's own path: the options, reading the terms, --once, the record
// file, --json, the exit codes. The `beckon` command has no such option
// (docs/testing.md, "Testing hooks"); this program is built for the tests only.
//
//   BeckonTermsHarness ANSWER [--pause-mid-write] [TERMS OPTIONS...]
//
//   ANSWER             accept or decline: that button, as if pressed once the
//                      gate opened; escape: the window dismissed; hold: no
//                      answer ever (a window left open, for the enforcer's
//                      tests to kill or stop); accept-after=SECONDS: Accept,
//                      pressed that long after the window opened (a reader,
//                      for the enforcer's restart tests)
//   --pause-mid-write  the writer stops itself (SIGSTOP) with half of the new
//                      record file written, so a test can kill -9 it there
import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
@testable import BeckonLoginGate
@testable import BeckonCLI
import Glibc

var arguments = Array(CommandLineText.arguments(CommandLine.unsafeArgv, count: CommandLine.argc).dropFirst())
// Under --gate the command starts its warden from this same executable.
if arguments.first == GateWarden.mode { exit(BeckonCommand.main(["beckon"] + arguments)) }
let answers: [String: ScriptedPresenter.Answer] = [
    // TermsRequest's buttons: Decline at 0, Accept at 1, whatever their labels.
    "accept": .buttonAt(1), "decline": .buttonAt(0), "escape": .escape,
]
/// A window no one answers: the presenter never returns until cancelled.
struct HoldingPresenter: DialogPresenter {
    func present<Request: DialogRequest>(_ request: Request) async throws -> DialogReply<Request.Value> {
        while true { try await Task.sleep(for: .seconds(3600)) }
    }
}
/// A reader: Accept, pressed `seconds` after the window opened.
struct DelayedPresenter: DialogPresenter {
    let seconds: Double
    let accept = ScriptedPresenter([.buttonAt(1)])
    func present<Request: DialogRequest>(_ request: Request) async throws -> DialogReply<Request.Value> {
        try await Task.sleep(for: .seconds(seconds))
        return try await accept.present(request)
    }
}
let delay = arguments.first.flatMap { $0.hasPrefix("accept-after=") ? Double($0.dropFirst(13)) : nil }
guard let first = arguments.first, first == "hold" || answers[first] != nil || delay != nil else {
    StandardError.write("usage: BeckonTermsHarness accept|decline|escape|hold|accept-after=SECONDS [--pause-mid-write] [TERMS OPTIONS...]\n")
    exit(2)
}
arguments.removeFirst()
let presenter: any DialogPresenter = if let delay { DelayedPresenter(seconds: delay) }
    else if first == "hold" { HoldingPresenter() } else { ScriptedPresenter([answers[first]!]) }
var harness = TermsHarness(presenter: presenter)
if let pause = arguments.firstIndex(of: "--pause-mid-write") {
    arguments.remove(at: pause)
    harness.adjustStore = { store in store.midWriteHook = { _ = raise(SIGSTOP) } }
}
exit(BeckonCommand.main(["beckon", "terms"] + arguments, termsHarness: harness))
