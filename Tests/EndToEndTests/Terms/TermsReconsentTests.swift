import BeckonTestSupport
import Foundation
import Testing

/// Asked again after an earlier version: v1 accepted (its copy kept beside
/// the record), one section changed, v2 shown in a real window on Xvfb with
/// real keys, and in the terminal pager in a pseudo-terminal. Exactly that
/// section is marked; Accept waits until it has been on screen, or, with
/// `--reread all`, for the end.
@Suite(.serialized, .guiHangLimit) struct TermsReconsentTests {
    static let id = "org.beckon.reconsent"

    /// Three sections; the first and last long enough that the middle one,
    /// Privacy, and the end are off screen at the start.
    static func terms(privacy: String) -> String {
        "# Use\n\n" + (1...60).map { "Use rule \($0)." }.joined(separator: "\n\n")
            + "\n\n# Privacy\n\n\(privacy)\n\n# Fees\n\n" + (1...60).map { "Fee line \($0)." }.joined(separator: "\n\n") + "\n"
    }

    /// v1 accepted through the answering harness; v2 written; returns v2's path.
    func acceptV1ThenChangePrivacy(_ fixture: TermsFixture) throws -> String {
        let v1 = try fixture.file("v1.md", Data(Self.terms(privacy: "We keep logs for 30 days.").utf8))
        let first = try fixture.run(answering: .accept, ["--file", v1, "--id", Self.id, "--version", "1"])
        #expect(first.exitCode == 0, "\(first)")
        #expect(try copy(in: fixture) == Data(contentsOf: URL(fileURLWithPath: v1)), "v1's copy is kept")
        return try fixture.file("v2.md", Data(Self.terms(privacy: "We keep logs for 90 days.").utf8))
    }

    /// The one copy of accepted terms in the state directory, 0600.
    func copy(in fixture: TermsFixture) throws -> Data {
        let directory = fixture.stateHome + "/beckon"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("accepted-") }
        let name = try #require(names.count == 1 ? names.first : nil, "\(names)")
        #expect(try TermsFixture.mode(directory + "/" + name) == 0o600)
        return try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
    }

    /// Presses Next change (Alt+N, its mnemonic) until the window has gone to the first change.
    func nextChange(_ window: String) throws -> Set<String> {
        try poll("Next change to reach the changed section", seconds: 10, every: 0.2) {
            try Xdotool.key("alt+n")
            return try TermsInput.gate(of: window)
        } until: { $0.contains("change-at-1") && $0.contains("changes-shown-1") && !$0.contains("accept-pressed") }
    }

    @Test func onlyTheChangedSectionIsMarkedAndNextChangeOpensAccept() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let v2 = try acceptV1ThenChangePrivacy(fixture)
        let process = try fixture.start(["--file", v2, "--id", Self.id, "--version", "2", "--json"])
        let window = try TermsInput.window(of: process)
        // Exactly section 2 of 3, Privacy, is changed, and it is not on screen yet.
        let before = try TermsInput.waitForGate(window, "closed", "changes-1", "changes-shown-0", "changed-2", seconds: 0)
        #expect(!before.contains("accept-sensitive"), "\(before.sorted())")

        try Xdotool.key("Return")
        try Xdotool.key("alt+a") // Accept's mnemonic: nothing while gated
        let after = try nextChange(window)
        // Open once the change was on screen, though the end never was.
        try TermsInput.waitForGate(window, "open", "accept-sensitive", "changes-shown-1")
        #expect(!after.contains("scrolled"), "\(after.sorted())")
        #expect(try fixture.records().first?["version"] as? String == "1", "Return and alt+a before did nothing")

        try Xdotool.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains(#""outcome":"accepted""#), "\(result)")
        #expect(try fixture.records().first?["version"] as? String == "2")
        #expect(try copy(in: fixture) == Data(contentsOf: URL(fileURLWithPath: v2)), "the copy now holds v2")
    }

    @Test func rereadAllStillNeedsTheEnd() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let v2 = try acceptV1ThenChangePrivacy(fixture)
        let process = try fixture.start(["--file", v2, "--id", Self.id, "--version", "2", "--reread", "all"])
        let window = try TermsInput.window(of: process)
        try TermsInput.waitForGate(window, "closed", "changes-1", "changed-2", seconds: 0)
        let shown = try nextChange(window)
        // The change was shown and marked, but the whole text must be read.
        #expect(shown.contains("closed") && !shown.contains("accept-sensitive"), "\(shown.sorted())")
        try TermsInput.endUntilGateOpens(window, "v2 with --reread all", seconds: 10)
        try Xdotool.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try fixture.records().first?["version"] as? String == "2")
    }

    /// Terms of 300 parts, about 600 KiB: shown a page at a time.
    static func longTerms(part200: String) -> String {
        let filler = (1...20).map { "Paragraph \($0) of this part, which says nothing new but takes its room on the page, as terms do." }
        return (1...300).map { part in
            "# Part \(part)\n\n" + (part == 200 ? part200 : filler.joined(separator: "\n\n"))
        }.joined(separator: "\n\n") + "\n"
    }

    @Test func nextChangeTurnsToThePageOfTheChangeInLongTerms() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let v1 = try fixture.file("v1.md", Data(Self.longTerms(part200: "Old words.").utf8))
        #expect(try fixture.run(answering: .accept, ["--file", v1, "--id", Self.id, "--version", "1"]).exitCode == 0)
        let text = Self.longTerms(part200: "New words.")
        #expect(text.utf8.count > 512 * 1024 && text.utf8.count < 1 << 20) // paged, and still kept as a copy
        let v2 = try fixture.file("v2.md", Data(text.utf8))
        let process = try fixture.start(["--file", v2, "--id", Self.id, "--version", "2"])
        let window = try TermsInput.window(of: process)
        let before = try TermsInput.waitForGate(window, "closed", "changes-1", "changes-shown-0", "changed-200", seconds: 0)
        #expect(!before.contains("accept-sensitive") && before.contains { $0.hasPrefix("page-1-of-") }, "\(before.sorted())")
        let after = try nextChange(window)
        #expect(!after.contains { $0.hasPrefix("page-1-") }, "Next change turned the page: \(after.sorted())")
        try TermsInput.waitForGate(window, "open", "accept-sensitive", "changes-shown-1")
        try Xdotool.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try fixture.records().first?["version"] as? String == "2")
    }

    @Test func theTerminalPagerMarksTheChangeAndJumpsToIt() throws {
        let fixture = try TermsFixture()
        let v2 = try acceptV1ThenChangePrivacy(fixture)
        let run = try TerminalRun(["terms", "--file", v2, "--id", Self.id, "--version", "2", "--json"],
                                  env: ["XDG_STATE_HOME": fixture.stateHome])
        // The line above the text names the changed section.
        try run.process.waitFor("1 of 3 sections changed since you accepted version 1 on")
        try run.process.waitFor(": “Privacy”")
        try run.process.waitFor("1 changed, 1 left")
        // Accept before the change was shown: the bell, and the pager stays.
        run.process.type("a")
        try poll("the bell", { run.process.rawScreen.contains("\u{07}") }, until: { $0 })
        try run.answer(after: "1 left", ["n"])
        // The changed section's label is on screen, its heading after it.
        try run.process.waitFor("change 1 of 1, all shown")
        try run.process.waitFor("Changed\u{00A0} Privacy")
        try run.answer(after: "all shown", ["a"])
        let result = run.finish()
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasPrefix(#"{"format":1,"kind":"terms","ended":"accepted","outcome":"accepted","exit_code":0,"record":{"id":"org.beckon.reconsent","version":"2""#), "\(result)")
        #expect(try copy(in: fixture) == Data(contentsOf: URL(fileURLWithPath: v2)))
    }
}
