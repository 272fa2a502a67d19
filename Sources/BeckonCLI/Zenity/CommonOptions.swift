import Beckon
import Glibc

/// The options every dialog shares: zenity's general options, GTK's own, and
/// beckon's `--json` and `--countdown`.
struct CommonOptions: Sendable, Equatable {
    var title: String?
    var windowIcon: String?
    var width: Int32?
    var height: Int32?
    /// Seconds; zero or less means no timeout, as in zenity.
    var timeout: Int32?
    var okLabel: String?
    var cancelLabel: String?
    var extraButtons: [String] = []
    var modal = false
    var attach: Int32?
    // GTK's own options.
    var display: String?
    var programClass: String?
    var programName: String?
    // Beyond zenity.
    var json = false
    var countdown = false
    /// `--tty` / `--no-tty`: whether to ask on the terminal without a display.
    var terminal = TerminalFallback.whenNoDisplay

    init() {}

    init(_ given: GivenOptions) {
        title = given.string("title")
        windowIcon = given.string("window-icon")
        width = given.int("width")
        height = given.int("height")
        timeout = given.int("timeout")
        okLabel = given.string("ok-label")
        cancelLabel = given.string("cancel-label")
        extraButtons = given.strings("extra-button")
        modal = given.flag("modal")
        attach = given.int("attach")
        display = given.string("display")
        programClass = given.string("class")
        programName = given.string("name")
        json = given.flag("json")
        countdown = given.flag("countdown")
        terminal = TerminalFallback(tty: given.flag("tty"), noTTY: given.flag("no-tty"))
    }

    /// The timeout in seconds, when there is one (zenity ignores zero and less).
    var effectiveTimeout: Int32? {
        guard let timeout, timeout > 0 else { return nil }
        return timeout
    }

    /// The window, buttons and timeout these options give a dialog whose
    /// defaults are `defaultTitle` and `defaultWindowIcon`.
    func frame(_ buttons: ZenityButtons, defaultTitle: String, defaultWindowIcon: String?,
               environment: Environment) -> DialogFrame {
        var frame = DialogFrame(title: title ?? defaultTitle, buttons: buttons.buttons,
                                timeout: effectiveTimeout.map { .seconds(Int($0)) }, parent: parent(environment))
        frame.width = width.flatMap { $0 >= 0 ? Int($0) : nil }
        frame.height = height.flatMap { $0 >= 0 ? Int($0) : nil }
        frame.windowIcon = Self.windowIcon(windowIcon, default: defaultWindowIcon)
        frame.isModal = modal
        frame.highlightsDefaultButton = false // zenity's dialogs do not style it
        frame.showsCountdown = countdown && frame.timeout != nil
        return frame
    }

    /// `--attach`, else `WINDOWID`: the X11 window the dialog belongs to.
    func parent(_ environment: Environment) -> DialogParent? {
        if let attach, attach != 0 { return .x11Window(UInt(UInt32(bitPattern: attach))) }
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
