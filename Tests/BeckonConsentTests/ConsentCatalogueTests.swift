@testable import BeckonConsent
import Foundation
import Testing

/// packaging/beckon.catalog, what `journalctl -x` shows beside each entry:
/// one entry for every event beckon writes, none for an event it does not,
/// and no placeholder naming a field no entry has (journalctl would print
/// the field's name in its place).
@Suite struct ConsentCatalogueTests {
    /// The catalogue's entries by MESSAGE_ID: the header lines and the body.
    static func entries() throws -> [String: (headers: [String: String], body: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("packaging/beckon.catalog"), encoding: .utf8)
        var result: [String: (headers: [String: String], body: String)] = [:]
        for chunk in text.components(separatedBy: "\n-- ").dropFirst() {
            var lines = chunk.components(separatedBy: "\n")
            let id = lines.removeFirst().trimmingCharacters(in: .whitespaces)
            var headers: [String: String] = [:]
            while let line = lines.first, !line.isEmpty, let colon = line.firstIndex(of: ":") {
                headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                lines.removeFirst()
            }
            #expect(result[id] == nil, "\(id) twice in the catalogue")
            result[id] = (headers, lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return result
    }

    @Test func everyEventHasAnEntryAndEveryEntryAnEvent() throws {
        let entries = try Self.entries()
        let events = Dictionary(uniqueKeysWithValues: ConsentJournal.Event.allCases.map { ($0.messageID, $0) })
        for (id, event) in events {
            let entry = try #require(entries[id], "no catalogue entry for \(event) (\(id))")
            #expect(entry.headers["Subject"]?.isEmpty == false, "\(event)")
            #expect(entry.headers["Defined-By"] == "beckon", "\(event)")
            #expect(entry.headers["Documentation"] == "man:beckon(1)", "\(event)")
            #expect(entry.body.count > 200, "\(event): say what it means and what to do")
        }
        #expect(Set(entries.keys) == Set(events.keys), "entries for no event: \(Set(entries.keys).subtracting(events.keys))")
        for id in entries.keys {
            #expect(id.count == 32 && id.allSatisfy(\.isHexDigit), "\(id) is not a 128-bit id")
        }
    }

    @Test func everyPlaceholderIsAFieldBeckonWrites() throws {
        var context = ConsentJournal.Context(termsID: "x", uid: 1, user: "u")
        (context.version, context.sha256, context.language, context.file, context.policy) = ("1", "s", "de", "f", "p")
        (context.sessionID, context.sessionType, context.acceptedAt, context.sessionEndedBy) = ("1", "x11", "t", "logind")
        (context.reason, context.pid, context.gateExecutable, context.signal) = ("r", 1, "/usr/bin/beckon", "KILL")
        (context.configFile, context.configLine, context.configKey) = ("c", 1, "k")
        let written = Set(context.fields.map(\.0))
        for (id, entry) in try Self.entries() {
            let text = entry.headers.values.joined(separator: "\n") + "\n" + entry.body
            let parts = text.components(separatedBy: "@")
            // Between each pair of @: a field name (odd parts), as journalctl reads them.
            for (index, part) in parts.enumerated() where index % 2 == 1 {
                #expect(written.contains(part), "\(id): @\(part)@ is no field beckon writes")
            }
        }
    }
}
