import Beckon

/// A colour dialog's run: its answer is the colour shown when it ends.
extension ColorOptions: ZenityDialog {
    var timeoutRule: ZenityAnswer.Timeout { ColorPlan.timeout }

    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = ColorPlan(self, environment: context.environment, translations: context.translations)
        return try await context.output(of: plan.request, buttons: plan.buttons, json: common.json, ColorPlan.answer)
    }
}
