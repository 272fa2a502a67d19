/// What a button means to the person and to GTK.
public enum DialogRole: Sendable, Hashable {
    /// The answer Return gives: GTK's default response, styled `suggested-action`.
    case `default`
    /// The answer that backs out. Escape and a window close give the choice type's
    /// ``DialogChoice/dismissal`` case, which is usually this one.
    case cancel
    /// An answer that destroys or loses something, styled `destructive-action`.
    case destructive
    /// Any other answer.
    case plain
}
