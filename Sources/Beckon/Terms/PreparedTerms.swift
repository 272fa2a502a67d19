import Dispatch
import Synchronization

/// Terms whose Markdown is being rendered on a thread of its own, so the work
/// overlaps GTK's start-up and the building of the window.
///
/// Made by ``Terms/prepare(_:)``; a megabyte of Markdown takes tens of
/// milliseconds to render, about as long as GTK takes to start.
public final class PreparedTerms: Sendable {
    /// The terms being rendered.
    public let document: TermsDocument
    private let result = Mutex<StyledText?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ document: TermsDocument) {
        self.document = document
        PosixThread.detach { [self] in
            // Merged here, off GTK's thread: sorting thousands of spans is not free.
            let styled = MarkdownRenderer.render(document.markdown).mergingSpans()
            result.withLock { $0 = styled }
            done.signal()
        }
    }

    /// The rendered terms, waiting for the rendering thread if it is not done.
    public var styled: StyledText {
        if let styled = result.withLock({ $0 }) { return styled }
        done.wait()
        done.signal() // let any other waiter through too
        return result.withLock { $0 } ?? StyledText()
    }
}
