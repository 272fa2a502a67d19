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

/// The program's standard input, which the data dialogs read.
enum StandardInput {
    /// Whether descriptor 0 was closed at start-up (`beckon … <&-`); if it was,
    /// it is now /dev/null. Call before GTK opens anything: the first descriptor
    /// it opens (the X connection) would otherwise become stdin, and a dialog
    /// would read X's replies as its input, as zenity does.
    static func holdIfClosed() -> Bool {
        guard fcntl(0, F_GETFD) == -1, errno == EBADF else { return false }
        // The lowest free descriptor is 0 itself, so this is normally stdin at once.
        let null = open("/dev/null", O_RDONLY)
        if null > 0 {
            _ = dup2(null, 0)
            close(null)
        }
        return true
    }
}
