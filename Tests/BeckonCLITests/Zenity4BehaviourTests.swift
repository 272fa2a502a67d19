import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// What changes under `BECKON_ZENITY_COMPAT=4.2`: exit codes, zenity 4.2.2's
/// deprecation warnings word for word, and GTK's options refused.
@Suite struct Zenity4BehaviourTests {
    private static let zenity4 = ["BECKON_ZENITY_COMPAT": "4.2"]

    private func common(_ arguments: [String], env: [String: String] = zenity4) throws(CLIError) -> CommonOptions {
        try CLIProbe.options(arguments, as: MessageOptions.self, env: env).common
    }

    @Test func anExtraButtonExitsWithTheExtraCode() throws {
        for kind in ["--info", "--question"] {
            for dialect in ZenityDialect.allCases {
                let options = try CLIProbe.options([kind, "--extra-button=Later", "--zenity-compat=\(dialect.rawValue)"],
                                                   as: MessageOptions.self)
                let plan = MessagePlan(options, environment: Environment([:]), translations: .english)
                let later = try #require(plan.buttons.meanings.firstIndex(of: .extra(label: "Later")))
                func exit(_ env: [String: String]) -> ZenityOutput {
                    CLIProbe.output(plan, (), .button(later), env: env, dialect: options.common.dialect)
                }
                #expect(exit([:]) == ZenityOutput(stdout: "Later\n", exitCode: 1))
                #expect(exit(["ZENITY_EXTRA": "9", "ZENITY_ESC": "7"]).exitCode == 9)
                #expect(exit(["DIALOG_EXTRA": "8"]).exitCode == 8)
                // 3.44 exits with ZENITY_ESC's code; 4.2 ignores ZENITY_ESC here.
                #expect(exit(["ZENITY_ESC": "7"]).exitCode == (dialect == .zenity4_2 ? 1 : 7))
                // Escape itself is ZENITY_ESC in both.
                #expect(CLIProbe.output(plan, (), .escape, env: ["ZENITY_ESC": "7"], dialect: dialect).exitCode == 7)
            }
        }
    }

    @Test func aPasswordTimeoutExits5UnderZenity4() throws {
        let credentials = Credentials(username: nil, password: "secret")
        for (env, code) in [([:], Int32(1)), (Self.zenity4, 5)] {
            let options = try CLIProbe.options(["--password", "--timeout=1"], as: PasswordOptions.self, env: env)
            let plan = PasswordPlan(options, environment: Environment(env), translations: .english)
            #expect(CLIProbe.output(plan, credentials, .timedOut, dialect: options.common.dialect)
                == ZenityOutput(stdout: "", exitCode: code))
            // The watchdog that holds a stuck loop's timeout exits the same way.
            #expect(options.timeoutRule.exitCode(in: Environment([:])) == code)
        }
        let options = try CLIProbe.options(["--password", "--timeout=1"], as: PasswordOptions.self, env: Self.zenity4)
        let plan = PasswordPlan(options, environment: Environment([:]), translations: .english)
        #expect(CLIProbe.output(plan, credentials, .timedOut, env: ["ZENITY_TIMEOUT": "6"], dialect: .zenity4_2)
            .exitCode == 6)
        // OK prints the password in both.
        #expect(CLIProbe.output(plan, credentials, .button(1), dialect: .zenity4_2).stdout == "secret\n")
    }

    @Test func deprecationWarningsAsZenity4_2_2PrintsThem() throws {
        let all = try common(["--info", "--attach=5", "--icon-name=b", "--window-icon=a"])
        #expect(all.deprecationWarnings == [
            "Warning: --window-icon is deprecated and will be removed in a future version of zenity; Treating as --icon.",
            "Warning: --icon-name is deprecated and will be removed in a future version of zenity; Treating as --icon.",
            "Warning: --attach is deprecated and will be removed in a future version of zenity. Ignoring.",
        ])
        func warnings(_ arguments: [String]) throws -> [String] {
            let env = Environment(Self.zenity4)
            guard case .dialog(_, let common) = try ZenityParser.parse(arguments, environment: env) else { return [] }
            return common.deprecationWarnings
        }
        #expect(try warnings(["--list", "--column=A", "--mid-search"])
            == ["Warning: --mid-search is deprecated and will be removed in a future version of zenity. Ignoring."])
        #expect(try warnings(["--file-selection", "--save", "--confirm-overwrite"])
            == ["Warning: --confirm-overwrite is deprecated and will be removed in a future version of zenity. Ignoring."])
        #expect(try warnings(["--notification", "--text=x", "--hint=urgency:2", "--hint=resident:true"])
            == ["Warning: --hint is deprecated and will be removed in a future version of zenity. Ignoring."])
        // --attach=0 names no window: zenity 4.2.2 says nothing.
        #expect(try warnings(["--info", "--attach=0"]).isEmpty)
        #expect(try warnings(["--info", "--icon=x"]).isEmpty)
        // zenity 3.44's dialect: the same options, no warnings.
        #expect(try common(["--info", "--attach=5", "--icon-name=b", "--window-icon=a"], env: [:])
            .deprecationWarnings.isEmpty)
    }

    @Test func deprecatedOptionsDoWhatZenity4Does() throws {
        // --attach is ignored (WINDOWID still holds); --hint too.
        #expect(try common(["--info", "--attach=5"]).parent(Environment([:])) == nil)
        #expect(try common(["--info", "--attach=5"], env: [:]).parent(Environment([:])) == .x11Window(5))
        let hints = try CLIProbe.options(["--notification", "--text=x", "--hint=urgency:2"],
                                         as: NotificationOptions.self, env: Self.zenity4)
        #expect(hints.hints.isEmpty)
        #expect(try CLIProbe.options(["--notification", "--text=x", "--hint=urgency:2"], as: NotificationOptions.self)
            .hints == ["urgency:2"])
        // GTK 4 always asks before a save overwrites a file.
        func confirms(_ env: [String: String]) throws -> Bool {
            let plan = FileSelectionPlan(try CLIProbe.options(["--file-selection", "--save"], env: env),
                                         translations: .english)
            guard case .save(let confirms) = plan.request.mode else { return false }
            return confirms
        }
        #expect(try !confirms([:]))
        #expect(try confirms(Self.zenity4))
    }

    @Test func theLibraryFeaturesOfZenity4() throws {
        for (env, isZenity4) in [([String: String](), false), (Self.zenity4, true)] {
            let list = try ListPlan(CLIProbe.options(["--list", "--column=A", "x"], env: env),
                                environment: Environment(env), translations: .english, warn: { _ in })
            #expect(list.request.returnChoosesFirstRow == isZenity4)
            let progress = try ProgressPlan(CLIProbe.options(["--progress"], env: env), environment: Environment(env),
                                            translations: .english, standardInputIsClosed: false, feed: { _ in })
            #expect(progress.request.textIsMarkup == isZenity4)
            #expect(progress.request.frame.heading == (isZenity4 ? "Progress" : nil))
            let titled = MessagePlan(try CLIProbe.options(["--info", "--title=Disk"], env: env),
                                     environment: Environment(env), translations: .english)
            #expect(titled.request.frame.heading == (isZenity4 ? "Disk" : nil))
            #expect(titled.request.frame.title == "Disk")
            // No default heading where zenity 4's dialog has none, and none on the colour chooser.
            let password = PasswordPlan(try CLIProbe.options(["--password"], env: env), environment: Environment(env),
                                        translations: .english)
            #expect(password.request.frame.heading == nil)
            let colour = ColorPlan(try CLIProbe.options(["--color-selection", "--title=C"], env: env),
                                   environment: Environment(env), translations: .english)
            #expect(colour.request.frame.heading == nil)
        }
    }

    @Test func gtkOptionsAreRefusedAsZenity4RefusesThem() throws {
        for (option, value) in [("class", "x"), ("name", "x"), ("display", ":9"), ("gtk-module", "m"),
                                ("g-fatal-warnings", nil)] {
            let arguments = ["--info", "--" + option] + (value.map { [$0] } ?? [])
            #expect(throws: CLIError.notAvailable("--" + option)) {
                try ZenityParser.parse(arguments, environment: Environment(Self.zenity4))
            }
            #expect(throws: CLIError.notAvailable("--" + option)) {
                try ZenityParser.parse(arguments + ["--zenity-compat=4"], environment: Environment([:]))
            }
            // zenity 3.44 hands them to GTK: accepted.
            #expect(throws: Never.self) { try ZenityParser.parse(arguments, environment: Environment([:])) }
        }
        let error = CLIError.notAvailable("--class")
        #expect(error.exitCode == 255)
        #expect(error.message == "--class: This option is not available. Please see --help for all possible usages.")
    }

    @Test func helpListsTheNewOptionsWithBeckonsAndLeavesZenitysGroupsAlone() {
        let beckon = ZenityHelp.text(.group("beckon"), program: "beckon")
        #expect(beckon.contains("--zenity-compat=VERSION"))
        #expect(beckon.contains("--icon=ICON-NAME|FILE"))
        #expect(beckon.contains("--add-multiline-entry=Field name"))
        for group in ["info", "notification", "entry", "forms", "general"] {
            let text = ZenityHelp.text(.group(group), program: "zenity")
            #expect(!text.contains("--icon=") && !text.contains("zenity-compat") && !text.contains("multiline"))
        }
    }
}
