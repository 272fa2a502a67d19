import Beckon

/// A scale's run: the number on the scale, and with `--print-partial` each
/// number it passes on the way, written the moment it changes.
extension ScaleOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = try ScalePlan(self, environment: context.environment, translations: context.translations,
                                 printPartial: context.print)
        if let warning = plan.warning { context.warn(warning) }
        let reply = try await context.dialog.present(plan.request)
        return plan.answer(reply.value).output(reply.outcome, buttons: plan.buttons,
                                               environment: context.environment, asJSON: common.json)
    }
}
