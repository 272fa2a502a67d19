import BeckonTestSupport

/// `--text-info`, `--file-selection`, `--color-selection` and
/// `--notification` as zenity 4.2.2 answers them.
extension Zenity4Cases {
    static let textInfo: [Zenity4Case] = [
        C(z42, "text-info --filename: Return presses OK (4.2: the text view is not focused)",
          ["--text-info", "--filename=/etc/hostname"], keys("Return"), exit: 0),
        C(z42, "text-info: Escape", ["--text-info", "--filename=/etc/hostname"], keys("Escape"), exit: 1),
        C(z42, "text-info from stdin: Return presses OK (4.2)", ["--text-info"], stdin: "hello\n", keys("Return"), exit: 0),
        C(union, "text-info from stdin: Escape", ["--text-info"], stdin: "hello\n", keys("Escape"), exit: 1),
    ]

    static let fileSelection: [Zenity4Case] = [
        C(z42, "file-selection: Escape", ["--file-selection"], keys("Escape"), exit: 1),
        C(union, "file-selection --save: Escape", ["--file-selection", "--save"], keys("Escape"), exit: 1),
    ]

    static let color: [Zenity4Case] = [
        C(z42, "color-selection: Escape", ["--color-selection"], keys("Escape"), exit: 1),
        C(z42, "color-selection --cancel-label reaches the Cancel button (4.x)", ["--color-selection", "--cancel-label=_Drop"],
          keys("alt+d"), exit: 1),
        C(union, "color-selection --ok-label, Escape", ["--color-selection", "--ok-label=Take"], keys("Escape"), exit: 1),
    ]

    static let notification: [Zenity4Case] = [
        C(z42, "notification --icon (4.x)", ["--notification", "--icon=dialog-warning", "--text=hi"], .none, exit: 0,
          stderr: ""),
        C(union, "notification --icon (a zenity 4 option)", ["--notification", "--icon=dialog-warning", "--text=hi"],
          .none, exit: 0, stderr: ""),
    ]

    /// A script that checks the version sees the zenity it is answered as.
    static let version: [Zenity4Case] = [
        C(z42, "--version is zenity 4.2.2's", ["--version"], .none, exit: 0, stdout: "4.2.2\n"),
        C(union, "--version is 3.44's by default", ["--version"], .none, exit: 0, stdout: "3.44.0\n",
          zenity4: .differs(.init(exitCode: 0, stdout: "4.2.2\n", stderr: nil), why: "by default beckon answers as 3.44"),
          zenity344: true),
    ]
}
