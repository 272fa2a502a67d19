/// A kind's options as the command line gave them, read through the kind's
/// own keys: `options.day` is `given[Key.day]`, so the declaration in `Key`
/// is the only place the option is written down.
@dynamicMemberLookup
protocol ParsedOptions: Sendable {
    /// The kind's option declarations: ``OptionKey``s as static members.
    associatedtype Key
    var given: GivenOptions { get }
}

extension ParsedOptions {
    subscript<Value>(dynamicMember key: KeyPath<Key.Type, OptionKey<Value>>) -> Value {
        given[Key.self[keyPath: key]]
    }
}

/// Options read through a built ``OptionGroup``: `arguments.id` is
/// `given[Self.Key.id]`, where `Key` is the group itself (``Declarations``).
/// Unlike ``ParsedOptions``, whose keys are a type's static members, there is
/// one key path per call site and no type's metadata to look up at run time.
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

/// A zenity kind's options: its ``ZenityArguments``, read through its keys.
protocol KindOptions: ParsedOptions {
    var arguments: ZenityArguments { get }
}

extension KindOptions {
    var given: GivenOptions { arguments.given }
    /// The general options, parsed once by ``ZenityParser`` and handed over.
    var common: CommonOptions { arguments.common }
}
