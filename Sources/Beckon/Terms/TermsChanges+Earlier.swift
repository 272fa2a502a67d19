/// What a person accepted before, for a window that asks them again.
extension TermsChanges {
    /// The record of an earlier acceptance, and what changed since, when the
    /// text then accepted is known (a good copy kept beside the record:
    /// ``ConsentStore/acceptedCopy(of:)``).
    public struct Earlier: Sendable {
        /// The record of what was accepted: another version, or other bytes.
        public var record: ConsentRecord
        /// What changed since; nil when the earlier text is not known, and
        /// then the whole text must be read.
        public var changes: TermsChanges?
        /// What must be shown again before Accept opens.
        public var reread: TermsReread

        public init(record: ConsentRecord, changes: TermsChanges?, reread: TermsReread) {
            self.record = record
            self.changes = changes
            self.reread = reread
        }

        /// The earlier acceptance of `document` in `store` under `id`, when
        /// there is one that does not cover it; nil when there is none (or it
        /// covers these terms). `reread` nil means ``TermsReread/changes``,
        /// or ``TermsReread/all`` when `gate`.
        public static func find(for document: TermsDocument, id: String, version: String?,
                                in store: ConsentStore, reread: TermsReread?, gate: Bool)
            throws(ConsentStoreError) -> Earlier?
        {
            guard let record = try store.record(id: id), !record.covers(document, version: version) else { return nil }
            // Compared before the window shows, on its thread: bounded, as the copy is.
            let comparable = document.markdown.utf8.count <= maximumCompared
            let changes = comparable ? store.acceptedCopy(of: record).map { TermsChanges(earlier: $0, current: document.markdown) } : nil
            return Earlier(record: record, changes: changes, reread: reread ?? (gate ? .all : .changes))
        }

        /// The longest current terms compared with the copy: 4 MiB of Markdown.
        /// Longer ones are read whole, as when there is no copy.
        public static let maximumCompared = 4 << 20

        /// Headings the line above the text names, at most; "+N" says how many more.
        static let namedAtMost = 8

        /// Whether Accept waits for the changed sections only, not the end.
        public var needsChangesOnly: Bool {
            reread == .changes && changes != nil
        }

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
}

extension String {
    /// `{name}` replaced with `value`.
    func replacingPlaceholder(_ name: String, with value: String) -> String {
        let placeholder = Array("{\(name)}")
        let characters = Array(self)
        var result = ""
        var index = 0
        while index < characters.count {
            if characters[index...].starts(with: placeholder) {
                result += value
                index += placeholder.count
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }
}
