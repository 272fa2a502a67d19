import BeckonLiveDialog

/// What changes a shown live dialog: a whole new spec (the window draws only
/// what differs from the one it shows), or something the window itself does.
public enum LiveDialogUpdate: Sendable, Equatable {
    case spec(LiveDialogSpec)
    case action(LiveDialogAction)
}
