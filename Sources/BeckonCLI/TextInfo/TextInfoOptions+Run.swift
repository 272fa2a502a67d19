import Beckon

/// A `--text-info` dialog's run: stdin or the file fills the view as it is
/// read; an editable text is printed as it stands at OK or the timeout.
extension TextInfoOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = try TextInfoPlan(self, environment: context.environment, translations: context.translations,
                                    warn: context.warn)
        return try await context.output(of: plan.request, buttons: plan.buttons, json: common.json, plan.answer)
    }
}
