import BeckonTestSupport
import Foundation
import Testing

/// `--forms` answered in the window and on the terminal fallback, field by
/// field: the same stdout and exit code.
@Suite(.serialized, .guiHangLimit) struct FormsTerminalTests {
    @Test(arguments: FormsTerminalCases.all)
    func sameAsTheWindow(_ c: TerminalCase) throws {
        try X11.require()
        let (inWindow, _) = try ZenityCase(c.name, c.arguments, env: c.env, c.window, exit: c.exit, stdout: c.stdout)
            .run(Products.beckon)
        let onTerminal = try TerminalRun.run(c.arguments, env: c.env, prompt: c.prompt, c.keys)
        #expect(inWindow == .init(exitCode: c.exit, stdout: c.stdout), "the window: \(inWindow)")
        #expect(onTerminal.exitCode == c.exit && onTerminal.stdout == c.stdout, "the terminal: \(onTerminal)")
        #expect(!onTerminal.stderr.contains("display"), "no display error on the terminal: \(onTerminal.stderr)")
    }
}

/// Tab (or Return, on the terminal) goes field by field, then to Cancel and
/// OK, where Space presses the button, in both.
enum FormsTerminalCases {
    typealias C = TerminalCase

    static let all: [TerminalCase] = [
        C("forms: an entry and a password, then OK", ["--forms", "--text=Sign up", "--add-entry=Name",
                                                      "--add-password=Pin"],
          window: .type("Ada", then: ["Tab", "4", "2", "Tab", "Tab", "space"]), prompt: "Sign up",
          terminal: ["Ada", Key.tab, "42", Key.tab, Key.tab, " "], exit: 0, stdout: "Ada|42\n"),
        C("forms: Escape", ["--forms", "--text=Sign up", "--add-entry=Name"], window: .type("x", then: ["Escape"]),
          prompt: "Sign up", terminal: ["x", Key.escape], exit: 1),
        C("forms: Down picks a combo's second entry; the timeout prints", ["--forms", "--text=Plan",
                                                                          "--add-combo=Plan",
                                                                          "--combo-values=Free|Pro",
                                                                          "--add-entry=Note", "--timeout=2"],
          window: .keys(["Down", "Down"]), prompt: "Plan", terminal: [Key.down, Key.down], exit: 5,
          stdout: "Pro|\n"),
        C("forms: a list chooses its first row as Tab reaches it, then Down", ["--forms", "--text=Pick",
                                                                             "--add-entry=Name", "--add-list=L",
                                                                             "--list-values=a|b|c", "--timeout=2"],
          window: .keys(["Tab", "Down"]), prompt: "Pick", terminal: [Key.tab, Key.down], exit: 5, stdout: "|b\n"),
        C("forms: a first list has its first row chosen", ["--forms", "--text=Pick", "--add-list=L",
                                                          "--list-values=a|b", "--add-entry=Name", "--timeout=1"],
          window: .none, prompt: "Pick", terminal: [], exit: 5, stdout: "a,|\n"),
        C("forms: a required field keeps OK waiting", ["--forms", "--text=Who", "--add-entry=Name", "--required",
                                                       "--ok-label=_Go", "--timeout=2"],
          window: .keys(["alt+g"]), prompt: "Who", terminal: [Key.tab, Key.tab, " "], exit: 5, stdout: "\n"),
        C("forms: initial values beyond zenity", ["--forms", "--text=Start", "--add-calendar=Day",
                                                  "--field-value=2024-03-05", "--forms-date-format=%F",
                                                  "--add-list=Pick", "--list-values=a|b|c", "--field-value=b",
                                                  "--add-entry=Name", "--field-value=Bo", "--timeout=1"],
          window: .none, prompt: "Start", terminal: [], exit: 5, stdout: "2024-03-05|b,|Bo\n"),
    ]
}
