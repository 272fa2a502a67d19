import Beckon

/// A calendar's run: the day selected, printed through the date format.
extension CalendarOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = try CalendarPlan(self, environment: context.environment, translations: context.translations)
        if let warning = plan.warning { context.warn(warning) }
        return try await context.output(of: plan.request, buttons: plan.buttons, json: common.json, plan.answer)
    }
}
