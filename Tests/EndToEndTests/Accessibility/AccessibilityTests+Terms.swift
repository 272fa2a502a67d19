import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms` and its login gate read through AT-SPI (zenity has no
/// terms to compare): the window, a paged one, one asked again after a
/// change, and a gate with its shield have nothing a screen reader would
/// miss; and the gate speaks as the terms are read with the keyboard alone.
extension AccessibilityTests {
    static func termsCase(_ name: String, _ fixture: TermsFixture, _ arguments: [String], windows: Int = 1) -> Case {
        Case(name: name, arguments: ["terms"] + arguments, environment: fixture.environment, windows: windows)
    }

    @Test func theTermsWindowWithACheckbox() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let kase = Self.termsCase("terms", fixture, ["--file", TermsFixture.sample, "--id", "org.a11y",
                                                     "--checkbox", "I have read and agree"])
        let found = try Self.findings(Products.beckon, kase)
        #expect(found.isEmpty, "\(found)")
    }

    /// Long terms: the page bar's ‹ and › are named, and the one disabled on
    /// the first page says why.
    @Test func longTermsShownAPageAtATime() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let paragraph = String(repeating: "Every clause of these long terms binds. ", count: 25)
        let long = try fixture.file("long.md", Data(((1...700).map { "## Clause \($0)\n\n\(paragraph)\n" }.joined(separator: "\n")).utf8))
        let kase = Self.termsCase("paged terms", fixture, ["--file", long, "--id", "org.a11y.long"])
        let found = try Self.findings(Products.beckon, kase)
        #expect(found.isEmpty, "\(found)")
    }

    /// Asked again: the changes line, Previous change (disabled before the
    /// first move, and saying why) and Next change.
    @Test func termsAskedAgainAfterAChange() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let v2 = try TermsReconsentTests().acceptV1ThenChangePrivacy(fixture)
        let kase = Self.termsCase("terms asked again", fixture, ["--file", v2, "--id", TermsReconsentTests.id, "--version", "2"])
        let found = try Self.findings(Products.beckon, kase)
        #expect(found.isEmpty, "\(found)")
    }

    /// The login gate: its shield is a window named after the terms, not "beckon-shield".
    @Test func theLoginGateAndItsShield() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let kase = Self.termsCase("login gate", fixture, ["--gate", "--file", TermsFixture.sample, "--id", "org.a11y.gate"],
                                  windows: 2)
        let found = try Self.findings(Products.beckon, kase)
        #expect(found.isEmpty, "\(found)")
    }

    /// Page Down to the end, the checkbox by the mnemonic Beckon gave it,
    /// Return: what Orca hears on the way, from the real window on a real
    /// AT-SPI bus. Progress is announced at each tenth read and not on every
    /// scroll step; the end comes with what is still missing; Accept's
    /// description is that, and then nothing; Accept becoming usable is announced.
    /// What the gate says, in a language.
    struct Speech: Sendable, CustomTestStringConvertible {
        var locale: String
        var read: String
        var atTheEnd: String
        var tickHint: String
        var acceptAvailable: String
        var testDescription: String { locale }
    }

    static let speeches = [
        Speech(locale: "C.UTF-8", read: " % read", atTheEnd: "100 % read. Tick the box to accept the terms.",
               tickHint: "Tick the box to accept the terms.", acceptAvailable: "You can accept the terms now."),
        Speech(locale: "de_DE.UTF-8", read: " % gelesen",
               atTheEnd: "100 % gelesen. Setzen Sie das Häkchen, um die Bedingungen zu akzeptieren.",
               tickHint: "Setzen Sie das Häkchen, um die Bedingungen zu akzeptieren.",
               acceptAvailable: "Sie können die Bedingungen jetzt akzeptieren."),
    ]

    @Test(arguments: speeches) func theGateSpeaksAsTheTermsAreReadWithTheKeyboard(_ speech: Speech) throws {
        try X11.require()
        let fixture = try TermsFixture()
        let title = "Speaking terms \(UUID().uuidString.prefix(8))"
        let running = try RunningProbe(["--events", "--", Products.beckon, "terms", "--file", TermsFixture.sample,
                                        "--id", "org.a11y.speaks", "--title", title, "--checkbox", "I have read and agree"],
                                       environment: fixture.environment.merging(["LANG": speech.locale, "LC_ALL": "",
                                                                                 "LANGUAGE": ""]) { $1 })
        let window = try #require(try Xdotool.waitForWindow(name: title, seconds: 30), "no terms window")
        try Xdotool.focus(window)
        try TermsInput.waitForGate(window, "closed")
        // Slower than a key's repeat, so that each Page Down is a step a reader takes.
        try TermsInput.press("Page_Down", on: window, until: ["scrolled"], seconds: 30, every: 0.3,
                             what: "Page Down to the end of the terms")
        try Xdotool.key("alt+i")
        try TermsInput.waitForGate(window, "open", "checked", "accept-sensitive")
        try Xdotool.key("Return")
        let reply = try running.finish()
        #expect(reply.exit == 0, "\(reply)")

        let said = reply.announcements
        let percents = said.compactMap { $0.hasSuffix(speech.read) ? Int($0.dropLast(speech.read.count)) : nil }
        #expect(!percents.isEmpty && percents == percents.sorted() && Set(percents).count == percents.count,
                "progress told once at each step, going up: \(said)")
        #expect(zip(percents, percents.dropFirst()).allSatisfy { $1 / 10 > $0 / 10 }, "told at tenths: \(said)")
        #expect(said.suffix(2) == [speech.atTheEnd, speech.acceptAvailable], "\(said)")
        let readings = reply.descriptions(of: "text")
        #expect(readings.count > percents.count && readings.last == "100" + speech.read,
                "the text says how much is read, on every change: \(readings)")
        let accept = reply.descriptions(of: "push button")
        #expect(accept.suffix(2) == [speech.tickHint, ""], "Accept's description follows its reason: \(accept)")
    }
}

/// scripts/atspi-probe --events: the program runs on the probe's private bus
/// while the test drives it; its events come back when it has exited.
final class RunningProbe {
    struct Reply: CustomStringConvertible {
        var exit: Int
        var events: [[String: Any]]
        var announcements: [String] {
            events.filter { $0["type"] as? String == "object:announcement" }.compactMap { $0["value"] as? String }
        }
        /// The descriptions `role` objects were given, in order.
        func descriptions(of role: String) -> [String] {
            events.filter { $0["type"] as? String == "object:property-change:accessible-description" && $0["role"] as? String == role }
                .compactMap { $0["value"] as? String }
        }
        var description: String { "exit \(exit), \(events.count) events: \(announcements)" }
    }

    private let process: RunningProcess

    init(_ arguments: [String], environment: [String: String]) throws {
        process = try AccessibilityTests.startProbe(arguments, environment: environment)
    }

    func finish() throws -> Reply {
        let result = process.wait(deadline: 60)
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let reply = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(result)")
        return Reply(exit: reply["exit"] as? Int ?? -1, events: reply["events"] as? [[String: Any]] ?? [])
    }
}
