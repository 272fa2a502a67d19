import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms --check-config PATH`, the built binary on crafted staging
/// directories: every way a gate's key file failed open in the attack round
/// of issue 32 is named with its file (and its line and key where it has
/// them), with what the enforcer does about it, quickly, and exit 1; a clean
/// directory is exit 0. No display is needed.
@Suite(.serialized) struct TermsCheckConfigTests {
    /// A staging copy of terms.d, and an enforcer.conf beside it.
    final class Staging {
        let root: URL
        var terms: String { root.appendingPathComponent("terms.d").path }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-check-\(UUID().uuidString)")
            try FileManager.default.createDirectory(atPath: root.appendingPathComponent("terms.d").path,
                                                    withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        @discardableResult
        func write(_ name: String, _ text: String) throws -> String {
            try write(name, bytes: Data(text.utf8))
        }

        @discardableResult
        func write(_ name: String, bytes: Data) throws -> String {
            let path = terms + "/" + name
            try bytes.write(to: URL(fileURLWithPath: path))
            return path
        }

        /// A valid gate, org.example.aup, with an English and a German text.
        func validGate() throws {
            try write("aup.md", "# Acceptable use\n\nBe kind.\n")
            try write("aup.de.md", "# Nutzungsordnung\n\nSeien Sie freundlich.\n")
            try write("org.example.aup.conf", "[Terms]\nVersion=3\nFile=aup.md\nFile[de]=aup.de.md\nGate=true\nGraceSeconds=90\n")
        }

        /// `beckon terms --check-config ARGUMENTS` (the staging terms.d when none), within 10 s.
        func check(_ arguments: [String]? = nil) throws -> ProcessResult {
            try run(Products.beckon, ["terms", "--check-config"] + (arguments ?? [terms]),
                    environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""], deadline: 10)
        }
    }

    @Test func aCleanDirectoryIsExit0AndSaysWhatTheEnforcerWouldHold() throws {
        let staging = try Staging()
        try staging.validGate()
        try staging.write("plain.md", "Plain terms.\n")
        try staging.write("org.example.plain.conf", "[Terms]\nVersion=1\nFile=plain.md\n")
        let result = try staging.check()
        #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "one line per file: \(result.stdout)")
        #expect(lines.contains("\(staging.terms)/org.example.aup.conf: gate org.example.aup version 3, grace 90 s, 2 texts [enforced]"),
                "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("\(staging.terms)/org.example.plain.conf: terms org.example.plain version 1") },
                "\(result.stdout)")
    }

    /// Each crafted key file: its name, its text (nil: made by `make` instead),
    /// and what its line must say: the place (`file:line: key “K”:`) and why.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var place: String
        var why: String
        var effect = "ends every gated session"
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "typo", place: ":5: key “Titel”:", why: "is not a key of [Terms]"),
        Case(name: "syntax", place: ":4:", why: "which is not a key-value pair"),
        Case(name: "utf8", place: ".conf:", why: "is not valid UTF-8"),
        Case(name: "huge", place: ".conf:", why: "is larger than the limit of 64 KiB"),
        Case(name: "missing", place: ":3: key “File”:", why: "cannot be read"),
        Case(name: "zero", place: ":3: key “File”:", why: "is not a regular file"),
        Case(name: "directory", place: ":3: key “File”:", why: "is not a regular file"),
        Case(name: "loop", place: ":3: key “File”:", why: "cannot be read"),
        Case(name: "empty", place: ":3: key “File”:", why: "are empty"),
        Case(name: "fifo", place: ":3: key “File”:", why: "is not a regular file"),
        Case(name: "large", place: ":3: key “File”:", why: "larger than the limit of 16 MiB"),
        Case(name: "fifo-de", place: ":4: key “File[de]”:", why: "is not a regular file"),
        Case(name: "copy", place: "org.example.aup (copy).conf:", why: "is not a safe file name"),
        Case(name: "olddir", place: "old.conf:", why: "is not a regular file"),
        Case(name: "keyfifo", place: "org.example.fifo.conf:", why: "is not a regular file"),
        Case(name: "keyloop", place: "org.example.loop.conf:", why: "cannot be read"),
    ]

    /// Makes case `name` in `staging`: one broken file beside the valid gate.
    static func make(_ name: String, _ staging: Staging) throws {
        let terms = staging.terms
        let gate = { (file: String) in "[Terms]\nVersion=1\nFile=\(file)\nGate=true\n" }
        switch name {
        case "typo": try staging.write("org.example.t.conf", "[Terms]\nVersion=1\nFile=aup.md\nGate=true\nTitel=Use\n")
        case "syntax": try staging.write("org.example.t.conf", "[Terms]\nVersion=1\nGate=true\nthis is no key\n")
        case "utf8": try staging.write("org.example.t.conf", bytes: Data("[Terms]\nVersion=1\nGate=true\nTitle=".utf8) + Data([0xFF, 0x0A]))
        case "huge": try staging.write("org.example.t.conf", "[Terms]\nVersion=1\nGate=true\n" + String(repeating: "# pad\n", count: 11_000))
        case "missing": try staging.write("org.example.t.conf", gate("nowhere.md"))
        case "zero": try staging.write("org.example.t.conf", gate("/dev/zero"))
        case "directory":
            mkdir(terms + "/dir.md", 0o755)
            try staging.write("org.example.t.conf", gate("dir.md"))
        case "loop":
            symlink(terms + "/loop.md", terms + "/loop.md")
            try staging.write("org.example.t.conf", gate("loop.md"))
        case "empty":
            try staging.write("empty.md", "")
            try staging.write("org.example.t.conf", gate("empty.md"))
        case "fifo":
            mkfifo(terms + "/fifo.md", 0o644)
            try staging.write("org.example.t.conf", gate("fifo.md"))
        case "large":
            let path = try staging.write("large.md", "x")
            truncate(path, off_t(16 << 20) + 1)
            try staging.write("org.example.t.conf", gate("large.md"))
        case "fifo-de":
            mkfifo(terms + "/fifo.md", 0o644)
            try staging.write("org.example.t.conf", "[Terms]\nVersion=1\nFile=aup.md\nFile[de]=fifo.md\nGate=true\n")
        case "copy": try staging.write("org.example.aup (copy).conf", gate("aup.md"))
        case "olddir": mkdir(terms + "/old.conf", 0o755)
        case "keyfifo": mkfifo(terms + "/org.example.fifo.conf", 0o644)
        case "keyloop": symlink(terms + "/org.example.loop.conf", terms + "/org.example.loop.conf")
        default: Issue.record("no case \(name)")
        }
    }

    @Test(arguments: cases)
    func aBrokenFileIsNamedWithItsPlaceAndWhatTheEnforcerDoes(_ crafted: Case) throws {
        let staging = try Staging()
        try staging.validGate()
        try Self.make(crafted.name, staging)
        let started = Date()
        let result = try staging.check()
        #expect(!result.timedOut && Date().timeIntervalSince(started) < 5, "it must not hang: \(result)")
        #expect(result.exitCode == 1, "\(result)")
        let problems = result.stdout.split(separator: "\n").map(String.init).filter { !$0.contains(": gate org.example.aup ") }
            .filter { !$0.hasPrefix("/etc/beckon/enforcer.conf:") }
        #expect(problems.count == 1, "one line for the broken file: \(result.stdout)")
        let line = try #require(problems.first)
        #expect(line.hasPrefix(staging.terms + "/"), "\(line)")
        #expect(line.contains(crafted.place) && line.contains(crafted.why), "\(crafted.name): \(line)")
        #expect(line.hasSuffix("\(crafted.effect) after the grace]"), "\(line)")
        // The valid gate beside it is still held: one broken file does not disable the others.
        #expect(result.stdout.contains("\(staging.terms)/org.example.aup.conf: gate org.example.aup version 3"), "\(result.stdout)")
    }

    @Test func aPlainTermsMistakeIsReportedOnlyAndAMisspeltGateIsAGate() throws {
        let staging = try Staging()
        try staging.write("a.md", "Terms.\n")
        try staging.write("org.example.plain.conf", "[Terms]\nVersion=1\nFile=a.md\nTitel=Use\n")
        try staging.write("org.example.gat.conf", "[Terms]\nVersion=1\nFile=a.md\nGat=true\n")
        try staging.write("org.example.empty.conf", "[Terms]\nVersion=1\nFile=empty.md\n")
        try staging.write("empty.md", "")
        let result = try staging.check()
        #expect(result.exitCode == 1, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(staging.terms)/org.example.plain.conf:4: key “Titel”: is not a key of [Terms]")
            && $0.hasSuffix("[not a gate: reported only]") }, "\(result.stdout)")
        // A misspelt Gate= is taken for a gate: it must not fail open.
        #expect(lines.contains { $0.hasPrefix("\(staging.terms)/org.example.gat.conf:4: key “Gat”:")
            && $0.hasSuffix("[taken for a gate no one can accept: ends every gated session after the grace]") }, "\(result.stdout)")
        // The user's side reads the text of plain terms too: an empty one fails --managed.
        #expect(result.stdout.contains("\(staging.terms)/org.example.empty.conf:3: key “File”: the terms in"), "\(result.stdout)")
    }

    @Test func aStagedEnforcerConfigurationIsChecked() throws {
        let staging = try Staging()
        try staging.validGate()
        let settings = staging.root.appendingPathComponent("enforcer.conf").path
        try Data("[Enforcer]\nMode=pilot\nConfigurationErrors=report\n".utf8).write(to: URL(fileURLWithPath: settings))
        try Self.make("copy", staging)
        let pilot = try staging.check([staging.terms, "--enforcer-config", settings])
        #expect(pilot.exitCode == 1, "\(pilot)")
        #expect(pilot.stdout.hasPrefix("\(settings): Mode=pilot, GraceSeconds=120, ConfigurationErrors=report"), "\(pilot)")
        #expect(pilot.stdout.contains("[taken for a gate no one can accept: reported only (ConfigurationErrors=report)]"), "\(pilot)")

        try Data("[Enforcer]\nGraceSecond=60\n".utf8).write(to: URL(fileURLWithPath: settings))
        let typo = try staging.check([staging.terms, "--enforcer-config", settings])
        #expect(typo.exitCode == 1, "\(typo)")
        #expect(typo.stdout.hasPrefix("\(settings):2: key “GraceSecond”: is not a key of [Enforcer]"), "\(typo)")
        #expect(typo.stdout.contains("[the service runs on the defaults: Mode=enforce"), "\(typo)")
    }

    @Test func aSingleKeyFileAndARelativePathCanBeGiven() throws {
        let staging = try Staging()
        try staging.validGate()
        let result = try run("/bin/sh", ["-c", "cd \"$1\" && exec \"$2\" terms --check-config org.example.aup.conf",
                                          "sh", staging.terms, Products.beckon])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("\(staging.terms)/org.example.aup.conf: gate org.example.aup version 3"), "\(result)")
    }

    @Test func aPathThatDoesNotExistIsAProblem() throws {
        let staging = try Staging()
        let result = try staging.check([staging.terms + "/nowhere"])
        #expect(result.exitCode == 1 && result.stdout.contains("\(staging.terms)/nowhere: does not exist"), "\(result)")
    }

    @Test func beckonEnforcerCheckPrintsTheSameReport() throws {
        let enforcer = Products.directory.appendingPathComponent("beckon-enforcer").path
        try #require(FileManager.default.isExecutableFile(atPath: enforcer))
        let result = try run(enforcer, ["--check"], deadline: 10)
        let same = try run(Products.beckon, ["terms", "--check-config"], deadline: 10)
        #expect(result.exitCode == same.exitCode && result.stdout == same.stdout, "\(result)\n\(same)")
    }

    @Test func badOptionsAreExit255() throws {
        let result = try run(Products.beckon, ["terms", "--check-config", "--managed"], deadline: 10)
        #expect(result.exitCode == 255 && result.stderr.contains("cannot be used together"), "\(result)")
    }
}
