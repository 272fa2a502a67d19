import Testing

/// Runs `testCase` through zenity 3.44 and through beckon: zenity must give
/// what the case pins, and beckon the same, or what the case records where
/// zenity is wrong.
func assertSameAsZenity(_ testCase: ZenityCase) throws {
    try X11.require()
    let (fromZenity, zenityRun) = try testCase.run(ZenityDifferentialTests.zenity)
    let (fromBeckon, beckonRun) = try testCase.run(Products.beckon)
    #expect(!zenityRun.timedOut && !beckonRun.timedOut, "killed at the deadline: zenity \(zenityRun), beckon \(beckonRun)")
    #expect(fromZenity == testCase.expected, "zenity 3.44 itself: \(zenityRun)")
    if let (why, beckonGives) = testCase.zenityIsWrong {
        #expect(fromBeckon == beckonGives, "beckon, where zenity is wrong (\(why)): \(beckonRun)")
    } else {
        #expect(fromBeckon == fromZenity, "beckon \(beckonRun) vs zenity \(zenityRun)")
    }
}
