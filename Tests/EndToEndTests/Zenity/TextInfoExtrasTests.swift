import Foundation
import BeckonTestSupport
import Testing

/// `--text-info` beyond zenity and where input goes wrong: `--json`, HTML
/// through WebKit, and stdin or files that are closed, endless, FIFOs,
/// directories or huge. Each ends with a clear line on stderr and a
/// documented exit code, never a hang.
@Suite(.serialized, .guiHangLimit) struct TextInfoExtrasTests {
    typealias F = TextInfoFixtures

    /// beckon through `sh -c SCRIPT` with `$0` = beckon, so a test can close
    /// or redirect stdin as a script would.
    private func shell(_ script: String, _ arguments: String..., answer: DialogRun.Answer) throws -> ProcessResult {
        try X11.require()
        let result = try DialogRun.run("/bin/sh", ["-c", script, Products.beckon] + arguments, answer: answer,
                                       environment: ZenityCase.baseEnvironment, deadline: 20)
        #expect(!result.timedOut, "\(result)")
        return result
    }

    @Test func jsonCarriesTheEditedText() throws {
        try X11.require()
        let ok = try DialogRun.run(Products.beckon, ["--text-info", "--editable", "--json"],
                                   answer: .type("!", then: ["ctrl+Tab", "Tab", "Return"]),
                                   environment: ZenityCase.baseEnvironment, stdin: Data("say \"hi\"\n".utf8),
                                   deadline: 15)
        #expect(ok.exitCode == 0)
        #expect(try json(ok)["value"] as? String == "say \"hi\"\n!")
        let readOnly = try beckon(["--text-info", "--json", "--filename=\(F.twoLines)"], .keys(["Return"]))
        #expect(try json(readOnly)["button"] as? String == "ok" && json(readOnly)["value"] is NSNull)
    }

    @Test func aClosedStdinIsSaidAndTheDialogStillAnswers() throws {
        let result = try shell(#"exec "$0" --text-info --timeout=1 <&-"#, answer: .none)
        #expect(result.exitCode == 5)
        #expect(result.stderr.contains("standard input is closed"), "\(result)")
    }

    /// A writer that keeps stdin open and never writes again: the timeout
    /// still ends the dialog, with the text that came.
    @Test func aStdinThatNeverEndsDoesNotHoldTheTimeout() throws {
        let fifo = F.directory.appendingPathComponent("never-ends").path
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        // Read-write: a writer that exists and never closes, without blocking this open.
        let holder = open(fifo, O_RDWR)
        defer { close(holder); unlink(fifo) }
        _ = "first\n".withCString { write(holder, $0, 6) }
        let started = Date()
        let result = try shell(#"exec "$0" --text-info --editable --timeout=2 < "$1""#, fifo, answer: .none)
        #expect(result.exitCode == 5 && result.stdout == "first\n", "\(result)")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func aFIFONobodyWritesDoesNotHangTheOpen() throws {
        let fifo = F.directory.appendingPathComponent("nobody-writes").path
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let result = try beckon(["--text-info", "--filename=\(fifo)", "--timeout=1"], .none)
        #expect(result.exitCode == 5, "\(result)")
    }

    /// Was a warning over an empty window, as in zenity; now an error before
    /// any window (docs/cli.md, the `--text-info` input table).
    @Test func aDirectoryIsAnErrorBeforeAnyWindow() throws {
        let result = try beckon(["--text-info", "--filename=\(F.directory.path)"], .keys(["Escape"]))
        #expect(result.exitCode == 255)
        #expect(result.stderr == "beckon: --filename: Cannot open file '\(F.directory.path)': it is a directory\n",
                "\(result)")
    }

    /// The keys would answer any window (Return: OK, exit 0), so 255 and the
    /// one line on stderr mean none was shown; with --json the error is on
    /// stdout too. ZENITY_ERROR sets the code, as for the other input refused.
    @Test func aMissingFilenameIsAnErrorBeforeAnyWindow() throws {
        let result = try beckon(["--text-info", "--checkbox=I agree", "--filename=\(F.missing)"], .keys(["Return"]))
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "beckon: --filename: Cannot open file '\(F.missing)': No such file or directory\n",
                "\(result)")
        let json = try beckon(["--text-info", "--json", "--filename=\(F.missing)"], env: ["ZENITY_ERROR": "3"],
                              .keys(["Return"]))
        #expect(json.exitCode == 3, "\(json)")
        #expect(json.stdout.contains(#""ended":"error""#), "\(json)")
    }

    /// /dev/zero and a 1 GB file (sparse: all zeros) never fill memory: the
    /// dialog answers at once, and stops reading at the documented limit.
    @Test(arguments: ["/dev/zero", "sparse"])
    func endlessOrHugeInputStillAnswers(_ which: String) throws {
        var path = which
        if which == "sparse" {
            path = F.directory.appendingPathComponent("one-gigabyte.bin").path
            #expect(truncate(path, 0) == 0 || creat(path, 0o600) >= 0)
            #expect(truncate(path, 1 << 30) == 0)
        }
        defer { if which == "sparse" { unlink(path) } }
        let result = try beckon(["--text-info", "--filename=\(path)"], .keys(["Escape"]))
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("not valid UTF-8"), "\(result)")
    }

    @Test func aHugeTextFileStopsAtTheLimitWithAWarning() throws {
        let path = F.directory.appendingPathComponent("forty-megabytes.txt").path
        let line = Array(String(repeating: "0123456789", count: 10).utf8) + [0x0A]
        let block = [UInt8]((0..<10_000).flatMap { _ in line })
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        for _ in 0..<40 { handle.write(Data(block)) } // 40 × 1.01 MB
        try handle.close()
        defer { unlink(path) }
        let result = try DialogRun.run(Products.beckon, ["--text-info", "--filename=\(path)", "--timeout=10"],
                                       answer: .none, environment: ZenityCase.baseEnvironment, deadline: 30)
        #expect(!result.timedOut && result.exitCode == 5, "\(result)")
        #expect(result.stderr.contains("is longer than 32 MiB: the rest is not shown"), "\(result)")
    }

    /// WebKit paints the page, and its script does not run: the page's green
    /// background fills most of the window, where the script would paint it
    /// black. From a file and from a file:// URL. Out of this process, read
    /// back from the X server (WebKit loaded into the test runner aborts it at
    /// exit).
    @Test(arguments: ["--filename", "--url"])
    func htmlIsPaintedWithoutScripts(_ option: String) throws {
        try X11.require()
        let importTool = try #require(which("import"), "ImageMagick's import is missing (apt-get install imagemagick)")
        let page = TextInfoFixtures.file("green.html", Array(("<html><body style='background:#00ff00'>"
            + "<h1>HELLO</h1><script>document.body.style.background = 'black'</script></body></html>").utf8))
        let argument = option == "--url" ? "--url=file://\(page)" : "--filename=\(page)"
        let process = try RunningProcess(Products.beckon, ["--text-info", "--html", argument, "--timeout=30"],
                                         environment: ZenityCase.baseEnvironment)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "no window")
        try poll("the page's green on screen", seconds: 15, { try Self.greenShare(of: window, importTool) },
                 until: { $0 > 0.3 })
        try Xdotool.focus(window, thenKey: ["Return"])
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
    }

    /// The share of `window`'s pixels that are pure green.
    static func greenShare(of window: String, _ importTool: String) throws -> Double {
        guard let picture = try WindowPicture.capture(window, importTool: importTool), !picture.pixels.isEmpty else { return 0 }
        let green = stride(from: 0, to: picture.pixels.count, by: 3).filter { i in
            picture.pixels[i] < 40 && picture.pixels[i + 1] > 215 && picture.pixels[i + 2] < 40
        }.count
        return Double(green) / Double(picture.width * picture.height)
    }

    /// HTML through WebKit, loaded only for --html: a local file and a file://
    /// URL show (the window maps and answers), and --url keeps a scheme it is given.
    @Test func htmlFromAFileAndAFileURL() throws {
        let page = TextInfoFixtures.file("page.html", Array("<h1>Hello</h1><p><a href='https://example.org'>x</a></p>".utf8))
        let fromFile = try beckon(["--text-info", "--html", "--filename=\(page)"], .keys(["Return"]))
        #expect(fromFile.exitCode == 0, "\(fromFile)")
        let fromURL = try beckon(["--text-info", "--html", "--url=file://\(page)", "--no-interaction"],
                                 .keys(["Escape"]))
        #expect(fromURL.exitCode == 1, "\(fromURL)")
        #expect(!fromURL.stderr.contains("CRITICAL"), "\(fromURL)")
    }
}
