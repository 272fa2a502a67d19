import BeckonCore

/// Makes the window for a ``TermsRequest``: ``TermsWindow``.
extension TermsRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) -> DialogWindow<Void> {
        DialogWindow(widget: TermsWindow.build(prepared, options: options, earlier: earlier)) { _ in }
    }
}
