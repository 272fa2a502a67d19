import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Foundation
import Testing

/// The library's Terms API where no window is needed: recording, and askOnce
/// answering from the record without GTK.
@Suite struct TermsAPITests {
    func options(_ directory: URL, id: String = "org.example.API", version: String? = "1") -> TermsOptions {
        var options = TermsOptions()
        options.consent.store = ConsentStore(directory: directory.path) { _ in }
        options.consent.id = id
        options.consent.version = version
        options.consent.askOnce = true
        return options
    }

    @Test func anAcceptanceOnRecordAnswersWithoutAWindow() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("terms-api-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let terms = TermsDocument(markdown: "# Terms\n\nBe nice.\n")
        let options = options(directory)

        let record = try Terms.recordAcceptance(of: terms, id: "org.example.API", version: "1", options: options)
        #expect(try Terms.existingConsent(for: terms, id: "org.example.API", version: "1", options: options) == record)

        // The record answers before GTK is even needed.
        let outcome = try await Terms.present(terms, options: options)
        #expect(outcome == .alreadyAccepted(record))
        #expect(outcome.isAccepted)
    }

    /// A record in the user's own file never opens a login gate: the gate is
    /// shown, which here, with no GTK running, is the runtime's error.
    @Test func underAGateTheRecordFileIsNotTrusted() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("terms-api-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let terms = TermsDocument(markdown: "# Terms\n\nBe nice.\n")
        var options = options(directory)
        try Terms.recordAcceptance(of: terms, id: "org.example.API", version: "1", options: options)
        options.gate = true
        await #expect(throws: DialogError.runtimeNotRunning) { try await Terms.present(terms, options: options) }
        options.gate = false
        #expect(try await Terms.present(terms, options: options).isAccepted)
    }

    @Test func changedTermsOrAnotherVersionAreNotCovered() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("terms-api-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let terms = TermsDocument(markdown: "# Terms\n\nBe nice.\n")
        let options = options(directory)
        try Terms.recordAcceptance(of: terms, id: "org.example.API", version: "1", options: options)

        let changed = TermsDocument(markdown: "# Terms\n\nBe nice!\n")
        #expect(try Terms.existingConsent(for: changed, id: "org.example.API", version: "1", options: options) == nil)
        #expect(try Terms.existingConsent(for: terms, id: "org.example.API", version: "2", options: options) == nil)
        #expect(try Terms.existingConsent(for: terms, id: "org.example.API", version: nil, options: options) != nil)
        #expect(try Terms.existingConsent(for: terms, id: "org.example.Other", version: "1", options: options) == nil)
    }

    @Test func aStoreThatCannotBeWrittenIsATermsError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("terms-api-\(UUID())")
        try Data().write(to: file) // a file where the directory's parent should be
        defer { try? FileManager.default.removeItem(at: file) }
        let options = options(file.appendingPathComponent("beckon"))
        #expect(throws: TermsError.self) {
            try Terms.recordAcceptance(of: TermsDocument(markdown: "x"), id: "org.example.API", version: nil, options: options)
        }
    }

    @Test func preparedTermsRenderOnTheirOwnThread() {
        let prepared = Terms.prepare(TermsDocument(markdown: "# Hi\n\n- *a*\n- b\n"))
        #expect(prepared.styled.text == "Hi\n\n\u{2022} a\n\u{2022} b")
        // A second wait returns what the thread rendered, the same as rendering here.
        #expect(prepared.styled == MarkdownRenderer.render("# Hi\n\n- *a*\n- b\n").mergingSpans())
    }
}
