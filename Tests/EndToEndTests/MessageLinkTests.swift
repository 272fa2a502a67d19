import BeckonTestSupport
import Foundation
import Testing

/// A link in a message's markup opens by the terms' rule (LinkPolicy): http,
/// https and mailto reach the desktop's handler, a mailto without its
/// attachments; `file:` and other schemes reach nothing. zenity hands them
/// all to the handler.
///
/// The desktop's handler is a script of the test's, made the default for
/// every scheme involved and for text/plain (what `file:///etc/passwd` would
/// open with) through a private `XDG_CONFIG_HOME/mimeapps.list`: it writes
/// each URI it is given to a file, so "opens nothing" is a fact on disk.
@Suite(.serialized, .guiHangLimit) struct MessageLinkTests {
    /// A private desktop whose only handler records what it is asked to open.
    struct RecordingDesktop {
        let root: String
        var opened: String { root + "/opened" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-links-\(UUID())").path
            let fm = FileManager.default
            try fm.createDirectory(atPath: root + "/data/applications", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
            let script = root + "/record"
            try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(root)/opened'\n".write(toFile: script, atomically: true, encoding: .utf8)
            _ = chmod(script, 0o755)
            let types = ["x-scheme-handler/http", "x-scheme-handler/https", "x-scheme-handler/mailto",
                         "x-scheme-handler/file", "x-scheme-handler/ssh", "text/plain"]
            try """
            [Desktop Entry]
            Type=Application
            Name=Recorder
            Exec=\(script) %u
            MimeType=\(types.joined(separator: ";"));
            NoDisplay=true

            """.write(toFile: root + "/data/applications/beckon-recorder.desktop", atomically: true, encoding: .utf8)
            try ("[Default Applications]\n" + types.map { "\($0)=beckon-recorder.desktop\n" }.joined())
                .write(toFile: root + "/config/mimeapps.list", atomically: true, encoding: .utf8)
        }

        var environment: [String: String] {
            ["XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config", "XDG_CURRENT_DESKTOP": "",
             "GTK_USE_PORTAL": "0", "BROWSER": ""]
        }

        /// The URIs the handler was given, in order.
        var uris: [String] {
            ((try? String(contentsOfFile: opened, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// Shows `--info` with `markup`, presses `keys` in it (Tab focuses the
    /// selectable text; Home, End and Left put its cursor in a link; Return
    /// activates that link), and waits for `expected` URIs at the handler;
    /// Escape then closes it.
    private func activate(_ markup: String, keys: [String], until expected: Int, desktop: RecordingDesktop) throws
        -> ProcessResult
    {
        let process = try RunningProcess(Products.beckon, ["--info", "--text=\(markup)", "--timeout=20"],
                                         environment: desktop.environment)
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, seconds: 10, process: process), "no window")
        try Xdotool.focus(window, thenKey: keys)
        _ = try poll("\(expected) URI(s) at the handler", seconds: 15, { desktop.uris }, until: { $0.count >= expected })
        try Xdotool.key("Escape")
        return process.wait(deadline: 25)
    }

    @Test func aFileLinkOpensNothingWhileAWebLinkOpens() throws {
        try X11.require()
        let desktop = try RecordingDesktop()
        defer { desktop.remove() }
        // The file link first (End, Left: in "file"), then the web one (Home: in "web"):
        // once the web link is at the handler, the file link would have been too.
        let markup = #"<a href="https://example.org/terms">web</a> and <a href="file:///etc/passwd">file</a>"#
        let result = try activate(markup, keys: ["Tab", "End", "Left", "Return", "Home", "Return"], until: 1,
                                  desktop: desktop)
        #expect(result.exitCode == 1, "\(result)")
        #expect(desktop.uris == ["https://example.org/terms"], "\(desktop.uris)")
        #expect(result.stderr.contains("ignored a link to file:///etc/passwd: only http, https and mailto links open"),
                "\(result.stderr)")
    }

    @Test func aMailtoLinkReachesTheHandlerWithoutItsAttachment() throws {
        try X11.require()
        let desktop = try RecordingDesktop()
        defer { desktop.remove() }
        let markup = #"<a href="MAILTO:legal@example.org?attach=/etc/shadow&amp;subject=Terms">mail</a>"#
        let result = try activate(markup, keys: ["Tab", "Home", "Return"], until: 1, desktop: desktop)
        #expect(result.exitCode == 1, "\(result)")
        #expect(desktop.uris == ["mailto:legal@example.org?subject=Terms"], "\(desktop.uris)")
        #expect(result.stderr.contains("without the link's attach"), "\(result.stderr)")
    }

    @Test func otherSchemesOpenNothing() throws {
        try X11.require()
        let desktop = try RecordingDesktop()
        defer { desktop.remove() }
        // "w s c": the custom scheme (End, Left), ssh (Left, Left), then the web link (Home), last.
        let markup = #"<a href="https://example.org/">w</a> <a href="ssh://host">s</a> <a href="x-beckon-test:run">c</a>"#
        let result = try activate(markup, keys: ["Tab", "End", "Left", "Return", "Left", "Left", "Return", "Home", "Return"],
                                  until: 1, desktop: desktop)
        #expect(result.exitCode == 1, "\(result)")
        #expect(desktop.uris == ["https://example.org/"], "\(desktop.uris)")
        #expect(result.stderr.contains("ignored a link to ssh://host"), "\(result.stderr)")
        #expect(result.stderr.contains("ignored a link to x-beckon-test:run"), "\(result.stderr)")
    }
}
