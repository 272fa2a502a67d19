import CBeckonShim
import Glibc

/// The controlling terminal, opened for one prompt: raw input, and drawing
/// on it rather than on stdout, which carries the answer.
///
/// Closing puts the terminal's modes back; so does the process's exit, should
/// a signal end it while a prompt is up.
@GtkActor
final class TerminalDevice {
    let fileDescriptor: Int32
    private var isRaw = false

    /// Opens `/dev/tty` and switches it to raw input.
    init() throws(TerminalError) {
        let descriptor = beckon_terminal_open()
        guard descriptor >= 0 else { throw .unavailable(errno: errno) }
        guard beckon_terminal_make_raw(descriptor) == 0 else {
            let error = errno
            Glibc.close(descriptor)
            throw .unavailable(errno: error)
        }
        fileDescriptor = descriptor
        isRaw = true
    }

    /// Whether this process has a controlling terminal to ask on.
    nonisolated static var isAvailable: Bool {
        let descriptor = beckon_terminal_open()
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        return isatty(descriptor) != 0
    }

    var columns: Int { Int(beckon_terminal_columns(fileDescriptor)) }
    var rows: Int { Int(beckon_terminal_rows(fileDescriptor)) }

    /// Writes `text` whole; a terminal that went away is not an error here:
    /// its end of input ends the prompt.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    func setAlternateScreen(_ on: Bool) {
        beckon_terminal_set_alternate_screen(fileDescriptor, on ? 1 : 0)
    }

    /// Puts the modes back and closes the descriptor; later calls do nothing.
    func close() {
        guard isRaw else { return }
        isRaw = false
        beckon_terminal_restore()
        Glibc.close(fileDescriptor)
    }
}
