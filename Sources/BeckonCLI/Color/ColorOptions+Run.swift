import Beckon

/// A colour dialog's run: its answer is the colour shown when it ends.
extension ColorOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = ColorPlan(self, environment: context.environment, translations: context.translations)
        let reply = try await context.dialog.present(plan.request)
        return ColorPlan.answer(reply.value).output(reply.outcome, buttons: plan.buttons,
                                                    environment: context.environment, asJSON: common.json)
    }
}
