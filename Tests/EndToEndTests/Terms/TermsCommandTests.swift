import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms` without a person: errors, the record commands, and the
/// record file under many writers and under kill -9.
@Suite(.guiHangLimit) struct TermsCommandTests {
    @Test func noDisplayIsAClearErrorWithExit255() throws {
        let fixture = try TermsFixture()
        // --no-tty: a test run from a terminal would otherwise ask there.
        let result = try fixture.run(["--file", TermsFixture.sample, "--no-tty"],
                                     environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("DISPLAY"))
    }

    @Test func aMissingFileIsAClearErrorWithExit255() throws {
        let fixture = try TermsFixture()
        let missing = fixture.root.appendingPathComponent("nope.md").path
        let result = try fixture.run(["--file", missing])
        #expect(result.exitCode == 255)
        #expect(result.stderr.contains("nope.md"))
        #expect(result.stderr.contains("No such file"))
    }

    @Test func emptyTermsAndBadOptionsAreErrors() throws {
        let fixture = try TermsFixture()
        let empty = try fixture.file("empty.md", Data())
        #expect(try fixture.run(["--file", empty]).exitCode == 255)
        let unknown = try fixture.run(["--frobnicate"])
        #expect(unknown.exitCode == 255)
        #expect(unknown.stderr.contains("--frobnicate"))
        #expect(try fixture.run(["--once", "--file", empty]).stderr.contains("--once needs --id"))
        #expect(try fixture.run(["--timeout", "soon"]).exitCode == 255)
    }

    /// `--test-answer accept` once recorded an acceptance with no window: the
    /// product itself could forge consent. The hooks live in BeckonTermsHarness now.
    @Test func testHooksAreUnknownOptionsOfTheProduct() throws {
        let fixture = try TermsFixture()
        for hook in [["--test-answer", "accept"], ["--test-answer=accept"], ["--test-pause-mid-write"]] {
            let result = try fixture.run(["--file", TermsFixture.sample, "--id", "org.beckon.forged"] + hook,
                                         environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
            #expect(result.exitCode == 255, "\(hook): \(result)")
            #expect(result.stderr.contains("unknown option \(hook[0].prefix { $0 != "=" })"), "\(hook): \(result)")
            #expect(!FileManager.default.fileExists(atPath: fixture.recordFile), "\(hook) recorded: \(result)")
        }
    }

    @Test func helpListsTheOptionsAndExitsZero() throws {
        let result = try TermsFixture().run(["--help"])
        #expect(result.exitCode == 0)
        for option in ["--file", "--checkbox", "--no-require-scroll", "--id", "--version", "--once", "--status", "--revoke", "--json", "--timeout"] {
            #expect(result.stdout.contains(option), "\(option) missing from --help")
        }
    }

    @Test func statusPrintsTheRecordAndRevokeRemovesIt() throws {
        let fixture = try TermsFixture()
        let id = ["--id", "org.beckon.status"]
        #expect(try fixture.run(["--status"] + id).exitCode == 1)

        let accepted = try fixture.run(answering: .accept, ["--file", TermsFixture.sample, "--version", "7"] + id)
        #expect(accepted.exitCode == 0, "\(accepted)")

        let status = try fixture.run(["--status", "--json"] + id)
        #expect(status.exitCode == 0)
        let record = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        #expect(record?["version"] as? String == "7")
        #expect(record?["sha256"] as? String == (try TermsFixture.sha256(TermsFixture.sample)))
        #expect((record?["accepted_at"] as? String)?.hasSuffix("Z") == true)
        #expect(try fixture.run(["--status"] + id).stdout.contains("version: 7"))

        #expect(try fixture.run(["--revoke"] + id).exitCode == 0)
        #expect(try fixture.run(["--status"] + id).exitCode == 1)
        #expect(try fixture.run(["--revoke"] + id).exitCode == 1)
    }

    @Test func twentyConcurrentProcessesLeaveTwentyIntactRecords() throws {
        let fixture = try TermsFixture()
        let processes = try (0..<20).map { i in
            try fixture.start(answering: .accept, ["--file", TermsFixture.sample, "--id", "org.beckon.p\(i)"])
        }
        let results = processes.map { $0.wait(deadline: 30) }
        #expect(results.allSatisfy { $0.exitCode == 0 }, "\(results.filter { $0.exitCode != 0 })")
        let records = try fixture.records()
        #expect(Set(records.compactMap { $0["id"] as? String }) == Set((0..<20).map { "org.beckon.p\($0)" }))
        let digest = try TermsFixture.sha256(TermsFixture.sample)
        #expect(records.allSatisfy { $0["sha256"] as? String == digest })
    }

    /// A record file of `count` filler records, so writes take a while.
    private func seed(_ fixture: TermsFixture, count: Int) throws -> String {
        let directory = fixture.stateHome + "/beckon"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let filler = (0..<count).map { i in
            ["id": "org.filler.\(i)", "version": "1", "sha256": String(repeating: "f", count: 64),
             "accepted_at": "2026-01-01T00:00:00Z", "user": "filler"]
        }
        let seed = try JSONSerialization.data(withJSONObject: ["format": 1, "records": filler])
        try seed.write(to: URL(fileURLWithPath: fixture.recordFile))
        return directory
    }

    private func temporaries(_ directory: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".consents.json.") })
    }

    /// The process state letter from /proc (R, S, T for stopped, …).
    private func state(of pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].first
    }

    @Test func killNineHalfwayThroughAWriteLeavesTheOldFile() throws {
        let fixture = try TermsFixture()
        let directory = try seed(fixture, count: 2_000)
        let old = try Data(contentsOf: URL(fileURLWithPath: fixture.recordFile))

        // The writer stops itself with half the new file written, then dies.
        let process = try fixture.start(answering: .accept, ["--file", TermsFixture.sample, "--id", "org.beckon.killed"],
                                        pauseMidWrite: true)
        let reached = try poll("the writer to stop in the middle of its write (state T)", seconds: 20, every: 0.005) {
            (state: state(of: process.pid), running: process.process.isRunning)
        } until: { $0.state == "T" || !$0.running }
        #expect(reached.state == "T", "the writer never reached the middle of its write: \(reached), \(process.wait(deadline: 5))")
        let partial = try temporaries(directory)
        #expect(partial.count == 1, "no half-written temporary file")
        kill(process.pid, SIGKILL)
        #expect(process.wait(deadline: 10).exitCode == 9)

        // The old file, byte for byte; the half-written one never replaced it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.recordFile)) == old)
        #expect(try fixture.records().count == 2_000)
        // The next writer clears the leftover and adds its record.
        #expect(try fixture.run(answering: .accept, ["--file", TermsFixture.sample, "--id", "org.beckon.next"]).exitCode == 0)
        #expect(try temporaries(directory).isEmpty)
        #expect(try fixture.records().count == 2_001)
    }

    @Test func killNineAtRandomMomentsNeverBreaksTheFile() throws {
        let fixture = try TermsFixture()
        let directory = try seed(fixture, count: 2_000)
        func accept(_ id: String) throws -> RunningProcess {
            try fixture.start(answering: .accept, ["--file", TermsFixture.sample, "--id", id])
        }
        // How long one whole acceptance takes here; the kills are spread over that.
        let started = Date()
        #expect(try accept("org.beckon.baseline").wait(deadline: 30).exitCode == 0)
        var span = Date().timeIntervalSince(started) * 1.2
        var count = 2_001
        var killed = 0
        var random = SeededRandom("killNineAtRandomMomentsNeverBreaksTheFile")
        for round in 0..<20 {
            let process = try accept("org.beckon.kill\(round)")
            let delay = Double.random(in: 0...span, using: &random)
            usleep(UInt32(delay * 1_000_000))
            kill(process.pid, SIGKILL)
            if process.wait(deadline: 10).exitCode == 9 {
                killed += 1
            } else {
                // It was done within `delay`: the first acceptance (a cold
                // start, or a busy machine then) overstated how long one
                // takes, so the later kills come within this one's time.
                span = min(span, delay)
            }

            let records = try fixture.records() // throws if the file is broken
            #expect(records.count == count || records.count == count + 1,
                    "round \(round), killed after \(delay) s (seed \(random.seed)): \(records.count) records")
            if records.count == count + 1 { count += 1 }
        }
        #expect(killed > 0, "every writer finished before its kill (seed \(random.seed), span \(span) s)")
        #expect(try accept("org.beckon.after").wait(deadline: 30).exitCode == 0)
        #expect(try temporaries(directory).isEmpty)
        #expect(try fixture.records().count == count + 1)
    }
}
