/// Everything a `beckon dialog` window shows, in swiftDialog's vocabulary: what
/// the command line and `--jsonfile` describe before the window opens, and what
/// each command-file line changes while it is shown.
///
/// A value type with no toolkit in it, so the rules of swiftDialog's options
/// (precedence, appending, list items by title or index) are tested without a
/// display, and the window only draws what this says.
public struct LiveDialogSpec: Sendable, Equatable {
    /// The window's title; nil hides the title line (swiftDialog's `none`).
    public var title: String? = "An Important Message"
    public var subtitle: String?
    /// Markdown.
    public var message: String = ""
    public var messageAlignment: TextAlignment = .leading
    /// A file path, an icon-theme name or an SF Symbol specification
    /// (`SF=name,colour1=…`, read by ``SFSymbol``); nil hides the icon.
    public var icon: String? = "dialog-information"
    public var iconSize: Int = 96
    public var iconCentred = false
    /// 0 transparent to 1 opaque.
    public var iconAlpha: Double = 1
    /// What a screen reader says for the icon.
    public var iconAltText: String?
    public var overlayIcon: String?
    public var bannerImage: String?
    public var bannerTitle: String?
    /// Markdown, shown below the icon.
    public var infoBox: String?
    /// Static text where the info button would be.
    public var infoText: String?
    /// Markdown behind a help button.
    public var helpMessage: String?

    public var button1 = Button(label: "OK")
    public var button2: Button? = nil
    public var infoButton: Button? = nil
    /// `--button1symbol`'s value (an SF Symbol and its modifiers, read by
    /// ``SFSymbol/init(buttonSymbol:)``), kept apart from the buttons so that
    /// `--button2text` after it keeps it, as swiftDialog does.
    public var button1Symbol: String?
    public var button2Symbol: String?
    public var infoButtonSymbol: String?
    /// Seconds before button 1 is enabled, counted down on the button
    /// (swiftDialog's issues #694 and #397).
    public var button1Delay: Int?
    public var quitOnInfo = false
    /// A URL opened (with the desktop's handler) when a button is pressed.
    public var button1Action: String?
    public var infoButtonAction: String?
    /// A command `sh -c` runs when button 1 is pressed (swiftDialog's
    /// `--button1shellaction`); the dialog still ends with 0.
    public var button1ShellAction: String?
    /// Text fields show whether their regex holds as the user types.
    public var liveValidation = false
    /// Every input's value is printed whatever ended the dialog.
    public var alwaysReturnInput = false

    public var textFields: [TextField] = []
    public var checkboxes: [Checkbox] = []
    public var selects: [SelectList] = []
    public var listItems: [ListItem] = []
    public var listVisible = true

    /// Steps of the progress bar; nil when there is none.
    public var progress: Progress?
    /// Seconds until exit code 4; nil when there is no timer.
    public var timer: Int?
    public var timerBarHidden = false

    public var window = WindowPlacement()
    /// The key that, with Ctrl, ends the dialog with exit code 10.
    public var quitKey: Character = "q"

    public init() {}

    /// A button: its label and whether it can be pressed.
    public struct Button: Sendable, Equatable {
        public var label: String
        public var enabled = true
        public var hidden = false
        /// How many `button1:`/`button2:` commands set ``enabled``: a new one
        /// tells the window that a command set the state again, over what an
        /// `enableButton1` checkbox set, even to the value it already had
        /// (in swiftDialog both write the one `button1Disabled`).
        public var commandsApplied = 0
        public init(label: String, enabled: Bool = true) {
            self.label = label
            self.enabled = enabled
        }
    }

    public enum TextAlignment: String, Sendable, Equatable, CaseIterable {
        case leading = "left", centre, trailing = "right"
    }

    /// The progress bar: `value` of `total` steps, or indeterminate.
    public struct Progress: Sendable, Equatable {
        public var total: Int
        /// nil while indeterminate.
        public var value: Int?
        public var text: String = ""
        public var visible = true
        public init(total: Int, value: Int? = nil) {
            self.total = max(1, total)
            self.value = value
        }
    }

    /// Size and place of the window.
    public struct WindowPlacement: Sendable, Equatable {
        /// Points; nil for the default (swiftDialog's 820 × 380, less for --small/--mini).
        public var width: Int?
        public var height: Int?
        public var position: Position = .centre
        public var style: Style = .regular
        public var onTop = false
        public var resizable = false
        /// `dark` or `light`, or nil for the desktop's.
        public var appearance: Appearance?
        /// swiftDialog's `--blurscreen`: here Beckon's shields on every monitor.
        public var shieldScreens = false
        public var visible = true
        public init() {}

        public enum Appearance: String, Sendable, Equatable {
            case dark, light
        }

        public enum Style: String, Sendable, Equatable {
            case regular, small, big, mini
        }
    }

    /// swiftDialog's nine places, and the centre.
    public enum Position: String, Sendable, Equatable, CaseIterable {
        case topLeft = "topleft", top, topRight = "topright"
        case left, centre, right
        case bottomLeft = "bottomleft", bottom, bottomRight = "bottomright"

        /// `center` and `centre`, `top left` and `topleft`, any case.
        public init?(word: String) {
            let folded = word.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" }
            switch folded {
            case "center", "centre", "default": self = .centre
            default:
                guard let position = Position(rawValue: folded) else { return nil }
                self = position
            }
        }
    }
}
