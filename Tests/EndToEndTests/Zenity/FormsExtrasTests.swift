import BeckonTestSupport
import Foundation
import Testing

/// `--forms` beyond zenity: `--json` with every field, and the field options
/// (`--field-value`, `--required`, `--field-pattern`, `--field-range`).
@Suite(.serialized, .guiHangLimit) struct FormsExtrasTests {
    @Test func jsonHasEveryField() throws {
        let ok = try beckon(["--forms", "--json", "--add-entry=Name", "--add-list=Pick", "--list-values=a|b|c|d",
                             "--column-values=x|y", "--field-value=c", "--add-combo=Plan", "--combo-values=Free|Pro"],
                            .type("Ada", then: ["Tab", "Tab", "Tab", "Tab", "space"]))
        #expect(ok.exitCode == 0)
        #expect(ok.stdout == #"{"format":1,"kind":"forms","ended":"button","button":"ok","index":1,"label":"OK","#
                + #""exit_code":0,"value":[{"label":"Name","type":"entry","value":"Ada"},"#
                + #"{"label":"Pick","type":"list","value":["c","d"]},{"label":"Plan","type":"combo","value":null}]}"#
                + "\n", "\(ok)")
        let timedOut = try beckon(["--forms", "--json", "--add-entry=Name", "--timeout=1"], .type("Bo", then: []))
        #expect(timedOut.exitCode == 5)
        #expect(timedOut.stdout.contains(#""ended":"timeout""#) && timedOut.stdout.contains(#""value":[{"label":"Name","type":"entry","value":"Bo"}]"#),
                "\(timedOut)")
        let cancel = try beckon(["--forms", "--json", "--add-entry=Name"], .keys(["Escape"]))
        #expect(cancel.exitCode == 1 && cancel.stdout.contains(#""value":null"#), "\(cancel)")
    }

    /// OK's mnemonic does nothing while a rule is broken; the timeout then
    /// prints the fields as they stand.
    @Test func aBrokenRuleKeepsOKDisabled() throws {
        let waits = try beckon(["--forms", "--ok-label=_Go", "--add-entry=Name", "--required", "--add-entry=Age",
                                "--field-range=0..150", "--field-value=200", "--timeout=2"],
                               .type("Ada", then: ["alt+g"]))
        #expect(waits.exitCode == 5 && waits.stdout == "Ada|200\n", "\(waits)")
        let pattern = try beckon(["--forms", "--ok-label=_Go", "--add-entry=Code", "--field-pattern=[0-9]{3}",
                                  "--timeout=2"], .type("12a", then: ["alt+g"]))
        #expect(pattern.exitCode == 5 && pattern.stdout == "12a\n", "\(pattern)")
    }

    @Test func keptRulesLetOKAnswer() throws {
        let ok = try beckon(["--forms", "--ok-label=_Go", "--add-entry=Name", "--required", "--add-entry=Age",
                             "--field-range=0..150", "--field-value=200", "--add-combo=Plan", "--combo-values=a|b",
                             "--required", "--field-value=b"],
                            .type("Ada", then: ["Tab", "ctrl+a", "4", "2", "alt+g"]))
        #expect(ok.exitCode == 0 && ok.stdout == "Ada|42|b\n", "\(ok)")
    }

    @Test func aFieldOptionBeforeAnyFieldIsAnError() throws {
        let result = try run(Products.beckon, ["--forms", "--required", "--add-entry=A"],
                             environment: ZenityCase.baseEnvironment, deadline: 15)
        #expect(result.exitCode == 255 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("--required"), "\(result)")
    }
}
