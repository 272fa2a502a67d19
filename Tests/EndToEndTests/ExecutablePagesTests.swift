import BeckonTestSupport
import Foundation
import Testing

/// `beckon` keeps only the executable pages it runs (ExecutablePages,
/// executable_pages.c), read from the running process's /proc while its
/// question waits for the person, and the question still answers.
@Suite(.serialized, .guiHangLimit) struct ExecutablePagesTests {
    /// One mapping of the executable: its range, file offset and smaps flags.
    private struct Mapping {
        var start: UInt64, end: UInt64, offset: UInt64, flags: [String]
    }

    private func mappings(of pid: Int32, path: String) throws -> [Mapping] {
        let smaps = try String(contentsOfFile: "/proc/\(pid)/smaps", encoding: .utf8)
        var found: [Mapping] = []
        var inExecutable = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), fields.count >= 5, !range.hasSuffix(":") {
                inExecutable = fields.count >= 6 && fields[5] == path
                guard inExecutable else { continue }
                let bounds = range.split(separator: "-").compactMap { UInt64($0, radix: 16) }
                found.append(Mapping(start: bounds[0], end: bounds[1], offset: UInt64(fields[2], radix: 16) ?? 0, flags: []))
            } else if inExecutable, fields.first == "VmFlags:" {
                found[found.count - 1].flags = fields.dropFirst().map(String.init)
            }
        }
        return found
    }

    /// Whether the page holding `address` is resident in `pid` (/proc/PID/pagemap, bit 63).
    private func isResident(_ pid: Int32, _ address: UInt64) throws -> Bool {
        let pagemap = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/pagemap"))
        defer { try? pagemap.close() }
        try pagemap.seek(toOffset: address / 4096 * 8)
        let entry = try #require(try pagemap.read(upToCount: 8))
        let value = entry.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        return value >> 63 == 1
    }

    /// The addresses a function of the executable spans in the file (nm -S),
    /// the first symbol whose name contains `part`.
    private func symbol(_ part: String, in binary: String) throws -> Range<UInt64> {
        let result = try run("/usr/bin/nm", ["--defined-only", "-S", binary], deadline: 60)
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains(part) }, "no \(part) in \(binary)")
        let fields = line.split(separator: " ").compactMap { UInt64($0, radix: 16) }
        try #require(fields.count >= 2, "\(line)")
        return fields[0] ..< fields[0] + max(fields[1], 1)
    }

    /// Linux 6.7 brought the asynchronous write-protection that turns fault-around off.
    private var kernelHasAsyncWriteProtect: Bool {
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let parts = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        return parts.count == 2 && (parts[0], parts[1]) >= (6, 7)
    }

    @Test func whileTheQuestionWaitsStartUpCodeIsGoneAndOnlyTouchedPagesCame() throws {
        try X11.require()
        let binary = URL(fileURLWithPath: Products.beckon).resolvingSymlinksInPath().path
        let process = try RunningProcess(binary, ["--question", "--text", "Only what runs?"])
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "no window")
        let mapped = try mappings(of: process.pid, path: binary)
        let base = try #require(mapped.first { $0.offset == 0 }?.start, "no mapping of \(binary)")

        // Exact faults: every segment registered, so no fault-around ("uw":
        // userfaultfd write-protect tracking), where the kernel can.
        if kernelHasAsyncWriteProtect {
            #expect(!mapped.isEmpty && mapped.allSatisfy { $0.flags.contains("uw") },
                    "\(mapped.map { "\(String($0.start, radix: 16)) \($0.flags)" })")
            let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.pid)/fd")
            #expect(descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(
                atPath: "/proc/\(process.pid)/fd/\($0)")) == "anon_inode:[userfaultfd]" })
        }
        // Start-up code given back: the option parser ran before the window and
        // is not resident; the release itself ran after its own madvise, and is.
        let parser = try symbol("12ZenityParserO5parse_11environment7program", in: binary)
        let release = try symbol("beckon_executable_release_startup_code", in: binary)
        #expect(try !isResident(process.pid, base + parser.lowerBound), "the option parser's page is still resident")
        let releasePages = stride(from: (base + release.lowerBound) & ~4095, to: base + release.upperBound, by: 4096)
        #expect(try releasePages.contains { try isResident(process.pid, $0) }, "the release's own code was not faulted back")

        try Xdotool.focus(window, thenKey: ["Return"])
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
    }
}
