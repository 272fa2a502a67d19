import BeckonIO

/// Every option of swiftDialog's "Command Line Options" page, in its order,
/// and Beckon's few additions (marked "Beckon:"). docs/dialog.md is this table
/// printed (`beckon dialog --help-options`).
extension LiveDialogOption {
    public static let all: [LiveDialogOption] = content + icon + banner + buttons + help + media + inputs + lists
        + timerAndProgress + window + styles + elsewhere + commandAndJSON + keyboard

    static let content: [LiveDialogOption] = [
        .text("title", short: "t", "TEXT", help: "The title; none hides it") { spec, text, _ throws(LiveDialogError) in
            spec.title = text.lowercased() == "none" ? nil : text
        },
        .text("subtitle", "TEXT", help: "A second line below the title") { spec, text, _ throws(LiveDialogError) in spec.subtitle = text },
        .text("message", short: "m", "MARKDOWN|FILE", help: "The message: Markdown, \\n for a new line, or a .md file") {
            spec, text, context throws(LiveDialogError) in spec.message = context.markdown(text)
        },
        // `alignment:` is the command file's name for it.
        .text("messagealignment", aliases: ["alignment"], "left|centre|right", help: "How the message is aligned") { spec, text, _ throws(LiveDialogError) in
            spec.messageAlignment = try alignment(text, option: "--messagealignment")
        },
        .notApplicable("messageposition", .text("top|centre|bottom"), help: "Where the message sits vertically",
                       why: "the message always starts at the top, as GTK's dialogs do"),
        .notApplicable("titlefont", .text("PARAMS"), help: "The title's font",
                       why: "the title follows the desktop's theme and font settings, which the user chose"),
        .notApplicable("messagefont", .text("PARAMS"), help: "The message's font",
                       why: "the message follows the desktop's theme and font settings, which the user chose"),
    ]

    static let icon: [LiveDialogOption] = [
        .text("icon", short: "i", "FILE|NAME|SF=NAME", help: "A file, an icon-theme name or an SF Symbol (SF=NAME,colour1=…); none hides it",
              support: .differently("SF=name shows the freedesktop icon docs/dialog.md's SF Symbols table maps it to, recoloured by colour1 and colour2; weight and animation are not drawn; info, caution and warning are the theme's dialog icons; URLs are not fetched")) {
            spec, text, _ throws(LiveDialogError) in spec.icon = iconName(text)
        },
        .number("iconsize", "PIXELS", in: 16...512, help: "The icon's size") { spec, size in spec.iconSize = size },
        LiveDialogOption("iconalpha", .text("0.0-1.0"), help: "The icon's opacity") { spec, value, _ throws(LiveDialogError) in
            spec.iconAlpha = try value.fraction("--iconalpha")
        },
        .text("iconalttext", "TEXT", help: "What a screen reader says for the icon") { spec, text, _ throws(LiveDialogError) in spec.iconAltText = text },
        .text("overlayicon", short: "y", "FILE|NAME|SF=NAME", help: "A smaller icon over the icon's corner") { spec, text, _ throws(LiveDialogError) in
            spec.overlayIcon = iconName(text)
        },
        .flag("hideicon", short: "h", help: "No icon") { spec, on in if on { spec.icon = nil } },
        .flag("centreicon", aliases: ["centericon"], help: "The icon above the message, centred") { spec, on in
            spec.iconCentred = on
        },
    ]

    static let banner: [LiveDialogOption] = [
        .text("bannerimage", short: "n", "FILE", help: "An image across the top; none removes it",
              support: .differently("a file; URLs are not fetched")) { spec, text, _ throws(LiveDialogError) in
            spec.bannerImage = text.lowercased() == "none" ? nil : text
        },
        .text("bannertitle", "TEXT", help: "Text over the banner",
              support: .differently("shown as the title line under the banner, not drawn over the image, so that it stays readable on any image and theme")) {
            spec, text, _ throws(LiveDialogError) in spec.bannerTitle = text
        },
        .text("bannertext", "TEXT", help: "The title, shown over the banner") { spec, text, _ throws(LiveDialogError) in
            spec.bannerTitle = text
            spec.title = text
        },
        .number("bannerheight", "PIXELS", in: 20...1000, help: "The banner's height",
                support: .differently("accepted; the banner keeps its image's proportions")) { _, _ in },
        .notApplicable("background", short: "bg", .text("FILE"), help: "A watermark behind the content",
                       why: "GTK themes draw the window's background; an image behind text would defeat high-contrast themes"),
        .notApplicable("bgalpha", short: "ba", .text("0.0-1.0"), help: "The watermark's opacity", why: "see --background"),
        .notApplicable("bgposition", short: "bp", .text("POSITION"), help: "The watermark's position", why: "see --background"),
        .notApplicable("bgfill", short: "bf", .text("fill|fit"), help: "The watermark's fill", why: "see --background"),
        .notApplicable("bgscale", short: "bs", .text("fill|fit"), help: "The watermark's scale", why: "see --background"),
    ]

    static let buttons: [LiveDialogOption] = [
        .text("button1text", "TEXT", help: "Button 1's label (Return; default OK)") { spec, text, _ throws(LiveDialogError) in spec.button1.label = text },
        .text("button1action", "URL", help: "A URL opened when button 1 is pressed") { spec, text, _ throws(LiveDialogError) in spec.button1Action = text },
        .text("button1shellaction", "COMMAND", help: "A command run (sh -c) when button 1 is pressed", live: false) {
            spec, text, _ throws(LiveDialogError) in spec.button1ShellAction = text
        },
        .text("button1symbol", "NAME[,colour=…][,size=N]", help: "An SF Symbol on button 1, beside its label",
              support: .differently("the freedesktop icon docs/dialog.md's SF Symbols table maps the name to, before the label; colour recolours it; position, rendering mode and a palette's third colour are not drawn"), live: false) {
            spec, text, _ throws(LiveDialogError) in spec.button1Symbol = text
        },
        .flag("button1disabled", help: "Button 1 starts disabled") { spec, on in spec.button1.enabled = !on },
        .number("button1delay", "SECONDS", in: 0...86_400,
                help: "Beckon: button 1 is enabled only after SECONDS, counted down on it (swiftDialog #694)") {
            spec, seconds in spec.button1Delay = seconds == 0 ? nil : seconds
        },
        .flag("button2", short: "2", help: "Show button 2 (Escape; default Cancel)") { spec, on in
            spec.button2 = on ? (spec.button2 ?? .init(label: "Cancel")) : nil
        },
        .text("button2text", "TEXT", help: "Button 2's label; shows button 2") { spec, text, _ throws(LiveDialogError) in
            spec.button2 = .init(label: text, enabled: spec.button2?.enabled ?? true)
        },
        .text("button2symbol", "NAME[,colour=…][,size=N]", help: "An SF Symbol on button 2, beside its label",
              support: .differently("the freedesktop icon docs/dialog.md's SF Symbols table maps the name to, before the label; colour recolours it; position, rendering mode and a palette's third colour are not drawn"), live: false) {
            spec, text, _ throws(LiveDialogError) in spec.button2Symbol = text
        },
        .flag("button2disabled", help: "Button 2 starts disabled") { spec, on in
            spec.button2 = spec.button2 ?? .init(label: "Cancel")
            spec.button2?.enabled = !on
        },
        .flag("infobutton", short: "3", help: "Show the info button (exit 3)") { spec, on in
            spec.infoButton = on ? (spec.infoButton ?? .init(label: "More Information")) : nil
        },
        .text("infobuttontext", "TEXT", help: "The info button's label; shows it") { spec, text, _ throws(LiveDialogError) in
            spec.infoButton = .init(label: text)
        },
        .text("infobuttonaction", "URL", help: "A URL opened when the info button is pressed") { spec, text, _ throws(LiveDialogError) in
            spec.infoButtonAction = text
        },
        .text("infobuttonsymbol", "NAME[,colour=…][,size=N]", help: "An SF Symbol on the info button, beside its label",
              support: .differently("the freedesktop icon docs/dialog.md's SF Symbols table maps the name to, before the label; colour recolours it; position, rendering mode and a palette's third colour are not drawn"), live: false) {
            spec, text, _ throws(LiveDialogError) in spec.infoButtonSymbol = text
        },
        .notApplicable("buttonstyle", .text("center|stack"), help: "How the buttons are laid out",
                       why: "buttons sit at the end of the row, as GNOME's guidelines and zenity place them"),
        .notApplicable("buttonsize", .text("mini|small|regular|large"), help: "The buttons' size",
                       why: "buttons follow the theme's size, which the user's text scaling already sets"),
        .notApplicable("buttontextsize", .text("SIZE"), help: "The buttons' font size", why: "see --buttonsize"),
        .flag("quitoninfo", help: "The info button ends the dialog (exit 3)") { spec, on in spec.quitOnInfo = on },
    ]

    static let help: [LiveDialogOption] = [
        .text("helpmessage", "MARKDOWN", help: "A help button (?) that shows this") { spec, text, context throws(LiveDialogError) in
            spec.helpMessage = context.markdown(text)
        },
        .notApplicable("helpimage", .text("FILE"), help: "An image in the help", why: "not drawn yet: the help shows text only"),
        .notApplicable("helpsheetbuttontext", .text("TEXT"), help: "The help's close button",
                       why: "the help is a popover, closed by Escape or a click outside"),
        .notApplicable("helpalignment", .text("left|centre|right"), help: "The help's alignment",
                       why: "the help is aligned as the message is"),
    ]

    static let media: [LiveDialogOption] = [
        .notApplicable("image", short: "g", .repeated("FILE"), help: "An image (a carousel when repeated)",
                       why: "not drawn yet: use --bannerimage or --icon"),
        .notApplicable("imagecaption", .text("TEXT"), help: "The image's caption", why: "see --image"),
        .notApplicable("video", .text("FILE|URL"), help: "A video", why: "Beckon plays no media"),
        .notApplicable("videocaption", .text("TEXT"), help: "The video's caption", why: "see --video"),
        .notApplicable("autoplay", .flag, help: "Play the video at once", why: "see --video"),
        .notApplicable("webcontent", .text("URL"), help: "A web page in the message area",
                       why: "a dialog that loads remote pages is a browser; Beckon shows Markdown"),
        .text("infotext", "TEXT", help: "Text where the info button would be") { spec, text, _ throws(LiveDialogError) in spec.infoText = text },
        .text("infobox", "MARKDOWN", help: "Markdown below the icon") { spec, text, context throws(LiveDialogError) in
            spec.infoBox = context.markdown(text)
        },
    ]

    static let inputs: [LiveDialogOption] = [
        .repeated("textfield", "LABEL[,MODIFIERS]",
                  help: "A text field: required, secure, editor, prompt=, value=, regex=, regexerror=, name=") {
            spec, value, _ throws(LiveDialogError) in spec.textFields.append(try .init(value))
        },
        .flag("textfieldlivevalidation", help: "Show whether a field's regex holds as it is typed") { spec, on in
            spec.liveValidation = on
        },
        .repeated("checkbox", "LABEL[,checked][,disabled][,enableButton1]", help: "A checkbox") {
            spec, value, _ throws(LiveDialogError) in spec.checkboxes.append(try .init(value))
        },
        .notApplicable("checkboxstyle", .text("checkbox|switch"), help: "Checkboxes as switches",
                       why: "a switch is GNOME's for settings that apply at once; a dialog's choices apply at OK"),
        .repeated("selecttitle", "TITLE[,radio][,required][,searchable][,multiselect][,name=…]",
                  help: "A select list's title") { spec, value, _ throws(LiveDialogError) in
            spec.selects.append(try .init(value))
        },
        .repeated("selectvalues", "A,B,C", help: "The values of the next select list") { spec, value, _ throws(LiveDialogError) in
            let values = try value.text("--selectvalues").split(separator: ",").map { String($0.trimmingWhitespace) }
            let index = spec.selects.firstIndex { $0.values.isEmpty } ?? spec.selects.endIndex
            if index == spec.selects.endIndex { spec.selects.append(.init(title: "")) }
            spec.selects[index].values = values
        },
        .repeated("selectdefault", "VALUE", help: "The default of the next select list") { spec, value, _ throws(LiveDialogError) in
            let text = try value.text("--selectdefault")
            let index = spec.selects.firstIndex { $0.defaultValue == nil } ?? spec.selects.endIndex
            if index == spec.selects.endIndex { spec.selects.append(.init(title: "")) }
            spec.selects[index].defaultValue = text
        },
        .notApplicable("selectstyle", .text("STYLE"), help: "All select lists' style",
                       why: "give the style per list: --selecttitle \"Title,radio\""),
    ]

    static let lists: [LiveDialogOption] = [
        .repeated("listitem", "TITLE[,status=…][,statustext=…][,icon=…]", help: "A row of the status list") {
            spec, value, _ throws(LiveDialogError) in spec.listItems.append(try .init(value))
        },
        .notApplicable("liststyle", .text("expanded|compact"), help: "The rows' spacing",
                       why: "rows follow the theme's spacing, which the user's text scaling sets"),
        .notApplicable("enablelistselect", .flag, help: "Rows can be selected and are returned",
                       why: "not yet: use --selecttitle for a choice"),
    ]

    static let timerAndProgress: [LiveDialogOption] = [
        LiveDialogOption("timer", .optionalText("SECONDS", default: "10"), help: "End with exit 4 after SECONDS (default 10)") {
            spec, value, _ throws(LiveDialogError) in
            spec.timer = try value == .flag(true) ? 10 : value.integer("--timer", in: 1...31_536_000)
        },
        .flag("hidetimerbar", help: "Count down without the bar") { spec, on in spec.timerBarHidden = on },
        .flag("hidetimer", help: "No countdown shown") { spec, on in spec.timerBarHidden = on },
        LiveDialogOption("progress", .optionalText("STEPS", default: "100"), help: "A progress bar of STEPS steps") {
            spec, value, _ throws(LiveDialogError) in
            let total = try value == .flag(true) ? 100 : value.integer("--progress", in: 1...1_000_000_000)
            spec.progress = .init(total: total, value: spec.progress?.value)
        },
        .text("progresstext", "TEXT", help: "The text below the progress bar") { spec, text, _ throws(LiveDialogError) in
            spec.progress = spec.progress ?? .init(total: 100)
            spec.progress?.text = text
        },
    ]

    static let window: [LiveDialogOption] = [
        .number("width", "PIXELS", in: 100...16_384, help: "The window's width") { spec, width in spec.window.width = width },
        .number("height", "PIXELS", in: 60...16_384, help: "The window's height") { spec, height in spec.window.height = height },
        .flag("small", short: "s", help: "A window 25 % smaller") { spec, on in spec.window.style = on ? .small : .regular },
        .flag("big", short: "b", help: "A window 25 % larger") { spec, on in spec.window.style = on ? .big : .regular },
        .text("position", "topleft|top|…|bottomright|centre", help: "Where the window is placed") { spec, text, _ throws(LiveDialogError) in
            guard let position = LiveDialogSpec.Position(word: text) else {
                throw LiveDialogError("--position: wants topleft, top, topright, left, centre, right, bottomleft, bottom or bottomright, not '\(text)'")
            }
            spec.window.position = position
        },
        .number("positionoffset", "PIXELS", in: 0...4096, help: "The distance from the edge with --position",
                support: .differently("accepted; the window manager keeps its own margin")) { _, _ in },
        .notApplicable("moveable", short: "o", .flag, help: "The window can be dragged",
                       why: "a window on Linux can always be moved: its window manager decides"),
        .flag("resizable", help: "The window can be resized") { spec, on in spec.window.resizable = on },
        .flag("ontop", short: "p", help: "Keep the window above others") { spec, on in spec.window.onTop = on },
        .notApplicable("windowbuttons", .text("close,min,max"), help: "Title bar buttons",
                       why: "the window manager draws the title bar; its close ends the dialog with 15 while button 2 can be pressed"),
        .notApplicable("showonallscreens", .flag, help: "A copy on every screen",
                       why: "one window, on the screen with the pointer; --blurscreen covers the others"),
        .text("appearance", "dark|light", help: "Dark or light, whatever the desktop says") { spec, text, _ throws(LiveDialogError) in
            guard let appearance = LiveDialogSpec.WindowPlacement.Appearance(rawValue: text.lowercased()) else {
                throw LiveDialogError("--appearance: wants dark or light, not '\(text)'")
            }
            spec.window.appearance = appearance
        },
    ]

    static let styles: [LiveDialogOption] = [
        .text("style", "mini|centered|alert|caution|warning", help: "A preset",
              support: .differently("presentation is not a style here; mini, centered, alert, caution and warning are")) {
            spec, text, _ throws(LiveDialogError) in try applyStyle(text, to: &spec)
        },
        .flag("mini", help: "A small window: title, icon, two lines, progress") { spec, on in
            spec.window.style = on ? .mini : .regular
        },
        .notApplicable("fullscreen", short: "f", .flag, help: "A full-screen window",
                       why: "use --blurscreen, which covers every monitor and keeps the dialog a dialog"),
        .notApplicable("presentation", .flag, help: "A presentation layout", why: "see --fullscreen"),
        .notApplicable("eula", .flag, help: "A licence to accept",
                       why: "beckon terms is Beckon's: Accept only after reading, with a consent record"),
        .flag("blurscreen", help: "Cover every monitor behind the dialog",
              support: .differently("the monitors are covered by Beckon's shields, not blurred: X11 and Wayland give no other window a blur")) {
            spec, on in spec.window.shieldScreens = on
        },
        .notApplicable("hideotherapps", .flag, help: "Hide other applications", why: "see --blurscreen"),
    ]

    /// Notifications, sound, the Dock, authorisation, the login window, inspect mode.
    static let elsewhere: [LiveDialogOption] = [
        .notApplicable("notification", .flag, help: "A notification instead of a window",
                       why: "use beckon --notification, zenity's notification, which speaks to the desktop's daemon"),
        .notApplicable("identifier", short: "id", .text("ID"), help: "The notification's id", why: "see --notification"),
        .notApplicable("remove", .flag, help: "Remove a notification", why: "see --notification"),
        .notApplicable("enablenotificationsounds", .flag, help: "Sounds for notifications", why: "see --notification"),
        .notApplicable("sound", .text("FILE"), help: "A sound at launch", why: "Beckon plays no media"),
        .notApplicable("showsoundcontrols", .flag, help: "Sound controls", why: "see --sound"),
        .notApplicable("showdockicon", .flag, help: "An icon in the Dock", why: "the Dock is macOS's"),
        .notApplicable("dockicon", .text("FILE"), help: "The Dock icon", why: "the Dock is macOS's"),
        .notApplicable("dockiconbadge", .text("TEXT"), help: "A badge on the Dock icon", why: "the Dock is macOS's"),
        .notApplicable("bounce", .optionalText("critical", default: ""), help: "Bounce the Dock icon (a command)",
                       why: "the Dock is macOS's; activate: raises the window"),
        LiveDialogOption("key", short: "k", .text("KEY"),
                         help: "The secret whose SHA-256 an administrator stored; without it, exit 30",
                         support: .differently("the hash is stored in beckon/dialog.conf of $XDG_CONFIG_DIRS (/etc/xdg), not in managed preferences; a key on a command line is readable in /proc by every user: prefer DIALOG_AUTH_KEY"),
                         live: false) { _, _, _ in },
        LiveDialogOption("checksum", .text("TEXT"), help: "Print the SHA-256 of TEXT, to store for --key, and exit",
                         live: false) { _, _, _ in },
        .notApplicable("loginwindow", .flag, help: "At the login window",
                       why: "Beckon's login gate is beckon terms --managed (docs/administrators.md)"),
        .notApplicable("inspect-mode", .flag, help: "Inspect mode", why: "macOS's installer monitoring"),
        .notApplicable("inspect-config", .text("FILE"), help: "Inspect mode's configuration", why: "see --inspect-mode"),
        .notApplicable("inspect-schema", .text("FILE"), help: "Inspect mode's schema", why: "see --inspect-mode"),
        .notApplicable("schema-validate", .text("FILE"), help: "Validate against a schema", why: "see --inspect-mode"),
        .notApplicable("debug", .optionalText("COLOUR", default: ""), help: "Debug borders",
                       why: "GTK's inspector does this: GTK_DEBUG=interactive"),
        .notApplicable("verbose", short: "vvv", .flag, help: "Verbose logs", why: "warnings go to stderr always"),
        .notApplicable("listfonts", .flag, help: "List fonts", why: "fc-list does this"),
        .notApplicable("demo", .flag, help: "A demo dialog", why: "make demo, or the examples in docs/dialog.md"),
        .notApplicable("builder", .flag, help: "The construction kit", why: "macOS's"),
        .notApplicable("jh", .flag, help: "jamfHelper options", why: "jamfHelper is macOS's"),
        .notApplicable("ignorednd", short: "d", .flag, help: "Show during Do Not Disturb",
                       why: "a window always shows; Do Not Disturb holds back notifications only"),
    ]

    static let commandAndJSON: [LiveDialogOption] = [
        LiveDialogOption("commandfile", .optionalText("FILE", default: ""), help: "Read commands from FILE while shown",
                         support: .differently("the default is private to the user, $XDG_RUNTIME_DIR/beckon/dialog.log, not /var/tmp/dialog.log"),
                         live: false) { _, _, _ in },
        .notApplicable("displaylog", .text("FILE"), help: "Show a file as it grows",
                       why: "not yet: message: + lines through the command file do this"),
        .notApplicable("loghistory", .optionalText("LINES", default: "100"), help: "Lines of --displaylog",
                       why: "see --displaylog"),
        LiveDialogOption("jsonfile", .text("FILE"), help: "Options from a JSON file", live: false) { _, _, _ in },
        LiveDialogOption("jsonstring", .text("JSON"), help: "Options from a JSON string", live: false) { _, _, _ in },
        LiveDialogOption("json", short: "j", .flag, help: "Print the answers as JSON", live: false) { _, _, _ in },
        LiveDialogOption("timeout", .text("SECONDS"),
                         help: "Beckon: end after SECONDS with exit 4, whatever the dialog shows (as every Beckon dialog's --timeout)",
                         live: false) { _, _, _ in },
    ]

    static let keyboard: [LiveDialogOption] = [
        .text("quitkey", "KEY", help: "Ctrl+KEY ends the dialog with exit 10 (default q)",
              support: .differently("Ctrl, where macOS uses Command")) { spec, text, _ throws(LiveDialogError) in
            guard text.count == 1, let key = text.lowercased().first, key.isLetter || key.isNumber else {
                throw LiveDialogError("--quitkey: wants one letter or digit, not '\(text)'")
            }
            spec.quitKey = key
        },
        .notApplicable("hidedefaultkeyboardaction", .flag, help: "Return and Escape need Ctrl+Shift",
                       why: "Return and Escape are the dialog's keys for every keyboard user; not taken away"),
        .flag("alwaysreturninput", help: "Print inputs whatever ended the dialog") { spec, on in spec.alwaysReturnInput = on },
        .notApplicable("vieworder", .text("LIST"), help: "The order of input kinds",
                       why: "inputs are shown text fields, selects, checkboxes, list, as swiftDialog's default"),
    ]

    static func alignment(_ text: String, option: String) throws(LiveDialogError) -> LiveDialogSpec.TextAlignment {
        switch text.lowercased() {
        case "left", "leading": return .leading
        case "centre", "center": return .centre
        case "right", "trailing": return .trailing
        default: throw LiveDialogError("\(option): wants left, centre or right, not '\(text)'")
        }
    }

    /// swiftDialog's icon words, as the icon theme names them; none hides it.
    static func iconName(_ text: String) -> String? {
        switch text.lowercased() {
        case "none": return nil
        case "info", "information": return "dialog-information"
        case "caution", "warning": return "dialog-warning"
        case "error", "stop": return "dialog-error"
        case "question": return "dialog-question"
        default:
            // SF=… stays whole: the window reads its colours (SFSymbol).
            return text
        }
    }

    static func applyStyle(_ text: String, to spec: inout LiveDialogSpec) throws(LiveDialogError) {
        switch text.lowercased() {
        case "mini": spec.window.style = .mini
        case "centered", "centred": spec.iconCentred = true; spec.messageAlignment = .centre
        case "alert": spec.iconCentred = true; spec.messageAlignment = .centre; spec.window.style = .small
        case "caution": spec.icon = "dialog-warning"; spec.iconCentred = true; spec.window.style = .small
        case "warning": spec.icon = "dialog-error"; spec.iconCentred = true; spec.window.style = .small
        default: throw LiveDialogError("--style: wants mini, centered, alert, caution or warning, not '\(text)'")
        }
    }
}
