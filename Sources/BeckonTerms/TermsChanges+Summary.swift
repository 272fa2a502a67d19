import BeckonConsent
import BeckonCore
import BeckonIO

extension TermsChanges.Earlier {
    /// The line above the terms: what changed since when, or why all must be read.
    public func summary(_ labels: TermsLabels) -> String {
        guard let changes else { return labels.readWholeAgain }
        let version = record.version.map { labels.acceptedVersion.replacingPlaceholder("version", with: $0) }
            ?? labels.acceptedEarlierText
        var line = labels.changesSummary
            .replacingPlaceholder("count", with: String(changes.changedIndexes.count))
            .replacingPlaceholder("total", with: String(changes.sections.count))
            .replacingPlaceholder("version", with: version)
            .replacingPlaceholder("date", with: String(record.acceptedAt.prefix(10)))
        let marked = changes.changedIndexes.map { index in
            let section = changes.sections[index]
            let mark = section.change == .added ? labels.newMark : labels.changedMark
            return "\(Self.quoted(section.heading)) (\(mark))"
        }
        line += " " + (marked.isEmpty ? "—" : Self.list(marked))
        if !changes.removed.isEmpty {
            line += "; " + labels.removedSections + " " + Self.list(changes.removed.map { Self.quoted($0.heading) })
        }
        return line
    }

    /// The first ``namedAtMost`` of `items`, and "+N" for the rest.
    private static func list(_ items: [String]) -> String {
        let named = items.prefix(namedAtMost).joined(separator: ", ")
        return items.count > namedAtMost ? named + ", +\(items.count - namedAtMost)" : named
    }

    private static func quoted(_ heading: String?) -> String {
        heading.map { "“\($0)”" } ?? "¶"
    }
}
