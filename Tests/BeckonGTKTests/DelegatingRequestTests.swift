import Beckon
import BeckonTestSupport
import Testing

/// A request type of the program's own, built on a Beckon kind: it can only
/// hand on that kind's builders (the compiler refuses one without builders),
/// and GtkPresenter shows it as that kind, where it once failed with
/// invalidRequest at run time.
@Suite(.serialized, .guiHangLimit) struct DelegatingRequestTests {
    /// A name asked through an entry, with the program's own defaults.
    struct NameRequest: DialogRequest {
        var entry = EntryRequest(title: "your name", prompt: "_Name:", text: "start")

        var frame: DialogFrame { entry.frame }
        func value(scripted: String?) -> String? { entry.value(scripted: scripted) }
        var builders: DialogBuilders<String> { entry.builders }
    }

    @Test func aDelegatingRequestShowsAsItsKind() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog().present(NameRequest()) }
        let shown = try #require(await ShownDialog.wait(), "the dialog never got the focus")
        #expect(shown.title == "your name")
        try Xdotool.type("Ada")
        try Xdotool.key("Return")
        let reply = try #require(await withDeadline(10, "delegating") { await task.result }?.get())
        #expect(reply == DialogReply(outcome: .button(1), value: "Ada"))
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0, "\(left) left behind")
    }
}
