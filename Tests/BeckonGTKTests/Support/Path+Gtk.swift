import BeckonTestEndings
import BeckonTestSupport
import Testing

extension Path {
    /// Ends a shown dialog the way the soak does: a real key, a close by the
    /// window manager, a destroy from code, nothing (the timeout), or a cancel
    /// of the awaiting task (`cancel`).
    func end(_ shown: ShownDialog, cancel: () -> Void) async throws {
        switch self {
        case .returnKey: try Xdotool.key("Return")
        case .escapeKey: try Xdotool.key("Escape")
        case .windowManagerClose: try Xdotool.close(xid: shown.xid)
        case .destroyedByCode: await ShownDialog.destroyFromCode()
        case .timeout: break
        case .cancelledWhileShown: cancel()
        case .cancelledBeforeShowing, .responseFromCode:
            Issue.record("\(self) is the soak's alone: a GTK API test's dialog is shown and answered by input")
        }
    }
}
