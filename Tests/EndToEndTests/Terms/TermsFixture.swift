import BeckonTestSupport
import Foundation
import Testing

/// A private state directory for one test's consent records, and helpers to
/// read what `beckon terms` left there.
final class TermsFixture {
    let root: URL
    /// `XDG_STATE_HOME` for the processes under test.
    var stateHome: String { root.appendingPathComponent("state").path }
    var recordFile: String { stateHome + "/beckon/consents.json" }
    /// With the terms window's gate exposed to the tests (``TermsInput/gate(of:)``).
    var environment: [String: String] { ["XDG_STATE_HOME": stateHome, "BECKON_TEST_EXPOSE_GATE": "1"] }

    static var sample: String { Products.packageRoot.appendingPathComponent("Resources/terms/sample-terms.md").path }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-terms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes `bytes` to a file in the fixture and returns its path.
    func file(_ name: String, _ bytes: Data) throws -> String {
        let url = root.appendingPathComponent(name)
        try bytes.write(to: url)
        return url.path
    }

    /// A copy of the sample terms.
    func sampleCopy(_ name: String = "terms.md") throws -> String {
        try file(name, Data(contentsOf: URL(fileURLWithPath: Self.sample)))
    }

    /// The records in the file, parsed by Foundation (not by Beckon's own code).
    func records() throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: recordFile))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return try #require(json?["records"] as? [[String: Any]])
    }

    /// `beckon terms ARGS` in this fixture's state directory.
    func start(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> RunningProcess {
        try RunningProcess(Products.beckon, ["terms"] + arguments,
                           environment: environment.merging(extra) { $1 }, stdin: stdin)
    }

    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:],
             deadline: Double = 20) throws -> ProcessResult {
        try start(arguments, stdin: stdin, environment: extra).wait(deadline: deadline)
    }

    /// How BeckonTermsHarness answers the terms in place of a person.
    enum Answer: String {
        case accept, decline, escape
    }

    /// `beckon terms ARGS` through BeckonTermsHarness: the command's own path,
    /// with `answer` given as if at the window (no display needed), and
    /// optionally a pause (SIGSTOP) halfway through writing the record file.
    func start(answering answer: Answer, _ arguments: [String], pauseMidWrite: Bool = false,
               stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> RunningProcess {
        try RunningProcess(Products.termsHarness, [answer.rawValue] + (pauseMidWrite ? ["--pause-mid-write"] : []) + arguments,
                           environment: environment.merging(extra) { $1 }, stdin: stdin)
    }

    @discardableResult
    func run(answering answer: Answer, _ arguments: [String], stdin: Data? = nil,
             environment extra: [String: String] = [:], deadline: Double = 20) throws -> ProcessResult {
        try start(answering: answer, arguments, stdin: stdin, environment: extra).wait(deadline: deadline)
    }

    /// Writes `bytes` as the record file (creating its directory), returns its path.
    @discardableResult
    func writeRecordFile(_ bytes: Data) throws -> String {
        try FileManager.default.createDirectory(atPath: stateHome + "/beckon", withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: recordFile))
        return recordFile
    }

    /// A record file holding an acceptance of `terms` for `id`, written by
    /// hand: what someone who controls the directory could plant.
    static func plantedRecords(id: String, terms: String) throws -> Data {
        let record: [String: Any] = ["id": id, "version": NSNull(), "sha256": try sha256(terms),
                                     "accepted_at": "2026-01-01T00:00:00Z", "user": "planted"]
        return try JSONSerialization.data(withJSONObject: ["format": 1, "records": [record]])
    }

    /// Names in the record file's directory that start with "consents.json.corrupt-".
    func corruptFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: stateHome + "/beckon")
            .filter { $0.hasPrefix("consents.json.corrupt-") }
    }

    /// The permission bits of `path`.
    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
    }

    /// SHA-256 of a file by coreutils' sha256sum, independent of GLib.
    static func sha256(_ path: String) throws -> String {
        let result = try BeckonTestSupport.run("/usr/bin/sha256sum", [path])
        return String(result.stdout.prefix(64))
    }
}

/// Real input on a terms window.
enum TermsInput {
    /// Waits for the window of `process`, focused; fails the test without one.
    static func window(of process: RunningProcess, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid), "no window mapped", sourceLocation: sourceLocation)
        try Xdotool.focus(window)
        return window
    }

    /// Clicks the Accept button: the right-most button of the action area,
    /// bottom right in every locale with left-to-right text.
    static func clickAccept(_ window: String) throws {
        try Xdotool.click(window, x: -50, y: -20)
    }

    /// Turns the mouse wheel down `notches` times over the terms.
    static func wheelDown(_ window: String, notches: Int) throws {
        let (width, height) = try Xdotool.size(of: window)
        try Xdotool.wheelDown(window, x: width / 2, y: height / 3, notches: notches)
    }

    /// The state of a terms window's gate and Accept button, as beckon tells it
    /// to tests with BECKON_TEST_EXPOSE_GATE set (in its WM_WINDOW_ROLE):
    /// "closed" or "open"; "scrolled" and "checked" when they hold;
    /// "accept-sensitive" when Accept can be used; "accept-pressed" while a key's
    /// activation of Accept is under way (GTK clicks it up to 250 ms later).
    /// Throws when the window is gone or hidden: the dialog has ended.
    static func gate(of window: String) throws -> Set<String> {
        guard let xwininfo = which("xwininfo"), let xprop = which("xprop") else {
            throw X11.Unavailable(description: "xwininfo or xprop (x11-utils) is missing")
        }
        let role = try BeckonTestSupport.run(xprop, ["-id", window, "WM_WINDOW_ROLE"], deadline: 5)
        guard role.exitCode == 0, !role.timedOut else {
            throw WaitFailed("the terms window \(window) is gone, so the dialog ended: \(role)")
        }
        // Then whether it is on screen: a click of Accept that ended the dialog
        // clears "accept-pressed" first, then hides the window.
        let map = try BeckonTestSupport.run(xwininfo, ["-id", window], deadline: 5)
        guard map.exitCode == 0, !map.timedOut, map.stdout.contains("Map State: IsViewable") else {
            throw WaitFailed("the terms window \(window) is gone or hidden, so the dialog ended: \(map)")
        }
        // WM_WINDOW_ROLE(STRING) = "beckon-terms-gate closed scrolled"
        let text = role.stdout
        guard let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close else { return [] }
        let words = text[text.index(after: open)..<close].split(separator: " ").map(String.init)
        return words.first == "beckon-terms-gate" ? Set(words.dropFirst()) : []
    }

    /// Waits until the gate of `window` shows every one of `words` ("open",
    /// "scrolled", "checked", "accept-sensitive"), with no activation of Accept
    /// under way, in a window still on screen; returns what it showed. Throws
    /// after `seconds` with what it last showed, or at once when the dialog ended.
    ///
    /// This is how a test proves that input which must do nothing did nothing:
    /// X delivers one client's input in order, so when later input has taken
    /// effect, the earlier input was handled before it. A key that activated
    /// Accept would show "accept-pressed" until GTK clicks it; once that is not
    /// shown either, it was never activated or its click is over, and the window
    /// being still on screen says the click ended nothing.
    @discardableResult
    static func waitForGate(_ window: String, _ words: String..., seconds: Double = 10) throws -> Set<String> {
        try poll("the gate of \(window) to show \(words.joined(separator: " ")), Accept not pressed", seconds: seconds) {
            try gate(of: window)
        } until: { $0.isSuperset(of: words) && !$0.contains("accept-pressed") }
    }

    /// Presses Ctrl+End until the gate of `window` is open with Accept usable,
    /// as a person does while the text view lays out the end and the end moves
    /// on, every `every` seconds; returns what the gate showed. `what` names
    /// the terms in the failure, thrown after `seconds` with what the gate last showed.
    @discardableResult
    static func endUntilGateOpens(_ window: String, _ what: String, seconds: Double,
                                  every: Double = 0.2) throws -> Set<String> {
        try press("ctrl+End", on: window, until: ["open", "accept-sensitive"], seconds: seconds, every: every,
                  what: "the gate of \(what) to open after ctrl+End")
    }

    /// Presses `key` every `every` seconds, as a person presses it while
    /// reading, until the gate shows every one of `words`; returns what it
    /// showed. Throws after `seconds` with what the gate last showed.
    @discardableResult
    static func press(_ key: String, on window: String, until words: [String], seconds: Double = 20,
                      every: Double = 0.2, what: String? = nil) throws -> Set<String> {
        try poll(what ?? "\(key) until the gate shows \(words)", seconds: seconds, every: every) {
            try Xdotool.key(key)
            return try gate(of: window)
        } until: { shown in words.allSatisfy(shown.contains) }
    }

    /// Selects all the terms and copies them (ctrl+a, ctrl+c on the focused
    /// window) until the clipboard holds `text`; returns what it holds. Throws
    /// after `seconds` with what it last held.
    @discardableResult
    static func copyAll(until text: String, seconds: Double = 20) throws -> String {
        guard let xclip = which("xclip") else { throw X11.Unavailable(description: "xclip is not installed") }
        return try poll("the clipboard to hold \(text.debugDescription)", seconds: seconds, every: 0.1) {
            try Xdotool.key("ctrl+a", "ctrl+c")
            // Exit 1 ("target STRING not available") until the copy is made: nothing yet.
            return try BeckonTestSupport.run(xclip, ["-o", "-selection", "clipboard"], deadline: 10).stdout
        } until: { $0.contains(text) }
    }
}
