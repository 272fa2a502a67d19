import BeckonTestSupport

/// The options zenity 4 keeps as deprecated, and GTK's own options it refuses.
extension Zenity4Cases {
    static let deprecated: [Zenity4Case] = [
        C(z42, "info --icon-name: treated as --icon, with 4.2's warning", ["--info", "--icon-name=dialog-warning", "--text=x"],
          keys("Return"), exit: 0, stderr: deprecation("icon-name", treatedAsIcon: true)),
        C(union, "info --icon-name: 3.44's option, no warning by default", ["--info", "--icon-name=dialog-warning", "--text=x"],
          keys("Return"), exit: 0, stderr: "",
          zenity4: .differs(.init(exitCode: 0, stdout: "", stderr: deprecation("icon-name", treatedAsIcon: true)),
                            why: "4.2 warns; by default beckon is 3.44, which does not"), zenity344: true),
        C(z42, "warning --window-icon: treated as --icon, with 4.2's warning", ["--warning", "--window-icon=info", "--text=x"],
          keys("Return"), exit: 0, stderr: deprecation("window-icon", treatedAsIcon: true)),
        C(union, "warning --window-icon: 3.44's window icon, no warning by default", ["--warning", "--window-icon=info", "--text=x"],
          keys("Return"), exit: 0, stderr: "",
          zenity4: .differs(.init(exitCode: 0, stdout: "", stderr: deprecation("window-icon", treatedAsIcon: true)),
                            why: "4.2 warns; by default beckon is 3.44, which does not"), zenity344: true),
        C(z42, "info --attach: ignored, with 4.2's warning", ["--info", "--attach=123", "--text=x"],
          keys("Return"), exit: 0, stderr: deprecation("attach", treatedAsIcon: false)),
        C(z42, "list --mid-search: ignored, with 4.2's warning; a timeout prints the first row",
          ["--list", "--mid-search", "--column=a", "x", "--timeout=1"], .none, exit: 5, stdout: "x\n",
          stderr: deprecation("mid-search", treatedAsIcon: false)),
        C(union, "list --mid-search: 3.44's search, no warning; a timeout prints nothing",
          ["--list", "--mid-search", "--column=a", "x", "--timeout=1"], .none, exit: 5, stderr: "",
          zenity4: .differs(.init(exitCode: 5, stdout: "x\n", stderr: deprecation("mid-search", treatedAsIcon: false)),
                            why: "4.2 warns and answers its chosen first row"), zenity344: true),
        C(z42, "file-selection --confirm-overwrite: ignored, with 4.2's warning",
          ["--file-selection", "--save", "--confirm-overwrite"], keys("Escape"), exit: 1,
          stderr: deprecation("confirm-overwrite", treatedAsIcon: false)),
        C(union, "file-selection --confirm-overwrite: 3.44's option, no warning",
          ["--file-selection", "--save", "--confirm-overwrite"], keys("Escape"), exit: 1, stderr: "",
          zenity4: .differs(.init(exitCode: 1, stdout: "", stderr: deprecation("confirm-overwrite", treatedAsIcon: false)),
                            why: "4.2 warns; by default beckon is 3.44, which does not"), zenity344: true),
        C(z42, "notification --hint: ignored, with 4.2's warning", ["--notification", "--hint=urgency:2", "--text=n"],
          .none, exit: 0, stderr: deprecation("hint", treatedAsIcon: false)),
    ]

    static let gtkOptions: [Zenity4Case] = [
        C(z42, "info --class: GTK's option is refused", ["--info", "--class=x"], .none, exit: 255,
          stderr: beckonNotAvailable("class"), zenity4: refusedByZenity4),
        C(z42, "info --name: GTK's option is refused", ["--info", "--name=x"], .none, exit: 255,
          stderr: beckonNotAvailable("name"), zenity4: refusedByZenity4),
        C(z42, "question --display: GTK's option is refused", ["--question", "--display=:0"], .none, exit: 255,
          stderr: beckonNotAvailable("display"), zenity4: refusedByZenity4),
        C(union, "info --class: GTK's option is kept by default (3.44)", ["--info", "--class=x", "--timeout=1"], .none,
          exit: 5, zenity4: .differs(.init(exitCode: 255, stdout: "", stderr: notAvailable), why: "4.2 refuses it"),
          zenity344: true),
    ]

    /// beckon's refusal names the option, as it does for every option it does
    /// not take (docs/cli.md); zenity prints the bare sentence. Same exit code.
    static func beckonNotAvailable(_ option: String) -> String {
        "beckon: --\(option): \(notAvailable)"
    }

    static let refusedByZenity4 = Zenity4Case.Zenity4.differs(
        .init(exitCode: 255, stdout: "", stderr: notAvailable),
        why: "zenity prints the sentence alone; beckon names the option first")
}
