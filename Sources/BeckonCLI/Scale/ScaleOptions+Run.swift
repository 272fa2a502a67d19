import Beckon

/// A scale's run: the number on the scale, and with `--print-partial` each
/// number it passes on the way, written the moment it changes.
extension ScaleOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let partial = PartialOutput()
        let plan = try ScalePlan(self, environment: context.environment, translations: context.translations,
                                 printPartial: partial.print)
        if let warning = plan.warning { context.warn(warning) }
        return try await partial.run {
            try await context.output(of: plan.request, buttons: plan.buttons, json: common.json, plan.answer)
        }
    }
}
