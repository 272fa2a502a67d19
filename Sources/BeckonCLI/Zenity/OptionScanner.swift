import Glibc

/// GLib's GOption grammar, read left to right, for every command of the
/// binary (zenity's options and `beckon terms`): `--opt=value` and `--opt
/// value` (the next argument is the value even when it starts with a dash),
/// flags bare, `--` ends the options. What each token means, and the words of
/// each error, are the command's.
struct OptionScanner {
    enum Token {
        /// A declared option and its value (nil for a flag); `inlineValue` is
        /// what followed `=`, which a flag ignores.
        case option(ZenityOption, value: String?, inlineValue: String?)
        /// A long option no table declares.
        case unknown(argument: String, name: String)
        /// `-x` (GLib groups short options: `-h?`).
        case short(String)
        /// A plain argument.
        case positional(String)
        /// `--`, and every argument after it.
        case endOfOptions(ArraySlice<String>)
    }

    /// A declared option that takes a value, last on the command line.
    struct MissingValue: Error {
        var name: String
    }

    private let arguments: [String]
    private let lookup: (String) -> ZenityOption?
    private var index = 0

    init(_ arguments: [String], lookup: @escaping (String) -> ZenityOption?) {
        self.arguments = arguments
        self.lookup = lookup
    }

    /// The next token; nil at the end.
    mutating func next() throws(MissingValue) -> Token? {
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        if argument == "--" {
            defer { index = arguments.count }
            return .endOfOptions(arguments[index...])
        }
        guard let long = LongOption(argument) else {
            return argument.hasPrefix("-") && argument.count > 1 ? .short(argument) : .positional(argument)
        }
        guard let option = lookup(long.name) else { return .unknown(argument: argument, name: long.name) }
        guard option.argument != .none else { return .option(option, value: nil, inlineValue: long.inlineValue) }
        if let inlineValue = long.inlineValue { return .option(option, value: inlineValue, inlineValue: inlineValue) }
        guard index < arguments.count else { throw MissingValue(name: long.name) }
        index += 1
        return .option(option, value: arguments[index - 1], inlineValue: nil)
    }

    /// Reads an integer as GLib's GOption does: `strtol` with base 0, the whole
    /// text, within a C int.
    static func integer(_ text: String) -> Int32? {
        guard !text.isEmpty else { return nil }
        return text.withCString { start -> Int32? in
            var end: UnsafeMutablePointer<CChar>?
            errno = 0
            let value = strtol(start, &end, 0)
            guard errno == 0, let end, end.pointee == 0, value >= Int(Int32.min), value <= Int(Int32.max) else {
                return nil
            }
            return Int32(value)
        }
    }
}
