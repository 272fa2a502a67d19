import BeckonTestSupport
import Testing

/// Runs `testCase` through zenity 3.44 and through beckon with the same keys:
/// zenity must give the case's expected stdout and exit code, and beckon the
/// same, or its own where the case records that zenity is wrong.
func assertSameAsZenity(_ testCase: ZenityCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try X11.require()
    let (fromZenity, zenityRun) = try testCase.run(ZenityDifferentialTests.zenity)
    let (fromBeckon, beckonRun) = try testCase.run(Products.beckon)
    #expect(!zenityRun.timedOut && !beckonRun.timedOut, "killed at the deadline: zenity \(zenityRun), beckon \(beckonRun)",
            sourceLocation: sourceLocation)
    #expect(fromZenity == testCase.expected, "zenity 3.44 itself: \(zenityRun)", sourceLocation: sourceLocation)
    if let (why, beckonGives) = testCase.zenityIsWrong {
        #expect(fromBeckon == beckonGives, "beckon, where zenity is wrong (\(why)): \(beckonRun)", sourceLocation: sourceLocation)
    } else {
        #expect(fromBeckon == fromZenity, "beckon \(beckonRun) vs zenity \(zenityRun)", sourceLocation: sourceLocation)
    }
}
