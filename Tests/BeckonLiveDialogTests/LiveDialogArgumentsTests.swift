import BeckonJSON
import Testing
@testable import BeckonLiveDialog

@Suite struct LiveDialogArgumentsTests {
    private func spec(_ arguments: [String]) throws -> LiveDialogSpec {
        let invocation = try LiveDialogInvocation(arguments: arguments)
        var spec = LiveDialogSpec()
        for (option, value) in invocation.given { try option.apply(value, to: &spec) }
        return spec
    }

    @Test func longShortAndInlineFormsSetTheSameThings() throws {
        let long = try spec(["--title", "Setup", "--message", "Hello\\nWorld", "--button2", "--ontop"])
        let short = try spec(["-t", "Setup", "-m", "Hello\\nWorld", "-2", "-p"])
        let inline = try spec(["--title=Setup", "--message=Hello\\nWorld", "--button2=true", "--ontop"])
        #expect(long == short)
        #expect(long == inline)
        #expect(long.title == "Setup")
        #expect(long.message == "Hello\nWorld")
        #expect(long.button2 == .init(label: "Cancel"))
        #expect(long.window.onTop)
    }

    @Test func titleNoneHidesTheTitleAndIconNoneTheIcon() throws {
        let hidden = try spec(["--title", "none", "--icon", "none"])
        #expect(hidden.title == nil)
        #expect(hidden.icon == nil)
        #expect(try spec(["--icon", "caution"]).icon == "dialog-warning")
        // SF=… stays whole, for the window to read its colours (SFSymbolTests).
        #expect(try spec(["--icon", "SF=folder"]).icon == "SF=folder")
    }

    @Test func textFieldModifiersAreRead() throws {
        let field = try #require(try spec([
            "--textfield", "Product Code,required,secure,prompt=\"Five, digits\",regex=\"\\d{2,5}\",regexerror=Five digits,name=code,value=12",
        ]).textFields.first)
        #expect(field.title == "Product Code")
        #expect(field.key == "code")
        #expect(field.required && field.secure)
        #expect(field.prompt == "Five, digits")
        #expect(field.regex == "\\d{2,5}")
        #expect(field.regexError == "Five digits")
        #expect(field.value == "12")
    }

    @Test func selectValuesAndDefaultsGoToTheirListsInOrder() throws {
        let selects = try spec([
            "--selecttitle", "Colour,radio", "--selectvalues", "red, green,blue", "--selectdefault", "green",
            "--selecttitle", "Size", "--selectvalues", "S,M,L",
        ]).selects
        #expect(selects.count == 2)
        #expect(selects[0].values == ["red", "green", "blue"])
        #expect(selects[0].defaultValue == "green")
        #expect(selects[0].style == .radio)
        #expect(selects[1].values == ["S", "M", "L"])
        #expect(selects[1].defaultValue == nil)
    }

    @Test func listItemsCarryStatusesAndPercentages() throws {
        let items = try spec([
            "--listitem", "Office,status=success,statustext=Installed",
            "--listitem", "Printer drivers,status=progress,progress=40",
            "--listitem", "VPN",
        ]).listItems
        #expect(items.map(\.title) == ["Office", "Printer drivers", "VPN"])
        #expect(items[0].status == .success && items[0].statusText == "Installed")
        #expect(items[1].status == .progress(40))
        #expect(items[2].status == .none)
    }

    @Test func optionalValuesTakeTheNextArgumentUnlessItIsAnOption() throws {
        #expect(try spec(["--timer"]).timer == 10)
        #expect(try spec(["--timer", "30", "--title", "x"]).timer == 30)
        #expect(try spec(["--timer", "--title", "x"]).timer == 10)
        #expect(try spec(["--progress"]).progress?.total == 100)
        #expect(try spec(["--progress", "7"]).progress?.total == 7)
        let invocation = try LiveDialogInvocation(arguments: ["--commandfile", "--json"])
        #expect(invocation.commandFile == "")
        #expect(invocation.jsonOutput)
    }

    @Test func unknownOptionsAndBadValuesAreErrorsThatSayWhat() {
        let unknown = #expect(throws: LiveDialogError.self) { try LiveDialogInvocation(arguments: ["--titel", "x"]) }
        #expect(unknown?.unknownName == "--titel")
        #expect(unknown?.exitCode == 255)
        let missing = #expect(throws: LiveDialogError.self) { try LiveDialogInvocation(arguments: ["--title"]) }
        #expect(missing?.message.contains("wants a value") == true)
        let width = #expect(throws: LiveDialogError.self) { try spec(["--width", "wide"]) }
        #expect(width?.message == "--width: wants a whole number from 100 to 16384, not 'wide'")
        let position = #expect(throws: LiveDialogError.self) { try spec(["--position", "middle"]) }
        #expect(position?.message.hasPrefix("--position: wants topleft") == true)
    }

    @Test func optionsWithNoMeaningOnLinuxRunAndWarn() throws {
        let invocation = try LiveDialogInvocation(arguments: ["--showdockicon", "--ignorednd", "--title", "x"])
        #expect(invocation.warnings.count == 2)
        #expect(invocation.warnings[0].hasPrefix("--showdockicon is ignored: the Dock is macOS's"))
    }

    @Test func everyOptionHasOneNameAndHelp() {
        var seen: Set<String> = []
        for option in LiveDialogOption.all {
            for name in [option.name] + option.aliases {
                #expect(seen.insert(name).inserted, "\(name) declared twice")
            }
            #expect(!option.help.isEmpty, "\(option.name) has no help")
        }
        let shorts = LiveDialogOption.all.compactMap(\.short)
        #expect(Set(shorts).count == shorts.count)
    }
}

/// `--checkbox "I Agree,enableButton1" --button1disabled`, swiftDialog's
/// acceptable-use form (checkboxes.md, "Using a checkbox to control button1
/// state"), with the semantics of its CheckboxView.swift, lines 67-71.
@Suite struct LiveDialogCheckboxTests {
    private func spec(_ arguments: [String]) throws -> LiveDialogSpec {
        var spec = LiveDialogSpec()
        for (option, value) in try LiveDialogInvocation(arguments: arguments).given { try option.apply(value, to: &spec) }
        return spec
    }

    /// Ticking enables button 1; unticking disables it again.
    @Test func tickingEnablesButton1AndUntickingDisablesIt() throws {
        let form = try spec(["--checkbox", "I Agree,enableButton1", "--button1disabled"])
        #expect(!form.button1.enabled)
        #expect(form.button1Enabled(afterToggling: 0, checked: true) == true)
        #expect(form.button1Enabled(afterToggling: 0, checked: false) == false)
    }

    /// `button1Disabled = !checked` on each change: of several such boxes the
    /// one toggled last decides, and a box without the modifier leaves button 1.
    @Test func ofSeveralBoxesTheOneToggledLastDecides() throws {
        let form = try spec(["--checkbox", "Terms,enableButton1", "--checkbox", "Privacy,enableButton1",
                             "--checkbox", "Newsletter", "--button1disabled"])
        #expect(form.button1Enabled(afterToggling: 0, checked: true) == true)
        #expect(form.button1Enabled(afterToggling: 1, checked: false) == false)
        #expect(form.button1Enabled(afterToggling: 2, checked: true) == nil)
        #expect(form.button1Enabled(afterToggling: 9, checked: true) == nil)
    }

    /// A `button1:` command writes the same state as the box, the later
    /// winning: each one is counted, so that the window drops what a box set
    /// even when the command repeats the spec's value.
    @Test func aButton1CommandIsCountedEvenWhenItChangesNothing() throws {
        var form = try spec(["--checkbox", "I Agree,enableButton1", "--button1disabled"])
        _ = try form.apply(try #require(try LiveDialogCommand(line: "button1: disable")))
        #expect(!form.button1.enabled && form.button1.commandsApplied == 1)
    }

    /// The box alone does not disable button 1 ("It's important to set button1
    /// to disabled initially … This is not set by default").
    @Test func theBoxAloneLeavesButton1AsGiven() throws {
        let form = try spec(["--checkbox", "I Agree,enableButton1"])
        #expect(form.button1.enabled && form.checkboxes[0].enablesButton1)
    }
}
