import BeckonConsent
import BeckonCore

extension TermsOptions {
    /// Throws ``TermsError/gateWithTimeout`` for a gate that could close by
    /// itself: under a gate only an answer ends the window.
    func checkGate() throws(TermsError) {
        if gate && (timeout != nil || deadline != nil) { throw .gateWithTimeout }
    }
}
