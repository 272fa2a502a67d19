extension TermsChanges {
    /// How far a person has come through the sections changed since the
    /// version they accepted, whatever shows them: the one rule behind the
    /// window (which measures in pixels) and the terminal pager (in lines).
    ///
    /// A changed section counts as shown once its start and its end have each
    /// been on screen, at any time and in any order. Previous and Next change
    /// move among the changed sections in order and stop at either end.
    public struct Progress: Sendable, Hashable {
        /// The indexes (in ``TermsChanges/sections``) of the sections to show.
        public let changed: [Int]
        /// Whether Accept waits for those sections (``TermsReread/changes``);
        /// false once the sections cannot be told apart in the rendered text.
        public private(set) var gatesAccept: Bool
        /// The change Previous / Next last went to, as an index into
        /// ``changed``; -1 before the first move.
        public private(set) var current = -1
        private var startsShown: Set<Int> = []
        private var endsShown: Set<Int> = []

        /// The progress through what changed since `earlier`: nothing shown yet.
        public init(_ earlier: Earlier) {
            changed = earlier.changes?.changedIndexes ?? []
            gatesAccept = earlier.needsChangesOnly
        }

        /// How many changed sections have been shown whole.
        public var shown: Int {
            changed.filter { startsShown.contains($0) && endsShown.contains($0) }.count
        }

        /// How many changed sections have not been shown whole.
        public var unshown: Int { changed.count - shown }

        /// Whether the start, or the end, of `section` has been on screen.
        public func hasShownStart(of section: Int) -> Bool { startsShown.contains(section) }
        public func hasShownEnd(of section: Int) -> Bool { endsShown.contains(section) }

        /// Notes that the start and/or the end of `section` is on screen now.
        /// Returns whether that changed ``shown``.
        @discardableResult
        public mutating func note(section: Int, startShown: Bool, endShown: Bool) -> Bool {
            let before = shown
            if startShown { startsShown.insert(section) }
            if endShown { endsShown.insert(section) }
            return shown != before
        }

        /// Moves to the next (`step` 1) or previous (-1) change and returns its
        /// section; nil at either end, or when `isAvailable` says that section
        /// is not rendered yet (then nothing moves).
        public mutating func move(by step: Int, isAvailable: (Int) -> Bool = { _ in true }) -> Int? {
            let target = current + step
            guard changed.indices.contains(target), isAvailable(changed[target]) else { return nil }
            current = target
            return changed[target]
        }

        /// Whether Previous change, or Next change, has somewhere to go.
        public var hasEarlier: Bool { current > 0 }
        public var hasLater: Bool { current + 1 < changed.count }

        /// The sections cannot be told apart in the rendered text: never guess
        /// which is which, so Accept waits for the whole text instead.
        public mutating func stopGatingAccept() { gatesAccept = false }
    }
}
