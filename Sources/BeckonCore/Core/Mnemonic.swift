/// GTK's mnemonic notation, in which an underscore marks the letter that
/// Alt+letter activates ("_Accept"; "__" is a literal underscore).
package enum Mnemonic {
    /// The key `label` marks, lowercased; nil when it marks none.
    package static func key(of label: String) -> Character? {
        var underscore = false
        for character in label {
            if underscore {
                if character != "_" { return Character(character.lowercased()) }
                underscore = false
            } else if character == "_" {
                underscore = true
            }
        }
        return nil
    }

    /// `label` with a mnemonic: as it is when it marks one already, else with
    /// an underscore put before the first letter or digit not in `taken`
    /// (lowercased), preferring the start of a word, so that a keyboard user
    /// reaches the control with Alt and one key, as its neighbours. A label
    /// with no such letter (say, all Japanese) gets "(_C)" after it, the
    /// convention of GTK's own translations, with the first free letter.
    package static func ensured(_ label: String, avoiding taken: Set<Character>) -> String {
        guard key(of: label) == nil, !label.isEmpty else { return label }
        let characters = Array(label)
        func usable(_ index: Int) -> Bool {
            let character = characters[index]
            return character.isASCII && (character.isLetter || character.isNumber)
                && !taken.contains(Character(character.lowercased()))
        }
        func startsWord(_ index: Int) -> Bool {
            index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber)
        }
        let indexes = characters.indices
        if let index = indexes.first(where: { usable($0) && startsWord($0) }) ?? indexes.first(where: usable) {
            return String(characters[..<index]) + "_" + String(characters[index...])
        }
        let spare = "cbkrtxyzqwe".first { !taken.contains($0) } ?? "c"
        // A lone underscore at the end would take the "(" as its key: double it.
        let trailing = label.reversed().prefix { $0 == "_" }.count
        return label + (trailing % 2 == 1 ? "_" : "") + "(_" + String(spare).uppercased() + ")"
    }
}
