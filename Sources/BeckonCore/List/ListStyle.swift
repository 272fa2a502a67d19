/// How rows are chosen from a list.
public enum ListStyle: Sendable, Hashable {
    /// One row, selected with a click or the arrow keys (zenity's default).
    case single
    /// Any number of rows, with ctrl and shift as in a file manager (`--multiple`).
    case multiple
    /// A check box per row, in the first column; the checked rows are chosen (`--checklist`).
    case checklist
    /// A radio button per row, in the first column; the checked row is chosen (`--radiolist`).
    case radiolist

    /// Whether the first column holds check boxes or radio buttons.
    public var hasToggles: Bool { self == .checklist || self == .radiolist }
}
