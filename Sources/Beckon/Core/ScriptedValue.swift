/// What a scripted person types, picks or sets in a dialog, for
/// ``ScriptedPresenter``; each kind takes the case that fits it.
public enum ScriptedValue: Sendable, Hashable {
    /// Text typed into an entry, or a password.
    case text(String)
    /// A user name and a password.
    case login(username: String, password: String)
    /// A number set on a scale.
    case number(Int)
    /// A day picked on a calendar.
    case date(CalendarDate)
    /// A colour picked.
    case color(RGBAColor)
    /// Rows of a list chosen (selected, or checked in a check or radio list),
    /// by index; the other rows are not chosen.
    case rows([Int])
    /// A checkbox ticked (true) or left clear, as in a text dialog's "I have read".
    case checkbox(Bool)
    /// What a progress dialog showed as it ended.
    case progress(ProgressState)
    /// What every field of a form holds, in field order.
    case form([FormFieldValue])
    /// Files or folders chosen in a file dialog, by absolute path.
    case files([String])
}
