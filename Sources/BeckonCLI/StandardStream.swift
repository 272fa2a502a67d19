import BeckonIO
import Glibc

/// The program's standard output: answers, `--json`, help.
enum StandardOutput {
    static func write(_ text: String) { _ = writeAll(text, to: 1) }

    /// Writes an answer a script depends on: a failed write (a reader gone,
    /// a full disk) is an error with exit code 255 rather than a silent exit 0.
    static func writeAnswer(_ text: String) throws(CLIError) {
        try write(text, holding: "the answer")
    }

    /// Writes text a script reads while the dialog is still shown, such as a
    /// scale's partial values; a failed write is exit 255, as for the answer.
    static func writePartial(_ text: String) throws(CLIError) {
        try write(text, holding: "a partial value")
    }

    private static func write(_ text: String, holding what: String) throws(CLIError) {
        let error = writeAll(text, to: 1)
        guard error != 0 else { return }
        throw .failure("cannot write \(what) to standard output: \(String(cString: strerror(error)))")
    }
}

/// Writes without Foundation or stdio buffering, so nothing is lost when the
/// process exits right after; a closed stream is not worth a crash (SIGPIPE is
/// ignored, and a failed write ends the text). Returns 0, or the errno of the
/// failed write.
private func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
    FileDescriptor.writeAll(descriptor, text)
}
