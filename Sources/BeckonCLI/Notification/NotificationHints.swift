import BeckonCore
import Glibc

/// `--hint NAME:VALUE` and `hints:` read as zenity 3.44 reads them: the type
/// comes from the name (case-insensitive, sent as given), the last value of a
/// name wins, and a hint zenity skips is skipped with a warning.
enum NotificationHints {
    /// zenity splits a `hints:` line into at most this many.
    static let maximumPerLine = 16

    static let booleans: Set<String> = ["action-icons", "resident", "suppress-sound", "transient"]
    static let strings: Set<String> = ["category", "desktop-entry", "image-path", "image_path", "sound-file",
                                       "sound-name"]
    static let images: Set<String> = ["image-data", "image_data", "icon-data"]
    static let integers: Set<String> = ["x", "y"]

    /// The hints of `pairs` ("name:value"), and a warning for each one skipped.
    static func parse(_ pairs: [String]) -> (hints: [NotificationHint], warnings: [String]) {
        // zenity keeps them in a hash table: one value per name, the last one.
        var order: [String] = []
        var values: [String: String?] = [:]
        for pair in pairs {
            let parts = pair.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if values[name] == nil { order.append(name) }
            values[name] = parts.count > 1 ? String(parts[1]) : String?.none
        }
        var hints: [NotificationHint] = []
        var warnings: [String] = []
        for name in order {
            switch hint(name, values[name] ?? nil) {
            case .success(let hint?): hints.append(hint)
            case .success(nil): break
            case .failure(let warning): warnings.append(warning.message)
            }
        }
        return (hints, warnings)
    }

    /// A `hints:` line of `--listen`: GLib's escapes, then one hint a line.
    static func parse(line: String) -> (hints: [NotificationHint], warnings: [String]) {
        let compressed = ZenityText.compress(line)
        guard !compressed.isEmpty else { return ([], []) }
        let pairs = compressed.split(separator: "\n", maxSplits: maximumPerLine - 1, omittingEmptySubsequences: false)
        return parse(pairs.map(String.init))
    }

    struct Skipped: Error {
        var message: String
    }

    /// One hint; nil for one zenity drops without a word (a string hint with no value).
    static func hint(_ name: String, _ value: String?) -> Result<NotificationHint?, Skipped> {
        let key = name.lowercased()
        if booleans.contains(key) {
            // zenity compares a missing value as equal to "true".
            guard let value else { return .success(NotificationHint(name, .boolean(true))) }
            switch value.lowercased() {
            case "true": return .success(NotificationHint(name, .boolean(true)))
            case "false": return .success(NotificationHint(name, .boolean(false)))
            default:
                return .failure(Skipped(message: "beckon: warning: --hint \(name): '\(value)' is not a boolean "
                                        + "value; supported values are 'true' or 'false'. Skipping."))
            }
        }
        if strings.contains(key) {
            return .success(value.map { NotificationHint(name, .string($0)) })
        }
        if images.contains(key) {
            return .failure(Skipped(message: "beckon: warning: --hint \(name): image data is not supported. Skipping."))
        }
        if integers.contains(key) {
            return .success(NotificationHint(name, .int32(Int32(truncatingIfNeeded: integer(value ?? "")))))
        }
        if key == "urgency" {
            return .success(NotificationHint(name, .byte(UInt8(truncatingIfNeeded: integer(value ?? "")))))
        }
        return .failure(Skipped(message: "beckon: warning: --hint \(name): unknown hint name. Skipping."))
    }

    /// g_ascii_strtoll (value, NULL, 0): leading space, a sign, 0x or 0 for
    /// hexadecimal or octal, digits up to the first that does not fit; 0 for none.
    static func integer(_ value: String) -> Int64 {
        value.withCString { Int64(strtoll($0, nil, 0)) }
    }
}
