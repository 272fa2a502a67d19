import BeckonIO
import CBeckonShim
import CGtk

/// How a session's window ended, before a presenter gives it meaning.
package enum DialogEnding: Sendable, Equatable {
    case response(Int32)
    case escape
    case close
    case destroyed
    case timedOut
}

/// What a kind's builder hands the session: the window, and how to read the
/// answer from it as it ends.
@GtkActor
package struct DialogWindow<Value> {
    /// The window to show; nil for a kind with no window of its own, which
    /// ends through ``DialogControl/end(_:)`` or its timeout.
    package var widget: UnsafeMutablePointer<GtkWidget>?
    /// Reads what the window holds. Called exactly once, at the ending, while
    /// the window still exists.
    package var read: @GtkActor (DialogEnding) -> Value
    /// Called once when the session ends, however it ends (cancellation and
    /// failures included), after ``read``: a window-less kind puts back what
    /// it took, such as a terminal's modes.
    package var ended: (@GtkActor () -> Void)? = nil
    /// Shows the seconds left before the timeout, each time they change, for a
    /// kind that draws its own countdown (the terminal's). A window built with
    /// ``DialogFrame/addCountdown(to:in:)`` needs none: its line is found on it.
    package var countdown: (@GtkActor (UInt32) -> Void)? = nil

    package init(widget: UnsafeMutablePointer<GtkWidget>?, read: @escaping @GtkActor (DialogEnding) -> Value,
                 ended: (@GtkActor () -> Void)? = nil, countdown: (@GtkActor (UInt32) -> Void)? = nil) {
        self.widget = widget
        self.read = read
        self.ended = ended
        self.countdown = countdown
    }
}

/// Lets a kind end its own session: a long-lived window whose work is done,
/// a window-less dialog whose server answered. Later calls do nothing.
@GtkActor
package struct DialogControl {
    fileprivate weak var session: DialogSession?

    /// Ends the session as `ending`, the same way a button or Escape would.
    package func end(_ ending: DialogEnding) {
        session?.finish(.success(ending))
    }
}

/// One dialog from request to answer: waits its turn, shows the window, reads
/// the answer from it, and resumes its caller exactly once, however it ends.
///
/// Every ending, GTK's or ours, goes through ``finish(_:)``, which runs once: a
/// response, Escape, a window-manager close or a destroy (funnelled by the C
/// shim), the timeout, ``DialogControl/end(_:)``, cancellation of the awaiting
/// task, or a failure to build. All of it is `@GtkActor` state, so no lock is
/// held when the caller resumes, and the caller resumes through one
/// ``OnceContinuation``.
///
/// The timeout becomes one ``DialogDeadline`` when the window is shown: the
/// session's timer, the countdown (window or terminal, ``DialogCountdown``)
/// and the command's watchdog (``DialogTimeoutObserver``) all read it.
@GtkActor
package final class DialogSession {
    /// The timeout, measured when the window is shown (``DialogFrame/timeoutFromNow``).
    private let timeout: @Sendable () -> Duration?
    /// Builds the window; set by ``run(timeout:build:)`` for the kind's value type.
    private var open: (@GtkActor (DialogSession) throws -> UnsafeMutablePointer<GtkWidget>?)?
    /// Reads the answer and resumes the caller; called once, from ``finish(_:)``.
    private var deliver: (@GtkActor (Result<DialogEnding, any Error>) -> Void)?
    private(set) var widget: UnsafeMutablePointer<GtkWidget>?
    private var timeoutSource: guint = 0
    private var countdown: DialogCountdown?
    private var showCountdown: (@GtkActor (UInt32) -> Void)?
    private var cancelRequested = false
    private var started = false
    private(set) var isFinished = false

    private init(timeout: @escaping @Sendable () -> Duration?) {
        self.timeout = timeout
    }

    /// Shows the window `build` makes once earlier dialogs are done, and returns
    /// how it ended with what it held. The session owns the window and destroys
    /// it after reading it.
    package static func run<Value: Sendable>(
        timeout: @escaping @Sendable () -> Duration?,
        build: @escaping @GtkActor (DialogControl) throws -> DialogWindow<Value>
    ) async throws -> (ending: DialogEnding, value: Value) {
        let session = DialogSession(timeout: timeout)
        let answer = OnceContinuation<(ending: DialogEnding, value: Value), any Error>()
        var read: (@GtkActor (DialogEnding) -> Value)?
        var ended: (@GtkActor () -> Void)?
        session.open = { session in
            let window = try build(DialogControl(session: session))
            read = window.read
            ended = window.ended
            session.showCountdown = window.countdown
            return window.widget
        }
        session.deliver = { result in
            let reply = result.flatMap { ending -> Result<(ending: DialogEnding, value: Value), any Error> in
                guard let read else { return .failure(DialogError.runtimeNotRunning) }
                return .success((ending, read(ending)))
            }
            ended?()
            answer.finish(reply)
        }
        return try await withTaskCancellationHandler {
            session.start()
            return try await answer.value()
        } onCancel: {
            Task { @GtkActor in session.cancel() }
        }
    }

    private func start() {
        started = true
        if cancelRequested || Task.isCancelled {
            finish(.failure(CancellationError()))
        } else {
            DialogQueue.submit(self)
        }
    }

    /// Ends the dialog with CancellationError, whether it is waiting or shown.
    package func cancel() {
        if !started {
            cancelRequested = true // start() has not run yet
        } else {
            finish(.failure(CancellationError()))
        }
    }

    /// Builds and shows the window; false when that failed and the session ended.
    package func show() -> Bool {
        do {
            widget = try open?(self)
        } catch {
            finish(.failure(error))
            return false
        }
        open = nil
        if let window = widget {
            FrameTrace.watch(window)
            beckon_dialog_watch(window, CallbackBox.call, CallbackBox.retain { [self] end, responseID in
                windowEnded(end, responseID)
                return 0
            }, CallbackBox.release)
        }
        if let timeout = timeout() {
            let deadline = DialogDeadline.after(timeout)
            timeoutSource = GtkSource.timeout(until: deadline) { [self] in
                timeoutSource = 0 // the source removes itself
                finish(.success(.timedOut))
            }
            DialogTimeoutObserver.started.withLock { $0 }?(deadline)
            if let show = showCountdown {
                countdown = DialogCountdown(until: deadline, show: show)
            } else if let window = widget, beckon_dialog_set_countdown(window, deadline.secondsLeft()) != 0 {
                countdown = DialogCountdown(until: deadline) { _ = beckon_dialog_set_countdown(window, $0) }
            }
        }
        showCountdown = nil
        if let window = widget {
            ExecutablePages.windowWillShow()
            // What the map would do, done before it, so that the first frame
            // does not wait for a second layout (window.c).
            beckon_window_hide_mnemonics_before_map(window)
            gtk_window_present(window.cast())
        }
        return true
    }

    private func windowEnded(_ end: Int32, _ responseID: Int32) {
        switch BeckonEnd(UInt32(bitPattern: end)) {
        case BECKON_END_RESPONSE: finish(.success(.response(responseID)))
        case BECKON_END_ESCAPE: finish(.success(.escape))
        case BECKON_END_CLOSE: finish(.success(.close))
        default: finish(.success(.destroyed))
        }
    }

    /// The one way out. Later calls do nothing.
    fileprivate func finish(_ result: Result<DialogEnding, any Error>) {
        guard !isFinished else { return }
        isFinished = true
        if timeoutSource != 0 {
            g_source_remove(timeoutSource)
            timeoutSource = 0
        }
        countdown?.stop()
        countdown = nil
        // The answer is read while the window still holds it. The caller
        // resumes later, as a job on this actor, after the window is gone.
        let deliver = self.deliver
        self.deliver = nil
        open = nil
        deliver?(result)
        if let window = widget {
            widget = nil
            gtk_widget_hide(window)
            // Destroying can take a while (a text view holding 1 MB of terms
            // frees it all), and the caller need not wait for it: the window is
            // off screen now and goes on the next idle. The reference keeps the
            // pointer valid should something else destroy it first. The funnel
            // has fired, or ignores the "destroy" as a repeat.
            let reference = g_object_ref(window)
            GtkSource.idle {
                gtk_widget_destroy(window)
                g_object_unref(reference)
                return false
            }
        }
        DialogQueue.ended(self)
    }
}
