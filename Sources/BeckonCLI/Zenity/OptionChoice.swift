import BeckonConsent
import BeckonCore

/// An option's value that is one of an enum's cases: the enum is the one
/// place its words are written, and the option's parsing, help and
/// completion all read them from here.
protocol OptionChoice: RawRepresentable<String>, CaseIterable, Sendable {
    /// The words that name this case on the command line, its raw value
    /// first (the one help and completion offer).
    var spellings: [String] { get }
}

extension OptionChoice {
    var spellings: [String] { [rawValue] }

    /// The case `text` names; nil for a word no case takes.
    init?(spelling text: String) {
        guard let choice = Self.allCases.first(where: { $0.spellings.contains(text) }) else { return nil }
        self = choice
    }

    /// Every case's raw value, in declaration order.
    static var rawValues: [String] { allCases.map(\.rawValue) }
}

// The enums whose cases are option values.
extension TermsReread: OptionChoice {}
extension ConsentJournal.Event: OptionChoice {}
extension ReferenceFormat: OptionChoice {}
extension ZenityDialect: OptionChoice {}
