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
        #expect(broken?.message == "the JSON: not JSON: line 1, column 11: the text ends where a value was expected")
    }

    /// swiftDialog reads `textfield`, `checkbox` and `listitem` with SwiftyJSON's
    /// `arrayValue` (ProcessCLOptions.swift, the `textField`, `checkbox` and
    /// `listItem` blocks), which makes a string an empty array: the dialog
    /// silently shows no field. Here it is an error that names the key.
    @Test(arguments: ["textfield", "checkbox", "listitem"])
    func aStringWhereAnArrayBelongsIsAnErrorNamingTheKey(_ key: String) {
        var spec = LiveDialogSpec()
        let error = #expect(throws: LiveDialogError.self) { try spec.apply(json: "{\"\(key)\": \"Name\"}") }
        #expect(error?.message == "JSON key \"\(key)\": wants an array (of strings or objects), as in \"\(key)\": [\"…\"], not a string")
        #expect(error?.exitCode == 255)
        #expect(spec.textFields.isEmpty && spec.checkboxes.isEmpty && spec.listItems.isEmpty)
    }

    /// swiftDialog's select list before 1.10 (ProcessCLOptions.swift, the
    /// `dropdownValues` block): `selectvalues` is one list's values, read
    /// with `arrayValue`; `selecttitle` and `selectdefault` are strings, in
    /// whatever order the keys come.
    @Test func selectValuesInJSONAreOneListsValues() throws {
        var spec = LiveDialogSpec()
        _ = try spec.apply(json: #"{"selectvalues": ["Berlin", "Tokyo, Japan"], "selectdefault": "Berlin", "selecttitle": "Site,required"}"#)
        #expect(spec.selects.count == 1)
        #expect(spec.selects.first?.title == "Site" && spec.selects.first?.required == true)
        #expect(spec.selects.first?.values == ["Berlin", "Tokyo, Japan"])
        #expect(spec.selects.first?.defaultValue == "Berlin")
        let string = #expect(throws: LiveDialogError.self) { try spec.apply(json: #"{"selectvalues": "a,b"}"#) }
        #expect(string?.message == #"JSON key "selectvalues": wants an array of strings, one for each value, not a string"#)
        // `selectitems` wins, as there.
        _ = try spec.apply(json: #"{"selectvalues": ["x"], "selectitems": [{"title": "Colour", "values": ["red"]}]}"#)
        #expect(spec.selects.map(\.title) == ["Colour"])
    }

    struct Broken: CustomTestStringConvertible, Sendable {
        var text: String
        var message: String
        var testDescription: String { text }
    }

    /// swiftDialog quits with 202 when `--jsonstring` or `--jsonfile` is not
    /// JSON (ProcessCLOptions.swift: processJSONString, processJSON, "JSON
    /// import failed"); here the message says where and what was expected,
    /// where json-glib said "unexpected character `}', expected character `}'".
    static let broken: [Broken] = [
        Broken(text: #"{"title": }"#, message: "line 1, column 11: a value was expected after ':', found '}'"),
        Broken(text: #"{"title": "x",}"#, message: "line 1, column 15: a key was expected after the comma, found '}': remove the comma before it"),
        Broken(text: #"{"title": "x""#, message: "line 1, column 14: the object opened at line 1, column 1 is not closed: '}' is missing"),
        Broken(text: #"{"title": "x" "y"}"#, message: #"line 1, column 15: ',' or '}' was expected after the value, found '"'"#),
        Broken(text: #"{title: "x"}"#, message: "line 1, column 2: a key in double quotes was expected, found 'title'"),
        Broken(text: "{\n  \"listitem\": [\"a\",]\n}", message: "line 2, column 20: a value was expected after the comma, found ']': remove the comma before it"),
        Broken(text: #"{"title": 'x'}"#, message: "line 1, column 11: strings take double quotes (\"), not single quotes"),
        Broken(text: #"{"ontop": True}"#, message: "line 1, column 11: a value (a string in double quotes, a number, true, false, null, an array or an object) was expected, found 'True'"),
        Broken(text: #"{"a": 1}}"#, message: "line 1, column 9: '}' after the end of the JSON; remove it, or join it with a comma inside the object"),
        Broken(text: " ", message: "line 1, column 2: the text is empty: want a JSON object, as in { \"title\": \"Hello\" }"),
        Broken(text: "{\"message\": \"unclosed}", message: "line 1, column 13: the string that starts here is not closed: '\"' is missing"),
    ]

    @Test(arguments: broken) func textThatIsNotJSONEndsWith202SayingWhereAndWhat(_ broken: Broken) {
        var spec = LiveDialogSpec()
        let error = #expect(throws: LiveDialogError.self) { try spec.apply(json: broken.text, source: "--jsonstring") }
        #expect(error?.exitCode == 202)
        #expect(error?.message == "--jsonstring: not JSON: \(broken.message)")
    }

    /// checkboxes.md, "Using a checkbox to control button1 state", its JSON
    /// form: `{"label": "I Agree", "enableButton1": true}` with
    /// `"button1disabled": true`.
    @Test func aCheckboxThatEnablesButton1FromJSON() throws {
        var spec = LiveDialogSpec()
        _ = try spec.apply(json: #"{"checkbox": [{"label": "I Agree", "enableButton1": true}], "button1disabled": true}"#)
        #expect(spec.checkboxes.first?.enablesButton1 == true)
        #expect(!spec.button1.enabled)
        #expect(spec.button1Enabled(afterToggling: 0, checked: true) == true)
    }
}
