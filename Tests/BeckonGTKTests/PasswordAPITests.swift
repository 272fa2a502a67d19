import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestEndings
import BeckonTestSupport
import Foundation
import Testing

/// `Dialog.password` on every ending, with real windows and real input: the
/// awaiting task resumes exactly once with the credentials typed, or nil, and
/// no window is left behind.
@Suite(.serialized, .guiHangLimit) struct PasswordAPITests {
    static let repetitions = EntryAPITests.repetitions

    @Test(arguments: TestPath<ButtonPath>.all(EntryAPITests.shared))
    func everyPathResumesOnceWithTheRightCredentials(_ path: TestPath<ButtonPath>) async throws {
        try GtkTestLoop.require()
        try await everyPath(path, "password", repetitions: Self.repetitions, timeout: .seconds(3)) { title, timeout in
            try await Dialog.password(title: title, askUsername: true, timeout: timeout)
        } before: { _, round in
            // Return in the user-name field does not answer: it stays there.
            try Xdotool.type("ann")
            try Xdotool.key("Return")
            try Xdotool.type("e")
            try Xdotool.key("Tab")
            try Xdotool.type("pa|ss \(round)")
        } check: { credentials, path, round, title in
            #expect(credentials == (path.expected == .accepted ? Credentials(username: "anne", password: "pa|ss \(round)") : nil),
                    "\(title)")
        }
    }

    @Test func thePasswordAloneWithoutAUserName() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.password(title: "alone") }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.type("s3cret")
        try Xdotool.key("Return")
        #expect(try await withDeadline(10, "alone") { await task.result }?.get() == Credentials(password: "s3cret"))
    }

    @Test func theTimeoutReadsWhatWasTyped() async throws {
        try GtkTestLoop.require()
        let request = PasswordRequest(title: "typed at the timeout", timeout: .seconds(2))
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.type("half")
        let reply = try #require(await withDeadline(10, "timeout") { await task.result }?.get())
        #expect(reply.outcome == .timedOut && reply.value == Credentials(password: "half"))
        // The typed call keeps it to itself.
        #expect(throws: DialogError.timedOut) { try reply.accepted(in: request.frame) }
    }
}
