import Beckon
import Glibc

/// A progress dialog's run: stdin feeds the bar until it ends or the person
/// stops it; Cancel with `--auto-kill` sends SIGHUP to the parent, as zenity
/// does, and `--kill-writers` stops the work writing stdin.
extension ProgressOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let warn = context.warn
        // On the terminal fallback, a stdin that is that terminal carries the
        // keys: its bytes cannot be progress lines too, so it is not read.
        let stdinIsTheKeys = context.dialog.presenter is TerminalPresenter && isatty(0) != 0
        let plan = try ProgressPlan(self, environment: context.environment, translations: context.translations,
                                    feed: { feed in
                                        guard !stdinIsTheKeys else {
                                            return warn("beckon: warning: --progress: stdin is the terminal the bar "
                                                        + "is shown on, so it is not read; pipe the work's output in")
                                        }
                                        ProgressStdin.start(feed, warn: warn)
                                    })
        if let warning = plan.warning { context.warn(warning) }
        let reply = try await context.dialog.present(plan.request)
        var cancelled = false
        if case .button(let index) = reply.outcome, plan.buttons.meanings[index] == .cancel { cancelled = true }
        if cancelled && autoKill {
            kill(getppid(), SIGHUP)
        }
        if killWriters && (cancelled || reply.outcome == .escape || reply.outcome == .close) {
            PipeWriters.stop()
        }
        return plan.answer(reply.value).output(reply.outcome, buttons: plan.buttons, environment: context.environment,
                                               asJSON: common.json)
    }
}
