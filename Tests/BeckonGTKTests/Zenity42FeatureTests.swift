import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestSupport
import CGtk
import Foundation
import Testing

/// The library's zenity 4.2 features, each off by default, on real windows
/// with real keys: the heading, icons from files, the entry's icon.
@Suite(.serialized, .guiHangLimit) struct Zenity42FeatureTests {
    static let boldHeading = "<span size=\"large\" weight=\"bold\">"

    @Test func aHeadingShowsBigAndBoldAboveTheContentAndNilShowsNone() async throws {
        try GtkTestLoop.require()
        var entry = EntryRequest(title: "heading entry", prompt: "Name:")
        entry.frame.heading = "Rename <file> & co"
        let task = Task { try await Dialog().present(entry) }
        let shown = try #require(await ShownDialog.wait())
        #expect(shown.title == "heading entry")
        let labels = await shown.labels()
        let heading = labels.first { $0.source.hasPrefix(Self.boldHeading) }
        #expect(heading?.text == "Rename <file> & co", "\(labels)")
        // Above the prompt.
        #expect(labels.firstIndex { $0.text == "Rename <file> & co" }! < labels.firstIndex { $0.text == "Name:" }!)
        try Xdotool.key("Escape")
        _ = await withDeadline(10, "heading entry") { await task.result }

        let plain = Task { try await Dialog().present(EntryRequest(title: "no heading", prompt: "Name:")) }
        let shownPlain = try #require(await ShownDialog.wait())
        #expect(shownPlain.title == "no heading")
        #expect(await !shownPlain.labels().contains { $0.source.hasPrefix(Self.boldHeading) })
        try Xdotool.key("Escape")
        _ = await withDeadline(10, "no heading") { await plain.result }
    }

    @Test func aMessageShowsItsHeadingAndAnIconFromAFile() async throws {
        try GtkTestLoop.require()
        let file = try Self.imageFile(width: 20, height: 10)
        defer { try? FileManager.default.removeItem(atPath: file) }
        var appearance = MessageAppearance()
        appearance.iconName = file
        var request = MessageRequest(title: "icon file", message: "Disk almost full", kind: .info,
                                     buttons: [DialogButton("OK", role: .default)], appearance: appearance)
        request.frame.heading = "Information"
        let task = Task { try await Dialog().present(request) }
        let shown = try #require(await ShownDialog.wait())
        #expect(shown.title == "icon file")
        // The file's 2:1 image at the dialog's icon size: no theme icon is that shape.
        #expect(await shown.images() == [ShownDialog.Image(pixbufSize: (48, 24))])
        #expect(await shown.labels().contains { $0.text == "Information" && $0.source.hasPrefix(Self.boldHeading) })
        try Xdotool.key("Return")
        let reply = try await withDeadline(10, "icon file") { await task.result }?.get()
        #expect(reply == .button(0))
    }

    @Test func anEntryShowsAnIconByNameOrFromAFile() async throws {
        try GtkTestLoop.require()
        let file = try Self.imageFile(width: 10, height: 20)
        defer { try? FileManager.default.removeItem(atPath: file) }
        for (icon, expected) in [(file, ShownDialog.Image(pixbufSize: (24, 48))),
                                 ("dialog-warning", ShownDialog.Image(iconName: "dialog-warning"))] {
            var request = EntryRequest(title: "entry icon \(icon)", prompt: "Name:")
            request.iconName = icon
            let task = Task { try await Dialog().present(request) }
            let shown = try #require(await ShownDialog.wait())
            #expect(shown.title == "entry icon \(icon)")
            #expect(await shown.images() == [expected])
            try Xdotool.type("Ada")
            try Xdotool.key("Return")
            let reply = try await withDeadline(10, "entry icon") { await task.result }?.get()
            #expect(reply?.value == "Ada")
        }
        let plain = Task { try await Dialog().present(EntryRequest(title: "entry no icon", prompt: "Name:")) }
        let shown = try #require(await ShownDialog.wait())
        #expect(shown.title == "entry no icon")
        #expect(await shown.images().isEmpty)
        try Xdotool.key("Escape")
        _ = await withDeadline(10, "entry no icon") { await plain.result }
    }

    /// A PNG file of that size, written with GdkPixbuf.
    static func imageFile(width: Int32, height: Int32) throws -> String {
        let path = NSTemporaryDirectory() + "beckon-icon-\(getpid())-\(width)x\(height).png"
        let pixbuf = try #require(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, width, height))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x3366_99FF)
        var error: UnsafeMutablePointer<GError>?
        let saved = path.withCString { cPath in
            "png".withCString { type in
                var keys: [UnsafeMutablePointer<CChar>?] = [nil]
                var values: [UnsafeMutablePointer<CChar>?] = [nil]
                return gdk_pixbuf_savev(pixbuf, cPath, type, &keys, &values, &error)
            }
        }
        if error != nil { g_error_free(error) }
        try #require(saved != 0, "could not write \(path)")
        return path
    }
}

/// The same features where the terminal presenter has the kind: its prompts,
/// given decoded keys and real updates, on GTK's thread.
@Suite(.serialized, .guiHangLimit) struct Zenity42TerminalFeatureTests {
    @Test func aMultilineEntryReadsOneLineOnATerminal() async throws {
        try GtkTestLoop.require()
        let (value, next, shown) = await Self.typeInMultilineField("hi")
        #expect(value == [.text("hi"), .text("")])
        #expect(next == .focusNext) // Return moves on, as from an entry
        #expect(shown.contains("Notes: hi"), "\(shown)")
    }

    @Test func progressMarkupLosesItsTagsOnATerminalAndBadMarkupStays() async throws {
        try GtkTestLoop.require()
        let lines = try await Self.progressLines(for: ["<b>Copying</b> &amp; more", "a < b & c"])
        #expect(lines == ["Starting", "Copying & more", "a < b & c"])
    }

    @GtkActor private static func typeInMultilineField(
        _ text: String
    ) -> (value: [FormFieldValue], next: TerminalKeyResult, shown: [String]) {
        let prompt = FormsPrompt(FormsRequest(title: "terminal multiline", fields: [
            FormField("Notes", .multilineEntry), FormField("Name", .entry),
        ]))
        for key in text { _ = prompt.handle(.character(key), field: 0) }
        let next = prompt.handle(.enter, field: 0)
        let shown = prompt.render(TerminalLayout(width: 40, height: 10, focusedField: 1)).lines
        return (prompt.value, next, shown)
    }

    /// The text line the terminal's progress prompt shows at the start and after each text.
    @GtkActor private static func progressLines(for texts: [String]) throws -> [String?] {
        var request = ProgressRequest(title: "terminal markup", text: "<i>Starting</i>",
                                      updates: AsyncStream<ProgressUpdate> { $0.finish() })
        request.textIsMarkup = true
        let prompt = try request.makePrompt()
        let sink = try #require(prompt as? ProgressSink)
        let layout = TerminalLayout(width: 40, height: 10, focusedField: nil)
        var lines = [prompt.render(layout).lines.first]
        for text in texts {
            sink.apply(.text(text))
            lines.append(prompt.render(layout).lines.first)
        }
        return lines
    }
}
