import BeckonCore

/// A scale dialog worked out from its options, before any window exists: the
/// request to show, what each button means, and any warning for stderr.
struct ScalePlan: Sendable {
    var request: ScaleRequest
    /// The buttons of `request`, with what each means.
    var buttons: ZenityButtons
    /// A line for stderr, such as why the markup was shown as plain text.
    var warning: String?
    /// Where `--print-partial` writes, in the command; a failed write ends the dialog.
    var partial: PartialOutput?

    /// zenity's title and text for a scale, before translation.
    static let defaultTitle = "Adjust the scale value"
    static let defaultText = "Adjust the scale value"

    /// Throws zenity's errors for a range it refuses (exit code ZENITY_ERROR,
    /// 255 by default), in zenity's order, and beckon's for a step below 1.
    /// `printPartial` receives each partial line (the number and a newline).
    init(_ options: ScaleOptions, environment: Environment, translations: Translations,
         printPartial: @escaping @Sendable (String) -> Void = { _ in }) throws(CLIError) {
        let exitCode = ZenityExitCode.error.value(in: environment)
        let (minimum, maximum, value) = (Int(options.minValue), Int(options.maxValue), Int(options.value))
        guard minimum < maximum else {
            throw CLIError(message: "Maximum value must be greater than minimum value. "
                           + "(--min-value=\(minimum), --max-value=\(maximum))", exitCode: exitCode)
        }
        guard (minimum...maximum).contains(value) else {
            throw CLIError(message: "Value out of range. (--value=\(value) is not from \(minimum) to \(maximum))",
                           exitCode: exitCode)
        }
        guard options.step >= 1 else {
            // zenity takes it, and then the arrow keys do nothing (0) or go the wrong way.
            var error = CLIError.badValue("step=\(options.step)", "the arrow keys need a step of at least 1")
            error.exitCode = exitCode
            throw error
        }

        let common = options.common
        let buttons = ZenityButtons.cancelOK(common, translations: translations)
        let (text, warning) = ZenityText.labelText(options.text, default: translations.zenity(Self.defaultText),
                                                   option: "--text")
        var onChange: (@Sendable (Int) -> Void)?
        if options.printPartial { onChange = { number in printPartial("\(number)\n") } }
        var request = ScaleRequest(
            text: text, range: minimum...maximum, initial: value, step: Int(options.step),
            showsValue: !options.hideValue, onChange: onChange)
        request.frame = common.frame(buttons, defaultTitle: translations.zenity(Self.defaultTitle),
                                     defaultWindowIcon: CommonOptions.zenityImage("zenity-scale.png"),
                                     defaultSize: (300, 100), environment: environment)
        self.request = request
        self.buttons = buttons
        self.warning = warning
    }

    /// How the answer prints: "%.0f\n" on OK and on the timeout, as zenity does.
    func answer(_ value: Int) -> ZenityAnswer {
        ZenityAnswer(printed: "\(value)\n", json: .int(Int64(value)), timeout: .printsAnswer)
    }
}

extension ScalePlan: ZenityPlan {
    var warnings: [String] { warning.map { [$0] } ?? [] }

    @GtkActor init(_ options: ScaleOptions, context: ZenityContext) throws {
        let partial = PartialOutput()
        try self.init(options, environment: context.environment, translations: context.translations,
                      printPartial: partial.print)
        self.partial = partial
    }

    /// With `--print-partial` each number the scale passes is written the
    /// moment it changes; the first write that fails ends the dialog.
    @GtkActor
    func presenting(_ show: @escaping @GtkActor () async throws -> ZenityOutput) async throws -> ZenityOutput {
        guard let partial else { return try await show() }
        return try await partial.run(show)
    }
}

extension ScaleOptions: ZenityKind, SingleTypeDialog { typealias Plan = ScalePlan }
