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
        package static let namedAtMost = 8

        /// Whether Accept waits for the changed sections only, not the end.
        public var needsChangesOnly: Bool {
            reread == .changes && changes != nil
        }
    }
}
