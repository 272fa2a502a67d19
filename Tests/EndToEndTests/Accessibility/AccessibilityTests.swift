import BeckonTestSupport
import Foundation
import Testing

/// Every kind's real window read through AT-SPI, as a screen reader reads it:
/// scripts/atspi-probe starts the registry on a private session bus
/// (dbus-run-session), then the program, and reports what a user of Orca
/// would miss: interactive elements and windows without a name, disabled
/// controls that do not say why, a reading order that is not the visual one,
/// a start focus that is not the first field. zenity 3.44's count is printed
/// beside beckon's.
@Suite(.serialized, .guiHangLimit) struct AccessibilityTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        /// Keeps stdin open (progress reads it until it ends).
        var stdinOpen = false
        /// More variables for the program (terms: its private state directory).
        var environment: [String: String] = [:]
        /// How many windows to wait for (a login gate: its shield too).
        var windows = 1
        /// Findings beckon still has here, word for word: known gaps, listed
        /// so that any other finding fails. Empty for a kind with none.
        var knownGaps: [String] = []
        var testDescription: String { name }
    }

    static let text = Products.packageRoot.appendingPathComponent("Tests/EndToEndTests/Accessibility/AccessibilityTests.swift").path

    static let cases: [Case] = [
        Case(name: "info", arguments: ["--info", "--text=Saved"]),
        Case(name: "error", arguments: ["--error", "--text=Failed"]),
        Case(name: "warning", arguments: ["--warning", "--text=Careful"]),
        Case(name: "question", arguments: ["--question", "--text=Proceed?"]),
        Case(name: "entry", arguments: ["--entry", "--text=Name"]),
        Case(name: "password", arguments: ["--password", "--username"]),
        Case(name: "calendar", arguments: ["--calendar", "--text=Day"],
             knownGaps: ["start_focus: focus starts on push button 'OK', not on the first field, calendar ''"]),
        Case(name: "scale", arguments: ["--scale", "--text=Volume"]),
        Case(name: "list", arguments: ["--list", "--text=Pick", "--column=A", "a", "b"]),
        Case(name: "checklist", arguments: ["--list", "--checklist", "--text=Pick", "--column=X", "--column=A",
                                            "FALSE", "a", "FALSE", "b"]),
        Case(name: "radiolist", arguments: ["--list", "--radiolist", "--text=Pick", "--column=X", "--column=A",
                                            "FALSE", "a", "FALSE", "b"]),
        Case(name: "text-info with a checkbox", arguments: ["--text-info", "--filename=\(text)", "--checkbox=I read it"]),
        Case(name: "color-selection", arguments: ["--color-selection"]),
        Case(name: "color-selection with the palette", arguments: ["--color-selection", "--show-palette"]),
        Case(name: "file-selection", arguments: ["--file-selection"]),
        Case(name: "forms", arguments: ["--forms", "--text=Account", "--add-entry=Name", "--add-password=Password",
                                        "--add-calendar=Birthday", "--add-list=Plan", "--list-values=Basic|Pro",
                                        "--add-combo=Country", "--combo-values=DE|JP"]),
        Case(name: "progress before 100 %", arguments: ["--progress", "--text=Working"], stdinOpen: true),
        Case(name: "progress at its end", arguments: ["--progress", "--text=Working"]),
    ]

    /// The probe's findings for one program's window, as "category: finding".
    static func findings(_ program: String, _ kase: Case) throws -> [String] {
        var arguments = ["--audit"]
        if kase.stdinOpen { arguments.append("--stdin-open") }
        if kase.windows != 1 { arguments += ["--windows", String(kase.windows)] }
        arguments += ["--", program] + kase.arguments
        let result = try probe(arguments, environment: kase.environment, deadline: 60)
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        guard let data = line.data(using: .utf8),
              let reply = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let found = reply["findings"] as? [String: [String]] else {
            Issue.record("the probe read no window of \(program) \(kase.arguments): \(result)")
            return ["no window"]
        }
        return found.keys.sorted().flatMap { key in found[key, default: []].map { "\(key): \($0)" } }
    }

    /// scripts/atspi-probe ARGUMENTS on a private session bus of its own,
    /// with the AT-SPI bridge allowed, as on a desktop.
    static func probe(_ arguments: [String], environment extra: [String: String] = [:],
                      deadline: Double) throws -> ProcessResult {
        try startProbe(arguments, environment: extra).wait(deadline: deadline)
    }

    static func startProbe(_ arguments: [String], environment extra: [String: String] = [:]) throws -> RunningProcess {
        let probe = Products.packageRoot.appendingPathComponent("scripts/atspi-probe").path
        // "" unsets: the bridge must load, whatever the developer's shell says.
        let environment = extra.merging(["NO_AT_BRIDGE": "", "GTK_A11Y": ""]) { $1 }
        // The test runner blocks SIGTERM and its children inherit that; the
        // bus dbus-run-session ends with SIGTERM must not, or it never ends.
        let unblocked = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM}); "
            + "os.execvp(sys.argv[1], sys.argv[1:])"
        return try RunningProcess("/usr/bin/python3",
                                  ["-c", unblocked, "dbus-run-session", "--", "/usr/bin/python3", probe] + arguments,
                                  environment: environment)
    }

    @Test(arguments: cases) func beckonsWindowHasNothingAScreenReaderWouldMiss(_ kase: Case) throws {
        try X11.require()
        let beckon = try Self.findings(Products.beckon, kase)
        let zenity = try which("zenity").map { try Self.findings($0, kase) }
        print("accessibility \(kase.name): beckon \(beckon.count) finding(s), zenity 3.44 \(zenity.map { "\($0.count)" } ?? "not installed")")
        for finding in beckon { print("  beckon  \(finding)") }
        for finding in zenity ?? [] { print("  zenity  \(finding)") }
        #expect(beckon.sorted() == kase.knownGaps.sorted(), "\(kase.name): \(beckon)")
    }
}
