/// What a batch of commands did: whether the spec changed, and what the
/// window must do. Which parts of the window to redraw is not listed here: the
/// window compares the spec it is sent with the one it shows
/// (`LiveDialogWindow.draw(_:from:)`), the one place that says what a field
/// draws, so a batch that touched a part many times redraws it once.
public struct LiveDialogChanges: Sendable, Equatable {
    /// The spec changed: the command file's follower sends it to the window.
    public var specChanged = false
    /// What the window itself must do, in order.
    public var actions: [LiveDialogAction] = []

    public init() {}

    init(action: LiveDialogAction) { actions = [action] }

    public var isEmpty: Bool { !specChanged && actions.isEmpty }

    mutating func formUnion(_ other: LiveDialogChanges) {
        specChanged = specChanged || other.specChanged
        actions += other.actions
    }
}

/// Commands that act on the window rather than change what it shows.
public enum LiveDialogAction: Sendable, Equatable {
    /// `quit:`: end with exit code 5.
    case quit
    /// `activate:`: raise and focus the window.
    case activate
    case show
    case hide
    case minimise
    case restore
}
