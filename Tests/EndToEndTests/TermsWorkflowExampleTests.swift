import BeckonTestSupport
import Foundation
import Testing

/// The example app, run as a person would: Return accepts and signs in (on the
/// main actor), Escape and a window close decline.
@Suite(.serialized, .guiHangLimit) struct TermsWorkflowExampleTests {
    @Test(arguments: [
        (DialogRun.Answer.keys(["Return"]), Int32(0), "accepted: signed in as"),
        (.keys(["Escape"]), 1, "declined"),
        (.windowManagerClose, 1, "declined"),
    ])
    func theWorkflowFollowsTheAnswer(_ answer: DialogRun.Answer, exitCode: Int32, prints: String) throws {
        try X11.require()
        let result = try DialogRun.run(Products.termsWorkflow, [], answer: answer)
        #expect(result.exitCode == exitCode, "\(result)")
        #expect(result.stdout.contains(prints), "\(result)")
    }

    @Test func withoutADisplayItFailsCleanly() throws {
        let result = try run(Products.termsWorkflow, [], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(result.exitCode == 255)
        #expect(result.stderr.contains("DISPLAY"))
    }
}
