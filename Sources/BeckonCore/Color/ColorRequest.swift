/// A colour dialog: GTK's colour chooser, with its editor or its palette. Its
/// answer is the colour shown when it ends.
///
/// The window is GTK's own colour chooser in a dialog of Beckon's core, set up
/// as `GtkColorChooserDialog` sets it up: opens on the colour it is given
/// (white when none), offers an opacity slider unless ``allowsAlpha`` is off,
/// and activating a swatch (a double click, or Return on the selected one)
/// presses the default button. The first key goes where GTK's colour dialog
/// sends it: the editor's colour-name entry, or the palette's first swatch.
/// Return in that entry applies the colour typed, as in GTK; it does not press
/// the default button.
public struct ColorRequest: DialogRequest, Hashable {
    public typealias Value = RGBAColor

    /// Title, buttons, timeout and window. With no title the window shows the
    /// program's name, as GTK's colour dialog does in zenity.
    public var frame: DialogFrame
    /// The colour the dialog opens on; nil opens on white, GTK's default.
    public var initial: RGBAColor?
    /// Whether the dialog opens on the palette of swatches rather than the
    /// editor (its "+" button opens the editor).
    public var showsPalette: Bool
    /// Whether the person can set the opacity; when off, every answer is opaque.
    public var allowsAlpha: Bool

    /// A colour dialog with `buttons`, or Cancel and Select (GTK's labels in
    /// the process's language) when none are given; the first button with the
    /// default role gives the colour.
    public init(
        title: String? = nil, initial: RGBAColor? = nil, showsPalette: Bool = false, allowsAlpha: Bool = true,
        buttons: [DialogButton]? = nil, timeout: Duration? = nil, parent: DialogParent? = nil
    ) {
        self.frame = DialogFrame(title: title, buttons: buttons ?? Self.cancelSelect, timeout: timeout, parent: parent)
        self.initial = initial
        self.showsPalette = showsPalette
        self.allowsAlpha = allowsAlpha
    }

    /// Cancel, then Select (Return): the buttons of GTK's colour dialog.
    public static var cancelSelect: [DialogButton] {
        [DialogButton(GtkLabels.cancel, role: .cancel), DialogButton(GtkLabels.translated("_Select"), role: .default)]
    }

    /// The colour the window opens on: ``initial`` or white, opaque unless
    /// alpha is allowed.
    public var startingColor: RGBAColor {
        let color = initial ?? .white
        return allowsAlpha ? color : color.opaque
    }

    public func value(scripted: RGBAColor?) -> RGBAColor? {
        guard let color = scripted else { return startingColor }
        return allowsAlpha ? color : color.opaque
    }

    public var builders: DialogBuilders<RGBAColor> { DialogBuilders(self) }

    /// Throws when the request cannot be shown truthfully: an initial colour
    /// with a channel outside 0–1 or not a number.
    func validate() throws(DialogError) {
        if let initial, !initial.isDisplayable {
            throw .invalidRequest("the initial colour \(initial.red), \(initial.green), \(initial.blue), "
                                  + "alpha \(initial.alpha) has a channel outside 0–1")
        }
    }
}
