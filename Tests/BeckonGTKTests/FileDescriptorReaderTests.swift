import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestSupport
import CGtk
import Foundation
import Glibc
import Testing

/// The reader on GTK's loop against real descriptors: a pipe, a closed
/// descriptor, a directory, and a stop from inside a delivery.
@Suite(.serialized, .guiHangLimit) struct FileDescriptorReaderTests {
    /// What a reader delivered before it ended.
    final class Received: @unchecked Sendable { // touched only on GTK's thread, read after the end
        var bytes: [UInt8] = []
        var chunks = 0
        var end: FileDescriptorReader.End?
    }

    /// Reads `fd` to its end (or until `stopAfter` bytes) and returns what came.
    private func readAll(_ fd: Int32, stopAfter: Int? = nil) async -> Received? {
        let received = Received()
        return await withDeadline(10, "reader on fd \(fd)") {
            await withCheckedContinuation { (continuation: CheckedContinuation<Received, Never>) in
                Task { @GtkActor in
                    let reader = FileDescriptorReader(fileDescriptor: fd, chunkSize: 4096)
                    reader.start(onData: { chunk in
                        received.bytes.append(contentsOf: chunk)
                        received.chunks += 1
                        if let stopAfter, received.bytes.count >= stopAfter {
                            reader.stop()
                            continuation.resume(returning: received)
                        }
                    }, onEnd: { end in
                        received.end = end
                        continuation.resume(returning: received)
                    })
                }
            }
        }
    }

    @Test func aPipeIsReadToItsEndInChunks() async throws {
        try GtkTestLoop.require()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let payload = [UInt8]((0..<20_000).map { UInt8(truncatingIfNeeded: $0) })
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let writer = Thread {
            payload.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let n = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
                    if n <= 0 { break }
                    offset += n
                }
            }
            close(writeEnd)
        }
        writer.start()
        let received = try #require(await readAll(readEnd))
        close(readEnd)
        #expect(received.end == .endOfInput)
        #expect(received.bytes == payload)
        #expect(received.chunks >= 5) // 4096 bytes at most per turn of the loop
    }

    @Test func aClosedDescriptorEndsWithEBADF() async throws {
        try GtkTestLoop.require()
        let fd = open("/dev/null", O_RDONLY)
        close(fd)
        let received = try #require(await readAll(fd))
        #expect(received.end == .failed(errno: EBADF))
        #expect(received.bytes.isEmpty)
    }

    @Test func aDirectoryEndsWithEISDIR() async throws {
        try GtkTestLoop.require()
        let fd = open("/", O_RDONLY)
        defer { close(fd) }
        let received = try #require(await readAll(fd))
        #expect(received.end == .failed(errno: EISDIR))
    }

    @Test func stopInsideADeliveryEndsItWithoutAnEnd() async throws {
        try GtkTestLoop.require()
        let fd = open("/dev/zero", O_RDONLY)
        defer { close(fd) }
        let received = try #require(await readAll(fd, stopAfter: 10_000))
        #expect(received.end == nil)
        #expect(received.bytes.count == 12_288) // three whole chunks, then nothing more
    }
}
