import BeckonTestSupport
import Foundation
import Testing

/// The terms window as laid out on a real X server, read through AT-SPI
/// (scripts/atspi-probe --layout): where GTK allocated each widget, and the
/// lines GtkTextView wrapped the terms into (GTK answers AT-SPI's lines from
/// its own layout). Issue 37: a code block broke `--version` into `-` and
/// `-version`, and Accept sat 2 pixels from the window's edge, out of line
/// with the text above it.
@Suite(.serialized, .guiHangLimit) struct TermsLayoutTests {
    /// A command as terms quote it, longer than a line of the narrow window
    /// below: it wrapped, by character, in the middle of a word.
    static let command = "beckon terms --file /usr/share/example/TERMS.md --id org.example.Product --version 3 --once"
    static let markdown = """
        # Install

        Run this once, from a terminal, as the person who will use the program on this machine:

        ```
        \(command)
        --reread=changes --checkbox "I have read and agree to these terms"
        ```

        and carry on only when it says so.
        """

    /// The layout of `beckon terms ARGUMENTS`, once the window has settled.
    static func layout(_ arguments: [String], fixture: TermsFixture) throws -> WindowLayout {
        try WindowLayout(Products.beckon, ["terms"] + arguments, environment: fixture.environment, settle: 1)
    }

    @Test func aCodeBlockKeepsItsLinesWholeWhereTheTextAroundItWraps() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let terms = try fixture.file("code.md", Data(Self.markdown.utf8))
        // 420 pixels: the command is about 700 wide in the monospace font.
        let layout = try Self.layout(["--file", terms, "--width", "420", "--height", "400"], fixture: fixture)
        let text = try layout.first("text")
        let lines = try #require(text["lines"] as? [String], "no laid-out lines: \(text)")
        // The prose wraps: the window is narrow enough for the code to have wrapped.
        #expect(lines.contains { $0.hasPrefix("Run this once") && !$0.hasSuffix("\n") }, "the prose did not wrap: \(lines)")
        // Each line of the code block is one laid-out line, as written.
        #expect(lines.contains(Self.command + "\n"), "\(lines)")
        #expect(lines.contains(#"--reread=changes --checkbox "I have read and agree to these terms""# + "\n"), "\(lines)")
        // And nothing of the command starts a line of its own.
        for line in lines where line != Self.command + "\n" {
            #expect(!line.hasPrefix("-version") && !line.hasPrefix("version 3"), "a word broken: \(line.debugDescription)")
        }
    }

    /// What a person copies from a code block is what the terms say, byte for
    /// byte: select all, Ctrl+C, and read the clipboard from another client.
    @Test func copiedCodeIsTheSourceByteForByte() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let terms = try fixture.file("code.md", Data(Self.markdown.utf8))
        let process = try fixture.start(["--file", terms, "--width", "420", "--height", "400"])
        let window = try TermsInput.window(of: process)
        try Xdotool.focus(window, thenKey: ["ctrl+a", "ctrl+c"])
        let xclip = try #require(which("xclip"), "xclip is missing (scripts/install-deps)")
        let copied = try poll("the copied text on the clipboard", {
            try BeckonTestSupport.run(xclip, ["-o", "-selection", "clipboard"], deadline: 5).stdout
        }, until: { $0.contains("--once") })
        #expect(copied.contains(Self.command + "\n--reread=changes --checkbox \"I have read and agree to these terms\"\n"),
                "\(copied.debugDescription)")
        try Xdotool.focus(window, thenKey: ["Escape"])
        #expect(process.wait(deadline: 10).exitCode == 1)
    }

    /// Decline and Accept end where the text column above them ends, and the
    /// checkbox and the hint start where it starts.
    @Test(arguments: [["--checkbox", "I have read and agree to these terms"], []])
    func theButtonsLineUpWithTheText(_ extra: [String]) throws {
        try X11.require()
        let fixture = try TermsFixture()
        let layout = try Self.layout(["--file", TermsFixture.sample] + extra, fixture: fixture)
        let text = try WindowLayout.extents(try layout.first("scroll pane"))
        let accept = try WindowLayout.extents(try layout.first("push button", name: "Accept"))
        let decline = try WindowLayout.extents(try layout.first("push button", name: "Decline"))
        #expect(accept[0] + accept[2] == text[0] + text[2], "Accept ends at \(accept[0] + accept[2]), the text at \(text[0] + text[2])")
        #expect(decline[0] + decline[2] < accept[0], "Decline \(decline) is not left of Accept \(accept)")
        if !extra.isEmpty {
            let checkbox = try WindowLayout.extents(try layout.first("check box"))
            #expect(checkbox[0] == text[0] && checkbox[0] + checkbox[2] == text[0] + text[2], "checkbox \(checkbox), text \(text)")
        }
    }
}
