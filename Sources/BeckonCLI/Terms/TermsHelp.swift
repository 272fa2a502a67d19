/// `beckon terms --help`, its option lists generated from ``TermsArguments/groups``
/// by zenity's help layout (``ZenityHelp/lines(_:column:)``).
enum TermsHelp {
    static let text: String = {
        var out = """
        Usage:
          beckon terms [OPTION…] [--file=FILE | < FILE]
          beckon terms --check-config [PATH…] [--enforcer-config=FILE]

        Shows terms of use written in Markdown and asks the person to accept them.
        With --id, an acceptance is recorded in $XDG_STATE_HOME/beckon/consents.json
        so --once can skip the window until the terms change.


        """
        for group in TermsArguments.groups {
            out += group.title + "\n" + ZenityHelp.lines(group.options, column: 27) + "\n"
        }
        return out + """
        Exit status: 0 accepted, 1 declined or closed, 5 timeout (--timeout as zenity's: 0 or
        less is none), 255 error (also when the answer cannot be written to standard output;
        a record is kept whole). --check-config: 0 no problem, 1 a problem (each on its line,
        file:line: key “K”: message [what the enforcer does about it]), 255 bad options.

        """
    }()
}
