import Beckon

/// A `--password` dialog's run: its answer is the credentials typed.
extension PasswordOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = PasswordPlan(self, environment: context.environment, translations: context.translations)
        let reply = try await context.dialog.present(plan.request)
        return PasswordPlan.answer(reply.value).output(reply.outcome, buttons: plan.buttons,
                                                       environment: context.environment, asJSON: common.json)
    }
}
