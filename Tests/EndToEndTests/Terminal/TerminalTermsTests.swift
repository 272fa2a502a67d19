import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms` on the terminal: a pager whose Accept waits for the end,
/// and the same consent record as the window's.
@Suite(.serialized, .guiHangLimit) struct TerminalTermsTests {
    private let state = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-tty-terms-\(UUID())").path
    private var sample: String { Products.packageRoot.appendingPathComponent("Resources/terms/sample-terms.md").path }
    private var env: [String: String] { ["XDG_STATE_HOME": state] }

    private func terms(_ extra: [String]) throws -> TerminalRun {
        try TerminalRun(["terms", "--file", sample, "--json"] + extra, env: env)
    }

    @Test func acceptWaitsForTheEndThenRecords() throws {
        defer { try? FileManager.default.removeItem(atPath: state) }
        let run = try terms(["--id", "org.beckon.demo", "--version", "1"])
        try run.process.waitFor("Scroll to the end of the terms to accept them.")
        // Accept before the end: the bell, and the pager stays.
        run.process.type("a")
        try poll("the bell", { run.process.rawScreen.contains("\u{07}") }, until: { $0 })
        try run.answer(after: "lines 1–", [Key.end])
        try run.answer(after: "(end)", ["a"])
        let result = run.finish()
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasPrefix(#"{"format":1,"kind":"terms","ended":"accepted","outcome":"accepted","exit_code":0,"record":{"id":"org.beckon.demo","version":"1""#), "\(result)")
        // The record is the one the window writes: --status finds it.
        let status = try BeckonTestSupport.run(Products.beckon, ["terms", "--status", "--id", "org.beckon.demo"],
                                               environment: env)
        #expect(status.exitCode == 0 && status.stdout.contains("version: 1"), "\(status)")
    }

    @Test func paging() throws {
        let run = try terms([])
        try run.answer(after: "lines 1–18 of", [" "])
        try run.process.waitFor("lines 19–36 of")
        try run.answer(after: "lines 19–36", [Key.pageDown, "b"])
        try run.process.waitFor("lines 19–36 of", count: 2)
        try run.answer(after: "lines 19–36", ["q"])
        let result = run.finish()
        #expect(result.exitCode == 1 && result.stdout == #"{"format":1,"kind":"terms","ended":"dismissed","outcome":"dismissed","exit_code":1}"# + "\n", "\(result)")
    }

    /// The status line says how much is left, as the window's "62 % read"
    /// does, and the keys, q among them; on 80 columns the lines left give way
    /// to the keys (the percentage says it already).
    @Test func theStatusLineSaysHowMuchIsLeft() throws {
        let run = try terms([])
        try run.process.waitFor("lines 1–18 of 115 · 15 % read  Space/PgDn: more · q: quit · Tab: buttons")
        run.process.type(" ")
        try run.process.waitFor("lines 19–36 of 115 · 31 % read  Space/PgDn: more")
        // Wider, the text wraps anew into fewer lines, and the lines left fit.
        run.process.resize(columns: 120, rows: 24)
        try run.process.waitFor(" lines left  Space/PgDn: more · q: quit · Tab: buttons")
        run.process.type(Key.end)
        try run.process.waitFor("100 % read  (end) · q: quit · Tab: buttons")
        try run.answer(after: "100 % read", ["q"])
        #expect(run.finish().exitCode == 1)
    }

    /// q ends the pager without accepting: the status line says so, in the
    /// person's language too.
    @Test(arguments: [("de_DE.UTF-8", "q: beenden"), ("ja_JP.UTF-8", "q: 終了")])
    func theStatusLineSaysQQuitsInTheLanguage(_ locale: String, _ words: String) throws {
        let run = try TerminalRun(["terms", "--file", sample, "--json"], env: env.merging(["LANG": locale]) { $1 })
        try run.answer(after: words, ["q"])
        let result = run.finish()
        #expect(result.exitCode == 1 && result.stdout.contains(#""ended":"dismissed""#), "\(result)")
    }

    /// Tab to the checkbox shows it focused, in reverse video as a focused
    /// button is; Tab on to the buttons takes that away again.
    @Test func theFocusedCheckboxShows() throws {
        let run = try terms(["--checkbox", "I have read and agree"])
        let reverse = "\u{1B}[7m"
        let reversed = reverse + "[ ] I have read and agree"
        try run.process.waitFor("[ ] I have read and agree")
        #expect(!run.process.rawScreen.contains(reversed), "focused before Tab")
        run.process.type(Key.tab)
        try poll("the checkbox drawn focused", { run.process.rawScreen }, until: { $0.contains(reversed) })
        run.process.type(Key.tab)
        // The last drawing of the box's line is plain again.
        try poll("the checkbox drawn without the focus", { run.process.rawScreen }, until: { screen in
            guard let last = screen.range(of: "[ ] I have read and agree", options: .backwards) else { return false }
            return !screen[..<last.lowerBound].hasSuffix(reverse)
        })
        try run.answer(after: "I have read", [Key.escape])
        #expect(run.finish().exitCode == 1)
    }

    @Test func aResizedTerminalGetsMoreLines() throws {
        let run = try terms([])
        try run.process.waitFor("lines 1–18 of 115")
        run.process.resize(columns: 80, rows: 40)
        try run.process.waitFor("lines 1–34 of 115")
        try run.answer(after: "lines 1–34", ["q"])
        #expect(run.finish().exitCode == 1)
    }

    @Test func declineByItsMnemonic() throws {
        let run = try terms([])
        try run.answer(after: "lines 1–", ["d"])
        let result = run.finish()
        #expect(result.exitCode == 1 && result.stdout == #"{"format":1,"kind":"terms","ended":"declined","outcome":"declined","exit_code":1}"# + "\n", "\(result)")
    }

    @Test func escapeDismisses() throws {
        let run = try terms([])
        try run.answer(after: "lines 1–", [Key.escape])
        let result = run.finish()
        #expect(result.exitCode == 1 && result.stdout == #"{"format":1,"kind":"terms","ended":"dismissed","outcome":"dismissed","exit_code":1}"# + "\n", "\(result)")
    }

    @Test func theTimeout() throws {
        let run = try terms(["--timeout", "1"])
        try run.process.waitFor("lines 1–")
        let result = run.finish()
        #expect(result.exitCode == 5 && result.stdout == #"{"format":1,"kind":"terms","ended":"timeout","outcome":"timeout","exit_code":5}"# + "\n", "\(result)")
        // The alternate screen was left and the cursor shown again.
        #expect(run.process.rawScreen.hasSuffix("\u{1B}[?1049l\u{1B}[0m\u{1B}[?25h"), "\(run.process.rawScreen.suffix(40).debugDescription)")
    }

    @Test func theCheckboxMustBeTicked() throws {
        let run = try terms(["--checkbox", "I have read and agree"])
        try run.answer(after: "[ ] I have read and agree", [Key.end])
        try run.process.waitFor("Tick the box to accept the terms.")
        run.process.type("a")
        try poll("the bell", { run.process.rawScreen.contains("\u{07}") }, until: { $0 })
        try run.answer(after: "Tick the box", [Key.tab, " "])
        try run.answer(after: "[x] I have read and agree", ["a"])
        let result = run.finish()
        #expect(result.exitCode == 0 && result.stdout == #"{"format":1,"kind":"terms","ended":"accepted","outcome":"accepted","exit_code":0}"# + "\n", "\(result)")
    }
}
