/// A presenter that answers from a script, for unit tests without a display.
///
/// ```swift
/// let presenter = ScriptedPresenter([.button("_Accept")])
/// try await termsWorkflow(dialog: Dialog(presenter: presenter))
/// #expect(await presenter.shown.map(\.title) == ["Terms of Use"])
/// ```
public actor ScriptedPresenter: DialogPresenter {
    /// One scripted answer.
    public enum Answer: Sendable, Hashable {
        /// The button with this label (mnemonic underscores are ignored).
        case button(String)
        /// The button at this index.
        case buttonAt(Int)
        /// The first button with this role.
        case role(DialogRole)
        /// Escape, a window close, a destroy, or the timeout.
        case escape, close, destroyed, timeout
    }

    /// Why a scripted presenter could not answer.
    public enum ScriptError: Error, Sendable, Equatable {
        /// A dialog was shown after the script ran out.
        case noAnswerLeft(DialogRequest)
        /// The scripted answer names no button of the request.
        case noSuchButton(Answer, DialogRequest)
    }

    private var answers: [Answer]
    /// Every request shown so far, in order.
    public private(set) var shown: [DialogRequest] = []

    public init(_ answers: [Answer]) {
        self.answers = answers
    }

    /// The answers not used yet.
    public var remaining: [Answer] { answers }

    public func present(_ request: DialogRequest) async throws -> DialogOutcome {
        try Task.checkCancellation()
        shown.append(request)
        guard !answers.isEmpty else { throw ScriptError.noAnswerLeft(request) }
        let answer = answers.removeFirst()
        switch answer {
        case .button(let label):
            let plain = { (s: String) in s.filter { $0 != "_" } }
            guard let index = request.buttons.firstIndex(where: { plain($0.label) == plain(label) }) else {
                throw ScriptError.noSuchButton(answer, request)
            }
            return .button(index)
        case .buttonAt(let index):
            guard request.buttons.indices.contains(index) else { throw ScriptError.noSuchButton(answer, request) }
            return .button(index)
        case .role(let role):
            guard let index = request.buttons.firstIndex(where: { $0.role == role }) else {
                throw ScriptError.noSuchButton(answer, request)
            }
            return .button(index)
        case .escape: return .escape
        case .close: return .close
        case .destroyed: return .destroyed
        case .timeout: return .timedOut
        }
    }
}
