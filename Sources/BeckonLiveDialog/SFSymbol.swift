import BeckonIO

/// An SF Symbol as a swiftDialog script names it: `--icon
/// "SF=checkmark.circle.fill,colour1=green,weight=bold"`, a list row's
/// `icon=SF=…`, or `--button1symbol "checkmark.circle,colour=green"`.
///
/// SF Symbols are Apple's and exist only on macOS; Beckon shows the
/// freedesktop icon that ``SFSymbolMap`` declares for the name, recoloured
/// with ``colour1`` (and ``colour2`` where the theme marks parts of an icon).
/// What GTK cannot draw (``weight``, ``animation``, a third palette colour)
/// is read, so that a script's line is understood, and not drawn.
public struct SFSymbol: Sendable, Equatable {
    /// The symbol's name as written (`checkmark.circle.fill`).
    public var name: String
    /// The main colour (`colour1=`, `colour=`, `color=`, or a palette's first).
    public var colour1: SFSymbolColour?
    /// The second colour (`colour2=`, or a palette's second): a gradient's
    /// end in swiftDialog.
    public var colour2: SFSymbolColour?
    /// The third (`colour3=`, a palette's third): not drawn here.
    public var colour3: SFSymbolColour?
    /// `colour=auto`: the symbol's own colours, left to the theme here.
    public var autoColour = false
    /// `weight=bold` and the like: a stroke weight GTK's icons do not have.
    public var weight: String?
    /// `animation=…`: not drawn here.
    public var animation: String?
    /// A button symbol's `size=` in points (swiftDialog's default 16).
    public var size: Int?

    public init(name: String) { self.name = name }

    /// The name in words, for a screen reader: `checkmark circle fill`.
    public var words: String {
        name.split(separator: ".").joined(separator: " ")
    }

    /// Parses an icon specification as swiftDialog's IconView.swift does
    /// (its `init`, "Image is SF Symbol"): the text is cut at every match of
    /// its `argRegex`, keeping the cuts, and each piece with its `,` and `=`
    /// removed is a key whose value is the piece after it. nil when the text
    /// does not start with `SF=` (any case), or names no symbol.
    public init?(iconSpecification text: String) {
        guard text.lowercased().hasPrefix("sf=") else { return nil }
        let pieces = Self.splitKeepingCuts(text).map { String($0.trimmingWhitespace) }
        var symbol = SFSymbol(name: "")
        var value = ""
        for (index, piece) in pieces.enumerated() {
            let key = String(piece.filter { $0 != "," && $0 != "=" }).trimmingWhitespace.lowercased()
            // swiftDialog keeps the last value when a key is the last piece.
            if index < pieces.count - 1 { value = pieces[index + 1] }
            switch key {
            case "sf": symbol.name = value
            case "weight": symbol.weight = value
            case _ where key.hasPrefix("colo"):
                if value == "auto" {
                    symbol.autoColour = true
                } else if key.hasSuffix("2") {
                    symbol.colour2 = SFSymbolColour(word: value)
                } else if key.hasSuffix("3") {
                    symbol.colour3 = SFSymbolColour(word: value)
                } else {
                    symbol.colour1 = SFSymbolColour(word: value)
                }
            case "palette":
                let colours = value.split(separator: ",").map { SFSymbolColour(word: String($0.trimmingWhitespace)) }
                if colours.count > 0 { symbol.colour1 = colours[0] }
                if colours.count > 1 { symbol.colour2 = colours[1] }
                if colours.count > 2 { symbol.colour3 = colours[2] }
            case "animation": symbol.animation = value
            default: break
            }
        }
        guard !symbol.name.isEmpty else { return nil }
        self = symbol
    }

    /// Parses `--button1symbol`'s value as swiftDialog's ButtonBarView.swift
    /// does (`symbolProcessing`): split at commas and lower-cased; the first
    /// part is the name, then in any order a position, a rendering mode,
    /// `size=N`, `colour=X` and `palette=a-b-c`. A leading `SF=`, which
    /// swiftDialog would take as part of the name, is dropped.
    public init?(buttonSymbol text: String) {
        let parts = text.split(separator: ",").map { $0.trimmingWhitespace.lowercased() }
        guard var name = parts.first else { return nil }
        if name.hasPrefix("sf=") { name.removeFirst(3) }
        guard !name.isEmpty else { return nil }
        var symbol = SFSymbol(name: name)
        for part in parts.dropFirst() {
            let value = part.split(separator: "=").last.map(String.init) ?? ""
            if part.hasPrefix("size=") {
                symbol.size = Int(Double(value) ?? 16)
            } else if part.hasPrefix("colour=") || part.hasPrefix("color=") {
                symbol.colour1 = SFSymbolColour(word: value)
            } else if part.hasPrefix("palette=") {
                let colours = value.split(separator: "-").map { SFSymbolColour(word: String($0)) }
                if colours.count > 0 { symbol.colour1 = colours[0] }
                if colours.count > 1 { symbol.colour2 = colours[1] }
                if colours.count > 2 { symbol.colour3 = colours[2] }
            } else if part == "multicolour" || part == "multicolor" {
                symbol.autoColour = true
            }
        }
        self = symbol
    }

    /// Parses a row's status that is not a keyword as swiftDialog's
    /// StatusView does: `NAME-COLOUR`, split at `-`, lower-cased. nil when
    /// the name is neither in ``SFSymbolMap`` nor dotted as SF names are
    /// (`lock.shield`), so that a misspelt keyword stays an error.
    public init?(status text: String) {
        let parts = text.trimmingWhitespace.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, !first.isEmpty,
              first.contains(".") || SFSymbolMap.icon(for: String(first)) != nil,
              first.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }) else { return nil }
        var symbol = SFSymbol(name: String(first))
        if parts.count > 1 { symbol.colour1 = SFSymbolColour(word: String(parts[1])) }
        self = symbol
    }

    /// swiftDialog's `split(usingRegex:)` with IconView's `argRegex`,
    /// `(,? ?[a-zA-Z1-9]+=|(,\s?editor)|(,\s?fileselect))|(,\s?passwordfill)|(,\s?required)|(,\s?secure)`:
    /// the text between the matches and the matches themselves, in order,
    /// scanned leftmost-first as NSRegularExpression does. (Note the class
    /// leaves out 0, as swiftDialog's does.)
    static func splitKeepingCuts(_ text: String) -> [String] {
        let characters = Array(text)
        var pieces: [String] = []
        var start = 0
        var position = 0
        while position < characters.count {
            if let end = cut(in: characters, at: position) {
                pieces.append(String(characters[start..<position]))
                pieces.append(String(characters[position..<end]))
                start = end
                position = end
            } else {
                position += 1
            }
        }
        pieces.append(String(characters[start...]))
        return pieces
    }

    /// Where a match of `argRegex` starting at `position` ends, if one does.
    private static func cut(in text: [Character], at position: Int) -> Int? {
        func isKeyCharacter(_ c: Character) -> Bool {
            c.isASCII && (c.isLetter || ("1"..."9").contains(c))
        }
        var index = position
        if index < text.count, text[index] == "," { index += 1 }
        if index < text.count, text[index] == " " { index += 1 }
        var end = index
        while end < text.count, isKeyCharacter(text[end]) { end += 1 }
        if end > index, end < text.count, text[end] == "=" { return end + 1 }
        guard text[position] == "," else { return nil }
        var wordStart = position + 1
        if wordStart < text.count, text[wordStart].isWhitespace { wordStart += 1 }
        for word in ["editor", "fileselect", "passwordfill", "required", "secure"] {
            let letters = Array(word)
            if wordStart + letters.count <= text.count, Array(text[wordStart..<wordStart + letters.count]) == letters {
                return wordStart + letters.count
            }
        }
        return nil
    }
}
