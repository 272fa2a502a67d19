import Beckon

/// A calendar's run: the day selected, printed through the date format.
extension CalendarOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = try CalendarPlan(self, environment: context.environment, translations: context.translations)
        if let warning = plan.warning { context.warn(warning) }
        let reply = try await context.dialog.present(plan.request)
        return plan.answer(reply.value).output(reply.outcome, buttons: plan.buttons,
                                               environment: context.environment, asJSON: common.json)
    }
}
