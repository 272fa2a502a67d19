import BeckonCore

/// A colour dialog worked out from its options, before any window exists:
/// the request to show and what each button means.
struct ColorPlan: Sendable, Equatable {
    var request: ColorRequest
    /// The buttons of `request`, with what each means.
    var buttons: ZenityButtons

    init(_ options: ColorOptions, environment: Environment, translations: Translations) {
        let common = options.common
        // GTK's colour dialog: Cancel, then Select; zenity adds its extra
        // buttons after them. zenity 3.44 crashes on --ok-label and
        // --cancel-label here; beckon puts them on the buttons.
        let buttons = ZenityButtons.cancelOK(common, translations: translations, ok: "_Select")

        // zenity passes --color to gdk_rgba_parse and ignores what it refuses.
        var request = ColorRequest(initial: options.color.flatMap(RGBAColor.init(parsing:)),
                                   showsPalette: options.showPalette)
        // No default title: GTK's colour dialog shows the program's name, and
        // no window icon of zenity's own.
        // GTK 4's colour chooser is no AdwMessageDialog: zenity 4 shows no heading there either.
        var frame = common.frame(buttons, defaultTitle: "", defaultWindowIcon: nil, headed: false,
                                 environment: environment)
        frame.title = common.title
        // GTK's colour dialog has a fixed size, which zenity keeps whatever
        // --width and --height say: a bigger window would only add empty space.
        frame.width = nil
        frame.height = nil
        request.frame = frame
        self.request = request
        self.buttons = buttons
    }

    /// Like the password dialog, zenity's colour dialog prints nothing on
    /// timeout and exits with the ESC code (its timeout is a response that
    /// the dialog takes for an unknown button).
    static let timeout = ZenityAnswer.Timeout.exits(.esc)

    /// What the process prints for `color`, the colour the window held.
    static func answer(_ color: RGBAColor) -> ZenityAnswer {
        ZenityAnswer(printed: color.cssString + "\n", json: .string(color.cssString), timeout: timeout)
    }
}

extension ColorPlan: ZenityPlan {
    @GtkActor init(_ options: ColorOptions, context: ZenityContext) {
        self.init(options, environment: context.environment, translations: context.translations)
    }

    func answer(_ color: RGBAColor) -> ZenityAnswer { Self.answer(color) }
}

extension ColorOptions: ZenityKind, SingleTypeDialog { typealias Plan = ColorPlan }
