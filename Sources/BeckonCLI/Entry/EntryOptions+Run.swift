import Beckon

/// A `--entry` dialog's run: its answer is the field's text.
extension EntryOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = EntryPlan(self, environment: context.environment, translations: context.translations)
        return try await context.output(of: plan.request, buttons: plan.buttons, json: common.json, EntryPlan.answer)
    }
}
