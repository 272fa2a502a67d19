/// Asks a person something and waits for the answer.
///
/// `Dialog.choice` shows a GTK message dialog whose buttons are the cases of a
/// ``DialogChoice`` enum. A `Dialog` value with another presenter, such as
/// ``ScriptedPresenter``, runs the same code without a display.
public struct Dialog: Sendable {
    /// What shows the dialogs.
    public var presenter: any DialogPresenter

    /// A dialog that shows through `presenter`.
    public init(presenter: any DialogPresenter = GtkPresenter()) {
        self.presenter = presenter
    }

    /// Shows `request` and returns how it ended.
    public func present(_ request: DialogRequest) async throws -> DialogOutcome {
        try await presenter.present(request)
    }

    /// Shows a message dialog with one button per case of `C` and returns the
    /// case chosen.
    ///
    /// Escape, a window-manager close or a destroyed dialog return
    /// `C.dismissal`. Throws ``DialogError/timedOut`` when `timeout` passes and
    /// `CancellationError` when the awaiting task is cancelled (the dialog
    /// closes). Concurrent calls are shown one at a time, in call order.
    public func choice<C: DialogChoice>(
        _ type: C.Type = C.self,
        title: String?,
        message: DialogText,
        detail: DialogText? = nil,
        kind: DialogKind = .question,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> C {
        let cases = Array(C.allCases)
        let request = DialogRequest(
            title: title, message: message, detail: detail, kind: kind,
            buttons: cases.map { DialogButton($0.label, role: $0.role) },
            timeout: timeout, parent: parent)
        switch try await present(request) {
        case .button(let index): return cases[index]
        case .escape, .close, .destroyed: return C.dismissal
        case .timedOut: throw DialogError.timedOut
        }
    }

    /// ``choice(_:title:message:detail:kind:parent:timeout:)`` with plain text.
    public func choice<C: DialogChoice>(
        _ type: C.Type = C.self,
        title: String?,
        message: String,
        detail: String? = nil,
        kind: DialogKind = .question,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> C {
        try await choice(
            type, title: title, message: .plain(message), detail: detail.map(DialogText.plain),
            kind: kind, parent: parent, timeout: timeout)
    }

    /// A choice shown as a real GTK dialog; see ``choice(_:title:message:detail:kind:parent:timeout:)-swift.method``.
    public static func choice<C: DialogChoice>(
        _ type: C.Type = C.self,
        title: String?,
        message: String,
        detail: String? = nil,
        kind: DialogKind = .question,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> C {
        try await Dialog().choice(
            type, title: title, message: message, detail: detail, kind: kind, parent: parent, timeout: timeout)
    }

    /// A choice with markup or plain ``DialogText``, shown as a real GTK dialog.
    public static func choice<C: DialogChoice>(
        _ type: C.Type = C.self,
        title: String?,
        message: DialogText,
        detail: DialogText? = nil,
        kind: DialogKind = .question,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> C {
        try await Dialog().choice(
            type, title: title, message: message, detail: detail, kind: kind, parent: parent, timeout: timeout)
    }
}
