/// Where a kind's group (``KindOptions``) lists an option: the help sections
/// of its dialogs. An option a kind declares under another marker, or under
/// none (`OptionSection()`), is taken by its dialogs without being listed in
/// their sections: `--button` (``ZenityOptionTable/Section/beckon``), zenity
/// 4's `--icon` (``ZenityOptionTable/Section/zenity4``), `--text-info`'s
/// `--no-wrap`.
enum DialogSection: String, CaseIterable {
    /// The dialog's own help section (`--help-entry`), in declaration order.
    case dialog
    /// Listed, and taken, by `--question` alone of the message dialogs, which
    /// share one group: `--default-cancel`, `--switch`.
    case question
}
