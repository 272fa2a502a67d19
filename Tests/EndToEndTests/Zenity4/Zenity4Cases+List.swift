import BeckonTestSupport

/// `--list` and `--forms` as zenity 4.2.2 answers them.
extension Zenity4Cases {
    static let list: [Zenity4Case] = [
        C(z42, "list: Return with no row chosen answers the first row (4.2)", ["--list", "--column=a", "x", "y"],
          keys("Return"), exit: 0, stdout: "x\n"),
        C(union, "list: Return with no row chosen does nothing by default (3.44)", ["--list", "--column=a", "x", "y", "--timeout=2"],
          keys("Return"), exit: 5,
          zenity4: .differs(.init(exitCode: 0, stdout: "x\n"), why: "4.2 answers the first row"), zenity344: true),
        C(z42, "list: Down moves from the first row to the second", ["--list", "--column=a", "--column=b", "1", "2", "3", "4"],
          keys("Down", "Return"), exit: 0, stdout: "3\n"),
        C(z42, "list --print-column=2, Return", ["--list", "--column=a", "--column=b", "--print-column=2", "1", "2", "3", "4"],
          keys("Return"), exit: 0, stdout: "2\n"),
        C(z42, "list: Escape", ["--list", "--column=a", "x"], keys("Escape"), exit: 1),
        // zenity 4.2.2 prints the error and still exits 0; beckon keeps 255.
        C(z42, "list without --column: an error, exit 255 (4.2.2 exits 0: plainly wrong)", ["--list", "x"], .none,
          exit: 255,
          zenity4: .differs(.init(exitCode: 0, stdout: "", stderr: "No column titles specified for List dialog.\n"),
                            why: "zenity 4.2.2 prints its error and exits 0")),
    ]

    /// 4.2's forms window: the fields, then Cancel, then OK; Return in an
    /// entry presses nothing.
    static let forms: [Zenity4Case] = [
        C(z42, "forms combo: starts on its first value (4.2); Tab Tab to OK", ["--forms", "--add-combo=C", "--combo-values=a|b"],
          keys("Tab", "Tab", "Return"), exit: 0, stdout: "a\n"),
        C(union, "forms combo: starts empty by default (3.44); Tab Tab to OK", ["--forms", "--add-combo=C", "--combo-values=a|b"],
          keys("Tab", "Tab", "space"), exit: 0, stdout: " \n",
          zenity4: .differs(.init(exitCode: 0, stdout: "a\n"), why: "4.2's combo starts on its first value"), zenity344: true),
        C(z42, "forms combo: Tab reaches Cancel", ["--forms", "--add-combo=C", "--combo-values=a|b"],
          keys("Tab", "Return"), exit: 1),
        C(z42, "forms --add-multiline-entry: Return is a new line, Tab leaves the field", ["--forms", "--add-multiline-entry=M"],
          .type("x", then: ["Return", "y", "Tab", "Tab", "Return"]), exit: 0, stdout: "x\ny\n"),
        C(union, "forms --add-multiline-entry (a zenity 4 option): Return is a new line, Tab leaves the field",
          ["--forms", "--add-multiline-entry=M"],
          .type("x", then: ["Return", "y", "Tab", "Tab", "Return"]), exit: 0, stdout: "x\ny\n"),
        C(z42, "forms --add-multiline-entry beside an entry, joined by |", ["--forms", "--add-multiline-entry=M", "--add-entry=E"],
          .type("x", then: ["Tab", "y", "Tab", "Tab", "Return"]), exit: 0, stdout: "x|y\n"),
        C(z42, "forms: Return in an entry presses nothing", ["--forms", "--add-entry=A", "--timeout=1"],
          .type("abc", then: ["Return"]), exit: 5, stdout: "abc\n"),
        C(z42, "forms: Escape", ["--forms", "--add-entry=A"], .type("abc", then: ["Escape"]), exit: 1),
    ]
}
