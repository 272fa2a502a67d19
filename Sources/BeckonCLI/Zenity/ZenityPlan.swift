import BeckonCore

/// A zenity kind's CLI contract: its options (``ParsedOptions``) make a plan,
/// and one ``run(_:)`` shows the plan's request and prints the reply through
/// the shared output step (``ZenityAnswer/output(_:buttons:environment:asJSON:)``).
protocol ZenityKind: ZenityDialog, KindOptions {
    associatedtype Plan: ZenityPlan where Plan.Options == Self
}

/// A dialog worked out from its options before any window exists: the request
/// to show, what each button means, the warnings for stderr, and how the value
/// the dialog ends with prints.
protocol ZenityPlan: Sendable {
    associatedtype Options: ZenityKind
    associatedtype Request: DialogRequest
    var request: Request { get }
    /// The buttons of `request`, with what each means.
    var buttons: ZenityButtons { get }
    /// Lines for stderr, written before the dialog shows.
    var warnings: [String] { get }
    /// The kind's name in `--json`'s `"kind"`.
    var jsonKind: String { get }
    /// What `--timeout` does for this kind.
    static var timeout: ZenityAnswer.Timeout { get }
    /// What `--timeout` does for this kind in `dialect`; ``timeout`` unless
    /// zenity 4.2 differs.
    static func timeout(in dialect: ZenityDialect) -> ZenityAnswer.Timeout

    /// The plan for `options`, as the command makes it; throws zenity's errors.
    @GtkActor init(_ options: Options, context: ZenityContext) throws
    /// How the value the dialog ends with prints.
    func answer(_ value: Request.Value) -> ZenityAnswer
    /// Runs the whole dialog, `show`; a kind that writes while it is shown
    /// (a scale's `--print-partial`) wraps it.
    @GtkActor func presenting(_ show: @escaping @GtkActor () async throws -> ZenityOutput) async throws -> ZenityOutput
    /// What the kind does once the reply is in, before it prints (progress:
    /// `--auto-kill`, `--kill-writers`).
    @GtkActor func afterReply(_ reply: DialogReply<Request.Value>, options: Options)
}

extension ZenityPlan {
    var warnings: [String] { [] }
    static var timeout: ZenityAnswer.Timeout { .printsAnswer }
    static func timeout(in _: ZenityDialect) -> ZenityAnswer.Timeout { timeout }

    @GtkActor
    func presenting(_ show: @escaping @GtkActor () async throws -> ZenityOutput) async throws -> ZenityOutput {
        try await show()
    }

    @GtkActor func afterReply(_ reply: DialogReply<Request.Value>, options: Options) {}
}

extension ZenityKind {
    var timeoutRule: ZenityAnswer.Timeout { Plan.timeout(in: common.dialect) }

    /// Every kind's run: plan, warn, show, then the shared output step.
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let plan = try Plan(self, context: context)
        plan.warnings.forEach(context.warn)
        return try await plan.presenting {
            let reply = try await context.dialog.present(plan.request)
            plan.afterReply(reply, options: self)
            return plan.answer(reply.value).output(reply.outcome, buttons: plan.buttons,
                                                   environment: context.environment, asJSON: common.json,
                                                   kind: plan.jsonKind, dialect: context.dialect)
        }
    }
}
