import Glibc

/// `--text-info --filename`'s file, checked before any window.
///
/// zenity warns that it cannot open the file and then shows an empty window,
/// whose OK exits 0: with `--checkbox="I have read the licence"` a script takes
/// that for agreement to a text nobody saw. beckon refuses instead, with the
/// error code (docs/cli.md, "Where beckon differs from zenity 3.44").
enum TextInfoFilename {
    /// Why `path` cannot be shown (`No such file or directory`, `it is a
    /// directory`), or nil when it can be read. A FIFO passes: it is opened
    /// without waiting for its writer, later (``TextInfoInput``).
    static func problem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return String(cString: strerror(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { return "it is a directory" }
        guard access(path, R_OK) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }

    /// The error for `path`, or nil when it can be read; `exitCode` is
    /// `ZENITY_ERROR`'s (255 unless set), as for the other input beckon refuses.
    static func error(_ path: String, exitCode: Int32) -> CLIError? {
        problem(path).map { CLIError(message: "--filename: Cannot open file '\(path)': \($0)", exitCode: exitCode) }
    }
}
