@testable import BeckonCLI
import Glibc
import Testing

/// The man page's option list and the bash completion's option lists are
/// generated from the option tables; these fail when the committed files are
/// stale (run scripts/generate-reference).
@Suite struct ReferenceTests {
    private static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/BeckonCLITests/ReferenceTests.swift
        return parts.joined(separator: "/")
    }()

    /// The lines between the generated-options markers of `file`.
    private func generatedBlock(_ file: String) throws -> String {
        let text = try #require(readFile(Self.root + "/" + file), "cannot read \(file)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex { $0.contains("BEGIN GENERATED OPTIONS") }, "\(file): no BEGIN marker")
        let end = try #require(lines.firstIndex { $0.contains("END GENERATED OPTIONS") }, "\(file): no END marker")
        return lines[(begin + 1)..<end].map { $0 + "\n" }.joined()
    }

    @Test func theManPageListsEveryOptionTheParserKnows() throws {
        let block = try generatedBlock("Resources/beckon.1")
        #expect(block == ZenityReference.text(.man), "Resources/beckon.1 is stale: run scripts/generate-reference")
        for group in ZenityOptionTable.helpGroups {
            for option in group.options {
                #expect(block.contains(option.name.replacing("-", with: "\\-")), "\(option.name) missing")
            }
        }
    }

    /// The build's version is VERSION's (the plugin generates it), and the
    /// man page's header says the same.
    @Test func theBinaryAndTheManPageCarryVERSION() throws {
        let file = try #require(readFile(Self.root + "/VERSION"), "cannot read VERSION")
        #expect(BeckonVersion.text == String(file.filter { !$0.isWhitespace }))
        let man = try #require(readFile(Self.root + "/Resources/beckon.1"))
        #expect(man.contains(".TH BECKON 1 \"2026\" \"Beckon \(BeckonVersion.text)\""),
                "Resources/beckon.1 is stale: run scripts/generate-reference")
    }

    @Test func theCompletionOffersEveryDialogAndItsOptions() throws {
        let block = try generatedBlock("Resources/completions/beckon.bash")
        #expect(block == ZenityReference.text(.bash),
                "Resources/completions/beckon.bash is stale: run scripts/generate-reference")
        for dialog in ZenityDialogs.all {
            #expect(block.contains("--\(dialog.name) ") || block.contains("--\(dialog.name)\""), "\(dialog.name)")
        }
    }
}

/// A whole file as UTF-8, without Foundation.
private func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}
