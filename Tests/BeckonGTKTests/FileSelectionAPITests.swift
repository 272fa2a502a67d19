import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestSupport
import CBeckonShim
import CGtk
import Foundation
import Testing

/// The typed file calls on every ending with GTK's real chooser (the native
/// chooser's own window, as no portal runs here) and real keys, on a real
/// tree: Return, Cancel, Escape, a window-manager close, the timeout and a
/// cancelled task. Each resumes exactly once, and no window is left behind.
@Suite(.serialized, .guiHangLimit) struct FileSelectionAPITests {
    static let tree: String = {
        // GTK's own chooser, which the tests drive, even on a desktop whose
        // portal would answer (the end-to-end PortalFileChooserTests cover it).
        setenv("GTK_USE_PORTAL", "0", 1)
        let root = TestRunDirectory.make("beckon-gtk-files")
        try? FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        for name in ["a.txt", "b.txt", "c.png", "sub/d.txt", "sub/e.txt", "sub/f.png"]
        where !FileManager.default.createFile(atPath: root + "/" + name, contents: Data("x\n".utf8)) {
            Issue.record("cannot create the fixture \(root)/\(name)")
        }
        return root
    }()

    enum Ending: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case returnKey, cancelMnemonic, escapeKey, windowManagerClose
        var testDescription: String { rawValue }
    }

    @Test(arguments: Ending.allCases)
    func everyEndingResumesOnce(_ ending: Ending) async throws {
        try GtkTestLoop.require()
        _ = Self.tree
        for round in 0..<3 {
            let title = "file \(ending.rawValue) \(round)"
            let task = Task { try await Dialog.openFile(title: title, in: Self.tree, selecting: "b.txt") }
            let chooser = try #require(await ChooserWindow.wait(), "\(title): the chooser never got the focus")
            #expect(chooser.title == title)
            switch ending {
            case .returnKey:
                // GTK chooses b.txt only once it has loaded the folder, in the
                // background; a Return before that has nothing to open and GTK
                // ignores it, as it does a person's early Return.
                let chosen = await ChooserWindow.chosenFiles { $0 == [Self.tree + "/b.txt"] }
                #expect(chosen == [Self.tree + "/b.txt"], "\(title): the chooser never chose b.txt")
                try Xdotool.key("Return")
            case .cancelMnemonic: try Xdotool.key("alt+c")
            case .escapeKey: try Xdotool.key("Escape")
            case .windowManagerClose: try Xdotool.close(xid: chooser.xid)
            }
            let result = try #require(await withDeadline(10, title) { await task.result })
            #expect(try result.get()?.path == (ending == .returnKey ? Self.tree + "/b.txt" : nil), "\(title)")
            #expect(await ChooserWindow.noneLeft(), "\(title): a window was left behind")
        }
    }

    @Test func severalFilesAndAFolder() async throws {
        try GtkTestLoop.require()
        _ = Self.tree
        // In a folder without folders: GTK does not answer a selection that
        // holds a folder and files.
        let files = Task {
            try await Dialog.openFiles(title: "files", in: Self.tree + "/sub", filters: [FileFilter(name: "Text", patterns: ["*.txt"])])
        }
        _ = try #require(await ChooserWindow.wait(), "the chooser never got the focus")
        // Ctrl+A selects the rows listed so far: none while the folder is
        // still loading. Pressed again until both files are chosen.
        let both = [Self.tree + "/sub/d.txt", Self.tree + "/sub/e.txt"]
        var chosenSoFar: [String] = []
        for _ in 0..<10 where chosenSoFar != both {
            try Xdotool.key("ctrl+a")
            chosenSoFar = await ChooserWindow.chosenFiles(seconds: 1) { $0 == both }
        }
        #expect(chosenSoFar == both, "Ctrl+A chose \(chosenSoFar)")
        try Xdotool.key("Return")
        let chosen = try #require(await withDeadline(10, "files") { await files.result })
        #expect(try chosen.get()?.map(\.path) == [Self.tree + "/sub/d.txt", Self.tree + "/sub/e.txt"])

        let folder = Task { try await Dialog.chooseDirectory(title: "folder", in: Self.tree + "/sub") }
        _ = try #require(await ChooserWindow.wait(), "the chooser never got the focus")
        try Xdotool.key("Return")
        let picked = try #require(await withDeadline(10, "folder") { await folder.result })
        #expect(try picked.get()?.path == Self.tree + "/sub")
        #expect(await ChooserWindow.noneLeft())
    }

    /// Saving over a file: GTK asks first; Return there replaces it.
    @Test func saveConfirmsTheOverwrite() async throws {
        try GtkTestLoop.require()
        _ = Self.tree
        let task = Task { try await Dialog.saveFile(title: "save", in: Self.tree, name: "a.txt") }
        let chooser = try #require(await ChooserWindow.wait(), "the chooser never got the focus")
        try Xdotool.key("Return")
        let confirmation = try #require(await ChooserWindow.wait(other: chooser.xid), "no confirmation")
        #expect(confirmation.xid != chooser.xid)
        try Xdotool.key("Return")
        let result = try #require(await withDeadline(10, "save") { await task.result })
        #expect(try result.get()?.path == Self.tree + "/a.txt")
        #expect(await ChooserWindow.noneLeft())
    }

    /// The timeout closes GTK's chooser (which has no timeout of its own) and
    /// throws; so does cancelling the task.
    @Test func theTimeoutAndCancellationCloseTheChooser() async throws {
        try GtkTestLoop.require()
        _ = Self.tree
        let timed = Task { try await Dialog.saveFile(title: "timeout", in: Self.tree, timeout: .milliseconds(800)) }
        _ = try #require(await ChooserWindow.wait(), "the chooser never got the focus")
        let timedOut = try #require(await withDeadline(10, "timeout") { await timed.result })
        #expect(throws: DialogError.timedOut) { try timedOut.get() }
        #expect(await ChooserWindow.noneLeft())

        let cancelled = Task { try await Dialog.openFile(title: "cancel", in: Self.tree) }
        _ = try #require(await ChooserWindow.wait(), "the chooser never got the focus")
        cancelled.cancel()
        let result = try #require(await withDeadline(10, "cancel") { await cancelled.result })
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(await ChooserWindow.noneLeft())
    }
}

/// The chooser GtkFileChooserNative shows: not a window of the dialog queue's,
/// so it is found among GTK's toplevels.
struct ChooserWindow: Sendable {
    let xid: UInt
    let title: String

    /// Waits until a toplevel (other than `other`) is mapped and has the focus.
    static func wait(other: UInt? = nil, seconds: Double = 10) async -> ChooserWindow? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let shown = await active(), shown.xid != other { return shown }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    /// Whether every toplevel is hidden again, within a few seconds (the
    /// chooser is destroyed on an idle after the answer).
    static func noneLeft() async -> Bool {
        let end = Date().addingTimeInterval(5)
        while Date() < end {
            if await visibleCount() == 0, await DialogQueue.count == 0 { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// What the focused chooser has chosen, once `accept` holds for it or
    /// after `seconds` (then as last seen).
    static func chosenFiles(seconds: Double = 10, until accept: ([String]) -> Bool) async -> [String] {
        await observe(seconds: seconds, { await activeChooserFilenames() }, until: accept)
    }

    @GtkActor private static func activeChooserFilenames() -> [String] {
        for window in toplevels() where gtk_widget_get_mapped(window) != 0 && gtk_window_is_active(window.cast()) != 0 {
            guard g_type_check_instance_is_a(window.cast(), gtk_file_chooser_get_type()) != 0 else { return [] }
            let list = gtk_file_chooser_get_filenames(OpaquePointer(window))
            defer { g_slist_free_full(list, g_free) }
            var names: [String] = []
            var node = list
            while let current = node {
                if let data = current.pointee.data { names.append(String(cString: data.assumingMemoryBound(to: CChar.self))) }
                node = current.pointee.next
            }
            return names
        }
        return []
    }

    @GtkActor private static func toplevels() -> [UnsafeMutablePointer<GtkWidget>] {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        return (0..<g_list_length(list)).compactMap { g_list_nth_data(list, $0)?.assumingMemoryBound(to: GtkWidget.self) }
    }

    @GtkActor private static func active() -> ChooserWindow? {
        for window in toplevels() where gtk_widget_get_mapped(window) != 0 && gtk_window_is_active(window.cast()) != 0 {
            let title = gtk_window_get_title(window.cast()).map { String(cString: $0) } ?? ""
            return ChooserWindow(xid: UInt(beckon_window_xid(window)), title: title)
        }
        return nil
    }

    @GtkActor private static func visibleCount() -> Int {
        toplevels().filter { gtk_widget_get_visible($0) != 0 }.count
    }
}
