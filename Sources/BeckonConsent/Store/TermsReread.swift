/// What a person who accepted an earlier version must be shown again before
/// Accept opens for this one.
public enum TermsReread: String, Sendable, Hashable, CaseIterable {
    /// Each section (by Markdown heading) added or changed since; unchanged
    /// sections may be skipped.
    case changes
    /// The whole text, as for someone who never accepted.
    case all
}
