import Glibc

/// The program's standard output: answers, `--json`, help.
enum StandardOutput {
    static func write(_ text: String) { writeAll(text, to: 1) }
}

/// The program's standard error: warnings and errors.
enum StandardError {
    static func write(_ text: String) { writeAll(text, to: 2) }
}

/// Writes without Foundation or stdio buffering, so nothing is lost when the
/// process exits right after; a closed stream is not worth a crash (SIGPIPE is
/// ignored, and a failed write ends the text quietly).
private func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let n = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}
