import BeckonTestSupport
import Foundation
import Testing

/// zenity 3.44 and beckon, side by side: every case of ``ZenityCases`` is run
/// by both with the same keystrokes, and both must print and exit the same.
@Suite(.serialized, .guiHangLimit) struct ZenityDifferentialTests {
    static var zenity: String { which("zenity") ?? "/usr/bin/zenity" }

    @Test(arguments: ZenityCases.all)
    func sameAsZenity(_ testCase: ZenityCase) throws {
        try assertSameAsZenity(testCase)
    }

    /// A symlink named `zenity` that points at beckon behaves as zenity does.
    @Test(arguments: [ZenityCases.buttons[0], ZenityCases.extraButtons[0], ZenityCases.commandLine[0],
                      ZenityCases.commandLine[10]])
    func asASymlinkNamedZenity(_ testCase: ZenityCase) throws {
        try X11.require()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("beckon-zenity-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("zenity").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Products.beckon)
        let (observed, result) = try testCase.run(link)
        #expect(observed == testCase.expected, "\(result)")
    }

    /// The default window titles, translated by zenity's own catalogue: the
    /// same words in the title bar as zenity's.
    @Test(arguments: ["--question", "--info", "--warning", "--error"], ["C.UTF-8", "ja_JP.UTF-8", "de_DE.UTF-8"])
    func sameDefaultTitle(dialog: String, locale: String) throws {
        try X11.require()
        func title(_ executable: String) throws -> String {
            let env = ZenityCase.baseEnvironment.merging(["LANG": locale]) { $1 }
            let process = try RunningProcess(executable, [dialog], environment: env)
            defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
            let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "no window")
            return try Xdotool.name(of: window)
        }
        let zenityTitle = try title(Self.zenity)
        #expect(!zenityTitle.isEmpty)
        #expect(try title(Products.beckon) == zenityTitle)
    }
}
