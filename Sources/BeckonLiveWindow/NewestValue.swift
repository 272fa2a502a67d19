import BeckonCore
import CGtk

/// Keeps only the newest of many values and hands it on at most once per
/// `interval`: how the window (a frame, 16 ms) and the terminal prompt (a
/// tenth of a second) draw a flood of updates as a few drawings.
@GtkActor
final class NewestValue<Value> {
    private let interval: UInt32
    private let deliver: @GtkActor (Value) -> Void
    private var pending: Value?
    private var source: guint = 0

    init(everyMilliseconds interval: UInt32, deliver: @escaping @GtkActor (Value) -> Void) {
        self.interval = interval
        self.deliver = deliver
    }

    /// `value` replaces any waiting one; it is handed on when the interval ends.
    func offer(_ value: Value) {
        pending = value
        guard source == 0 else { return }
        source = GtkSource.timeout(milliseconds: interval) { [weak self] in
            guard let self else { return false }
            source = 0
            if let value = pending {
                pending = nil
                deliver(value)
            }
            return false
        }
    }

    /// Drops what waits; nothing is handed on after this.
    func cancel() {
        pending = nil
        if source != 0 { g_source_remove(source); source = 0 }
    }
}
