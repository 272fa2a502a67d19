import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestSupport
import Testing

/// The one exactly-once resumption: the first finish wins, one given before
/// the await is kept, and cancellation finishes it as asked.
@Suite(.serialized, .guiHangLimit) struct OnceContinuationTests {
    @Test func theSecondFinishIsIgnored() async throws {
        try GtkTestLoop.require()
        let value = await withDeadline(10, "second finish") { @GtkActor in
            let once = OnceContinuation<Int, Never>()
            GtkSource.timeout(milliseconds: 1) {
                #expect(once.finish(1))
                #expect(!once.finish(2))
                return false
            }
            return await once.value()
        }
        #expect(value == 1)
    }

    @Test func aFinishBeforeTheAwaitIsKept() async throws {
        try GtkTestLoop.require()
        let value = await withDeadline(10, "finish first") { @GtkActor in
            let once = OnceContinuation<String, any Error>()
            once.finish(.success("early"))
            once.finish(.failure(CancellationError()))
            #expect(once.isFinished)
            return try? await once.value()
        }
        #expect(value == "early")
    }

    @Test func cancellationFinishesWithWhatItSays() async throws {
        try GtkTestLoop.require()
        let task = Task { @GtkActor in
            let once = OnceContinuation<Int, any Error>()
            return try await once.value(cancelled: { .failure(CancellationError()) })
        }
        task.cancel()
        let result = await withDeadline(10, "cancelled") { await task.result }
        #expect(throws: CancellationError.self) { try #require(result).get() }
    }

    @Test func aFinishAfterCancellationIsIgnored() async throws {
        try GtkTestLoop.require()
        let result = await withDeadline(10, "cancelled, then finished") { @GtkActor in
            let once = OnceContinuation<Int, Never>()
            let waiting = Task { @GtkActor in await once.value(cancelled: { .success(-1) }) }
            GtkSource.timeout(milliseconds: 1) {
                waiting.cancel()
                return false
            }
            let value = await waiting.value
            #expect(!once.finish(5))
            return value
        }
        #expect(result == -1)
    }
}
