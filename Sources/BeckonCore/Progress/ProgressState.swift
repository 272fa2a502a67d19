/// What a progress dialog showed when it ended.
public struct ProgressState: Sendable, Hashable {
    /// The bar's last fraction, from 0 to 1 (1 once the updates ended).
    public var fraction: Double
    /// The text above the bar; nil while it is the request's own.
    public var text: String?
    /// Whether the updates had ended: the sequence finished, or stdin closed.
    public var updatesEnded: Bool

    public init(fraction: Double, text: String? = nil, updatesEnded: Bool = false) {
        self.fraction = fraction
        self.text = text
        self.updatesEnded = updatesEnded
    }
}
