/// One key of a key file beckon reads, declared once: the reader refuses a key
/// that is not declared, and the man pages' key lists (beckon-terms.conf(5),
/// beckon-enforcer.conf(5), written by `beckon --beckon-reference`) are made
/// from the same declarations, so neither lists a key the other does not know.
public struct KeyFileKey: Sendable, Equatable {
    /// The key's name, without a locale (`Title`).
    public let name: String
    /// What the value may be, for people: `true or false`, `1 to 86400`.
    public let value: String
    /// Whether it may carry a locale (`Title[de]=`), chosen as desktop files choose.
    public let isLocalizable: Bool
    /// The value taken when the key is absent, for people; nil for a key that is required.
    public let defaultValue: String?
    /// One or two sentences on what it does.
    public let help: String

    public init(_ name: String, value: String, localizable: Bool = false, default defaultValue: String?, help: String) {
        self.name = name
        self.value = value
        self.isLocalizable = localizable
        self.defaultValue = defaultValue
        self.help = help
    }
}
