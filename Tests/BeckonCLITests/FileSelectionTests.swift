import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// `--file-selection` from options to stdout and exit code, without a display.
@Suite struct FileSelectionTests {
    private func options(_ arguments: [String]) throws -> FileSelectionOptions {
        try CLIProbe.options(["--file-selection"] + arguments)
    }

    private func plan(_ arguments: [String]) throws -> FileSelectionPlan {
        FileSelectionPlan(try options(arguments), translations: .english)
    }

    private func output(_ arguments: [String], _ outcome: DialogOutcome, files: [String],
                        env: [String: String] = [:]) throws -> ZenityOutput {
        let options = try options(arguments)
        let plan = FileSelectionPlan(options, translations: .english)
        return CLIProbe.output(plan, files.map(ChosenFile.init(path:)), outcome, env: env, json: options.common.json)
    }

    @Test func theModeComesFromDirectoryAndSave() throws {
        #expect(try plan([]).request.mode == .open(multiple: false))
        #expect(try plan(["--multiple"]).request.mode == .open(multiple: true))
        #expect(try plan(["--directory"]).request.mode == .directory(multiple: false))
        #expect(try plan(["--save"]).request.mode == .save(confirmsOverwrite: false))
        #expect(try plan(["--save", "--confirm-overwrite"]).request.mode == .save(confirmsOverwrite: true))
        #expect(try plan(["--directory", "--save"]).request.mode == .createDirectory)
        // --confirm-overwrite means nothing without --save, as in GTK.
        #expect(try plan(["--confirm-overwrite"]).request.confirmsOverwrite == false)
    }

    @Test func filenameSetsTheFolderAndTheName() throws {
        let open = try plan(["--filename=/srv/data/report.txt"]).request
        #expect(open.folder == "/srv/data")
        #expect(open.name == "/srv/data/report.txt")
        let folderOnly = try plan(["--filename=/srv/data/"]).request
        #expect(folderOnly.folder == "/srv/data")
        #expect(folderOnly.name == nil)
        let save = try plan(["--save", "--filename=/srv/data/new.txt"]).request
        #expect(save.folder == "/srv/data")
        #expect(save.name == "new.txt")
        // A relative name: no folder (GTK's own choice), the name as given.
        let relative = try plan(["--save", "--filename=draft.txt"]).request
        #expect(relative.folder == nil)
        #expect(relative.name == "draft.txt")
        #expect(try plan(["--filename=/top"]).request.folder == "/")
        #expect(FileSelectionPlan.dirname("/a//b") == "/a")
    }

    @Test func fileFiltersAreReadAsZenityReadsThem() throws {
        let filters = try plan(["--file-filter=Images | *.png  *.jpg", "--file-filter= *.txt ",
                                "--file-filter=Odd|"]).request.filters
        #expect(filters == [FileFilter(name: "Images", patterns: ["*.png", "*.jpg"]),
                            FileFilter(name: "*.txt", patterns: ["*.txt"]),
                            FileFilter(name: "Odd", patterns: [])])
    }

    @Test func okLabelIsRefusedAndExtrasAreWarnedAbout() throws {
        // Refused by the kind itself, after the parser's check: it names every other dialog as taking it.
        #expect(throws: CLIError.notSupported("ok-label", by: "file-selection",
                                              OptionApplicability(takenBy: ZenityDialogs.all.map(\.name).filter { $0 != "file-selection" },
                                                                  refusedBy: ["file-selection"]))) {
            try options(["--ok-label=Go"])
        }
        let extras = try plan(["--extra-button=More"])
        #expect(extras.warnings == ["Cannot add extra labels to GtkFileChooserNative"])
        #expect(extras.request.frame.buttons.count == 2)
        #expect(extras.buttons.meanings == [.cancel, .ok])
        #expect(try plan(["--cancel-label=Back"]).request.frame.buttons[0].label == "Back")
        #expect(throws: CLIError.self) { try ZenityParser.parse(["--file-selection", "--hide-text"]) }
    }

    @Test func pathsAreJoinedByTheLiteralSeparator() throws {
        let files = ["/a b/one", "/two"]
        #expect(try output([], .button(1), files: files).stdout == "/a b/one|/two\n")
        #expect(try output(["--separator=\\n"], .button(1), files: files).stdout == "/a b/one\\n/two\n")
        #expect(try output(["--separator="], .button(1), files: files).stdout == "/a b/one/two\n")
        let ok = try output([], .button(1), files: ["/x"])
        #expect(ok.exitCode == 0)
        #expect(try output([], .button(0), files: []).exitCode == 1)
        #expect(try output([], .escape, files: [], env: ["ZENITY_ESC": "9"]).exitCode == 9)
        // zenity 3.44 ignores --timeout here; beckon's prints nothing and exits 5.
        let timedOut = try output(["--timeout=1"], .timedOut, files: [])
        #expect(timedOut.exitCode == 5)
        #expect(timedOut.stdout == "")
        #expect(try plan(["--timeout=3"]).request.frame.timeout == .seconds(3))
    }

    @Test func jsonCarriesThePathsAsAnArray() throws {
        let json = try output(["--json"], .button(1), files: ["/a", "/b"]).stdout
        #expect(json.contains("\"value\":[\"/a\",\"/b\"]"), "\(json)")
    }
}
