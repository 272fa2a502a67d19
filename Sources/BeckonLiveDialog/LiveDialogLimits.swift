/// What a command file can make the dialog hold, so that a runaway script
/// (`message: +` in a loop, `listitem: add` a million times) bounds memory
/// instead of growing it. docs/dialog.md lists them.
public enum LiveDialogLimits {
    /// A command-file line; beyond it the line is cut and the command refused.
    public static let lineBytes = 64 * 1024
    /// The message and the info box, in UTF-8 bytes; `+` beyond it drops the
    /// oldest text (a log shown in the message keeps its tail).
    public static let markdownBytes = 1 << 20
    /// Rows of the status list.
    public static let listRows = 10_000
}
