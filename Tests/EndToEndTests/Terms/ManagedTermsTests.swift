import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms --managed`: key files in a private `XDG_CONFIG_DIRS`, real
/// windows on Xvfb answered with real keys, the record file read back.
@Suite(.serialized, .guiHangLimit) struct ManagedTermsTests {
    /// A terms fixture with a `beckon/terms.d` of its own.
    final class Managed {
        let fixture: TermsFixture
        var configDirectory: String { fixture.root.appendingPathComponent("xdg").path }
        var termsDirectory: String { configDirectory + "/beckon/terms.d" }

        init() throws {
            fixture = try TermsFixture()
            try FileManager.default.createDirectory(atPath: termsDirectory, withIntermediateDirectories: true)
        }

        /// Writes `text` as terms.d/`name`; returns its path.
        @discardableResult
        func write(_ name: String, _ text: String) throws -> String {
            let path = termsDirectory + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }

        /// Key file `id`.conf with short terms (no scrolling needed), titled `title`.
        func terms(_ id: String, title: String, version: String = "1", extra: String = "") throws {
            try write("\(id).md", "# \(title)\n\nShort terms for \(id).\n")
            try write("\(id).conf", "[Terms]\nVersion=\(version)\nFile=\(id).md\nTitle=\(title)\n\(extra)")
        }

        var environment: [String: String] { ["XDG_CONFIG_DIRS": configDirectory] }

        func start(_ arguments: [String], _ extra: [String: String] = [:]) throws -> RunningProcess {
            try fixture.start(arguments, environment: environment.merging(extra) { $1 })
        }

        @discardableResult
        func run(_ arguments: [String], _ extra: [String: String] = [:]) throws -> ProcessResult {
            try fixture.run(arguments, environment: environment.merging(extra) { $1 })
        }

        /// Waits for the window of `process` titled `title` (the title read from
        /// the window on the X server), focused, with Accept usable.
        func window(of process: RunningProcess, title: String) throws -> String {
            let window = try #require(try Xdotool.waitForWindow(name: "^\(title)$", process: process),
                                      "no window titled \(title)")
            #expect(try Xdotool.name(of: window).trimmingCharacters(in: .whitespacesAndNewlines) == title)
            try Xdotool.focus(window)
            try TermsInput.waitForGate(window, "open", "accept-sensitive")
            return window
        }

        /// Presses Return in the window titled `title` once Accept can be used.
        func accept(_ process: RunningProcess, title: String) throws {
            _ = try window(of: process, title: title)
            try Xdotool.key("Return")
        }

        /// Presses Decline's mnemonic in the window titled `title`.
        func decline(_ process: RunningProcess, title: String) throws {
            _ = try window(of: process, title: title)
            try Xdotool.key("alt+d")
        }
    }

    @Test func languageDeShowsTheGermanFileAndRecordsIt() throws {
        try X11.require()
        let managed = try Managed()
        try managed.write("aup.en.md", "# Acceptable use\n\nBe kind.\n")
        let german = try managed.write("aup.de.md", "# Nutzungsordnung\n\nSeien Sie freundlich.\n")
        try managed.write("org.example.aup.conf", """
            [Terms]
            Version=4
            File=aup.en.md
            File[de]=aup.de.md
            Title=Acceptable use
            Title[de]=Nutzungsordnung
            """)
        let inGerman = ["LANGUAGE": "de", "LANG": "de_DE.UTF-8"]
        let process = try managed.start(["--managed", "org.example.aup", "--json"], inGerman)
        try managed.accept(process, title: "Nutzungsordnung")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        let record = try #require(try managed.fixture.records().first)
        #expect(record["id"] as? String == "org.example.aup")
        #expect(record["version"] as? String == "4")
        #expect(record["language"] as? String == "de")
        #expect(record["file"] as? String == german)
        #expect(record["sha256"] as? String == (try TermsFixture.sha256(german)))

        // Accepted: the German reader is not asked again; the English text is other terms.
        let status = try managed.run(["--status", "--managed", "org.example.aup"], inGerman)
        #expect(status.exitCode == 0 && status.stdout.contains("reason: accepted"), "\(status)")
        let english = try managed.run(["--status", "--managed", "org.example.aup"], ["LANGUAGE": "", "LANG": "C.UTF-8"])
        #expect(english.exitCode == 1 && english.stdout.contains("reason: changed-text"), "\(english)")
    }

    @Test func noManagedTermsExitsZeroAtOnceWithNoOutput() throws {
        let managed = try Managed()
        let result = try managed.run(["--managed"])
        #expect(result.exitCode == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
        let unset = try managed.run(["--managed"], ["XDG_CONFIG_DIRS": managed.fixture.root.path + "/none"])
        #expect(unset.exitCode == 0 && unset.stdout.isEmpty && unset.stderr.isEmpty, "\(unset)")
    }

    @Test func anUnreadableTermsDirectoryIsAnErrorNotNoTerms() throws {
        let managed = try Managed()
        try managed.terms("org.example.aup", title: "Terms", extra: "Gate=true\n")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: managed.termsDirectory)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: managed.termsDirectory) }
        // root reads any directory: as root, run it as nobody (setpriv, util-linux), whom the mode stops.
        var command = [Products.beckon, "terms", "--managed"]
        if getuid() == 0 {
            for directory in [managed.fixture.root.path, managed.configDirectory, managed.configDirectory + "/beckon"] {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
            }
            command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] + command
        }
        let result = try run(command[0], Array(command.dropFirst()),
                             environment: managed.environment.merging(["XDG_STATE_HOME": "/nonexistent"]) { $1 })
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("\(managed.termsDirectory): cannot be read: Permission denied"), "\(result)")
    }

    @Test func twoIDsAreShownInTurnAndTheAcceptedOneIsSkippedNextTime() throws {
        try X11.require()
        let managed = try Managed()
        try managed.terms("org.example.first", title: "First terms")
        try managed.terms("org.example.second", title: "Second terms")

        // Accept the first, decline the second: exit 1, the first recorded.
        let run1 = try managed.start(["--managed", "org.example.first", "org.example.second"])
        try managed.accept(run1, title: "First terms")
        try managed.decline(run1, title: "Second terms")
        let result1 = run1.wait(deadline: 10)
        #expect(result1.exitCode == 1, "\(result1)")
        #expect(try managed.fixture.records().map { $0["id"] as? String } == ["org.example.first"])

        // Every configured one (no ids): the first is skipped, the second's window comes at once.
        let run2 = try managed.start(["--managed"])
        try managed.accept(run2, title: "Second terms")
        let result2 = run2.wait(deadline: 10)
        #expect(result2.exitCode == 0, "\(result2)")

        // Both accepted: no window, exit 0, each outcome in JSON.
        let run3 = try managed.run(["--managed", "--json"])
        #expect(run3.exitCode == 0, "\(run3)")
        #expect(run3.stdout.split(separator: "\n").count == 2 && !run3.stdout.contains(#""outcome":"accepted""#)
            && run3.stdout.contains(#""outcome":"already-accepted""#), "\(run3)")
    }

    @Test func aCraftedFileGivesItsFileLineAndKeyAndExit255() throws {
        let managed = try Managed()
        try managed.terms("org.example.aup", title: "Terms", extra: "# a typo in a security setting\nGat=true\n")
        let path = managed.termsDirectory + "/org.example.aup.conf"
        for arguments in [["--managed"], ["--managed", "org.example.aup"], ["--status", "--managed", "org.example.aup"]] {
            let result = try managed.run(arguments)
            #expect(result.exitCode == 255, "\(arguments): \(result)")
            #expect(result.stderr.contains("\(path):6: key “Gat”: is not a key of [Terms]"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: managed.fixture.recordFile))
        }
        try managed.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=aup.md\n\u{0}\u{1}garbage\n")
        let garbage = try managed.run(["--managed", "org.example.aup"])
        #expect(garbage.exitCode == 255 && garbage.stderr.contains(path), "\(garbage)")
        let unknown = try managed.run(["--status", "--managed", "org.example.none"])
        #expect(unknown.exitCode == 255 && unknown.stderr.contains("no managed terms “org.example.none”"), "\(unknown)")
    }

    @Test func statusTellsWhetherTheUserMustBeAskedWithExitCodesAndJSON() throws {
        let managed = try Managed()
        try managed.terms("org.example.aup", title: "Terms", version: "2")
        let before = try managed.run(["--status", "--managed", "org.example.aup", "--json"])
        #expect(before.exitCode == 1, "\(before)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [String: Any])
        #expect(json["must_ask"] as? Bool == true && json["reason"] as? String == "never-accepted", "\(json)")
        #expect(json["record"] is NSNull)

        // Accepted by the tests' harness (no window needed here), then version 3 asks again.
        let accepted = try managed.fixture.run(answering: .accept, ["--managed", "org.example.aup"],
                                               environment: managed.environment)
        #expect(accepted.exitCode == 0, "\(accepted)")
        let after = try managed.run(["--status", "--managed", "org.example.aup", "--json"])
        #expect(after.exitCode == 0, "\(after)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])
        #expect(record["must_ask"] as? Bool == false && record["reason"] as? String == "accepted")
        #expect((record["record"] as? [String: Any])?["version"] as? String == "2", "\(record)")
        let text = try managed.run(["--status", "--managed", "org.example.aup"])
        #expect(text.exitCode == 0 && text.stdout.contains("id: org.example.aup\nversion: 2\n"), "\(text)")

        try managed.terms("org.example.aup", title: "Terms", version: "3")
        let newer = try managed.run(["--status", "--managed", "org.example.aup"])
        #expect(newer.exitCode == 1 && newer.stdout.contains("reason: another-version"), "\(newer)")
    }

    @Test func theCommandLineOverridesTheFile() throws {
        try X11.require()
        let managed = try Managed()
        try managed.terms("org.example.aup", title: "From the file")
        let process = try managed.start(["--managed", "org.example.aup", "--title", "From the command line"])
        try managed.accept(process, title: "From the command line")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try managed.fixture.records().first?["version"] as? String == "1")

        // The file's gate refuses a --timeout given on the command line, as --gate does.
        try managed.terms("org.example.gate", title: "Gate", extra: "Gate=true\n")
        let timeout = try managed.run(["--managed", "org.example.gate", "--timeout", "5"])
        #expect(timeout.exitCode == 255 && timeout.stderr.contains("--gate allows no --timeout"), "\(timeout)")
        // But not what a gate shows or records: that is its key file's alone (issue 51).
        for option in [["--file", "x"], ["--filename", "x"], ["--encoding", "latin1"], ["--version", "9"], ["--title", "x"],
                       ["--accept-label", "x"], ["--decline-label", "x"], ["--checkbox", "x"], ["--no-require-scroll"],
                       ["--reread", "changes"]] {
            let refused = try managed.run(["--managed", "org.example.gate"] + option)
            #expect(refused.exitCode == 255 && refused.stderr.contains("\(option[0]) cannot be used with --managed for "
                                                                        + "org.example.gate, a gate"), "\(refused)")
        }
    }

    /// Before: an editor's copy beside the key file (an unsafe id), or a
    /// directory named like one, made `--managed` exit 255 before showing
    /// anything, so no gate ran. Now the terms that read are shown first, then
    /// the broken files are named and the run ends with 255.
    @Test func aBrokenFileBesideTheTermsDoesNotKeepThemFromBeingShown() throws {
        let managed = try Managed()
        try managed.terms("org.example.aup", title: "Terms")
        try managed.write("org.example.aup (copy).conf", "[Terms]\nVersion=1\nFile=org.example.aup.md\n")
        try FileManager.default.createDirectory(atPath: managed.termsDirectory + "/old.conf", withIntermediateDirectories: true)
        let result = try managed.fixture.run(answering: .accept, ["--managed", "--json"], environment: managed.environment)
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stdout.contains("\"outcome\":\"accepted\""), "shown and accepted first: \(result)")
        #expect(result.stderr.contains("(copy).conf") && result.stderr.contains("old.conf"), "\(result)")
        let status = try managed.run(["--status", "--managed", "org.example.aup"])
        #expect(status.exitCode == 0 && status.stdout.contains("must_ask: false"), "\(status)")
    }
}
