/// What applying an option or a command may need from outside the spec: the
/// text of a Markdown file that `--message /path/file.md` names. Passed in, so
/// the declarations hold no I/O and unit tests give a table of files.
public struct LiveDialogContext: Sendable {
    /// The text of a message or info-box file, or nil when `path` is not a
    /// readable file (then the value is taken as text, as swiftDialog does).
    public var readTextFile: @Sendable (_ path: String) -> String?

    public init(readTextFile: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.readTextFile = readTextFile
    }

    /// `value` itself, or the file it names when it is a path to a `.md` or
    /// `.txt` file that can be read; `\n` written as two characters becomes a
    /// new line, as swiftDialog's `--message "a\nb"` does.
    func markdown(_ value: String) -> String {
        if value.hasPrefix("/") || value.hasPrefix("~/") || value.hasPrefix("./"),
           value.hasSuffix(".md") || value.hasSuffix(".txt") || value.hasSuffix(".markdown"),
           let text = readTextFile(value) {
            return text
        }
        return value.replacing("\\n", with: "\n")
    }
}
