/// Options declared as the stored properties of one type, each once: its
/// name, what follows it, its placeholder, its help and the type its value is
/// read as (``OptionKey``). Building the type is what registers them, in
/// declaration order, so no list elsewhere repeats them: the parser's table,
/// help and the reference read ``Declarations``. This is swift-argument-parser's
/// model without its reflection: an ``OptionKey`` made while a group's
/// `init()` runs reports itself to the group being built (``OptionRegistration``).
protocol OptionGroup: Sendable {
    init()
}

/// Where a group's help lists the options declared after this marker, up to
/// the next one; nil lists them in none of the group's sections (the shared
/// `--text`, which each kind lists in its own).
struct OptionSection: Sendable {
    let name: String?

    init(_ section: some RawRepresentable<String>) {
        name = section.rawValue
        OptionRegistration.building?.section = name
    }

    /// The options after it are in none of the group's sections.
    init() {
        name = nil
        OptionRegistration.building?.section = nil
    }
}

/// The options a group registered, with the group itself, built once.
struct Declarations<Group: OptionGroup>: Sendable {
    /// The keys, read as `Key.title` (``OptionKeys``).
    let group: Group
    /// Every option the group declared, in declaration order.
    let entries: [OptionRegistration.Entry]

    init() {
        let registration = OptionRegistration()
        group = OptionRegistration.$building.withValue(registration) { Group() }
        entries = registration.entries
    }

    /// Every option, in declaration order: those help lists and those it does not.
    var all: [ZenityOption] { entries.map(\.option) }

    /// The options help lists in `section`, in declaration order: an option
    /// without help is known to the parser but listed nowhere.
    func listed(in section: some RawRepresentable<String>) -> [ZenityOption] {
        entries.filter { $0.section == section.rawValue && $0.option.help != nil }.map(\.option)
    }

    /// The options without help: read by the parser, listed by no section.
    var unlisted: [ZenityOption] { entries.filter { $0.option.help == nil }.map(\.option) }
}

/// The group being built on this thread, which each ``OptionKey`` made joins.
/// Only ``Declarations`` builds groups; a kind's keys, made as plain static
/// members, find none and register through their dialog's type instead.
final class OptionRegistration: @unchecked Sendable { // built and read on one thread, inside one `Declarations.init`
    @TaskLocal static var building: OptionRegistration?

    /// One registered option and the help section it was declared in.
    struct Entry: Sendable {
        var option: ZenityOption
        var section: String?
    }

    fileprivate var entries: [Entry] = []
    fileprivate var section: String?

    /// Registers `option` with the group being built, if one is.
    static func record(_ option: ZenityOption) {
        guard let registration = building else { return }
        registration.entries.append(Entry(option: option, section: registration.section))
    }
}
