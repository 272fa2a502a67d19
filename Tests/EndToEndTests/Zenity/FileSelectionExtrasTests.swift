import BeckonTestSupport
import Foundation
import Testing

/// What beckon's file dialog does beyond zenity 3.44: its `--timeout` holds
/// (zenity's does nothing: the chooser stays open), and `--json`.
@Suite(.serialized, .guiHangLimit) struct FileSelectionExtrasTests {
    /// zenity 3.44 ignores --timeout here (its timeout casts the chooser to a
    /// GtkDialog and fails); beckon closes the chooser, prints nothing, exits 5.
    @Test func timeoutCloses() throws {
        let result = try beckon(["--file-selection", "--timeout=1", "--filename=\(FileSelectionCases.tree)/a.txt"],
                                env: FileSelectionCases.environment, .none)
        #expect(result.exitCode == 5, "\(result)")
        #expect(result.stdout == "")
        let save = try beckon(["--file-selection", "--save", "--timeout=1", "--json"], env: FileSelectionCases.environment, .none)
        #expect(save.exitCode == 5, "\(save)")
        #expect(try json(save)["ended"] as? String == "timeout")
    }

    /// `--json`: the paths as an array.
    @Test func jsonCarriesThePaths() throws {
        let filtered = FileSelectionCases.filtered
        let result = try beckon(["--file-selection", "--json", "--multiple", "--filename=\(filtered)/"],
                                env: FileSelectionCases.environment, .keys(["ctrl+a", "Return"]))
        #expect(result.exitCode == 0, "\(result)")
        let object = try json(result)
        #expect(object["value"] as? [String] == ["\(filtered)/one.txt", "\(filtered)/three.txt", "\(filtered)/two.png"])
        #expect(object["button"] as? String == "ok")

        let escaped = try json(try beckon(["--file-selection", "--json"], env: FileSelectionCases.environment,
                                          .keys(["Escape"])))
        #expect(escaped["ended"] as? String == "escape")
        #expect(escaped["value"] is NSNull)
    }
}
