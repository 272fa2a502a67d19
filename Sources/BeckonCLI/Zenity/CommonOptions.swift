import BeckonCore
import Glibc

/// The options every dialog shares: zenity's general options, GTK's own,
/// beckon's `--json` and `--countdown`, and the dialect (``ZenityDialect``).
/// Each is read through its ``Key``, where it is declared once:
/// `common.title` is `given[Self.Key.title]`.
struct CommonOptions: GroupParsedOptions, Equatable {
    var given = GivenOptions()
    /// Which zenity to answer as where 3.44 and 4.2 disagree.
    var dialect = ZenityDialect.zenity3_44
    /// zenity 4.2's warnings for the deprecated options given, for stderr
    /// before the dialog shows (none in the 3.44 dialect).
    var deprecationWarnings: [String] = []

    init() {}

    init(_ given: GivenOptions) {
        self.given = given
    }

    /// The options `given` holds, in the dialect `--zenity-compat` or
    /// `environment` names; throws for an unknown dialect.
    init(_ given: GivenOptions, environment: Environment) throws(CLIError) {
        self.init(given)
        // As typed: an unknown version is refused with the environment's words (ZenityDialect.init).
        dialect = try ZenityDialect.resolve(option: given.text(of: Self.Key.zenityCompat), environment: environment)
        if dialect.isZenity4 { deprecationWarnings = ZenityDeprecation.warnings(for: given) }
    }

    /// `--tty` / `--no-tty`: whether to ask on the terminal without a display.
    var terminal: TerminalFallback { TerminalFallback(tty: self.tty, noTTY: self.noTTY) }

    /// The options every dialog shares: `Key.title`, declared in ``Options``.
    /// Built, and so registered, once (``Declarations``).
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.title` (`Self.Key.title` in an instance) as the kinds' `Key` enums are: the built
    /// group itself, so a key is a stored property and no key path is made at
    /// start-up (a `@dynamicMemberLookup` over key paths cost every dialog
    /// some 1.7 M instructions of runtime metadata look-ups).
    static let Key: Options = declared.group

    /// The options every dialog shares, each declared once, in help order
    /// within the help section (``ZenityOptionTable/Section``) above it.
    struct Options: OptionGroup {
        let general = OptionSection(ZenityOptionTable.Section.general)
        let title = OptionKey.string("title", "TITLE", "Set the dialog title")
        let windowIcon = OptionKey.string("window-icon", "ICONPATH", "Set the window icon")
        let width = OptionKey.int("width", "WIDTH", "Set the width")
        let height = OptionKey.int("height", "HEIGHT", "Set the height")
        /// Seconds; zero or less is no timeout, as in zenity (``effectiveTimeout``); `beckon terms` takes it too.
        let timeout = OptionKey.int("timeout", "TIMEOUT", "Set dialog timeout in seconds")
        let okLabel = OptionKey.string("ok-label", "TEXT", "Set the label of the OK button")
        let cancelLabel = OptionKey.string("cancel-label", "TEXT", "Set the label of the Cancel button")
        let extraButtons = OptionKey.strings("extra-button", "TEXT", "Add an extra button")
        let modal = OptionKey.flag("modal", "Set the modal hint")
        let attach = OptionKey.int("attach", "WINDOW", "Set the parent window to attach to")
        // GTK's own, which zenity hands to gtk_init; --display is listed with the dialog flags.
        let application = OptionSection(ZenityOptionTable.Section.application)
        let display = OptionKey.string("display", "DISPLAY", "X display to use")
        let gtk = OptionSection(ZenityOptionTable.Section.gtk)
        let programClass = OptionKey.string("class", "CLASS", "Program class as used by the window manager")
        let programName = OptionKey.string("name", "NAME", "Program name as used by the window manager")
        // Beyond zenity.
        let beckon = OptionSection(ZenityOptionTable.Section.beckon)
        let json = OptionKey.flag("json", "Print one JSON object: the button, its label, the exit code, "
                                  + "how the dialog ended, and the dialog's value")
        let countdown = OptionKey.flag("countdown", "Show the seconds left before --timeout closes the dialog")
        let tty = OptionKey.flag("tty", "Ask on the terminal (/dev/tty) instead of in a window")
        let noTTY = OptionKey.flag("no-tty", "Never ask on the terminal: without a display, fail (exit 255)")
        /// Read as typed (``ZenityDialect/resolve(option:environment:)``); its
        /// versions and their spellings are ``ZenityDialect``'s.
        let zenityCompat: OptionKey<ZenityDialect?> = {
            let (old, new) = (ZenityDialect.zenity3_44, ZenityDialect.zenity4_2)
            return .choice("zenity-compat", "VERSION",
                "Answer as zenity VERSION where \(old.rawValue) and \(new.rawValue) differ: \(old.rawValue) (or "
                    + "\(old.spellings[1]), the default) or \(new.rawValue) (or \(new.spellings[1])); "
                    + "overrides \(ZenityDialect.environmentVariable)")
        }()
    }

    /// The timeout in seconds, when there is one (zenity ignores zero and less).
    var effectiveTimeout: Int32? {
        guard let timeout = self.timeout, timeout > 0 else { return nil }
        return timeout
    }

    /// The window, buttons and timeout these options give a dialog whose
    /// defaults are `defaultTitle` and `defaultWindowIcon`, and `defaultSize`
    /// unless `--width` or `--height` says otherwise (zenity's UI files size
    /// some windows). In zenity 4.2's dialect a `headed` dialog also shows
    /// its title, or its default one, as a heading, as zenity 4's
    /// AdwMessageDialogs do.
    func frame(_ buttons: ZenityButtons, defaultTitle: String, defaultWindowIcon: String?,
               defaultSize: (width: Int, height: Int)? = nil, headed: Bool = true,
               environment: Environment) -> DialogFrame {
        var frame = DialogFrame(title: self.title ?? defaultTitle, buttons: buttons.buttons,
                                timeout: effectiveTimeout.map { .seconds(Int($0)) }, parent: parent(environment))
        frame.width = self.width.flatMap { $0 >= 0 ? Int($0) : nil }
        frame.height = self.height.flatMap { $0 >= 0 ? Int($0) : nil }
        frame.windowIcon = Self.windowIcon(self.windowIcon, default: defaultWindowIcon)
        frame.isModal = self.modal
        frame.highlightsDefaultButton = false // zenity's dialogs do not style it
        frame.showsCountdown = self.countdown && frame.timeout != nil
        if headed, dialect.isZenity4 {
            frame.heading = self.title ?? (defaultTitle.isEmpty ? nil : defaultTitle)
        }
        if let defaultSize, self.width == nil && self.height == nil {
            (frame.width, frame.height) = (defaultSize.width, defaultSize.height)
        }
        return frame
    }

    /// `--attach`, else `WINDOWID`: the X11 window the dialog belongs to.
    /// zenity 4 ignores `--attach`, and so does its dialect.
    func parent(_ environment: Environment) -> DialogParent? {
        if let attach = self.attach, attach != 0, !dialect.isZenity4 { return .x11Window(UInt(UInt32(bitPattern: attach))) }
        if let windowID = environment["WINDOWID"], let xid = Self.windowID(windowID) { return .x11Window(xid) }
        return nil
    }

    /// zenity's --window-icon: "error", "info", "question" and "warning" name the
    /// stock dialog icons, an existing file is an image, anything else an icon name.
    static func windowIcon(_ given: String?, default defaultIcon: String?) -> String? {
        guard let given, !given.isEmpty else { return defaultIcon }
        if ["error", "info", "question", "warning"].contains(given) {
            return "dialog-\(given == "info" ? "information" : given)"
        }
        if access(given, R_OK) == 0 {
            return given.contains("/") ? given : "./\(given)"
        }
        return given
    }

    /// The window icon zenity's dialogs built from its UI file carry: one of
    /// its own images (zenity-entry.png, …) when zenity's data is installed.
    static func zenityImage(_ name: String) -> String? {
        let path = "/usr/share/zenity/\(name)"
        return access(path, R_OK) == 0 ? path : nil
    }

    /// An X11 window id from WINDOWID (decimal, or 0x hex), nil when absent or 0.
    static func windowID(_ text: String) -> UInt? {
        text.withCString { start -> UInt? in
            var end: UnsafeMutablePointer<CChar>?
            errno = 0
            let value = strtoul(start, &end, 0)
            guard errno == 0, let end, end.pointee == 0, start.pointee != 0, value != 0 else { return nil }
            return UInt(value)
        }
    }
}
