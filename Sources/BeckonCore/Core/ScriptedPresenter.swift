/// A presenter that answers from a script, for unit tests without a display.
///
/// ```swift
/// let presenter = ScriptedPresenter([.button("_Accept")])
/// try await termsWorkflow(dialog: Dialog(presenter: presenter))
/// #expect(await presenter.shown.map(\.title) == ["Terms of Use"])
/// ```
///
/// Every kind can be answered: ``Answer/enter(_:)`` types or picks a value of
/// the kind's own value type (a `String` for text, a ``CalendarDate``, a
/// ``ListSelection``…) and presses the default button, as Return would.
public actor ScriptedPresenter: DialogPresenter {
    /// One scripted answer.
    public enum Answer: Sendable, Hashable {
        /// The button with this label (mnemonic underscores are ignored).
        case button(String)
        /// The button at this index.
        case buttonAt(Int)
        /// The first button with this role.
        case role(DialogRole)
        /// A value entered, then the default button (Return); made by
        /// ``enter(_:)``.
        case entered(ScriptedEntry)
        /// Escape, a window close, a destroy, or the timeout.
        case escape, close, destroyed, timeout

        /// `value` entered, then the default button (Return). `value` is of the
        /// kind's own value type (``DialogRequest/Value``); the request takes it
        /// as its window would (``DialogRequest/value(scripted:)``).
        public static func enter<Value: Sendable & Hashable>(_ value: Value) -> Answer {
            .entered(ScriptedEntry(value))
        }
    }

    /// Why a scripted presenter could not answer.
    public enum ScriptError: Error, Sendable, Equatable {
        /// A dialog (by its title) was shown after the script ran out.
        case noAnswerLeft(title: String?)
        /// The scripted answer names no button of the dialog, or a value of
        /// another kind.
        case doesNotFit(Answer, title: String?)
    }

    private var answers: [Answer]
    /// Every request shown so far, in order.
    public private(set) var shown: [any DialogRequest] = []

    public init(_ answers: [Answer]) {
        self.answers = answers
    }

    /// The answers not used yet.
    public var remaining: [Answer] { answers }

    public func present<Request: DialogRequest>(_ request: Request) async throws -> DialogReply<Request.Value> {
        try Task.checkCancellation()
        shown.append(request)
        guard !answers.isEmpty else { throw ScriptError.noAnswerLeft(title: request.title) }
        let answer = answers.removeFirst()
        let buttons = request.frame.buttons
        let doesNotFit = ScriptError.doesNotFit(answer, title: request.title)
        guard let untouched = request.value(scripted: nil) else { throw doesNotFit }
        func reply(_ outcome: DialogOutcome, _ value: Request.Value? = nil) -> DialogReply<Request.Value> {
            DialogReply(outcome: outcome, value: value ?? untouched)
        }
        switch answer {
        case .button(let label):
            let plain = { (s: String) in s.filter { $0 != "_" } }
            guard let index = buttons.firstIndex(where: { plain($0.label) == plain(label) }) else { throw doesNotFit }
            return reply(.button(index))
        case .buttonAt(let index):
            guard buttons.indices.contains(index) else { throw doesNotFit }
            return reply(.button(index))
        case .role(let role):
            guard let index = buttons.firstIndex(where: { $0.role == role }) else { throw doesNotFit }
            return reply(.button(index))
        case .entered(let entry):
            guard let index = request.frame.defaultButtonIndex, let typed = entry.value as? Request.Value,
                  let value = request.value(scripted: typed) else {
                throw doesNotFit
            }
            return reply(.button(index), value)
        case .escape: return reply(.escape)
        case .close: return reply(.close)
        case .destroyed: return reply(.destroyed)
        case .timeout: return reply(.timedOut)
        }
    }
}
