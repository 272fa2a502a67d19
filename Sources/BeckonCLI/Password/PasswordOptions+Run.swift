import Beckon

/// A `--password` dialog's run: its answer is the credentials typed.
extension PasswordOptions: ZenityDialog {
    var timeoutRule: ZenityAnswer.Timeout { PasswordPlan.timeout }

    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = PasswordPlan(self, environment: context.environment, translations: context.translations)
        return try await context.output(of: plan.request, buttons: plan.buttons, json: common.json, PasswordPlan.answer)
    }
}
