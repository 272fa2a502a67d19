import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

@Suite struct LineSplitterTests {
    private func text(_ lines: [[UInt8]]) -> [String] { lines.map { String(decoding: $0, as: UTF8.self) } }

    @Test func linesSplitAcrossChunksComeOutWhole() {
        var splitter = LineSplitter()
        #expect(text(splitter.lines(in: Array("ab\ncd".utf8))) == ["ab"])
        #expect(text(splitter.lines(in: Array("e\n\nf".utf8))) == ["cde", ""])
        #expect(splitter.finish().map { String(decoding: $0, as: UTF8.self) } == "f")
        #expect(splitter.finish() == nil)
    }

    @Test func inputEndingInANewlineLeavesNoLastLine() {
        var splitter = LineSplitter()
        #expect(text(splitter.lines(in: Array("1\n2\n".utf8))) == ["1", "2"])
        #expect(splitter.finish() == nil)
    }

    @Test func anOverlongLineIsCutAndCounted() {
        var splitter = LineSplitter(maximumLineLength: 4)
        #expect(text(splitter.lines(in: Array("abcdefg".utf8))) == [])
        #expect(text(splitter.lines(in: Array("hij\nxy\n".utf8))) == ["abcd", "xy"])
        #expect(splitter.cutLines == 1)
        #expect(text(splitter.lines(in: Array("123456".utf8))) == [])
        #expect(splitter.finish().map { String(decoding: $0, as: UTF8.self) } == "1234")
        #expect(splitter.cutLines == 2)
    }

    @Test func bytesThatAreNotUTF8PassThroughUntouched() {
        var splitter = LineSplitter()
        #expect(splitter.lines(in: [0x61, 0xff, 0x0a]) == [[0x61, 0xff]])
    }
}
