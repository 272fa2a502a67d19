@testable import BeckonConsent
@testable import BeckonIO
@testable import BeckonJSON
import Foundation
import Testing

/// Reading terms: charsets, the digest, files and their errors.
@Suite struct TermsDocumentTests {
    /// "# Conditions générales façade" in Latin-1: é is 0xE9, ç is 0xE7.
    let latin1: [UInt8] = "# Conditions générales façade".unicodeScalars.map { UInt8($0.value) }

    @Test func utf8PassesThroughUntouched() {
        let document = TermsDocument(bytes: Array("Grüße, 日本".utf8))
        #expect(document.markdown == "Grüße, 日本")
        #expect(document.sourceCharset == "UTF-8")
        #expect(document.warnings.isEmpty)
    }

    @Test func aByteOrderMarkIsNotShownButCountsInTheDigest() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Terms".utf8)
        let document = TermsDocument(bytes: bytes)
        #expect(document.markdown == "Terms")
        #expect(document.sha256 == Checksum.sha256(bytes))
        #expect(document.sha256 != TermsDocument(markdown: "Terms").sha256)
    }

    @Test func latin1InALatin1LocaleIsConvertedWithoutWarning() {
        let document = TermsDocument(bytes: latin1, localeCharset: "ISO-8859-1")
        #expect(document.markdown == "# Conditions générales façade")
        #expect(document.sourceCharset == "ISO-8859-1")
        #expect(document.warnings.isEmpty)
    }

    @Test func latin1InAUTF8LocaleIsReadAsWindows1252WithAWarning() {
        let document = TermsDocument(bytes: latin1, localeCharset: "UTF-8")
        #expect(document.markdown == "# Conditions générales façade")
        #expect(document.sourceCharset == "WINDOWS-1252")
        #expect(document.warnings.count == 1)
    }

    @Test func anExplicitEncodingWins() {
        // 0xE9 is é in Latin-1 but И in KOI8-R.
        let document = TermsDocument(bytes: [0xE9], encoding: "KOI8-R", localeCharset: "UTF-8")
        #expect(document.markdown == "И")
        #expect(document.warnings.isEmpty)
    }

    @Test func utf16WithAByteOrderMarkIsConverted() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("Hé".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let document = TermsDocument(bytes: bytes)
        #expect(document.markdown == "Hé")
        #expect(document.sourceCharset == "UTF-16")
    }

    @Test func undecodableBytesAreReplacedAndTheRestIsKept() {
        // Control bytes rule out a legacy text file; 0x81 is not Windows-1252.
        let bytes: [UInt8] = Array("before ".utf8) + [0x81, 0x01, 0xFF] + Array(" after".utf8)
        let document = TermsDocument(bytes: bytes, localeCharset: "UTF-8")
        #expect(document.markdown.hasPrefix("before \u{FFFD}"))
        #expect(document.markdown.hasSuffix(" after"))
        #expect(document.warnings.count == 1)
    }

    @Test func aLocaleCharsetThatFailsFallsBackToReplacement() {
        // Not valid Shift_JIS either: a lone lead byte at the end.
        let bytes: [UInt8] = Array("abc ".utf8) + [0x82]
        let document = TermsDocument(bytes: bytes, localeCharset: "SHIFT_JIS")
        #expect(document.markdown == "abc \u{FFFD}")
        #expect(!document.warnings.isEmpty)
    }

    @Test func sha256MatchesKnownVectors() {
        #expect(Checksum.sha256([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Checksum.sha256(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func oneChangedByteChangesTheDigest() {
        let a = TermsDocument(markdown: "I accept the terms.")
        let b = TermsDocument(markdown: "I accept the terms!")
        #expect(a.sha256 != b.sha256)
    }

    @Test func readsAFileAndReportsMissingAndEmptyOnes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("terms-doc-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("t.md")
        try Data("# Hi".utf8).write(to: file)
        #expect(try TermsDocument.read(path: file.path).markdown == "# Hi")

        #expect(throws: TermsError.self) { try TermsDocument.read(path: dir.appendingPathComponent("missing").path) }
        let empty = dir.appendingPathComponent("empty.md")
        try Data().write(to: empty)
        #expect(throws: TermsError.empty(source: empty.path)) { try TermsDocument.read(path: empty.path) }
    }
}
