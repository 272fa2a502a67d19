/// Progress: a bar fed by an `AsyncSequence` of updates while work runs.
extension Dialog {
    /// Shows a progress dialog fed by `updates` and returns when the work is
    /// done or the person stops it.
    ///
    /// With `autoCloses` (the default) the call returns as soon as the bar
    /// reaches 1 or the sequence ends; without it, OK is enabled then and the
    /// call returns when the person presses it. Returns the state the dialog
    /// showed for OK (or the automatic close), nil for Cancel, Escape, a close
    /// or a destroy. Throws ``DialogError/timedOut`` when `timeout` passes,
    /// `CancellationError` when the awaiting task is cancelled, and whatever
    /// `updates` throws (the dialog closes). Whenever the dialog ends before the
    /// sequence does, the task iterating it is cancelled, so the work behind an
    /// `AsyncStream` learns of it through `onTermination`.
    public func progress<Updates: AsyncSequence & Sendable>(
        title: String? = nil,
        text: DialogText? = nil,
        updates: Updates,
        initialFraction: Double = 0,
        pulsates: Bool = false,
        autoCloses: Bool = true,
        showsTimeRemaining: Bool = false,
        isCancellable: Bool = true,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> ProgressState? where Updates.Element == ProgressUpdate {
        let failure = ProgressFailure()
        let request = ProgressRequest(
            title: title, text: text, initialFraction: initialFraction, pulsates: pulsates, autoCloses: autoCloses,
            showsTimeRemaining: showsTimeRemaining, isCancellable: isCancellable, timeout: timeout, parent: parent,
            feed: { feed in
                failure.iterated = true
                feed.iterate(updates, failure: failure)
            })
        // A dialog that ended before it showed (cancelled, or timed out while
        // queued) never iterated the updates: a cancelled iteration ends them
        // as a shown dialog's does, so an AsyncStream's producer learns it
        // through onTermination.
        defer {
            if !failure.iterated {
                Task {
                    // Cancelled before its first next(), not after: a task
                    // cancelled from outside may already have read an element.
                    withUnsafeCurrentTask { $0?.cancel() }
                    var iterator = updates.makeAsyncIterator()
                    _ = try? await iterator.next()
                }
            }
        }
        let state = try await accepted(request)
        if let error = failure.error { throw error }
        return state
    }

    /// A progress dialog shown as a real GTK dialog; see
    /// ``progress(title:text:updates:initialFraction:pulsates:autoCloses:showsTimeRemaining:isCancellable:parent:timeout:)-swift.method``.
    public static func progress<Updates: AsyncSequence & Sendable>(
        title: String? = nil,
        text: DialogText? = nil,
        updates: Updates,
        initialFraction: Double = 0,
        pulsates: Bool = false,
        autoCloses: Bool = true,
        showsTimeRemaining: Bool = false,
        isCancellable: Bool = true,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> ProgressState? where Updates.Element == ProgressUpdate {
        try await Dialog().progress(
            title: title, text: text, updates: updates, initialFraction: initialFraction, pulsates: pulsates,
            autoCloses: autoCloses, showsTimeRemaining: showsTimeRemaining, isCancellable: isCancellable,
            parent: parent, timeout: timeout)
    }
}
