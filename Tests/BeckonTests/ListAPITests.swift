import Beckon
import Testing

/// `Dialog.select`, `selectMany`, `check` and `selectIndices` answered by a
/// ScriptedPresenter: the rows themselves come back, and every ending means
/// the same as for every other kind, without a display.
@Suite struct ListAPITests {
    struct Planet: Equatable {
        var name: String
        var moons: Int
    }

    private let planets = [Planet(name: "Mercury", moons: 0), Planet(name: "Earth", moons: 1),
                           Planet(name: "Mars", moons: 2)]

    private func select(_ answer: ScriptedPresenter.Answer) async throws -> Planet? {
        try await Dialog(presenter: ScriptedPresenter([answer]))
            .select(from: planets, columns: ["Planet", "Moons"]) { [$0.name, "\($0.moons)"] }
    }

    @Test func pickingARowGivesTheRowItself() async throws {
        #expect(try await select(.enter(ListSelection(indices: [2]))) == planets[2])
        #expect(try await select(.enter(ListSelection(indices: [0]))) == planets[0])
    }

    @Test func okWithNothingSelectedGivesNil() async throws {
        #expect(try await select(.button("OK")) == nil)
    }

    @Test(arguments: [ScriptedPresenter.Answer.button("Cancel"), .escape, .close, .destroyed])
    func everyDismissalIsNil(_ answer: ScriptedPresenter.Answer) async throws {
        #expect(try await select(answer) == nil)
        let many = try await Dialog(presenter: ScriptedPresenter([answer])).selectMany(from: planets, columns: ["P"])
        #expect(many == nil)
        let checked = try await Dialog(presenter: ScriptedPresenter([answer]))
            .check(from: planets, columns: ["P"], checked: [1, 2])
        #expect(checked == nil)
    }

    @Test func theTimeoutThrows() async {
        await #expect(throws: DialogError.timedOut) { try await select(.timeout) }
    }

    @Test func rowsThatDoNotFitAreRefused() async {
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await select(.enter(ListSelection(indices: [3]))) }
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await select(.enter(ListSelection(indices: [0, 1]))) }
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await select(.enter("Mars")) }
    }

    @Test func selectManyGivesTheRowsInTheOrderShown() async throws {
        let presenter = ScriptedPresenter([.enter(ListSelection(indices: [2, 0])), .button("OK")])
        let dialog = Dialog(presenter: presenter)
        #expect(try await dialog.selectMany(from: planets, columns: ["P"]) { [$0.name] } == [planets[0], planets[2]])
        #expect(try await dialog.selectMany(from: planets, columns: ["P"]) { [$0.name] } == [])
    }

    @Test func checkStartsFromTheCheckedRows() async throws {
        let presenter = ScriptedPresenter([.button("OK"), .enter(ListSelection(indices: [0])), .enter(ListSelection(indices: []))])
        let dialog = Dialog(presenter: presenter)
        let untouched = try await dialog.check(from: planets, columns: ["P"], checked: [1, 2]) { [$0.name] }
        #expect(untouched == [planets[1], planets[2]])
        #expect(try await dialog.check(from: planets, columns: ["P"]) { [$0.name] } == [planets[0]])
        #expect(try await dialog.check(from: planets, columns: ["P"]) { [$0.name] } == [])
        let request = try #require(await presenter.shown.first as? ListRequest)
        #expect(request.style == .checklist && request.columns == ["", "P"] && request.checked == [1, 2])
    }

    @Test func selectIndicesGivesIndicesInEveryStyle() async throws {
        let rows = [["a", "1"], ["b", "2"], ["c", "3"]]
        let presenter = ScriptedPresenter([.enter(ListSelection(indices: [1])), .enter(ListSelection(indices: [2, 0])), .button("OK"),
                                           .enter(ListSelection(indices: [2]))])
        let dialog = Dialog(presenter: presenter)
        #expect(try await dialog.selectIndices(columns: ["L", "N"], rows: rows) == [1])
        #expect(try await dialog.selectIndices(columns: ["L", "N"], rows: rows, style: .multiple) == [0, 2])
        #expect(try await dialog.selectIndices(columns: ["", "L", "N"], rows: rows, style: .radiolist,
                                               checked: [1]) == [1])
        #expect(try await dialog.selectIndices(columns: ["", "L", "N"], rows: rows, style: .radiolist,
                                               checked: [1]) == [2])
    }

    @Test func theRequestShowsWhatWasAsked() async throws {
        let presenter = ScriptedPresenter([.enter(ListSelection(indices: [1]))])
        _ = try await Dialog(presenter: presenter).select(
            from: planets, columns: ["Planet", "Moons"], title: "Go to", text: .markup("<b>Where?</b>"),
            timeout: .seconds(9)) { [$0.name, "\($0.moons)"] }
        let request = try #require(await presenter.shown.first as? ListRequest)
        #expect(request.title == "Go to" && request.text == .markup("<b>Where?</b>"))
        #expect(request.columns == ["Planet", "Moons"] && request.style == .single)
        #expect(request.rows == [["Mercury", "0"], ["Earth", "1"], ["Mars", "2"]])
        #expect(request.frame.timeout == .seconds(9))
        #expect(request.frame.buttons.map(\.role) == [.cancel, .default])
    }

    @Test func presentGivesTheSelectionWithEveryOutcome() async throws {
        let request = ListRequest(columns: ["", "A"], rows: [["a"], ["b"]], style: .checklist, checked: [1])
        let presenter = ScriptedPresenter([.escape, .timeout, .enter(ListSelection(indices: [0, 1]))])
        let dialog = Dialog(presenter: presenter)
        let checkedB = ListSelection(indices: [1], rows: [["b"]])
        #expect(try await dialog.present(request) == DialogReply(outcome: .escape, value: checkedB))
        #expect(try await dialog.present(request) == DialogReply(outcome: .timedOut, value: checkedB))
        #expect(try await dialog.present(request)
                == DialogReply(outcome: .button(1), value: ListSelection(indices: [0, 1], rows: [["a"], ["b"]])))
    }

    @Test(arguments: [
        ListRequest(columns: [], rows: [["a"]]),
        ListRequest(columns: ["A"], rows: [["a"]], style: .checklist, checked: [1]),
        ListRequest(columns: ["A\0"], rows: [["a"]]),
        ListRequest(columns: ["A"], rows: [["a\0b"]]),
    ])
    func requestsNoOneCouldUseAreRefusedBeforeAnyWindow(_ request: ListRequest) async throws {
        let presenter = ScriptedPresenter([.button("OK")])
        await #expect(throws: DialogError.self) {
            try await Dialog(presenter: presenter).selectIndices(columns: request.columns,
                                                                 rows: request.rows.map { $0.map { $0 ?? "" } },
                                                                 style: request.style, checked: request.checked)
        }
        #expect(await presenter.shown.isEmpty)
        #expect(await presenter.remaining.count == 1)
    }

    @Test func cancellationIsHonoured() async throws {
        let presenter = ScriptedPresenter([.button("OK")])
        let planets = self.planets.map(\.name)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Dialog(presenter: presenter).select(from: planets, columns: ["P"])
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
