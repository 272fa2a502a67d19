@testable import BeckonConsent
import Foundation
import Testing

/// The catalogue `journalctl -x` reads and the documentation's table name
/// every outcome's MESSAGE_ID: an outcome added to the code without them
/// would reach the journal unexplained.
@Suite struct ConsentJournalCatalogueTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyOutcomeHasACatalogueEntryAndARowInTheDocs() throws {
        let catalogue = try String(contentsOf: Self.packageRoot.appendingPathComponent("packaging/beckon.catalog"),
                                   encoding: .utf8)
        let entries = catalogue.split(separator: "\n").filter { $0.hasPrefix("-- ") }.map { String($0.dropFirst(3)) }
        #expect(Set(entries) == Set(ConsentJournal.Event.allCases.map(\.messageID)), "\(entries)")
        #expect(entries.count == Set(entries).count, "one entry per MESSAGE_ID")
        let docs = try String(contentsOf: Self.packageRoot.appendingPathComponent("docs/audit.md"), encoding: .utf8)
        for event in ConsentJournal.Event.allCases {
            #expect(docs.contains("| `\(event.rawValue)` |") && docs.contains("`\(event.messageID)`"), "\(event)")
        }
    }
}
