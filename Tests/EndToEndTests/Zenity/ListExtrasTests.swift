import BeckonTestSupport
import Foundation
import Testing

/// `--list` beyond zenity: `--json` with row indices, and input that zenity
/// mishandles or that no table of cases can give (a closed stdin, one that
/// never ends, /dev/zero, a writer killed mid-line, a huge line, bytes that
/// are not UTF-8, 100,000 rows), each with a clear message and exit code.
@Suite(.serialized, .guiHangLimit) struct ListExtrasTests {
    /// beckon through a shell command line (`$BECKON` is beckon), for stdin
    /// redirections; the shell execs beckon, so its window is the process's.
    private func shell(_ command: String, _ answer: DialogRun.Answer = .none, deadline: Double = 15) throws
        -> ProcessResult {
        try X11.require()
        let environment = ZenityCase.baseEnvironment.merging(["BECKON": Products.beckon]) { $1 }
        let result = try DialogRun.run("/bin/bash", ["-c", command], answer: answer, environment: environment,
                                       deadline: deadline)
        #expect(!result.timedOut, "\(result)")
        return result
    }

    private func withStdin(_ arguments: [String], _ stdin: Data, _ answer: DialogRun.Answer) throws -> ProcessResult {
        try X11.require()
        let result = try DialogRun.run(Products.beckon, ["--list"] + arguments, answer: answer,
                                       environment: ZenityCase.baseEnvironment, stdin: stdin, waitsForInput: true,
                                       deadline: 15)
        #expect(!result.timedOut, "\(result)")
        return result
    }

    @Test func jsonGivesTheValuesAndTheRowIndices() throws {
        let args = ["--list", "--json", "--multiple", "--column=A", "--column=B", "a", "1", "b", "2", "c", "3"]
        let ok = try beckon(args, .clicks([DialogRun.Point(40, 70), DialogRun.Point(40, 110, holding: "ctrl")],
                                          then: ["Tab", "Tab", "Return"]))
        #expect(ok.exitCode == 0)
        #expect(ok.stdout == #"{"format":1,"kind":"list","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"#
                + #""value":["a","c"],"indices":[0,2]}"# + "\n")
        let timedOut = try beckon(["--list", "--json", "--column=A", "a", "b", "--timeout=2"], .keys(["Down"]))
        #expect(timedOut.exitCode == 5)
        #expect(timedOut.stdout.hasSuffix(#""exit_code":5,"value":["b"],"indices":[1]}"# + "\n"), "\(timedOut)")
        let escape = try beckon(["--list", "--json", "--column=A", "a", "b"], .keys(["Down", "Escape"]))
        #expect(escape.stdout.hasSuffix(#""value":null,"indices":null}"# + "\n"), "\(escape)")
    }

    @Test func indicesAreTheRowsAsGivenAfterSortingByAHeader() throws {
        // A click on the header sorts the rows by that column: "c" comes first.
        let sorted = try beckon(["--list", "--json", "--column=Letter", "c", "a", "b"],
                                .clicks([DialogRun.Point(30, 45), DialogRun.Point(40, 70)], then: ["Tab", "Tab", "Return"]))
        let answer = try json(sorted)
        #expect(answer["value"] as? [String] == ["a"], "\(sorted)")
        #expect(answer["indices"] as? [Int] == [1], "\(sorted)")
    }

    @Test func aClosedStdinIsAnErrorNotRowsFromTheDisplay() throws {
        let result = try shell(#"exec "$BECKON" --list --column=A <&-"#)
        #expect(result.exitCode == 255)
        #expect(result.stderr.contains("standard input is closed"), "\(result)")
        // With the rows as arguments stdin is never read.
        let rows = try shell(#"exec "$BECKON" --list --column=A a b <&-"#, .keys(["Down", "Return"]))
        #expect(rows.exitCode == 0 && rows.stdout == "b\n", "\(rows)")
    }

    @Test func aDirectoryAsStdinIsAnError() throws {
        let result = try shell(#"exec "$BECKON" --list --column=A < /"#)
        #expect(result.exitCode == 255)
        #expect(result.stderr.contains("standard input is a directory"), "\(result)")
    }

    @Test func devZeroCannotHangTheTimeoutOrGrowMemory() throws {
        let result = try shell(#"exec "$BECKON" --list --column=A --timeout=2 < /dev/zero"#)
        #expect(result.exitCode == 5)
        let warnings = result.stderr.components(separatedBy: "longer than 65536 bytes").count - 1
        #expect(warnings == 1, "\(result)")
    }

    @Test func aStdinThatNeverEndsStillTimesOut() throws {
        // The writer adds a row every 0.1 s until beckon is gone.
        let writer = #"i=0; while i=$((i+1)); printf 'r%d\n' $i 2>/dev/null; do sleep 0.1; done"#
        let result = try shell(#"exec "$BECKON" --list --column=A --timeout=2 < <("# + writer + ")")
        #expect(result.exitCode == 5, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        let answered = try shell(#"exec "$BECKON" --list --column=A < <("# + writer + ")", .keys(["space", "Return"]))
        #expect(answered.exitCode == 0 && answered.stdout == "r1\n", "\(answered)")
    }

    @Test func aWriterKilledMidLineLeavesItsPartialLine() throws {
        let result = try shell(#"exec "$BECKON" --list --column=A < <(printf 'a\nhal'; kill -9 $BASHPID)"#,
                               .keys(["Down", "Return"]))
        #expect(result.exitCode == 0)
        #expect(result.stdout == "hal\n", "\(result)")
    }

    @Test func aHugeLineIsCutWithAWarning() throws {
        let huge = Data(String(repeating: "x", count: 200_000).utf8) + Data("\nb\n".utf8)
        let result = try withStdin(["--column=A"], huge, .keys(["space", "Return"]))
        #expect(result.exitCode == 0)
        #expect(result.stdout == String(repeating: "x", count: 65_536) + "\n")
        #expect(result.stderr.contains("longer than 65536 bytes; it was cut there"), "\(result.stderr)")
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharactersWithOneWarning() throws {
        let bytes = Data([0x61, 0xFF, 0x62, 0x0A, 0xC3, 0x28, 0x0A, 0x6F, 0x6B, 0x0A])
        let result = try withStdin(["--column=A", "--json", "--print-column=1"], bytes, .keys(["space", "Return"]))
        #expect(result.exitCode == 0)
        #expect(try json(result)["value"] as? [String] == ["a\u{FFFD}b"])
        let warnings = result.stderr.components(separatedBy: "is not valid UTF-8").count - 1
        #expect(warnings == 1, "\(result.stderr)")
    }

    @Test func aHundredThousandRowsFromStdin() throws {
        let rows = Data((1...100_000).map { "\($0)\n" }.joined().utf8)
        let result = try withStdin(["--column=N"], rows, .keys(["End", "Return"]))
        #expect(result.exitCode == 0)
        #expect(result.stdout == "100000\n")
    }
}
