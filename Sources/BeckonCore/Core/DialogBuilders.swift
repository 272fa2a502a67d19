/// How one kind of dialog is built by each presenter: its GTK window and its
/// terminal prompt.
///
/// Opaque: only Beckon's kinds make one, and the one way they can asks for
/// both builders, so a kind without its `+Gtk` or `+Terminal` extension does
/// not compile (see docs/architecture.md, "Each kind's contract").
public struct DialogBuilders<Value: Sendable>: Sendable {
    /// Builds the window (not yet shown) and says how to read its answer.
    let makeWindow: @GtkActor @Sendable (DialogControl) throws -> DialogWindow<Value>
    /// The terminal prompt, in its first state.
    let makePrompt: @GtkActor @Sendable () throws -> any TerminalPrompt<Value>

    /// The builders of `kind`, which has both.
    package init<Kind: GtkDialogKind & TerminalDialogKind>(_ kind: Kind) where Kind.Value == Value {
        self.init(window: { try kind.makeWindow($0) }, prompt: { try kind.makePrompt() })
    }

    /// Builders given one by one, for a kind shown in one way only (a test's
    /// window-less kind).
    init(window: @escaping @GtkActor @Sendable (DialogControl) throws -> DialogWindow<Value>,
         prompt: @escaping @GtkActor @Sendable () throws -> any TerminalPrompt<Value>) {
        makeWindow = window
        makePrompt = prompt
    }
}

/// A request GtkPresenter can show: each kind's GTK builder, in
/// `<Kind>Request+Gtk.swift`.
package protocol GtkDialogKind<Value>: DialogRequest {
    associatedtype Value
    /// Builds the window (not yet shown) and says how to read its answer.
    @GtkActor func makeWindow(_ control: DialogControl) throws -> DialogWindow<Value>
}

/// A request ``TerminalPresenter`` can show: each kind's terminal prompt, in
/// `<Kind>Request+Terminal.swift`.
package protocol TerminalDialogKind<Value>: DialogRequest {
    associatedtype Value
    /// The prompt for this request, in its first state.
    @GtkActor func makePrompt() throws -> any TerminalPrompt<Value>
}

/// A terminal prompt made from its request alone.
@GtkActor
protocol RequestPrompt<Request>: TerminalPrompt where Value == Request.Value {
    associatedtype Request: DialogRequest
    init(_ request: Request)
}

/// A kind whose terminal prompt is one ``RequestPrompt``, made once the
/// request is valid: the `+Terminal` builder most kinds share.
protocol PromptedKind: TerminalDialogKind {
    associatedtype Prompt: RequestPrompt where Prompt.Request == Self
    /// Throws ``DialogError/invalidRequest(_:)`` for a request no one could answer.
    func validate() throws(DialogError)
}

extension PromptedKind {
    @GtkActor
    package func makePrompt() throws -> any TerminalPrompt<Value> {
        try validate()
        return Prompt(self)
    }
}
