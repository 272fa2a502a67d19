/// A file dialog: GTK's file chooser (or the desktop portal's), answered with
/// the paths chosen.
///
/// The window is a `GtkFileChooserNative`, as in zenity 3.44: GTK's own
/// chooser on X11, the XDG desktop portal's where one runs. Its buttons are
/// the chooser's own, so the frame always has two: Cancel (index 0) and the
/// accept button (index 1, Open, Save or Select). Escape and a window-manager
/// close both come back as ``DialogOutcome/escape``: the chooser reports them
/// the same way. The timeout holds, closing the chooser (the portal's too).
public struct FileSelectionRequest: DialogRequest, Hashable {
    public typealias Value = [ChosenFile]

    /// Title, the two buttons' labels, timeout. Width, height, window icon and
    /// parent are not used: the chooser (or the portal) sizes and places itself.
    public var frame: DialogFrame
    /// Files, folders, or a name to save to.
    public var mode: FileSelectionMode
    /// The folder it opens in; nil leaves GTK's choice (the current folder, or recent files).
    public var folder: String?
    /// A file to select as it opens (open and directory modes), or the name
    /// pre-filled (save modes): a bare name, or a path whose folder it opens in.
    public var name: String?
    /// The filters offered, the first one active; none shows every file.
    public var filters: [FileFilter]

    /// A file dialog; `acceptLabel` and `cancelLabel` nil keep GTK's labels
    /// ("_Open", "_Save" or "_Select", and "_Cancel").
    public init(
        mode: FileSelectionMode = .open(multiple: false), title: String? = nil, folder: String? = nil,
        name: String? = nil, filters: [FileFilter] = [], acceptLabel: String? = nil, cancelLabel: String? = nil,
        timeout: Duration? = nil
    ) {
        frame = DialogFrame(title: title, buttons: [
            DialogButton(cancelLabel ?? GtkLabels.cancel, role: .cancel),
            DialogButton(acceptLabel ?? Self.acceptLabel(mode), role: .default),
        ], timeout: timeout)
        self.mode = mode
        self.folder = folder
        self.name = name
        self.filters = filters
    }

    /// GTK's label for the accept button in `mode`, as GtkFileChooserNative picks it.
    public static func acceptLabel(_ mode: FileSelectionMode) -> String {
        switch mode {
        case .open: GtkLabels.translated("_Open")
        case .save: GtkLabels.translated("_Save")
        case .directory, .createDirectory: GtkLabels.translated("_Select")
        }
    }

    /// Index of the button the chooser's accept maps to.
    static let acceptIndex = 1
    /// Index of the button the chooser's cancel maps to.
    static let cancelIndex = 0

    /// Whether the person may choose more than one.
    public var allowsMultiple: Bool {
        switch mode {
        case .open(let multiple), .directory(let multiple): multiple
        case .save, .createDirectory: false
        }
    }

    /// Whether choosing means a folder.
    public var choosesDirectory: Bool {
        switch mode {
        case .directory, .createDirectory: true
        case .open, .save: false
        }
    }

    /// Whether the chosen name may not exist yet.
    public var savesFile: Bool {
        switch mode {
        case .save, .createDirectory: true
        case .open, .directory: false
        }
    }

    /// Whether an existing file is taken only after the person agrees to replace it.
    public var confirmsOverwrite: Bool {
        if case .save(let confirms) = mode { return confirms }
        return false
    }

    public func value(scripted: [ChosenFile]?) -> [ChosenFile]? {
        guard let files = scripted else { return [] }
        return allowsMultiple || files.count <= 1 ? files : nil
    }

    public var builders: DialogBuilders<[ChosenFile]> { DialogBuilders(self) }

    /// Throws when the request cannot be shown truthfully.
    func validate() throws(DialogError) {
        guard frame.buttons.count == 2, frame.buttons[Self.acceptIndex].role == .default else {
            throw .invalidRequest("a file dialog has two buttons: Cancel, then the accept button (default role)")
        }
        if let folder, !folder.hasPrefix("/") {
            throw .invalidRequest("the folder \(folder.debugDescription) is not an absolute path")
        }
    }
}
