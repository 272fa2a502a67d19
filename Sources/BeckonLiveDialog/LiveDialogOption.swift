import BeckonJSON

/// One of `beckon dialog`'s options, declared once: its swiftDialog name, the
/// shape of its value, its help, whether Linux gives it a meaning, and what it
/// does to the dialog. The same declaration reads the command line, a
/// `--jsonfile` key and a command-file line (swiftDialog's issue #124: every
/// option is also a command), so the three can never disagree.
public struct LiveDialogOption: Sendable {
    /// The long name without dashes, which is also the JSON key and the command.
    public let name: String
    /// Other long names (swiftDialog's spellings: `centericon`, `centreicon`).
    public let aliases: [String]
    /// swiftDialog's one-letter (or two-letter) short form, without the dash.
    public let short: String?
    public let shape: Shape
    public let help: String
    public let support: Support
    /// Whether a command-file line may set it while the window is shown.
    public let live: Bool
    let apply: Apply

    /// Sets an option's value into a spec; `LiveDialogContext` reads the files
    /// a value may name, so that the declarations stay free of I/O.
    typealias Apply = @Sendable (inout LiveDialogSpec, LiveDialogValue, LiveDialogContext) throws(LiveDialogError) -> Void

    init(_ name: String, aliases: [String] = [], short: String? = nil, _ shape: Shape, help: String,
         support: Support = .supported, live: Bool = true,
         apply: @escaping Apply) {
        self.name = name
        self.aliases = aliases
        self.short = short
        self.shape = shape
        self.help = help
        self.support = support
        self.live = live
        self.apply = apply
    }

    /// What follows the option on the command line.
    public enum Shape: Sendable, Equatable {
        /// No value; in JSON a boolean.
        case flag
        /// One value, named by the placeholder in help.
        case text(String)
        /// A value that may be left out (`--timer`, `--progress`): the
        /// following argument is taken unless it starts with `-`.
        case optionalText(String, default: String)
        /// Given as often as wanted; in JSON an array (of strings or objects).
        case repeated(String)
    }

    /// How far swiftDialog's meaning carries to Linux; docs/dialog.md lists
    /// every option with this.
    public enum Support: Sendable, Equatable {
        case supported
        /// Supported, with a difference a script may notice.
        case differently(String)
        /// Accepted so that scripts written for swiftDialog run, and ignored,
        /// with a warning saying why.
        case notApplicable(String)
    }

    /// Applies `value` to `spec`, after checking that its shape fits.
    public func apply(_ value: LiveDialogValue, to spec: inout LiveDialogSpec,
                      context: LiveDialogContext = .init()) throws(LiveDialogError) {
        try apply(&spec, value, context)
    }
}

/// A value for an option: from the command line (text or a flag), from JSON
/// (also an object, for a text field, checkbox, select or list row given as one),
/// or from a command-file line (text).
public enum LiveDialogValue: Sendable, Equatable {
    case flag(Bool)
    case text(String)
    case object([String: JSONValue])

    public static func == (lhs: LiveDialogValue, rhs: LiveDialogValue) -> Bool {
        switch (lhs, rhs) {
        case let (.flag(a), .flag(b)): a == b
        case let (.text(a), .text(b)): a == b
        case let (.object(a), .object(b)): a == b
        default: false
        }
    }
}
