import BeckonCore
import BeckonJSON

extension NotificationOptions {
    /// How a `--notification` run ended, as `--json` names it.
    enum Ending: String {
        /// Sent, with no `--timeout` to wait for a click.
        case sent
        /// Clicked before `--timeout` passed.
        case clicked
        /// `--timeout` passed first.
        case timeout
        /// `--listen`: stdin ended.
        case endOfInput = "end-of-input"
    }

    /// What the run prints and exits with. Like zenity, nothing on stdout;
    /// with `--json`, the one line every dialog prints, so a script reading
    /// JSON gets a line on success too: how it ended, the server's id for a
    /// single notification, and how many `--listen` sent.
    func output(_ ending: Ending, exitCode: Int32, id: UInt32? = nil, sent: Int? = nil) -> ZenityOutput {
        guard common.json else { return ZenityOutput(stdout: "", exitCode: exitCode) }
        var answer = JSONAnswer(kind: jsonKind, ended: ending.rawValue, exitCode: exitCode)
        if let id { answer.details.append(("id", .int(Int64(id)))) }
        if let sent { answer.details.append(("sent", .int(Int64(sent)))) }
        return ZenityOutput(stdout: answer.line, exitCode: exitCode)
    }
}

extension NotificationOptions: SingleTypeDialog {}
