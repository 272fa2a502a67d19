import BeckonIO
import CGtk

/// The words Beckon adds for screen readers to the zenity kinds, whose visible
/// words are zenity's or GTK's own: why a control is disabled. In the person's
/// language where Beckon has it (English, German, Japanese), English otherwise.
/// The terms' words are in ``TermsLabels``.
struct AccessibleWords: Sendable, Hashable {
    /// text-info's OK while its `--checkbox` is not ticked; `{label}` is the checkbox's.
    var tickFirst: String
    /// progress's OK before the work is done.
    var workNotDone: String
    /// progress's Cancel once the work is done.
    var workDone: String
    /// The file chooser's accept button while there is nothing to accept.
    var chooseFileFirst: String

    /// `tickFirst` for the checkbox `label`.
    func tickFirst(_ label: String) -> String {
        tickFirst.replacingPlaceholder("label", with: label)
    }

    static let english = AccessibleWords(
        tickFirst: "Tick “{label}” first", workNotDone: "Available when the work is done",
        workDone: "The work is done", chooseFileFirst: "Choose a file first")

    private static let table: [String: AccessibleWords] = [
        "en": english,
        "de": AccessibleWords(
            tickFirst: "Setzen Sie zuerst das Häkchen bei „{label}“", workNotDone: "Verfügbar, sobald die Arbeit erledigt ist",
            workDone: "Die Arbeit ist erledigt", chooseFileFirst: "Wählen Sie zuerst eine Datei"),
        "ja": AccessibleWords(
            tickFirst: "先に「{label}」をオンにしてください", workNotDone: "処理が終わると使用できます",
            workDone: "処理は終わりました", chooseFileFirst: "先にファイルを選んでください"),
    ]

    /// For the current locale's languages, English when Beckon has none of them.
    static var localized: AccessibleWords { LocaleLanguage.firstKnown(forLanguage) ?? english }

    /// For a locale name such as `de_DE.UTF-8`; nil for a language Beckon has no words in.
    static func forLanguage(_ locale: String) -> AccessibleWords? {
        table[LocaleLanguage.code(locale)]
    }
}
