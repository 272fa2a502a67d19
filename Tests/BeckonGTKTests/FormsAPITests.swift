import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestEndings
import BeckonTestSupport
import CBeckonShim
import CGtk
import Foundation
import Testing

/// `Dialog.form` on a real form with real input: every ending resumes the
/// awaiting task exactly once, with typed answers for OK, and leaves no window.
@Suite(.serialized, .guiHangLimit) struct FormsAPITests {
    /// The form's own endings: a name typed, then OK clicked or reached by Tab
    /// (with a secret typed on the way), or Escape; the Cancel button.
    enum Own: String, KindPath {
        case typeThenClickOK, typeThenTabToOK, cancelButton, typeThenEscape
        var expected: Ending { self == .typeThenClickOK || self == .typeThenTabToOK ? .accepted : .dismissed }

        func end(_ shown: ShownDialog) async throws {
            switch self {
            case .typeThenClickOK:
                try Xdotool.type("Ada")
                try await shown.clickButton(1)
            case .typeThenTabToOK:
                // Name, calendar, combo, list, Secret, then Cancel and OK.
                try Xdotool.type("Ada")
                try Xdotool.key("Tab", "Tab", "Tab", "Tab", "s", "Tab", "Tab", "space")
            case .cancelButton: try await shown.clickButton(0)
            case .typeThenEscape: try Xdotool.key("a", "Escape")
            }
        }
    }

    static let repetitions = ScaleAPITests.repetitions
    static let born = CalendarDate(year: 1990, month: 2, day: 3)

    /// A form of every kind of field, the entry first (it takes the focus).
    struct Fields {
        var form: Form
        let name: FormFieldHandle<String>
        let born: FormFieldHandle<CalendarDate>
        let plan: FormFieldHandle<String?>
        let pick: FormFieldHandle<[String]?>
        let secret: FormFieldHandle<String>

        init(title: String, timeout: Duration? = nil) {
            form = Form(title: title, text: "Who are you?", timeout: timeout)
            name = form.entry("Name")
            born = form.calendar("Born", initial: FormsAPITests.born)
            plan = form.combo("Plan", ["Free", "Pro"], initial: "Pro")
            pick = form.list("Pick", columns: ["Code", "Country"], rows: [["nl", "Netherlands"], ["pt", "Portugal"]],
                             initialRow: 1)
            secret = form.password("Secret")
        }
    }

    @Test(arguments: TestPath<Own>.all([.windowManagerClose, .destroyedByCode]))
    func everyPathResumesOnceWithTypedAnswers(_ path: TestPath<Own>) async throws {
        try GtkTestLoop.require()
        try await everyPath(path, "forms", repetitions: Self.repetitions) { title, _ in
            try await Dialog().form(Fields(title: title).form)
        } check: { answers, path, _, title in
            guard path.expected == .accepted else { return #expect(answers == nil, "\(title)") }
            guard let answers else { Issue.record("\(title): no answers"); return }
            // The handles read by position: those of a form built alike read this one's answers.
            let fields = Fields(title: title)
            #expect(answers[fields.name] == "Ada", "\(title)")
            #expect(answers[fields.born] == Self.born, "\(title)")
            #expect(answers[fields.plan] == "Pro", "\(title)")
            #expect(answers[fields.pick] == ["pt", "Portugal"], "\(title)")
            #expect(answers[fields.secret] == (path == .own(.typeThenTabToOK) ? "s" : ""), "\(title)")
        }
    }

    /// Return in a field does not press OK, as in zenity: the form waits for
    /// its timeout, which reads what was typed.
    @Test func returnWaitsAndTheTimeoutReadsTheFields() async throws {
        try GtkTestLoop.require()
        let fields = Fields(title: "forms timeout", timeout: .seconds(2))
        let task = Task { try await Dialog().present(fields.form.request) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.type("Bo")
        try Xdotool.key("Return")
        let reply = try await withDeadline(10, "forms timeout") { await task.result }?.get()
        #expect(reply?.outcome == .timedOut)
        #expect(reply?.value == [.text("Bo"), .date(Self.born), .choice(1), .row(1), .text("")])

        let typed = Task { try await Dialog.form(Fields(title: "forms typed timeout", timeout: .milliseconds(50)).form) }
        let result = await withDeadline(10, "typed timeout") { await typed.result }
        #expect(throws: DialogError.timedOut) { try result?.get() }
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }

    /// zenity 4.2's multi-line entry: Return starts a new line, Tab leaves
    /// the field (it inserts no tab), and the value is the whole text.
    @Test func aMultilineEntryTakesReturnAndLeavesOnTab() async throws {
        try GtkTestLoop.require()
        let request = FormsRequest(title: "forms multiline", fields: [
            FormField("Notes", .multilineEntry, initial: .text("first ")), FormField("Name", .entry),
        ])
        let task = Task { try await Dialog().present(request) }
        let shown = try #require(await ShownDialog.wait())
        try Xdotool.key("ctrl+End")
        try Xdotool.type("one")
        try Xdotool.key("Return")
        try Xdotool.type("two")
        try Xdotool.key("Tab")
        try Xdotool.type("Ada")
        try await shown.clickButton(1)
        let reply = try await withDeadline(10, "forms multiline") { await task.result }?.get()
        #expect(reply == DialogReply(outcome: .button(1), value: [.text("first one\ntwo"), .text("Ada")]))
    }

    @Test func cancellingTheTaskClosesTheWindow() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.form(Fields(title: "forms cancelled").form) }
        _ = try #require(await ShownDialog.wait())
        task.cancel()
        let result = await withDeadline(10, "forms cancelled") { await task.result }
        #expect(throws: CancellationError.self) { try result?.get() }
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }

    /// A required field keeps OK disabled, and a click on it does nothing,
    /// until the field is filled in; a number range the same way.
    @Test func rulesKeepOKDisabledUntilKept() async throws {
        try GtkTestLoop.require()
        var form = Form(title: "forms rules")
        let name = form.entry("Name", rule: FormFieldRule(isRequired: true))
        let age = form.entry("Age", initial: "200", rule: FormFieldRule(range: 0...150))
        let task = Task { try await Dialog.form(form) }
        let shown = try #require(await ShownDialog.wait())
        #expect(await Self.okIsSensitive() == false)
        #expect(await Self.problemShown().contains("Name: must be filled in"))
        let ok = try #require(await shown.buttonCenter(1))
        try Xdotool.click(x: ok.x, y: ok.y)
        try Xdotool.type("Ada")
        try Xdotool.key("Tab", "ctrl+a", "4", "2")
        #expect(await Self.waitForOK(), "OK never enabled")
        try Xdotool.click(x: ok.x, y: ok.y)
        let answers = try await withDeadline(10, "forms rules") { await task.result }?.get()
        #expect(answers?[name] == "Ada")
        #expect(answers?[age] == "42")
    }

    @Test func anInitialValueThatDoesNotFitIsRefusedBeforeAnyWindow() async throws {
        var form = Form(title: "forms invalid")
        _ = form.combo("Plan", ["Free"])
        form.request.fields[0].initial = .choice(3)
        await #expect(throws: DialogError.self) { try await Dialog.form(form) }
        var pattern = Form(title: "forms bad pattern")
        _ = pattern.entry("Code", rule: FormFieldRule(pattern: "(["))
        await #expect(throws: DialogError.self) { try await Dialog.form(pattern) }
    }

    /// Waits until OK can be pressed; false after 10 s.
    private static func waitForOK() async -> Bool {
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            if await okIsSensitive() == true { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    @GtkActor private static func okIsSensitive() -> Bool? {
        guard let window = DialogQueue.shownWindow, let button = beckon_dialog_button(window, 1) else { return nil }
        return gtk_widget_is_sensitive(button) != 0
    }

    /// The text of the visible labels of the shown dialog, joined.
    @GtkActor private static func problemShown() -> String {
        guard let window = DialogQueue.shownWindow else { return "" }
        var texts: [String] = []
        func walk(_ widget: UnsafeMutablePointer<GtkWidget>) {
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self),
                                          gtk_label_get_type()) != 0, gtk_widget_get_visible(widget) != 0,
               let text = gtk_label_get_text(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkLabel.self)) {
                texts.append(String(cString: text))
            }
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self),
                                          gtk_container_get_type()) != 0 {
                let children = gtk_container_get_children(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkContainer.self))
                var node = children
                while let current = node {
                    if let child = current.pointee.data { walk(child.assumingMemoryBound(to: GtkWidget.self)) }
                    node = current.pointee.next
                }
                g_list_free(children)
            }
        }
        walk(window)
        return texts.joined(separator: "\n")
    }
}
