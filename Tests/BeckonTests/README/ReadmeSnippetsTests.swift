import Foundation
import Testing

/// The README's Swift examples compile: each ```swift block of README.md
/// must stand, line for line, in ReadmeSnippets.swift, which the test build
/// compiles against `import Beckon` (a block indented in a list may stand
/// indented in a function there).
@Suite struct ReadmeSnippetsTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README's swift blocks, each without the indentation of its fence.
    static func blocks(_ markdown: String) -> [[String]] {
        var blocks: [[String]] = [], current: [String]?, indent = 0
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.drop { $0 == " " }
            if current == nil, trimmed == "```swift" {
                indent = line.count - trimmed.count
                current = []
            } else if var lines = current {
                if trimmed == "```" {
                    blocks.append(lines)
                    current = nil
                } else {
                    lines.append(String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))))
                    current = lines
                }
            }
        }
        return blocks
    }

    /// Whether `block` stands in `file` as consecutive lines, all indented alike.
    static func stands(_ block: [String], in file: [String]) -> Bool {
        file.indices.contains { start in
            guard start + block.count <= file.count else { return false }
            let indent = file[start].prefix { $0 == " " }
            return zip(block, file[start..<start + block.count]).allSatisfy { wanted, line in
                wanted.isEmpty ? line.trimmingCharacters(in: .whitespaces).isEmpty : line == indent + wanted
            }
        }
    }

    @Test func everySwiftBlockOfTheReadmeIsCompiled() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let compiled = try String(contentsOf: Self.here.appendingPathComponent("ReadmeSnippets.swift"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let blocks = Self.blocks(readme)
        #expect(blocks.count >= 3, "the README's Swift examples were not found")
        for block in blocks {
            #expect(Self.stands(block, in: compiled), "not compiled as written:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func aChangedExampleIsNoticed() {
        let file = ["func f() {", "    let a = 1", "    let b = 2", "}"]
        #expect(Self.stands(["let a = 1", "let b = 2"], in: file))
        #expect(!Self.stands(["let a = 1", "let b = 3"], in: file))
        #expect(Self.blocks("x\n  ```swift\n  let a = 1\n  ```\n") == [["let a = 1"]])
    }
}
