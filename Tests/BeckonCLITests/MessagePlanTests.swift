import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// The dialog request worked out from options, as zenity 3.44 lays it out.
@Suite struct MessagePlanTests {
    private func plan(_ arguments: [String], env: [String: String] = [:]) throws -> MessagePlan {
        MessagePlan(try CLIProbe.options(arguments), environment: Environment(env), translations: .english)
    }

    @Test func defaultsPerKind() throws {
        let question = try plan(["--question"])
        #expect(question.request.title == "Question")
        #expect(question.request.message == .markup("Are you sure you want to proceed?"))
        #expect(question.request.frame.buttons.map(\.label) == ["_No", "_Yes"])
        #expect(question.request.frame.defaultButtonIndex == 1)
        #expect(try plan(["--info"]).request.title == "Information")
        #expect(try plan(["--info"]).request.message == .markup("All updates are complete."))
        #expect(try plan(["--error"]).request.message == .markup("An error has occurred."))
        #expect(try plan(["--warning"]).request.frame.buttons.map(\.label) == ["_OK"])
        #expect(try plan(["--warning"]).request.appearance.iconName == "dialog-warning")
    }

    @Test func buttonOrderAndDefaults() throws {
        let question = try plan(["--question", "--extra-button=A", "--ok-label=Go", "--cancel-label=Stop", "--default-cancel"])
        #expect(question.request.frame.buttons.map(\.label) == ["A", "Stop", "Go"])
        #expect(question.buttons.meanings == [.extra(label: "A"), .cancel, .ok])
        #expect(question.request.frame.defaultButtonIndex == 1)
        let switched = try plan(["--question", "--switch", "--extra-button=A", "--extra-button=B"])
        #expect(switched.request.frame.buttons.map(\.label) == ["A", "B"])
        #expect(switched.request.frame.defaultButtonIndex == nil)
        let info = try plan(["--info", "--extra-button=A"])
        #expect(info.buttons.meanings == [.ok, .extra(label: "A")])
        let custom = try plan(["--question", "--button=X:4", "--button=Y:5"])
        #expect(custom.buttons.meanings == [.custom(exitCode: 4), .custom(exitCode: 5)])
        #expect(custom.request.frame.defaultButtonIndex == 1)
    }

    @Test func textEscapesAndMarkup() throws {
        #expect(try plan(["--info", #"--text=a\nb\tc \101 <b>x</b>"#]).request.message == .markup("a\nb\tc A <b>x</b>"))
        // zenity shows --no-markup text as given, escapes included; beckon
        // passes it as escaped markup so it is not in GtkMessageDialog's bold.
        #expect(try plan(["--info", "--no-markup", #"--text=a\n<b>"#]).request.message == .markup(#"a\n&lt;b&gt;"#))
        let broken = try plan(["--info", "--text=broken <b>x & y"])
        #expect(broken.request.message == .markup("broken &lt;b&gt;x &amp; y"))
        #expect(broken.warning?.contains("not valid Pango markup") == true)
        #expect(try plan(["--info", "--text=fine"]).warning == nil)
    }

    @Test func linksAreMarkupAsInAGtkLabel() throws {
        // GtkLabel shows <a href> as a link, in zenity's labels too; Pango alone rejects it.
        let link = try plan(["--info", "--text=See <a href='https://example.org/?a=1&amp;b=2'>the <b>site</b></a>."])
        #expect(link.warning == nil)
        #expect(link.request.message == .markup("See <a href='https://example.org/?a=1&amp;b=2'>the <b>site</b></a>."))
        #expect(ZenityText.withoutLinks("<a href=\"x\">a</a> <abbr> <b>c</b>") == "a <abbr> <b>c</b>")
        // What is broken besides the link is still broken.
        #expect(try plan(["--info", "--text=<a href='x'>open</b>"]).warning != nil)
    }

    @Test func windowAndTimeout() throws {
        let request = try plan(["--info", "--width=300", "--height=-5", "--timeout=0", "--modal", "--no-wrap", "--ellipsize"]).request
        #expect(request.frame.width == 300)
        #expect(request.frame.height == nil)
        #expect(request.frame.timeout == nil)
        #expect(request.frame.isModal && !request.appearance.wrapsText && request.appearance.ellipsizesText)
        let countdown = try plan(["--info", "--timeout=3", "--countdown"]).request
        #expect(countdown.frame.timeout == .seconds(3) && countdown.frame.showsCountdown)
        #expect(try plan(["--info", "--countdown"]).request.frame.showsCountdown == false)
    }

    @Test func parentFromAttachOrWindowID() throws {
        #expect(try plan(["--info", "--attach=0x400001"]).request.frame.parent == .x11Window(0x400001))
        #expect(try plan(["--info"], env: ["WINDOWID": "4194305"]).request.frame.parent == .x11Window(4194305))
        #expect(try plan(["--info", "--attach=5"], env: ["WINDOWID": "9"]).request.frame.parent == .x11Window(5))
        #expect(try plan(["--info"], env: ["WINDOWID": "junk"]).request.frame.parent == nil)
    }

    @Test func windowIcons() {
        #expect(CommonOptions.windowIcon(nil, default: "dialog-error") == "dialog-error")
        #expect(CommonOptions.windowIcon("info", default: "dialog-error") == "dialog-information")
        #expect(CommonOptions.windowIcon("/nonexistent/icon.png", default: "dialog-error") == "/nonexistent/icon.png")
        #expect(CommonOptions.windowIcon("firefox", default: "dialog-error") == "firefox")
    }

    @Test func helpListsTheMessageOptionsInGLibsLayout() {
        let all = ZenityHelp.text(.all, program: "zenity")
        #expect(all.hasPrefix("Usage:\n  zenity [OPTION…]\n\nHelp Options:\n"))
        for name in ["--title=TITLE", "--extra-button=TEXT", "--switch", "--button=LABEL[:CODE]", "--json", "--question "] {
            #expect(all.contains(name), "\(name)")
        }
        let question = ZenityHelp.text(.group("question"), program: "beckon")
        #expect(question.contains("Question options\n  --question                                        Display question dialog\n"))
    }
}
