/// A kind's option group as the registry of dialogs (``ZenityDialogs``)
/// holds it: who it is, and its declarations, which are built the first time
/// they are read. Making one builds nothing, so listing every dialog at
/// start-up costs no kind its group; only the dialog given, help and the
/// reference read them (``ZenityOptionTable/option(named:searchingFirst:)``).
struct KindGroup: Sendable {
    /// The group's type: the message dialogs share one group.
    let id: ObjectIdentifier
    private let declared: @Sendable () -> [OptionRegistration.Entry]

    init<Kind: KindOptions>(_ kind: Kind.Type) {
        id = ObjectIdentifier(Kind.Group.self)
        declared = { Kind.declared.entries }
    }

    /// Every option the group declares, in declaration order, with its section.
    var entries: [OptionRegistration.Entry] { declared() }

    /// The option the group declares as `name`, if it does.
    func option(named name: String) -> ZenityOption? {
        entries.first { $0.option.name == name }?.option
    }
}
