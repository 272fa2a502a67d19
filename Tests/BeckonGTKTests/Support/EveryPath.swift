import Beckon
import BeckonTestEndings
import Testing

/// Runs a dialog through `path` `repetitions` times, with real windows and
/// real input, and checks what every kind must: the awaiting task resumes
/// exactly once (within 10 s), a timeout fails with `DialogError.timedOut`, a
/// cancel with `CancellationError`, and no window is left behind.
///
/// - Parameters:
///   - show: asks the dialog titled `title`, with `timeout` on the timeout path
///     and none on the others.
///   - timeoutShowsWindow: whether `timeout` is long enough that the window
///     shows first; when it is not, the timeout path waits for no window.
///   - before: what the test does in the shown dialog before it ends it
///     (typing, say), in round `round`.
///   - check: what an accepting or dismissing ending (`path`) answered, in round `round`.
func everyPath<Own: KindPath, Value: Sendable>(
    _ path: TestPath<Own>, _ kind: String, repetitions: Int, timeout: Duration = .seconds(2),
    timeoutShowsWindow: Bool = true,
    show: @escaping @Sendable (_ title: String, _ timeout: Duration?) async throws -> Value,
    before: (_ shown: ShownDialog, _ round: Int) async throws -> Void = { _, _ in },
    check: (_ value: Value, _ path: TestPath<Own>, _ round: Int, _ title: String) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    for round in 0..<repetitions {
        let title = "\(kind) \(path.testDescription) \(round)"
        let limit = path == .shared(.timeout) ? timeout : nil
        let task = Task { try await show(title, limit) }
        if limit == nil || timeoutShowsWindow {
            let shown = try #require(await ShownDialog.wait(), "\(title): the dialog never got the focus",
                                     sourceLocation: sourceLocation)
            #expect(shown.title == title, sourceLocation: sourceLocation)
            try await before(shown, round)
            try await path.end(shown) { task.cancel() }
        }
        let result = await withDeadline(10, title, sourceLocation: sourceLocation) { await task.result }
        guard let result else { task.cancel(); return }
        switch (path.expected, result) {
        case (.accepted, .success(let value)), (.dismissed, .success(let value)):
            check(value, path, round, title)
        case (.timedOut, .failure(let error)):
            #expect(error as? DialogError == .timedOut, "\(title)", sourceLocation: sourceLocation)
        case (.cancelled, .failure(let error)):
            #expect(error is CancellationError, "\(title)", sourceLocation: sourceLocation)
        default: Issue.record("\(title): \(result), where \(path.expected) was wanted", sourceLocation: sourceLocation)
        }
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0, "\(title): \(left) left behind",
                sourceLocation: sourceLocation)
    }
}
