import BeckonTestSupport
import Foundation
import Testing

/// `beckon --progress` alone: bad input, `--json`, and `--kill-writers` in a
/// real pipeline, where zenity has nothing to compare with.
@Suite(.serialized, .guiHangLimit) struct ProgressExtrasTests {
    /// Runs `script` with `sh -c`, "$BECKON" being beckon; answers the window
    /// titled `title` when `answer` is not `.none`.
    private func shell(_ script: String, title: String? = nil, _ answer: DialogRun.Answer = .none,
                       deadline: Double = 15) throws -> ProcessResult {
        try X11.require()
        let env = ZenityCase.baseEnvironment.merging(["BECKON": Products.beckon]) { $1 }
        let result = try DialogRun.run("/bin/sh", ["-c", script], answer: answer, environment: env,
                                       windowName: title.map { "^\($0)$" }, deadline: deadline)
        #expect(!result.timedOut, "\(result)")
        return result
    }

    @Test func aClosedStdinIsAnErrorNotAWindowThatNeverEnds() throws {
        let result = try shell(#""$BECKON" --progress --auto-close <&-"#)
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("stdin is closed"), "\(result)")
        let overridden = try shell(#"ZENITY_ERROR=7 "$BECKON" --progress <&-"#)
        #expect(overridden.exitCode == 7, "\(overridden)")
    }

    @Test func devZeroIsReadWithFlatMemoryUntilTheTimeout() throws {
        let result = try shell(#""$BECKON" --progress --auto-close --timeout=1 </dev/zero"#)
        #expect(result.exitCode == 5, "\(result)")
        #expect(result.stderr.contains("longer than 65536 bytes"), "\(result)")
    }

    @Test func aDirectoryAsStdinIsAnEndOfInputWithAWarning() throws {
        let result = try shell(#""$BECKON" --progress --auto-close </"#)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("cannot read stdin (Is a directory)"), "\(result)")
    }

    @Test func aWriterKilledMidLineLeavesAPartialLineAndAnEnd() throws {
        let result = try shell(#"sh -c 'printf "30\n#half a li"; kill -KILL $$' | "$BECKON" --progress --auto-close"#)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.isEmpty && !result.stderr.contains("beckon"), "\(result)")
    }

    @Test func invalidUTF8InTextIsShownWithAWarning() throws {
        let result = try shell(#"printf '#caf\351\377\n100\n' | "$BECKON" --progress --auto-close"#)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("not valid UTF-8"), "\(result)")
    }

    @Test func jsonCarriesThePercentage() throws {
        let done = try shell(#"printf '40\n' | "$BECKON" --progress --auto-close --json"#)
        #expect(done.exitCode == 0)
        // It closed itself: no one pressed OK.
        #expect(done.stdout == #"{"format":1,"kind":"progress","ended":"auto-close","button":null,"index":null,"#
                + #""label":null,"exit_code":0,"value":100.0}"# + "\n", "\(done)")
        let escaped = try DialogRun.run(Products.beckon, ["--progress", "--json"], answer: .keys(["Escape"]),
                                        environment: ZenityCase.baseEnvironment, stdin: Data("40\n".utf8),
                                        keepStdinOpen: true, deadline: 15)
        #expect(escaped.exitCode == 1, "\(escaped)")
        #expect(escaped.stdout.contains(#""ended":"escape""#) && escaped.stdout.contains(#""value":null"#),
                "\(escaped)")
    }

    /// The work of a script, not only its shell: `sleep` stands for a long
    /// command that writes nothing for a while. In a script the writer shares
    /// the script's process group, so the writers are found by their pipe.
    @Test func killWritersStopsTheWorkInARealPipeline() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-progress-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let script = """
            { echo 10; echo '#copying'; sleep 30; touch '\(marker)'; echo 100; } |
              "$BECKON" --progress --kill-writers --title=progress-kill
            echo "dialog $?"
            """
        let start = Date()
        let result = try shell(script, title: "progress-kill", .keys(["Return"]), deadline: 20)
        #expect(result.stdout == "dialog 1\n", "\(result)")
        #expect(Date().timeIntervalSince(start) < 15, "the pipeline waited for its writer")
        #expect(!FileManager.default.fileExists(atPath: marker), "the writer ran on after Cancel")
    }
}
