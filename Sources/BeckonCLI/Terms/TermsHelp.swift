/// `beckon terms --help`.
enum TermsHelp {
    static let text = """
    Usage:
      beckon terms [OPTION…] [--file=FILE | < FILE]

    Shows terms of use written in Markdown and asks the person to accept them.
    With --id, an acceptance is recorded in $XDG_STATE_HOME/beckon/consents.json
    so --once can skip the window until the terms change.

    Terms options
      --file=FILENAME            Read the terms from FILENAME (default: standard input; at most 16 MiB)
      --encoding=CHARSET         The terms' charset when it is not UTF-8 or the locale's
      --title=TITLE              Set the window title
      --accept-label=TEXT        Set the label of the Accept button
      --decline-label=TEXT       Set the label of the Decline button
      --checkbox=TEXT            Add a checkbox that must be ticked before accepting
      --no-require-scroll        Allow accepting before scrolling to the end
      --width=WIDTH              Set the window width
      --height=HEIGHT            Set the window height
      --timeout=TIMEOUT          Exit 5 after TIMEOUT seconds, reading the terms included
      --tty                      Show the terms on the terminal, not in a window
                                 (without a display, the terminal is used anyway)
      --no-tty                   Never use the terminal: without a display, fail

    Consent record options
      --id=ORG.PRODUCT           Record an acceptance under this id
      --version=VERSION          The version of the terms, kept in the record
      --once                     Exit 0 without a window if these exact terms
                                 (and VERSION, if given) were accepted before
      --status                   Print the record for --id; exit 1 if there is none
      --revoke                   Remove the record for --id; exit 1 if there was none
      --json                     Print the outcome or the record as JSON

    Exit status: 0 accepted, 1 declined or closed, 5 timeout, 255 error (also when
    the answer cannot be written to standard output; a record is kept whole).

    """
}
