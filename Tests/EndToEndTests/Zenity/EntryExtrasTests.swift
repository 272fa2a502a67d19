import Foundation
import BeckonTestSupport
import Testing

/// `--entry` beyond zenity (`--json`), and what zenity shows that stdout does
/// not: the window title in the desktop's language.
@Suite(.serialized, .guiHangLimit) struct EntryExtrasTests {
    @Test func jsonHasTheTextWhenAnswered() throws {
        let ok = try beckon(["--entry", "--json"], .type("hello \"you\"", then: ["Return"]))
        #expect(ok.exitCode == 0)
        let answer = try json(ok)
        #expect(answer["ended"] as? String == "button" && answer["button"] as? String == "ok")
        #expect(answer["value"] as? String == "hello \"you\"")

        let timedOut = try beckon(["--entry", "--json", "--entry-text=draft", "--timeout=1"], .none)
        #expect(timedOut.exitCode == 5)
        #expect(try json(timedOut)["value"] as? String == "draft")
    }

    @Test func jsonHasNoTextWhenDeclined() throws {
        for (arguments, answer) in [(["--entry", "--json"], DialogRun.Answer.type("typed", then: ["Escape"])),
                                    (["--entry", "--json"], .type("typed", then: ["Tab", "space"])),
                                    (["--entry", "--json", "--extra-button=_More"], .type("typed", then: ["alt+m"]))] {
            let result = try beckon(arguments, answer)
            #expect(result.exitCode == 1, "\(arguments)")
            #expect(try json(result)["value"] is NSNull, "\(arguments)")
            #expect(!result.stdout.contains("typed"), "\(arguments)")
        }
    }

    /// The default title, translated by zenity's own catalogue, is zenity's.
    @Test(arguments: ["C.UTF-8", "ja_JP.UTF-8", "de_DE.UTF-8"])
    func sameDefaultTitleAsZenity(locale: String) throws {
        try X11.require()
        func title(_ executable: String) throws -> String {
            let env = ZenityCase.baseEnvironment.merging(["LANG": locale]) { $1 }
            let process = try RunningProcess(executable, ["--entry"], environment: env)
            defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
            let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "no window")
            return try Xdotool.name(of: window)
        }
        let zenityTitle = try title(ZenityDifferentialTests.zenity)
        #expect(!zenityTitle.isEmpty)
        #expect(try title(Products.beckon) == zenityTitle)
    }
}
