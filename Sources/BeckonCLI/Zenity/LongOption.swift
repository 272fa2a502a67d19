/// A `--name` or `--name=value` argument, split the way GLib's GOption splits it.
struct LongOption {
    /// The name without the dashes.
    let name: String
    /// The value after `=`, when the argument carried one.
    let inlineValue: String?

    /// Nil for anything that is not a long option (`-h`, `--`, a plain word).
    init?(_ argument: String) {
        guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
        let body = argument.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
            inlineValue = nil
        }
    }
}
