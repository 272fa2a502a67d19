/// What a batch of commands changed, so the window redraws each part once per
/// frame however many commands touched it.
public struct LiveDialogChanges: Sendable, Equatable {
    public struct Parts: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let title = Parts(rawValue: 1 << 0)
        public static let message = Parts(rawValue: 1 << 1)
        public static let icon = Parts(rawValue: 1 << 2)
        public static let banner = Parts(rawValue: 1 << 3)
        public static let infoBox = Parts(rawValue: 1 << 4)
        public static let buttons = Parts(rawValue: 1 << 5)
        /// Rows were added, removed or replaced: the list is built again.
        public static let listRows = Parts(rawValue: 1 << 6)
        public static let progress = Parts(rawValue: 1 << 7)
        public static let window = Parts(rawValue: 1 << 8)
        public static let help = Parts(rawValue: 1 << 9)
        public static let timer = Parts(rawValue: 1 << 10)
        public static let inputs = Parts(rawValue: 1 << 11)
        public static let all = Parts(rawValue: .max)
    }

    public var parts: Parts = []
    /// Rows whose status or text changed in place (indices after the batch),
    /// when `parts` lacks `.listRows`.
    public var rows: Set<Int> = []
    /// What the window itself must do, in order.
    public var actions: [LiveDialogAction] = []

    public init() {}

    public var isEmpty: Bool { parts.isEmpty && rows.isEmpty && actions.isEmpty }

    mutating func formUnion(_ other: LiveDialogChanges) {
        parts.formUnion(other.parts)
        rows.formUnion(other.rows)
        actions += other.actions
    }
}

/// Commands that act on the window rather than change what it shows.
public enum LiveDialogAction: Sendable, Equatable {
    /// `quit:`: end with exit code 5.
    case quit
    /// `activate:`: raise and focus the window.
    case activate
    case show
    case hide
    case minimise
    case restore
}
