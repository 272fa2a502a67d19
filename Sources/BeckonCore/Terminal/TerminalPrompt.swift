/// The part of a terminal prompt that is a kind's own: what it shows between
/// the title and the buttons, the keys it takes, and the value it holds.
///
/// ``TerminalDialog`` does the rest for every kind: the title, the buttons
/// and their focus, mnemonics, Escape, Ctrl-C and Ctrl-D, drawing, the
/// countdown. Each kind's folder has a `<Kind>Request+Terminal.swift` with
/// one of these.
@GtkActor
package protocol TerminalPrompt<Value>: AnyObject {
    associatedtype Value
    /// How many focus stops come before the buttons (a text field, a scale).
    var fieldCount: Int { get }
    /// Whether the prompt takes the whole screen (the alternate screen, as a
    /// pager does) rather than a few lines under the shell's prompt.
    var usesWholeScreen: Bool { get }
    /// The lines under the title, for a terminal `layout.width` cells wide,
    /// and where the cursor goes, when on a field.
    func render(_ layout: TerminalLayout) -> TerminalBody
    /// Handles `key` given the field in focus (nil: a button is); returns
    /// ``TerminalKeyResult/ignored`` to leave it to the buttons.
    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult
    /// Whether button `index` can be pressed now.
    func allows(button index: Int) -> Bool
    /// A line under the buttons, such as why one of them waits.
    var hint: String? { get }
    /// Whether its fields take typed characters; when not, a button's
    /// mnemonic letter presses it without Alt, as on a message.
    var takesTyping: Bool { get }
    /// What the prompt holds now: the value the dialog ends with.
    var value: Value { get }
    /// Called once when shown, for a prompt that changes by itself (lines
    /// read from stdin, a task that finishes): how to draw it again and how
    /// to end it, as a key would.
    func start(_ events: TerminalPromptEvents)
    /// Called once as the dialog ends, however it ends, after ``value`` was
    /// read: a prompt reading input (rows, text, progress) stops reading.
    func stop()
    /// The button focused first when the prompt has no fields; nil: the
    /// default one, as in a window.
    var initialButton: Int? { get }
    /// Whether button `index` is shown at all (a progress bar's `--no-cancel`
    /// hides Cancel, as the window does).
    func shows(button index: Int) -> Bool
}

/// What a prompt can ask of its ``TerminalDialog`` between keys.
@GtkActor
package struct TerminalPromptEvents {
    /// Draws the prompt again with what it holds now.
    package var redraw: @GtkActor () -> Void
    /// Ends the dialog, as a button, Escape or a finished task would.
    package var end: @GtkActor (DialogEnding) -> Void
    /// Moves the focus to button `index`, as a window grabs it for a button
    /// that becomes the answer (a progress bar's OK once the work is done).
    package var focusButton: @GtkActor (Int) -> Void
}

extension TerminalPrompt {
    package var usesWholeScreen: Bool { false }
    package func allows(button index: Int) -> Bool { true }
    package var hint: String? { nil }
    package var takesTyping: Bool { true }
    package func start(_ events: TerminalPromptEvents) {}
    package func stop() {}
    package func shows(button index: Int) -> Bool { true }
    package var initialButton: Int? { nil }
}

/// What a prompt has to draw in.
package struct TerminalLayout: Sendable {
    /// Cells per line; a line must stay shorter, so the terminal never wraps it.
    package var width: Int
    /// Lines the body may take (the whole screen's, less the title and buttons).
    package var height: Int
    /// The field in focus, nil when a button is.
    package var focusedField: Int?
}

/// The lines a prompt shows, and the cursor's place in them.
package struct TerminalBody: Sendable {
    package var lines: [String]
    /// Line and cell of the cursor; nil hides it.
    package var cursor: (line: Int, column: Int)?

    package init(_ lines: [String], cursor: (line: Int, column: Int)? = nil) {
        self.lines = lines
        self.cursor = cursor
    }
}

/// What a key did to a prompt.
package enum TerminalKeyResult: Sendable, Equatable {
    /// Taken; draw again.
    case handled
    /// Not the prompt's key: the buttons may take it.
    case ignored
    /// The focus moves to the next stop, as Tab (Return in a user-name field).
    case focusNext
    /// The default button is pressed, as Return.
    case activate
    /// The prompt ends as Escape ends it (`q` in a pager).
    case dismiss
}
