import BeckonCore

/// A `--entry` dialog worked out from its options, before any window exists:
/// the request to show and what each button means.
struct EntryPlan: Sendable, Equatable {
    var request: EntryRequest
    /// The buttons of `request`, with what each means.
    var buttons: ZenityButtons

    init(_ options: EntryOptions, environment: Environment, translations: Translations) {
        let common = options.common
        buttons = ZenityButtons.cancelOK(common, translations: translations)
        // zenity's --text is a mnemonic label, not markup, after GLib's escapes.
        let prompt = options.text.map(ZenityText.compress) ?? translations.zenity("_Enter new text:")
        // Extra arguments are the combo's entries, --entry-text on top and
        // selected. zenity 3.44 makes the combo only from two arguments and
        // drops a single one; beckon offers it too (upstream counts
        // --entry-text as an entry since 3.44.3).
        var suggestions: [String] = []
        if !options.choices.isEmpty {
            suggestions = (options.entryText.map { [$0] } ?? []) + options.choices
        }
        request = EntryRequest(prompt: prompt, text: options.entryText ?? "", hidesText: options.hideText,
                               suggestions: suggestions)
        request.frame = common.frame(buttons, defaultTitle: translations.zenity("Add a new entry"),
                                     defaultWindowIcon: CommonOptions.zenityImage("zenity-entry.png"),
                                     environment: environment)
    }

    /// How `text`, the field's text as the dialog ended, prints: on OK and on
    /// the timeout, a line; for `--json`, a string.
    static func answer(_ text: String) -> ZenityAnswer {
        ZenityAnswer(printed: text + "\n", json: .string(text), timeout: .printsAnswer)
    }
}

extension EntryPlan: ZenityPlan {
    @GtkActor init(_ options: EntryOptions, context: ZenityContext) {
        self.init(options, environment: context.environment, translations: context.translations)
    }

    func answer(_ text: String) -> ZenityAnswer { Self.answer(text) }
}

extension EntryOptions: ZenityKind, SingleTypeDialog { typealias Plan = EntryPlan }
