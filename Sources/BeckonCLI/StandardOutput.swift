import Glibc

/// Writes to stdout without Foundation or stdio buffering, so nothing is lost
/// when the process exits right after; a closed stdout is not an error worth a crash.
enum StandardOutput {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                offset += n
            }
        }
    }
}
