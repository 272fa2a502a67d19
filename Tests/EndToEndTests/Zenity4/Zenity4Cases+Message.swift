import BeckonTestSupport

/// `--info`, `--warning`, `--error` and `--question` as zenity 4.2.2 answers them.
extension Zenity4Cases {
    static let message: [Zenity4Case] = [
        C(z42, "info --icon: the issue's invocation, Return", ["--info", "--icon=dialog-warning", "--text", "Disk almost full"],
          keys("Return"), exit: 0, stderr: ""),
        C(union, "info --icon: the issue's invocation, Return", ["--info", "--icon=dialog-warning", "--text", "Disk almost full"],
          keys("Return"), exit: 0, stderr: ""),
        C(z42, "warning --icon with a theme name, Escape", ["--warning", "--icon=dialog-information", "--text=w"],
          keys("Escape"), exit: 1),
        C(union, "warning --icon with a file path, Return", ["--warning", "--icon=/usr/share/zenity/zenity.png", "--text=w"],
          keys("Return"), exit: 0),
        C(z42, "error --icon, Return", ["--error", "--icon=dialog-error", "--text=e"], keys("Return"), exit: 0),
        C(union, "error --icon, Escape", ["--error", "--icon=dialog-error", "--text=e"], keys("Escape"), exit: 1),
        C(z42, "question --icon, Return is Yes", ["--question", "--icon=dialog-question"], keys("Return"), exit: 0),
        C(union, "question --icon, Escape", ["--question", "--icon=dialog-question"], keys("Escape"), exit: 1),
        // 4.2's focus order differs from 3.44's: the text is no Tab stop, so
        // one Tab reaches the first button (No); 3.44 needs two.
        C(z42, "question: Tab reaches No (4.2 focus order: the text is no Tab stop)", ["--question"],
          keys("Tab", "Return"), exit: 1),
        C(z42, "question: Tab Tab comes back to Yes (4.2 focus order)", ["--question"], keys("Tab", "Tab", "Return"), exit: 0),
        C(z42, "question --default-cancel: Return is No", ["--question", "--default-cancel"], keys("Return"), exit: 1),
        C(z42, "question: Escape", ["--question", "--text=Sure?"], keys("Escape"), exit: 1),
        C(z42, "info --title (4.2 also shows it as the heading), Return", ["--info", "--title=Heads up", "--text=t"],
          keys("Return"), exit: 0),
        C(z42, "warning: window-manager close", ["--warning"], .windowManagerClose, exit: 1),
        C(union, "question: Tab Tab Return is No by default (3.44 focus order: the text is a Tab stop)", ["--question"],
          keys("Tab", "Tab", "Return"), exit: 1,
          zenity4: .differs(.init(exitCode: 0, stdout: ""), why: "4.2's focus order: Tab Tab is back on Yes"),
          zenity344: true),
        C(z42, "info --ok-label mnemonic", ["--info", "--ok-label=_Fine"], keys("alt+f"), exit: 0),
        C(z42, "question --cancel-label mnemonic", ["--question", "--ok-label=_Go", "--cancel-label=_Stop"],
          keys("alt+s"), exit: 1),
    ]

    static let extraButton: [Zenity4Case] = [
        C(z42, "question --extra-button: Tab reaches it first (4.2 focus order), exit 1", ["--question", "--extra-button=E"],
          keys("Tab", "Return"), exit: 1, stdout: "E\n"),
        C(z42, "question --extra-button: ZENITY_EXTRA sets its code", ["--question", "--extra-button=E"],
          env: ["ZENITY_EXTRA": "7"], keys("Tab", "Return"), exit: 7, stdout: "E\n"),
        C(z42, "question --extra-button: DIALOG_EXTRA sets its code", ["--question", "--extra-button=E"],
          env: ["DIALOG_EXTRA": "6"], keys("Tab", "Return"), exit: 6, stdout: "E\n"),
        C(z42, "question --extra-button: ZENITY_ESC does not reach it in 4.2", ["--question", "--extra-button=E"],
          env: ["ZENITY_ESC": "9"], keys("Tab", "Return"), exit: 1, stdout: "E\n"),
        // The default mode keeps 3.44's window: Tab Tab from Yes reaches the
        // extra button (the text is a Tab stop); zenity 4 is then on No (its
        // order is E, No, Yes, the text no stop).
        C(union, "question --extra-button: ZENITY_ESC still sets its code by default (3.44; Tab Tab, 3.44 focus order)",
          ["--question", "--extra-button=E", "--timeout=5"], env: ["ZENITY_ESC": "9"], keys("Tab", "Tab", "Return"),
          exit: 9, stdout: "E\n",
          zenity4: .differs(.init(exitCode: 1, stdout: ""), why: "4.2's focus order is E, No, Yes: Tab Tab is on No"),
          zenity344: true),
        C(union, "question --extra-button: ZENITY_EXTRA, when set, sets its code by default (union rule)",
          ["--question", "--extra-button=E", "--timeout=5"], env: ["ZENITY_EXTRA": "7"], keys("Tab", "Tab", "Return"),
          exit: 7, stdout: "E\n",
          zenity4: .differs(.init(exitCode: 1, stdout: ""), why: "4.2's focus order is E, No, Yes: Tab Tab is on No")),
    ]
}
