/// What a file dialog chooses: files to open, a folder, or a name to save to.
public enum FileSelectionMode: Sendable, Hashable {
    /// Existing files; several when `multiple`.
    case open(multiple: Bool)
    /// A folder (existing; GTK's chooser can also create one).
    case directory(multiple: Bool)
    /// A file name to save to, which may not exist yet; with
    /// `confirmsOverwrite` an existing file is only taken after the person
    /// says to replace it.
    case save(confirmsOverwrite: Bool)
    /// A folder to save into (zenity's `--directory --save`): GTK's
    /// create-folder chooser.
    case createDirectory
}
