/// What stands between the person and the Accept button.
///
/// Accept is sensitive only when the gate is open: the terms scrolled to the
/// end (when required) and the checkbox ticked (when there is one).
public struct TermsGate: Sendable, Hashable {
    /// Whether the person must scroll to the end first.
    public var requiresScroll: Bool
    /// Whether the person must tick a checkbox first.
    public var requiresCheckbox: Bool
    /// Whether the end of the terms has been on screen. Once true it stays true.
    public var hasScrolledToEnd = false
    /// Whether the checkbox is ticked.
    public var isChecked = false

    public init(requiresScroll: Bool, requiresCheckbox: Bool) {
        self.requiresScroll = requiresScroll
        self.requiresCheckbox = requiresCheckbox
    }

    /// Whether Accept may be used.
    public var isOpen: Bool {
        (!requiresScroll || hasScrolledToEnd) && (!requiresCheckbox || isChecked)
    }

    /// Why Accept is disabled, in the labels' language; nil when it is not.
    public func hint(_ labels: TermsLabels) -> String? {
        let mustScroll = requiresScroll && !hasScrolledToEnd
        let mustTick = requiresCheckbox && !isChecked
        switch (mustScroll, mustTick) {
        case (true, true): return labels.scrollAndTickHint
        case (true, false): return labels.scrollHint
        case (false, true): return labels.tickHint
        case (false, false): return nil
        }
    }
}
