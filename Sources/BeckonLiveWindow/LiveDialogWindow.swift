import BeckonCore
import BeckonLiveDialog
import BeckonTerms
import CBeckonShim
import CGtk

/// A shown live dialog: the widgets of a ``LiveDialogRequest``, and what it
/// does with updates.
///
/// Updates only replace the waiting spec; a 16 ms timer then draws the newest
/// against ``shown``, part by part and row by row, so a flood of commands
/// costs one redraw a frame and the loop stays free for input.
@GtkActor
final class LiveDialogWindow {
    let request: LiveDialogRequest
    let control: DialogControl
    let dialog: UnsafeMutablePointer<GtkWidget>
    /// What the widgets show now.
    private(set) var shown: LiveDialogSpec
    /// The newest spec, drawn once a frame.
    private lazy var newest = NewestValue<LiveDialogSpec>(everyMilliseconds: 16) { [unowned self] spec in
        draw(spec, from: shown)
    }

    // The parts, built once; each is shown or hidden as the spec says.
    let banner = gtk_image_new()!
    let titleLabel = gtk_label_new(nil)!
    let subtitleLabel = gtk_label_new(nil)!
    let icon = gtk_image_new()!
    let overlayIcon = gtk_image_new()!
    let infoBox = gtk_label_new(nil)!
    let messageLabel = gtk_label_new(nil)!
    let messageScroller = gtk_scrolled_window_new(nil, nil)!
    let progressBar = gtk_progress_bar_new()!
    let progressLabel = gtk_label_new(nil)!
    let timerBar = gtk_progress_bar_new()!
    let infoTextLabel = gtk_label_new(nil)!
    let helpButton = gtk_menu_button_new()!
    let helpLabel = gtk_label_new(nil)!
    var list: LiveDialogList!
    var inputs: LiveDialogInputs!

    var button1: UnsafeMutablePointer<GtkWidget>?
    var button2: UnsafeMutablePointer<GtkWidget>?
    let infoButton = gtk_button_new()!
    /// Seconds left before button 1 may be pressed (``LiveDialogSpec/button1Delay``).
    private var delayLeft = 0
    private var delaySource: guint = 0
    private var timerLeft = 0
    private var timerSource: guint = 0
    private var shields: TermsShields?

    init(request: LiveDialogRequest, control: DialogControl, dialog: UnsafeMutablePointer<GtkWidget>,
         content: UnsafeMutablePointer<GtkWidget>) {
        self.request = request
        self.control = control
        self.dialog = dialog
        shown = request.spec
        for index in request.frame.buttons.indices {
            let widget = beckon_dialog_button(dialog, Int32(index))
            if request.ending(forButton: index) == .button1 { button1 = widget } else { button2 = widget }
        }
        layOut(content)
        list = LiveDialogList(window: self)
        inputs = LiveDialogInputs(spec: request.spec, window: self)
        inputs.pack(into: inputsBox)
        gtk_box_pack_start(rightColumn.cast(), list.scroller, 1, 1, 0)
        draw(request.spec, from: nil)
        watchKeys()
    }

    let rightColumn = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    let leftColumn = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    let inputsBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!

    /// Banner across the top; the icon and info box on the left; title,
    /// message, inputs and list on the right; progress and timer below.
    private func layOut(_ content: UnsafeMutablePointer<GtkWidget>) {
        gtk_box_pack_start(content.cast(), banner, 0, 0, 0)
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 16)!
        gtk_container_set_border_width(row.cast(), 10)
        let iconOverlay = gtk_overlay_new()!
        gtk_container_add(iconOverlay.cast(), icon)
        gtk_widget_set_halign(overlayIcon, GTK_ALIGN_END)
        gtk_widget_set_valign(overlayIcon, GTK_ALIGN_END)
        gtk_overlay_add_overlay(iconOverlay.cast(), overlayIcon)
        gtk_box_pack_start(leftColumn.cast(), iconOverlay, 0, 0, 0)
        gtk_label_set_line_wrap(infoBox.cast(), 1)
        gtk_label_set_xalign(infoBox.cast(), 0)
        gtk_label_set_max_width_chars(infoBox.cast(), 24)
        gtk_box_pack_start(leftColumn.cast(), infoBox, 0, 0, 0)
        gtk_box_pack_start(row.cast(), leftColumn, 0, 0, 0)

        for label in [titleLabel, subtitleLabel] {
            gtk_label_set_xalign(label.cast(), 0)
            gtk_label_set_line_wrap(label.cast(), 1)
            gtk_box_pack_start(rightColumn.cast(), label, 0, 0, 0)
        }
        // A label, as a dialog's message is, in a scroller for a long one.
        gtk_label_set_line_wrap(messageLabel.cast(), 1)
        gtk_label_set_line_wrap_mode(messageLabel.cast(), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(messageLabel.cast(), 0)
        gtk_label_set_yalign(messageLabel.cast(), 0)
        gtk_label_set_max_width_chars(messageLabel.cast(), 60)
        gtk_scrolled_window_set_policy(messageScroller.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(messageScroller.cast(), 1)
        gtk_scrolled_window_set_max_content_height(messageScroller.cast(), 360)
        gtk_container_add(messageScroller.cast(), messageLabel)
        gtk_box_pack_start(rightColumn.cast(), messageScroller, 0, 1, 0)
        gtk_box_pack_start(rightColumn.cast(), inputsBox, 0, 0, 0)
        gtk_box_pack_start(row.cast(), rightColumn, 1, 1, 0)
        gtk_box_pack_start(content.cast(), row, 1, 1, 0)

        let progressBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_container_set_border_width(progressBox.cast(), 10)
        gtk_label_set_xalign(progressLabel.cast(), 0)
        gtk_label_set_ellipsize(progressLabel.cast(), PANGO_ELLIPSIZE_END)
        GtkAccessible.markAsStatus(progressLabel)
        gtk_box_pack_start(progressBox.cast(), progressBar, 0, 0, 0)
        gtk_box_pack_start(progressBox.cast(), progressLabel, 0, 0, 0)
        gtk_box_pack_start(progressBox.cast(), timerBar, 0, 0, 0)
        gtk_box_pack_start(content.cast(), progressBox, 0, 0, 0)
        gtk_widget_show_all(content)

        // The help button and the info text sit at the start of the button row.
        let actions = gtk_dialog_get_action_area(dialog.cast())!
        gtk_button_set_label(helpButton.cast(), "?")
        GtkAccessible.name(helpButton, "Help")
        let popover = gtk_popover_new(helpButton)!
        gtk_label_set_line_wrap(helpLabel.cast(), 1)
        gtk_label_set_max_width_chars(helpLabel.cast(), 50)
        gtk_container_set_border_width(popover.cast(), 10)
        gtk_container_add(popover.cast(), helpLabel)
        gtk_widget_show(helpLabel)
        gtk_menu_button_set_popover(helpButton.cast(), popover)
        GtkSignal.connect(infoButton, "clicked") { [weak self] in self?.infoPressed() }
        // First in the row, so that a screen reader reads them where they are: left of the buttons.
        for (position, widget) in [helpButton, infoButton, infoTextLabel].enumerated() {
            gtk_box_pack_start(actions.cast(), widget, 0, 0, 0)
            gtk_button_box_set_child_secondary(actions.cast(), widget, 1)
            gtk_box_reorder_child(actions.cast(), widget, Int32(position))
        }
    }

    /// Ctrl+quit key ends with exit 10.
    private func watchKeys() {
        let key = shown.quitKey.unicodeScalars.first.map { UInt32($0.value) } ?? UInt32(UInt8(ascii: "q"))
        beckon_window_watch_control_key(dialog, key, CallbackBox.call, CallbackBox.retain { [weak self] _, _ in
            self?.end(.quitKey)
            return 1
        }, CallbackBox.release)
    }

    /// The info button opens its URL and stays, or ends with 3 (with
    /// `--quitoninfo`, or when it has no URL), as swiftDialog's does.
    private func infoPressed() {
        if let url = shown.infoButtonAction { LiveDialogWindow.open(url, from: dialog) }
        if shown.quitOnInfo || shown.infoButtonAction == nil { end(.infoButton) }
    }

    /// Opens `url` with the desktop's handler.
    static func open(_ url: String, from window: UnsafeMutablePointer<GtkWidget>) {
        _ = gtk_show_uri_on_window(window.cast(), url, guint32(GDK_CURRENT_TIME), nil)
    }

    func end(_ ending: LiveDialogAnswer.Ending) {
        inputs.ending = ending
        control.end(.destroyed)
    }

    // MARK: updates

    func receive(_ update: LiveDialogUpdate) {
        switch update {
        case .spec(let spec):
            newest.offer(spec)
        case .action(let action):
            perform(action)
        }
    }

    private func perform(_ action: LiveDialogAction) {
        switch action {
        case .quit: end(.quitCommand)
        case .activate, .show, .restore:
            gtk_widget_show(dialog)
            gtk_window_present(dialog.cast())
        case .hide: gtk_widget_hide(dialog)
        case .minimise: gtk_window_iconify(dialog.cast())
        }
    }

    /// Draws `spec`: everything when `old` is nil, else only what differs.
    func draw(_ spec: LiveDialogSpec, from old: LiveDialogSpec?) {
        // What the parts ask of the window while drawing (button 1's state) is the new spec.
        shown = spec
        // The first draw draws every part: `old?.x != spec.x` is false when
        // both are nil, which left the banner, the progress bar and the info
        // box as gtk_widget_show_all showed them, empty.
        let first = old == nil
        // A `button1:` command sets button 1 again, over what a checkbox set.
        if let old, old.button1.enabled != spec.button1.enabled
            || old.button1.commandsApplied != spec.button1.commandsApplied { button1ByCheckbox = nil }
        if first || old?.title != spec.title || old?.subtitle != spec.subtitle || old?.bannerTitle != spec.bannerTitle {
            drawTitle(spec)
        }
        if first || old?.message != spec.message || old?.messageAlignment != spec.messageAlignment
            || old?.window.style != spec.window.style { drawMessage(spec) }
        if first || old?.icon != spec.icon || old?.iconSize != spec.iconSize || old?.overlayIcon != spec.overlayIcon
            || old?.iconAlpha != spec.iconAlpha || old?.iconCentred != spec.iconCentred || old?.iconAltText != spec.iconAltText {
            drawIcon(spec)
        }
        if first || old?.bannerImage != spec.bannerImage { drawBanner(spec) }
        if first || old?.infoBox != spec.infoBox { drawInfoBox(spec) }
        if first || old?.button1 != spec.button1 || old?.button2 != spec.button2 || old?.infoButton != spec.infoButton
            || old?.infoText != spec.infoText || old?.button1Delay != spec.button1Delay
            || old?.button1Symbol != spec.button1Symbol || old?.button2Symbol != spec.button2Symbol
            || old?.infoButtonSymbol != spec.infoButtonSymbol {
            drawButtons(spec, from: old)
        }
        if first || old?.helpMessage != spec.helpMessage { drawHelp(spec) }
        if first || old?.progress != spec.progress { drawProgress(spec) }
        if first || old?.timer != spec.timer || old?.timerBarHidden != spec.timerBarHidden { startTimer(spec) }
        if first || old?.listItems != spec.listItems || old?.listVisible != spec.listVisible {
            list.draw(spec.listItems, visible: spec.listVisible, from: old?.listItems)
        }
        if first || old?.window != spec.window { drawWindow(spec, from: old) }
        if let old, old.textFields != spec.textFields || old.checkboxes != spec.checkboxes || old.selects != spec.selects {
            inputs.rebuild(spec)
        }
    }

    private func drawTitle(_ spec: LiveDialogSpec) {
        let title = spec.bannerTitle ?? spec.title
        gtk_window_set_title(dialog.cast(), spec.title ?? "")
        setMarkup(titleLabel, title.map { "<span size=\"x-large\" weight=\"bold\">\(LiveDialogMarkup.escape($0))</span>" })
        setMarkup(subtitleLabel, spec.subtitle.map { "<span weight=\"bold\">\(LiveDialogMarkup.escape($0))</span>" })
    }

    private func drawMessage(_ spec: LiveDialogSpec) {
        gtk_label_set_markup(messageLabel.cast(), LiveDialogMarkup.pango(fromMarkdown: spec.message))
        let (justification, x): (GtkJustification, Float) = switch spec.messageAlignment {
        case .leading: (GTK_JUSTIFY_LEFT, 0)
        case .centre: (GTK_JUSTIFY_CENTER, 0.5)
        case .trailing: (GTK_JUSTIFY_RIGHT, 1)
        }
        gtk_label_set_justify(messageLabel.cast(), justification)
        gtk_label_set_xalign(messageLabel.cast(), x)
        // --mini: swiftDialog's two lines of message.
        gtk_label_set_lines(messageLabel.cast(), spec.window.style == .mini ? 2 : -1)
        gtk_label_set_ellipsize(messageLabel.cast(), spec.window.style == .mini ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE)
        setVisible(messageScroller, !spec.message.isEmpty)
    }

    private func drawIcon(_ spec: LiveDialogSpec) {
        Self.setImage(icon, spec.icon, size: spec.iconSize)
        Self.setImage(overlayIcon, spec.overlayIcon, size: max(16, spec.iconSize / 2))
        gtk_widget_set_opacity(icon, spec.iconAlpha)
        // The alternative text, where given, over an SF Symbol's name in words.
        if let text = spec.iconAltText { GtkAccessible.name(icon, text) }
        setVisible(leftColumn, spec.icon != nil || spec.infoBox != nil)
        gtk_widget_set_halign(leftColumn, spec.iconCentred ? GTK_ALIGN_CENTER : GTK_ALIGN_START)
    }

    private func drawBanner(_ spec: LiveDialogSpec) {
        if let file = spec.bannerImage {
            gtk_image_set_from_file(banner.cast(), file)
        } else {
            gtk_image_clear(banner.cast())
        }
        setVisible(banner, spec.bannerImage != nil)
    }

    private func drawInfoBox(_ spec: LiveDialogSpec) {
        setMarkup(infoBox, spec.infoBox.map { LiveDialogMarkup.pango(fromMarkdown: $0) })
        setVisible(leftColumn, spec.icon != nil || spec.infoBox != nil)
    }

    private func drawHelp(_ spec: LiveDialogSpec) {
        setMarkup(helpLabel, spec.helpMessage.map { LiveDialogMarkup.pango(fromMarkdown: $0) })
        setVisible(helpButton, spec.helpMessage != nil)
        setVisible(helpLabel, true)
    }

    private func drawButtons(_ spec: LiveDialogSpec, from old: LiveDialogSpec?) {
        if let button1 {
            if old?.button1Delay != spec.button1Delay { startDelay(spec.button1Delay) }
            gtk_button_set_label(button1.cast(), delayLeft > 0 ? "\(spec.button1.label) (\(delayLeft))" : spec.button1.label)
            inputs.refreshButton1()
            setVisible(button1, !spec.button1.hidden)
        }
        if let button2, let spec2 = spec.button2 {
            gtk_button_set_label(button2.cast(), spec2.label)
            gtk_widget_set_sensitive(button2, spec2.enabled ? 1 : 0)
        }
        if let button2 { setVisible(button2, spec.button2 != nil) }
        if let info = spec.infoButton { gtk_button_set_label(infoButton.cast(), info.label) }
        setVisible(infoButton, spec.infoButton != nil)
        gtk_label_set_text(infoTextLabel.cast(), spec.infoText ?? "")
        setVisible(infoTextLabel, spec.infoText != nil)
        if let button1 { Self.setSymbol(spec.button1Symbol, on: button1) }
        if let button2 { Self.setSymbol(spec.button2Symbol, on: button2) }
        Self.setSymbol(spec.infoButtonSymbol, on: infoButton)
    }

    /// `--button1symbol` and the like: the symbol's icon before the label
    /// (swiftDialog's default `leading`), at its `size=` (16 by default, as
    /// swiftDialog's `symbolSize`); nil takes it away.
    static func setSymbol(_ text: String?, on button: UnsafeMutablePointer<GtkWidget>) {
        guard let text, let symbol = SFSymbol(buttonSymbol: text) else {
            gtk_button_set_image(button.cast(), nil)
            return
        }
        let image = gtk_button_get_image(button.cast()) ?? gtk_image_new()!
        LiveDialogSymbolImage.show(symbol, in: image, size: min(128, max(8, symbol.size ?? 16)))
        gtk_button_set_image(button.cast(), image)
        gtk_button_set_image_position(button.cast(), GTK_POS_LEFT)
        gtk_button_set_always_show_image(button.cast(), 1)
    }

    /// Whether button 1 may be pressed now: enabled by the spec (or by the
    /// last `enableButton1` checkbox ticked or unticked since), its delay
    /// over; the inputs add their own conditions.
    var button1Allowed: Bool { (button1ByCheckbox ?? shown.button1.enabled) && delayLeft == 0 }

    /// What the last `enableButton1` checkbox toggled set button 1 to, until
    /// a command (`button1: enable`) sets it again: in swiftDialog both write
    /// the one `button1Disabled`, the later winning (CheckboxView.swift, lines
    /// 69-71; DialogUpdatableContent.swift, `button1:`).
    var button1ByCheckbox: Bool? {
        didSet { if button1ByCheckbox != oldValue { inputs.refreshButton1() } }
    }

    /// Whether Escape (GtkDialog's close key) or the window manager's close
    /// may end the dialog: only while button 2 is there and can be pressed.
    /// A disabled button ignores its key in swiftDialog (ButtonBarView.swift:
    /// `.keyboardShortcut(.cancelAction)` on a button `.disabled(isDisabled)`,
    /// lines 361-363), and its window has no close button unless asked for;
    /// here the window manager's close counts as a dismissal like button 2,
    /// and ends with swiftDialog's 15 ("quit via window close button").
    func allowsClose(byEscape: Bool) -> Bool {
        guard let button2, shown.button2 != nil else { return false }
        return gtk_widget_is_sensitive(button2) != 0 && gtk_widget_get_visible(button2) != 0
    }

    private func startDelay(_ seconds: Int?) {
        if delaySource != 0 { g_source_remove(delaySource); delaySource = 0 }
        delayLeft = seconds ?? 0
        guard delayLeft > 0 else { return }
        delaySource = GtkSource.timeout(milliseconds: 1000) { [weak self] in
            guard let self else { return false }
            delayLeft -= 1
            if let button1 {
                gtk_button_set_label(button1.cast(), delayLeft > 0 ? "\(shown.button1.label) (\(delayLeft))" : shown.button1.label)
            }
            inputs.refreshButton1()
            if delayLeft == 0 { delaySource = 0 }
            return delayLeft > 0
        }
    }

    private func drawProgress(_ spec: LiveDialogSpec) {
        guard let bar = spec.progress else {
            setVisible(progressBar, false)
            setVisible(progressLabel, false)
            return
        }
        if let value = bar.value {
            gtk_progress_bar_set_fraction(progressBar.cast(), Double(value) / Double(bar.total))
        } else {
            gtk_progress_bar_pulse(progressBar.cast())
        }
        gtk_label_set_text(progressLabel.cast(), bar.text)
        setVisible(progressBar, bar.visible)
        setVisible(progressLabel, bar.visible && !bar.text.isEmpty)
    }

    private func startTimer(_ spec: LiveDialogSpec) {
        if timerSource != 0 { g_source_remove(timerSource); timerSource = 0 }
        setVisible(timerBar, spec.timer != nil && !spec.timerBarHidden)
        guard let seconds = spec.timer else { return }
        timerLeft = seconds
        gtk_progress_bar_set_fraction(timerBar.cast(), 1)
        gtk_progress_bar_set_show_text(timerBar.cast(), 1)
        gtk_progress_bar_set_text(timerBar.cast(), "\(timerLeft)")
        timerSource = GtkSource.timeout(milliseconds: 1000) { [weak self] in
            guard let self else { return false }
            timerLeft -= 1
            gtk_progress_bar_set_fraction(timerBar.cast(), Double(max(0, timerLeft)) / Double(seconds))
            gtk_progress_bar_set_text(timerBar.cast(), "\(max(0, timerLeft))")
            if timerLeft <= 0 {
                timerSource = 0
                end(.timer)
                return false
            }
            return true
        }
    }

    private func drawWindow(_ spec: LiveDialogSpec, from old: LiveDialogSpec?) {
        let window = spec.window
        gtk_window_set_keep_above(dialog.cast(), window.onTop || window.shieldScreens ? 1 : 0)
        gtk_window_set_resizable(dialog.cast(), window.resizable || window.width != nil || window.height != nil ? 1 : 0)
        if old != nil, window.width != old?.window.width || window.height != old?.window.height {
            gtk_window_resize(dialog.cast(), Int32(window.width ?? 1), Int32(window.height ?? 1))
        }
        if let appearance = window.appearance { beckon_settings_prefer_dark_theme(appearance == .dark ? 1 : 0) }
        if window.position != old?.window.position || old == nil { place(window.position) }
        if window.shieldScreens != old?.window.shieldScreens {
            if window.shieldScreens {
                shields = TermsShields(for: dialog, named: spec.title ?? "") { [weak self] in
                    guard let self else { return }
                    gtk_window_present(dialog.cast())
                }
            } else {
                shields?.close()
                shields = nil
            }
        }
        if window.visible != old?.window.visible, old != nil {
            if window.visible { gtk_widget_show(dialog) } else { gtk_widget_hide(dialog) }
        }
    }

    /// One of nine places in the work area, 16 pixels from its edges (swiftDialog's
    /// default `--positionoffset`); the centre is the window manager's.
    private func place(_ position: LiveDialogSpec.Position) {
        guard position != .centre else {
            gtk_window_set_position(dialog.cast(), GTK_WIN_POS_CENTER)
            return
        }
        var area = GdkRectangle()
        guard beckon_widget_workarea(dialog, &area) != 0 else { return }
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_size(dialog.cast(), &width, &height)
        let margin: Int32 = 16
        let left = area.x + margin, right = area.x + area.width - width - margin
        let top = area.y + margin, bottom = area.y + area.height - height - margin
        let middleX = area.x + (area.width - width) / 2, middleY = area.y + (area.height - height) / 2
        let (x, y): (Int32, Int32) = switch position {
        case .topLeft: (left, top)
        case .top: (middleX, top)
        case .topRight: (right, top)
        case .left: (left, middleY)
        case .centre: (middleX, middleY)
        case .right: (right, middleY)
        case .bottomLeft: (left, bottom)
        case .bottom: (middleX, bottom)
        case .bottomRight: (right, bottom)
        }
        gtk_window_move(dialog.cast(), x, y)
    }

    // MARK: small pieces

    func setVisible(_ widget: UnsafeMutablePointer<GtkWidget>, _ visible: Bool) {
        if visible { gtk_widget_show(widget) } else { gtk_widget_hide(widget) }
    }

    private func setMarkup(_ label: UnsafeMutablePointer<GtkWidget>, _ markup: String?) {
        gtk_label_set_markup(label.cast(), markup ?? "")
        setVisible(label, markup != nil)
    }

    /// An icon-theme name or an image file, at `size` pixels; nil clears it.
    static func setImage(_ image: UnsafeMutablePointer<GtkWidget>, _ icon: String?, size: Int) {
        guard let icon else {
            gtk_image_clear(image.cast())
            gtk_widget_hide(image)
            return
        }
        if let symbol = SFSymbol(iconSpecification: icon) {
            LiveDialogSymbolImage.show(symbol, in: image, size: size)
            return
        }
        // An image that showed a recoloured symbol before shows this in the theme's colours.
        LiveDialogSymbolImage.setCSS("", on: image)
        if icon.contains("/") {
            if let pixbuf = gdk_pixbuf_new_from_file_at_scale(icon, Int32(size), Int32(size), 1, nil) {
                gtk_image_set_from_pixbuf(image.cast(), pixbuf)
                g_object_unref(UnsafeMutableRawPointer(pixbuf))
            } else {
                gtk_image_set_from_icon_name(image.cast(), "image-missing", GTK_ICON_SIZE_DIALOG)
            }
        } else {
            gtk_image_set_from_icon_name(image.cast(), icon, GTK_ICON_SIZE_DIALOG)
        }
        gtk_image_set_pixel_size(image.cast(), Int32(size))
        gtk_widget_show(image)
    }
}
