import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms` as a person meets it: a real window on Xvfb, real keys and
/// clicks through xdotool, the record file read back afterwards.
///
/// No test sleeps to let the window react. Before a key that needs Accept, a
/// test waits until Accept is sensitive; that input which must do nothing did
/// nothing is proved by later input that must do something, in a window still
/// on screen and with no activation of Accept under way
/// (``TermsInput/waitForGate(_:_:seconds:)`` says why that is proof), after
/// checking that the gate was closed before that input.
@Suite(.serialized, .guiHangLimit) struct TermsWindowTests {
    @Test func returnBeforeScrollingDoesNothingAndCtrlEndThenReturnAccepts() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let process = try fixture.start(["--file", terms, "--id", "org.beckon.test", "--version", "1", "--json"])
        let window = try TermsInput.window(of: process)
        let before = try TermsInput.waitForGate(window, "closed", seconds: 0)
        #expect(!before.contains("accept-sensitive"), "\(before.sorted())")

        try Xdotool.key("Return")
        try Xdotool.key("alt+a") // Accept's mnemonic
        try Xdotool.key("ctrl+End")
        // Scrolled, in a window still there, Accept not pressed: Return and alt+a did nothing.
        try TermsInput.waitForGate(window, "open", "accept-sensitive")
        #expect(!FileManager.default.fileExists(atPath: fixture.recordFile))

        try Xdotool.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")

        // The record: the digest of the exact bytes, the version, private modes.
        let records = try fixture.records()
        #expect(records.count == 1)
        #expect(records.first?["id"] as? String == "org.beckon.test")
        #expect(records.first?["version"] as? String == "1")
        #expect(records.first?["sha256"] as? String == (try TermsFixture.sha256(terms)))
        #expect(records.first?["user"] as? String == NSUserName())
        #expect(try TermsFixture.mode(fixture.recordFile) == 0o600)
        #expect(try TermsFixture.mode(fixture.stateHome + "/beckon") == 0o700)
        #expect(result.stdout.contains(#""outcome":"accepted""#))
    }

    @Test func clickingAcceptBeforeScrollingDoesNothingAndTheMouseWheelUnlocksIt() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let process = try fixture.start(["--file", TermsFixture.sample, "--id", "org.beckon.wheel"])
        let window = try TermsInput.window(of: process)
        try TermsInput.waitForGate(window, "closed", seconds: 0)

        try TermsInput.clickAccept(window)
        try TermsInput.wheelDown(window, notches: 120)
        // The wheel opened the gate in a window still there: the click did nothing.
        try TermsInput.waitForGate(window, "open", "accept-sensitive")
        // The same click now accepts: it was on Accept all along.
        try TermsInput.clickAccept(window)
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try fixture.records().count == 1)
    }

    @Test func theCheckboxGatesAcceptUntilTicked() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let process = try fixture.start([
            "--file", TermsFixture.sample, "--no-require-scroll", "--checkbox", "I have read and agree",
        ])
        let window = try TermsInput.window(of: process)
        try TermsInput.waitForGate(window, "closed", seconds: 0)

        try Xdotool.key("Return")
        try TermsInput.clickAccept(window)
        try Xdotool.key("Tab", "space") // from the terms to the checkbox, and tick it
        // Ticked in a window still there, Accept not pressed: Return and the click did nothing.
        try TermsInput.waitForGate(window, "open", "checked", "accept-sensitive")
        try TermsInput.clickAccept(window)
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test func scrollAndCheckboxAreBothRequiredByDefault() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let process = try fixture.start(["--file", TermsFixture.sample, "--checkbox", "I agree"])
        let window = try TermsInput.window(of: process)

        try TermsInput.waitForGate(window, "closed", seconds: 0)
        try Xdotool.key("Return")
        try Xdotool.key("ctrl+End") // scrolled, but not ticked
        // Scrolled in a window still there, Accept not pressed: Return with nothing done did nothing.
        let scrolled = try TermsInput.waitForGate(window, "scrolled")
        #expect(scrolled.contains("closed") && !scrolled.contains("accept-sensitive"),
                "Accept usable with the box unticked: \(scrolled.sorted())")
        try Xdotool.key("Return")
        try Xdotool.key("Tab", "space") // to the checkbox, and tick it
        // Ticked in a window still there, Accept not pressed: Return with the box unticked did nothing.
        try TermsInput.waitForGate(window, "open", "checked", "accept-sensitive")
        try Xdotool.key("Return") // the default response now, even with the checkbox focused
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test func shortTermsNeedNoScrolling() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let terms = try fixture.file("short.md", Data("# Short\n\nFits in the window.\n".utf8))
        let process = try fixture.start(["--file", terms])
        let window = try TermsInput.window(of: process)
        // Open without scrolling, once the layout shows the end is on screen.
        try TermsInput.waitForGate(window, "open", "accept-sensitive")
        try Xdotool.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test func onceExitsAtOnceWithoutAWindowAndAChangedByteAsksAgain() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let arguments = ["--file", terms, "--id", "org.beckon.once", "--version", "3", "--once"]

        // First run: the window appears; accept it.
        let first = try fixture.start(arguments)
        let firstWindow = try TermsInput.window(of: first)
        try Xdotool.key("ctrl+End")
        try TermsInput.waitForGate(firstWindow, "open", "accept-sensitive")
        try Xdotool.key("Return")
        #expect(first.wait(deadline: 10).exitCode == 0)

        // Second run: no window at all. It needs no display, and exits without input.
        let again = try fixture.run(arguments + ["--json"], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""], deadline: 10)
        #expect(again.exitCode == 0, "\(again)")
        #expect(!again.timedOut)
        #expect(again.stdout.contains(#""outcome":"already-accepted""#))
        // With a display too: it exits by itself, and no window of its own shows until it has.
        let withDisplay = try fixture.start(arguments + ["--json"])
        let seen = try poll("--once with a display to exit", seconds: 10) {
            (running: withDisplay.process.isRunning, windows: try Xdotool.search(["--pid", "\(withDisplay.pid)"]))
        } until: { !$0.running || !$0.windows.isEmpty }
        #expect(seen.windows.isEmpty, "--once mapped a window")
        let withDisplayResult = withDisplay.wait(deadline: 5)
        #expect(withDisplayResult.exitCode == 0, "\(withDisplayResult)")
        #expect(withDisplayResult.stdout.contains(#""outcome":"already-accepted""#), "\(withDisplayResult)")

        // Another version of the same bytes asks again.
        let otherVersion = try fixture.start(["--file", terms, "--id", "org.beckon.once", "--version", "4", "--once"])
        _ = try TermsInput.window(of: otherVersion)
        try Xdotool.key("Escape")
        #expect(otherVersion.wait(deadline: 10).exitCode == 1)

        // One changed byte asks again.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: terms))
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: terms))
        let changed = try fixture.start(arguments)
        _ = try TermsInput.window(of: changed)
        try Xdotool.key("Escape")
        let result = changed.wait(deadline: 10)
        #expect(result.exitCode == 1, "\(result)")
    }

    @Test func aLatin1FileShowsItsAccentedLetters() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let latin1 = "# Conditions générales\n\nLa façade, déjà vu, naïve.\n".unicodeScalars.map { UInt8($0.value) }
        let terms = try fixture.file("latin1.md", Data(latin1))
        let process = try fixture.start(["--file", terms])
        _ = try TermsInput.window(of: process)

        // Select all the text shown and copy it: what the clipboard holds is
        // what the text view holds.
        let copied = try TermsInput.copyAll(until: "naïve")
        #expect(copied.contains("Conditions générales"))
        #expect(copied.contains("La façade, déjà vu, naïve."))
        #expect(!copied.contains("\u{FFFD}"))

        try Xdotool.key("Escape")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("not UTF-8"), "\(result)")
    }

    @Test func declineEscapeAndWindowManagerCloseExitOne() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let base = ["--file", TermsFixture.sample, "--id", "org.beckon.no", "--json"]

        let decline = try fixture.start(base)
        _ = try TermsInput.window(of: decline)
        try Xdotool.key("alt+d") // Decline's mnemonic
        let declined = decline.wait(deadline: 10)
        #expect(declined.exitCode == 1, "\(declined)")
        #expect(declined.stdout.contains(#""outcome":"declined""#))

        let escape = try fixture.start(base)
        _ = try TermsInput.window(of: escape)
        try Xdotool.key("Escape")
        let escaped = escape.wait(deadline: 10)
        #expect(escaped.exitCode == 1)
        #expect(escaped.stdout.contains(#""outcome":"dismissed""#))

        let close = try fixture.start(base)
        let window = try TermsInput.window(of: close)
        try Xdotool.close(window)
        #expect(close.wait(deadline: 10).exitCode == 1)

        #expect(!FileManager.default.fileExists(atPath: fixture.recordFile), "a refusal was recorded")
    }

    @Test func theTimeoutExitsFive() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let result = try fixture.run(["--file", TermsFixture.sample, "--timeout", "1", "--json"], deadline: 10)
        #expect(result.exitCode == 5, "\(result)")
        #expect(result.stdout.contains(#""outcome":"timeout""#))
    }

    @Test func termsOnStandardInput() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let bytes = Data("# Piped\n\nShort terms.\n".utf8)
        let process = try fixture.start(["--id", "org.beckon.stdin"], stdin: bytes)
        let window = try TermsInput.window(of: process)
        try TermsInput.waitForGate(window, "open", "accept-sensitive")
        try Xdotool.key("Return")
        #expect(process.wait(deadline: 10).exitCode == 0)
        let copy = try fixture.file("piped.md", bytes)
        #expect(try fixture.records().first?["sha256"] as? String == (try TermsFixture.sha256(copy)))
    }

    @Test func largeTermsArriveWholeAndAcceptAtTheirRealEnd() throws {
        try X11.require()
        let fixture = try TermsFixture()
        // ~300 KB: the window shows with the first screens, the rest follows in idle steps.
        let sample = try String(contentsOfFile: TermsFixture.sample, encoding: .utf8)
        let parts = (1...60).map { sample.replacingOccurrences(of: "Beckon Sample Terms of Use", with: "Part \($0)") }
        let terms = try fixture.file("large.md", Data(parts.joined(separator: "\n\n").utf8))
        let process = try fixture.start(["--file", terms, "--id", "org.beckon.large"])
        let window = try TermsInput.window(of: process)

        // Everything is there: the copied text runs to the last part's last line.
        let copied = try TermsInput.copyAll(until: "Part 60")
        #expect(copied.components(separatedBy: "Thank you for reading to the end.").count == 61)
        #expect(copied.hasSuffix("You can now accept or decline."))

        // A person goes to the end and waits for Accept. While the text view is
        // still laying out the last parts, the end it scrolled to can move on:
        // go to the end again until the gate opens.
        try TermsInput.endUntilGateOpens(window, "the large terms", seconds: 30)
        try Xdotool.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test func fiveMegabytesOfTermsAcceptAfterEndAtTheirRealEnd() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let sample = try String(contentsOfFile: TermsFixture.sample, encoding: .utf8)
        var parts: [String] = []
        var size = 0
        while size < 5 << 20 {
            let part = sample.replacingOccurrences(of: "Beckon Sample Terms of Use", with: "Part \(parts.count + 1)")
            parts.append(part)
            size += part.utf8.count + 2
        }
        let terms = try fixture.file("five.md", Data(parts.joined(separator: "\n\n").utf8))
        let process = try fixture.start(["--file", terms, "--id", "org.beckon.five", "--json"])
        let window = try TermsInput.window(of: process)
        let before = try TermsInput.waitForGate(window, "closed", seconds: 0)
        #expect(!before.contains("accept-sensitive"), "\(before.sorted())")
        try Xdotool.key("Return") // must not accept
        // A person goes to the end, and again while GtkTextView lays out the
        // lines above and the end moves on, until Accept is usable. (A
        // deadline, not a speed target: bench/terms-scale measures the time.)
        try TermsInput.endUntilGateOpens(window, "5 MB of terms", seconds: 120)
        try Xdotool.key("Return")
        let result = process.wait(deadline: 30)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try fixture.records().first?["sha256"] as? String == (try TermsFixture.sha256(terms)))
    }

    @Test func longTermsShowAPageAtATimeAndAcceptOnTheLastPagesEnd() throws {
        try X11.require()
        let fixture = try TermsFixture()
        // ~1 MB, over TermsPages.pagedAbove: shown a page at a time.
        let sample = try String(contentsOfFile: TermsFixture.sample, encoding: .utf8)
        let parts = (1...200).map { sample.replacingOccurrences(of: "Beckon Sample Terms of Use", with: "Part \($0)") }
        let terms = try fixture.file("paged.md", Data(parts.joined(separator: "\n\n").utf8))
        let process = try fixture.start(["--file", terms, "--id", "org.beckon.paged", "--json"])
        let window = try TermsInput.window(of: process)
        let pageCount = { (words: Set<String>) -> (page: Int, of: Int)? in
            guard let word = words.first(where: { $0.hasPrefix("page-") }) else { return nil }
            let fields = word.split(separator: "-")
            guard fields.count == 4, let page = Int(fields[1]), let of = Int(fields[3]) else { return nil }
            return (page, of)
        }
        let first = try poll("the terms to be paged, every page known", seconds: 30) {
            try TermsInput.gate(of: window)
        } until: { pageCount($0).map { $0.page == 1 && $0.of > 1 } ?? false }
        #expect(first.contains("closed") && !first.contains("accept-sensitive"), "\(first.sorted())")
        let pages = try #require(pageCount(first)).of

        // The text view holds the first page only, not the whole terms.
        let top = try TermsInput.copyAll(until: "Part 1\n")
        #expect(!top.contains("Part 200\n"))
        #expect(top.utf8.count < 512 * 1024, "\(top.utf8.count) bytes on the first page")

        // The next page is not the end: Return still does not accept.
        try Xdotool.key("ctrl+Page_Down")
        try TermsInput.waitForGate(window, "closed", "page-2-of-\(pages)")
        try Xdotool.key("Return")

        // Ctrl+End goes to the end of the last page, which opens the gate.
        try TermsInput.endUntilGateOpens(window, "the paged terms", seconds: 30)
        #expect(try TermsInput.gate(of: window).contains("page-\(pages)-of-\(pages)"))
        let end = try TermsInput.copyAll(until: "Part 200\n")
        #expect(end.hasSuffix("You can now accept or decline."))
        #expect(!end.contains("Part 1\n"))

        // Page Up at the top of a page goes to the end of the page before,
        // Page Down at the bottom of a page to the next one.
        try Xdotool.key("ctrl+Page_Up")
        try TermsInput.waitForGate(window, "page-\(pages - 1)-of-\(pages)")
        try TermsInput.press("Page_Up", on: window, until: ["page-\(pages - 2)-of-\(pages)"],
                             what: "Page Up at the top of page \(pages - 1) to go back a page")
        try TermsInput.press("Page_Down", on: window, until: ["page-\(pages - 1)-of-\(pages)"],
                             what: "Page Down at the bottom of page \(pages - 2) to turn it")

        // Back at the first page the gate stays open: the end was shown.
        try Xdotool.key("ctrl+Home")
        try TermsInput.waitForGate(window, "open", "accept-sensitive", "page-1-of-\(pages)")
        try Xdotool.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try fixture.records().first?["sha256"] as? String == (try TermsFixture.sha256(terms)))
    }

    @Test func aLinkWithAnotherSchemeIsIgnoredWithAWarning() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let terms = try fixture.file("link.md", Data("[A local file](file:///etc/passwd) and more text.\n\nSecond.\n".utf8))
        let process = try fixture.start(["--file", terms])
        let window = try TermsInput.window(of: process)

        try Xdotool.click(window, x: 40, y: 24) // on the link, top left of the terms
        try Xdotool.click(window, x: 40, y: 60) // on the second paragraph: no link
        // The window still answers later keys (select all, copy) and is on screen:
        // the clicks ended nothing.
        try TermsInput.copyAll(until: "Second.")
        _ = try TermsInput.gate(of: window)
        try Xdotool.key("Escape")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 1)
        let warnings = result.stderr.components(separatedBy: "ignored a link to file:///etc/passwd").count - 1
        #expect(warnings == 1, "\(result)")
    }

    @Test func theDefaultsSpeakTheLocaleLanguage() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let process = try fixture.start(["--file", TermsFixture.sample, "--json"],
                                        environment: ["LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8"])
        let window = try #require(try Xdotool.waitForWindow(name: "^Nutzungsbedingungen$"), "no window titled Nutzungsbedingungen")
        try Xdotool.focus(window)
        try TermsInput.waitForGate(window, "closed", seconds: 0)
        try Xdotool.key("alt+a") // _Akzeptieren: gated like any Accept
        try Xdotool.key("ctrl+End")
        // Scrolled in a window still there, Accept not pressed: alt+a did nothing.
        try TermsInput.waitForGate(window, "open", "accept-sensitive")
        try Xdotool.key("alt+l") // Ab_lehnen: Decline
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.contains(#""outcome":"declined""#), "\(result)")
    }
}
