import Beckon

/// A file dialog's run: its answer is the paths chosen.
extension FileSelectionOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = FileSelectionPlan(self, translations: context.translations)
        plan.warnings.forEach(context.warn)
        return try await context.output(of: plan.request, buttons: plan.buttons, json: common.json, plan.answer)
    }
}
