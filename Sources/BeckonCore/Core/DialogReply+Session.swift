extension DialogReply {
    /// The reply of one session of `frame`'s window, built by `build`: the
    /// step both presenters share once they know how to build it.
    static func session(
        _ frame: DialogFrame, build: @escaping @GtkActor (DialogControl) throws -> DialogWindow<Value>
    ) async throws -> DialogReply {
        let (ending, value) = try await DialogSession.run(timeout: { frame.timeoutFromNow }, build: build)
        return DialogReply(outcome: DialogOutcome(ending, buttonCount: frame.buttons.count), value: value)
    }
}
