import BeckonCore

/// How far through the terms the person has read, and when a screen reader
/// is told so: the scroll condition made audible.
///
/// Progress is the furthest point that has been on screen, so scrolling back
/// up to reread a clause does not take it back. It is told at each tenth
/// passed ("62 % read" when a Page Down goes from 55 % to 62 %), once for a
/// jump across several (Ctrl+End: "100 % read"), and never for the small
/// moves of every scroll event in between.
struct TermsReading: Sendable, Hashable {
    /// The furthest part of the terms on screen so far, in percent; nil until any was.
    private(set) var percent: Int?
    /// The percentage last told; the first screen is not told, but read with the window.
    private var told: Int?

    /// Percentage points between announcements.
    static let step = 10

    /// Notes that the terms have been on screen up to `fraction` of their
    /// length (1 at their end); returns the percentage to announce, if any.
    mutating func read(upTo fraction: Double) -> Int? {
        // Rounded down: 100 % only at the end itself, 99 % a line before it.
        let now = fraction >= 1 ? 100 : max(0, min(99, Int((fraction * 100).rounded(.down))))
        guard now > percent ?? -1 else { return nil }
        percent = now
        guard let told else {
            told = now
            return nil
        }
        guard now / Self.step > told / Self.step else { return nil }
        self.told = now
        return now
    }
}
