import CBeckonShim
import Foundation
import Glibc
import Testing

/// `beckon_executable_release_startup_code` drops the executable's read-only
/// file pages and never a private copy in them (a debugger's breakpoint): run
/// on this test process's own executable.
@Suite struct ExecutablePagesReleaseTests {
    private static let page = UInt64(sysconf(Int32(_SC_PAGESIZE)))

    /// The pagemap entry of the page at `address` in this process.
    private func pagemapEntry(_ address: UInt64) throws -> UInt64 {
        let pagemap = try #require(FileHandle(forReadingAtPath: "/proc/self/pagemap"))
        defer { try? pagemap.close() }
        try pagemap.seek(toOffset: address / Self.page * 8)
        let entry = try #require(try pagemap.read(upToCount: 8))
        return entry.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    /// The executable's first executable mapping: its start, end and file offset.
    private func executableCode() throws -> (start: UInt64, end: UInt64, offset: UInt64) {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        let line = try #require(maps.split(separator: "\n").first {
            $0.hasSuffix(" \(executable)") && $0.split(separator: " ")[1] == "r-xp"
        }, "no r-xp mapping of \(executable)")
        let fields = line.split(separator: " ")
        let bounds = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
        return (bounds[0], bounds[1], try #require(UInt64(fields[2], radix: 16)))
    }

    @Test func filePagesGoAndAPrivateCopyStaysWithItsBytes() throws {
        let code = try executableCode()
        try #require(code.end - code.start >= 4 * Self.page, "the executable's code is too small to test on")
        // A page in the middle of the code, made a private copy the way a
        // debugger's breakpoint makes one: written with the byte it holds.
        let copied = (code.start + (code.end - code.start) / 2) & ~(Self.page - 1)
        let pointer = try #require(UnsafeMutablePointer<UInt8>(bitPattern: UInt(copied)))
        try #require(mprotect(pointer, Int(Self.page), PROT_READ | PROT_WRITE | PROT_EXEC) == 0)
        let byte = pointer.pointee
        pointer.pointee = byte
        try #require(mprotect(pointer, Int(Self.page), PROT_READ | PROT_EXEC) == 0)
        let present: UInt64 = 1 << 63, filePage: UInt64 = 1 << 61
        try #require(try pagemapEntry(copied) & (present | filePage) == present, "the write made no private copy")
        let expected = Data(UnsafeBufferPointer(start: pointer, count: Int(Self.page)))

        let released = beckon_executable_release_startup_code()

        #expect(released > 0, "nothing was released")
        #expect(try pagemapEntry(copied) & (present | filePage) == present, "the private copy was dropped")
        #expect(Data(UnsafeBufferPointer(start: pointer, count: Int(Self.page))) == expected)
    }
}
