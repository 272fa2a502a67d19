/// The options of `beckon terms`, parsed GOption-style like zenity's:
/// `--opt=value` or `--opt value`, flags bare.
struct TermsArguments: Equatable {
    var file: String?
    var title: String?
    var acceptLabel: String?
    var declineLabel: String?
    var checkbox: String?
    var requiresScroll = true
    var id: String?
    var version: String?
    var once = false
    var status = false
    var revoke = false
    var timeout: Int?
    var json = false
    var tty = false
    var noTTY = false
    var width: Int?
    var height: Int?
    var encoding: String?
    var help = false

    /// The options that take a value, by name.
    private static let valued: Set<String> = [
        "file", "filename", "title", "accept-label", "decline-label", "checkbox", "id", "version",
        "timeout", "width", "height", "encoding",
    ]
    private static let flags: Set<String> = [
        "no-require-scroll", "require-scroll", "once", "status", "revoke", "json", "help",
        "tty", "no-tty",
    ]

    /// Parses the arguments after `terms`.
    static func parse(_ arguments: [String]) throws(CLIError) -> TermsArguments {
        var parsed = TermsArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" { parsed.help = true; continue }
            guard let option = LongOption(argument) else {
                throw .termsUsage("unexpected argument \(argument.debugDescription); the terms come from --file or standard input")
            }
            let name = option.name
            var value = option.inlineValue
            if flags.contains(name) {
                guard value == nil else { throw .termsUsage("--\(name) takes no value") }
                parsed.setFlag(name)
            } else if valued.contains(name) {
                if value == nil {
                    guard index < arguments.count else { throw .termsUsage("--\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                try parsed.set(name, value!)
            } else {
                throw .termsUsage("unknown option --\(name)")
            }
        }
        try parsed.validate()
        return parsed
    }

    private mutating func setFlag(_ name: String) {
        switch name {
        case "no-require-scroll": requiresScroll = false
        case "require-scroll": requiresScroll = true
        case "once": once = true
        case "status": status = true
        case "revoke": revoke = true
        case "json": json = true
        case "tty": tty = true
        case "no-tty": noTTY = true
        default: help = true
        }
    }

    private mutating func set(_ name: String, _ value: String) throws(CLIError) {
        switch name {
        case "file", "filename": file = value
        case "title": title = value
        case "accept-label": acceptLabel = value
        case "decline-label": declineLabel = value
        case "checkbox": checkbox = value
        case "id":
            guard !value.isEmpty else { throw .termsUsage("--id needs a non-empty id such as org.example.Product") }
            // A newline in an id would let it forge a line of --status.
            guard !value.containsControlCharacters else {
                throw .termsUsage("--id must not contain control characters such as a newline")
            }
            id = value
        case "version": version = value
        case "timeout": timeout = try Self.positive(name, value)
        case "width": width = try Self.positive(name, value)
        case "height": height = try Self.positive(name, value)
        case "encoding": encoding = value
        default: break // only the names in `valued` come here
        }
    }

    private static func positive(_ name: String, _ value: String) throws(CLIError) -> Int {
        guard let number = Int(value), number > 0 else {
            throw .termsUsage("--\(name) needs a positive whole number, not \(value.debugDescription)")
        }
        return number
    }

    private func validate() throws(CLIError) {
        if help { return }
        if status && revoke { throw .termsUsage("--status and --revoke cannot be used together") }
        for (flag, used) in [("--once", once), ("--status", status), ("--revoke", revoke)] where used && id == nil {
            throw .termsUsage("\(flag) needs --id")
        }
    }
}
