import BeckonCore

/// Text a dialog writes to stdout while it is still shown (a scale's
/// `--print-partial`). The first write that fails ends the dialog at once with
/// exit 255 and the reason: the script reading the values is gone or the disk
/// is full, and a person moving a scale whose values reach no one should be
/// told, not kept. zenity dies of SIGPIPE when the reader is gone, and goes on
/// without a word when the disk is full.
@GtkActor
final class PartialOutput {
    /// The failed write's error, once there was one.
    private(set) var failure: CLIError?
    private var presenting: Task<ZenityOutput, any Error>?

    nonisolated init() {}

    /// A `print` for ``ZenityContext``: call it on GTK's thread, where GTK's
    /// signals and the terminal prompt call it.
    nonisolated var print: @Sendable (String) -> Void {
        { text in GtkActor.assumeIsolated { self.write(text) } }
    }

    private func write(_ text: String) {
        guard failure == nil else { return }
        do {
            try StandardOutput.writePartial(text)
        } catch {
            failure = error
            presenting?.cancel()
        }
    }

    /// Runs `dialog` so that a failed write ends it; then the write's error
    /// is what the run throws.
    func run(_ dialog: @escaping @GtkActor () async throws -> ZenityOutput) async throws -> ZenityOutput {
        let task = Task { @GtkActor in try await dialog() }
        presenting = task
        defer { presenting = nil }
        do {
            let output = try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
            if let failure { throw failure }
            return output
        } catch {
            throw failure ?? error
        }
    }
}
