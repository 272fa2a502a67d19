import Foundation
import BeckonTestSupport
import Testing

/// Runs `testCase` through zenity 3.44 and through beckon with the same keys:
/// zenity must give the case's expected stdout and exit code, and beckon the
/// same, or its own where the case records that zenity is wrong.
func assertSameAsZenity(_ testCase: ZenityCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try X11.require()
    var (fromZenity, zenityRun) = try testCase.run(ZenityDifferentialTests.zenity)
    if zenityRun.timedOut {
        // The reference, not beckon, lost the keys: zenity 3.44 does not wait
        // for its window to take the focus before its field does (CI saw it
        // killed at the deadline on `--color-selection`, Tab Return, while
        // beckon answered). Killed is never the reference's answer, so it runs
        // once more; beckon is never given a second try.
        print("assertSameAsZenity: zenity 3.44 was killed at the deadline (\(zenityRun)); it runs once more")
        (fromZenity, zenityRun) = try testCase.run(ZenityDifferentialTests.zenity)
    }
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

/// Runs beckon alone through the same harness, for what zenity does not have
/// (`--json`, custom buttons): the standard environment plus `env`.
func beckon(_ arguments: [String], env: [String: String] = [:], _ answer: DialogRun.Answer) throws -> ProcessResult {
    try X11.require()
    let environment = ZenityCase.baseEnvironment.merging(env) { $1 }
    let result = try DialogRun.run(Products.beckon, arguments, answer: answer, environment: environment, deadline: 15)
    #expect(!result.timedOut, "\(result)")
    return result
}

/// The JSON object a `--json` run printed, which must fit the contract
/// (Resources/beckon-json.schema.json): every suite that reads one checks it.
func json(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let problems = try JSONSchemaCheck.problems([result.stdout])
    #expect(problems == nil, "\(problems ?? "")", sourceLocation: sourceLocation)
    return try #require(object, "not a JSON object: \(result)", sourceLocation: sourceLocation)
}
