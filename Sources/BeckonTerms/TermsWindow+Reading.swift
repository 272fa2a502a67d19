import BeckonCore
import CBeckonShim
import CGtk

/// What a screen reader is told of the accept condition (docs/accessibility.md): the
/// text is named after the terms' title and says how much has been read;
/// the line beside the hint shows it ("62 % read", a status bar to AT-SPI);
/// it is announced at each tenth (``TermsReading``); Accept's description
/// is the hint, and when a change of the condition changes the hint or makes
/// Accept usable, that is announced too.
extension TermsWindow {
    /// The hint and, right of it, how much has been read.
    func makeStatusRow(hint: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_margin_start(row, Self.sideMargin)
        gtk_widget_set_margin_end(row, Self.sideMargin)
        gtk_box_pack_start(row.cast(), hint, 1, 1, 0)
        let progress = gtk_label_new(nil)!
        Self.dim(progress)
        gtk_widget_set_valign(progress, GTK_ALIGN_START)
        gtk_widget_set_no_show_all(progress, 1) // shown once there is a figure
        GtkAccessible.markAsStatus(progress)
        gtk_box_pack_end(row.cast(), progress, 0, 0, 0)
        progressLabel = progress
        return row
    }

    /// Names the text and ties Accept to the hint that explains it.
    func describeForScreenReaders(accept: UnsafeMutablePointer<GtkWidget>, hint: UnsafeMutablePointer<GtkWidget>,
                                  textView: UnsafeMutablePointer<GtkWidget>) {
        GtkAccessible.name(textView, labels.title)
        GtkAccessible.describe(accept, by: hint)
    }

    /// After a paint: how far the terms have been on screen now.
    func readingPainted() {
        guard readingSource == 0, acceptCondition.requiresScroll, reading.percent != 100, progressLabel != nil else { return }
        readingSource = GtkSource.idle(priority: GDK_PRIORITY_REDRAW) { [self] in
            readingSource = 0
            if let news = readingNews() { say(news) }
            return false
        }
    }

    /// The part of the terms read so far, 0 to 1; nil until the terms are
    /// all rendered (before, their length is not known).
    private var fractionRead: Double? {
        if acceptCondition.hasScrolledToEnd { return 1 }
        guard pages.isFinished, let textView else { return nil }
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(textView.cast(), &visible)
        guard visible.height > 1 else { return nil }
        var iter = GtkTextIter()
        // The line at the bottom of the screen: what has been read to.
        _ = gtk_text_view_get_iter_at_location(textView.cast(), &iter, visible.x, visible.y + visible.height - 1)
        gtk_text_iter_forward_to_line_end(&iter)
        if readingTotal == nil { readingTotal = pageStart(pages.count) }
        guard let total = readingTotal, total > 0 else { return nil }
        let fraction = Double(pageStart(pageIndex) + Int(gtk_text_iter_get_offset(&iter))) / Double(total)
        // The end check decides when the end was on screen (checkScrolledToEnd);
        // 100 % then comes with what the condition says next, in one announcement.
        return min(fraction, 0.999)
    }

    /// Shows how far the terms have been read; returns what to announce.
    private func readingNews() -> String? {
        guard let progressLabel, acceptCondition.requiresScroll, let fraction = fractionRead else { return nil }
        let told = reading.read(upTo: fraction)
        guard let percent = reading.percent else { return nil }
        let text = labels.readProgress(percent)
        if String(cString: gtk_label_get_text(progressLabel.cast())) != text {
            gtk_label_set_text(progressLabel.cast(), text)
            gtk_widget_show(progressLabel)
            if let textView { GtkAccessible.describe(textView, text) }
        }
        return told.map(labels.readProgress)
    }

    /// After the accept condition changed: Accept's description, and what to announce.
    func gateNews(hint: String?) {
        if let acceptButton { GtkAccessible.describe(acceptButton, hint ?? "") }
        let reading = readingNews()
        let before = spokenCondition
        spokenCondition = (acceptCondition.isMet, hint)
        var news: String?
        if let before {
            if acceptCondition.isMet && !before.isMet { news = labels.acceptAvailable }
            else if !acceptCondition.isMet, hint != before.hint { news = hint }
        }
        let said = [reading, news].compactMap { $0 }
        if !said.isEmpty { say(said.joined(separator: labels.sentenceBreak)) }
    }

    /// Announces `text` from the window, which is always showing (a screen
    /// reader may not speak for a hidden label).
    private func say(_ text: String) {
        guard let dialog else { return }
        GtkAccessible.announce(dialog, text)
    }
}
