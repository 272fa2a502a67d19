import CGtk

/// GTK's C casts (GTK_DIALOG(), GTK_WINDOW(), …) are macros Swift cannot call.
/// A widget pointer is only ever used as the class it was created as.
extension UnsafeMutablePointer where Pointee == GtkWidget {
    package func cast<T>(to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }
}
