import BeckonTestSupport
import Foundation
import Testing

/// An answer that cannot reach stdout (a pipe whose reader is gone, a full
/// disk) is an error: exit 255 and a line naming why. zenity 3.44 exits with
/// the answer's code as if the answer had been written (0 for OK, 1 for an
/// extra button), so a script takes an empty value for the person's answer.
@Suite(.serialized, .guiHangLimit) struct StandardOutputFailureTests {
    static let fullDisk = "cannot write the answer to standard output: No space left on device"

    /// `program ARGS` from bash with stdout redirected by `redirect`; the
    /// status is the program's own (PIPESTATUS), not the pipeline's.
    func shell(_ program: String, _ arguments: String, _ redirect: String) throws -> ProcessResult {
        try run("/bin/bash", ["-c", "\"$0\" \(arguments) \(redirect); exit ${PIPESTATUS[0]}", program], deadline: 20)
    }

    @Test func anAnswerOnAFullDiskIsAnError() throws {
        try X11.require()
        // --timeout gives the entry's text as OK would, with exit 5.
        let result = try shell(Products.beckon, "--entry --entry-text=typed --timeout=1", ">/dev/full")
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("beckon: \(Self.fullDisk)"), "\(result)")
        let zenity = try shell(try #require(which("zenity")), "--entry --entry-text=typed --timeout=1", ">/dev/full")
        #expect(zenity.exitCode == 5, "zenity 3.44 exits as if the text were written: \(zenity)")
    }

    @Test func aJSONAnswerOnAFullDiskIsAnError() throws {
        try X11.require()
        let result = try shell(Products.beckon, "--question --json --timeout=1", ">/dev/full")
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("beckon: \(Self.fullDisk)"), "\(result)")
    }

    @Test func anAnswerIntoAPipeWithNoReaderIsAnError() throws {
        try X11.require()
        // `true` has exited long before the timeout's answer is written: EPIPE,
        // with SIGPIPE ignored so the exit code is beckon's own.
        let result = try shell(Products.beckon, "--entry --entry-text=typed --timeout=1", "| true")
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("beckon: cannot write the answer to standard output: Broken pipe"), "\(result)")
    }

    @Test func anExtraButtonOnAFullDiskIsAnError() throws {
        try X11.require()
        let process = try RunningProcess("/bin/sh", ["-c", "exec \"$0\" --question --extra-button=_Later >/dev/full",
                                                     Products.beckon])
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "no window")
        try Xdotool.focus(window, thenKey: ["alt+l"])
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("beckon: \(Self.fullDisk)"), "\(result)")
    }

    /// A scale's partial value that cannot be written ends the dialog at
    /// once: no further key is needed for the process to end with 255.
    @Test(arguments: [(">/dev/full", "No space left on device"), ("| true", "Broken pipe")])
    func aPartialValueThatCannotBeWrittenEndsTheDialog(_ redirect: String, _ reason: String) throws {
        try X11.require()
        // `exec` keeps beckon's pid the shell's, so its window is found by it;
        // in the pipe, `true` is gone long before the window maps.
        let script = redirect == "| true"
            ? "exec 3>&1; { \"$0\" --scale --print-partial --value=3 3>&-; echo \"exit $?\" >&3; } | true"
            : "exec \"$0\" --scale --print-partial --value=3 \(redirect)"
        let process = try RunningProcess("/bin/bash", ["-c", script, Products.beckon])
        let window = try #require(try Xdotool.waitForWindow(name: "Adjust the scale value", process: process), "no window")
        try Xdotool.focus(window, thenKey: ["Right"])
        let result = process.wait(deadline: 10)
        #expect(!result.timedOut, "the dialog should end at the failed write: \(result)")
        let exitCode = redirect == "| true" ? Int32(result.stdout.split(separator: " ").last.map(String.init)?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") : result.exitCode
        #expect(exitCode == 255, "\(result)")
        #expect(result.stderr.contains("beckon: cannot write a partial value to standard output: \(reason)"), "\(result)")
    }

    @Test func noAnswerToWriteIsNoError() throws {
        try X11.require()
        // A question's timeout prints nothing: the full disk is never written to.
        let result = try shell(Products.beckon, "--question --timeout=1", ">/dev/full")
        #expect(result.exitCode == 5, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }
}
