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
}
