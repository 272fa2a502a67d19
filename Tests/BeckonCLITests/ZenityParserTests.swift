import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// The command line read as zenity 3.44 (GLib's GOption) reads it.
@Suite struct ZenityParserTests {
    private func message(_ arguments: [String]) throws -> MessageOptions {
        let invocation = try ZenityParser.parse(arguments)
        guard case .dialog(let dialog, _) = invocation, let options = dialog as? MessageOptions else {
            Issue.record("expected a message dialog, got \(invocation)")
            return MessageOptions(kind: .info)
        }
        return options
    }

    private func error(_ arguments: [String]) -> CLIError? {
        CLIProbe.error(of: arguments) { try ZenityParser.parse(arguments) }
    }

    @Test(arguments: [MessageKind.question, .info, .warning, .error])
    func eachDialogType(kind: MessageKind) throws {
        #expect(try message(["--\(kind.rawValue)"]).kind == kind)
    }

    @Test func bothValueForms() throws {
        let equals = try message(["--question", "--title=T", "--text=a=b", "--width=300"])
        let separate = try message(["--question", "--title", "T", "--text", "a=b", "--width", "300"])
        #expect(equals == separate)
        #expect(equals.common.title == "T")
        #expect(equals.text == "a=b")
        #expect(equals.common.width == 300)
    }

    @Test func theNextArgumentIsTheValueEvenWhenItLooksLikeAnOption() throws {
        let options = try message(["--question", "--text", "--timeout=1"])
        #expect(options.text == "--timeout=1")
        #expect(options.common.timeout == nil)
    }

    @Test func repeatableAndLastWins() throws {
        let options = try message(["--info", "--extra-button=A", "--extra-button", "B", "--title=1", "--title=2"])
        #expect(options.common.extraButtons == ["A", "B"])
        #expect(options.common.title == "2")
    }

    @Test func flags() throws {
        let options = try message(["--question", "--no-wrap", "--no-markup", "--ellipsize", "--default-cancel",
                                   "--modal", "--switch", "--extra-button=x", "--json", "--countdown"])
        #expect(options.noWrap && options.noMarkup && options.ellipsize && options.defaultCancel)
        #expect(options.common.modal && options.switchMode && options.common.json && options.common.countdown)
    }

    /// The parser finds most options without building every dialog's type
    /// (``ZenityOptionTable/option(named:)``): each name must read as the full
    /// table reads it, and a name no table has must stay unknown.
    @Test func theLazyLookupReadsEveryOptionAsTheFullTable() {
        #expect(ZenityOptionTable.byName.count > 100)
        for (name, option) in ZenityOptionTable.byName {
            let found = ZenityOptionTable.option(named: name)
            #expect(found?.name == name)
            #expect(found?.argument == option.argument, "--\(name)")
        }
        for name in ["bogus", "questions", "", "text-infos", "help-entry"] {
            #expect(ZenityOptionTable.option(named: name) == nil, "--\(name)")
        }
    }

    /// ``ZenityDialogs/type(named:)`` builds the type each flag names, in help order.
    @Test func eachDialogFlagNamesItsOwnType() {
        #expect(ZenityDialogs.all.map(\.name) == ZenityDialogs.names)
        for name in ZenityDialogs.names {
            #expect(ZenityDialogs.type(named: name)?.name == name)
            #expect(ZenityOptionTable.isDialogFlag(name))
        }
        #expect(ZenityOptionTable.isDialogFlag("version") && ZenityOptionTable.isDialogFlag("about"))
        #expect(!ZenityOptionTable.isDialogFlag("text") && ZenityDialogs.type(named: "bogus") == nil)
    }

    @Test func integersAsGLibReadsThem() {
        #expect(ZenityParser.integer("10") == 10)
        #expect(ZenityParser.integer("010") == 8)
        #expect(ZenityParser.integer("0x10") == 16)
        #expect(ZenityParser.integer(" +3") == 3)
        #expect(ZenityParser.integer("-5") == -5)
        #expect(ZenityParser.integer("") == nil)
        #expect(ZenityParser.integer("1x") == nil)
        #expect(ZenityParser.integer("abc") == nil)
        #expect(ZenityParser.integer("2147483648") == nil)
        #expect(ZenityParser.integer("2147483647") == Int32.max)
    }

    @Test func doubleDashEndsOptionsAndStrayArgumentsAreIgnored() throws {
        let options = try message(["--question", "stray", "--", "--timeout=1", "--bogus"])
        #expect(options.common.timeout == nil)
    }

    @Test func helpOptions() throws {
        #expect(try ZenityParser.parse(["--help"]) == .help(.summary))
        #expect(try ZenityParser.parse(["-h"]) == .help(.summary))
        #expect(try ZenityParser.parse(["-?"]) == .help(.summary))
        #expect(try ZenityParser.parse(["--help-all"]) == .help(.all))
        #expect(try ZenityParser.parse(["--question", "--help-question"]) == .help(.group("question")))
        #expect(try ZenityParser.parse(["--help-general"]) == .help(.group("general")))
        // Left to right: help before a bad option wins, after it loses.
        #expect(try ZenityParser.parse(["--help", "--bogus"]) == .help(.summary))
        #expect(error(["--bogus", "--help"])?.exitCode == 255)
    }

    @Test func versionAndAbout() throws {
        #expect(try ZenityParser.parse(["--version"], environment: Environment([:])) == .version(.zenity3_44))
        #expect(try ZenityParser.parse(["--version", "--title=x"], environment: Environment([:])) == .version(.zenity3_44))
        #expect(try ZenityParser.parse(["--version", "--zenity-compat=4.2"]) == .version(.zenity4_2))
        #expect(try ZenityParser.parse(["--version"], environment: Environment(["BECKON_ZENITY_COMPAT": "4.2"]))
                == .version(.zenity4_2))
        #expect(try ZenityParser.parse(["--about"]) == .about)
        #expect(error(["--version", "--text=x"])?.message.hasPrefix("--text is not supported for this dialog") == true)
    }

    @Test(arguments: [
        (["--bogus"], "--bogus: This option is not available"),
        (["--question", "--bogus=3"], "--bogus=3: This option is not available"),
        (["-x", "--question"], "-x: This option is not available"),
        (["--question", "--width=abc"], "cannot parse integer value 'abc'"),
        (["--question", "--timeout="], "cannot parse integer value ''"),
        (["--question", "--width=99999999999"], "cannot parse integer value"),
        (["--question", "--text"], "--text: missing argument"),
        ([], "You must specify a dialog type"),
        (["--title=x"], "You must specify a dialog type"),
        (["--info", "--question"], "Two or more dialog options specified"),
        (["--question", "--version"], "Two or more dialog options specified"),
        (["--question", "--entry-text=x"], "--entry-text is not supported for this dialog"),
        (["--info", "--cancel-label=x"], "--cancel-label is not supported for this dialog"),
        (["--question", "--switch"], "--switch needs at least one --extra-button"),
        (["--question", "--button=:3"], "the label is empty"),
        (["--question", "--button=A:256"], "the exit code must be from 0 to 255"),
    ] as [([String], String)])
    func badCommandLinesExit255(arguments: [String], message: String) {
        let failure = error(arguments)
        #expect(failure?.exitCode == 255)
        #expect(failure?.message.contains(message) == true, "\(failure?.message ?? "no error")")
    }

    @Test func theSameDialogTwiceIsTakenAsOnce() throws {
        #expect(try message(["--question", "--question"]).kind == .question)
        #expect(error(["--question", "--text=x", "--question", "--info"]) == .twoDialogs("question", "info"))
    }

    @Test func optionsZenityLetsThrough() throws {
        // zenity 3.44 accepts these with any message dialog and ignores them.
        #expect(try message(["--info", "--default-cancel"]).kind == .info)
        #expect(try message(["--info", "--hint=x"]).kind == .info)
        #expect(try message(["--info", "--switch", "--extra-button=a"]).kind == .info)
        let gtk = try message(["--info", "--class=C", "--name=N", "--display=:9", "--gtk-module=m", "--g-fatal-warnings"])
        #expect(gtk.common.programClass == "C" && gtk.common.programName == "N" && gtk.common.display == ":9")
        #expect(try message(["--question=3", "--modal=1"]).common.modal)
    }

    @Test func customButtons() throws {
        let options = try message(["--question", "--button=_Save:10", "--button", "Don't save", "--button=a:b:3", "--button=Ratio 16:9x"])
        #expect(options.buttons == [
            CustomButton(label: "_Save", exitCode: 10),
            CustomButton(label: "Don't save", exitCode: 1),
            CustomButton(label: "a:b", exitCode: 3),
            CustomButton(label: "Ratio 16:9x", exitCode: 3),
        ])
    }
}

/// Help, version and about compare by value; dialogs by their options.
extension ZenityInvocation: Equatable {
    public static func == (lhs: ZenityInvocation, rhs: ZenityInvocation) -> Bool {
        switch (lhs, rhs) {
        case let (.help(a), .help(b)): a == b
        case let (.version(a), .version(b)): a == b
        case (.about, .about), (.beckonVersion, .beckonVersion): true
        case let (.reference(a), .reference(b)): a == b
        case let (.dialog(a, commonA), .dialog(b, commonB)):
            commonA == commonB && (a as? MessageOptions) == (b as? MessageOptions)
        default: false
        }
    }
}
