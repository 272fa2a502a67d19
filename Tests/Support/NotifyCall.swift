/// One Notify call a notification server received, as dbus-monitor printed it.
package struct NotifyCall: Sendable, Equatable, CustomStringConvertible {
    package var appName: String
    package var replacesID: UInt32
    package var icon: String
    package var summary: String
    package var body: String
    package var actions: [String]
    /// Each hint as dbus-monitor shows its value: "byte 2", "string x.y", "boolean true".
    package var hints: [String: String]
    package var expireTimeout: Int32

    package init(appName: String, replacesID: UInt32, icon: String, summary: String, body: String,
                 actions: [String], hints: [String: String], expireTimeout: Int32) {
        self.appName = appName
        self.replacesID = replacesID
        self.icon = icon
        self.summary = summary
        self.body = body
        self.actions = actions
        self.hints = hints
        self.expireTimeout = expireTimeout
    }

    package var description: String {
        "Notify(icon: \(icon.debugDescription), summary: \(summary.debugDescription), body: \(body.debugDescription), "
            + "actions: \(actions), hints: \(hints.sorted { $0.key < $1.key }), expire: \(expireTimeout))"
    }

    /// What the two programs must agree on: everything but who sent it. The
    /// application name is the program's own ("Zenity notification", "beckon")
    /// and sender-pid's value is its pid, so only the hint's type is kept.
    package var comparable: NotifyCall {
        var call = self
        call.appName = ""
        if let pid = call.hints["sender-pid"] { call.hints["sender-pid"] = String(pid.prefix { $0 != " " }) }
        return call
    }

    /// The Notify calls in `monitorOutput`, in order.
    package static func all(in monitorOutput: String) -> [NotifyCall] {
        var calls: [NotifyCall] = []
        var rest = Substring(monitorOutput)
        while let header = rest.range(of: "method call ") {
            rest = rest[header.upperBound...]
            let lineEnd = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<lineEnd]
            rest = rest[lineEnd...]
            guard line.hasSuffix("member=Notify") else { continue }
            var parser = MonitorValueParser(text: rest)
            let values = (0..<8).compactMap { _ in parser.value() }
            rest = parser.text
            guard values.count == 8, case .text(let app) = values[0], case .scalar(let replaces) = values[1],
                  case .text(let icon) = values[2], case .text(let summary) = values[3],
                  case .text(let body) = values[4], case .array(let actions) = values[5],
                  case .array(let entries) = values[6], case .scalar(let expire) = values[7] else { continue }
            var hints: [String: String] = [:]
            for case .entry(let key, let value) in entries { hints[key] = value }
            calls.append(NotifyCall(
                appName: app, replacesID: UInt32(replaces.split(separator: " ").last ?? "") ?? 0, icon: icon,
                summary: summary, body: body,
                actions: actions.compactMap { if case .text(let text) = $0 { text } else { nil } },
                hints: hints, expireTimeout: Int32(expire.split(separator: " ").last ?? "") ?? 0))
        }
        return calls
    }
}

/// The values of one message in dbus-monitor's text.
private enum MonitorValue {
    case text(String)
    /// A number or boolean with its type: "uint32 0", "byte 2".
    case scalar(String)
    case array([MonitorValue])
    /// A dict entry of a{sv}: its key and its variant's value as "type value".
    case entry(String, String)
    case variant(String)
}

/// Reads dbus-monitor's indented value lines. A string is printed raw between
/// quotes and may span lines: it ends at the first quote that ends a line
/// followed by the next value, a closing bracket or the next message.
private struct MonitorValueParser {
    var text: Substring

    static let scalarTypes: Set<String> = ["uint32", "int32", "int64", "uint64", "byte", "boolean", "double",
                                           "int16", "uint16", "object", "signature"]

    mutating func value() -> MonitorValue? {
        skipSpace()
        if text.hasPrefix("string \"") {
            text = text.dropFirst("string \"".count)
            return .text(stringBody())
        }
        if text.hasPrefix("array [") {
            text = text.dropFirst("array [".count)
            var items: [MonitorValue] = []
            while true {
                skipSpace()
                if text.hasPrefix("]") { text = text.dropFirst(); break }
                guard let item = value() else { return nil }
                items.append(item)
            }
            return .array(items)
        }
        if text.hasPrefix("dict entry(") {
            text = text.dropFirst("dict entry(".count)
            guard case .text(let key)? = value(), let inner = value() else { return nil }
            skipSpace()
            if text.hasPrefix(")") { text = text.dropFirst() }
            switch inner {
            case .variant(let shown): return .entry(key, shown)
            case .text(let string): return .entry(key, "string \(string)")
            case .scalar(let shown): return .entry(key, shown)
            default: return .entry(key, "?")
            }
        }
        if text.hasPrefix("variant") {
            text = text.dropFirst("variant".count)
            switch value() {
            case .text(let string)?: return .variant("string \(string)")
            case .scalar(let shown)?: return .variant(shown)
            default: return .variant("?")
            }
        }
        let word = String(text.prefix { $0 != " " && $0 != "\n" })
        guard Self.scalarTypes.contains(word) else { return nil }
        let lineEnd = text.firstIndex(of: "\n") ?? text.endIndex
        let shown = String(text[..<lineEnd]).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        text = text[lineEnd...]
        return .scalar(shown)
    }

    private mutating func skipSpace() {
        text = text.drop { $0 == " " || $0 == "\n" }
    }

    private mutating func stringBody() -> String {
        var search = text.startIndex
        while let quote = text[search...].firstIndex(of: "\"") {
            let after = text[text.index(after: quote)...]
            if after.isEmpty || (after.hasPrefix("\n") && Self.startsAValue(after.dropFirst())) {
                let body = String(text[..<quote])
                text = after
                return body
            }
            search = text.index(after: quote)
        }
        let body = String(text)
        text = text[text.endIndex...]
        return body
    }

    /// Whether `line` (after a newline) is indentation and a value, a closing
    /// bracket, or the start of the next message.
    private static func startsAValue(_ line: Substring) -> Bool {
        if line.isEmpty { return true }
        guard line.hasPrefix(" ") else {
            return ["method call", "method return", "signal", "error"].contains { line.hasPrefix($0) }
        }
        let token = line.drop { $0 == " " }
        return token.hasPrefix("string \"") || token.hasPrefix("array [") || token.hasPrefix("]")
            || token.hasPrefix("dict entry(") || token.hasPrefix(")") || token.hasPrefix("variant")
            || scalarTypes.contains(String(token.prefix { $0 != " " && $0 != "\n" }))
    }
}
