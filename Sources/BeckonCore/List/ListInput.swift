/// Rows a list reads from a file descriptor while it is shown, one cell per
/// line (zenity's `--list` with its rows on stdin).
package struct ListInput: Sendable {
    /// Read with ``FileDescriptorReader`` on GTK's loop.
    package var fileDescriptor: Int32
    /// Whether the descriptor is let go once the input ends, as zenity closes
    /// its stdin: /dev/null takes its place, so the number cannot be reused.
    package var releasesAtEnd = false
    /// What the warnings call it: "standard input".
    package var name: String
    /// A line longer than this many bytes is cut, with a warning.
    package var maximumCellLength: Int
    /// Called once per kind of trouble (bytes that are not UTF-8, a line cut,
    /// a read error), with a line for stderr.
    package var warn: @Sendable (String) -> Void

    package init(fileDescriptor: Int32, name: String, maximumCellLength: Int = 64 * 1024,
                 warn: @escaping @Sendable (String) -> Void) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.maximumCellLength = maximumCellLength
        self.warn = warn
    }
}
