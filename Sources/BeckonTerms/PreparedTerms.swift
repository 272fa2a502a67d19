import BeckonConsent
import BeckonCore
import Dispatch
import Synchronization

/// Terms whose Markdown is being rendered on a thread of its own, so the work
/// overlaps GTK's start-up and the building of the window.
///
/// Made by ``Terms/prepare(_:)``. The terms are rendered a section at a time
/// (``MarkdownRenderer/render(_:firstBytes:laterBytes:onPiece:)``): the first
/// screens are ready in a millisecond or two, and a window shows them while
/// the rest of megabytes of terms is still being rendered. Its lines are
/// bounded (``StyledText/boundingLines()``) and its pieces too
/// (``StyledText/parts(ofAtLeast:)``), whatever the Markdown.
public final class PreparedTerms: Sendable {
    /// The terms being rendered.
    public let document: TermsDocument
    private let state = Mutex(State())
    private let firstPieceReady = DispatchSemaphore(value: 0)
    private let allReady = DispatchSemaphore(value: 0)
    private let restMayStart = DispatchSemaphore(value: 0)
    /// Signalled once per piece rendered, and at the end.
    private let pieceAdded = DispatchSemaphore(value: 0)
    /// How long the rest waits for ``renderRest()`` before it starts anyway.
    static let restWaitsAtMost = DispatchTimeInterval.milliseconds(500)

    /// Markdown in the first piece: several screens of terms.
    static let firstPieceBytes = 8 * 1024
    /// Markdown in each later piece: a few milliseconds of rendering.
    static let laterPieceBytes = 128 * 1024

    private struct State {
        /// Rendered pieces not yet taken, spans merged, offsets from each piece's start.
        var pieces: [StyledText] = []
        var isFinished = false
    }

    init(_ document: TermsDocument) {
        self.document = document
        PosixThread.detach { [self] in
            var first = true
            var lineSoFar = 0 // characters of the last line handed out, which the next piece may continue
            MarkdownRenderer.render(document.markdown, firstBytes: Self.firstPieceBytes,
                                    laterBytes: Self.laterPieceBytes) { piece in
                // Bounded and merged here, off GTK's thread: sorting thousands
                // of spans is not free. No line too long for Pango, and no
                // piece larger than a later one (one block can be megabytes).
                let bounded = piece.boundingLines(after: lineSoFar)
                lineSoFar = bounded.lastLineLength(after: lineSoFar)
                // Heavy text (``TermsPages/weight(of:)``) in smaller parts, so that a
                // page, which ends only between parts, stays as light as a page of prose.
                let merged = bounded.mergingSpans()
                let heaviness = max(1, TermsPages.weight(of: merged) / max(merged.utf8.count, 1))
                let parts = merged.parts(ofAtLeast: max(Self.laterPieceBytes / heaviness, 4 * 1024))
                state.withLock { $0.pieces.append(contentsOf: parts) }
                pieceAdded.signal()
                if first {
                    firstPieceReady.signal()
                    first = false
                    // The rest waits for the window's first frame, so that on
                    // a busy machine (two cores, a build) it takes no CPU from it.
                    _ = restMayStart.wait(timeout: .now() + Self.restWaitsAtMost)
                }
            }
            state.withLock { $0.isFinished = true }
            pieceAdded.signal()
            if first { firstPieceReady.signal() }
            allReady.signal()
        }
    }

    /// The rendered terms, whole, waiting for the rendering thread if it is not
    /// done. For terms not (yet) shown: a window takes the pieces it shows.
    public var styled: StyledText {
        renderRest()
        allReady.wait()
        allReady.signal() // let any other waiter through too
        let pieces = state.withLock { $0.pieces }
        var whole = StyledText()
        for piece in pieces { whole.append(piece: piece) }
        return whole.mergingSpans()
    }

    /// Lets the rendering go on past the first piece: a window calls it once
    /// its first frame is painted. Later calls do nothing more.
    func renderRest() {
        restMayStart.signal()
    }

    /// Waits until the first piece is rendered (or there is none).
    func waitForFirstPiece() {
        firstPieceReady.wait()
        firstPieceReady.signal()
    }

    /// Waits up to `milliseconds` for another piece (or the end).
    func waitForPiece(milliseconds: Int) {
        _ = pieceAdded.wait(timeout: .now() + .milliseconds(milliseconds))
    }

    /// The pieces rendered since the last call, in order, and whether they
    /// are the last: a window takes them so they are not kept twice.
    func takePieces() -> (pieces: [StyledText], isFinished: Bool) {
        state.withLock { state in
            defer { state.pieces.removeAll() }
            return (state.pieces, state.isFinished)
        }
    }
}
