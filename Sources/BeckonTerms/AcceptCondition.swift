import BeckonConsent
import BeckonCore

/// What stands between the person and the Accept button (not the login gate,
/// which stands between the person and the desktop: ``TermsOptions/gate``).
///
/// Accept is sensitive only when the condition is met: the terms scrolled to the
/// end (when required), every section that changed since the version the
/// person accepted shown (when they are asked for the changes only, see
/// ``TermsReread/changes``), and the checkbox ticked (when there is one).
public struct AcceptCondition: Sendable, Hashable {
    /// Whether the person must scroll to the end first.
    public var requiresScroll: Bool
    /// Whether the person must tick a checkbox first.
    public var requiresCheckbox: Bool
    /// Whether the end of the terms has been on screen. Once true it stays true.
    public var hasScrolledToEnd = false
    /// Whether the checkbox is ticked.
    public var isChecked = false
    /// How many sections added or changed since the accepted version must
    /// still be shown; 0 when none are required. Goes down, never up.
    public var unshownChanges = 0

    public init(requiresScroll: Bool, requiresCheckbox: Bool) {
        self.requiresScroll = requiresScroll
        self.requiresCheckbox = requiresCheckbox
    }

    /// Whether Accept may be used.
    public var isMet: Bool {
        (!requiresScroll || hasScrolledToEnd) && unshownChanges == 0 && (!requiresCheckbox || isChecked)
    }

    /// Why Accept is disabled, in the labels' language; nil when it is not.
    public func hint(_ labels: TermsLabels) -> String? {
        let mustScroll = requiresScroll && !hasScrolledToEnd
        let mustTick = requiresCheckbox && !isChecked
        if unshownChanges > 0 && !mustScroll { return mustTick ? labels.changesAndTickHint : labels.changesHint }
        switch (mustScroll, mustTick) {
        case (true, true): return labels.scrollAndTickHint
        case (true, false): return labels.scrollHint
        case (false, true): return labels.tickHint
        case (false, false): return nil
        }
    }
}

extension AcceptCondition {
    /// The name ``isMet`` had while this type was called TermsGate.
    @available(*, deprecated, renamed: "isMet")
    public var isOpen: Bool { isMet }
}

/// The name of ``AcceptCondition`` before "gate" came to mean the login gate only.
@available(*, deprecated, renamed: "AcceptCondition")
public typealias TermsGate = AcceptCondition
