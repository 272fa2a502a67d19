/// A value a scripted person enters, of any kind's value type, kept as it was
/// given until a request of that type takes it.
public struct ScriptedEntry: Sendable, Hashable, CustomStringConvertible {
    /// The value, of the kind's own value type.
    public let value: any Sendable & Hashable

    /// `value`, kept for the request whose value type it is.
    public init(_ value: some Sendable & Hashable) {
        self.value = value
    }

    public static func == (lhs: ScriptedEntry, rhs: ScriptedEntry) -> Bool {
        func equals<Other: Hashable>(_ other: Other) -> Bool { (lhs.value as? Other) == other }
        return equals(rhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }

    public var description: String { "\(type(of: value)): \(value)" }
}
