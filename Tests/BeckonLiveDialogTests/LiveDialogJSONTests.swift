import BeckonJSON
import Testing
@testable import BeckonLiveDialog

/// JSON in, with every key type swiftDialog's "JSON Configuration" page shows.
@Suite struct LiveDialogJSONTests {
    @Test func everyKeyTypeFromTheDocumentation() throws {
        var spec = LiveDialogSpec()
        let input = try spec.apply(json: """
        {
          "title": "An Important Message",
          "message": "Line one\\nLine two",
          "hideicon": true,
          "infobutton": true,
          "quitoninfo": true,
          "width": 600,
          "height": "400",
          "timer": 30,
          "progress": true,
          "button1text": "Continue",
          "textfield": ["Text Entry 1", {"title": "Secret", "secure": true, "required": true, "name": "pw"}],
          "checkbox": [{"label": "Option 1", "checked": true, "disabled": true}, {"label": "Option 2"}],
          "selectitems": [{"title": "Select 2", "values": ["red", "green", "blue"], "default": "red", "style": "radio"}],
          "listitem": ["Item 1", {"title": "Item Two", "status": "wait", "statustext": "Waiting"}],
          "commandfile": "/run/user/1000/my.log",
          "json": true,
          "showdockicon": true,
          "nosuchkey": 1
        }
        """)
        #expect(spec.title == "An Important Message")
        #expect(spec.message == "Line one\nLine two")
        #expect(spec.icon == nil)
        #expect(spec.infoButton != nil && spec.quitOnInfo)
        #expect(spec.window.width == 600 && spec.window.height == 400)
        #expect(spec.timer == 30)
        #expect(spec.progress?.total == 100)
        #expect(spec.button1.label == "Continue")
        #expect(spec.textFields.map(\.key) == ["Text Entry 1", "pw"])
        #expect(spec.textFields[1].secure && spec.textFields[1].required)
        #expect(spec.checkboxes.map(\.checked) == [true, false])
        #expect(spec.checkboxes[0].disabled)
        #expect(spec.selects.first?.values == ["red", "green", "blue"])
        #expect(spec.selects.first?.style == .radio)
        #expect(spec.listItems.map(\.title) == ["Item 1", "Item Two"])
        #expect(spec.listItems[1].status == .wait)
        #expect(input.commandFile == "/run/user/1000/my.log")
        #expect(input.jsonOutput == true)
        #expect(input.warnings.count == 2)
    }

    @Test func jsonTakesPrecedenceAndItsArraysReplaceTheCommandLines() throws {
        let invocation = try LiveDialogInvocation(arguments: ["--title", "CLI", "--listitem", "a", "--listitem", "b", "--message", "kept"])
        var spec = LiveDialogSpec()
        for (option, value) in invocation.given { try option.apply(value, to: &spec) }
        _ = try spec.apply(json: #"{"title": "JSON", "listitem": ["c"]}"#)
        #expect(spec.title == "JSON")
        #expect(spec.listItems.map(\.title) == ["c"])
        #expect(spec.message == "kept")
    }

    @Test func wrongTypesNameTheKey() {
        var spec = LiveDialogSpec()
        let flag = #expect(throws: LiveDialogError.self) { try spec.apply(json: #"{"ontop": "sometimes"}"#) }
        #expect(flag?.message == #"JSON key "ontop": wants true or false, not a string"#)
        let text = #expect(throws: LiveDialogError.self) { try spec.apply(json: #"{"title": ["a"]}"#) }
        #expect(text?.message == #"JSON key "title": wants a string, not an array"#)
        let nested = #expect(throws: LiveDialogError.self) { try spec.apply(json: #"{"textfield": [{"title": "x", "required": "maybe"}]}"#) }
        #expect(nested?.message == #"JSON key "textfield.required": wants true or false, not a string"#)
        let item = #expect(throws: LiveDialogError.self) { try spec.apply(json: #"{"listitem": [true]}"#) }
        #expect(item?.message == #"JSON key "listitem[0]": wants a string, not a boolean"#)
        let top = #expect(throws: LiveDialogError.self) { try spec.apply(json: "[1]") }
        #expect(top?.message.contains("wants an object") == true)
        let broken = #expect(throws: LiveDialogError.self) { try spec.apply(json: "{\"title\": ") }
        #expect(broken?.message.hasPrefix("the JSON cannot be read") == true)
    }
}
