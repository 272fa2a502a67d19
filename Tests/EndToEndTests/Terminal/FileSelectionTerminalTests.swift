import BeckonTestSupport
import Foundation
import Testing

/// `--file-selection` in the window and on the terminal: a path typed on the
/// terminal gives what the chooser gives for the same answer.
@Suite(.serialized, .guiHangLimit) struct FileSelectionTerminalTests {
    static var tree: String { FileSelectionCases.tree }

    static let cases: [TerminalCase] = [
        C("file: --filename's file taken as it is", ["--file-selection", "--filename=\(tree)/a.txt"],
          window: .keys(["Return"]), prompt: "File: ", terminal: [Key.enter], exit: 0, stdout: tree + "/a.txt\n"),
        C("file: a name typed in the --filename folder", ["--file-selection", "--filename=\(tree)/"],
          window: FileSelectionCases.typing("b.png", after: ["ctrl+l"]), prompt: "File: ",
          terminal: ["b.png", Key.enter], exit: 0, stdout: tree + "/b.png\n"),
        C("file --directory: the folder it opens in", ["--file-selection", "--directory", "--filename=\(tree)/sub/"],
          window: .keys(["Return"]), prompt: "Folder: ", terminal: [Key.enter], exit: 0, stdout: tree + "/sub\n"),
        C("file --save: the pre-filled name", ["--file-selection", "--save", "--filename=\(tree)/new.txt"],
          window: .keys(["Return"]), prompt: "File: ", terminal: [Key.enter], exit: 0, stdout: tree + "/new.txt\n"),
        C("file: Escape", ["--file-selection", "--filename=\(tree)/"], window: .keys(["Escape"]), prompt: "File: ",
          terminal: [Key.escape], exit: 1),
        C("file: the timeout prints nothing, exit 5", ["--file-selection", "--timeout=1"], window: .none,
          prompt: "File: ", terminal: [], exit: 5),
    ].map { testCase in
        var testCase = testCase
        testCase.env.merge(FileSelectionCases.environment) { $1 }
        return testCase
    }
    typealias C = TerminalCase

    @Test(arguments: cases)
    func sameAsTheWindow(_ c: TerminalCase) throws {
        try TerminalParityTests().sameAsTheWindow(c)
    }

    /// The terminal's own rules: a missing file is not taken; an existing one
    /// to save over asks for a second Return; several files one per Return.
    @Test func theTerminalChecksThePath() throws {
        let missing = try TerminalRun.run(["--file-selection", "--timeout=2", "--filename=\(Self.tree)/"],
                                          prompt: "File: ", ["nothing-here", Key.enter])
        #expect(missing.exitCode == 5 && missing.stdout == "", "\(missing)")

        let replaced = try TerminalRun.run(["--file-selection", "--save", "--confirm-overwrite", "--filename=\(Self.tree)/a.txt"],
                                           prompt: "File: ", [Key.enter, Key.enter])
        #expect(replaced.exitCode == 0 && replaced.stdout == Self.tree + "/a.txt\n", "\(replaced)")
        let kept = try TerminalRun.run(["--file-selection", "--save", "--confirm-overwrite", "--timeout=2",
                                        "--filename=\(Self.tree)/a.txt"], prompt: "File: ", [Key.enter])
        #expect(kept.exitCode == 5 && kept.stdout == "", "one Return does not replace: \(kept)")

        let several = try TerminalRun.run(["--file-selection", "--multiple", "--separator=:", "--filename=\(Self.tree)/"],
                                          prompt: "File: ", ["a.txt", Key.enter, "b.png", Key.enter, Key.enter])
        #expect(several.exitCode == 0 && several.stdout == "\(Self.tree)/a.txt:\(Self.tree)/b.png\n", "\(several)")

        let folder = try TerminalRun.run(["--file-selection", "--directory", "--timeout=2",
                                          "--filename=\(Self.tree)/a.txt"], prompt: "Folder: ", [Key.enter])
        #expect(folder.exitCode == 5, "a file is not a folder: \(folder)")
    }
}
