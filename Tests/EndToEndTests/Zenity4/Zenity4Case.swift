import BeckonTestSupport
import Foundation
import Testing

/// One invocation pinned to zenity 4.2.2's answer: CI has no zenity 4, so the
/// answer is written down, and beckon, run in `mode` with the same arguments
/// and keys, must give it. With `BECKON_ZENITY4` naming a zenity 4 binary the
/// same keys are given to it too, so the pins can be checked again.
struct Zenity4Case: Sendable, CustomTestStringConvertible {
    /// The dialect beckon runs in.
    enum Mode: String, Sendable {
        /// `BECKON_ZENITY_COMPAT=4.2`.
        case zenity42 = "4.2"
        /// No switch: the union grammar, 3.44 wherever the two versions disagree.
        case union = "default"
    }

    /// What a script sees: the exit code, stdout, and stderr when pinned.
    struct Observed: Sendable, Equatable, CustomStringConvertible {
        var exitCode: Int32
        var stdout: String
        /// Compared only when not nil, after ``Zenity4Case/scriptLines(_:)``.
        var stderr: String?
        var description: String {
            "exit \(exitCode), stdout \(stdout.debugDescription)" + (stderr.map { ", stderr \($0.debugDescription)" } ?? "")
        }

        /// Whether `result` is this answer (stderr only where one is pinned).
        func matches(_ result: ProcessResult) -> Bool {
            result.exitCode == exitCode && result.stdout == stdout
                && (stderr.map { Zenity4Case.scriptLines(result.stderr) == $0 } ?? true)
        }
    }

    /// What zenity 4.2.2 answers when that is not the pin.
    enum Zenity4: Sendable {
        /// zenity 4.2.2 gives the pin.
        case same
        /// zenity 4.2.2 gives `answer`, for `why`: a default-mode case where
        /// 3.44 wins, or a place where zenity 4.2.2 is plainly wrong and beckon
        /// keeps its own answer. The re-verification checks this answer instead
        /// of the pin.
        case differs(Observed, why: String)
    }

    var name: String
    var mode: Mode
    /// The arguments, environment, stdin and keys (its `expected` is unused).
    var run: ZenityCase
    /// What beckon must give in `mode`.
    var expected: Observed
    var zenity4: Zenity4
    /// Whether zenity 3.44 (installed in CI) must also give `expected`: the
    /// default-mode cases where the two versions disagree and 3.44 accepts the
    /// command line.
    var sameAsZenity344 = false

    var testDescription: String { "[\(mode.rawValue)] \(name)" }

    init(_ mode: Mode, _ name: String, _ arguments: [String], env: [String: String] = [:], stdin: String? = nil,
         _ answer: ZenityCase.Answer, exit: Int32, stdout: String = "", stderr: String? = nil,
         zenity4: Zenity4 = .same, zenity344: Bool = false) {
        self.name = name
        self.mode = mode
        self.run = ZenityCase(name, arguments, env: env, stdin: stdin, answer, exit: exit, stdout: stdout)
        self.expected = Observed(exitCode: exit, stdout: stdout, stderr: stderr)
        self.zenity4 = zenity4
        self.sameAsZenity344 = zenity344
    }

    /// The same case with stdin left open once written (a progress writer).
    func stdinStaysOpen() -> Self {
        var c = self
        c.run.stdinStaysOpen = true
        return c
    }

    /// Whether the case posts a notification, and so needs a session bus with
    /// a notification server (beckon exits 1 without one, and says why).
    var needsSessionBus: Bool { run.arguments.contains("--notification") }

    /// The dialect switch as the environment gives it (`""` unsets it).
    var modeEnvironment: [String: String] {
        ["BECKON_ZENITY_COMPAT": mode == .zenity42 ? "4.2" : ""]
    }

    /// stderr as a script reads it: without GLib's and GTK's own log lines
    /// ("(zenity:123): Gtk-CRITICAL **: …", "Gtk-Message: …"), which zenity
    /// 4 prints here for the missing session bus and libadwaita sizing, and
    /// without blank lines.
    static func scriptLines(_ stderr: String) -> String {
        stderr.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { line in
                !(line.hasPrefix("(") && line.contains(" **: ")) && !line.contains("-Message: ")
                    && !line.contains("-WARNING **") && !line.contains("-CRITICAL **")
            }
            .map { $0 + "\n" }.joined()
    }

    /// zenity 4, when `BECKON_ZENITY4` names it; nil on CI.
    static var zenity4Binary: String? {
        guard let path = ProcessInfo.processInfo.environment["BECKON_ZENITY4"], !path.isEmpty else { return nil }
        return path
    }

    /// Runs `executable` through this case, in this case's mode.
    func run(_ executable: String, environment extra: [String: String] = [:]) throws -> ProcessResult {
        var c = run
        c.environment.merge(modeEnvironment) { $1 }
        c.environment.merge(extra) { $1 }
        return try c.run(executable).1
    }
}
