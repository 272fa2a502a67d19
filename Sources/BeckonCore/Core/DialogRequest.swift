/// A question one kind of dialog asks: what its window shows, and what the
/// person gives back besides a button.
///
/// Beckon's kinds conform: ``MessageRequest`` (nothing besides the button),
/// ``EntryRequest`` (text), and the others in their folders. Pass one to
/// ``Dialog/present(_:)`` for the full ``DialogReply``, or use the typed
/// calls such as ``Dialog/choice(_:title:message:detail:kind:parent:timeout:)-swift.method``.
public protocol DialogRequest: Sendable {
    /// What the window holds when it ends: the entry's text, the chosen date…
    associatedtype Value: Sendable

    /// The window, its buttons and its timeout.
    var frame: DialogFrame { get }

    /// The value a ``ScriptedPresenter`` answer stands for: the request's own
    /// initial value for nil (nothing was changed), otherwise `scripted` as
    /// this request's window would hold it, or nil when it could not (a row
    /// that is not in the list, a day that does not exist).
    func value(scripted: Value?) -> Value?

    /// How ``GtkPresenter`` and ``TerminalPresenter`` show this request.
    ///
    /// Beckon's own kinds have it; a request of your own that asks one of
    /// them hands on theirs (`inner.builders`).
    var builders: DialogBuilders<Value> { get }
}

extension DialogRequest {
    /// The window title.
    public var title: String? { frame.title }
}

/// How one dialog ended, with what its window held at that moment.
///
/// The value is read at every ending, before the window goes: the text typed
/// before Escape, the number on the scale when the timeout passed.
public struct DialogReply<Value: Sendable>: Sendable {
    /// A button, Escape, a close, a destroy or the timeout.
    public var outcome: DialogOutcome
    /// What the window held.
    public var value: Value

    public init(outcome: DialogOutcome, value: Value) {
        self.outcome = outcome
        self.value = value
    }

    /// The value when the person accepted it: a button with the default role,
    /// which is what Return gives. Nil for Cancel, Escape, a close, a destroy;
    /// throws ``DialogError/timedOut`` for the timeout. The typed calls
    /// (`Dialog.text`, `Dialog.number`, …) all mean a dismissal this one way.
    public func accepted(in frame: DialogFrame) throws(DialogError) -> Value? {
        switch outcome {
        case .button(let index): frame.buttons[index].role == .default ? value : nil
        case .escape, .close, .destroyed: nil
        case .timedOut: throw .timedOut
        }
    }
}

extension DialogReply: Equatable where Value: Equatable {}
extension DialogReply: Hashable where Value: Hashable {}
