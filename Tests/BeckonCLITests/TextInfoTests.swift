import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// `--text-info` read, planned and printed as zenity 3.44 does, without a display.
@Suite struct TextInfoTests {
    private func options(_ arguments: [String]) throws(CLIError) -> TextInfoOptions {
        try CLIProbe.options(["--text-info"] + arguments)
    }

    private func plan(_ arguments: [String], env: [String: String] = [:], webKit: Bool = true) throws(CLIError)
        -> TextInfoPlan {
        try TextInfoPlan(options(arguments), environment: Environment(env), translations: .english,
                         isWebKitAvailable: { webKit })
    }

    private func output(_ arguments: [String], _ outcome: DialogOutcome, text: String?, checked: Bool = false,
                        env: [String: String] = [:]) throws -> ZenityOutput {
        let plan = try plan(arguments, env: env)
        return CLIProbe.output(plan, TextInfoContent(text: text, isChecked: checked), outcome, env: env,
                               json: try options(arguments).common.json)
    }

    @Test func zenitysDefaults() throws {
        let request = try plan([]).request
        #expect(request.title == "Text View")
        #expect(request.source == .fileDescriptor(0))
        #expect(!request.isEditable && request.checkbox == nil && request.font == nil)
        #expect(request.wraps && !request.followsEnd && request.web == nil)
        #expect(request.frame.buttons.map(\.label) == ["_Cancel", "_OK"])
        #expect(request.frame.defaultButtonIndex == 1)
        #expect(request.frame.width == 300 && request.frame.height == 400)
        #expect(request.frame.windowIcon == CommonOptions.zenityImage("zenity-text.png"))
        #expect(request.byteLimit == TextInfoRequest.defaultByteLimit)
    }

    @Test func everyOption() throws {
        let request = try plan(["--filename=/etc/hostname", "--editable", "--font=Monospace 12", "--checkbox=Agree",
                                "--auto-scroll", "--no-wrap", "--title=T", "--timeout=7", "--height=90"]).request
        #expect(request.source == .file(path: "/etc/hostname"))
        #expect(request.isEditable && request.checkbox == "Agree" && request.font == "Monospace 12")
        #expect(!request.wraps && request.followsEnd)
        #expect(request.title == "T" && request.frame.timeout == .seconds(7))
        // Either size given replaces zenity's 300 by 400.
        #expect(request.frame.width == nil && request.frame.height == 90)
    }

    @Test func noWrapIsTakenButNotListed() throws {
        #expect(try options(["--no-wrap"]).noWrap)
        #expect(!TextInfoOptions.type.options.contains { $0.name == "no-wrap" })
        #expect(TextInfoOptions.type.takes("no-wrap"))
    }

    @Test func htmlAndURL() throws {
        #expect(try plan(["--html"]).request.web == .html)
        let url = try plan(["--html", "--url=example.org", "--no-interaction"]).request
        #expect(url.web == .url("example.org") && !url.opensLinks)
        #expect(try plan(["--html", "--filename=/etc/hostname"]).request.opensLinks)
        // As in zenity, --url counts only with --html.
        #expect(try plan(["--url=example.org"]).request.web == nil)
    }

    @Test func htmlWithoutWebKitIsAClearError() {
        #expect(throws: CLIError(message: "--html needs WebKit2GTK 4.1 (apt-get install libwebkit2gtk-4.1-0)")) {
            try plan(["--html"], webKit: false)
        }
        let withOverride = #expect(throws: CLIError.self) { try plan(["--html"], env: ["ZENITY_ERROR": "9"], webKit: false) }
        #expect(withOverride?.exitCode == 9)
        // Without --html nothing asks for WebKit.
        #expect(throws: Never.self) { try plan(["--url=x"], webKit: false) }
    }

    @Test func readOnlyPrintsNothing() throws {
        #expect(try output([], .button(1), text: nil) == ZenityOutput(stdout: "", exitCode: 0))
        #expect(try output([], .button(0), text: nil) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output([], .escape, text: nil) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output([], .timedOut, text: nil) == ZenityOutput(stdout: "", exitCode: 5))
    }

    @Test func editablePrintsTheTextExactlyOnOKAndTimeout() throws {
        let text = "two\nlines, no newline at the end"
        #expect(try output(["--editable"], .button(1), text: text) == ZenityOutput(stdout: text, exitCode: 0))
        #expect(try output(["--editable"], .timedOut, text: text) == ZenityOutput(stdout: text, exitCode: 5))
        #expect(try output(["--editable"], .timedOut, text: text, env: ["ZENITY_TIMEOUT": "7"]).exitCode == 7)
        #expect(try output(["--editable"], .button(0), text: text) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output(["--editable"], .close, text: text) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output(["--editable", "--extra-button=More"], .button(2), text: text)
                == ZenityOutput(stdout: "More\n", exitCode: 1))
    }

    @Test func jsonCarriesTheEditedText() throws {
        let ok = try output(["--editable", "--json"], .button(1), text: "a\"b\n")
        #expect(ok.stdout == #"{"format":1,"kind":"text-info","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"value":"a\"b\n"}"# + "\n")
        let cancel = try output(["--editable", "--json"], .button(0), text: "secret")
        #expect(cancel.stdout.contains(#""value":null"#) && !cancel.stdout.contains("secret"))
        // Read-only: no value, but the key all kinds have.
        #expect(try output(["--json"], .button(1), text: nil).stdout.hasSuffix(#""exit_code":0,"value":null}"# + "\n"))
    }

    @Test func optionsOfOtherDialogsAreRefused() {
        #expect(throws: CLIError.notSupported("separator", by: "text-info")) { try options(["--separator=,"]) }
        #expect(throws: CLIError.self) { try options(["--entry-text=x"]) }
    }
}

/// A `--filename` that cannot be read is an error before any window (zenity
/// shows an empty one, whose OK exits 0).
@Suite struct TextInfoFilenameTests {
    private func plan(_ arguments: [String], env: [String: String] = [:]) throws(CLIError) -> TextInfoPlan {
        try TextInfoPlan(CLIProbe.options(["--text-info"] + arguments), environment: Environment(env),
                         translations: .english, isWebKitAvailable: { true })
    }

    @Test func aMissingFileIsAnErrorWithTheErrorCode() {
        #expect(throws: CLIError(message: "--filename: Cannot open file '/no/such/file': No such file or directory")) {
            try plan(["--filename=/no/such/file"])
        }
        #expect(throws: CLIError(message: "--filename: Cannot open file '/no/such/file': No such file or directory",
                                 exitCode: 3)) {
            try plan(["--filename=/no/such/file"], env: ["ZENITY_ERROR": "3"])
        }
    }

    @Test func aDirectoryIsAnError() {
        #expect(throws: CLIError(message: "--filename: Cannot open file '/tmp': it is a directory")) {
            try plan(["--filename=/tmp"])
        }
    }

    @Test func aReadableFileAndAPageAddressPass() throws {
        _ = try plan(["--filename=/etc/hostname"])
        // --html --url shows the page: the file is not read.
        _ = try plan(["--html", "--url=example.org", "--filename=/no/such/file"])
    }
}
