import BeckonTestEndings
import Testing

/// The endings by a click on one of the two buttons, OK (or Select) and
/// Cancel: the own endings of every kind that has no others.
enum ButtonPath: String, KindPath {
    case clickOK, clickCancel

    var expected: Ending { self == .clickOK ? .accepted : .dismissed }

    func end(_ shown: ShownDialog) async throws { try await shown.clickButton(self == .clickOK ? 1 : 0) }
}
