import BeckonTestSupport
import Foundation
import Testing

/// Examples/Ask, the smallest Beckon program, answered with real keys.
@Suite(.serialized, .guiHangLimit) struct AskExampleTests {
    private var ask: String { Products.directory.appendingPathComponent("Ask").path }

    @Test(arguments: [("Return", Int32(0)), ("Escape", 1), ("alt+n", 1), ("alt+y", 0)])
    func theExitCodeFollowsTheAnswer(_ key: String, _ exitCode: Int32) throws {
        try X11.require()
        let result = try DialogRun.run(ask, ["Proceed?"], answer: .keys([key]))
        #expect(result.exitCode == exitCode, "\(key): \(result)")
    }
}
