import Beckon

/// A message dialog's run: its answer is the button alone.
extension MessageOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = MessagePlan(self, environment: context.environment, translations: context.translations)
        if let warning = plan.warning { context.warn(warning) }
        return try await context.output(of: plan.request, buttons: plan.buttons, json: common.json) { _ in ZenityAnswer() }
    }
}
