import BeckonIO

/// A colour as swiftDialog's `Color(argument:)` reads it
/// (Colour+Additions.swift): `#RRGGBB`, or one of SwiftUI's colour words.
public enum SFSymbolColour: Sendable, Equatable {
    /// red, green and blue, 0 to 255.
    case rgb(UInt8, UInt8, UInt8)
    /// `clear`: drawn fully transparent, as swiftDialog draws it.
    case clear
    /// `primary`, `accent` and `secondary`: the theme's own colours, left
    /// to GTK (no recolouring).
    case theme
    /// A word swiftDialog does not know. swiftDialog draws it `clear`
    /// (invisible); Beckon keeps the theme's colour and warns, since an icon
    /// that vanishes over a typo helps nobody.
    case unknown(String)

    /// SwiftUI's system colours in light mode, as Apple's Human Interface
    /// Guidelines give them; swiftDialog's `Color(argument:)` names these.
    static let words: [String: (UInt8, UInt8, UInt8)] = [
        "red": (0xFF, 0x3B, 0x30), "orange": (0xFF, 0x95, 0x00), "yellow": (0xFF, 0xCC, 0x00),
        "green": (0x34, 0xC7, 0x59), "mint": (0x00, 0xC7, 0xBE), "teal": (0x30, 0xB0, 0xC7),
        "cyan": (0x32, 0xAD, 0xE6), "blue": (0x00, 0x7A, 0xFF), "indigo": (0x58, 0x56, 0xD6),
        "purple": (0xAF, 0x52, 0xDE), "pink": (0xFF, 0x2D, 0x55), "brown": (0xA2, 0x84, 0x5E),
        "white": (0xFF, 0xFF, 0xFF), "gray": (0x8E, 0x8E, 0x93), "grey": (0x8E, 0x8E, 0x93),
        "black": (0x00, 0x00, 0x00),
    ]

    /// Reads `#RRGGBB` or a word, in any case (swiftDialog's words are
    /// lower-case only, and `Green` is `clear` there).
    public init(word: String) {
        let text = word.trimmingWhitespace.lowercased()
        if text.count == 7, text.first == "#", let value = UInt32(text.dropFirst(), radix: 16) {
            self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        } else if let (r, g, b) = Self.words[text] {
            self = .rgb(r, g, b)
        } else if text == "clear" {
            self = .clear
        } else if ["primary", "secondary", "accent"].contains(text) {
            self = .theme
        } else {
            self = .unknown(word)
        }
    }

    /// The colour as GDK's `gdk_rgba_parse` reads it, or nil for the theme's.
    public var css: String? {
        switch self {
        case let .rgb(r, g, b): "rgb(\(r),\(g),\(b))"
        case .clear: "rgba(0,0,0,0)"
        case .theme, .unknown: nil
        }
    }
}
