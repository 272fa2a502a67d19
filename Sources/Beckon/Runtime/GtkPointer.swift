import CGtk

/// GTK's C casts (GTK_DIALOG(), GTK_WINDOW(), …) are macros Swift cannot call.
/// A widget pointer is only ever used as the class it was created as.
extension UnsafeMutablePointer where Pointee == GtkWidget {
    func cast<T>(to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so a short timeout never becomes zero,
    /// and clamped to what GLib's timeouts take (UInt32: about 49.7 days), so a
    /// huge timeout waits that long instead of overflowing.
    package var milliseconds: UInt32 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        guard seconds < Int64(UInt32.max / 1000) else { return .max }
        let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return UInt32(clamping: ms)
    }
}
