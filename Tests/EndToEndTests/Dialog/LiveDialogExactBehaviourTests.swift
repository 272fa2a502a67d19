import BeckonTestSupport
import Foundation
import Testing

/// Where `beckon dialog` once differed from swiftDialog, each as an
/// administrator meets it, with real keys and clicks on a real window, and the
/// swiftDialog source line that says what should happen.
@Suite(.serialized, .guiHangLimit) struct LiveDialogExactBehaviourTests {
    /// Sends `keys`, lets a command round trip through the window (so the keys
    /// were handled), and says whether the dialog is still open.
    private func stillOpen(_ run: LiveDialogRun, after keys: String...) throws -> Bool {
        try Xdotool.focus(run.window)
        try Xdotool.key(keys)
        try run.settle()
        return run.process.process.isRunning
    }

    /// A disabled button ignores its key: swiftDialog's ButtonBarView.swift
    /// puts `.keyboardShortcut(.cancelAction)` (Escape) and
    /// `.keyboardShortcut(.defaultAction)` (Return) on buttons that are
    /// `.disabled(isDisabled)` (lines 361-363). Enabled again, the key works.
    @Test func escapeOnADisabledButton2DoesNothingUntilItIsEnabled() throws {
        try X11.require()
        let run = try LiveDialogRun(["--button2", "--message", "Escape is button 2"])
        try run.send(["button2: disable"])
        try run.settle()
        #expect(try stillOpen(run, after: "Escape"), "Escape ended a dialog whose button 2 is disabled: \(run.finish(deadline: 1))")
        try run.send(["button2: enable"])
        try run.settle()
        try run.keys("Escape")
        let result = run.finish()
        #expect(result.exitCode == 2, "\(result)")
    }

    @Test func returnOnADisabledButton1DoesNothingUntilItIsEnabled() throws {
        try X11.require()
        let run = try LiveDialogRun(["--button1disabled", "--message", "Return is button 1"])
        #expect(try stillOpen(run, after: "Return"), "Return ended a dialog whose button 1 is disabled: \(run.finish(deadline: 1))")
        try run.send(["button1: enable"])
        try run.settle()
        try run.keys("Return")
        let result = run.finish()
        #expect(result.exitCode == 0, "\(result)")
    }

    /// The window manager's close ends with swiftDialog's 15, "quit via window
    /// close button" (AppVariables.swift line 63; dialogApp.swift,
    /// `.onDisappear`), and, as Escape, only while button 2 can be pressed.
    @Test func theWindowManagersCloseIs15AndOnlyWhileButton2CanBePressed() throws {
        try X11.require()
        let run = try LiveDialogRun(["--button2"])
        try run.send(["button2: disable"])
        try run.settle()
        try Xdotool.close(run.window)
        try run.settle()
        #expect(run.process.process.isRunning, "the close ended a dialog whose button 2 is disabled: \(run.finish(deadline: 1))")
        try run.send(["button2: enable"])
        try run.settle()
        try Xdotool.close(run.window)
        let result = run.finish()
        #expect(result.exitCode == 15, "\(result)")
    }

    /// checkboxes.md, "Using a checkbox to control button1 state":
    /// `--checkbox "I Agree",enableButton1 --button1disabled`. Ticking enables
    /// button 1 and unticking disables it again (CheckboxView.swift, lines
    /// 69-71: `button1Disabled = !checked`). Return on the box while button 1
    /// is disabled does nothing: it must not tick the box for the user.
    @Test func anAcceptableUseFormAcceptedOnlyOnceTheBoxIsTicked() throws {
        try X11.require()
        let run = try LiveDialogRun(["--title", "Acceptable use", "--checkbox", "I Agree,enableButton1", "--button1disabled"])
        #expect(try stillOpen(run, after: "Return"), "Return accepted before the box was ticked: \(run.finish(deadline: 1))")
        #expect(try stillOpen(run, after: "Return"), "two Returns ticked the box and accepted: \(run.finish(deadline: 1))")
        // The box has the focus (the only control that can take it); space ticks it, space unticks it.
        #expect(try stillOpen(run, after: "space", "space", "Return"), "Return accepted with the box unticked again: \(run.finish(deadline: 1))")
        try run.keys("space")
        try run.settle()
        try run.keys("Return")
        let result = run.finish()
        #expect(result.exitCode == 0 && result.stdout == "\"I Agree\" : \"true\"\n", "\(result)")
    }

    /// The script has the last word: `button1: disable` after the box was
    /// ticked disables button 1 again, as in swiftDialog, where both write
    /// `button1Disabled` (DialogUpdatableContent.swift, `button1:`).
    @Test func aButton1CommandAfterTheTickWins() throws {
        try X11.require()
        let probe = try InteractiveProbe()
        defer { probe.quit() }
        let run = try LiveDialogRun(["--checkbox", "I Agree,enableButton1", "--button1disabled"],
                                    environment: ["DBUS_SESSION_BUS_ADDRESS": probe.busAddress, "NO_AT_BRIDGE": "", "GTK_A11Y": ""])
        func button1IsSensitive() throws -> Bool {
            let button = try #require(try Self.node(probe, run, where: { $0["role"] as? String == "push button" && $0["name"] as? String == "OK" }))
            return (button["states"] as? [String] ?? []).contains("sensitive")
        }
        #expect(try !button1IsSensitive())
        // Once the window is drawn and has given the box the focus.
        try run.settle()
        try run.keys("space")
        try poll("button 1 to be enabled by the tick", seconds: 10, { try? button1IsSensitive() }, until: { $0 == true })
        try run.send(["button1: disable"])
        try run.settle()
        #expect(try !button1IsSensitive(), "button1: disable after the tick left button 1 enabled")
        #expect(try stillOpen(run, after: "Return"), "Return accepted after button1: disable: \(run.finish(deadline: 1))")
        try run.send(["button1: enable"])
        try run.settle()
        try run.keys("Return")
        let result = run.finish()
        #expect(result.exitCode == 0 && result.stdout == "\"I Agree\" : \"true\"\n", "\(result)")
    }

    /// The same, ticked with a click, in the form's JSON (checkboxes.md):
    /// `{"label": "I Agree", "enableButton1": true}` and `"button1disabled": true`.
    @Test func theJSONFormTickedWithAClick() throws {
        try X11.require()
        let json = #"{"title": "Acceptable use", "checkbox": [{"label": "I Agree", "enableButton1": true}], "button1disabled": true}"#
        let probe = try InteractiveProbe()
        defer { probe.quit() }
        let run = try LiveDialogRun(["--jsonstring", json],
                                    environment: ["DBUS_SESSION_BUS_ADDRESS": probe.busAddress, "NO_AT_BRIDGE": "", "GTK_A11Y": ""])
        let box = try #require(try Self.node(probe, run, where: { $0["role"] as? String == "check box" }), "no check box")
        let frame = try #require(box["extents"] as? [Int], "no extents: \(box)")
        try Xdotool.click(x: Int32(frame[0] + frame[3] / 2), y: Int32(frame[1] + frame[3] / 2))
        try run.settle()
        try run.keys("Return")
        let result = run.finish()
        #expect(result.exitCode == 0 && result.stdout == "\"I Agree\" : \"true\"\n", "\(result)")
    }

    /// `listitem: TITLE: STATUS` shows the status's indicator alone: the text
    /// set before is cleared (DialogUpdatableContent.swift, processListItems,
    /// lines 136-142), and text clears the indicator in turn.
    @Test func theListItemShortFormShowsTheIndicatorWithoutTheOldText() throws {
        try X11.require()
        let probe = try InteractiveProbe()
        defer { probe.quit() }
        let run = try LiveDialogRun(["--listitem", "Office", "--listitem", "VPN,status=wait"],
                                    environment: ["DBUS_SESSION_BUS_ADDRESS": probe.busAddress, "NO_AT_BRIDGE": "", "GTK_A11Y": ""])
        try run.send(["listitem: Office: Downloading", "listitem: Office: success", "listitem: VPN: Connecting"])
        try run.settle()
        let tree = try Self.tree(probe, run)
        let showing = Self.nodes(in: tree).filter { ($0["states"] as? [String])?.contains("showing") == true }
        let names = showing.map { $0["name"] as? String ?? "" }
        #expect(names.contains("Office, success") && names.contains("VPN, Connecting"), "\(names)")
        #expect(!names.contains("Downloading"), "the old status text is still shown: \(names)")
        // The VPN row's spinner went with its text.
        #expect(!showing.contains { $0["role"] as? String == "animation" || ($0["name"] as? String) == "wait" },
                "\(showing.map { "\($0["role"] ?? "") \($0["name"] ?? "")" })")
        try run.keys("Return")
        #expect(run.finish().exitCode == 0)
    }

    // MARK: reading the window through AT-SPI

    static func tree(_ probe: InteractiveProbe, _ run: LiveDialogRun) throws -> [String: Any] {
        let reply = try probe.ask("tree \(run.process.pid) 30")
        let object = try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any]
        return try #require(object?["tree"] as? [String: Any], "no tree: \(reply.prefix(300))")
    }

    static func nodes(in node: [String: Any]) -> [[String: Any]] {
        [node] + ((node["children"] as? [[String: Any]]) ?? []).flatMap { nodes(in: $0) }
    }

    static func node(_ probe: InteractiveProbe, _ run: LiveDialogRun,
                     where matches: ([String: Any]) -> Bool) throws -> [String: Any]? {
        nodes(in: try tree(probe, run)).first(where: matches)
    }
}
