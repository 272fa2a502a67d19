import BeckonJSON
import Testing
@testable import BeckonLiveDialog

/// The printed answers, in swiftDialog's format (its System.swift).
@Suite struct LiveDialogAnswerTests {
    @Test func textAndJSONAsSwiftDialogPrintsThem() {
        var answer = LiveDialogAnswer(ending: .button1)
        answer.textFields = [.init(key: "text 1", value: "one"), .init(key: "text 2", value: "two")]
        answer.selects = [.init(key: "make selection", value: "three", index: 2)]
        answer.checkboxes = [.init(key: "Agree", value: true)]
        #expect(answer.text == """
        text 1 : one
        text 2 : two
        "SelectedOption" : "three"
        "SelectedIndex" : 2
        "make selection" : "three"
        "make selection" index : "2"
        "Agree" : "true"

        """)
        #expect(answer.json.serialized() == #"{"text 1":"one","text 2":"two","SelectedOption":"three","SelectedIndex":2,"make selection":{"selectedValue":"three","selectedIndex":2},"Agree":true}"#)
    }

    /// swiftDialog's source, AppVariables.swift lines 55-66 (`exit0` …
    /// `exit40`), where it and the "Exit Codes" page disagree: the timer quits
    /// with `exit4` (TimerView.swift, lines 102 and 140), not the page's 20;
    /// the window's close button with `exit15` (dialogApp.swift, `.onDisappear`).
    @Test func exitCodesAreSwiftDialogs() {
        let codes = [LiveDialogAnswer.Ending.button1, .button2, .infoButton, .timer, .quitCommand, .quitKey, .closed]
            .map(\.exitCode)
        #expect(codes == [0, 2, 3, 4, 5, 10, 15])
        #expect(LiveDialogExit.unauthorised == 30 && LiveDialogExit.terminated == 40)
        #expect(LiveDialogAnswer(ending: .button2).printsInputs(always: false) == false)
        #expect(LiveDialogAnswer(ending: .button2).printsInputs(always: true))
    }
}

/// swiftDialog's authorisation key: its "Authorization" page and
/// HelpText.swift's example (the SHA-256 of "password"), decided as its
/// System.swift `dialogIsAuthorised` (lines 553-568) and Preferences.swift
/// (the names, lines 23-27) do.
@Suite struct LiveDialogAuthorisationTests {
    static let passwordHash = "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8"
    /// A stand-in for SHA-256 that knows the one example.
    static func sha256(_ text: String) -> String { text == "password" ? passwordHash : "0" + text }

    @Test func withAStoredHashTheKeyMustMatchOrExit30() throws {
        let stored = LiveDialogAuthorisation(values: ["AuthorisationKey": Self.passwordHash.uppercased()])
        try stored.check(key: "password", environmentKey: nil, argumentCount: 3, sha256: Self.sha256)
        try stored.check(key: nil, environmentKey: "password", argumentCount: 3, sha256: Self.sha256)
        let wrong = #expect(throws: LiveDialogError.self) {
            try stored.check(key: "guess", environmentKey: "password", argumentCount: 3, sha256: Self.sha256)
        }
        #expect(wrong?.exitCode == 30 && wrong?.message.hasPrefix("Key authorisation required") == true)
        let none = #expect(throws: LiveDialogError.self) {
            try stored.check(key: nil, environmentKey: nil, argumentCount: 3, sha256: Self.sha256)
        }
        #expect(none?.exitCode == 30)
        // `CommandLine.arguments.count > 2` there: one argument (dialog --version) is let through.
        try stored.check(key: nil, environmentKey: nil, argumentCount: 1, sha256: Self.sha256)
    }

    @Test func withoutAStoredHashEveryDialogStartsAndTheNamesAreSwiftDialogs() throws {
        try LiveDialogAuthorisation(values: [:]).check(key: nil, environmentKey: nil, argumentCount: 5, sha256: Self.sha256)
        #expect(LiveDialogAuthorisation.keyNames == ["AuthorisationKey", "AuthorizationKey", "AuthKey", "Key"])
        #expect(LiveDialogAuthorisation(values: ["Key": "b", "AuthKey": "a"]).storedHash == "a")
    }
}
