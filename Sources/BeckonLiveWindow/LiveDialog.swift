import BeckonCore
import BeckonLiveDialog
import Synchronization

/// A live dialog from Swift: show it, change it while it is shown, and await
/// its answer, which resumes exactly once however the dialog ends.
///
/// ```swift
/// var spec = LiveDialogSpec()
/// spec.title = "Setting up"
/// spec.listItems = steps.map { .init(title: $0.name, status: .pending) }
/// let live = LiveDialog(spec)
/// let answer = Task { @GtkActor in try await live.answer(in: dialog) }
/// for (index, step) in steps.enumerated() {
///     live.update { $0.listItems[index].status = .wait }
///     try await step.run()
///     live.update { $0.listItems[index].status = .success }
/// }
/// live.update { $0.button1.enabled = true }
/// print(try await answer.value.ending)
/// ```
///
/// Updates may come from any thread; each one is a whole spec, so the
/// window draws only the newest once per frame, and updates after the dialog
/// ended are dropped.
public final class LiveDialog: Sendable {
    private let state: Mutex<LiveDialogSpec>
    private let stream: AsyncStream<LiveDialogUpdate>
    private let continuation: AsyncStream<LiveDialogUpdate>.Continuation
    private let timeout: Duration?

    /// A live dialog that will show `spec`; nothing shows until ``answer(in:)``.
    public init(_ spec: LiveDialogSpec, timeout: Duration? = nil) {
        state = Mutex(spec)
        // The newest spec is all that matters: older ones need not wait in line.
        (stream, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(64))
        self.timeout = timeout
    }

    /// What the dialog shows now (or will show first).
    public var spec: LiveDialogSpec { state.withLock { $0 } }

    /// Changes the spec and sends the new one to the window.
    public func update(_ change: (inout LiveDialogSpec) -> Void) {
        let spec = state.withLock { spec in
            change(&spec)
            return spec
        }
        continuation.yield(.spec(spec))
    }

    /// Applies a command-file line (`listitem: Office: success`), as
    /// `beckon dialog` does; throws for a line it would warn about.
    public func send(_ line: String) throws(LiveDialogError) {
        guard let command = try LiveDialogCommand(line: line) else { return }
        let result: Result<(LiveDialogSpec, LiveDialogChanges), LiveDialogError> = state.withLock { spec in
            do throws(LiveDialogError) {
                let changes = try spec.apply(command)
                return .success((spec, changes))
            } catch {
                return .failure(error)
            }
        }
        let (spec, changes) = try result.get()
        continuation.yield(.spec(spec))
        for action in changes.actions { continuation.yield(.action(action)) }
    }

    /// Asks the window to act (`quit`, `activate`, …).
    public func perform(_ action: LiveDialogAction) {
        continuation.yield(.action(action))
    }

    /// Shows the dialog with `dialog` and returns its answer once it ends.
    @GtkActor
    public func answer(in dialog: Dialog = Dialog()) async throws -> LiveDialogAnswer {
        defer { continuation.finish() }
        let request = LiveDialogRequest(spec, updates: stream, timeout: timeout)
        return request.answer(try await dialog.present(request))
    }
}
