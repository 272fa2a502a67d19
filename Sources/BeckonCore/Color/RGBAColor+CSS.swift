import CGtk

extension RGBAColor {
    /// A colour from any text GTK's `gdk_rgba_parse` takes; nil for anything else.
    ///
    /// That is a colour name ("red", "SteelBlue"), `#rgb`, `#rrggbb`,
    /// `#rrrgggbbb`, `#rrrrggggbbbb`, `rgb(r,g,b)` and `rgba(r,g,b,a)` (channels
    /// 0–255 or percentages, alpha 0–1): what zenity's `--color` takes.
    public init?(parsing text: String) {
        var rgba = GdkRGBA()
        guard gdk_rgba_parse(&rgba, text) != 0 else { return nil }
        self.init(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
    }

    /// The colour as CSS, byte for byte as GTK's `gdk_rgba_to_string` writes it:
    /// `rgb(r,g,b)` with channels rounded to 0–255, or `rgba(r,g,b,a)` when the
    /// alpha is 0.999 or less, the alpha as C's `%g` writes it ("0.5", "0.333").
    ///
    /// This is what zenity's `--color-selection` prints. Channels outside 0–1
    /// are clamped; a NaN counts as 0.
    public var cssString: String {
        let rgb = "\(Self.byte(red)),\(Self.byte(green)),\(Self.byte(blue))"
        guard alpha <= 0.999 || alpha.isNaN else { return "rgb(\(rgb))" }
        return "rgba(\(rgb),\(Self.formatG(Self.clamped(alpha))))"
    }

    /// Whether every channel is a number from 0 to 1, so a dialog can show it.
    public var isDisplayable: Bool {
        [red, green, blue, alpha].allSatisfy { (0...1).contains($0) }
    }

    /// This colour made opaque.
    public var opaque: RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: 1)
    }

    private static func clamped(_ channel: Double) -> Double {
        channel.isNaN ? 0 : min(max(channel, 0), 1)
    }

    /// GDK's `(int)(0.5 + CLAMP (c, 0., 1.) * 255.)`.
    private static func byte(_ channel: Double) -> Int {
        Int(0.5 + clamped(channel) * 255)
    }

    /// `%g` in the C locale whatever the process's locale ("0,5" would be
    /// wrong under de_DE), through GLib's g_ascii_formatd as GDK does.
    private static func formatG(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 40) // G_ASCII_DTOSTR_BUF_SIZE is 39
        return buffer.withUnsafeMutableBufferPointer { buffer in
            guard let text = g_ascii_formatd(buffer.baseAddress, Int32(buffer.count), "%g", value) else { return "0" }
            return String(cString: text)
        }
    }
}

extension RGBAColor: CustomStringConvertible {
    /// ``cssString``.
    public var description: String { cssString }
}
