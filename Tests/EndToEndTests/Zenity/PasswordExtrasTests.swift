import Foundation
import BeckonTestSupport
import Testing

/// `--password --json`: the credentials when answered, and never a declined
/// password.
@Suite(.serialized, .guiHangLimit) struct PasswordExtrasTests {
    @Test func jsonHasTheCredentialsWhenAnswered() throws {
        let login = try beckon(["--password", "--username", "--json"], .type("a|b", then: ["Tab", "p", "w", "Return"]))
        #expect(login.exitCode == 0)
        let value = try #require(try json(login)["value"] as? [String: String])
        #expect(value == ["username": "a|b", "password": "pw"])

        let alone = try beckon(["--password", "--json"], .type("s3cret", then: ["Return"]))
        #expect(try json(alone)["value"] as? [String: String] == ["password": "s3cret"])
    }

    @Test func aDeclinedPasswordNeverLeaks() throws {
        let typed = DialogRun.Answer.type("s3cret", then: [])
        let endings: [([String], DialogRun.Answer)] = [
            (["--password", "--json"], .type("s3cret", then: ["Escape"])),
            (["--password", "--json"], .type("s3cret", then: ["alt+c"])),
            (["--password", "--json", "--extra-button=_Later"], .type("s3cret", then: ["alt+l"])),
            (["--password", "--json", "--timeout=1"], typed),
        ]
        for (arguments, answer) in endings {
            let result = try beckon(arguments, answer)
            #expect(result.exitCode == 1, "\(arguments)")
            #expect(try json(result)["value"] is NSNull, "\(arguments)")
            #expect(!result.stdout.contains("s3cret"), "\(arguments): \(result)")
        }
        let closed = try beckon(["--password", "--json"], .windowManagerClose)
        #expect(try json(closed)["ended"] as? String == "close")
        #expect(try json(closed)["value"] is NSNull)
    }
}
