import BeckonIO
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
    /// Whether the terminal takes ANSI escape sequences (styles, cursor
    /// moves, the alternate screen); not when `TERM` is unset, empty or
    /// `dumb`, as in Emacs's shell buffer or a serial console: such a
    /// terminal prints them, so it is sent plain text only.
    let understandsANSI: Bool
    private var isRaw = false

    /// Opens `/dev/tty` and switches it to raw input.
    init() throws(TerminalError) {
        let descriptor = beckon_terminal_open()
        guard descriptor >= 0 else { throw .unavailable(errno: errno) }
        understandsANSI = Self.understandsANSI(term: getenv("TERM").map { String(cString: $0) })
        guard beckon_terminal_make_raw(descriptor, understandsANSI ? 1 : 0) == 0 else {
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
        FileDescriptor.writeAll(fileDescriptor, text)
    }

    /// Whether a terminal whose `TERM` is `term` takes ANSI escape sequences.
    nonisolated static func understandsANSI(term: String?) -> Bool {
        guard let term, !term.isEmpty else { return false }
        return term != "dumb"
    }

    /// Enters or leaves the alternate screen; nothing on a terminal without ANSI.
    func setAlternateScreen(_ on: Bool) {
        guard understandsANSI else { return }
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
