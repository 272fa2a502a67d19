import Beckon

/// A message dialog's run: its answer is the button alone.
extension MessageOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = MessagePlan(self, environment: context.environment, translations: context.translations)
        if let warning = plan.warning { context.warn(warning) }
        let outcome = try await context.dialog.present(plan.request)
        return ZenityAnswer().output(outcome, buttons: plan.buttons, environment: context.environment,
                                     asJSON: common.json)
    }
}
