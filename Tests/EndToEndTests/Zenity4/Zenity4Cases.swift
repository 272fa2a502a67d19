import BeckonTestSupport

/// The zenity 4.2.2 table: each case checked first against the real zenity
/// 4.2.2 (built from GNOME/zenity's tag, run under Xvfb + openbox) with the
/// same keys, and, for the default mode where the versions disagree, against
/// zenity 3.44.
enum Zenity4Cases {
    typealias C = Zenity4Case
    static let z42 = Zenity4Case.Mode.zenity42
    static let union = Zenity4Case.Mode.union

    static let all: [Zenity4Case] = message + deprecated + extraButton + gtkOptions + entry + password + list
        + forms + progress + scale + calendar + textInfo + fileSelection + color + notification + version

    static func keys(_ keys: String...) -> ZenityCase.Answer { .keys(keys) }

    /// zenity 4.2.2's deprecation warning for `--option`, as it prints it.
    static func deprecation(_ option: String, treatedAsIcon: Bool) -> String {
        "Warning: --\(option) is deprecated and will be removed in a future version of zenity"
            + (treatedAsIcon ? "; Treating as --icon.\n" : ". Ignoring.\n")
    }

    /// What zenity (both versions) prints for an option it does not know.
    static let notAvailable = "This option is not available. Please see --help for all possible usages.\n"
}
