import BeckonConsent
import BeckonCore

/// The terms window as a dialog request: Decline and Accept, the rendered
/// terms, the gate. Its answer is the button alone.
public struct TermsRequest: DialogRequest {
    public typealias Value = Void

    /// The terms, rendered or being rendered.
    public let prepared: PreparedTerms
    /// Labels, gate, size, timeout and consent settings.
    public let options: TermsOptions
    /// The earlier acceptance the person is asked again after, with what
    /// changed since (``TermsChanges``); nil for a first time.
    public var earlier: TermsChanges.Earlier?

    /// Decline (index 0) and Accept (index 1, the default once the gate opens).
    public var frame: DialogFrame {
        var frame = DialogFrame(title: options.labels.title, buttons: [
            DialogButton(options.labels.decline, role: .cancel),
            DialogButton(options.labels.accept, role: .default),
        ], timeout: options.timeout, parent: options.parent)
        frame.deadline = options.deadline
        frame.width = options.width
        frame.height = options.height
        return frame
    }

    public init(_ prepared: PreparedTerms, options: TermsOptions) {
        self.prepared = prepared
        self.options = options
    }

    public func value(scripted: Void?) -> Void? {
        ()
    }

    public var builders: DialogBuilders<Void> { DialogBuilders(self) }
}
