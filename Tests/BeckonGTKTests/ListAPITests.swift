import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestSupport
import CGtk
import Foundation
import Glibc
import Synchronization
import Testing

/// `Dialog.select` and its family on a real list with real input: every ending
/// resumes the awaiting task exactly once with the rows chosen, and leaves no
/// window; rows from a descriptor stream in while the window is shown.
@Suite(.serialized, .guiHangLimit) struct ListAPITests {
    enum Path: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case downThenReturn, downThenClickOK, doubleClick, escapeKey, windowManagerClose, destroyedByCode, cancelButton
        var testDescription: String { rawValue }
    }

    struct Fruit: Equatable, Sendable {
        var name: String
        var colour: String
    }

    static let fruit = [Fruit(name: "apple", colour: "red"), Fruit(name: "banana", colour: "yellow"),
                        Fruit(name: "cherry", colour: "dark red")]
    /// Long enough that the two clicks of a double click count as one double
    /// click however slowly GTK's thread gets to the second (see
    /// ``GtkTestLoop/swapDoubleClickTime(_:)``); set only while one is sent.
    static let doubleClickTimeForTests: Int32 = 60_000
    static let repetitions = ProcessInfo.processInfo.environment["BECKON_REPETITIONS"].flatMap(Int.init).map { min(max($0, 1), 20) } ?? 3

    @Test(arguments: Path.allCases)
    func everyPathResumesOnceWithTheRow(_ path: Path) async throws {
        try GtkTestLoop.require()
        for round in 0..<Self.repetitions {
            let title = "list \(path.rawValue) \(round)"
            let task = Task {
                try await Dialog.select(from: Self.fruit, columns: ["Fruit", "Colour"], title: title) {
                    [$0.name, $0.colour]
                }
            }
            let shown = try #require(await ShownDialog.wait(), "\(title): the dialog never got the focus")
            #expect(shown.title == title)
            var doubleClickTime: Int32?
            switch path {
            case .downThenReturn: try Xdotool.key("Down", "Return")
            case .downThenClickOK:
                // Not space: after space, a click on OK does nothing, in zenity too.
                try Xdotool.key("Down")
                try await click(button: 1, of: shown)
            case .doubleClick:
                doubleClickTime = await GtkTestLoop.swapDoubleClickTime(Self.doubleClickTimeForTests)
                try Xdotool.key("End") // the last row, then a double click on the list's middle row
                try await pointAtARow(of: shown)
                try Xdotool.run(["click", "--repeat", "2", "--delay", "80", "1"])
            case .escapeKey: try Xdotool.key("Down", "Escape")
            case .windowManagerClose: try Xdotool.close(xid: shown.xid)
            case .destroyedByCode: await ShownDialog.destroyFromCode()
            case .cancelButton:
                try await click(button: 0, of: shown)
            }
            let result = await answer(of: task, title)
            if let doubleClickTime { _ = await GtkTestLoop.swapDoubleClickTime(doubleClickTime) }
            guard let result else { task.cancel(); return }
            switch path {
            case .downThenReturn: #expect(try result.get() == Self.fruit[1], "\(title)")
            case .downThenClickOK: #expect(try result.get() == Self.fruit[1], "\(title)")
            case .doubleClick: #expect(try result.get() != nil, "\(title)")
            case .escapeKey, .windowManagerClose, .destroyedByCode, .cancelButton:
                #expect(try result.get() == nil, "\(title)")
            }
            let left = await ShownDialog.leftovers()
            #expect(left.visibleWindows == 0 && left.dialogs == 0, "\(title): \(left) left behind")
        }
    }

    @Test func selectManyGivesEveryRowSelected() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.selectMany(from: Self.fruit, columns: ["Fruit"]) { [$0.name] } }
        let shown = try #require(await ShownDialog.wait())
        try Xdotool.key("ctrl+a")
        try await click(button: 1, of: shown)
        let result = await answer(of: task, "select many")
        #expect(try result?.get() == Self.fruit)
    }

    @Test func spaceAndClicksTickRowsOfACheckList() async throws {
        try GtkTestLoop.require()
        let task = Task {
            try await Dialog.check(from: Self.fruit, columns: ["Fruit"], checked: [2]) { [$0.name] }
        }
        let shown = try #require(await ShownDialog.wait())
        try Xdotool.key("space", "Down", "Down", "space") // ticks apple, unticks cherry
        try await click(button: 1, of: shown)
        let result = await answer(of: task, "check list")
        #expect(try result?.get() == [Self.fruit[0]])
    }

    @Test func aRadioListKeepsOneRow() async throws {
        try GtkTestLoop.require()
        let request = ListRequest(title: "radio", columns: ["", "Fruit"], rows: Self.fruit.map { [$0.name] },
                                  style: .radiolist, checked: [0])
        let task = Task { try await Dialog().present(request) }
        let shown = try #require(await ShownDialog.wait())
        try Xdotool.key("End", "space")
        try await click(button: 1, of: shown)
        let reply = try await answer(of: task, "radio")?.get()
        #expect(reply == DialogReply(outcome: .button(1), value: ListSelection(indices: [2], rows: [["cherry"]])))
    }

    @Test(arguments: [ListStyle.single, .multiple])
    func returnWithNoRowChosenAnswersTheFirstRowWhenAsked(_ style: ListStyle) async throws {
        try GtkTestLoop.require()
        var request = ListRequest(title: "return first \(style)", columns: ["Fruit"], rows: Self.fruit.map { [$0.name] },
                                  style: style)
        request.returnChoosesFirstRow = true
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.key("Return")
        let reply = try await answer(of: task, "return first")?.get()
        // As zenity 4.2.2: the first row of a single list, none of a multiple one.
        let expected = style == .single ? ListSelection(indices: [0], rows: [["apple"]]) : ListSelection()
        #expect(reply == DialogReply(outcome: .button(1), value: expected))
    }

    @Test func aSingleListStartsOnItsFirstRowWhenReturnChoosesIt() async throws {
        try GtkTestLoop.require()
        var request = ListRequest(title: "first row start", columns: ["Fruit"], rows: Self.fruit.map { [$0.name] })
        request.returnChoosesFirstRow = true
        let started = request
        let task = Task { try await Dialog().present(started) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.key("Down", "Return") // the second row, as in zenity 4.2.2
        #expect(try await answer(of: task, "first row start")?.get().value == ListSelection(indices: [1], rows: [["banana"]]))

        request.frame.title = "first row timeout"
        request.frame.timeout = .milliseconds(300)
        let timing = request
        let timedTask = Task { try await Dialog().present(timing) }
        let timed = try await answer(of: timedTask, "first row timeout")?.get()
        #expect(timed == DialogReply(outcome: .timedOut, value: ListSelection(indices: [0], rows: [["apple"]])))
    }

    @Test func returnOnAChosenRowStillAnswersThatRowWhenAsked() async throws {
        try GtkTestLoop.require()
        var request = ListRequest(title: "return chosen", columns: ["Fruit"], rows: Self.fruit.map { [$0.name] })
        request.returnChoosesFirstRow = true
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.key("End", "Return")
        let reply = try await answer(of: task, "return chosen")?.get()
        #expect(reply?.value == ListSelection(indices: [2], rows: [["cherry"]]))
    }

    @Test(arguments: [ListStyle.checklist, .radiolist])
    func returnWithNoRowChosenTogglesTheFirstRowOfACheckOrRadioList(_ style: ListStyle) async throws {
        try GtkTestLoop.require()
        var request = ListRequest(title: "return toggles \(style)", columns: ["", "Fruit"],
                                  rows: Self.fruit.map { [$0.name] }, style: style, checked: [2])
        request.returnChoosesFirstRow = true
        let task = Task { try await Dialog().present(request) }
        let shown = try #require(await ShownDialog.wait())
        // Return ticks apple and does not answer; Space still toggles (banana).
        try Xdotool.key("Return", "Down", "space")
        try await click(button: 1, of: shown)
        let reply = try await answer(of: task, "return toggles")?.get()
        let expected = style == .checklist ? ListSelection(indices: [0, 1, 2], rows: [["apple"], ["banana"], ["cherry"]])
            : ListSelection(indices: [1], rows: [["banana"]])
        #expect(reply == DialogReply(outcome: .button(1), value: expected))
    }

    @Test func anEditIsWhatComesBack() async throws {
        try GtkTestLoop.require()
        var request = ListRequest(title: "editable", columns: ["Fruit", "Colour"], rows: Self.fruit.map { [$0.name, $0.colour] })
        request.isEditable = true
        let task = Task { try await Dialog().present(request) }
        let shown = try #require(await ShownDialog.wait())
        try Xdotool.key("Down", "Return", "ctrl+a")
        try Xdotool.type("plantain")
        try Xdotool.key("Return")
        try await click(button: 1, of: shown)
        let reply = try await answer(of: task, "editable")?.get()
        #expect(reply?.value == ListSelection(indices: [1], rows: [["plantain", "yellow"]]))
    }

    @Test func theTimeoutReadsTheRowSelectedBeforeIt() async throws {
        try GtkTestLoop.require()
        let request = ListRequest(title: "list timeout", columns: ["N"], rows: [["one"], ["two"]],
                                  timeout: .seconds(2))
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.key("Down")
        let reply = try await answer(of: task, "list timeout")?.get()
        #expect(reply == DialogReply(outcome: .timedOut, value: ListSelection(indices: [1], rows: [["two"]])))

        let typed = Task { try await Dialog.select(from: ["a"], columns: ["A"], timeout: .milliseconds(50)) }
        let result = await answer(of: typed, "typed timeout")
        #expect(throws: DialogError.timedOut) { try result?.get() }
    }

    @Test func cancellingTheTaskClosesTheWindow() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.select(from: ["a", "b"], columns: ["A"], title: "list cancelled") }
        _ = try #require(await ShownDialog.wait())
        task.cancel()
        let result = await answer(of: task, "list cancelled")
        #expect(throws: CancellationError.self) { try result?.get() }
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }

    /// Moves the pointer to the list's middle until GTK sees it over a row:
    /// while the window still settles (GtkScrollbar's size warnings), a point
    /// measured early can fall outside the rows, and a double click there
    /// activates nothing.
    private func pointAtARow(of shown: ShownDialog) async throws {
        try await point(at: "a row of the list", measured: { await shown.center(ofFirst: gtk_tree_view_get_type()) },
                        isUnderPointer: { await shown.listRowIsUnderPointer() })
    }

    /// A click on the button for `index` that GTK takes: the pointer is
    /// pointed at it first (``point(at:measured:isUnderPointer:)``).
    private func click(button index: Int, of shown: ShownDialog) async throws {
        try await point(at: "button \(index)", measured: { await shown.buttonCenter(index) },
                        isUnderPointer: { await shown.buttonIsUnderPointer(index) })
        try Xdotool.run(["click", "1"])
    }

    /// Moves the pointer onto a widget until GTK sees it there: from the
    /// corner, so it enters even when it already rested there (a widget that
    /// saw no pointer enter ignores a click). A window still settling its size
    /// under a slow build can move the widget after it was measured: then the
    /// move is made again to where it is now.
    private func point(at target: String, measured: () async -> (x: Int32, y: Int32)?,
                       isUnderPointer: () async -> Bool) async throws {
        let end = Date().addingTimeInterval(10)
        while true {
            let spot = try #require(await measured(), "\(target) is not realized")
            try Xdotool.run(["mousemove", "0", "0", "mousemove", "\(spot.x)", "\(spot.y)"])
            try await GtkTestLoop.handleInputSentSoFar()
            if await isUnderPointer() { return }
            guard Date() < end else { throw WaitFailed("the pointer never got over \(target) at \(spot)") }
        }
    }

    /// The dialog task's result; a dialog still up after 10 s is a hang: the
    /// task is cancelled (closing the window) and the test fails, instead of
    /// a run that never ends.
    private func answer<T: Sendable>(of task: Task<T, any Error>, _ what: String,
                                     sourceLocation: SourceLocation = #_sourceLocation) async -> Result<T, any Error>? {
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            Issue.record("\(what): no answer within 10 s (hang)", sourceLocation: sourceLocation)
            task.cancel()
        }
        let result = await task.result
        watchdog.cancel()
        return result
    }

    /// A pipe whose write end the test holds: rows arrive as the test writes them.
    final class RowPipe: @unchecked Sendable { // the ends are only used from the test's task
        let read: Int32
        var write: Int32
        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw WaitFailed("pipe: \(errno)") }
            (read, write) = (ends[0], ends[1])
        }
        func send(_ text: String) { _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(write, $0.baseAddress, $0.count - 1) } }
        func send(bytes: [UInt8]) { _ = bytes.withUnsafeBufferPointer { Glibc.write(write, $0.baseAddress, $0.count) } }
        func closeWriter() { if write >= 0 { close(write); write = -1 } }
        deinit { closeWriter(); close(read) }
    }

    private func rowCount(is expected: Int) async throws -> Bool {
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            if await ShownDialog.wait(seconds: 1)?.listRowCount() == expected { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    @Test func rowsFromADescriptorShowAsTheyComeAndTheTimeoutHolds() async throws {
        try GtkTestLoop.require()
        let rows = try RowPipe()
        let warnings = Mutex<[String]>([])
        var request = ListRequest(title: "list stream", columns: ["A", "B"], rows: [["given", "0"]],
                                  timeout: .seconds(4))
        request.input = ListInput(fileDescriptor: rows.read, name: "the pipe") { line in warnings.withLock { $0.append(line) } }
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        rows.send("x\n1\ny\n")
        #expect(try await rowCount(is: 2)) // a row shows once its last cell has come: "y" waits
        rows.send("2\nz")
        #expect(try await rowCount(is: 3))
        try Xdotool.key("End") // the row of "y"; the writer never closes, the timeout ends it
        let reply = try await answer(of: task, "stream")?.get()
        #expect(reply?.outcome == .timedOut)
        #expect(reply?.value == ListSelection(indices: [2], rows: [["y", "2"]]))
        #expect(warnings.withLock { $0 }.isEmpty)
    }

    @Test func aWriterGoneMidLineLeavesAShortLastRow() async throws {
        try GtkTestLoop.require()
        let rows = try RowPipe()
        var request = ListRequest(title: "list short row", columns: ["A", "B"], rows: [])
        request.input = ListInput(fileDescriptor: rows.read, name: "the pipe") { _ in }
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        rows.send("a\n1\nhal")
        rows.closeWriter()
        #expect(try await rowCount(is: 2))
        try Xdotool.key("End", "Return")
        let reply = try await answer(of: task, "short row")?.get()
        #expect(reply?.value == ListSelection(indices: [1], rows: [["hal", nil]]))
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharactersWithOneWarning() async throws {
        try GtkTestLoop.require()
        let rows = try RowPipe()
        let warnings = Mutex<[String]>([])
        var request = ListRequest(title: "list encoding", columns: ["A"], rows: [])
        request.input = ListInput(fileDescriptor: rows.read, name: "the pipe") { line in warnings.withLock { $0.append(line) } }
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        rows.send(bytes: [0x61, 0xFF, 0x62, 0x0A, 0xC3, 0x0A, 0x6F, 0x6B, 0x0A])
        rows.closeWriter()
        #expect(try await rowCount(is: 3))
        try Xdotool.key("Down", "Up", "Return")
        let reply = try await answer(of: task, "encoding")?.get()
        #expect(reply?.value.rows.first == ["a\u{FFFD}b"])
        let lines = warnings.withLock { $0 }
        #expect(lines.count == 1 && lines.first?.contains("the pipe is not valid UTF-8") == true, "\(lines)")
    }

    @Test func aHundredThousandRowsLoadAndTheLastIsSelectable() async throws {
        try GtkTestLoop.require()
        let rows = try RowPipe()
        var request = ListRequest(title: "list 100000", columns: ["N"], rows: [])
        request.input = ListInput(fileDescriptor: rows.read, name: "the pipe") { _ in }
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        let writer = Thread { [rows] in
            rows.send((1...100_000).map { "\($0)\n" }.joined())
            rows.closeWriter()
        }
        writer.start()
        #expect(try await rowCount(is: 100_000))
        try Xdotool.key("End", "Return")
        let reply = try await answer(of: task, "100000")?.get()
        #expect(reply?.value == ListSelection(indices: [99_999], rows: [["100000"]]))
    }
}
