import BeckonTestSupport
import Foundation
import Testing

/// `beckon dialog` without a display: the rows and the bar drawn on the
/// terminal, drawn again in place as the command file changes them, and
/// answered by keys as the window is.
@Suite(.serialized) struct LiveDialogTerminalTests {
    @Test func rowsAreDrawnAgainInPlaceAsCommandsCome() throws {
        let directory = TestRunDirectory.make("live-dialog-terminal")
        let commands = directory + "/terminal.log"
        FileManager.default.createFile(atPath: commands, contents: nil, attributes: [.posixPermissions: 0o600])
        let run = try TerminalRun(["dialog", "--title", "Setting up", "--message", "Installing",
                                   "--listitem", "Office", "--listitem", "VPN", "--progress", "2",
                                   "--commandfile", commands])
        try run.process.waitFor("Office")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: commands))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("listitem: Office: success\nlistitem: VPN: fail\nprogress: 1\n".utf8))
        try handle.close()
        try run.process.waitFor("✓ Office")
        try run.process.waitFor("✗ VPN")
        try run.process.waitFor("50%")
        run.process.type(Key.enter)
        let result = run.process.wait()
        #expect(result.exitCode == 0, "\(result)")
    }

    /// A disabled button 2 does not answer on the terminal either (the bell
    /// rings, as for a disabled button 1), until `button2: enable`.
    @Test func aDisabledButton2DoesNotAnswerUntilItIsEnabled() throws {
        let directory = TestRunDirectory.make("live-dialog-terminal")
        let commands = directory + "/button2.log"
        FileManager.default.createFile(atPath: commands, contents: nil, attributes: [.posixPermissions: 0o600])
        let run = try TerminalRun(["dialog", "--message", "Wait", "--button2", "--button2disabled", "--commandfile", commands])
        try run.process.waitFor("Cancel")
        run.process.type(Key.left)
        try run.process.waitFor("Cancel", count: 2)
        run.process.type(Key.enter)
        try run.process.waitFor("\u{07}")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: commands))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("button2: enable\nmessage: Now\n".utf8))
        try handle.close()
        try run.process.waitFor("Now")
        // Cancel is the leftmost button: Left keeps the focus there whatever a redraw did with it.
        run.process.type(Key.left)
        try run.process.waitFor("Cancel", count: 4)
        run.process.type(Key.enter)
        let result = run.finish()
        #expect(result.exitCode == 2, "\(result) \(run.process.rawScreen.debugDescription)")
    }
}
