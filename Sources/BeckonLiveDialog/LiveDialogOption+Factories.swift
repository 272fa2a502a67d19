/// The four shapes every declaration in ``LiveDialogOption/all`` takes, so that
/// a line of the table says only the option's own part.
extension LiveDialogOption {
    /// An option with one text value, set by `set`.
    static func text(_ name: String, aliases: [String] = [], short: String? = nil, _ placeholder: String,
                     help: String, support: Support = .supported, live: Bool = true,
                     set: @escaping @Sendable (inout LiveDialogSpec, String, LiveDialogContext) throws(LiveDialogError) -> Void)
        -> LiveDialogOption {
        LiveDialogOption(name, aliases: aliases, short: short, .text(placeholder), help: help, support: support, live: live) {
            (spec: inout LiveDialogSpec, value: LiveDialogValue, context: LiveDialogContext) throws(LiveDialogError) in
            try set(&spec, try value.text("--\(name)"), context)
        }
    }

    /// An option with a whole-number value in `range`.
    static func number(_ name: String, aliases: [String] = [], short: String? = nil, _ placeholder: String,
                       in range: ClosedRange<Int>, help: String, support: Support = .supported,
                       set: @escaping @Sendable (inout LiveDialogSpec, Int) -> Void) -> LiveDialogOption {
        LiveDialogOption(name, aliases: aliases, short: short, .text(placeholder), help: help, support: support) {
            (spec: inout LiveDialogSpec, value: LiveDialogValue, _: LiveDialogContext) throws(LiveDialogError) in
            set(&spec, try value.integer("--\(name)", in: range))
        }
    }

    /// An option that is on or off: bare on the command line, a boolean in
    /// JSON, `enable`/`disable` (or true/false) as a command.
    static func flag(_ name: String, aliases: [String] = [], short: String? = nil, help: String,
                     support: Support = .supported, live: Bool = true,
                     set: @escaping @Sendable (inout LiveDialogSpec, Bool) -> Void) -> LiveDialogOption {
        LiveDialogOption(name, aliases: aliases, short: short, .flag, help: help, support: support, live: live) {
            (spec: inout LiveDialogSpec, value: LiveDialogValue, _: LiveDialogContext) throws(LiveDialogError) in
            set(&spec, try value.bool("--\(name)"))
        }
    }

    /// An option given as often as wanted; each value (text, or a JSON object)
    /// is added by `add`.
    static func repeated(_ name: String, aliases: [String] = [], short: String? = nil, _ placeholder: String,
                         help: String, support: Support = .supported, live: Bool = true,
                         add: @escaping @Sendable (inout LiveDialogSpec, LiveDialogValue, LiveDialogContext) throws(LiveDialogError) -> Void)
        -> LiveDialogOption {
        LiveDialogOption(name, aliases: aliases, short: short, .repeated(placeholder), help: help, support: support,
                         live: live, apply: add)
    }

    /// A swiftDialog option with no meaning on Linux: accepted in the shape
    /// swiftDialog gives it, so that its scripts run, and ignored with a warning
    /// (``Support/notApplicable(_:)`` says why).
    static func notApplicable(_ name: String, aliases: [String] = [], short: String? = nil, _ shape: Shape,
                              help: String, why: String) -> LiveDialogOption {
        LiveDialogOption(name, aliases: aliases, short: short, shape, help: help, support: .notApplicable(why)) { _, _, _ in }
    }
}
