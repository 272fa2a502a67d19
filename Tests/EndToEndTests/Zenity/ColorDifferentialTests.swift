import Foundation
import BeckonTestSupport
import Testing

/// `--color-selection` side by side with zenity 3.44: GTK's colour chooser,
/// answered with real keys. The editor's colour-name entry has the focus at
/// first; Return there applies what was typed without selecting, so the cases
/// Tab to the hue slider (where Return presses Select) or use alt+s. Tab
/// order: entry, hue, plane, alpha, Cancel, Select, extra buttons.
@Suite(.serialized, .guiHangLimit) struct ColorDifferentialTests {
    @Test(arguments: ColorCases.all)
    func sameAsZenity(_ testCase: ZenityCase) throws {
        try assertSameAsZenity(testCase)
    }

    /// `--json`, beckon's own: the colour as "value" when selected, null otherwise.
    @Test func jsonCarriesTheColour() throws {
        try X11.require()
        func beckon(_ arguments: [String], _ answer: DialogRun.Answer) throws -> (ProcessResult, [String: Any]) {
            let result = try DialogRun.run(Products.beckon, ["--color-selection", "--json"] + arguments, answer: answer,
                                           environment: ZenityCase.baseEnvironment, deadline: 15)
            #expect(!result.timedOut, "\(result)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return (result, try #require(object, "not a JSON object: \(result)"))
        }
        let (selected, json) = try beckon(["--color=rgba(255,0,0,0.5)"], .keys(["Tab", "Return"]))
        #expect(selected.exitCode == 0)
        #expect(json["value"] as? String == "rgba(255,0,0,0.5)")
        #expect(json["label"] as? String == "Select")
        #expect(json["button"] as? String == "ok")

        let (escaped, escapeJSON) = try beckon(["--color=red"], .keys(["Escape"]))
        #expect(escaped.exitCode == 1)
        #expect(escapeJSON["ended"] as? String == "escape")
        #expect(escapeJSON["value"] is NSNull)

        let (_, timeoutJSON) = try beckon(["--timeout=1"], .none)
        #expect(timeoutJSON["ended"] as? String == "timeout")
        #expect(timeoutJSON["exit_code"] as? Int == 1)

        let (_, extraJSON) = try beckon(["--extra-button=Later"], .keys(["shift+Tab", "Return"]))
        #expect(extraJSON["button"] as? String == "extra")
        #expect(extraJSON["label"] as? String == "Later")
    }
}

/// The colour dialog's differential table.
enum ColorCases {
    typealias C = ZenityCase
    static let select = C.keys("Tab", "Return")
    static let white = "rgb(255,255,255)\n"

    static let all: [ZenityCase] = keys + colors + palette + extraButtons + timeouts + overrides + labels + commandLine

    static let keys: [ZenityCase] = [
        C("color: Tab Return selects white, the colour without --color", ["--color-selection"], select, exit: 0,
          stdout: white),
        C("color: alt+s is Select's mnemonic", ["--color-selection", "--color=navy"], C.keys("alt+s"), exit: 0,
          stdout: "rgb(0,0,128)\n"),
        C("color: Return in the colour-name entry does not select", ["--color-selection", "--timeout=2"],
          C.keys("Return"), exit: 1),
        C("color: Escape", ["--color-selection", "--color=red"], C.keys("Escape"), exit: 1),
        C("color: window-manager close", ["--color-selection"], .windowManagerClose, exit: 1),
        C("color: shift+Tab twice reaches Cancel", ["--color-selection", "--color=red"],
          C.keys("shift+Tab", "shift+Tab", "Return"), exit: 1),
        C("color: #hex typed into the entry, Return applies it, Tab Return selects", ["--color-selection"],
          .type("#ff8000", then: ["Return", "Tab", "Return"]), exit: 0, stdout: "rgb(255,128,0)\n"),
        C("color: a colour name typed, Tab applies it", ["--color-selection", "--color=red"],
          .type("SteelBlue", then: ["Tab", "Return"]), exit: 0, stdout: "rgb(70,130,180)\n"),
        C("color: rgba() typed keeps the slider's opacity", ["--color-selection", "--color=rgba(0,0,0,0.5)"],
          .type("rgba(255,0,0,0.9)", then: ["Return", "Tab", "Return"]), exit: 0, stdout: "rgba(255,0,0,0.5)\n"),
        C("color: text GDK refuses, typed, changes nothing", ["--color-selection", "--color=teal"],
          .type("not a colour", then: ["Return", "Tab", "Return"]), exit: 0, stdout: "rgb(0,128,128)\n"),
        C("color: the opacity slider to 0 (Home)", ["--color-selection", "--color=red"],
          C.keys("Tab", "Tab", "Tab", "Home", "Return"), exit: 0, stdout: "rgba(255,0,0,0)\n"),
        C("color: the opacity slider one step down", ["--color-selection", "--color=red"],
          C.keys("Tab", "Tab", "Tab", "Left", "Return"), exit: 0, stdout: "rgba(255,0,0,0.99)\n"),
        C("color: the saturation-value plane one step left", ["--color-selection", "--color=red"],
          C.keys("Tab", "Tab", "Left", "Return"), exit: 0, stdout: "rgb(252,0,0)\n"),
    ]

    static let colors: [ZenityCase] = [
        C("color: --color=red", ["--color-selection", "--color=red"], select, exit: 0, stdout: "rgb(255,0,0)\n"),
        C("color: --color=#123 (short hex)", ["--color-selection", "--color=#123"], select, exit: 0,
          stdout: "rgb(17,34,51)\n"),
        C("color: --color=#abcdef", ["--color-selection", "--color", "#abcdef"], select, exit: 0,
          stdout: "rgb(171,205,239)\n"),
        C("color: --color=rgb(1,2,3)", ["--color-selection", "--color=rgb(1,2,3)"], select, exit: 0,
          stdout: "rgb(1,2,3)\n"),
        C("color: --color=rgb() in percent", ["--color-selection", "--color=rgb(100%,50%,0%)"], select, exit: 0,
          stdout: "rgb(255,128,0)\n"),
        C("color: --color=rgba() half opaque prints rgba()", ["--color-selection", "--color=rgba(255,0,0,0.5)"],
          select, exit: 0, stdout: "rgba(255,0,0,0.5)\n"),
        C("color: --color=rgba() alpha 0.333", ["--color-selection", "--color=rgba(10,20,30,0.333)"], select,
          exit: 0, stdout: "rgba(10,20,30,0.333)\n"),
        C("color: --color=rgba() fully transparent", ["--color-selection", "--color=rgba(0,0,0,0)"], select,
          exit: 0, stdout: "rgba(0,0,0,0)\n"),
        C("color: a bad --color is ignored", ["--color-selection", "--color=bogus"], select, exit: 0, stdout: white),
        C("color: --color=#rrggbbaa is not GTK 3's, ignored", ["--color-selection", "--color=#abcdef80"], select,
          exit: 0, stdout: white),
        C("color: an empty --color is ignored", ["--color-selection", "--color="], select, exit: 0, stdout: white),
        C("color: the last --color wins", ["--color-selection", "--color=red", "--color=blue"], select, exit: 0,
          stdout: "rgb(0,0,255)\n"),
    ]

    static let palette: [ZenityCase] = [
        C("color palette: Return selects the first swatch, Return again answers with it",
          ["--color-selection", "--show-palette"], C.keys("Return", "Return"), exit: 0, stdout: "rgb(153,193,241)\n"),
        C("color palette: Right, then Space and Return", ["--color-selection", "--show-palette"],
          C.keys("Right", "space", "Return"), exit: 0, stdout: "rgb(143,240,164)\n"),
        C("color palette: --color=red is a custom swatch, shift+Tab Return selects it",
          ["--color-selection", "--show-palette", "--color=red"], C.keys("shift+Tab", "Return"), exit: 0,
          stdout: "rgb(255,0,0)\n"),
        C("color palette: half-opaque --color", ["--color-selection", "--show-palette", "--color=rgba(0,0,255,0.5)"],
          C.keys("shift+Tab", "Return"), exit: 0, stdout: "rgba(0,0,255,0.5)\n"),
        C("color palette: Escape", ["--color-selection", "--show-palette"], C.keys("Escape"), exit: 1),
    ]

    static let extraButtons: [ZenityCase] = [
        C("color: the last extra button prints its label, exits 1",
          ["--color-selection", "--extra-button=Later", "--extra-button=Zwei"], C.keys("shift+Tab", "Return"),
          exit: 1, stdout: "Zwei\n"),
        C("color: extra buttons come after Select",
          ["--color-selection", "--extra-button=Later", "--extra-button=Zwei"],
          C.keys("shift+Tab", "shift+Tab", "Return"), exit: 1, stdout: "Later\n"),
        C("color: Select still works beside extra buttons", ["--color-selection", "--extra-button=Later"],
          C.keys("shift+Tab", "shift+Tab", "Return"), exit: 0, stdout: white),
        C("color: unicode extra button with a mnemonic", ["--color-selection", "--extra-button=_Läter 🎨"],
          C.keys("alt+l"), exit: 1, stdout: "_Läter 🎨\n"),
    ]

    static let timeouts: [ZenityCase] = [
        C("color: --timeout=1 exits 1 with nothing printed", ["--color-selection", "--timeout=1", "--color=red"],
          .none, exit: 1),
        C("color: --timeout=0 means none", ["--color-selection", "--timeout=0"], select, exit: 0, stdout: white),
        C("color: answered before the timeout", ["--color-selection", "--timeout=30", "--color=red"], select,
          exit: 0, stdout: "rgb(255,0,0)\n"),
        C("color: the timeout with six extra buttons",
          ["--color-selection", "--timeout=1"] + ["a", "b", "c", "d", "e", "f"].map { "--extra-button=\($0)" },
          .none, exit: 1, stdout: "f\n",
          zenityIsWrong: ("zenity's timeout is response 5, which its colour dialog takes for the sixth extra "
                          + "button and prints that button's label; beckon prints nothing, as for any timeout",
                          .init(exitCode: 1, stdout: ""))),
    ]

    static let overrides: [ZenityCase] = [
        C("color: ZENITY_OK", ["--color-selection"], env: ["ZENITY_OK": "3"], select, exit: 3, stdout: white),
        C("color: DIALOG_OK", ["--color-selection"], env: ["DIALOG_OK": "8"], select, exit: 8, stdout: white),
        C("color: ZENITY_CANCEL", ["--color-selection"], env: ["ZENITY_CANCEL": "4"],
          C.keys("shift+Tab", "shift+Tab", "Return"), exit: 4),
        C("color: ZENITY_ESC on Escape", ["--color-selection"], env: ["ZENITY_ESC": "6"], C.keys("Escape"), exit: 6),
        C("color: ZENITY_ESC on a window close", ["--color-selection"], env: ["ZENITY_ESC": "6"], .windowManagerClose,
          exit: 6),
        C("color: the timeout takes ZENITY_ESC", ["--color-selection", "--timeout=1"], env: ["ZENITY_ESC": "7"],
          .none, exit: 7),
        C("color: the timeout ignores ZENITY_TIMEOUT", ["--color-selection", "--timeout=1"],
          env: ["ZENITY_TIMEOUT": "9"], .none, exit: 1),
    ]

    static let labels: [ZenityCase] = [
        C("color: unicode --title", ["--color-selection", "--title=Farbe — 色 🎨", "--color=#00ff00"], select,
          exit: 0, stdout: "rgb(0,255,0)\n"),
        C("color: ja_JP labels, alt+s still selects", ["--color-selection", "--color=gold"],
          env: ["LANG": "ja_JP.UTF-8"], C.keys("alt+s"), exit: 0, stdout: "rgb(255,215,0)\n"),
        C("color: --ok-label", ["--color-selection", "--ok-label=_Pick", "--color=red"], C.keys("alt+p"), exit: 11,
          zenityIsWrong: ("zenity 3.44 asks GtkColorChooserDialog for an \"ok-button\" property it does not have "
                          + "and labels an uninitialised pointer: a segfault (139 in a shell) before any window; "
                          + "beckon labels Select", .init(exitCode: 0, stdout: "rgb(255,0,0)\n"))),
        C("color: --cancel-label", ["--color-selection", "--cancel-label=_Nope"], C.keys("alt+n"), exit: 11,
          zenityIsWrong: ("zenity 3.44 segfaults on --cancel-label as on --ok-label (no \"cancel-button\" "
                          + "property); beckon labels Cancel", .init(exitCode: 1, stdout: ""))),
        C("color: --modal", ["--color-selection", "--modal", "--color=red"], select, exit: 0,
          stdout: "rgb(255,0,0)\n"),
    ]

    static let commandLine: [ZenityCase] = [
        C("color: --separator is not supported", ["--color-selection", "--separator=x"], .none, exit: 255),
        C("color: --entry-text is not supported", ["--color-selection", "--entry-text=a"], .none, exit: 255),
        C("color: --day is not supported", ["--color-selection", "--day=3"], .none, exit: 255),
        C("color: --color without its value", ["--color-selection", "--color"], .none, exit: 255),
        C("color: --text is accepted and ignored", ["--color-selection", "--text=ignored"], select, exit: 0,
          stdout: white),
        C("color: --timeout=abc", ["--color-selection", "--timeout=abc"], .none, exit: 255),
    ]
}
