import BeckonIO
import BeckonJSON

/// `beckon dialog`'s command line, read: the options in the order given, and
/// the few that say where input and output go rather than what is shown.
public struct LiveDialogInvocation: Sendable {
    /// The options that describe the dialog, with their values, in order.
    public var given: [(option: LiveDialogOption, value: LiveDialogValue)] = []
    public var jsonFile: String?
    public var jsonString: String?
    /// `--commandfile` given: its path, or "" for the default.
    public var commandFile: String?
    public var jsonOutput = false
    /// Beckon's `--timeout`, in seconds: the dialog ends with exit 4, as the timer's.
    public var timeout: Int?
    /// `--key`: the secret for ``LiveDialogAuthorisation``.
    public var authorisationKey: String?
    /// `--checksum TEXT`: print the SHA-256 of TEXT and exit.
    public var checksum: String?
    /// How many arguments were given (swiftDialog checks the key only with more than one).
    public var argumentCount = 0
    /// One line each for the swiftDialog options Linux gives no meaning.
    public var warnings: [String] = []

    public init() {}

    /// Reads `arguments` (what follows `beckon dialog`). `--name value`,
    /// `--name=value` and swiftDialog's short forms (`-t`, `-2`, `-bg`) are
    /// read; an option no declaration has is an error that carries its name,
    /// for the caller's "did you mean".
    public init(arguments: [String]) throws(LiveDialogError) {
        argumentCount = arguments.count
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument.count > 1 else {
                throw LiveDialogError("'\(argument)': not an option (options start with --, as in --title \"Hello\")")
            }
            var name = String(argument.drop { $0 == "-" })
            var inline: String?
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            let option = argument.hasPrefix("--") ? LiveDialogOption.named(name) : LiveDialogOption.short(name)
                ?? LiveDialogOption.named(name)
            guard let option else { throw LiveDialogError.unknownOption(argument) }
            let value: LiveDialogValue
            switch option.shape {
            case .flag:
                value = try inline.map { text throws(LiveDialogError) in .flag(try LiveDialogValue.text(text).bool(argument)) }
                    ?? .flag(true)
            case .text, .repeated:
                if let inline {
                    value = .text(inline)
                } else {
                    guard index < arguments.endIndex else {
                        throw LiveDialogError("\(argument): wants a value, as in \(argument) \"…\"")
                    }
                    value = .text(arguments[index])
                    index += 1
                }
            case .optionalText(_, let fallback):
                if let inline {
                    value = .text(inline)
                } else if index < arguments.endIndex, !arguments[index].hasPrefix("-") {
                    value = .text(arguments[index])
                    index += 1
                } else {
                    value = fallback.isEmpty ? .text("") : .flag(true)
                }
            }
            try take(option, value)
        }
    }

    /// Keeps one option: the input and output ones aside, the rest in order.
    private mutating func take(_ option: LiveDialogOption, _ value: LiveDialogValue) throws(LiveDialogError) {
        switch option.name {
        case "jsonfile": jsonFile = try value.text("--jsonfile")
        case "jsonstring": jsonString = try value.text("--jsonstring")
        case "commandfile": commandFile = try value.text("--commandfile")
        case "json": jsonOutput = try value.bool("--json")
        case "timeout": timeout = try value.integer("--timeout", in: 1...31_536_000)
        case "key": authorisationKey = try value.text("--key")
        case "checksum": checksum = try value.text("--checksum")
        default:
            if case .notApplicable(let why) = option.support {
                warnings.append("--\(option.name) is ignored: \(why)")
            }
            given.append((option, value))
        }
    }
}

extension LiveDialogError {
    /// An option that no declaration has; ``unknownName`` carries it.
    static func unknownOption(_ argument: String) -> LiveDialogError {
        var error = LiveDialogError("\(argument): not an option of beckon dialog")
        error.unknownName = argument
        return error
    }
}
