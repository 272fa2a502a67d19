import BeckonCore
import BeckonIO

extension NotificationOptions {
    /// Sends the notification over D-Bus (or, with `--listen`, one for each
    /// `message:` line), as zenity 3.44 does: exit 0 once sent; with
    /// `--timeout`, 0 for a click on it and 5 when the time passes; 1 when no
    /// session bus or no notification server answers (with a line on stderr,
    /// where zenity says nothing).
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        let deadline = common.effectiveTimeout.map { ContinuousClock.now + .seconds(Int($0)) }
        let (initialHints, warnings) = NotificationHints.parse(hints)
        warnings.forEach(context.warn)
        if given[Key.listen] {
            return try await listen(context, hints: initialHints, deadline: deadline)
        }
        guard let text = given[Key.text] else {
            throw CLIError(message: "--notification needs --text (or --listen)", exitCode: 1)
        }
        guard let parts = NotificationText(text) else {
            throw CLIError(message: "--text: the notification text is empty", exitCode: 1)
        }
        let notification = DesktopNotification(
            summary: parts.summary, body: parts.body, icon: icon, hints: initialHints,
            actions: [Self.clickAction], appName: Self.appName)
        let posted = try await Self.notifying { () async throws(NotificationError) in try await NotificationBus.session().post(notification) }
        guard let deadline else { return output(.sent, exitCode: 0, id: posted.id) }
        return await awaitClick(on: posted, until: deadline, environment: context.environment)
    }

    /// zenity waits for the click until the timeout; the server closing the
    /// notification (it expired, it was dismissed) does not end the wait.
    @GtkActor
    private func awaitClick(on posted: PostedNotification, until deadline: ContinuousClock.Instant,
                            environment: Environment) async -> ZenityOutput {
        if case .action(Self.clickAction.key)? = try? await posted.ending(timeout: deadline - .now) {
            try? await posted.close()
            return output(.clicked, exitCode: ZenityExitCode.ok.value(in: environment), id: posted.id)
        }
        let left = deadline - .now
        if left > .zero { try? await Task.sleep(for: left) }
        return timedOut(environment, id: posted.id)
    }

    /// zenity calls exit(5) itself, ignoring the ZENITY_TIMEOUT it documents;
    /// beckon honours it, as for every dialog.
    func timedOut(_ environment: Environment, id: UInt32? = nil, sent: Int? = nil) -> ZenityOutput {
        output(.timeout, exitCode: ZenityExitCode.timeout.value(in: environment), id: id, sent: sent)
    }

    /// `--listen`: a notification per `message:` or `tooltip:` line, with the
    /// icon and hints the lines before set. Beyond zenity, the end of stdin
    /// ends beckon (exit 0), `--timeout` holds (exit 5), and `--window-icon`
    /// and `--hint` are where the icon and hints start (zenity ignores them here).
    @GtkActor
    private func listen(_ context: ZenityContext, hints initialHints: [NotificationHint],
                        deadline: ContinuousClock.Instant?) async throws -> ZenityOutput {
        let bus = try await Self.notifying { () async throws(NotificationError) in try await NotificationBus.session() }
        let lines = NotificationStdin.lines(warn: context.warn)
        let sent = SentCount()
        let reading = Task { @GtkActor in
            await post(lines, on: bus, hints: initialHints, counting: sent, context)
            return self.output(.endOfInput, exitCode: 0, sent: sent.value)
        }
        guard let deadline else { return await reading.value }
        let ending = FirstOutput()
        GtkSource.timeout(milliseconds: Self.milliseconds(until: deadline)) {
            ending.finish(timedOut(context.environment, sent: sent.value))
            return false
        }
        Task { @GtkActor in ending.finish(await reading.value) }
        let output = await ending.value()
        reading.cancel()
        return output
    }

    /// Posts a notification for each `message:` line of `lines`, as the
    /// `icon:` and `hints:` lines before it say, until `lines` ends.
    @GtkActor
    private func post(_ lines: AsyncStream<[UInt8]>, on bus: NotificationBus, hints initialHints: [NotificationHint],
                      counting sent: SentCount, _ context: ZenityContext) async {
        var icon = self.icon
        var hints = initialHints
        for await line in lines {
            switch NotificationCommand(line) {
            case .icon(let value): icon = value
            case .hints(let value):
                let parsed = NotificationHints.parse(line: value)
                parsed.warnings.forEach(context.warn)
                hints = parsed.hints
            case .message(let value):
                guard let parts = NotificationText(value) else {
                    context.warn("beckon: warning: --listen: an empty message: nothing to show")
                    continue
                }
                let notification = DesktopNotification(
                    summary: parts.summary, body: parts.body, icon: icon, hints: hints, appName: Self.appName)
                do {
                    _ = try await bus.post(notification)
                    sent.value += 1
                } catch {
                    context.warn("beckon: warning: --listen: \(error)")
                }
            case .visible: break
            case .invalidText: context.warn("beckon: warning: --listen: a message is not valid UTF-8; skipped")
            case .unknown(let command): context.warn("beckon: warning: --listen: unknown command '\(command)'")
            case .unparsable: context.warn("beckon: warning: --listen: a line without 'command:'; skipped")
            }
        }
    }

    /// What is left to `deadline` for a GLib timeout, in the one rounding (``DialogDeadline``).
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> UInt32 {
        DialogDeadline(deadline).millisecondsLeft
    }

    /// Runs a notification call; its failure is exit 1 with the reason on stderr.
    @GtkActor
    private static func notifying<T>(_ body: @GtkActor () async throws(NotificationError) -> T) async throws(CLIError) -> T {
        do {
            return try await body()
        } catch {
            throw CLIError(message: "--notification: \(error)", exitCode: 1)
        }
    }
}

/// How many notifications `--listen` has sent so far, for its `--json` line.
@GtkActor
private final class SentCount {
    var value = 0
}

/// The first of several endings of `--listen` (stdin's end, the timeout): later ones are ignored.
private typealias FirstOutput = OnceContinuation<ZenityOutput, Never>
