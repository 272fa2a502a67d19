import CGtk

/// GTK's C casts (GTK_DIALOG(), GTK_WINDOW(), …) are macros Swift cannot call.
/// A widget pointer is only ever used as the class it was created as.
extension UnsafeMutablePointer where Pointee == GtkWidget {
    func cast<T>(to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so a short timeout never becomes zero.
    var milliseconds: UInt32 {
        let (seconds, attoseconds) = components
        let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return UInt32(clamping: max(ms, 0))
    }
}
