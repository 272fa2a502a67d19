import Testing
@testable import BeckonLiveDialog

/// The command file's commands, as swiftDialog's "Command File" and "Item
/// Lists" pages write them. What the window uses of a command is the spec it
/// leaves (the window redraws what differs from what it shows) and whether it
/// changed it (the follower sends the spec only then), so that is what these check.
@Suite struct LiveDialogCommandTests {
    private func run(_ lines: [String], on start: LiveDialogSpec = LiveDialogSpec(),
                     files: [String: String] = [:]) throws -> (LiveDialogSpec, LiveDialogChanges) {
        var spec = start
        var changes = LiveDialogChanges()
        let context = LiveDialogContext { files[$0] }
        for line in lines {
            guard let command = try LiveDialogCommand(line: line) else { continue }
            changes.formUnion(try spec.apply(command, context: context))
        }
        return (spec, changes)
    }

    private var listed: LiveDialogSpec {
        var spec = LiveDialogSpec()
        spec.listItems = ["Office", "Step 1: Install", "VPN"].map { .init(title: $0) }
        return spec
    }

    @Test func messageReplacesAppendsAndReadsFiles() throws {
        let (spec, changes) = try run(["message: First", "message: + Second", "infobox: **Box**", "infobox: + more"])
        #expect(spec.message == "First\nSecond")
        #expect(spec.infoBox == "**Box**\nmore")
        #expect(changes.specChanged && changes.actions.isEmpty)
        let (fromFile, _) = try run(["message: /srv/notice.md"], files: ["/srv/notice.md": "# Notice"])
        #expect(fromFile.message == "# Notice")
    }

    @Test func appendingKeepsTheTailWithinTheLimit() throws {
        var spec = LiveDialogSpec()
        let line = String(repeating: "x", count: 1000)
        for _ in 0..<1200 { _ = try spec.apply(try #require(try LiveDialogCommand(line: "message: + \(line)"))) }
        #expect(spec.message.utf8.count <= LiveDialogLimits.markdownBytes)
        #expect(spec.message.hasPrefix(line))
    }

    @Test func listItemSimpleFormSetsAStatusOrItsText() throws {
        let (spec, changes) = try run(["listitem: Office: success", "listitem: VPN: Connecting…",
                                       "listitem: Step 1: Install: wait"], on: listed)
        #expect(spec.listItems[0].status == .success)
        #expect(spec.listItems[2].statusText == "Connecting…")
        #expect(spec.listItems[1].status == .wait)
        #expect(changes.specChanged)
    }

    /// swiftDialog's DialogUpdatableContent.swift, processListItems, lines
    /// 136-142: in the short form a status keyword sets the indicator and
    /// empties the text, any other text sets the text and removes the
    /// indicator; the two are never shown together.
    @Test func listItemShortFormShowsTheIndicatorOrTheTextNeverBoth() throws {
        var start = listed
        start.listItems[0].statusText = "Downloading…"
        start.listItems[2] = .init(title: "VPN", status: .wait)
        let (spec, _) = try run(["listitem: Office: success", "listitem: VPN: Connecting…"], on: start)
        #expect(spec.listItems[0].status == .success && spec.listItems[0].statusText == "")
        #expect(spec.listItems[2].status == .none && spec.listItems[2].statusText == "Connecting…")
        // `progress` alone keeps the row's percentage (swiftDialog sets only `statusIcon`).
        start.listItems[1] = .init(title: "Step 1: Install", status: .progress(40), statusText: "Copying")
        let (progress, _) = try run(["listitem: Step 1: Install: progress"], on: start)
        #expect(progress.listItems[1].status == .progress(40) && progress.listItems[1].statusText == "")
    }

    @Test func listItemFullFormByTitleIndexAddAndDelete() throws {
        let (spec, changes) = try run([
            "listitem: title: Office, status: progress, progress: 40, statustext: Downloading",
            "listitem: index: 2, status: fail, statustext: Error occurred",
            "listitem: add:, title: Printer, status: pending, statustext: Pending",
            "listitem: add, title: Fonts",
            "listitem: title: Step 1: Install, delete:",
        ], on: listed)
        #expect(spec.listItems.map(\.title) == ["Office", "VPN", "Printer", "Fonts"])
        #expect(spec.listItems[0].status == .progress(40))
        #expect(spec.listItems[0].statusText == "Downloading")
        #expect(spec.listItems[1].status == .fail)
        #expect(spec.listItems[2].status == .pending)
        #expect(changes.specChanged)
    }

    @Test func listCommandsReplaceClearShowAndHide() throws {
        let (spec, _) = try run(["list: a, b, c", "list: hide"], on: listed)
        #expect(spec.listItems.map(\.title) == ["a", "b", "c"])
        #expect(!spec.listVisible)
        let (cleared, _) = try run(["list: clear"], on: listed)
        #expect(cleared.listItems.isEmpty)
    }

    @Test func progressWordsAndNumbers() throws {
        var start = LiveDialogSpec()
        start.progress = .init(total: 10)
        let (spec, _) = try run(["progress: 3", "progress: increment", "progress: increment 2", "progresstext: Almost"], on: start)
        #expect(spec.progress?.value == 6)
        #expect(spec.progress?.text == "Almost")
        let (done, _) = try run(["progress: complete"], on: start)
        #expect(done.progress?.value == 10)
        let (reset, _) = try run(["progress: 5", "progress: reset"], on: start)
        #expect(reset.progress?.value == nil)
        let (capped, _) = try run(["progress: 500"], on: start)
        #expect(capped.progress?.value == 10)
    }

    @Test func buttonsEnableAndDisable() throws {
        var start = LiveDialogSpec()
        start.button1.enabled = false
        start.button1Delay = 30
        let (spec, changes) = try run(["button1: enable", "button2: show", "button1text: Done", "infobutton: More"], on: start)
        #expect(spec.button1.label == "Done" && spec.button1.enabled && spec.button1.commandsApplied == 1)
        #expect(spec.button1Delay == nil)
        #expect(spec.button2?.enabled == true)
        #expect(spec.infoButton?.label == "More")
        #expect(changes.specChanged)
    }

    @Test func everyLiveOptionIsACommandToo() throws {
        let (aligned, _) = try run(["alignment: centre"])
        #expect(aligned.messageAlignment == .centre)
        let (spec, changes) = try run(["title: Updated", "icon: dialog-warning", "width: 700", "position: topright",
                                       "ontop: enable", "quitkey: x", "helpmessage: Call **IT**"])
        #expect(spec.title == "Updated")
        #expect(spec.icon == "dialog-warning")
        #expect(spec.window.width == 700 && spec.window.position == .topRight && spec.window.onTop)
        #expect(spec.quitKey == "x")
        #expect(spec.helpMessage == "Call **IT**")
        #expect(changes.specChanged)
    }

    /// swiftDialog's #124: inputs too can be added while the dialog is shown.
    @Test func inputsCanBeAddedAsCommands() throws {
        let (spec, changes) = try run(["textfield: Asset tag,required", "checkbox: Restart later,checked",
                                       "selecttitle: Site", "selectvalues: Berlin, Tokyo", "selectdefault: Tokyo"])
        #expect(spec.textFields.map(\.title) == ["Asset tag"] && spec.textFields[0].required)
        #expect(spec.checkboxes.first?.checked == true)
        #expect(spec.selects.first?.values == ["Berlin", "Tokyo"] && spec.selects.first?.defaultValue == "Tokyo")
        #expect(changes.specChanged)
    }

    @Test func windowCommandsAreActions() throws {
        let (_, changes) = try run(["activate:", "hide:", "show:", "quit:"])
        #expect(changes.actions == [.activate, .hide, .show, .quit])
        // Actions alone leave the spec as it was: the window is not sent it again.
        #expect(!changes.specChanged)
    }

    @Test func badCommandsAreErrorsThatSayWhy() throws {
        func error(_ line: String, on spec: LiveDialogSpec = LiveDialogSpec()) -> String? {
            var spec = spec
            do {
                guard let command = try LiveDialogCommand(line: line) else { return nil }
                _ = try spec.apply(command)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(error("garbage without colon")?.hasPrefix("not a command") == true)
        #expect(error("nosuch: 1") == "unknown command 'nosuch'")
        #expect(error("listitem: Missing: success", on: listed) == "listitem: no row titled 'Missing'")
        #expect(error("listitem: index: 9, status: wait", on: listed) == "listitem: no row at index 9 (the list has 3)")
        #expect(error("listitem: title: Office, status: sparkly", on: listed)?.contains("unknown status 'sparkly'") == true)
        #expect(error("progress: lots")?.hasPrefix("progress: wants a whole number") == true)
        #expect(error("button1shellaction: rm -rf ~") == "button1shellaction: can only be given before the dialog opens")
        #expect(error("showdockicon: true")?.hasPrefix("showdockicon: has no meaning here") == true)
        #expect(error("bounce: critical")?.hasPrefix("bounce: has no meaning here") == true)
        #expect(try LiveDialogCommand(line: "   ") == nil)
    }

    @Test func aListCannotGrowWithoutBound() throws {
        var spec = LiveDialogSpec()
        for index in 0..<LiveDialogLimits.listRows {
            _ = try spec.apply(try #require(try LiveDialogCommand(line: "listitem: add, title: row \(index)")))
        }
        #expect(throws: LiveDialogError.self) {
            _ = try spec.apply(try #require(try LiveDialogCommand(line: "listitem: add, title: one too many")))
        }
        #expect(spec.listItems.count == LiveDialogLimits.listRows)
    }
}
