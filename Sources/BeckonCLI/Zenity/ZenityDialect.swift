/// Which zenity beckon answers as where zenity 3.44 and 4.2 disagree.
///
/// Options that only one version has are always accepted (the union
/// grammar); the dialect decides only what the two versions do differently:
/// the extra button's exit code, the password timeout, the deprecation
/// warnings, GTK's options. It comes from `--zenity-compat=VERSION`, else
/// from `BECKON_ZENITY_COMPAT`, else it is 3.44.
enum ZenityDialect: String, Sendable, Equatable, CaseIterable {
    case zenity3_44 = "3.44"
    case zenity4_2 = "4.2"

    /// The variable that sets the dialect for a whole script.
    static let environmentVariable = "BECKON_ZENITY_COMPAT"

    /// The spellings each dialect accepts, its own first (``OptionChoice``).
    var spellings: [String] {
        switch self {
        case .zenity3_44: [rawValue, "3"]
        case .zenity4_2: [rawValue, "4"]
        }
    }

    /// The version `--version` prints in this dialect, so a script's version check passes.
    var version: String {
        switch self {
        case .zenity3_44: "3.44.0"
        case .zenity4_2: "4.2.2"
        }
    }

    /// Whether zenity 4's behaviour applies.
    var isZenity4: Bool { self == .zenity4_2 }

    /// The dialect `text` names; `source` is where it was read, for the message.
    init(_ text: String, source: String) throws(CLIError) {
        guard let dialect = Self(spelling: text) else {
            let accepted = Self.allCases.flatMap(\.spellings).map { "\"\($0)\"" }.joined(separator: ", ")
            throw CLIError(message: "\(source): unknown zenity version \"\(text)\"; use one of \(accepted)")
        }
        self = dialect
    }

    /// The dialect of a command line: `option`'s value when given (it wins),
    /// else the environment's, else 3.44. An unknown value of either is an
    /// error; an empty variable counts as unset, so `BECKON_ZENITY_COMPAT=` clears it.
    static func resolve(option: String?, environment: Environment) throws(CLIError) -> ZenityDialect {
        if let option { return try ZenityDialect(option, source: "--" + CommonOptions.Key.zenityCompat.name) }
        if let text = environment[environmentVariable], !text.isEmpty { return try ZenityDialect(text, source: environmentVariable) }
        return .zenity3_44
    }
}
