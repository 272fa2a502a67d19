import BeckonConsent
import BeckonCore
import BeckonIO
import CGtk

/// The words of the terms window, with defaults in the person's language.
public struct TermsLabels: Sendable, Hashable {
    /// The window title.
    public var title: String
    /// The Decline button; an underscore marks the mnemonic.
    public var decline: String
    /// The Accept button; an underscore marks the mnemonic.
    public var accept: String
    /// The hint while the terms have not been scrolled to the end.
    public var scrollHint: String
    /// The hint while the checkbox is not ticked.
    public var tickHint: String
    /// The hint while both are missing.
    public var scrollAndTickHint: String

    // MARK: Asked again: what changed (TermsChanges)

    /// The label before a changed section's heading.
    public var changedMark = "Changed"
    /// The label before an added section's heading.
    public var newMark = "New"
    /// The buttons that move between changes; an underscore marks the mnemonic.
    public var previousChange = "_Previous change"
    public var nextChange = "_Next change"
    /// The line above the text: `{count}`, `{total}`, `{version}` (``acceptedVersion``
    /// or ``acceptedEarlierText``) and `{date}` are filled in, the headings follow.
    public var changesSummary = "{count} of {total} sections changed since you accepted {version} on {date}:"
    public var acceptedVersion = "version {version}"
    public var acceptedEarlierText = "an earlier text"
    /// Before the headings of removed sections.
    public var removedSections = "Removed:"
    /// The line above the text when the earlier text is not known.
    public var readWholeAgain = "These terms changed since you accepted them; what changed cannot be shown (no copy of what you accepted was kept, or the terms are too long), so read them whole."
    /// The hint while a changed section has not been shown.
    public var changesHint = "Show each marked section (Next change) to accept the terms."
    /// The hint while a changed section has not been shown and the box is not ticked.
    public var changesAndTickHint = "Show each marked section (Next change) and tick the box to accept the terms."

    // MARK: For screen readers and the keyboard (docs/accessibility.md)

    /// How far the person has read, shown beside the hint and told to screen
    /// readers at steps; `{percent}` is filled in.
    public var readProgress = "{percent} % read"
    /// The terminal pager's status line: the lines still below the screen.
    public var linesLeft = "{count} lines left"
    /// The terminal pager's status line: the lines on screen, and its keys
    /// before the end and at it. `q` ends the pager without accepting (as
    /// Escape does: "dismissed", exit 1), so the line says so.
    public var pagerLines = "lines {first}–{last} of {total}"
    public var pagerMore = "Space/PgDn: more · q: quit · Tab: buttons"
    public var pagerEnd = "(end) · q: quit · Tab: buttons"
    /// The pager's status of changed terms (``TermsChanges/Progress``):
    /// where among the changes, how many are left, and the keys.
    public var changeAt = "change {number} of {count}"
    public var changesCount = "{count} changed"
    public var changesAllShown = "all shown"
    public var changesLeft = "{count} left"
    public var changeKeys = "n/N: next/previous change"
    /// Between two sentences told at once ("100 % read. Tick the box…").
    public var sentenceBreak = ". "
    /// Told to a screen reader when Accept becomes usable.
    public var acceptAvailable = "You can accept the terms now."
    /// The names of the page bar's buttons, which show only ‹ and ›.
    public var previousPage = "Previous page"
    public var nextPage = "Next page"
    /// Why a page button or a change button is disabled.
    public var onFirstPage = "This is the first page."
    public var onLastPage = "This is the last page."
    public var noEarlierChange = "There is no change before this one."
    public var noLaterChange = "There is no change after this one."

    public init(title: String, decline: String, accept: String,
                scrollHint: String, tickHint: String, scrollAndTickHint: String) {
        self.title = title
        self.decline = decline
        self.accept = accept
        self.scrollHint = scrollHint
        self.tickHint = tickHint
        self.scrollAndTickHint = scrollAndTickHint
    }

    /// The defaults for the current locale's language (`LANGUAGE`, `LC_ALL`,
    /// `LC_MESSAGES`, `LANG`, as gettext reads them), English when there are none.
    public static var localized: TermsLabels { LocaleLanguage.firstKnown(forLanguage) ?? english }

    /// The defaults for a locale name such as `de_DE.UTF-8` or `pt_BR`; nil for
    /// a language without translations (and for `C`).
    public static func forLanguage(_ locale: String) -> TermsLabels? {
        table[LocaleLanguage.code(locale)]
    }

    public static let english = TermsLabels(
        title: "Terms of Use", decline: "_Decline", accept: "_Accept",
        scrollHint: "Scroll to the end of the terms to accept them.",
        tickHint: "Tick the box to accept the terms.",
        scrollAndTickHint: "Scroll to the end and tick the box to accept the terms.")

    private static let table: [String: TermsLabels] = [
        "en": english,
        "de": TermsLabels(
            title: "Nutzungsbedingungen", decline: "Ab_lehnen", accept: "_Akzeptieren",
            scrollHint: "Scrollen Sie bis zum Ende der Bedingungen, um sie zu akzeptieren.",
            tickHint: "Setzen Sie das Häkchen, um die Bedingungen zu akzeptieren.",
            scrollAndTickHint: "Scrollen Sie bis zum Ende und setzen Sie das Häkchen, um die Bedingungen zu akzeptieren.")
            .with(Self.moreWords.map { ($0.word, $0.de) }),
        "fr": TermsLabels(
            title: "Conditions d’utilisation", decline: "_Refuser", accept: "_Accepter",
            scrollHint: "Faites défiler les conditions jusqu’à la fin pour les accepter.",
            tickHint: "Cochez la case pour accepter les conditions.",
            scrollAndTickHint: "Faites défiler jusqu’à la fin et cochez la case pour accepter les conditions."),
        "es": TermsLabels(
            title: "Condiciones de uso", decline: "_Rechazar", accept: "_Aceptar",
            scrollHint: "Desplácese hasta el final de las condiciones para aceptarlas.",
            tickHint: "Marque la casilla para aceptar las condiciones.",
            scrollAndTickHint: "Desplácese hasta el final y marque la casilla para aceptar las condiciones."),
        "it": TermsLabels(
            title: "Condizioni d’uso", decline: "_Rifiuta", accept: "_Accetta",
            scrollHint: "Scorri le condizioni fino alla fine per accettarle.",
            tickHint: "Seleziona la casella per accettare le condizioni.",
            scrollAndTickHint: "Scorri fino alla fine e seleziona la casella per accettare le condizioni."),
        "pt": TermsLabels(
            title: "Termos de uso", decline: "_Recusar", accept: "_Aceitar",
            scrollHint: "Role os termos até o fim para aceitá-los.",
            tickHint: "Marque a caixa para aceitar os termos.",
            scrollAndTickHint: "Role até o fim e marque a caixa para aceitar os termos."),
        "nl": TermsLabels(
            title: "Gebruiksvoorwaarden", decline: "_Weigeren", accept: "_Accepteren",
            scrollHint: "Scroll naar het einde van de voorwaarden om ze te accepteren.",
            tickHint: "Vink het vakje aan om de voorwaarden te accepteren.",
            scrollAndTickHint: "Scroll naar het einde en vink het vakje aan om de voorwaarden te accepteren."),
        "ja": TermsLabels(
            title: "利用規約", decline: "拒否(_D)", accept: "同意する(_A)",
            scrollHint: "同意するには規約を最後までスクロールしてください。",
            tickHint: "同意するにはチェックボックスをオンにしてください。",
            scrollAndTickHint: "同意するには規約を最後までスクロールし、チェックボックスをオンにしてください。")
            .with(Self.moreWords.map { ($0.word, $0.ja) }),
        "zh": TermsLabels(
            title: "使用条款", decline: "拒绝(_D)", accept: "接受(_A)",
            scrollHint: "请滚动到条款末尾以接受条款。",
            tickHint: "请勾选复选框以接受条款。",
            scrollAndTickHint: "请滚动到条款末尾并勾选复选框以接受条款。"),
    ]

    /// The words past the window's first six, in the languages that have
    /// them all: a row per word, so a new word is one row with each of its
    /// translations (German, then Japanese), and none can be left out.
    private static let moreWords: [(word: WritableKeyPath<TermsLabels, String> & Sendable, de: String, ja: String)] = [
        (\.changedMark, "Geändert", "変更"),
        (\.newMark, "Neu", "新規"),
        (\.previousChange, "_Vorherige Änderung", "前の変更(_P)"),
        (\.nextChange, "_Nächste Änderung", "次の変更(_N)"),
        (\.changesSummary, "{count} von {total} Abschnitten geändert, seit Sie {version} am {date} akzeptiert haben:",
         "{date} に{version}に同意して以降、{total} 節中 {count} 節が変更されました:"),
        (\.acceptedVersion, "Version {version}", "バージョン {version} "),
        (\.acceptedEarlierText, "eine frühere Fassung", "以前の版"),
        (\.removedSections, "Entfernt:", "削除:"),
        (\.readWholeAgain, "Diese Bedingungen haben sich geändert, seit Sie sie akzeptiert haben; was sich geändert hat, kann nicht gezeigt werden (es wurde keine Kopie aufbewahrt, oder die Bedingungen sind zu lang), lesen Sie sie daher ganz.",
         "同意した後に規約が変更されました。変更箇所を示せないため(同意した版の写しが保存されていないか、規約が長すぎます)、全文をお読みください。"),
        (\.changesHint, "Zeigen Sie jeden markierten Abschnitt an (Nächste Änderung), um die Bedingungen zu akzeptieren.",
         "同意するには、印の付いた各節を表示してください(次の変更)。"),
        (\.changesAndTickHint, "Zeigen Sie jeden markierten Abschnitt an (Nächste Änderung) und setzen Sie das Häkchen, um die Bedingungen zu akzeptieren.",
         "同意するには、印の付いた各節を表示し(次の変更)、チェックボックスをオンにしてください。"),
        (\.readProgress, "{percent} % gelesen", "{percent}% 読了"),
        (\.linesLeft, "noch {count} Zeilen", "残り {count} 行"),
        (\.sentenceBreak, ". ", "。"),
        (\.acceptAvailable, "Sie können die Bedingungen jetzt akzeptieren.", "規約に同意できるようになりました。"),
        (\.previousPage, "Vorherige Seite", "前のページ"),
        (\.nextPage, "Nächste Seite", "次のページ"),
        (\.onFirstPage, "Dies ist die erste Seite.", "最初のページです。"),
        (\.onLastPage, "Dies ist die letzte Seite.", "最後のページです。"),
        (\.noEarlierChange, "Vor dieser gibt es keine Änderung.", "これより前の変更はありません。"),
        (\.noLaterChange, "Nach dieser gibt es keine Änderung.", "これより後の変更はありません。"),
        (\.pagerLines, "Zeilen {first}–{last} von {total}", "{total} 行中 {first}–{last} 行"),
        (\.pagerMore, "Leertaste/Bild↓: weiter · q: beenden · Tab: Knöpfe", "Space/PgDn: 次へ · q: 終了 · Tab: ボタン"),
        (\.pagerEnd, "(Ende) · q: beenden · Tab: Knöpfe", "(終わり) · q: 終了 · Tab: ボタン"),
        (\.changeAt, "Änderung {number} von {count}", "変更 {number}/{count}"),
        (\.changesCount, "{count} geändert", "{count} 件の変更"),
        (\.changesAllShown, "alle gezeigt", "すべて表示済み"),
        (\.changesLeft, "noch {count}", "残り {count} 件"),
        (\.changeKeys, "n/N: nächste/vorherige Änderung", "n/N: 次/前の変更"),
    ]

    /// These labels with `words` in place of the English defaults.
    private func with(_ words: [(WritableKeyPath<TermsLabels, String> & Sendable, String)]) -> TermsLabels {
        var labels = self
        for (word, text) in words { labels[keyPath: word] = text }
        return labels
    }

    /// `pagerLines` for lines `first` to `last` of `total`.
    public func pagerLines(_ first: Int, _ last: Int, of total: Int) -> String {
        pagerLines.replacingPlaceholder("first", with: String(first))
            .replacingPlaceholder("last", with: String(last))
            .replacingPlaceholder("total", with: String(total))
    }

    /// The pager's status of `progress` through the changes: "change 2 of 3,
    /// 1 left · n/N: next/previous change".
    public func changesStatus(_ progress: TermsChanges.Progress) -> String {
        let count = String(progress.changed.count)
        let at = progress.current >= 0
            ? changeAt.replacingPlaceholder("number", with: String(progress.current + 1))
                .replacingPlaceholder("count", with: count)
            : changesCount.replacingPlaceholder("count", with: count)
        let left = progress.unshown == 0
            ? changesAllShown : changesLeft.replacingPlaceholder("count", with: String(progress.unshown))
        return "\(at), \(left) · \(changeKeys)"
    }

    /// `readProgress` for `percent`.
    public func readProgress(_ percent: Int) -> String {
        readProgress.replacingPlaceholder("percent", with: String(percent))
    }

    /// `linesLeft` for `count`.
    public func linesLeft(_ count: Int) -> String {
        linesLeft.replacingPlaceholder("count", with: String(count))
    }

    /// The checkbox's label with a mnemonic: the one an underscore marks in
    /// `label`, else one Beckon picks clear of Accept's, Decline's and the
    /// change buttons' keys, so Alt and a letter ticks it.
    public func checkboxMnemonic(_ label: String) -> String {
        let taken = Set([accept, decline, previousChange, nextChange].compactMap(Mnemonic.key(of:)))
        return Mnemonic.ensured(label, avoiding: taken)
    }
}
