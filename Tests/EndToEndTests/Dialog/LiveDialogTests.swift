import BeckonTestSupport
import Foundation
import Testing

/// `beckon dialog` on a real window: the command-file flow of a setup script,
/// JSON in, the exit codes of swiftDialog's table, and hostile command files,
/// each answered by real keys with stdout and the exit code checked.
@Suite(.serialized, .guiHangLimit) struct LiveDialogTests {
    /// The flow of swiftDialog's "Setup Your Mac" scripts: twenty rows moving
    /// through every status, progress with its text, the info box, and
    /// button 1 held until `button1: enable`; then a typed name and Return.
    @Test func setupFlowOfTwentyRowsAnsweredByRealKeys() throws {
        try X11.require()
        let rows = (1...20).map { "Step \($0)" }
        let run = try LiveDialogRun(["--title", "Setting up", "--message", "Installing **your** software",
                                     "--progress", "20", "--button1text", "Done", "--button1disabled",
                                     "--textfield", "Name,required"] + rows.flatMap { ["--listitem", $0] })
        let finals = ["success", "fail", "error", "pending"]
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            lines.append("listitem: index: \(index), status: wait, statustext: Waiting")
            lines.append("listitem: title: \(row), status: progress, progress: 50, statustext: Installing")
            lines.append("progresstext: \(row)")
            lines.append("progress: increment")
            lines.append("listitem: \(row): \(finals[index % finals.count])")
            lines.append("infobox: + \(row) done")
        }
        try run.send(lines)
        try run.settle()
        // Button 1 is enabled by the script; the empty required field still
        // holds it until a name is typed.
        try run.send(["button1: enable"])
        try run.settle("enabled")
        try run.keys("ctrl+a")
        try Xdotool.type("Ada")
        try run.keys("Return")
        let result = run.finish()
        #expect(result.exitCode == 0 && result.stdout == "Name : Ada\n", "\(result)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// JSON in, with every key type swiftDialog's "JSON Configuration" shows,
    /// and the answer out as JSON.
    @Test func jsonInWithEveryKeyTypeAndJSONOut() throws {
        try X11.require()
        let json = """
        {"title": "From JSON", "message": "Line one\\nLine two", "hideicon": true, "width": 600, "timer": 120,
         "button1text": "Continue", "button2": true,
         "textfield": ["Given", {"title": "Secret", "secure": true, "name": "pw", "value": "s3"}],
         "checkbox": [{"label": "Agree", "checked": true}, {"label": "Later"}],
         "selectitems": [{"title": "Colour", "values": ["red", "green"], "default": "green"}],
         "listitem": ["One", {"title": "Two", "status": "success"}], "json": true}
        """
        let run = try LiveDialogRun(["--title", "overridden", "--jsonstring", json])
        #expect(try run.title() == "From JSON")
        try run.keys("Return")
        let result = run.finish()
        let expected = """
        {
          "Given" : "",
          "pw" : "s3",
          "SelectedOption" : "green",
          "SelectedIndex" : 1,
          "Colour" : {
            "selectedValue" : "green",
            "selectedIndex" : 1
          },
          "Agree" : true,
          "Later" : false
        }

        """
        #expect(result.exitCode == 0 && result.stdout == expected, "\(result)")
    }

    struct Ending: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        /// Command-file lines sent once the window shows.
        var lines: [String] = []
        /// Keys pressed after them.
        var keys: [String] = []
        var exitCode: Int32
        var testDescription: String { name }
    }

    static let endings: [Ending] = [
        Ending(name: "Return is button 1", arguments: ["--message", "m"], keys: ["Return"], exitCode: 0),
        Ending(name: "Escape is button 2", arguments: ["--button2"], keys: ["Escape"], exitCode: 2),
        Ending(name: "quit: in the command file", arguments: [], lines: ["quit:"], exitCode: 5),
        Ending(name: "the timer", arguments: ["--timer", "1"], exitCode: 4),
        Ending(name: "Ctrl+Q, the quit key", arguments: [], keys: ["ctrl+q"], exitCode: 10),
        Ending(name: "Ctrl+X with --quitkey x", arguments: ["--quitkey", "x"], keys: ["ctrl+x"], exitCode: 10),
        Ending(name: "Beckon's --timeout", arguments: ["--timeout", "1"], exitCode: 4),
    ]

    @Test(arguments: endings) func endsWithSwiftDialogsExitCode(_ ending: Ending) throws {
        try X11.require()
        let run = try LiveDialogRun(ending.arguments)
        if !ending.lines.isEmpty { try run.send(ending.lines) }
        if !ending.keys.isEmpty { try run.keys(ending.keys.joined(separator: " ")) }
        let result = run.finish()
        #expect(!result.timedOut && result.exitCode == ending.exitCode, "\(result)")
    }

    /// Garbage, invalid UTF-8, a 10 MB line and 100,000 commands as fast as a
    /// file takes them: each bad line a warning naming it, the window still
    /// answering, memory bounded.
    @Test func hostileCommandFileNeverBlocksTheWindow() throws {
        try X11.require()
        let run = try LiveDialogRun(["--listitem", "Row", "--progress", "100000"])
        try run.send(["no colon here", "nosuch: value", "listitem: Missing: success"])
        try run.send(bytes: Array("message: caf".utf8) + [0xE9, 0xFF] + Array("\n".utf8))
        try run.send(bytes: Array("message: ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20) + [10])
        var flood = ""
        for index in 0..<100_000 { flood += index % 2 == 0 ? "progress: increment\n" : "listitem: Row: \(index)\n" }
        try run.send(bytes: Array(flood.utf8))
        try run.settle(seconds: 60)
        let peak = try String(contentsOfFile: "/proc/\(run.process.pid)/status", encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        try run.keys("Return")
        let result = run.finish()
        #expect(result.exitCode == 0, "\(result)")
        for expected in ["line 1: not a command", "line 2: unknown command 'nosuch'",
                         "line 3: listitem: no row titled 'Missing'", "line 4: not UTF-8",
                         "line 5: longer than 65536 bytes; ignored"] {
            #expect(result.stderr.contains(expected), "stderr lacks \(expected): \(result.stderr.prefix(2000))")
        }
        // A 10 MB line is never held whole, nor are 100,000 updates.
        #expect(peak > 0 && peak < 200 * 1024, "peak RSS \(peak) KiB")
    }

    @Test func aCommandFileOthersCanWriteIsRefused() throws {
        let directory = TestRunDirectory.make("live-dialog-refused")
        let path = directory + "/shared.log"
        try #require(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o666]),
                     "cannot create \(path)")
        try #require(chmod(path, 0o666) == 0, "cannot make \(path) mode 666")
        let result = try RunningProcess(Products.beckon, ["dialog", "--commandfile", path]).wait(deadline: 20)
        #expect(result.exitCode == 255, "\(result)")
        // The refusal teaches the fix: swiftDialog makes its file 0666
        // (DialogUpdatableContent.swift, commandFilePermissions), and scripts
        // written for it do too.
        #expect(result.stderr.contains("refused: other users can write to it (mode 666)"), "\(result)")
        #expect(result.stderr.contains("chmod go-w \(path)") && result.stderr.contains("Porting a swiftDialog script"),
                "\(result)")
    }

    struct Failure: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var exitCode: Int32
        var stderr: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let failures: [Failure] = [
        Failure(arguments: ["--titel", "x"], exitCode: 255, stderr: "--titel: not an option of beckon dialog Did you mean --title?"),
        Failure(arguments: ["--icon", "/nonexistent/icon.png"], exitCode: 201, stderr: "--icon /nonexistent/icon.png: image not found"),
        Failure(arguments: ["--jsonfile", "/nonexistent.json"], exitCode: 202, stderr: "--jsonfile /nonexistent.json: cannot be read"),
        Failure(arguments: ["--jsonstring", #"{"ontop": "often"}"#], exitCode: 255, stderr: #"JSON key "ontop": wants true or false, not a string"#),
        Failure(arguments: ["--width", "wide"], exitCode: 255, stderr: "--width: wants a whole number from 100 to 16384, not 'wide'"),
        // ProcessCLOptions.swift, processJSONString: "JSON import failed", 202.
        Failure(arguments: ["--jsonstring", #"{"title": }"#], exitCode: 202,
                stderr: "--jsonstring: not JSON: line 1, column 11: a value was expected after ':', found '}'"),
        // ProcessCLOptions.swift reads textfield with arrayValue: a string shows no field there.
        Failure(arguments: ["--jsonstring", #"{"textfield": "Name"}"#], exitCode: 255,
                stderr: #"JSON key "textfield": wants an array (of strings or objects), as in "textfield": ["…"], not a string"#),
    ]

    /// Errors before any window, each with its code and a message that says what.
    @Test(arguments: failures) func refusedBeforeAnyWindow(_ failure: Failure) throws {
        let result = try RunningProcess(Products.beckon, ["dialog"] + failure.arguments,
                                        environment: ["DISPLAY": ""]).wait(deadline: 20)
        #expect(result.exitCode == failure.exitCode && result.stderr == "beckon dialog: \(failure.stderr)\n", "\(result)")
    }

    /// Examples/SetupMachine (Swift) and Examples/setup-machine.sh (the
    /// command file): Continue answers only once every check ran, so Return
    /// is pressed until the program ends, and it ends with 0.
    @Test(arguments: ["swift", "shell"]) func theSetupExamplesAnswerOnceEveryCheckRan(_ kind: String) throws {
        try X11.require()
        let runtime = TestRunDirectory.make("live-dialog-example") + "/\(kind)"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let path = Products.directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let program = kind == "swift" ? Products.setupMachine
            : Products.packageRoot.appendingPathComponent("Examples/setup-machine.sh").path
        let process = try RunningProcess(program, [], environment: ["XDG_RUNTIME_DIR": runtime, "PATH": path])
        defer { if process.process.isRunning { kill(process.pid, SIGKILL) } }
        let window = try #require(try Xdotool.waitForWindow(name: "Set up this machine", seconds: 20, process: process),
                                  "no window: \(process.wait(deadline: 1))")
        try poll("Continue to answer Return", seconds: 30, every: 0.3, {
            try? Xdotool.focus(window, thenKey: ["Return"])
            return process.process.isRunning
        }, until: { !$0 })
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result)")
    }

    /// A writer that never stops (50 MB of commands, more than beckon reads in
    /// the time) holds neither `--timeout` nor the quit key back. The flood
    /// must reach the window (its title command is shown) and the writer must
    /// not have failed, or the test would pass without a flood at all; and the
    /// dialog must end within a few seconds of the timeout or the key, not
    /// once the flood has been read.
    @Test(arguments: ["--timeout", "quit key"]) func aFloodHoldsNeitherTheTimeoutNorTheQuitKey(_ way: String) throws {
        try X11.require()
        let timeout = 5
        let run = try LiveDialogRun(way == "--timeout" ? ["--timeout", "\(timeout)", "--progress", "100"] : ["--progress", "100"])
        let opened = ContinuousClock.now
        let flood = CommandFileFlood(path: run.commandFile,
                                     chunk: String(repeating: "progress: increment\ntitle: flooding\n", count: 2500),
                                     limit: 50 << 20)
        var stopped = false
        defer { if !stopped { _ = flood.stop() } }
        do {
            try poll("the flood's title on the window", seconds: Double(timeout - 1), { try? run.title() },
                     until: { $0 == "flooding" })
        } catch {
            let (written, failure) = flood.stop()
            stopped = true
            Issue.record("\(error); the writer wrote \(written) bytes\(failure.map { " and failed: \($0)" } ?? "")")
            return
        }
        let asked = ContinuousClock.now
        if way == "quit key" { try run.keys("ctrl+q") }
        let result = run.finish(deadline: 30)
        let ended = ContinuousClock.now
        let (written, failure) = flood.stop()
        stopped = true
        #expect(failure == nil, "the writer failed: \(failure ?? "")")
        #expect(written > 0, "the writer wrote nothing")
        #expect(!result.timedOut && result.exitCode == (way == "--timeout" ? 4 : 10), "\(result)")
        if way == "--timeout" {
            #expect(ended - opened < .seconds(timeout + 4), "ended \(ended - opened) after the window opened, timeout \(timeout) s")
        } else {
            #expect(ended - asked < .seconds(4), "ended \(ended - asked) after the quit key")
        }
    }

    /// `--blurscreen` covers every monitor with Beckon's shields, under the dialog.
    @Test func blurscreenCoversTheScreenWithShields() throws {
        try X11.require()
        let run = try LiveDialogRun(["--title", "Shielded", "--blurscreen"])
        let shields = try poll("a shield window", seconds: 10, { (try? Xdotool.search(["--name", "^beckon-shield$"])) ?? [] },
                               until: { !$0.isEmpty })
        let screen = try Xdotool.screenSize()
        let frame = try Xdotool.geometry(of: shields[0])
        #expect(frame.width == screen.width && frame.height == screen.height, "shield \(frame), screen \(screen)")
        // The dialog keeps the focus over its shields: the key goes to it unaimed.
        try Xdotool.key("Return")
        #expect(run.finish().exitCode == 0)
    }

    /// swiftDialog's #124: a text field added by a command while the dialog is
    /// shown, typed into, beside a searchable select list chosen by typing.
    @Test func anInputAddedByACommandAndASearchableSelect() throws {
        try X11.require()
        let run = try LiveDialogRun(["--selecttitle", "Site,searchable", "--selectvalues", "Berlin,Tokyo"])
        try run.send(["textfield: Asset tag,required"])
        try run.settle()
        try run.keys("Tab")
        try Xdotool.type("A-1")
        try Xdotool.key("Tab")
        try Xdotool.type("Tokyo")
        // The first Return may take the completion's suggestion; the next is button 1.
        try poll("Return to answer", seconds: 15, every: 0.3, {
            try? Xdotool.key("Return")
            return run.process.process.isRunning
        }, until: { !$0 })
        let result = run.finish()
        #expect(result.exitCode == 0 && result.stdout == """
        Asset tag : A-1
        "SelectedOption" : "Tokyo"
        "SelectedIndex" : 1
        "Site" : "Tokyo"
        "Site" index : "1"

        """, "\(result)")
    }

    /// swiftDialog's "Authorization" page: with the SHA-256 of a secret stored
    /// (here in beckon/dialog.conf of $XDG_CONFIG_DIRS), a dialog without the
    /// secret ends with 30 before any window; `--checksum` makes the hash.
    @Test func anAuthorisationKeyMismatchIs30() throws {
        let directory = TestRunDirectory.make("live-dialog-key")
        try FileManager.default.createDirectory(atPath: directory + "/beckon", withIntermediateDirectories: true)
        let checksum = try RunningProcess(Products.beckon, ["dialog", "--checksum", "password"]).wait(deadline: 20)
        #expect(checksum.exitCode == 0 && checksum.stdout == "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8\n",
                "\(checksum)")
        try "[Dialog]\nAuthorisationKey=\(checksum.stdout)".write(toFile: directory + "/beckon/dialog.conf", atomically: true, encoding: .utf8)
        for (arguments, environment) in [(["--key", "guess"], [:]), ([], ["DIALOG_AUTH_KEY": "guess"]), ([], [:])] {
            let result = try RunningProcess(Products.beckon, ["dialog", "--title", "Keyed"] + arguments,
                                            environment: environment.merging(["XDG_CONFIG_DIRS": directory, "DISPLAY": ""]) { $1 })
                .wait(deadline: 20)
            #expect(result.exitCode == 30 && result.stderr.hasPrefix("beckon dialog: Key authorisation required"), "\(result)")
        }
        try X11.require()
        let run = try LiveDialogRun(["--title", "Keyed"], environment: ["XDG_CONFIG_DIRS": directory, "DIALOG_AUTH_KEY": "password"])
        try run.keys("Return")
        #expect(run.finish().exitCode == 0)
    }

    /// swiftDialog's 40, "SIGTERM received" (AppVariables.swift line 66); its
    /// `dialog` command exits 40 on SIGINT as well (dialogcli.swift, lines 51-55).
    @Test(arguments: [SIGTERM, SIGINT]) func aTerminationSignalIs40(_ signal: Int32) throws {
        try X11.require()
        let run = try LiveDialogRun(["--title", "Signalled"])
        kill(run.process.pid, signal)
        let result = run.finish()
        #expect(result.exitCode == 40, "\(result)")
    }
}
