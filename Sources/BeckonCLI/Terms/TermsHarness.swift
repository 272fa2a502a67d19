import BeckonCore
import BeckonConsent

/// What a test build puts in the place of the person at `beckon terms`: a
/// presenter that answers the terms instead of a window or the terminal, and
/// a change to the record store (a pause in the middle of a write).
///
/// Internal, and made only by BeckonTermsHarness (Tests/TermsHarness, through
/// `@testable import`): no option or variable of the `beckon` command reaches
/// it, so nothing the product runs records an acceptance without showing the
/// terms (docs/testing.md, "Testing hooks").
struct TermsHarness: Sendable {
    /// Answers the terms.
    var presenter: any DialogPresenter
    /// Applied to the standard record store before it is used.
    var adjustStore: @Sendable (inout ConsentStore) -> Void = { _ in }

    /// Runs `body` in GLib's loop without a display, with a `Dialog` that shows
    /// through ``presenter``: the terms command's path, the window left out.
    func run<T: Sendable>(_ body: @escaping @GtkActor (Dialog, _ onTerminal: Bool) async throws -> T) throws -> T {
        let presenter = presenter
        return try TerminalFallback.runWithoutWindow { @GtkActor _, _ in
            try await body(Dialog(presenter: presenter), false)
        }
    }
}
