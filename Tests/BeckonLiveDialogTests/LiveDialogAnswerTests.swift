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
