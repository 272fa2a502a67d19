import BeckonTestSupport
import Foundation
import Testing

/// Resources/completions/beckon.bash, loaded into a real bash as
/// bash-completion would load it.
@Suite(.guiHangLimit) struct CompletionTests {
    /// The words the completion offers for the command line `words`, the cursor on the last.
    private func complete(_ words: [String]) throws -> [String] {
        let script = Products.packageRoot.appendingPathComponent("Resources/completions/beckon.bash").path
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _beckon 2>/dev/null
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try run("/bin/bash", ["-c", program], deadline: 10)
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

    @Test func valuesAfterEquals() throws {
        // bash splits `--window-icon=in` at the `=` (COMP_WORDBREAKS).
        #expect(try complete(["beckon", "--info", "--window-icon", "=", "in"]) == ["info"])
        #expect(try complete(["beckon", "--info", "--title", "=", ""]) == [])
    }
}
