import BeckonTestSupport
import Foundation
import Testing

/// One invocation of the differential suite: the same arguments, environment
/// and keystrokes given to zenity 3.44 and to beckon.
struct ZenityCase: Sendable, CustomTestStringConvertible {
    /// How the window is answered; `.none` for programs that end by themselves
    /// (a timeout, a command-line error).
    enum Answer: Sendable {
        case keys([String])
        /// Keys, then `again` while the program still waits (DialogRun's
        /// case of the same name): a path typed into the file chooser.
        case keysAgainWhileWaiting([String], again: [String])
        /// Text typed into the focused field, then keys.
        case type(String, then: [String])
        /// Left clicks at (x, y) points inside the window, then keys.
        case clicks([DialogRun.Point], then: [String])
        case doubleClick(DialogRun.Point)
        case windowManagerClose
        case none
    }

    /// What a program printed and how it exited: the parts scripts see.
    struct Observed: Sendable, Equatable, CustomStringConvertible {
        var exitCode: Int32
        var stdout: String
        var description: String { "exit \(exitCode), stdout \(stdout.debugDescription)" }
    }

    var name: String
    var arguments: [String]
    var environment: [String: String] = [:]
    /// What the program reads on stdin (nothing: an empty, closed stdin).
    var stdin: Data?
    var answer: Answer
    /// What both programs must give. Pinning it catches a case that passes only
    /// because both programs failed the same way (say, no window at all).
    var expected: Observed
    /// Where zenity 3.44 is wrong: why, and what beckon gives instead.
    var zenityIsWrong: (why: String, beckon: Observed)?
    /// Whether stdin stays open until the program exits: a writer that is not
    /// done (`stdin` is written first).
    var stdinStaysOpen = false
    /// What the writer sends once the window is mapped, before the answer.
    var stdinOnceMapped: String?
    /// A shell command line run by `sh -c` in which "$DIALOG" is the program
    /// (a parent shell for --auto-kill, a pipeline); `arguments` follow as "$@".
    /// The window is found by `windowName` then.
    var shell: String?
    var windowName: String?
    /// Whether the keys wait until the program has read all of `stdin` and let
    /// its descriptor go (zenity's list and progress close it at the end;
    /// beckon's put /dev/null there; the text dialogs keep it): for input read slowly, before keys that need all of it.
    var keysWaitForInput = false

    var testDescription: String { name }

    /// `stdin` is text, `stdinBytes` any bytes.
    init(_ name: String, _ arguments: [String], env: [String: String] = [:], stdin: String? = nil,
         stdinBytes: [UInt8]? = nil, _ answer: Answer,
         exit: Int32, stdout: String = "", zenityIsWrong: (why: String, beckon: Observed)? = nil) {
        self.name = name
        self.arguments = arguments
        self.environment = env
        self.stdin = stdinBytes.map { Data($0) } ?? stdin.map { Data($0.utf8) }
        self.answer = answer
        self.expected = Observed(exitCode: exit, stdout: stdout)
        self.zenityIsWrong = zenityIsWrong
    }

    static func keys(_ keys: String...) -> Answer { .keys(keys) }

    /// The variables every run starts from: a known locale and no exit-code
    /// overrides leaking in from the developer's shell ("" unsets).
    static let baseEnvironment: [String: String] = {
        var env = ["LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": "", "WINDOWID": "", "BECKON_CLOSE": ""]
        for name in ["OK", "CANCEL", "ESC", "ERROR", "EXTRA", "TIMEOUT"] {
            env["ZENITY_\(name)"] = ""
            env["DIALOG_\(name)"] = ""
        }
        return env
    }()

    /// Runs `executable` (zenity or beckon) through this case.
    func run(_ executable: String) throws -> (Observed, ProcessResult) {
        let env = Self.baseEnvironment.merging(environment) { $1 }
        let harnessAnswer: DialogRun.Answer
        switch answer {
        case .keys(let keys): harnessAnswer = .keys(keys)
        case .keysAgainWhileWaiting(let keys, let again): harnessAnswer = .keysAgainWhileWaiting(keys, again: again)
        case .type(let text, let keys): harnessAnswer = .type(text, then: keys)
        case .clicks(let points, let keys): harnessAnswer = .clicks(points, then: keys)
        case .doubleClick(let point): harnessAnswer = .doubleClick(point)
        case .windowManagerClose: harnessAnswer = .windowManagerClose
        case .none: harnessAnswer = .none
        }
        var program = executable
        var programArguments = arguments
        var programEnvironment = env
        if let shell {
            program = "/bin/sh"
            programArguments = ["-c", shell, "sh"] + arguments
            programEnvironment["DIALOG"] = executable
        }
        let waitsForInput = keysWaitForInput && stdin != nil
        let result = try DialogRun.run(program, programArguments, answer: harnessAnswer,
                                       environment: programEnvironment, stdin: stdin, waitsForInput: waitsForInput,
                                       keepStdinOpen: stdinStaysOpen, stdinOnceMapped: stdinOnceMapped.map { Data($0.utf8) },
                                       windowName: windowName, deadline: 15)
        return (Observed(exitCode: result.exitCode, stdout: result.stdout), result)
    }
}
