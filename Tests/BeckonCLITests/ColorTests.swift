import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// `--color-selection` from options to stdout and exit code, without a display.
@Suite struct ColorTests {
    private func options(_ arguments: [String]) throws -> ColorOptions {
        try CLIProbe.options(["--color-selection"] + arguments)
    }

    private func plan(_ arguments: [String], env: [String: String] = [:]) throws -> ColorPlan {
        ColorPlan(try options(arguments), environment: Environment(env), translations: .english)
    }

    private func output(_ arguments: [String], _ outcome: DialogOutcome, color: RGBAColor = .white,
                        env: [String: String] = [:]) throws -> ZenityOutput {
        let options = try options(arguments)
        let plan = ColorPlan(options, environment: Environment(env), translations: .english)
        return CLIProbe.output(plan, color, outcome, env: env, json: options.common.json)
    }

    // MARK: - options and plan

    @Test func optionsAreRead() throws {
        let given = try options(["--color=#123", "--show-palette", "--title=Paint"])
        #expect(given.color == "#123")
        #expect(given.showPalette)
        #expect(given.common.title == "Paint")
        #expect(try options(["--color=red", "--color", "blue"]).color == "blue") // GOption keeps the last
    }

    @Test func thePlanIsGtksColourDialog() throws {
        let plain = try plan([])
        #expect(plain.request.frame.buttons == [DialogButton("_Cancel", role: .cancel),
                                                DialogButton("_Select", role: .default)])
        #expect(plain.buttons.meanings == [.cancel, .ok])
        #expect(plain.request.initial == nil)
        #expect(plain.request.startingColor == .white)
        #expect(!plain.request.showsPalette)
        #expect(plain.request.allowsAlpha)
        // No title and no icon of zenity's own: GTK shows the program's name.
        #expect(plain.request.title == nil)
        #expect(plain.request.frame.windowIcon == nil)
        #expect(plain.request.frame.highlightsDefaultButton == false)
        #expect(try plan(["--show-palette"]).request.showsPalette)
        #expect(try plan(["--title=Pick one"]).request.title == "Pick one")
    }

    @Test func colourTextIsGdkRgbaParse() throws {
        #expect(try plan(["--color=red"]).request.initial == RGBAColor(red: 1, green: 0, blue: 0))
        #expect(try plan(["--color=#102030"]).request.initial?.cssString == "rgb(16,32,48)")
        #expect(try plan(["--color=rgba(1,2,3,0.25)"]).request.initial?.cssString == "rgba(1,2,3,0.25)")
        // What GDK refuses is ignored, as zenity ignores it: white.
        for bad in ["bogus", "", "#abcdef80", "hsl(1,2%,3%)"] {
            #expect(try plan(["--color=\(bad)"]).request.initial == nil, "\(bad)")
        }
    }

    @Test func labelsAndExtraButtons() throws {
        let labelled = try plan(["--ok-label=_Pick", "--cancel-label=Nope", "--extra-button=A", "--extra-button=B"])
        #expect(labelled.request.frame.buttons.map(\.label) == ["Nope", "_Pick", "A", "B"])
        #expect(labelled.buttons.meanings == [.cancel, .ok, .extra(label: "A"), .extra(label: "B")])
        #expect(labelled.request.frame.defaultButtonIndex == 1)
    }

    @Test func frameOptions() throws {
        let framed = try plan(["--timeout=7", "--modal", "--attach=42", "--window-icon=/nonexistent/x.png",
                               "--width=600", "--height=600"])
        #expect(framed.request.frame.timeout == .seconds(7))
        #expect(framed.request.frame.isModal)
        #expect(framed.request.frame.parent == .x11Window(42))
        #expect(framed.request.frame.windowIcon == "/nonexistent/x.png")
        // GTK's colour dialog keeps its size, as in zenity.
        #expect(framed.request.frame.width == nil && framed.request.frame.height == nil)
        #expect(try plan(["--timeout=0"]).request.frame.timeout == nil)
        #expect(try plan([], env: ["WINDOWID": "0x10"]).request.frame.parent == .x11Window(16))
        #expect(try plan(["--timeout=3", "--countdown"]).request.frame.showsCountdown)
    }

    @Test func otherDialogsOptionsAreRefused() throws {
        for option in ["--separator=x", "--entry-text=a", "--hide-text", "--no-wrap", "--day=3", "--username"] {
            #expect(throws: CLIError.notSupported(String(option.dropFirst(2).prefix { $0 != "=" }), by: "color-selection")) {
                try ZenityParser.parse(["--color-selection", option])
            }
        }
        // zenity never checks these, so it takes them with any dialog.
        _ = try options(["--text=ignored", "--icon-name=x", "--default-cancel"])
        #expect(throws: CLIError.missingValue("color")) { try ZenityParser.parse(["--color-selection", "--color"]) }
    }

    // MARK: - output

    @Test func selectPrintsGdkRgbaToString() throws {
        #expect(try output([], .button(1)) == ZenityOutput(stdout: "rgb(255,255,255)\n", exitCode: 0))
        let half = RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        #expect(try output([], .button(1), color: half) == ZenityOutput(stdout: "rgba(0,0,255,0.5)\n", exitCode: 0))
    }

    @Test func endingsWithoutAColour() throws {
        let none = ZenityOutput(stdout: "", exitCode: 1)
        #expect(try output([], .button(0)) == none)
        #expect(try output([], .escape) == none)
        #expect(try output([], .close) == none)
        #expect(try output([], .destroyed) == none)
        // zenity's colour dialog takes its timeout for an unknown button: ESC.
        #expect(try output([], .timedOut) == none)
        #expect(try output(["--extra-button=Later"], .button(2)) == ZenityOutput(stdout: "Later\n", exitCode: 1))
    }

    @Test func environmentOverrides() throws {
        let env = ["ZENITY_OK": "10", "ZENITY_CANCEL": "11", "ZENITY_ESC": "12", "ZENITY_TIMEOUT": "13",
                   "BECKON_CLOSE": "14"]
        #expect(try output([], .button(1), env: env).exitCode == 10)
        #expect(try output([], .button(0), env: env).exitCode == 11)
        #expect(try output([], .escape, env: env).exitCode == 12)
        #expect(try output([], .close, env: env).exitCode == 14)
        // The timeout exits with the ESC code, and ZENITY_ESC overrides it; ZENITY_TIMEOUT does not.
        #expect(try output([], .timedOut, env: env) == ZenityOutput(stdout: "", exitCode: 12))
        #expect(try output(["--extra-button=X"], .button(2), env: ["DIALOG_EXTRA": "4"]).exitCode == 4)
    }

    @Test func jsonCarriesTheColourWhenSelected() throws {
        let red = RGBAColor(red: 1, green: 0, blue: 0)
        #expect(try output(["--json"], .button(1), color: red).stdout ==
            #"{"format":1,"kind":"color-selection","ended":"button","button":"ok","index":1,"label":"Select","exit_code":0,"value":"rgb(255,0,0)"}"# + "\n")
        #expect(try output(["--json"], .escape, color: red).stdout ==
            #"{"format":1,"kind":"color-selection","ended":"escape","button":null,"index":null,"label":null,"exit_code":1,"value":null}"# + "\n")
        #expect(try output(["--json"], .timedOut, color: red).stdout ==
            #"{"format":1,"kind":"color-selection","ended":"timeout","button":null,"index":null,"label":null,"exit_code":1,"value":null}"# + "\n")
        #expect(try output(["--json", "--extra-button=E"], .button(2)).stdout ==
            #"{"format":1,"kind":"color-selection","ended":"button","button":"extra","index":2,"label":"E","exit_code":1,"value":null}"# + "\n")
    }
}
