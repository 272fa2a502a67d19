import BeckonTestSupport
import Foundation
import Testing

/// What reaches a terminal from content (the terms, a message, prompts,
/// titles, rows) is shown, never obeyed: no escape sequence, C1 control or
/// bell of its own arrives. On a terminal without ANSI (`TERM=dumb`, no
/// `TERM`) no escape sequence arrives at all. A paste costs its length.
@Suite(.serialized, .guiHangLimit) struct TerminalContentTests {
    /// An OSC that sets the window's title, ended by BEL; a clear screen; the
    /// same two as single C1 characters (CSI, OSC … ST).
    static let hostile = "hi \u{1B}]0;PWNED\u{07}\u{1B}[2J \u{9B}2J \u{9D}0;C1TITLE\u{9C} end"

    /// Every escape sequence in `bytes` is one beckon sends itself (CSI
    /// styles, cursor moves, erasing, the cursor's and the alternate screen's
    /// modes); nothing else is a control character but line ends. Returns
    /// what is not.
    static func foreignControls(_ raw: String) -> [String] {
        let own = try! Regex(#"\x1B\[[0-9;?]*[mKJHABCDhl]"#)
        let rest = raw.replacing(own, with: "")
        var found: [String] = []
        for scalar in rest.unicodeScalars {
            let value = scalar.value
            if value == 0x0A || value == 0x0D { continue }
            if value < 0x20 || (0x7F...0x9F).contains(value) { found.append(String(format: "U+%04X", value)) }
        }
        return found
    }

    private func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-content-\(UUID()).md").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theTermsCannotDriveTheTerminal() throws {
        let file = try temporaryFile(Self.hostile + "\n\nSecond paragraph.\n")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-content-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let run = try TerminalRun(["terms", "--file", file, "--tty"], env: ["XDG_STATE_HOME": state])
        try run.answer(after: "Second paragraph.", ["q"])
        let result = run.finish()
        #expect(result.exitCode == 1, "\(result)")
        let raw = run.process.rawScreen
        #expect(Self.foreignControls(raw).isEmpty, "\(Self.foreignControls(raw)) in \(raw.debugDescription)")
        #expect(!raw.contains("\u{1B}]") && !raw.contains("\u{1B}[2J"), "\(raw.debugDescription)")
        // Shown instead, as U+FFFD.
        #expect(run.process.screen.contains("\u{FFFD}]0;PWNED"), "\(run.process.screen)")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var stdin: String?
        var prompt: String
        var keys: [String]
        var exit: Int32
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a message's text", arguments: ["--info", "--text=\(hostile)"], prompt: "end", keys: [Key.enter], exit: 0),
        Case(name: "a message's markup entity", arguments: ["--info", "--text=a &#27;[2J &#x9b;2J b"],
             prompt: " b", keys: [Key.enter], exit: 0),
        Case(name: "a message's detail and title",
             arguments: ["--question", "--title=T \u{1B}]0;PWNED\u{07}", "--text=q", "--ok-label=Y\u{1B}[2J"],
             prompt: "PWNED", keys: [Key.escape], exit: 1),
        Case(name: "an entry's prompt and text", arguments: ["--entry", "--text=\(hostile)", "--entry-text=x\u{1B}[2Jy"],
             prompt: "end", keys: [Key.escape], exit: 1),
        Case(name: "a list's text, header and rows",
             arguments: ["--list", "--text=\(hostile)", "--column=H\u{1B}[2J", "r\u{1B}]0;PWNED\u{07}", "s\u{9B}2J"],
             prompt: "PWNED", keys: [Key.escape], exit: 1),
        Case(name: "a form's labels", arguments: ["--forms", "--text=\(hostile)", "--add-entry=E\u{1B}[2J",
                                                  "--add-combo=C\u{07}", "--combo-values=a\u{1B}]0;PWNED\u{07}|b"],
             prompt: "end", keys: [Key.escape], exit: 1),
        Case(name: "a progress text", arguments: ["--progress", "--text=\(hostile)"], stdin: "#\(hostile)\n50\n",
             prompt: "50%", keys: [Key.escape], exit: 1),
    ]

    @Test(arguments: cases) func contentIsShownNotObeyed(_ item: Case) throws {
        let run = try TerminalRun(item.arguments, stdin: item.stdin, stdinStaysOpen: item.stdin != nil)
        try run.answer(after: item.prompt, item.keys)
        let result = run.finish()
        #expect(result.exitCode == item.exit, "\(result)")
        let raw = run.process.rawScreen
        #expect(Self.foreignControls(raw).isEmpty, "\(Self.foreignControls(raw)) in \(raw.debugDescription)")
        #expect(!raw.contains("\u{1B}[2J") && !raw.contains("\u{1B}]"), "\(raw.debugDescription)")
    }

    // MARK: A terminal without ANSI

    static let plainTerminals: [[String: String]] = [["TERM": "dumb"], [:]]

    private func plainRun(_ arguments: [String], _ term: [String: String]) throws -> TerminalRun {
        try TerminalRun(arguments, env: term, unsetting: term.isEmpty ? ["TERM"] : [])
    }

    @Test(arguments: plainTerminals) func aQuestionOnAPlainTerminalSendsNoEscape(_ term: [String: String]) throws {
        let run = try plainRun(["--question", "--text=Restart now?", "--title=Restart"], term)
        try run.answer(after: ">[ Yes ]<", [Key.left, Key.enter])
        let result = run.finish()
        #expect(result.exitCode == 1, "\(result)")
        let raw = run.process.rawScreen
        #expect(!raw.contains("\u{1B}"), "\(raw.debugDescription)")
        #expect(raw.contains("Restart now?") && raw.contains(">[ No ]<"), "\(raw.debugDescription)")
    }

    @Test(arguments: plainTerminals) func anEntryOnAPlainTerminalAnswers(_ term: [String: String]) throws {
        let run = try plainRun(["--entry", "--text=Name?", "--entry-text=x"], term)
        try run.answer(after: "> x", ["a", "b", Key.enter])
        let result = run.finish()
        #expect(result.exitCode == 0 && result.stdout == "ab\n", "\(result)")
        #expect(!run.process.rawScreen.contains("\u{1B}"), "\(run.process.rawScreen.debugDescription)")
    }

    @Test(arguments: plainTerminals) func theTermsOnAPlainTerminalPageWithoutEscapes(_ term: [String: String]) throws {
        let sample = Products.packageRoot.appendingPathComponent("Resources/terms/sample-terms.md").path
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-content-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let run = try TerminalRun(["terms", "--file", sample, "--tty"], env: term.merging(["XDG_STATE_HOME": state]) { $1 },
                                  unsetting: term.isEmpty ? ["TERM"] : [])
        try run.answer(after: "lines 1–18 of", [" "])
        try run.answer(after: "lines 19–36 of", ["q"])
        let result = run.finish()
        #expect(result.exitCode == 1, "\(result)")
        #expect(!run.process.rawScreen.contains("\u{1B}"), "\(run.process.rawScreen.debugDescription)")
    }

    // MARK: A paste

    /// 256 KiB pasted into an entry all arrive, and in time: the line was
    /// re-measured whole for every read (quadratic), at about 6 KB/s for 1 MB.
    @Test func aPasteOf256KiBArrivesWhole() throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var text = ""
        for index in 0..<(256 * 1024) {
            text.append(index % 97 == 96 ? " " : letters[index % 26])
        }
        let run = try TerminalRun(["--entry", "--text=Paste:"])
        try run.process.waitFor("Paste:")
        // Pasted from another thread: a write waits while beckon has not read,
        // and the deadline below must hold however slowly it reads.
        let process = run.process
        let keys = text + "\r"
        let pasted = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.paste(keys)
            pasted.signal()
        }
        let result = run.process.wait(deadline: 60)
        #expect(pasted.wait(timeout: .now() + 5) == .success, "the paste was still being written")
        #expect(!result.timedOut, "the paste was not through within 60 s")
        #expect(result.exitCode == 0, "\(result.exitCode) \(result.stderr)")
        #expect(result.stdout == text + "\n", "\(result.stdout.utf8.count) bytes of \(text.utf8.count + 1)")
    }
}
