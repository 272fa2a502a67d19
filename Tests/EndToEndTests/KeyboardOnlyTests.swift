import BeckonTestSupport
import Foundation
import Testing

/// Every zenity kind beckon shows, and `beckon terms`, answered on a real
/// window with the keyboard alone: for each, real keys (XTEST) move the
/// answer away from its default where the kind has one and give it, and the
/// exact stdout and exit code prove what was answered. No pointer event
/// reaches the window: the pointer is parked in the screen's corner before
/// the program starts, and is still there, outside the window, at the end.
/// A kind that a person without a pointer cannot answer fails here.
@Suite(.serialized, .guiHangLimit) struct KeyboardOnlyTests {
    @Test(arguments: KeyboardOnlyCases.all)
    func answeredWithKeysAlone(_ c: KeyboardOnlyCase) throws {
        try X11.require()
        let corner = try Pointer.park()
        let expectedBefore = c.stdout()
        let process = try RunningProcess(Products.beckon, c.arguments, environment: c.environment, stdin: c.stdin,
                                         keepStdinOpen: c.stdinStaysOpen)
        defer { if process.process.isRunning { kill(process.pid, SIGKILL) } }
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process),
                                  "no window: \(process.wait(deadline: 1))")
        // Mapped under a still pointer, the window would get crossing events.
        let frame = try Xdotool.geometry(of: window)
        #expect(!(frame.x...(frame.x + frame.width)).contains(corner.x)
                    || !(frame.y...(frame.y + frame.height)).contains(corner.y),
                "the window \(frame) opened under the pointer \(corner)")
        if c.waitsForInput {
            // beckon puts /dev/null in place of stdin once it has read all of it.
            let descriptor = "/proc/\(process.pid)/fd/0"
            try poll("beckon to read all of stdin", seconds: 15, {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptor)) ?? "closed"
            }, until: { !$0.hasPrefix("pipe:") || !process.process.isRunning })
        }
        // The window manager's activation, as Alt+Tab gives it: not a pointer event.
        try Xdotool.focus(window)
        for step in c.steps {
            try step.perform(on: window, process)
        }
        let result = process.wait(deadline: 15)
        #expect(!result.timedOut, "\(result)")
        // A day in the answer may have turned at midnight during the run.
        let expected = [expectedBefore, c.stdout()]
        #expect(result.exitCode == c.exitCode && expected.contains(result.stdout),
                "expected exit \(c.exitCode), stdout \(expected[0].debugDescription); got \(result)")
        #expect(try Pointer.location() == corner, "the pointer moved during a keyboard-only run")
        try c.check?(result)
    }
}

/// Where the pointer rests. Parked before a window appears, so that nothing a
/// test does after it can be taken for a pointer event.
enum Pointer {
    struct Location: Equatable, CustomStringConvertible {
        var x: Int
        var y: Int
        var description: String { "(\(x), \(y))" }
    }

    /// Moves the pointer to the bottom right corner of the screen and waits until it is there.
    static func park() throws -> Location {
        let screen = try Xdotool.screenSize()
        let corner = Location(x: screen.width - 1, y: screen.height - 1)
        // No --sync: it waits forever when the pointer is already there.
        try Xdotool.run(["mousemove", "\(corner.x)", "\(corner.y)"], deadline: 5)
        return try poll("the pointer to rest at \(corner)", { try location() }, until: { $0 == corner })
    }

    static func location() throws -> Location {
        // getmouselocation also names the window under the pointer, and fails
        // while that window is being destroyed: asked again.
        let output = try poll("xdotool getmouselocation", seconds: 5, {
            try? Xdotool.run(["getmouselocation", "--shell"], deadline: 5)
        }, until: { $0 != nil })!
        var values: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        guard let x = values["X"], let y = values["Y"] else {
            throw Xdotool.Failed("xdotool getmouselocation --shell: no position in \(output.debugDescription)")
        }
        return Location(x: x, y: y)
    }
}

/// One kind, the keys that answer it, and what beckon must give.
struct KeyboardOnlyCase: Sendable, CustomTestStringConvertible {
    enum Step: Sendable {
        /// X key names, pressed in turn on the focused window.
        case keys([String])
        /// Text typed into the focused field.
        case type(String)
        /// Keys, then the keys `again` while beckon still waits, 2 s apart, up
        /// to four times: GTK's file chooser drops a location typed before it
        /// has listed its folder (FileSelectionCases.typingAgainWhileWaiting).
        case keysAgainWhileWaiting([String], again: [String])
        /// Waits until the terms window's gate shows every word (TermsInput.gate).
        case gate([String])
        /// Presses `key` every 0.2 s until the terms window's gate shows every
        /// word, as a person presses it until the end of the terms is reached.
        case press(String, untilGate: [String])

        func perform(on window: String, _ process: RunningProcess) throws {
            switch self {
            case .keys(let keys):
                try Xdotool.key(keys)
            case .type(let text):
                try Xdotool.type(text)
            case .keysAgainWhileWaiting(let keys, let again):
                try Xdotool.key(keys)
                var attempts = 1
                while attempts < 5, (try? poll("beckon to answer", seconds: 2, { process.process.isRunning },
                                               until: { !$0 })) == nil {
                    try Xdotool.key(again)
                    attempts += 1
                }
                if attempts > 1 { print("KeyboardOnlyTests: the keys were typed \(attempts) times") }
            case .gate(let words):
                try poll("the gate of \(window) to show \(words.joined(separator: " ")), Accept not pressed") {
                    try TermsInput.gate(of: window)
                } until: { $0.isSuperset(of: words) && !$0.contains("accept-pressed") }
            case .press(let key, let words):
                try TermsInput.press(key, on: window, until: Array(words),
                                     what: "the gate of \(window) to show \(words.joined(separator: " ")) after \(key)")
            }
        }
    }

    var name: String
    /// beckon's arguments.
    var arguments: [String]
    var environment: [String: String]
    var stdin: Data?
    /// A writer that has not finished: stdin stays open until beckon exits.
    var stdinStaysOpen = false
    /// Whether the keys wait until beckon has read all of stdin.
    var waitsForInput = false
    var steps: [Step]
    var exitCode: Int32
    /// What stdout must be, worked out as the program starts (a form's date follows today).
    var stdout: @Sendable () -> String
    /// More to check once beckon has exited (a terms record).
    var check: (@Sendable (ProcessResult) throws -> Void)?

    var testDescription: String { name }

    init(_ name: String, _ arguments: [String], env: [String: String] = [:], stdin: String? = nil,
         _ steps: [Step], exit: Int32, stdout: @autoclosure @escaping @Sendable () -> String = "") {
        self.name = name
        self.arguments = arguments
        self.environment = ZenityCase.baseEnvironment.merging(env) { $1 }
        self.stdin = stdin.map { Data($0.utf8) }
        self.steps = steps
        self.exitCode = exit
        self.stdout = stdout
    }

    static func keys(_ keys: String...) -> Step { .keys(keys) }
}

/// The table: one case or more for every kind. Key sequences and outputs are
/// those the differential suites checked against zenity 3.44, where zenity has
/// them; the rest are beckon's own (Space on check and radio rows).
enum KeyboardOnlyCases {
    typealias C = KeyboardOnlyCase

    static let all: [KeyboardOnlyCase] = messages + entries + choosers + lists + textInfo + forms + progress + terms

    static let messages: [KeyboardOnlyCase] = [
        C("info: Right to an extra button, Return", ["--info", "--extra-button=Later"], [C.keys("Right", "Return")],
          exit: 1, stdout: "Later\n"),
        C("warning: an extra button's mnemonic", ["--warning", "--extra-button=_Later"], [C.keys("alt+l")],
          exit: 1, stdout: "_Later\n"),
        C("error: Escape", ["--error"], [C.keys("Escape")], exit: 1),
        C("question: Left to No, Return", ["--question"], [C.keys("Left", "Return")], exit: 1),
    ]

    static let entries: [KeyboardOnlyCase] = [
        C("entry: typed, Return", ["--entry", "--entry-text=default"], [.type("typed by hand"), C.keys("Return")],
          exit: 0, stdout: "typed by hand\n"),
        C("password --username: name, Tab, password, Return", ["--password", "--username"],
          [.type("ann"), C.keys("Tab"), .type("s3cret pw"), C.keys("Return")], exit: 0, stdout: "ann|s3cret pw\n"),
    ]

    static let june15 = ["--day=15", "--month=6", "--year=2025"]

    static let choosers: [KeyboardOnlyCase] = [
        // Alt+A (the "C_alendar:" label) reaches the calendar from OK, where the
        // focus starts; the arrows move the cursor from GTK's starting cell.
        C("calendar: alt+a, arrows to another day, space, Tab Tab to OK", ["--calendar", "--date-format=%F"] + june15,
          [C.keys("alt+a", "Right", "Right", "Down", "space", "Tab", "Tab", "Return")], exit: 0,
          stdout: "2025-06-02\n"),
        C("scale: Right ×3, Return", ["--scale", "--value=50"], [C.keys("Right", "Right", "Right", "Return")],
          exit: 0, stdout: "53\n"),
        // The colour-name entry has the focus when the window opens; Return
        // there applies what was typed, Tab Return selects it.
        C("color-selection: a colour typed into the entry", ["--color-selection", "--color=red"],
          [.type("#ff8000"), C.keys("Return", "Tab", "Return")], exit: 0, stdout: "rgb(255,128,0)\n"),
        {
            // Ctrl+L opens the location entry; Ctrl+A selects the name GTK put there.
            let (first, again) = FileSelectionCases.keysTypedAgain(FileSelectionCases.tree + "/b.png")
            return C("file-selection: ctrl+L, a path typed, Return",
                     ["--file-selection", "--filename=\(FileSelectionCases.tree)/a.txt"],
                     env: FileSelectionCases.environment,
                     [.keysAgainWhileWaiting(["ctrl+l", "ctrl+a"] + first, again: again)], exit: 0,
                     stdout: FileSelectionCases.tree + "/b.png\n")
        }(),
    ]

    static let abc = ["--list", "--column=Letter", "a", "b", "c"]

    static let lists: [KeyboardOnlyCase] = [
        // The list has the keyboard with no row under the cursor: Down selects the second row.
        C("list: Down, Return", abc, [C.keys("Down", "Return")], exit: 0, stdout: "b\n"),
        C("checklist: Space ticks the row under the cursor", ListCases.checks,
          [C.keys("Down", "space", "Tab", "Tab", "Return")], exit: 0, stdout: "a|b|c\n"),
        C("radiolist: Space picks the row under the cursor", ListCases.radios,
          [C.keys("End", "space", "Tab", "Tab", "Return")], exit: 0, stdout: "c\n"),
    ]

    static let textInfo: [KeyboardOnlyCase] = [
        // OK stays disabled until the box is ticked: exit 0 proves it was.
        C("text-info --checkbox: Tab to the box, space ticks it, Return is OK",
          ["--text-info", "--filename=\(TextInfoFixtures.twoLines)", "--checkbox=I have read it"],
          [C.keys("Tab", "space", "Return")], exit: 0),
    ]

    /// Tab from field to field; Tab into a list puts its first row under the
    /// cursor, Down the second; Down Down in a combo picks its second entry;
    /// from the combo Tab Tab reaches OK, which Space presses.
    static let forms: [KeyboardOnlyCase] = [
        C("forms: entry, password, calendar, list and combo, moving with Tab",
          ["--forms", "--add-entry=Name", "--add-password=Secret", "--add-calendar=Day", "--forms-date-format=%F",
           "--add-list=Letter", "--list-values=a|b|c", "--add-combo=Size", "--combo-values=S|M|L"],
          [.type("Ann"), C.keys("Tab"), .type("pw 1"),
           C.keys("Tab", "ctrl+Right", "Tab", "Down", "Tab", "Down", "Down", "Tab", "Tab", "space")],
          exit: 0, stdout: "Ann|pw 1|\(sameDayNextMonth())|b,|M\n"),
    ]

    /// The forms calendar starts on today, and ctrl+Right shows the same day
    /// next month: GTK's arithmetic, which takes the month's last day when it is shorter.
    static func sameDayNextMonth() -> String {
        var now = time(nil)
        var today = tm()
        localtime_r(&now, &today)
        var year = Int(today.tm_year) + 1900, month = Int(today.tm_mon) + 2
        if month == 13 { month = 1; year += 1 }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return String(format: "%04d-%02d-%02d", year, month, min(Int(today.tm_mday), lengths[month - 1]))
    }

    static let progress: [KeyboardOnlyCase] = [
        {
            // Cancel has the focus while the work runs; ZENITY_CANCEL tells its
            // press from Escape.
            var c = C("progress: Return presses Cancel while the work runs", ["--progress"],
                      env: ["ZENITY_CANCEL": "3"], stdin: "50\n", [C.keys("Return")], exit: 3)
            c.stdinStaysOpen = true
            return c
        }(),
        {
            // At the end of the input OK becomes usable and takes the focus.
            var c = C("progress: at the end of the work, Return presses OK", ["--progress"], stdin: "30\n100\n",
                      [C.keys("Return")], exit: 0)
            c.waitsForInput = true
            return c
        }(),
    ]

    static let terms: [KeyboardOnlyCase] = [
        termsCase("terms: ctrl+End, the checkbox by its mnemonic, Accept by alt+a",
                  ["--checkbox", "I have read and agree"], // Beckon picks Alt+I
                  [.gate(["closed"]), .press("ctrl+End", untilGate: ["scrolled"]), C.keys("alt+i"),
                   .gate(["open", "checked", "accept-sensitive"]), C.keys("alt+a")]),
        termsCase("terms: Page_Down to the end, Return", [],
                  [.gate(["closed"]), .press("Page_Down", untilGate: ["open", "accept-sensitive"]),
                   .gate(["open", "accept-sensitive"]), C.keys("Return")]),
    ]

    static let stateHomes = TestRunDirectory.make("beckon-keyboard-only-terms")

    /// The sample terms (one page: under TermsPages.pagedAbove), accepted: exit
    /// 0, nothing on stdout, and one record of that id in the case's own state directory.
    static func termsCase(_ name: String, _ arguments: [String], _ steps: [C.Step]) -> C {
        let id = "org.beckon.keyboard-only"
        let stateHome = stateHomes + "/" + UUID().uuidString
        var c = C(name, ["terms", "--file", TermsFixture.sample, "--id", id] + arguments,
                  env: ["XDG_STATE_HOME": stateHome, "BECKON_TEST_EXPOSE_GATE": "1"], steps, exit: 0)
        c.check = { _ in
            let data = try Data(contentsOf: URL(fileURLWithPath: stateHome + "/beckon/consents.json"))
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let records = try #require(json?["records"] as? [[String: Any]], "no records in \(stateHome)")
            #expect(records.count == 1 && records.first?["id"] as? String == id, "\(records)")
        }
        return c
    }
}
