import BeckonCore
import Glibc

/// A progress dialog worked out from its options, before any window exists:
/// the request to show, what each button means, and any warning for stderr.
struct ProgressPlan: Sendable {
    var request: ProgressRequest
    /// The buttons of `request`, with what each means.
    var buttons: ZenityButtons
    /// A line for stderr, such as why the markup was shown as plain text.
    var warning: String?

    /// zenity's title and text for a progress dialog, before translation.
    static let defaultTitle = "Progress"
    static let defaultText = "Running..."

    /// Throws for a stdin that was closed (`<&-`): nothing could ever feed the
    /// bar, where zenity reads its own X connection instead and never ends.
    /// `feed` starts the source of updates (stdin, in the command).
    init(_ options: ProgressOptions, environment: Environment, translations: Translations,
         standardInputIsClosed: Bool = ClosedStandardStreams.stdinWasClosed,
         feed: @escaping @Sendable @GtkActor (ProgressFeed) -> Void) throws(CLIError) {
        if standardInputIsClosed {
            throw CLIError(message: "--progress: stdin is closed, so nothing can report progress; "
                           + "pipe the work's output into it (work | beckon --progress)",
                           exitCode: ZenityExitCode.error.value(in: environment))
        }
        let common = options.common
        // zenity's UI file labels them "Cancel" and "OK", from its own catalogue.
        let buttons = ZenityButtons.cancelOK(common, translations: translations, zenityWording: true)
        let (text, warning) = ZenityText.labelText(options.text, default: translations.zenity(Self.defaultText),
                                                   option: "--text")
        // zenity sets the bar only for a percentage above -1.
        let initial = options.percentage.flatMap { $0 > -1 ? Double(min($0, 100)) / 100 : nil } ?? 0
        var request = ProgressRequest(
            text: text, initialFraction: initial, pulsates: options.pulsate, autoCloses: options.autoClose,
            showsTimeRemaining: options.timeRemaining, isCancellable: !options.noCancel, feed: feed)
        // zenity 4.2's `#` lines are Pango markup (bad markup shows as plain text, with a warning).
        request.textIsMarkup = common.dialect.isZenity4
        request.frame = common.frame(buttons, defaultTitle: translations.zenity(Self.defaultTitle),
                                     defaultWindowIcon: CommonOptions.zenityImage("zenity-progress.png"),
                                     environment: environment)
        self.request = request
        self.buttons = buttons
        self.warning = warning
    }

    /// Nothing printed for OK, nothing on the timeout (exit 5): zenity's
    /// progress prints only an extra button's label. `--json` gives the
    /// percentage the bar showed. With `--auto-close` OK cannot be pressed
    /// before the work is done, and then the window answers OK itself: an OK
    /// ending is the window closing itself.
    func answer(_ state: ProgressState) -> ZenityAnswer {
        var answer = ZenityAnswer(printed: "", json: .double(state.fraction * 100), timeout: .printsAnswer)
        answer.closedItself = request.autoCloses
        return answer
    }
}

/// A progress dialog's run: stdin feeds the bar until it ends or the person
/// stops it; Cancel with `--auto-kill` sends SIGHUP to the parent, as zenity
/// does, and `--kill-writers` stops the work writing stdin.
extension ProgressPlan: ZenityPlan {
    var warnings: [String] { warning.map { [$0] } ?? [] }

    @GtkActor init(_ options: ProgressOptions, context: ZenityContext) throws {
        let warn = context.warn
        // On the terminal fallback, a stdin that is that terminal carries the
        // keys: its bytes cannot be progress lines too, so it is not read.
        let stdinIsTheKeys = context.onTerminal && isatty(0) != 0
        try self.init(options, environment: context.environment, translations: context.translations) { feed in
            guard !stdinIsTheKeys else {
                return warn("beckon: warning: --progress: stdin is the terminal the bar "
                            + "is shown on, so it is not read; pipe the work's output in")
            }
            ProgressStdin.start(feed, warn: warn)
        }
    }

    @GtkActor
    func afterReply(_ reply: DialogReply<ProgressState>, options: ProgressOptions) {
        var cancelled = false
        if case .button(let index) = reply.outcome, buttons.meanings[index] == .cancel { cancelled = true }
        if cancelled && options.autoKill {
            kill(getppid(), SIGHUP)
        }
        if options.killWriters && (cancelled || reply.outcome == .escape || reply.outcome == .close) {
            PipeWriters.stop()
        }
    }
}

extension ProgressOptions: ZenityKind, SingleTypeDialog { typealias Plan = ProgressPlan }
