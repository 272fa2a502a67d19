/// Splits a byte stream into lines at "\n", holding back a partial last line
/// until more comes or the input ends.
///
/// A line longer than ``maximumLineLength`` is cut there and the rest of it
/// dropped, so input with no newline at all (`/dev/zero`) cannot grow memory
/// without bound; ``cutLines`` counts how often that happened.
package struct LineSplitter: Sendable {
    package let maximumLineLength: Int
    /// How many lines were longer than ``maximumLineLength`` and were cut.
    package private(set) var cutLines = 0
    private var pending: [UInt8] = []
    private var discarding = false

    package init(maximumLineLength: Int = 1 << 20) {
        self.maximumLineLength = max(1, maximumLineLength)
    }

    /// The lines that `bytes` completes, in order, without their "\n".
    package mutating func lines(in bytes: UnsafeRawBufferPointer) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                keep(bytes[start...])
                break
            }
            keep(bytes[start..<newline])
            lines.append(pending)
            pending = []
            discarding = false
            start = newline + 1
        }
        return lines
    }

    /// Lines of `bytes`; for tests and callers holding an array.
    package mutating func lines(in bytes: [UInt8]) -> [[UInt8]] {
        bytes.withUnsafeBytes { lines(in: $0) }
    }

    /// The last line when the input ended without a "\n", or nil.
    package mutating func finish() -> [UInt8]? {
        defer { pending = []; discarding = false }
        return pending.isEmpty && !discarding ? nil : pending
    }

    private mutating func keep(_ part: Slice<UnsafeRawBufferPointer>) {
        guard !discarding else { return }
        let room = maximumLineLength - pending.count
        if part.count <= room {
            pending.append(contentsOf: part)
        } else {
            pending.append(contentsOf: part.prefix(room))
            discarding = true
            cutLines += 1
        }
    }
}
