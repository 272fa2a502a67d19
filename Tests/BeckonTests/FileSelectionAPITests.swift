import Beckon
import Testing

/// The typed file calls through a scripted presenter: the request each shows,
/// and the one meaning of every ending.
@Suite struct FileSelectionAPITests {
    private func dialog(_ answers: ScriptedPresenter.Answer...) -> (Dialog, ScriptedPresenter) {
        let presenter = ScriptedPresenter(answers)
        return (Dialog(presenter: presenter), presenter)
    }

    @Test func eachCallAsksForItsMode() async throws {
        let (open, openShown) = dialog(.enter(["/tmp/a"].map(ChosenFile.init(path:))))
        #expect(try await open.openFile(title: "Open", in: "/tmp", selecting: "a")?.path == "/tmp/a")
        let openRequest = try #require(await openShown.shown.first as? FileSelectionRequest)
        #expect(openRequest.mode == .open(multiple: false))
        #expect(openRequest.folder == "/tmp" && openRequest.name == "a" && openRequest.title == "Open")
        #expect(openRequest.frame.buttons == [DialogButton("_Cancel", role: .cancel), DialogButton("_Open", role: .default)])

        let (many, _) = dialog(.enter(["/a", "/b"].map(ChosenFile.init(path:))))
        #expect(try await many.openFiles()?.map(\.path) == ["/a", "/b"])

        let (folder, folderShown) = dialog(.enter(["/srv"].map(ChosenFile.init(path:))))
        #expect(try await folder.chooseDirectory()?.path == "/srv")
        #expect((await folderShown.shown.first as? FileSelectionRequest)?.mode == .directory(multiple: false))

        let (save, saveShown) = dialog(.enter(["/tmp/new.txt"].map(ChosenFile.init(path:))))
        #expect(try await save.saveFile(name: "new.txt")?.path == "/tmp/new.txt")
        let saveRequest = try #require(await saveShown.shown.first as? FileSelectionRequest)
        #expect(saveRequest.mode == .save(confirmsOverwrite: true))
        #expect(saveRequest.frame.buttons[1] == DialogButton("_Save", role: .default))
    }

    @Test func everyDismissalIsNilAndTheTimeoutThrows() async throws {
        for answer: ScriptedPresenter.Answer in [.button("_Cancel"), .escape, .close, .destroyed] {
            let (files, _) = dialog(answer)
            #expect(try await files.openFile() == nil, "\(answer)")
        }
        let (files, _) = dialog(.timeout)
        await #expect(throws: DialogError.timedOut) { try await files.saveFile() }
        // Accepting with nothing chosen counts as backing out.
        let (empty, _) = dialog(.role(.default))
        #expect(try await empty.openFiles() == nil)
        // One file dialog cannot give two files.
        let (one, _) = dialog(.enter(["/a", "/b"].map(ChosenFile.init(path:))))
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await one.openFile() }
    }

    @Test func aRelativeFolderIsRefusedBeforeAnyWindow() async throws {
        let (files, presenter) = dialog()
        await #expect(throws: DialogError.self) { try await files.openFile(in: "relative/folder") }
        #expect(await presenter.shown.isEmpty)
    }

    @Test func chosenFilesKnowTheirURIAndName() {
        let file = ChosenFile(path: "/tmp/a b/été.txt")
        #expect(file.url == "file:///tmp/a%20b/%C3%A9t%C3%A9.txt")
        #expect(file.name == "été.txt")
        #expect(FileFilter(zenity: "Images | *.png *.jpg") == FileFilter(name: "Images", patterns: ["*.png", "*.jpg"]))
        #expect(FileFilter(zenity: "*.txt") == FileFilter(name: "*.txt", patterns: ["*.txt"]))
    }
}
