/// Files and folders: GTK's file chooser (the desktop portal's where one runs),
/// answered with the paths chosen.
///
/// Every call resumes exactly once: the accept button (or a double click, or
/// Return on a file) returns what was chosen; Cancel, Escape or a
/// window-manager close return nil. Throws ``DialogError/timedOut`` when
/// `timeout` passes (the chooser closes) and `CancellationError` when the
/// awaiting task is cancelled.
extension Dialog {
    /// One existing file to open, or nil when the person backs out.
    public func openFile(
        title: String? = nil, in folder: String? = nil, selecting name: String? = nil, filters: [FileFilter] = [],
        timeout: Duration? = nil
    ) async throws -> ChosenFile? {
        try await choose(FileSelectionRequest(mode: .open(multiple: false), title: title, folder: folder, name: name,
                                              filters: filters, timeout: timeout))?.first
    }

    /// One or more existing files to open, or nil when the person backs out.
    public func openFiles(
        title: String? = nil, in folder: String? = nil, filters: [FileFilter] = [], timeout: Duration? = nil
    ) async throws -> [ChosenFile]? {
        try await choose(FileSelectionRequest(mode: .open(multiple: true), title: title, folder: folder,
                                              filters: filters, timeout: timeout))
    }

    /// One existing folder, or nil when the person backs out.
    public func chooseDirectory(
        title: String? = nil, in folder: String? = nil, timeout: Duration? = nil
    ) async throws -> ChosenFile? {
        try await choose(FileSelectionRequest(mode: .directory(multiple: false), title: title, folder: folder,
                                              timeout: timeout))?.first
    }

    /// A file to save to, which may not exist yet, or nil when the person
    /// backs out. With `confirmsOverwrite` (the default) an existing file is
    /// returned only after the person agrees to replace it.
    public func saveFile(
        title: String? = nil, in folder: String? = nil, name: String? = nil, confirmsOverwrite: Bool = true,
        filters: [FileFilter] = [], timeout: Duration? = nil
    ) async throws -> ChosenFile? {
        try await choose(FileSelectionRequest(mode: .save(confirmsOverwrite: confirmsOverwrite), title: title,
                                              folder: folder, name: name, filters: filters, timeout: timeout))?.first
    }

    /// The request's files when accepted; an accept with nothing chosen
    /// (which GTK does not allow) counts as backing out.
    private func choose(_ request: FileSelectionRequest) async throws -> [ChosenFile]? {
        try request.validate()
        guard let files = try await accepted(request), !files.isEmpty else { return nil }
        return files
    }
}

extension Dialog {
    /// One file to open with a real GTK dialog; see ``openFile(title:in:selecting:filters:timeout:)``.
    public static func openFile(
        title: String? = nil, in folder: String? = nil, selecting name: String? = nil, filters: [FileFilter] = [],
        timeout: Duration? = nil
    ) async throws -> ChosenFile? {
        try await Dialog().openFile(title: title, in: folder, selecting: name, filters: filters, timeout: timeout)
    }

    /// Files to open with a real GTK dialog; see ``openFiles(title:in:filters:timeout:)``.
    public static func openFiles(
        title: String? = nil, in folder: String? = nil, filters: [FileFilter] = [], timeout: Duration? = nil
    ) async throws -> [ChosenFile]? {
        try await Dialog().openFiles(title: title, in: folder, filters: filters, timeout: timeout)
    }

    /// A folder with a real GTK dialog; see ``chooseDirectory(title:in:timeout:)``.
    public static func chooseDirectory(
        title: String? = nil, in folder: String? = nil, timeout: Duration? = nil
    ) async throws -> ChosenFile? {
        try await Dialog().chooseDirectory(title: title, in: folder, timeout: timeout)
    }

    /// A file to save to with a real GTK dialog; see
    /// ``saveFile(title:in:name:confirmsOverwrite:filters:timeout:)``.
    public static func saveFile(
        title: String? = nil, in folder: String? = nil, name: String? = nil, confirmsOverwrite: Bool = true,
        filters: [FileFilter] = [], timeout: Duration? = nil
    ) async throws -> ChosenFile? {
        try await Dialog().saveFile(title: title, in: folder, name: name, confirmsOverwrite: confirmsOverwrite,
                                    filters: filters, timeout: timeout)
    }
}
