import Beckon

/// A `--entry` dialog's run: its answer is the field's text.
extension EntryOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = EntryPlan(self, environment: context.environment, translations: context.translations)
        let reply = try await context.dialog.present(plan.request)
        return EntryPlan.answer(reply.value).output(reply.outcome, buttons: plan.buttons,
                                                    environment: context.environment, asJSON: common.json)
    }
}
