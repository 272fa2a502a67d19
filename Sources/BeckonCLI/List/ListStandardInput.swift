import Glibc

/// What a list's stdin is, looked at before GTK starts.
///
/// A closed stdin (`<&-`) is a trap: the next file GTK opens, its connection
/// to the X server, would become descriptor 0, and zenity reads that
/// connection's bytes as rows. beckon puts /dev/null there at start
/// (``ClosedStandardStreams``) and says so.
enum ListStandardInput: Sendable, Equatable {
    case readable
    /// It was closed at start; /dev/null stands in its place now.
    case closed
    /// A directory (`< /`): nothing to read.
    case directory

    /// Looks at descriptor 0 as the process found it.
    static func inspect(wasClosed: Bool = ClosedStandardStreams.stdinWasClosed) -> ListStandardInput {
        if wasClosed { return .closed }
        var status = stat()
        if fstat(0, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR { return .directory }
        return .readable
    }

    /// Why rows cannot be read from it, or nil when they can.
    var problem: String? {
        switch self {
        case .readable: nil
        case .closed: "standard input is closed, so there are no rows to read; give them as arguments or on stdin"
        case .directory: "standard input is a directory, so there are no rows to read; give them as arguments or on stdin"
        }
    }
}
