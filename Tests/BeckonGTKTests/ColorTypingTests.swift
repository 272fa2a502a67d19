import Beckon
@testable import BeckonCore
import BeckonTestSupport
import CGtk
import Foundation
import Testing

/// Typing into the colour editor's entry costs the same for every key,
/// however long the text already is (issue 36): the work counted is what the
/// dialog does on its own behalf, the bytes of accessible names it gives the
/// editor's swatch. Real keys (xdotool) into a real window.
@Suite(.serialized, .guiHangLimit) struct ColorTypingTests {
    /// Names given to the swatch, counted as they are set.
    @GtkActor final class NamingMeter {
        let swatch: UnsafeMutablePointer<GtkWidget>
        var bytes = 0
        var names = 0
        init(_ swatch: UnsafeMutablePointer<GtkWidget>) { self.swatch = swatch }
        var name: String {
            atk_object_get_name(gtk_widget_get_accessible(swatch)).map { String(cString: $0) } ?? ""
        }
        func reset() { (bytes, names) = (0, 0) }
    }

    @Test func typingIsLinearInTheKeysTyped() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.color(title: "colour typing", initial: RGBAColor(parsing: "orange")) }
        _ = try #require(await ShownDialog.wait(), "the dialog never got the focus")
        let meter = try #require(await Self.watchSwatch(), "no swatch in the colour editor")

        let short = try await Self.work(typing: 100, meter)
        let long = try await Self.work(typing: 400, meter)
        // Four times the keys: at most four times the work (and a little).
        // Naming the swatch after the whole text on every key, as before,
        // costs about n²/2 bytes: 5,750 for 100 keys, 83,000 for 400.
        #expect(long.bytes <= 5 * short.bytes + 256, "100 keys: \(short), 400 keys: \(long)")

        // The swatch still says the colour once one is applied (Return).
        try Xdotool.key("ctrl+a")
        try Xdotool.type("#336699")
        try Xdotool.key("Return")
        let named = await Self.waitUntil { await meter.name == "Color: #336699" }
        let name = await meter.name
        #expect(named, "the swatch is named \(name)")

        try Xdotool.key("Escape")
        let result = try #require(await withDeadline(10, "escape") { await task.result })
        #expect(try result.get() == nil)
    }

    /// The bytes and count of names given to the swatch while `keys`
    /// characters are typed into the emptied entry.
    static func work(typing keys: Int, _ meter: NamingMeter) async throws -> (bytes: Int, names: Int) {
        try Xdotool.key("ctrl+a", "BackSpace")
        #expect(await waitUntil { await entryLength() == 0 }, "the entry was not emptied")
        await meter.reset()
        try Xdotool.type(String(repeating: "a", count: keys))
        #expect(await waitUntil { await entryLength() == keys }, "not all \(keys) keys reached the entry")
        return await (meter.bytes, meter.names)
    }

    static func waitUntil(_ condition: @escaping @Sendable () async -> Bool) async -> Bool {
        let end = Date().addingTimeInterval(20)
        while Date() < end {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// The swatch of the shown colour editor, with a meter on its names.
    @GtkActor static func watchSwatch() -> NamingMeter? {
        guard let window = DialogQueue.shownWindow, let editor = first("GtkColorEditor", in: window),
              let swatch = first("GtkColorSwatch", in: editor) else { return nil }
        let meter = NamingMeter(swatch)
        let accessible = gtk_widget_get_accessible(swatch)!
        GtkSignal.connect(accessible, "notify::accessible-name") {
            meter.names += 1
            meter.bytes += meter.name.utf8.count
        }
        return meter
    }

    /// How many characters the colour editor's entry holds; -1 without one.
    @GtkActor static func entryLength() -> Int {
        guard let window = DialogQueue.shownWindow, let editor = first("GtkColorEditor", in: window),
              let entry = first("GtkEntry", in: editor) else { return -1 }
        return Int(gtk_entry_get_text_length(UnsafeMutableRawPointer(entry).assumingMemoryBound(to: GtkEntry.self)))
    }

    /// The first widget named `typeName` at or under `widget`, depth first,
    /// GTK's internal children included (the editor's parts have no getters).
    @GtkActor static func first(_ typeName: String, in widget: UnsafeMutablePointer<GtkWidget>)
        -> UnsafeMutablePointer<GtkWidget>?
    {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        if String(cString: g_type_name_from_instance(instance)) == typeName { return widget }
        guard g_type_check_instance_is_a(instance, gtk_container_get_type()) != 0 else { return nil }
        var children: [UnsafeMutablePointer<GtkWidget>] = []
        withUnsafeMutablePointer(to: &children) { list in
            gtk_container_forall(widget.cast(), { child, data in
                guard let child, let data else { return }
                data.assumingMemoryBound(to: [UnsafeMutablePointer<GtkWidget>].self).pointee.append(child)
            }, list)
        }
        for child in children {
            if let found = first(typeName, in: child) { return found }
        }
        return nil
    }
}
