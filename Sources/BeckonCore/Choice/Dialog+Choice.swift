/// A choice: a message dialog whose buttons are the cases of an enum.
extension Dialog {
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
        kind: MessageKind = .question,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> C {
        let cases = Array(C.allCases)
        let request = MessageRequest(
            title: title, message: message, detail: detail, kind: kind,
            buttons: cases.map { DialogButton($0.label, role: $0.role) },
            timeout: timeout, parent: parent)
        switch try await present(request) {
        case .button(let index): return cases[index]
        case .escape, .close, .destroyed: return C.dismissal
        case .timedOut: throw DialogError.timedOut
        }
    }

    /// ``choice(_:title:message:detail:kind:parent:timeout:)-swift.method`` with plain text.
    public func choice<C: DialogChoice>(
        _ type: C.Type = C.self,
        title: String?,
        message: String,
        detail: String? = nil,
        kind: MessageKind = .question,
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
        kind: MessageKind = .question,
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
        kind: MessageKind = .question,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> C {
        try await Dialog().choice(
            type, title: title, message: message, detail: detail, kind: kind, parent: parent, timeout: timeout)
    }
}
