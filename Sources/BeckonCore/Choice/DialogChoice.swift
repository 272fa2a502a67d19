/// An enum whose cases are the buttons of a dialog.
///
/// ```swift
/// enum Consent: DialogChoice {
///     case decline, accept
///     static let dismissal = Consent.decline
///     var label: String { self == .accept ? "_Accept" : "_Decline" }
///     var role: DialogRole { self == .accept ? .default : .cancel }
/// }
/// let answer: Consent = try await Dialog.choice(title: "Terms of Use", message: terms)
/// ```
///
/// Buttons appear in `allCases` order. A dialog can also end without a button:
/// Escape, the window manager's close button, or the dialog destroyed by code.
/// Every such ending returns ``dismissal``, which each conforming type must name,
/// so no way of closing the dialog leaves the caller waiting.
public protocol DialogChoice: CaseIterable, Sendable, Equatable where AllCases: RandomAccessCollection {
    /// The button's text; an underscore marks the mnemonic, as in GTK.
    var label: String { get }
    /// What the button means; `.plain` unless a case says otherwise.
    var role: DialogRole { get }
    /// The answer when the dialog is dismissed without a button.
    static var dismissal: Self { get }
}

extension DialogChoice {
    public var role: DialogRole { .plain }
}
