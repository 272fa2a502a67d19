import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestEndings
import BeckonTestSupport
import CBeckonShim
import CGtk
import Foundation
import Synchronization
import Testing

/// `Dialog.showText`, `Dialog.editText` and `TextInfoRequest` on real windows
/// with real input: every ending resumes the caller once, the checkbox keeps
/// OK shut, and input from pipes, FIFOs and endless files fills the view
/// while the buttons and the timeout keep working.
@Suite(.serialized, .guiHangLimit) struct TextInfoAPITests {
    static let repetitions = ProcessInfo.processInfo.environment["BECKON_REPETITIONS"].flatMap(Int.init).map { min(max($0, 1), 20) } ?? 3

    @Test(arguments: TestPath<ButtonPath>.all([.returnKey, .escapeKey, .windowManagerClose, .destroyedByCode]))
    func everyPathResumesOnce(_ path: TestPath<ButtonPath>) async throws {
        try GtkTestLoop.require()
        try await everyPath(path, "text", repetitions: Self.repetitions) { title, _ in
            try await Dialog.showText("Read this.\nAnd this.", title: title)
        } check: { read, path, _, title in
            #expect(read == (path.expected == .accepted), "\(title)")
        }
    }

    /// OK is disabled and Return does nothing until a real click ticks the box.
    @Test func theCheckboxKeepsOKShutUntilClicked() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.showText("Terms.", checkbox: "I have read them", title: "checkbox") }
        let shown = try #require(await ShownDialog.wait())
        #expect(await Self.okIsSensitive() == false)
        try Xdotool.key("Return")
        try await GtkTestLoop.handleInputSentSoFar()
        #expect(await ShownDialog.leftovers().dialogs == 1, "Return gave OK with the box clear")
        let box = try #require(await shown.center(ofFirst: gtk_check_button_get_type()))
        try Xdotool.click(x: box.x, y: box.y)
        try await pollAsync("OK enabled after the click") { await Self.okIsSensitive() }
        try Xdotool.key("Return")
        let result = await withDeadline(10, "checkbox") { await task.result }
        #expect(try result?.get() == true)
    }

    /// Space on the box ticks it, a second Space clears it and OK shuts again.
    @Test func spaceTicksAndClears() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.showText("Terms.", checkbox: "Agree", title: "space", timeout: .seconds(30)) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.key("Tab", "space")
        try await pollAsync("OK enabled by Space") { await Self.okIsSensitive() }
        try Xdotool.key("space")
        try await pollAsync("OK disabled again") { await !Self.okIsSensitive() }
        try Xdotool.key("space", "Tab", "Tab", "Return") // tick, then Cancel, OK: Return on OK
        let result = await withDeadline(10, "space") { await task.result }
        #expect(try result?.get() == true)
    }

    @Test func editTextReturnsTheTextAsItStands() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.editText("first line\n", title: "edit") }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.type("typed at the end")
        try Xdotool.key("Return", "ctrl+Tab", "Tab", "Return")
        let result = await withDeadline(10, "edit") { await task.result }
        #expect(try result?.get() == "first line\ntyped at the end\n")
    }

    @Test func theTimeoutReadsTheEditedText() async throws {
        try GtkTestLoop.require()
        let request = TextInfoRequest(.text("draft"), title: "edit timeout", isEditable: true, timeout: .seconds(2))
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.type(" v2")
        let reply = try await withDeadline(10, "edit timeout") { await task.result }?.get()
        #expect(reply == DialogReply(outcome: .timedOut, value: TextInfoContent(text: "draft v2", isChecked: false)))
        await #expect(throws: DialogError.timedOut) {
            try await Dialog.editText("x", title: "typed timeout", timeout: .milliseconds(300))
        }
    }

    /// A writer that never closes: the text fills in as it writes, and the
    /// timeout still ends the dialog on time.
    @Test func aPipeThatNeverEndsFillsInAndTheTimeoutHolds() async throws {
        try GtkTestLoop.require()
        let (readEnd, writeEnd) = try Self.pipe()
        defer { close(readEnd); close(writeEnd) }
        Self.write(writeEnd, Array("first\n".utf8))
        let request = TextInfoRequest(.fileDescriptor(readEnd), title: "endless pipe", isEditable: true,
                                      timeout: .seconds(3))
        let started = Date()
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        Self.write(writeEnd, Array("second, while shown\n".utf8))
        let reply = try await withDeadline(10, "endless pipe") { await task.result }?.get()
        #expect(reply?.outcome == .timedOut)
        #expect(reply?.value.text == "first\nsecond, while shown\n")
        #expect(Date().timeIntervalSince(started) < 8, "the timeout waited for the input")
    }

    /// A FIFO as a file: opening it does not wait for a writer, and what the
    /// writer sends shows up.
    @Test func aFIFOIsReadAsItIsWritten() async throws {
        try GtkTestLoop.require()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-fifo-\(getpid())").path
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let request = TextInfoRequest(.file(path: path), title: "fifo", isEditable: true, timeout: .seconds(3))
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        #expect(writer >= 0, "the dialog did not open the FIFO for reading")
        Self.write(writer, Array("through the fifo".utf8))
        close(writer)
        let reply = try await withDeadline(10, "fifo") { await task.result }?.get()
        #expect(reply?.value.text == "through the fifo")
    }

    /// /dev/zero never ends and is all NULs: the text stops at the limit with
    /// a warning, each NUL a U+FFFD, and the dialog still answers.
    @Test func devZeroStopsAtTheLimit() async throws {
        try GtkTestLoop.require()
        let warnings = Mutex<[String]>([])
        var request = TextInfoRequest(.file(path: "/dev/zero"), title: "zero", isEditable: true,
                                      timeout: .seconds(20), onWarning: { line in warnings.withLock { $0.append(line) } })
        request.byteLimit = 256 * 1024
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        try await pollAsync("the limit's warning") { warnings.withLock { $0.contains { $0.contains("the rest is not shown") } } }
        try Xdotool.key("ctrl+Tab", "Tab", "Return")
        let reply = try await withDeadline(10, "zero") { await task.result }?.get()
        #expect(reply?.outcome == .button(1))
        #expect(reply?.value.text?.unicodeScalars.count == 256 * 1024)
        #expect(reply?.value.text?.unicodeScalars.allSatisfy { $0 == "\u{FFFD}" } == true)
        #expect(warnings.withLock { $0.contains { $0.contains("not valid UTF-8") } })
    }

    @Test func badInputIsAWarningAndAnEmptyText() async throws {
        try GtkTestLoop.require()
        for path in ["/nonexistent/beckon", FileManager.default.temporaryDirectory.path] {
            let warnings = Mutex<[String]>([])
            let request = TextInfoRequest(.file(path: path), title: "bad \(path)", isEditable: true,
                                          timeout: .milliseconds(800),
                                          onWarning: { line in warnings.withLock { $0.append(line) } })
            let reply = try await withDeadline(10, path) { await Task { try await Dialog().present(request) }.result }?.get()
            #expect(reply?.value.text == "", "\(path)")
            #expect(warnings.withLock { $0.count == 1 && $0[0].hasPrefix("Cannot open file '\(path)'") },
                    "\(path): \(warnings.withLock { $0 })")
        }
    }

    @Test func bytesThatAreNotUTF8AreKeptWithAWarning() async throws {
        try GtkTestLoop.require()
        let (readEnd, writeEnd) = try Self.pipe()
        defer { close(readEnd) }
        Self.write(writeEnd, Array("abc".utf8) + [0xFF] + Array("def".utf8))
        close(writeEnd)
        let warnings = Mutex<[String]>([])
        let request = TextInfoRequest(.fileDescriptor(readEnd), title: "latin", isEditable: true,
                                      timeout: .seconds(1), onWarning: { line in warnings.withLock { $0.append(line) } })
        let reply = try await withDeadline(10, "latin") { await Task { try await Dialog().present(request) }.result }?.get()
        #expect(reply?.value.text == "abc\u{FFFD}def")
        #expect(warnings.withLock { $0 } == ["descriptor \(readEnd) is not valid UTF-8: invalid bytes are shown as \u{FFFD}"])
    }

    // MARK: - Helpers

    @GtkActor static func okIsSensitive() -> Bool {
        guard let window = DialogQueue.shownWindow, let ok = beckon_dialog_button(window, 1) else { return false }
        return gtk_widget_is_sensitive(ok) != 0
    }

    static func pipe() throws -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw WaitFailed("pipe failed: \(errno)") }
        return (fds[0], fds[1])
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }
}

/// ``poll`` for a condition read on GTK's actor.
func pollAsync(_ what: String, seconds: Double = 10, _ condition: @escaping @Sendable () async -> Bool) async throws {
    let end = Date().addingTimeInterval(seconds)
    while !(await condition()) {
        guard Date() < end else { throw WaitFailed("waited \(seconds) s for \(what)") }
        try await Task.sleep(for: .milliseconds(10))
    }
}
