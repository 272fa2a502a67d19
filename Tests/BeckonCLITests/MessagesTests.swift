@testable import BeckonCLI
import BeckonLoginGate
import Testing

/// The words of the command line's errors (issue 37): each says what is wrong
/// without contradicting itself, names what was probably meant, and where a
/// refused option belongs. Exit codes stay zenity's (255).
@Suite struct MessagesTests {
    private func error(_ arguments: [String], program: String = "beckon") -> CLIError? {
        do {
            _ = try ZenityParser.parse(arguments, environment: Environment([:]), program: program)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingValueSaysHowToGiveOne() {
        let failure = error(["--entry", "--text"])
        #expect(failure?.message == "--text: missing argument: give it a value, as in --text=TEXT")
        #expect(failure?.exitCode == 255)
    }

    @Test func noDialogPointsAtTheCommandAsItWasRun() {
        #expect(error([])?.message == "You must specify a dialog type. See 'beckon --help' for details")
        #expect(error([], program: "zenity")?.message == "You must specify a dialog type. See 'zenity --help' for details")
        #expect(error(["--title=x"])?.exitCode == 255)
    }

    @Test func aMisspeltOptionGetsDidYouMean() {
        let notAvailable = "This option is not available. Please see --help for all possible usages."
        #expect(error(["--qestion"])?.message == "--qestion: \(notAvailable) Did you mean --question?")
        #expect(error(["--entry", "--widht=300"])?.message == "--widht=300: \(notAvailable) Did you mean --width?")
        #expect(error(["-question"])?.message == "-question: \(notAvailable) Did you mean --question?")
        #expect(error(["--help-qestion"])?.message == "--help-qestion: \(notAvailable) Did you mean --help-question?")
        // Nothing close: zenity's words alone, no guess.
        #expect(error(["--question", "--bogus"])?.message == "--bogus: \(notAvailable)")
        #expect(error(["-x"])?.message == "-x: \(notAvailable)")
        #expect(error(["--qestion"])?.exitCode == 255)
    }

    @Test func aMisspeltSubcommandGetsDidYouMean() {
        #expect(Subcommand.misspelt(["term", "--file", "x.md"], program: "beckon")
                == CLIError(message: "term: not a command. Did you mean 'beckon terms'?"))
        #expect(Subcommand.misspelt(["trems"], program: "zenity")?.message == "trems: not a command. Did you mean 'zenity terms'?")
        #expect(Subcommand.misspelt(["dialgo", "--title", "x"], program: "beckon")?.message
                == "dialgo: not a command. Did you mean 'beckon dialog'?")
        #expect(Subcommand.misspelt(["dialog"], program: "beckon") == nil)
        // The warden's internal mode is no subcommand to suggest.
        #expect(Subcommand.misspelt([String(GateWarden.mode.dropLast())], program: "beckon") == nil)
        // Far words, options and the subcommand itself are not taken for a typo.
        #expect(Subcommand.misspelt(["report.pdf", "--bogus"], program: "beckon") == nil)
        #expect(Subcommand.misspelt(["--term"], program: "beckon") == nil)
        #expect(Subcommand.misspelt(["terms"], program: "beckon") == nil)
    }

    @Test func aMisspeltTermsOptionGetsDidYouMean() {
        #expect(throws: CLIError(message: "unknown option --fiel. Did you mean --file? (see beckon terms --help)")) {
            try TermsArguments.parse(["--fiel", "x.md"])
        }
        #expect(throws: CLIError(message: "unknown option --bogus. (see beckon terms --help)")) {
            try TermsArguments.parse(["--bogus"])
        }
    }

    @Test func aRefusedOptionNamesTheDialogsThatTakeIt() {
        #expect(error(["--list", "--button=Go"])?.message
                == "--button is not supported for this dialog (--list); only --error, --info, --question and --warning take it")
        #expect(error(["--question", "--column=x"])?.message
                == "--column is not supported for this dialog (--question); only --list takes it")
        #expect(error(["--info", "--cancel-label=x"])?.message
                == "--cancel-label is not supported for this dialog (--info); every dialog but --error, --info and --warning takes it")
        #expect(error(["--file-selection", "--ok-label=Go"])?.message
                == "--ok-label is not supported for this dialog (--file-selection); every dialog but --file-selection takes it")
        #expect(error(["--list", "--button=Go"])?.exitCode == 255)
    }

    @Test func aBadIntegerDoesNotCallTheOptionUnavailable() {
        #expect(error(["--entry", "--width=abc"])?.message
                == "--width: cannot parse integer value 'abc': it takes a whole number, such as --width=10")
        #expect(error(["--question", "--switch"])?.message == "--switch needs at least one --extra-button or --button")
    }

    @Test func beckonsVersionIsItsOwnAndVersionStaysZenitys() throws {
        #expect(try ZenityParser.parse(["--beckon-version"]) == .beckonVersion)
        #expect(try ZenityParser.parse(["--entry", "--beckon-version", "--bogus"]) == .beckonVersion)
        #expect(try ZenityParser.parse(["--version"], environment: Environment([:])) == .version(.zenity3_44))
        #expect(!BeckonVersion.text.isEmpty && BeckonVersion.text != ZenityCommand.zenityVersion)
    }

    @Test func suggestionsAreOnlyCloseOnes() {
        #expect(Suggestion.distance(Array("widht"), Array("width")) == 1)
        #expect(Suggestion.distance(Array("qestion"), Array("question")) == 1)
        #expect(Suggestion.nearest(to: "tty", in: ["try", "tty", "json"]) == ["try"])
        #expect(Suggestion.nearest(to: "colour", in: ["color", "column"]) == ["color"])
        #expect(Suggestion.nearest(to: "xyz", in: ["entry", "info"]).isEmpty)
        #expect(Suggestion.phrase(["--a", "--b"]) == " Did you mean --a or --b?")
    }
}
