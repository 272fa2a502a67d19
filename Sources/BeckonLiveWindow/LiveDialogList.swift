import BeckonCore
import BeckonLiveDialog
import CBeckonShim
import CGtk

/// The status list: one row per ``LiveDialogSpec/ListItem``, each with its
/// icon, title, status text and status (a theme icon, a spinner while
/// waiting, a percentage while in progress).
///
/// A row that changes is drawn alone, scrolled into view, and its new status
/// told to a screen reader; only rows added or removed rebuild the list.
@GtkActor
final class LiveDialogList {
    private unowned let window: LiveDialogWindow
    let scroller = gtk_scrolled_window_new(nil, nil)!
    private let box = gtk_list_box_new()!
    private var rows: [Row] = []
    private var scrollSource: guint = 0
    private var scrollTarget: Int?

    init(window: LiveDialogWindow) {
        self.window = window
        gtk_list_box_set_selection_mode(box.cast(), GTK_SELECTION_NONE)
        gtk_scrolled_window_set_policy(scroller.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_height(scroller.cast(), 120)
        gtk_scrolled_window_set_propagate_natural_height(scroller.cast(), 1)
        gtk_scrolled_window_set_max_content_height(scroller.cast(), 420)
        gtk_scrolled_window_set_shadow_type(scroller.cast(), GTK_SHADOW_IN)
        gtk_container_add(scroller.cast(), box)
        GtkAccessible.name(box, "Status")
        gtk_widget_show(box)
    }

    /// Draws `items`: the changed rows alone when only statuses changed,
    /// otherwise the rows again.
    func draw(_ items: [LiveDialogSpec.ListItem], visible: Bool, from old: [LiveDialogSpec.ListItem]?) {
        if visible && !items.isEmpty { gtk_widget_show(scroller) } else { gtk_widget_hide(scroller) }
        guard let old, old.count == items.count, rows.count == items.count else {
            rebuild(items)
            return
        }
        for index in items.indices where items[index] != old[index] {
            rows[index].draw(items[index], window: window)
            if items[index].status != old[index].status || items[index].statusText != old[index].statusText {
                GtkAccessible.announce(rows[index].row, rows[index].spoken(items[index]))
                scroll(to: index)
            }
        }
    }

    private func rebuild(_ items: [LiveDialogSpec.ListItem]) {
        // Rows keep their widgets by position: the common case, a row added at
        // the end, builds one row.
        while rows.count > items.count { gtk_widget_destroy(rows.removeLast().row) }
        for index in items.indices {
            if index == rows.count {
                let row = Row()
                gtk_container_add(box.cast(), row.row)
                rows.append(row)
            }
            rows[index].draw(items[index], window: window)
        }
        if let last = items.indices.last, rows.count > 0 { scroll(to: last) }
    }

    /// Brings row `index` into view once the list is laid out.
    private func scroll(to index: Int) {
        scrollTarget = index
        guard scrollSource == 0 else { return }
        scrollSource = GtkSource.idle { [weak self] in
            guard let self else { return false }
            scrollSource = 0
            guard let target = scrollTarget, rows.indices.contains(target) else { return false }
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(rows[target].row, &allocation)
            if let adjustment = gtk_scrolled_window_get_vadjustment(scroller.cast()) {
                gtk_adjustment_clamp_page(adjustment, Double(allocation.y), Double(allocation.y + allocation.height))
            }
            return false
        }
    }

    /// The widgets of one row.
    @GtkActor
    final class Row {
        let row = gtk_list_box_row_new()!
        private let icon = gtk_image_new()!
        private let title = gtk_label_new(nil)!
        private let subtitle = gtk_label_new(nil)!
        private let statusText = gtk_label_new(nil)!
        private let statusIcon = gtk_image_new()!
        private let spinner = gtk_spinner_new()!
        private let percent = gtk_label_new(nil)!

        init() {
            let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10)!
            gtk_container_set_border_width(line.cast(), 6)
            let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
            for label in [title, subtitle] {
                gtk_label_set_xalign(label.cast(), 0)
                gtk_label_set_ellipsize(label.cast(), PANGO_ELLIPSIZE_END)
                gtk_box_pack_start(texts.cast(), label, 0, 0, 0)
            }
            gtk_style_context_add_class(gtk_widget_get_style_context(subtitle), "dim-label")
            gtk_style_context_add_class(gtk_widget_get_style_context(statusText), "dim-label")
            gtk_label_set_ellipsize(statusText.cast(), PANGO_ELLIPSIZE_END)
            gtk_label_set_xalign(statusText.cast(), 1)
            gtk_image_set_pixel_size(icon.cast(), 32)
            gtk_image_set_pixel_size(statusIcon.cast(), 16)
            gtk_box_pack_start(line.cast(), icon, 0, 0, 0)
            gtk_box_pack_start(line.cast(), texts, 1, 1, 0)
            gtk_box_pack_start(line.cast(), statusText, 0, 0, 0)
            for widget in [spinner, statusIcon, percent] { gtk_box_pack_start(line.cast(), widget, 0, 0, 0) }
            gtk_container_add(row.cast(), line)
            gtk_widget_show_all(row)
        }

        func draw(_ item: LiveDialogSpec.ListItem, window: LiveDialogWindow) {
            gtk_label_set_text(title.cast(), item.title)
            gtk_label_set_text(subtitle.cast(), item.subtitle ?? "")
            window.setVisible(subtitle, item.subtitle != nil)
            gtk_label_set_text(statusText.cast(), item.statusText)
            LiveDialogWindow.setImage(icon, item.icon, size: 32)
            gtk_widget_set_opacity(icon, item.iconAlpha)
            window.setVisible(spinner, item.status == .wait)
            if item.status == .wait { gtk_spinner_start(spinner.cast()) } else { gtk_spinner_stop(spinner.cast()) }
            if case .progress(let value) = item.status {
                gtk_label_set_text(percent.cast(), "\(value) %")
                gtk_widget_show(percent)
            } else {
                gtk_widget_hide(percent)
            }
            if case .symbol(let symbol) = item.status {
                LiveDialogSymbolImage.show(symbol, in: statusIcon, size: 16)
            } else if let name = Self.iconName(item.status) {
                LiveDialogSymbolImage.setCSS("", on: statusIcon)
                gtk_image_set_from_icon_name(statusIcon.cast(), name, GTK_ICON_SIZE_MENU)
                GtkAccessible.name(statusIcon, item.status.keyword)
                gtk_widget_show(statusIcon)
            } else {
                gtk_widget_hide(statusIcon)
            }
            GtkAccessible.name(row, spoken(item))
        }

        /// What a screen reader says for the row: its title, status and text.
        func spoken(_ item: LiveDialogSpec.ListItem) -> String {
            var parts = [item.title]
            switch item.status {
            case .none: break
            case .progress(let value): parts.append("\(value) %")
            default: parts.append(item.status.keyword)
            }
            if !item.statusText.isEmpty { parts.append(item.statusText) }
            return parts.joined(separator: ", ")
        }

        /// The icon theme's names for each status (Adwaita has them all).
        static func iconName(_ status: LiveDialogSpec.ItemStatus) -> String? {
            switch status {
            case .none, .wait, .progress, .symbol: nil
            case .success: "emblem-ok-symbolic"
            case .fail: "process-stop-symbolic"
            case .error: "dialog-error-symbolic"
            case .pending: "content-loading-symbolic"
            }
        }
    }
}
