import CBeckonShim
import CGtk

/// How a session's window ended, before a presenter gives it meaning.
enum DialogEnding: Sendable, Equatable {
    case response(Int32)
    case escape
    case close
    case destroyed
    case timedOut
}

/// One dialog from request to answer: waits its turn, shows the window, and
/// resumes its caller exactly once, however the window ends.
///
/// Every ending, GTK's or ours, goes through ``finish(_:)``, which runs once: a
/// response, Escape, a window-manager close or a destroy (funnelled by the C
/// shim), the timeout, cancellation of the awaiting task, or a failure to build.
/// All of it is `@GtkActor` state, so no lock is held when the caller resumes.
@GtkActor
final class DialogSession {
    typealias Build = @GtkActor () throws -> UnsafeMutablePointer<GtkWidget>

    private let build: Build
    private let timeout: Duration?
    private var continuation: CheckedContinuation<DialogEnding, any Error>?
    private(set) var widget: UnsafeMutablePointer<GtkWidget>?
    private var timeoutSource: guint = 0
    private var cancelRequested = false
    private(set) var isFinished = false

    private init(timeout: Duration?, build: @escaping Build) {
        self.timeout = timeout
        self.build = build
    }

    /// Shows the window `build` makes once earlier dialogs are done, and returns
    /// how it ended. The session owns the window and destroys it when it ends.
    static func run(timeout: Duration?, build: @escaping Build) async throws -> DialogEnding {
        let session = DialogSession(timeout: timeout, build: build)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                session.start(continuation)
            }
        } onCancel: {
            Task { @GtkActor in session.cancel() }
        }
    }

    private func start(_ continuation: CheckedContinuation<DialogEnding, any Error>) {
        self.continuation = continuation
        if cancelRequested || Task.isCancelled {
            finish(.failure(CancellationError()))
        } else {
            DialogQueue.submit(self)
        }
    }

    /// Ends the dialog with CancellationError, whether it is waiting or shown.
    func cancel() {
        if continuation == nil {
            cancelRequested = true // start() has not run yet
        } else {
            finish(.failure(CancellationError()))
        }
    }

    /// Builds and shows the window; false when that failed and the session ended.
    func show() -> Bool {
        let window: UnsafeMutablePointer<GtkWidget>
        do {
            window = try build()
        } catch {
            finish(.failure(error))
            return false
        }
        widget = window
        beckon_dialog_watch(window, { end, responseID, data in
            let session = Unmanaged<DialogSession>.fromOpaque(data!).takeUnretainedValue()
            GtkActor.assumeIsolated { session.windowEnded(end, responseID) }
        }, Unmanaged.passRetained(self).toOpaque(), { data in
            Unmanaged<DialogSession>.fromOpaque(data!).release()
        })
        if let timeout {
            timeoutSource = g_timeout_add_full(G_PRIORITY_DEFAULT, timeout.milliseconds, { data in
                let session = Unmanaged<DialogSession>.fromOpaque(data!).takeUnretainedValue()
                GtkActor.assumeIsolated { session.timeoutFired() }
                return 0 // G_SOURCE_REMOVE
            }, Unmanaged.passRetained(self).toOpaque(), { data in
                Unmanaged<DialogSession>.fromOpaque(data!).release()
            })
        }
        gtk_window_present(window.cast())
        return true
    }

    private func windowEnded(_ end: BeckonEnd, _ responseID: Int32) {
        switch end {
        case BECKON_END_RESPONSE: finish(.success(.response(responseID)))
        case BECKON_END_ESCAPE: finish(.success(.escape))
        case BECKON_END_CLOSE: finish(.success(.close))
        default: finish(.success(.destroyed))
        }
    }

    private func timeoutFired() {
        timeoutSource = 0 // the source removes itself
        finish(.success(.timedOut))
    }

    /// The one way out. Later calls do nothing.
    private func finish(_ result: Result<DialogEnding, any Error>) {
        guard !isFinished else { return }
        isFinished = true
        if timeoutSource != 0 {
            g_source_remove(timeoutSource)
            timeoutSource = 0
        }
        if let window = widget {
            widget = nil
            gtk_widget_hide(window)
            // Destroying can take a while (a text view holding 1 MB of terms
            // frees it all), and the caller need not wait for it: the window is
            // off screen now and goes on the next idle. The reference keeps the
            // pointer valid should something else destroy it first. The funnel
            // has fired, or ignores the "destroy" as a repeat.
            g_object_ref(window)
            g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
                let window = data!.assumingMemoryBound(to: GtkWidget.self)
                gtk_widget_destroy(window)
                g_object_unref(window)
                return 0 // G_SOURCE_REMOVE
            }, window, nil)
        }
        let continuation = self.continuation
        self.continuation = nil
        DialogQueue.ended(self)
        continuation?.resume(with: result)
    }
}
