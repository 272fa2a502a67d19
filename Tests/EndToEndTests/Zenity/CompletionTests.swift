import BeckonTestSupport
import Foundation
import Testing

/// Resources/completions/beckon.bash, loaded into a real bash as
/// bash-completion would load it.
@Suite(.guiHangLimit) struct CompletionTests {
    /// The words the completion offers for the command line `words`, the cursor on the last.
    private func complete(_ words: [String], environment: [String: String]? = nil) throws -> [String] {
        let script = Products.packageRoot.appendingPathComponent("Resources/completions/beckon.bash").path
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _beckon 2>/dev/null
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try run("/bin/bash", ["-c", program], environment: environment, deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func dialogTypesAndOptions() throws {
        #expect(try complete(["beckon", "--qu"]) == ["--question"])
        #expect(try complete(["beckon", "--question", "--extra-b"]) == ["--extra-button="])
        #expect(try complete(["beckon", "--info", "--js"]) == ["--json"])
        #expect(try complete(["beckon", "te"]) == ["terms"])
    }

    /// Once a dialog is on the line, its own options are offered, not another's.
    @Test func theDialogGivenPicksItsOptions() throws {
        #expect(try complete(["beckon", "--question", "--default-c"]) == ["--default-cancel"])
        #expect(try complete(["beckon", "--info", "--swi"]) == [])
        #expect(try complete(["beckon", "--swi"]) == ["--switch"])
    }

    /// `beckon dialog` completes swiftDialog's options from its own help.
    @Test func swiftDialogsOptionsAfterDialog() throws {
        // The completion asks the beckon on the PATH, as a shell's would.
        let path = ["PATH": Products.directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        #expect(try complete(["beckon", "dia"]) == ["dialog"])
        #expect(try complete(["beckon", "dialog", "--listi"], environment: path) == ["--listitem"])
        #expect(try complete(["beckon", "dialog", "--title", "x", "--commandf"], environment: path) == ["--commandfile"])
    }

    @Test func valuesAfterEquals() throws {
        // bash splits `--window-icon=in` at the `=` (COMP_WORDBREAKS).
        #expect(try complete(["beckon", "--info", "--window-icon", "=", "in"]) == ["info"])
        #expect(try complete(["beckon", "--info", "--title", "=", ""]) == [])
    }

    /// After `terms --managed`, the ids an administrator configured, from the
    /// same search path `--managed` reads (here `XDG_CONFIG_DIRS`).
    @Test func managedIDsAfterManaged() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-completion-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/beckon/terms.d", withIntermediateDirectories: true)
        for name in ["org.example.aup.conf", "org.example.banner.conf", "notes.md"] {
            FileManager.default.createFile(atPath: base + "/beckon/terms.d/" + name, contents: Data("[Terms]\n".utf8))
        }
        let environment = ["XDG_CONFIG_DIRS": base]
        #expect(try complete(["beckon", "terms", "--managed", "org.example."], environment: environment)
                == ["org.example.aup", "org.example.banner"])
        #expect(try complete(["beckon", "terms", "--managed", "--status", "org.example.b"], environment: environment)
                == ["org.example.banner"])
    }

    /// Whether sourcing the completion registers it for `zenity`, with `zenity`
    /// first on PATH being `target` (nil: whatever zenity the system has).
    private func registersForZenity(_ target: String?) throws -> Bool {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-completion-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        if let target {
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("zenity").path,
                                                       withDestinationPath: target)
        }
        let script = Products.packageRoot.appendingPathComponent("Resources/completions/beckon.bash").path
        let result = try run("/bin/bash", ["-c", "PATH='\(directory.path):/usr/bin:/bin'; source '\(script)'; complete -p zenity"],
                             deadline: 10)
        return result.exitCode == 0 && result.stdout.contains("_beckon")
    }

    /// Before: the completion registered itself for zenity too, taking over
    /// zenity's own where both are installed.
    @Test func zenityIsCompletedOnlyWhereItIsBeckon() throws {
        #expect(try registersForZenity(Products.beckon))
        #expect(try !registersForZenity("/usr/bin/zenity"))
        #expect(try !registersForZenity(nil))
    }
}
