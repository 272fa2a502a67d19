/// Makes the window for a ``TextInfoRequest``: ``TextInfoWindow``.
extension TextInfoRequest: GtkDialogKind {
    @GtkActor
    func makeWindow(_ control: DialogControl) throws -> DialogWindow<TextInfoContent> {
        try TextInfoWindow.build(self)
    }
}
