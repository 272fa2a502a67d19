import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// zenity 4's options, accepted in both dialects (the union grammar), and
/// what each dialect makes of the options where 3.44 and 4.2 disagree.
@Suite struct Zenity4GrammarTests {
    private static let zenity4 = ["BECKON_ZENITY_COMPAT": "4.2"]

    private func message(_ arguments: [String], env: [String: String] = [:]) throws -> MessagePlan {
        MessagePlan(try CLIProbe.options(arguments, env: env), environment: Environment(env), translations: .english)
    }

    @Test func iconOnTheMessageDialogsInBothDialects() throws {
        for env in [[:], Self.zenity4] {
            for kind in ["--info", "--warning", "--error", "--question"] {
                #expect(try message([kind, "--icon=dialog-warning"], env: env).request.appearance.iconName
                    == "dialog-warning")
            }
            #expect(try message(["--info", "--icon=/tmp/disk.png"], env: env).request.appearance.iconName
                == "/tmp/disk.png")
            // An empty --icon leaves the kind's own.
            #expect(try message(["--error", "--icon="], env: env).request.appearance.iconName == "dialog-error")
        }
    }

    @Test func iconAndIconName() throws {
        // zenity 3.44's dialect: one option under two names, the last given wins.
        #expect(try message(["--info", "--icon-name=a", "--icon=b"]).request.appearance.iconName == "b")
        #expect(try message(["--info", "--icon=b", "--icon-name=a"]).request.appearance.iconName == "a")
        // --window-icon stays the window's icon there.
        let windowIcon = try message(["--info", "--window-icon=question", "--icon=b"])
        #expect(windowIcon.request.appearance.iconName == "b")
        #expect(windowIcon.request.frame.windowIcon == "dialog-question")
        // zenity 4.2's: --icon-name, then --window-icon, over --icon, wherever given.
        let env = Self.zenity4
        #expect(try message(["--info", "--icon-name=a", "--icon=b"], env: env).request.appearance.iconName == "a")
        #expect(try message(["--info", "--icon=b", "--window-icon=w"], env: env).request.appearance.iconName == "w")
        #expect(try message(["--info", "--window-icon=w", "--icon-name=a"], env: env).request.appearance.iconName
            == "a")
    }

    @Test func theMessageIsATabStopOnlyUnderZenity3() throws {
        #expect(try message(["--question"]).request.appearance.isTextSelectable)
        #expect(try !message(["--question"], env: Self.zenity4).request.appearance.isTextSelectable)
    }

    @Test func iconOnTheNotification() throws {
        func icon(_ arguments: [String], env: [String: String] = [:]) throws -> String {
            try CLIProbe.options(["--notification", "--text=x"] + arguments, as: NotificationOptions.self, env: env).icon
        }
        #expect(try icon(["--icon=dialog-information"]) == "dialog-information")
        #expect(try icon(["--icon=a", "--window-icon=b"]) == "b")
        #expect(try icon(["--window-icon=b", "--icon=a"]) == "a")
        #expect(try icon([]) == "")
        #expect(try icon(["--icon=a"], env: Self.zenity4) == "a")
        #expect(try icon(["--window-icon=b", "--icon=a"], env: Self.zenity4) == "b")
    }

    @Test func zenity4OptionsEveryDialogTakes() throws {
        // zenity 4.2.2 checks --icon against no dialog: --entry takes it and shows nothing.
        for arguments in [["--entry", "--icon=x"], ["--list", "--column=A", "--icon=x"], ["--scale", "--icon=x"],
                          ["--password", "--text=Key for the disk"], ["--entry", "--add-multiline-entry=A"]] {
            for env in [[:], Self.zenity4] {
                #expect(throws: Never.self) { try ZenityParser.parse(arguments, environment: Environment(env)) }
            }
        }
    }

    @Test func multilineEntryOnForms() throws {
        let options = try CLIProbe.options(["--forms", "--add-entry=A", "--add-multiline-entry=Notes",
                                            "--field-value=x"], as: FormsOptions.self)
        #expect(options.fields.map(\.kind) == [.entry, .multilineEntry])
        #expect(options.fields.map(\.label) == ["A", "Notes"])
        #expect(options.fields[1].value == "x")
        let plan = try FormsPlan(options, environment: Environment([:]), translations: .english,
                                 localeFormat: { "%m/%d/%y" })
        #expect(plan.request.fields.map(\.kind) == [.entry, .multilineEntry])
        #expect(plan.request.fields[1].initial == .text("x"))
    }

    @Test func aComboStartsOnItsFirstValueOnlyUnderZenity4() throws {
        func initial(_ env: [String: String], _ more: [String] = []) throws -> FormFieldValue? {
            let arguments = ["--forms", "--add-combo=C", "--combo-values=a|b"] + more
            return try FormsPlan(CLIProbe.options(arguments, env: env), environment: Environment(env),
                                 translations: .english, localeFormat: { "%m/%d/%y" }).request.fields[0].initial
        }
        #expect(try initial([:]) == nil)
        #expect(try initial(Self.zenity4) == .choice(0))
        #expect(try initial(Self.zenity4, ["--field-value=b"]) == .choice(1))
    }

    @Test func okAndCancelLabelsRenameProgressAndColourButtons() throws {
        for env in [[:], Self.zenity4] {
            let progress = try ProgressPlan(CLIProbe.options(["--progress", "--ok-label=Done", "--cancel-label=Stop"],
                                                             env: env),
                                            environment: Environment(env), translations: .english,
                                            standardInputIsClosed: false, feed: { _ in })
            #expect(progress.request.frame.buttons.map(\.label) == ["Stop", "Done"])
            let colour = ColorPlan(try CLIProbe.options(["--color-selection", "--ok-label=Pick", "--cancel-label=No"],
                                                        env: env),
                                   environment: Environment(env), translations: .english)
            #expect(colour.request.frame.buttons.map(\.label) == ["No", "Pick"])
        }
    }
}
