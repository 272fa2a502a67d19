import Glibc

/// Why a dialog could not be asked on a terminal.
public enum TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The process has no controlling terminal, or it could not be opened or
    /// switched to raw input; `errno` says why.
    case unavailable(errno: Int32)

    public var description: String {
        switch self {
        case .unavailable(let error):
            error == ENXIO ? "no terminal to ask on: the process has no controlling terminal"
                : "no terminal to ask on: /dev/tty: \(String(cString: strerror(error)))"
        }
    }
}
