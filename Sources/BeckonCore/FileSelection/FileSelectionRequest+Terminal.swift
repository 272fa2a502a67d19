import CGtk

/// A file dialog on a terminal: a path typed on a line (`~` and paths
/// relative to the dialog's folder work), checked as GTK's chooser checks it:
/// an existing file to open, an existing folder, or a name to save to in an
/// existing folder, with a second Return to replace a file that exists when
/// overwriting is confirmed. With several files, each Return adds the path
/// typed, and Return on an empty line accepts them.
extension FileSelectionRequest: PromptedKind {
    typealias Prompt = FileSelectionPrompt
}

@GtkActor
final class FileSelectionPrompt: RequestPrompt {
    private let request: FileSelectionRequest
    private let base: String
    private var editor: TerminalLineEditor
    private var chosen: [ChosenFile] = []
    /// The path whose replacement the person was asked to confirm.
    private var confirming: String?

    init(_ request: FileSelectionRequest) {
        self.request = request
        base = request.folder ?? Self.currentDirectory
        // What Return would take in the window: the name given, or for a
        // folder the folder it opens in.
        var start = ""
        if let name = request.name, !name.isEmpty {
            start = name
        } else if request.choosesDirectory, !request.savesFile, let folder = request.folder {
            start = folder
        }
        editor = TerminalLineEditor(start, selected: false)
    }

    var fieldCount: Int { 1 }

    var value: [ChosenFile] {
        if case .success(let path) = check(editor.text) { return chosen + [ChosenFile(path: path)] }
        return chosen
    }

    var hint: String? {
        if let confirming { return "\(confirming) exists: Return again replaces it" }
        if editor.text.isEmpty {
            return request.allowsMultiple && !chosen.isEmpty ? "Return: accept \(chosen.count) chosen" : nil
        }
        if case .failure(let problem) = check(editor.text) { return problem.message }
        return nil
    }

    func allows(button index: Int) -> Bool {
        guard index == FileSelectionRequest.acceptIndex else { return true }
        return !value.isEmpty && confirming == nil
    }

    func render(_ layout: TerminalLayout) -> TerminalBody {
        let label = request.choosesDirectory ? "Folder: " : "File: "
        var lines = chosen.map { "  " + TerminalText.printable($0.path, lineBreaks: false) }
        let (shown, cursor) = editor.shown(width: max(layout.width - label.count - 1, 1))
        lines.append(label + shown)
        return TerminalBody(lines, cursor: layout.focusedField == 0 ? (lines.count - 1, label.count + cursor) : nil)
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult {
        guard field == 0 else { return .ignored }
        guard key == .enter else {
            guard editor.handle(key) else { return .ignored }
            confirming = nil
            return .handled
        }
        if editor.text.isEmpty { return request.allowsMultiple && !chosen.isEmpty ? .activate : .handled }
        guard case .success(let path) = check(editor.text) else { return .handled }
        if request.confirmsOverwrite, g_file_test(path, G_FILE_TEST_EXISTS) != 0, confirming != path {
            confirming = path
            return .handled
        }
        confirming = nil
        if request.allowsMultiple {
            chosen.append(ChosenFile(path: path))
            editor.text = ""
            return .handled
        }
        return .activate
    }

    private struct Problem: Error {
        var message: String
    }

    /// The absolute path `text` names when it fits the request, or why not.
    private func check(_ text: String) -> Result<String, Problem> {
        guard !text.isEmpty else { return .failure(Problem(message: "Type a path")) }
        let path = absolute(text)
        let exists = g_file_test(path, G_FILE_TEST_EXISTS) != 0
        let isDirectory = g_file_test(path, G_FILE_TEST_IS_DIR) != 0
        switch request.mode {
        case .open:
            guard exists else { return .failure(Problem(message: "No such file")) }
            guard !isDirectory else { return .failure(Problem(message: "A folder: type a file in it")) }
        case .directory:
            guard isDirectory else { return .failure(Problem(message: exists ? "Not a folder" : "No such folder")) }
        case .save:
            guard !isDirectory else { return .failure(Problem(message: "A folder: type a file name in it")) }
            guard g_file_test(Self.parent(of: path), G_FILE_TEST_IS_DIR) != 0 else {
                return .failure(Problem(message: "No such folder to save in"))
            }
        case .createDirectory:
            guard isDirectory || !exists else { return .failure(Problem(message: "Not a folder")) }
            guard g_file_test(Self.parent(of: path), G_FILE_TEST_IS_DIR) != 0 else {
                return .failure(Problem(message: "No such folder to create it in"))
            }
        }
        return .success(path)
    }

    /// `text` as an absolute path: `~` is the home folder, a relative path
    /// starts at the dialog's folder; "." and ".." parts are resolved.
    private func absolute(_ text: String) -> String {
        var path = text
        if path == "~" || path.hasPrefix("~/") { path = String(cString: g_get_home_dir()) + path.dropFirst() }
        if !path.hasPrefix("/") { path = base + "/" + path }
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private static var currentDirectory: String {
        guard let directory = g_get_current_dir() else { return "/" }
        defer { g_free(directory) }
        return String(cString: directory)
    }
}
