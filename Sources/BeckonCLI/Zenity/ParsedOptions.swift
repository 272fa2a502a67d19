/// Options read through a built ``OptionGroup``: `arguments.id` is
/// `given[Self.Key.id]`, where `Key` is the group itself (``Declarations``).
/// There is one key path per call site and no type's metadata to look up at
/// run time.
@dynamicMemberLookup
protocol GroupParsedOptions: Sendable {
    associatedtype Group: OptionGroup
    /// The built group: its keys as stored properties.
    static var Key: Group { get }
    var given: GivenOptions { get }
}

extension GroupParsedOptions {
    subscript<Value>(dynamicMember key: KeyPath<Group, OptionKey<Value>>) -> Value {
        given[Self.Key[keyPath: key]]
    }
}

/// What the parser hands a zenity kind: the options given, and the general
/// ones among them read once (``CommonOptions``).
struct ZenityArguments: Sendable, Equatable {
    var given = GivenOptions()
    var common = CommonOptions()
}

/// A zenity kind's options: its ``ZenityArguments``, read through its keys,
/// which its group declares (`struct Options: OptionGroup`): `options.day`
/// is `given[Self.Key.day]`.
protocol KindOptions: GroupParsedOptions {
    var arguments: ZenityArguments { get }
    /// Its group, built, and so registered, once: the first time the kind,
    /// help or the reference reads it (``KindGroup``).
    static var declared: Declarations<Group> { get }
}

extension KindOptions {
    var given: GivenOptions { arguments.given }
    /// The general options, parsed once by ``ZenityParser`` and handed over.
    var common: CommonOptions { arguments.common }
}
