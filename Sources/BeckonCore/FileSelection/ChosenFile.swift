import CGtk

/// A file or folder a file dialog gave back: its absolute local path.
///
/// Beckon links no Foundation (start-up time matters for a dialog); `url`
/// gives the `file://` URI, and `URL(filePath: chosen.path)` makes a
/// Foundation URL where Foundation is at hand.
public struct ChosenFile: Sendable, Hashable, CustomStringConvertible {
    /// The absolute path, as the file system names it.
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// The `file://` URI of ``path``, escaped as GLib's g_filename_to_uri does.
    public var url: String {
        guard let uri = g_filename_to_uri(path, nil, nil) else { return "file://" + path }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// The last part of the path.
    public var name: String {
        path.split(separator: "/").last.map(String.init) ?? "/"
    }

    public var description: String { path }
}
