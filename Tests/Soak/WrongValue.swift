/// An answer that does not fit the path taken, found by a kind's own check
/// (a wrong row, path or state): counted as a wrong answer.
struct WrongValue: Error, CustomStringConvertible {
    let description: String
}
