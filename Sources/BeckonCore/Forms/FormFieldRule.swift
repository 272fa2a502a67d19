import BeckonIO
import CGtk

/// What a field must hold before the form's OK button can be pressed; the
/// empty rule (zenity's) takes anything.
public struct FormFieldRule: Sendable, Hashable {
    /// Whether the field must not be empty: text typed, a row or a choice chosen.
    public var isRequired: Bool
    /// A regular expression (GLib's, PCRE) the whole text must match; for an
    /// entry, a password or a combo's chosen text. An empty field is left to
    /// ``isRequired``.
    public var pattern: String?
    /// The range a number typed in an entry must be in; an empty field is
    /// left to ``isRequired``.
    public var range: ClosedRange<Double>?

    public init(isRequired: Bool = false, pattern: String? = nil, range: ClosedRange<Double>? = nil) {
        self.isRequired = isRequired
        self.pattern = pattern
        self.range = range
    }

    /// Whether the rule takes anything.
    public var isEmpty: Bool { !isRequired && pattern == nil && range == nil }

    /// Whether the rule asks only that the field be filled: whether it is
    /// empty is all ``problem(text:)`` needs to know.
    var asksOnlyPresence: Bool { pattern == nil && range == nil }

    /// ``problem(text:)`` for a rule that ``asksOnlyPresence``, from whether the text is empty.
    func problem(isEmpty: Bool) -> String? {
        isRequired && isEmpty ? "must be filled in" : nil
    }

    /// Why `pattern` is not a regular expression GLib compiles, or nil.
    public static func patternError(_ pattern: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let regex = g_regex_new(pattern, GRegexCompileFlags(rawValue: 0), GRegexMatchFlags(rawValue: 0), &error) else {
            defer { if error != nil { g_error_free(error) } }
            return error.map { String(cString: $0.pointee.message) } ?? "invalid regular expression"
        }
        g_regex_unref(regex)
        return nil
    }

    /// Why `text` breaks this rule, in words for the person, or nil when it
    /// keeps it. An empty text breaks only ``isRequired``.
    public func problem(text: String?) -> String? {
        guard let text, !text.isEmpty else { return problem(isEmpty: true) }
        if let pattern, !Self.matches(pattern, wholly: text) {
            return "is not in the expected form"
        }
        if let range {
            guard let number = Self.number(text) else { return "must be a number" }
            if !range.contains(number) {
                return "must be from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
            }
        }
        return nil
    }

    /// `text` as a number: decimal, with an optional sign and fraction.
    package static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespace
        guard trimmed.wholeMatch(of: /[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/) != nil else { return nil }
        return Double(trimmed)
    }

    /// A bound as a person writes it: 10, not 10.0.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    private static func matches(_ pattern: String, wholly text: String) -> Bool {
        // Anchored at both ends, so "[0-9]+" means the whole text is digits.
        g_regex_match_simple("^(?:" + pattern + ")$", text, GRegexCompileFlags(rawValue: 0),
                             GRegexMatchFlags(rawValue: 0)) != 0
    }
}

