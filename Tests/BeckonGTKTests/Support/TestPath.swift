import BeckonTestEndings
import Testing

/// One ending of a GTK API test: from the shared table, or its kind's own.
enum TestPath<Own: KindPath>: Hashable, Sendable, CustomTestStringConvertible {
    case shared(Path)
    case own(Own)

    /// The `shared` endings a kind's test takes, then all its own: the arguments of its `@Test`.
    static func all(_ shared: [Path]) -> [TestPath] { shared.map { .shared($0) } + Own.allCases.map { .own($0) } }

    var testDescription: String {
        switch self {
        case .shared(let path): "\(path)"
        case .own(let own): own.rawValue
        }
    }

    /// What the caller of the dialog must see.
    var expected: Ending {
        switch self {
        case .shared(let path): path.expected
        case .own(let own): own.expected
        }
    }

    /// Ends the shown dialog this way; `cancel` cancels the task awaiting it.
    func end(_ shown: ShownDialog, cancel: () -> Void) async throws {
        switch self {
        case .shared(let path): try await path.end(shown, cancel: cancel)
        case .own(let own): try await own.end(shown)
        }
    }
}
