import Beckon
import Glibc

/// `BeckonSoak countdown`: an info prompt on the terminal with a 1.5 s timeout
/// and its countdown, which `beckon --timeout` (whole seconds) cannot ask for.
/// The terminal's half of the countdown test: the window's half shows the same
/// request in BeckonGTKTests. Exit 5 when it timed out, as beckon's timeout.
func countdownOnTerminal() -> Int32 {
    var request = MessageRequest(title: "countdown", message: "Soon", kind: .info,
                                 buttons: [DialogButton("OK", role: .default)], timeout: .milliseconds(1500))
    request.frame.showsCountdown = true
    do {
        let outcome = try GtkRuntime.runWithoutDisplay { @GtkActor in
            try await Dialog(presenter: TerminalPresenter()).present(request)
        }
        return outcome == .timedOut ? 5 : 1
    } catch {
        let message = "BeckonSoak: \(error)\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        return 255
    }
}
