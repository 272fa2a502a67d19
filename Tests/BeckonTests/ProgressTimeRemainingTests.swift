import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// zenity's estimate of the time left, shared by the window and the terminal.
@Suite struct ProgressTimeRemainingTests {
    @Test func noEstimateAtTheEndsOrBeforeAStart() {
        var estimate = ProgressTimeRemaining()
        #expect(estimate.line(at: 0.5) == "") // the first number starts the clock
        #expect(estimate.line(at: 0.5).hasPrefix("Time remaining: 0:00:"))
        #expect(estimate.line(at: 1) == "")   // 100 restarts it
        #expect(estimate.line(at: 0) == "")
    }
}
