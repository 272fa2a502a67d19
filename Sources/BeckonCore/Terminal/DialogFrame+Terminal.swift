extension DialogFrame {
    /// The bold lines a terminal dialog starts with: the title, then the
    /// ``heading`` unless it repeats the title; none for neither.
    func terminalHeader(width: Int) -> [String] {
        var lines: [String] = []
        if let title, !title.isEmpty {
            lines.append(TerminalText.styled(TerminalText.fit(title, width: width), TerminalText.bold))
        }
        if let heading, !heading.isEmpty, heading != title {
            lines.append(TerminalText.styled(TerminalText.fit(heading, width: width), TerminalText.bold))
        }
        return lines
    }
}
