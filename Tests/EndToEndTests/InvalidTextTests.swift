import BeckonTestSupport
import Foundation
import Testing

/// Arguments that are not UTF-8. zenity refuses any of them with "This option
/// is not available" (255); beckon converts them from a legacy locale's
/// charset, and otherwise shows U+FFFD for the bad bytes with a warning.
/// Swift strings cannot hold such bytes, so a shell's printf makes them.
@Suite(.serialized, .guiHangLimit) struct InvalidTextTests {
    /// Runs `program` with the shell words `words` (printf escapes allowed).
    func shell(_ program: String, _ words: String, environment: [String: String] = [:]) throws -> ProcessResult {
        try run("/bin/sh", ["-c", "exec \"$0\" \(words)", program], environment: environment, deadline: 20)
    }

    @Test func aTextThatIsNotUTF8IsShownRepairedWithAWarning() throws {
        try X11.require()
        let words = #"--info "$(printf -- '--text=bad \377 byte')" --timeout=1"#
        let beckon = try shell(Products.beckon, words)
        #expect(beckon.exitCode == 5, "\(beckon)")
        #expect(beckon.stderr.contains("warning: argument 2 is not valid UTF-8 (\"--text=bad \u{FFFD} byte\")"), "\(beckon)")
        let zenity = try shell(try #require(which("zenity")), words)
        #expect(zenity.exitCode == 255, "zenity 3.44 refuses it: \(zenity)")
    }

    @Test func aLegacyLocaleArgumentIsConvertedFromItsCharset() throws {
        try X11.require()
        let locales = try run("/usr/bin/locale", ["-a"]).stdout
        try #require(locales.lowercased().contains("de_de.iso88591"),
                     "the de_DE.ISO-8859-1 locale is missing (scripts/install-deps generates it)")
        let result = try shell(Products.beckon, #"--entry "$(printf -- '--entry-text=caf\351')" --timeout=1"#,
                               environment: ["LC_ALL": "de_DE.ISO-8859-1", "LANG": "de_DE.ISO-8859-1"])
        #expect(result.exitCode == 5, "\(result)")
        #expect(result.stdout == "café\n", "\(result)")
        #expect(!result.stderr.contains("not valid UTF-8"), "\(result)")
    }
}
