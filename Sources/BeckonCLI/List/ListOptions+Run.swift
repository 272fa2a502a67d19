import Beckon

/// A list's run: the rows chosen when it ends, printed as zenity prints them.
extension ListOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = try ListPlan(self, environment: context.environment, translations: context.translations,
                                warn: context.warn)
        if let warning = plan.warning { context.warn(warning) }
        return try await context.output(of: plan.request, buttons: plan.buttons, json: common.json, plan.answer)
    }
}
