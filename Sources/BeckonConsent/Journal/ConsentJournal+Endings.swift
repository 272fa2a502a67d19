import CBeckonGLib
import Glibc

extension ConsentJournal {
    /// The termination signals a window's process handles, each with an
    /// ``Event/interrupted`` entry of its own: SIGHUP, SIGINT, SIGTERM.
    public static let interruptingSignals: [Int32] = [SIGHUP, SIGINT, SIGTERM]

    /// Prepares the entries of the endings no answer gives, for the window
    /// now shown in `context`: ``Event/timeout`` for the loop watchdog's
    /// `--timeout`, ``Event/interrupted`` (with ``Field/signal``) for each of
    /// ``interruptingSignals``. Serialized now, because they are sent where
    /// nothing may be allocated: by the watchdog's thread with the loop
    /// stuck, or on the way out from a signal (``sendPreparedEnding(signal:)``).
    /// At most one is sent, waiting at most ``sendTimeout``; none after
    /// ``forgetPreparedEndings()``.
    public static func prepareEndings(_ context: Context) {
        prepare(0, fields(for: .timeout, context))
        for signum in interruptingSignals {
            var interrupted = context
            interrupted.signal = signalName(signum)
            prepare(signum, fields(for: .interrupted, interrupted))
        }
    }

    /// Sends the ``Event/interrupted`` entry prepared for `signum`; false
    /// when none was prepared, one was already sent, or journald did not read
    /// it within ``sendTimeout``.
    @discardableResult
    public static func sendPreparedEnding(signal signum: Int32) -> Bool {
        beckon_exit_entry_send(signum) == 0
    }

    /// Sends none of the prepared entries: the window has ended, and its
    /// answer (or timeout) writes an entry of its own.
    public static func forgetPreparedEndings() {
        beckon_exit_entry_forget()
    }

    private static func prepare(_ signum: Int32, _ fields: [String]) {
        var pointers = fields.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { rebound in
                _ = beckon_exit_entry_prepare(signum, rebound.baseAddress, Int32(rebound.count), sendTimeout)
            }
        }
    }
}
