import Beckon

/// A `--forms` dialog's run: every field's value, joined as zenity joins them.
extension FormsOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = try FormsPlan(self, environment: context.environment, translations: context.translations)
        if let warning = plan.warning { context.warn(warning) }
        return try await context.output(of: plan.request, buttons: plan.buttons, json: common.json, plan.answer)
    }
}
