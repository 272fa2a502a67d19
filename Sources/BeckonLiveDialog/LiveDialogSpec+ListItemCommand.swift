import BeckonIO

extension LiveDialogSpec {
    /// `listitem:` in its two forms (swiftDialog's "Item Lists" page):
    /// - simple, `listitem: Title: success` or `listitem: Title: Some text`:
    ///   a status keyword shows that status alone, any other text shows that
    ///   text alone (swiftDialog clears the other);
    /// - full, comma-separated `key: value` pairs naming the row by `title:` or
    ///   `index:` (from 0), with `status:`, `statustext:`, `progress:`,
    ///   `subtitle:`, `icon:`, and `add` or `delete`.
    mutating func applyListItem(_ value: String) throws(LiveDialogError) {
        let first = value.prefix { $0 != "," }.trimmingWhitespace.lowercased()
        let full = first.hasPrefix("title:") || first.hasPrefix("index:") || first == "add" || first.hasPrefix("add:")
        guard full else {
            let (index, text) = try simpleRow(value)
            // One or the other, never both: a status keyword shows its
            // indicator and clears the text, other text clears the indicator
            // (swiftDialog's DialogUpdatableContent.swift, processListItems,
            // lines 136-142).
            if var status = ItemStatus(keyword: text), !text.isEmpty {
                // `progress` alone keeps the row's percentage, as swiftDialog
                // keeps its `progress` value.
                if case .progress = status, case .progress(let percent) = listItems[index].status { status = .progress(percent) }
                listItems[index].status = status
                listItems[index].statusText = ""
            } else {
                listItems[index].status = .none
                listItems[index].statusText = text
            }
            return
        }
        let pairs = Self.pairs(value)
        func string(_ key: String) -> String? { pairs.last { $0.key == key }?.value }
        let adding = pairs.contains { $0.key == "add" }
        let deleting = pairs.contains { $0.key == "delete" }
        let index: Int
        if adding {
            guard listItems.count < LiveDialogLimits.listRows else {
                throw LiveDialogError("listitem: the list holds at most \(LiveDialogLimits.listRows) rows; not added")
            }
            listItems.append(ListItem(title: string("title") ?? ""))
            listVisible = true
            index = listItems.count - 1
        } else if let position = string("index") {
            guard let number = Int(position), listItems.indices.contains(number) else {
                throw LiveDialogError("listitem: no row at index \(position) (the list has \(listItems.count))")
            }
            index = number
        } else if let title = string("title") {
            guard let number = listItems.firstIndex(where: { $0.title == title }) else {
                throw LiveDialogError("listitem: no row titled '\(title)'")
            }
            index = number
        } else {
            throw LiveDialogError("listitem: name the row with title: or index:, or add one with add")
        }
        if deleting {
            listItems.remove(at: index)
            return
        }
        if !adding, let title = string("title"), string("index") != nil { listItems[index].title = title }
        if let subtitle = string("subtitle") { listItems[index].subtitle = subtitle }
        if let icon = string("icon") { listItems[index].icon = icon }
        if let alpha = string("iconalpha").flatMap({ Double($0.trimmingWhitespace) }) {
            listItems[index].iconAlpha = min(1, max(0, alpha))
        }
        if let text = string("statustext") { listItems[index].statusText = text }
        let percent = string("progress").flatMap { Double($0.trimmingWhitespace) }
        if string("status") != nil || percent != nil {
            listItems[index].status = try ListItem.status(string("status"), progress: percent)
        }
    }

    /// The row a simple `Title: text` names, and the text. The longest title
    /// of the list that the value starts with wins, so a title holding a colon
    /// ("Step 1: Install") is still found.
    private func simpleRow(_ value: String) throws(LiveDialogError) -> (Int, String) {
        var best: (index: Int, length: Int)?
        for (index, item) in listItems.enumerated() where value.hasPrefix(item.title + ":") {
            if best == nil || item.title.count > best!.length { best = (index, item.title.count) }
        }
        if let best {
            return (best.index, String(value.dropFirst(best.length + 1)).trimmingWhitespace)
        }
        let title = value.prefix { $0 != ":" }.trimmingWhitespace
        throw LiveDialogError("listitem: no row titled '\(title)'")
    }

    /// `key: value, key: value, add, delete:` as pairs; a bare word is a key
    /// with an empty value.
    private static func pairs(_ value: String) -> [(key: String, value: String)] {
        value.split(separator: ",").map { part in
            guard let colon = part.firstIndex(of: ":") else { return (part.trimmingWhitespace.lowercased(), "") }
            return (part[..<colon].trimmingWhitespace.lowercased(), String(part[part.index(after: colon)...].trimmingWhitespace))
        }
    }
}
