@testable import BeckonCLI
import BeckonLoginGate
import BeckonConsent
import BeckonEnforcer
import BeckonTestSupport
import Glibc
import Testing

/// The man page's option lists and the bash completion's option lists are
/// generated from the option tables, and the key lists of beckon-terms.conf(5)
/// and beckon-enforcer.conf(5) from the keys their readers accept; these fail
/// when the committed files are stale (run scripts/generate-reference).
@Suite struct ReferenceTests {
    private static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/BeckonCLITests/ReferenceTests.swift
        return parts.joined(separator: "/")
    }()

    /// The man pages scripts/generate-reference writes into, each with its
    /// version in its header.
    static let manPages = ["Resources/beckon.1", "Resources/beckon-terms.conf.5", "Resources/beckon-enforcer.conf.5"]

    /// The lines between the `BEGIN GENERATED <marker>` and `END GENERATED <marker>` lines of `file`.
    private func generatedBlock(_ file: String, marker: String = "OPTIONS") throws -> String {
        let text = try #require(readFile(Self.root + "/" + file), "cannot read \(file)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex { $0.contains("BEGIN GENERATED \(marker)") }, "\(file): no BEGIN marker")
        let end = try #require(lines.firstIndex { $0.contains("END GENERATED \(marker)") }, "\(file): no END marker")
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

    /// The SYNOPSIS names every subcommand the dispatch knows, and the
    /// warden's internal mode nowhere.
    @Test func theManPageSynopsisNamesEverySubcommand() throws {
        let block = try generatedBlock("Resources/beckon.1", marker: "SUBCOMMANDS")
        #expect(block == ZenityReference.text(.manSubcommands), "Resources/beckon.1 is stale: run scripts/generate-reference")
        for name in Subcommand.names { #expect(block.contains(".B beckon \(name)"), "\(name) missing") }
        #expect(!block.contains(GateWarden.mode))
    }

    @Test func theManPageListsEveryOptionOfBeckonTerms() throws {
        let block = try generatedBlock("Resources/beckon.1", marker: "TERMS OPTIONS")
        #expect(block == ZenityReference.text(.manTerms), "Resources/beckon.1 is stale: run scripts/generate-reference")
        for group in TermsArguments.groups {
            for option in group.options {
                #expect(block.contains("\\-\\-" + option.name.replacing("-", with: "\\-")), "\(option.name) missing")
            }
        }
    }

    /// Each key file's page lists exactly the keys its reader accepts.
    @Test(arguments: [("Resources/beckon-terms.conf.5", ReferenceFormat.manTermsConf),
                      ("Resources/beckon-enforcer.conf.5", ReferenceFormat.manEnforcerConf)])
    func theKeyFilePagesListEveryKeyTheReaderAccepts(file: String, format: ReferenceFormat) throws {
        let keys = format == .manTermsConf ? ManagedTerms.keys : EnforcerConfiguration.keys
        let block = try generatedBlock(file, marker: "KEYS")
        #expect(block == ZenityReference.text(format), "\(file) is stale: run scripts/generate-reference")
        for key in keys {
            #expect(block.contains(".BI \(key.name)= "), "\(key.name) missing from \(file)")
        }
    }

    /// docs/dialog.md lists every option of `beckon dialog` with how Linux takes it.
    @Test func theDialogPageListsEveryOptionOfTheTable() throws {
        let block = try generatedBlock("docs/dialog.md", marker: "DIALOG OPTIONS")
        #expect(block == ZenityReference.text(.dialogMarkdown), "docs/dialog.md is stale: run scripts/generate-reference")
    }

    /// docs/dialog.md's "SF Symbols" table is SFSymbolMap's declaration.
    @Test func theDialogPageListsEverySFSymbolOfTheMap() throws {
        let block = try generatedBlock("docs/dialog.md", marker: "SF SYMBOLS")
        #expect(block == ZenityReference.text(.dialogSFSymbols), "docs/dialog.md is stale: run scripts/generate-reference")
        #expect(block.contains("| `checkmark.circle.fill` | `emblem-ok-symbolic` |"))
    }

    /// The build's version is VERSION's (the plugin generates it), and every
    /// man page's header says the same.
    @Test func theBinaryAndTheManPagesCarryVERSION() throws {
        let file = try #require(readFile(Self.root + "/VERSION"), "cannot read VERSION")
        #expect(BeckonVersion.text == String(file.filter { !$0.isWhitespace }))
        for page in Self.manPages {
            let man = try #require(readFile(Self.root + "/" + page))
            let header = man.split(separator: "\n").first { $0.hasPrefix(".TH ") }
            #expect(header?.contains("\"2026\" \"Beckon \(BeckonVersion.text)\"") == true,
                    "\(page) is stale: run scripts/generate-reference")
        }
    }

    /// man renders every page without a warning, as lintian runs it (its
    /// groff-message check): a stray request, a table wider than the page, a
    /// character groff does not know.
    @Test(arguments: manPages)
    func theManPagesRenderWithoutWarnings(page: String) throws {
        let result = try run("/usr/bin/man", ["--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", Self.root + "/" + page],
                             environment: ["LC_ALL": "C.UTF-8", "MANWIDTH": "80", "MANROFFSEQ": ""])
        #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(page): \(result)")
        #expect(!result.stdout.isEmpty, "\(page) rendered nothing")
    }

    @Test func theCompletionOffersEveryDialogAndItsOptions() throws {
        let block = try generatedBlock("Resources/completions/beckon.bash")
        #expect(block == ZenityReference.text(.bash),
                "Resources/completions/beckon.bash is stale: run scripts/generate-reference")
        for dialog in ZenityDialogs.all {
            #expect(block.contains("--\(dialog.name) ") || block.contains("--\(dialog.name)\""), "\(dialog.name)")
        }
        #expect(block.contains("_beckon_subcommands=\"\(Subcommand.names.joined(separator: " "))\"\n"))
        #expect(!block.contains(GateWarden.mode))
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
