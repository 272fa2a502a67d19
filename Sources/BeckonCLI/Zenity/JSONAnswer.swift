import BeckonJSON

/// The one object `--json` prints, for every kind and `beckon terms` alike
/// (docs/json.md, Resources/beckon-json.schema.json): the envelope every kind
/// shares, then what only the kind has.
///
/// Every line a script can get from `--json` is built here, so the keys, their
/// order and their meaning cannot drift apart from kind to kind again.
struct JSONAnswer: Sendable {
    /// The contract's version, `"format"` in every object. It changes only
    /// when a key that scripts read changes meaning or goes away; new keys do
    /// not change it.
    static let format: Int64 = 1

    /// The button that ended a dialog, as `--json` names it.
    struct Button: Sendable, Equatable {
        /// What it stands for: ok, cancel, yes, no, extra or custom.
        var name: String
        /// Its place among the dialog's buttons, left to right from 0.
        var index: Int
        /// Its label as shown, without the mnemonic underscore.
        var label: String
    }

    /// Which keys follow `ended`.
    enum Shape: Sendable {
        /// A zenity kind's: `button`, `index`, `label`, then `value` after `exit_code`.
        case dialog
        /// `beckon terms`': `outcome`, the name it had before `ended`, kept
        /// because scripts read it (docs/terms.md); the acceptance has no
        /// value of its own, and its buttons are the outcome.
        case terms
    }

    var shape = Shape.dialog
    /// The kind: the dialog's flag without dashes ("entry", "question"), or
    /// "terms"; nil when the failure came before any kind was known.
    var kind: String?
    /// How it ended: button, escape, close, timeout, auto-close, error, a
    /// notification's sent, clicked or end-of-input, or terms' outcome.
    var ended: String
    /// The button, when a button ended it.
    var button: Button?
    /// What the shell sees: exit() keeps the low 8 bits.
    var exitCode: Int32
    /// The answer; null when the kind has none or the dialog gave none.
    var value: JSONValue = .null
    /// The kind's own members after `value` (a list's `indices`, a
    /// notification's `id`, an error's `error`).
    var details: [(String, JSONValue)] = []

    /// The object, its keys always in this order.
    var object: JSONValue {
        var members: [(String, JSONValue)] = [
            ("format", .int(Self.format)),
            ("kind", kind.map(JSONValue.string) ?? .null),
            ("ended", .string(ended)),
        ]
        let exit: (String, JSONValue) = ("exit_code", .int(Int64(exitCode & 0xff)))
        switch shape {
        case .dialog:
            members += [
                ("button", button.map { .string($0.name) } ?? .null),
                ("index", button.map { .int(Int64($0.index)) } ?? .null),
                ("label", button.map { .string($0.label) } ?? .null),
                exit,
                ("value", value),
            ]
        case .terms:
            members += [("outcome", .string(ended)), exit]
        }
        members += details
        return .object(members)
    }

    /// The object on one line, as stdout gets it.
    var line: String { object.serialized() + "\n" }

    /// The line for a dialog that could not give an answer: `"ended": "error"`
    /// and the message that also goes to stderr.
    static func error(_ failure: CLIError, kind: String?, shape: Shape = .dialog) -> JSONAnswer {
        JSONAnswer(shape: shape, kind: kind, ended: "error", exitCode: failure.exitCode,
                   details: [("error", .string(failure.message))])
    }

    /// `label` as GTK shows it: an underscore marks the next character as the
    /// mnemonic and is not shown; two stand for one.
    static func withoutMnemonic(_ label: String) -> String {
        var result = ""
        var escaped = false
        for character in label {
            if character == "_" && !escaped {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }
}
