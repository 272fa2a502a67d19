import BeckonTestEndings

/// The endings only one kind's dialog has (a click on its OK, arrows then
/// Return, a double click on a row): all that a GTK API test declares of its
/// endings; the rest come from the shared table (`Path`, the soak's).
protocol KindPath: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    /// Whether the ending accepts the dialog or dismisses it.
    var expected: Ending { get }
    /// Ends the shown dialog this way, with real input.
    func end(_ shown: ShownDialog) async throws
}
