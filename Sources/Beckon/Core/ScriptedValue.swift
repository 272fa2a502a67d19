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
    /// What a progress dialog showed as it ended.
    case progress(ProgressState)
}
