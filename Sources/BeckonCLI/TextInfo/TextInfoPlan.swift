import BeckonCore

/// A text dialog worked out from its options, before any window exists: the
/// request to show and what each button means.
struct TextInfoPlan: Sendable {
    var request: TextInfoRequest
    /// The buttons of `request`, with what each means.
    var buttons: ZenityButtons
    var isEditable: Bool

    /// zenity's title for a text dialog, before translation.
    static let defaultTitle = "Text View"

    /// Throws beckon's error for a `--filename` that cannot be read, and for
    /// `--html`/`--url` where WebKit2GTK 4.1 cannot be loaded (exit code
    /// ZENITY_ERROR, 255 by default). `warn` gets the
    /// warnings about the input (a missing file, bytes that are not UTF-8).
    init(_ options: TextInfoOptions, environment: Environment, translations: Translations,
         isWebKitAvailable: () -> Bool = { TextInfoRequest.isWebKitAvailable },
         stdinWasClosed: Bool = ClosedStandardStreams.stdinWasClosed,
         warn: @escaping @Sendable (String) -> Void = { _ in }) throws(CLIError) {
        let common = options.common
        let buttons = ZenityButtons.cancelOK(common, translations: translations)
        // A file that cannot be read is an error before any window (TextInfoFilename);
        // --html --url shows the page, not the file.
        if let path = options.filename, !(options.html && options.url != nil),
           let error = TextInfoFilename.error(path, exitCode: ZenityExitCode.error.value(in: environment)) {
            throw error
        }
        var source: TextInfoRequest.Source = options.filename.map { .file(path: $0) } ?? .fileDescriptor(0)
        if source == .fileDescriptor(0) && stdinWasClosed {
            warn("standard input is closed: there is no text to show")
            source = .text("")
        }
        var request = TextInfoRequest(
            source, isEditable: options.editable, checkbox: options.checkbox, font: options.font,
            wraps: !options.noWrap, followsEnd: options.autoScroll, onWarning: warn)
        // As in zenity, --url counts only with --html.
        if options.html {
            guard isWebKitAvailable() else {
                throw CLIError(message: "--html needs WebKit2GTK 4.1 (apt-get install libwebkit2gtk-4.1-0)",
                               exitCode: ZenityExitCode.error.value(in: environment))
            }
            request.web = options.url.map { .url($0) } ?? .html
            request.opensLinks = !options.noInteraction
        }
        request.frame = common.frame(buttons, defaultTitle: translations.zenity(Self.defaultTitle),
                                     defaultWindowIcon: CommonOptions.zenityImage("zenity-text.png"),
                                     defaultSize: (300, 400), environment: environment)
        self.request = request
        self.buttons = buttons
        self.isEditable = options.editable
    }

    /// How the answer prints: an editable text exactly as it stands (no
    /// newline added), on OK and on the timeout; nothing otherwise.
    func answer(_ content: TextInfoContent) -> ZenityAnswer {
        guard isEditable else { return ZenityAnswer(printed: "", json: nil, timeout: .printsAnswer) }
        let text = content.text ?? ""
        return ZenityAnswer(printed: text, json: .string(text), timeout: .printsAnswer)
    }
}

extension TextInfoPlan: ZenityPlan {
    @GtkActor init(_ options: TextInfoOptions, context: ZenityContext) throws {
        try self.init(options, environment: context.environment, translations: context.translations,
                      warn: context.warn)
    }
}

extension TextInfoOptions: ZenityKind, SingleTypeDialog { typealias Plan = TextInfoPlan }
