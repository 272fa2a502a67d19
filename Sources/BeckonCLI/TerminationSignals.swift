import BeckonCore
import BeckonIO
import CBeckonShim
import Glibc

/// SIGINT, SIGTERM and SIGHUP while a window is up: a line on stderr and exit
/// status 128 + the signal's number, the status a shell reports for a process
/// that signal killed (130, 143, 129), after the journal entry prepared for
/// that ending, if any (terms with a consent id write `interrupted`).
///
/// Installed inside GTK's loop rather than at start-up: a signal that arrives
/// while beckon still reads its input keeps its default action and stops the
/// process at once, instead of waiting for a loop that never runs. The exit is
/// asked of the loop; the shim's watchdog thread ends the process itself,
/// with the same status, when a stuck loop has not within 750 ms.
enum TerminationSignals {
    /// Makes the three signals end the program from GTK's loop. On a terminal
    /// prompt, `hangUpAnswer` is the code a hang-up of that terminal answers
    /// with: the person went away, which the prompt answers as Escape.
    /// `exitCodes` replaces 128 + the signal for the signals it names
    /// (`beckon dialog`'s 40 for SIGTERM and SIGINT, swiftDialog's).
    @GtkActor static func exitWhenReceived(hangUpAnswer: Int32? = nil, exitCodes: [Int32: Int32] = [:]) {
        beckon_watchdog_set_hangup_exit_code(hangUpAnswer ?? -1)
        for (signum, code) in exitCodes { beckon_watchdog_set_signal_exit_code(signum, code) }
        beckon_termination_signals_watch(CallbackBox.call, CallbackBox.retain { signum, _ in
            let name = switch signum {
            case SIGINT: "SIGINT"
            case SIGTERM: "SIGTERM"
            default: "SIGHUP"
            }
            StandardError.write("beckon: stopped by \(name); no answer was given\n")
            // Terms with a consent id have their `interrupted` entry prepared
            // (ConsentJournal+Endings.swift); other dialogs have none. Bounded.
            beckon_exit_entry_send(signum)
            exit(exitCodes[signum] ?? 128 + signum)
        }, CallbackBox.release)
    }
}
