import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms` on input that must not hang, crash or eat memory: endless
/// devices, huge files, directories, FIFOs and pipes nobody closes, numbers
/// too large for the clock, and a standard output that cannot be written.
/// Each case checks the message, the exit code, and that the process ended
/// by itself well before the runner's deadline.
@Suite(.guiHangLimit) struct TermsInputTests {
    /// No display: whatever ends these runs, it is not a window.
    static let noDisplay = ["DISPLAY": "", "WAYLAND_DISPLAY": ""]

    /// Runs `body`'s process and returns its result with the seconds it took.
    private func timed(_ body: () throws -> ProcessResult) rethrows -> (ProcessResult, Double) {
        let start = Date()
        let result = try body()
        return (result, Date().timeIntervalSince(start))
    }

    /// `beckon terms ARGS < input`, through sh so stdin can be any file.
    private func withStdin(_ fixture: TermsFixture, _ input: String, _ arguments: [String],
                           environment: [String: String] = [:], deadline: Double = 20) throws -> ProcessResult {
        try RunningProcess("/bin/sh", ["-c", #"exec "$0" terms "$@" < "$BECKON_TEST_STDIN""#, Products.beckon] + arguments,
                           environment: fixture.environment.merging(environment) { $1 }
                               .merging(["BECKON_TEST_STDIN": input]) { $1 })
            .wait(deadline: deadline)
    }

    /// A FIFO in the fixture, and a descriptor holding it open for writing
    /// (O_RDWR never waits for a reader), so readers see a pipe that never ends.
    private func heldFIFO(_ fixture: TermsFixture) throws -> (path: String, writer: Int32) {
        let path = fixture.root.appendingPathComponent("held.fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let writer = open(path, O_RDWR | O_CLOEXEC)
        try #require(writer >= 0, "cannot hold \(path) open")
        return (path, writer)
    }

    @Test func devZeroAsAFileIsRefusedAtTheLimit() throws {
        let fixture = try TermsFixture()
        let (result, seconds) = try timed { try fixture.run(["--file", "/dev/zero", "--timeout", "30"], deadline: 20) }
        #expect(!result.timedOut && result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("/dev/zero are larger than the limit of 16 MiB"), "\(result)")
        #expect(seconds < 10)
    }

    @Test func devZeroOnStandardInputIsRefusedAtTheLimit() throws {
        let fixture = try TermsFixture()
        let result = try withStdin(fixture, "/dev/zero", ["--timeout", "30"])
        #expect(!result.timedOut && result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("standard input are larger than the limit of 16 MiB"), "\(result)")
    }

    @Test func aGigabyteFileIsRefusedWithoutReadingIt() throws {
        let fixture = try TermsFixture()
        let path = try fixture.file("huge.md", Data("# Huge\n".utf8))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 1 << 30) // sparse: a gigabyte on no disk
        try handle.close()
        let (result, seconds) = try timed { try fixture.run(["--file", path], environment: Self.noDisplay) }
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("huge.md are larger than the limit of 16 MiB"), "\(result)")
        #expect(seconds < 5, "a refused file must not be read: \(seconds) s")
    }

    @Test func aDirectoryIsAClearError() throws {
        let fixture = try TermsFixture()
        let result = try fixture.run(["--file", fixture.root.path], environment: Self.noDisplay)
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("\(fixture.root.path): it is a directory, not a file"), "\(result)")
        let piped = try withStdin(fixture, fixture.root.path, [], environment: Self.noDisplay)
        #expect(piped.exitCode == 255, "\(piped)")
        #expect(piped.stderr.contains("standard input: it is a directory"), "\(piped)")
    }

    @Test func aFIFOWithNoWriterEndsAtTheTimeoutWithOnceAndNoDisplay() throws {
        let fixture = try TermsFixture()
        let fifo = fixture.root.appendingPathComponent("silent.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let (result, seconds) = try timed {
            try fixture.run(["--file", fifo, "--timeout", "1", "--once", "--id", "org.beckon.fifo", "--json"],
                            environment: Self.noDisplay, deadline: 15)
        }
        #expect(!result.timedOut && result.exitCode == 5, "\(result)")
        #expect(result.stdout == #"{"format":1,"kind":"terms","ended":"timeout","outcome":"timeout","exit_code":5}"# + "\n", "\(result)")
        #expect(result.stderr.contains("the timeout passed while the terms were still being read from \(fifo)"))
        #expect(seconds >= 0.9 && seconds < 5, "\(seconds) s")
    }

    @Test func aPipeHeldOpenEndsAtTheTimeout() throws {
        let fixture = try TermsFixture()
        let (fifo, writer) = try heldFIFO(fixture)
        defer { close(writer) }
        #expect(write(writer, "# Partial terms\n", 16) == 16) // some terms, and no end
        let (piped, seconds) = try timed {
            try withStdin(fixture, fifo, ["--timeout", "1", "--once", "--id", "org.beckon.pipe"],
                          environment: Self.noDisplay, deadline: 15)
        }
        #expect(!piped.timedOut && piped.exitCode == 5, "\(piped)")
        #expect(piped.stderr.contains("still being read from standard input"), "\(piped)")
        #expect(seconds < 5, "\(seconds) s")

        let asFile = try fixture.run(["--file", fifo, "--timeout", "1"], environment: Self.noDisplay, deadline: 15)
        #expect(!asFile.timedOut && asFile.exitCode == 5, "\(asFile)")
    }

    @Test func aFIFOWhoseWriterFinishesIsReadWhole() throws {
        let fixture = try TermsFixture()
        let fifo = fixture.root.appendingPathComponent("terms.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try fixture.start(answering: .accept, ["--file", fifo, "--id", "org.beckon.fifo",
                                                            "--timeout", "20", "--json"], environment: Self.noDisplay)
        // A non-blocking open for writing fails (ENXIO) until beckon has opened it to read.
        let writer = try poll("beckon to open the FIFO", seconds: 10) {
            open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        } until: { $0 >= 0 }
        #expect(write(writer, "# From a FIFO\n", 14) == 14)
        close(writer)
        let result = process.wait(deadline: 15)
        #expect(result.exitCode == 0, "\(result)")
        let copy = try fixture.file("copy.md", Data("# From a FIFO\n".utf8))
        #expect(try fixture.records().first?["sha256"] as? String == (try TermsFixture.sha256(copy)))
    }

    @Test func numbersTooLargeAreRefusedOrClamped() throws {
        let fixture = try TermsFixture()
        // --timeout is zenity's (a C int, 0 or less for none); --width and --height want more than 0.
        for (option, wanted) in [("--timeout", "needs a whole number of seconds"),
                                 ("--width", "needs a positive whole number"),
                                 ("--height", "needs a positive whole number")] {
            let result = try fixture.run([option, "99999999999999999999", "--file", TermsFixture.sample])
            #expect(result.exitCode == 255, "\(option): \(result)")
            #expect(result.stderr.contains("\(option) \(wanted)"), "\(option): \(result)")
        }
    }

    @Test func aTimeoutTooLargeForMillisecondsStillShowsTheWindow() throws {
        try X11.require()
        let fixture = try TermsFixture()
        // 9223372036854776 s, more milliseconds than an Int64 holds, died of SIGILL; --timeout is
        // zenity's C int now, so the largest it takes stands in (the watchdog's own tests hold the rest).
        let process = try fixture.start(["--file", TermsFixture.sample, "--timeout", "2147483647"])
        _ = try TermsInput.window(of: process)
        try Xdotool.key("Escape")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 1, "\(result)")
    }

    // MARK: - Writing the answer

    /// Runs `beckon terms ARGS` with stdout on `output` (which it closes in the
    /// parent); through BeckonTermsHarness with an `answer`.
    private func run(_ fixture: TermsFixture, _ arguments: [String], answering answer: TermsFixture.Answer? = nil,
                     stdout output: FileHandle) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: answer == nil ? Products.beckon : Products.termsHarness)
        process.arguments = (answer.map { [$0.rawValue] } ?? ["terms"]) + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(fixture.environment) { $1 }
            .filter { $0.key != "DISPLAY" && $0.key != "WAYLAND_DISPLAY" }
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try output.close()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning && Date() < deadline { usleep(2000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return ProcessResult(exitCode: process.terminationStatus, stdout: "",
                             stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A pipe whose reader is already gone: a write gets EPIPE (or SIGPIPE).
    private func closedPipe() throws -> FileHandle {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        return pipe.fileHandleForWriting
    }

    @Test func aReaderGoneIsExit255AfterTheRecordIsWrittenWhole() throws {
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let accepted = try run(fixture, ["--file", terms, "--id", "org.beckon.pipe", "--json"], answering: .accept,
                               stdout: try closedPipe())
        #expect(accepted.exitCode == 255, "killed by a signal instead? \(accepted)")
        #expect(accepted.stderr.contains("cannot write the answer to standard output: Broken pipe"), "\(accepted)")
        #expect(try fixture.records().first?["sha256"] as? String == (try TermsFixture.sha256(terms)))

        let once = try run(fixture, ["--file", terms, "--id", "org.beckon.pipe", "--once", "--json"],
                           stdout: try closedPipe())
        #expect(once.exitCode == 255, "\(once)")
        #expect(once.stderr.contains("Broken pipe"), "\(once)")
        #expect(try fixture.records().count == 1)
    }

    @Test func aFullDiskIsExit255ForStatusAndRevoke() throws {
        let fixture = try TermsFixture()
        try fixture.run(answering: .accept, ["--file", TermsFixture.sample, "--id", "org.beckon.full"])
        let full = { try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")) }
        let status = try run(fixture, ["--status", "--id", "org.beckon.full", "--json"], stdout: try full())
        #expect(status.exitCode == 255, "\(status)")
        #expect(status.stderr.contains("cannot write the answer to standard output: No space left on device"))
        let plain = try run(fixture, ["--status", "--id", "org.beckon.full"], stdout: try full())
        #expect(plain.exitCode == 255, "\(plain)")
        let revoke = try run(fixture, ["--revoke", "--id", "org.beckon.full", "--json"], stdout: try full())
        #expect(revoke.exitCode == 255, "\(revoke)")
        #expect(try fixture.records().isEmpty, "the revoke itself went through")
    }
}
