/// Makes the window for a ``TextInfoRequest``: ``TextInfoWindow``.
extension TextInfoRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<TextInfoContent> {
        try TextInfoWindow.build(self)
    }
}
