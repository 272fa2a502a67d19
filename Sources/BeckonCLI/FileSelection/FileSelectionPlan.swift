import BeckonCore

/// A file dialog worked out from its options, before any window exists: the
/// request to show, what each button means, and how the paths are joined.
struct FileSelectionPlan: Sendable, Equatable {
    var request: FileSelectionRequest
    var buttons: ZenityButtons
    var separator: String
    /// What the command says on stderr before showing the dialog.
    var warnings: [String] = []

    init(_ options: FileSelectionOptions, translations: Translations) {
        let common = options.common
        let mode: FileSelectionMode
        switch (options.directory, options.save) {
        case (true, true): mode = .createDirectory
        case (true, false): mode = .directory(multiple: options.multiple)
        // GTK 4 always asks before a save overwrites a file, so zenity 4 does.
        case (false, true): mode = .save(confirmsOverwrite: options.confirmOverwrite || common.dialect.isZenity4)
        case (false, false): mode = .open(multiple: options.multiple)
        }
        var request = FileSelectionRequest(
            mode: mode, title: common.title, filters: options.fileFilters.map(FileFilter.init(zenity:)),
            cancelLabel: common.cancelLabel,
            timeout: common.effectiveTimeout.map { .seconds(Int($0)) })
        // zenity: an absolute --filename sets the folder (its dirname); unless
        // it ends in '/', its last part is the name to save as, or the whole
        // of it the file to select.
        if let filename = options.filename, !filename.isEmpty {
            if filename.hasPrefix("/") { request.folder = Self.dirname(filename) }
            if !filename.hasSuffix("/") {
                request.name = request.savesFile ? Self.basename(filename) : filename
            }
        }
        // Only the chooser's own two buttons: zenity 3.44 warns and drops extras.
        if !common.extraButtons.isEmpty { warnings.append("Cannot add extra labels to GtkFileChooserNative") }
        var buttons = ZenityButtons()
        buttons.add(request.frame.buttons[0].label, .cancel, .cancel)
        buttons.add(request.frame.buttons[1].label, .default, .ok)
        self.request = request
        self.buttons = buttons
        separator = options.separator
    }

    /// What the process prints for `files`: the paths joined by the separator.
    func answer(_ files: [ChosenFile]) -> ZenityAnswer {
        let paths = files.map(\.path)
        // zenity 3.44 ignores --timeout here; beckon closes the chooser, prints
        // nothing (nothing was chosen) and exits with the TIMEOUT code, 5.
        return ZenityAnswer(printed: paths.joined(separator: separator) + "\n",
                            json: .array(paths.map { .string($0) }), timeout: .exits(.timeout))
    }

    /// g_path_get_dirname for an absolute path.
    static func dirname(_ path: String) -> String {
        var trimmed = Substring(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        trimmed = trimmed[..<slash]
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.isEmpty ? "/" : String(trimmed)
    }

    /// g_path_get_basename for a path that does not end in '/'.
    static func basename(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

extension FileSelectionPlan: ZenityPlan {
    @GtkActor init(_ options: FileSelectionOptions, context: ZenityContext) {
        self.init(options, translations: context.translations)
    }
}

extension FileSelectionOptions: ZenityKind, SingleTypeDialog { typealias Plan = FileSelectionPlan }
