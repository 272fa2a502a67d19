/// One change to a progress dialog, from the work it shows.
public enum ProgressUpdate: Sendable, Hashable {
    /// How far the work is, from 0 (nothing done) to 1 (done); values outside
    /// are clamped. Reaching 1 enables OK, and closes a dialog that auto-closes.
    case fraction(Double)
    /// The text above the bar, shown literally.
    case text(String)
    /// Whether the bar moves back and forth on its own, for work of unknown
    /// length; `false` shows the last fraction again.
    case pulsating(Bool)
}
