import BeckonTestSupport

/// `--progress`, `--scale` and `--calendar` as zenity 4.2.2 answers them.
extension Zenity4Cases {
    static let progress: [Zenity4Case] = [
        C(z42, "progress: # markup text (Pango markup in 4.2), then 100", ["--progress", "--auto-close"],
          stdin: "# <b>bold</b> step\n100\n", .none, exit: 0, stderr: ""),
        C(union, "progress: # text with < and & (plain text by default, 3.44), then 100", ["--progress", "--auto-close"],
          stdin: "# a < b & c\n100\n", .none, exit: 0, stderr: ""),
        C(z42, "progress: 100 after lower numbers", ["--progress", "--auto-close"], stdin: "10\n55\n100\n", .none, exit: 0),
        C(z42, "progress --cancel-label reaches the Cancel button (4.x)", ["--progress", "--cancel-label=_Stop"],
          stdin: "10\n", keys("alt+s"), exit: 1).stdinStaysOpen(),
        C(z42, "progress --ok-label reaches the OK button at 100 (4.x)", ["--progress", "--ok-label=_Done"],
          stdin: "100\n", keys("alt+d"), exit: 0).stdinStaysOpen(),
        C(z42, "progress: Escape", ["--progress"], stdin: "10\n", keys("Escape"), exit: 1).stdinStaysOpen(),
        C(union, "progress: Escape", ["--progress", "--pulsate"], stdin: "", keys("Escape"), exit: 1).stdinStaysOpen(),
    ]

    static let scale: [Zenity4Case] = [
        C(z42, "scale --value, Return", ["--scale", "--value=30"], keys("Return"), exit: 0, stdout: "30\n"),
        C(union, "scale --value, Right Return", ["--scale", "--value=30"], keys("Right", "Return"), exit: 0, stdout: "31\n"),
        C(z42, "scale: Escape", ["--scale", "--value=30"], keys("Escape"), exit: 1),
        // zenity 4.2.2 prints the error and then exits 0; beckon keeps 255.
        C(z42, "scale --min-value 10 --max-value 5: an error, exit 255 (4.2.2 exits 0: plainly wrong)",
          ["--scale", "--min-value=10", "--max-value=5"], .none, exit: 255,
          zenity4: .differs(.init(exitCode: 0, stdout: "", stderr: "Maximum value must be greater than minimum value.\n"),
                            why: "zenity 4.2.2 prints its error and exits 0")),
        C(union, "scale --min-value 10 --max-value 5: exit 255 (3.44)", ["--scale", "--min-value=10", "--max-value=5"],
          .none, exit: 255,
          zenity4: .differs(.init(exitCode: 0, stdout: ""), why: "zenity 4.2.2 prints its error and exits 0"),
          zenity344: true),
    ]

    static let calendar: [Zenity4Case] = [
        C(z42, "calendar --day --month --year, Return", ["--calendar", "--day=3", "--month=4", "--year=2024"],
          keys("Return"), exit: 0, stdout: "04/03/24\n"),
        C(union, "calendar --day --month --year, Return", ["--calendar", "--day=3", "--month=4", "--year=2024"],
          keys("Return"), exit: 0, stdout: "04/03/24\n"),
        C(z42, "calendar --date-format, Return", ["--calendar", "--day=3", "--month=4", "--year=2024", "--date-format=%Y-%m-%d"],
          keys("Return"), exit: 0, stdout: "2024-04-03\n"),
        C(z42, "calendar: Escape", ["--calendar"], keys("Escape"), exit: 1),
        C(union, "calendar: Escape", ["--calendar", "--text=When?"], keys("Escape"), exit: 1),
    ]
}
