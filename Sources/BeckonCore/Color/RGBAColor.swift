/// A colour with opacity, each channel from 0 to 1, as GTK's GdkRGBA holds it.
public struct RGBAColor: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    /// 1 is opaque.
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque white, zenity's colour when none is given.
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
}
