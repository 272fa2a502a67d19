/// A whole number picked on a horizontal scale: zenity's `--scale`.
///
/// The arrow keys move the scale by ``step``, Home and End go to the ends of
/// ``range``, and the value is read as the dialog ends, whichever way it ends.
public struct ScaleRequest: DialogRequest {
    public typealias Value = Int

    /// Title, buttons, timeout and window.
    public var frame: DialogFrame
    /// The text above the scale; nil shows none.
    public var text: DialogText?
    /// The numbers the scale reaches, both ends included. The maximum must be
    /// greater than the minimum: a scale of one number has nowhere to move.
    public var range: ClosedRange<Int>
    /// The number the scale starts at, within ``range``.
    public var initial: Int
    /// How far an arrow key moves the scale; at least 1.
    public var step: Int
    /// Whether the number is drawn beside the scale.
    public var showsValue: Bool
    /// Called on GTK's thread with the new number each time it changes while
    /// the dialog is shown (zenity's `--print-partial`); not for the initial one.
    public var onChange: (@Sendable (Int) -> Void)?

    /// A scale from `range.lowerBound` to `range.upperBound` with Cancel and OK;
    /// it starts at `initial`, or at the lower end when nil.
    public init(
        title: String? = nil, text: DialogText? = nil, range: ClosedRange<Int>, initial: Int? = nil,
        step: Int = 1, showsValue: Bool = true, timeout: Duration? = nil, parent: DialogParent? = nil,
        onChange: (@Sendable (Int) -> Void)? = nil
    ) {
        frame = .okCancel(title: title, timeout: timeout)
        frame.parent = parent
        self.text = text
        self.range = range
        self.initial = initial ?? range.lowerBound
        self.step = step
        self.showsValue = showsValue
        self.onChange = onChange
    }

    /// The largest magnitude a scale holds exactly: GTK keeps the number in a Double.
    public static let largestMagnitude = 1 << 53

    /// Throws ``DialogError/invalidRequest(_:)`` when no one could have meant
    /// this scale: no room to move, a start outside the range, a step below 1.
    public func validate() throws(DialogError) {
        let limit = Self.largestMagnitude
        guard range.lowerBound >= -limit, range.upperBound <= limit else {
            throw .invalidRequest("a scale holds whole numbers from -2^53 to 2^53, not \(range)")
        }
        guard range.lowerBound < range.upperBound else {
            throw .invalidRequest("the scale's maximum must be greater than its minimum (\(range))")
        }
        guard range.contains(initial) else {
            throw .invalidRequest("the scale's initial value \(initial) is outside \(range)")
        }
        guard step >= 1 else {
            throw .invalidRequest("the scale's step must be at least 1, not \(step)")
        }
    }

    /// The initial number for nil; a scripted number within the range; nil for
    /// anything else.
    public func value(scripted: Int?) -> Int? {
        guard let number = scripted else { return initial }
        return range.contains(number) ? number : nil
    }

    public var builders: DialogBuilders<Int> { DialogBuilders(self) }
}
