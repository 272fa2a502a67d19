import BeckonTestSupport
import Foundation
import Testing

/// What a process of the user can set before a login gate runs: the
/// environment. Each case must end well inside its deadline.
@Suite(.serialized, .guiHangLimit) struct TermsHostileEnvironmentTests {
    /// Before: 1,000 LANGUAGE entries made --status --managed take four
    /// minutes (GLib walks every entry's variants on each localized look-up).
    @Test func aThousandLanguagesDoNotStallTheManagedStatus() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-language-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let terms = directory.appendingPathComponent("beckon/terms.d")
        try FileManager.default.createDirectory(at: terms, withIntermediateDirectories: true)
        try "# AUP\n\nBe kind.\n".write(to: terms.appendingPathComponent("aup.md"), atomically: true, encoding: .utf8)
        try "[Terms]\nVersion=1\nFile=aup.md\nFile[de]=aup.md\n"
            .write(to: terms.appendingPathComponent("org.example.aup.conf"), atomically: true, encoding: .utf8)
        let languages = (0..<1000).map { "x\($0)_YY" }.joined(separator: ":")
        let result = try run(Products.beckon, ["terms", "--status", "--managed", "org.example.aup"],
                             environment: ["XDG_CONFIG_DIRS": directory.path, "LANGUAGE": languages,
                                           "XDG_STATE_HOME": directory.appendingPathComponent("state").path],
                             deadline: 20)
        #expect(!result.timedOut, "\(result)")
        #expect(result.exitCode == 1 && result.stdout.contains("must_ask: true"), "\(result)")
    }
}
