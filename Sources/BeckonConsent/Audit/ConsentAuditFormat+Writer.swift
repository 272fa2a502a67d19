extension ConsentAuditFormat {
    /// The output forms of a listing.
    public enum Form: Sendable {
        case table, jsonLines, csv
    }

    /// Writes a listing as its events are read: the text of each event is
    /// appended as it comes, so the caller can write it out and memory does
    /// not grow with the events. The table alone holds back its first
    /// ``tableLookAhead`` rows, from which it takes its column widths (at most
    /// ``tableMaximumWidth`` each).
    public struct Writer {
        public let form: Form
        private var pending: [[String]] = []
        private var widths: [Int]?

        public init(_ form: Form) {
            self.form = form
        }

        /// The whole text of `events` in `form`, gathered: for tests and small listings.
        public static func text(_ form: Form, of events: [ConsentEvent]) -> String {
            var writer = Writer(form)
            var text = ""
            writer.start(into: &text)
            for event in events { writer.write(event, into: &text) }
            writer.finish(into: &text)
            return text
        }

        /// The header: the CSV's; the table's comes with its first rows.
        public mutating func start(into text: inout String) {
            if form == .csv { text += columns.map(\.name).joined(separator: ",") + "\r\n" }
        }

        /// Appends `event`'s line (for the table, once its widths are fixed).
        public mutating func write(_ event: ConsentEvent, into text: inout String) {
            switch form {
            case .jsonLines: text += jsonLine(event)
            case .csv: text += csvLine(event)
            case .table:
                let row = tableColumns.map { cell($0.1(event)) }
                if let widths {
                    text += aligned(row, widths: widths)
                } else {
                    pending.append(row)
                    if pending.count >= tableLookAhead { flushTable(into: &text) }
                }
            }
        }

        /// Appends what is still held back (the table's first rows, or its header alone).
        public mutating func finish(into text: inout String) {
            if form == .table, widths == nil { flushTable(into: &text) }
        }

        private mutating func flushTable(into text: inout String) {
            let rows = [tableColumns.map(\.0)] + pending
            let widths = ConsentAuditFormat.widths(of: rows)
            for row in rows { text += aligned(row, widths: widths) }
            self.widths = widths
            pending = []
        }
    }
}
