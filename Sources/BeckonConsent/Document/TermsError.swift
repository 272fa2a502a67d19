/// Why terms could not be read, shown or recorded.
public enum TermsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The terms file could not be read; `reason` is the system's message.
    case unreadable(path: String, reason: String)
    /// Standard input could not be read.
    case unreadableInput(reason: String)
    /// There is nothing to accept: the file or stdin was empty.
    case empty(source: String)
    /// The terms are larger than `limit` bytes (``TermsDocument/sizeLimit``).
    case tooLarge(source: String, limit: Int)
    /// The deadline passed while the terms were still being read (a pipe held
    /// open, a FIFO no one writes to).
    case readTimedOut(source: String)
    /// The consent record could not be read or written.
    case consentStore(ConsentStoreError)
    /// ``TermsOptions/gate`` with a ``TermsOptions/timeout`` or
    /// ``TermsOptions/deadline``: a gate ends only with an answer.
    case gateWithTimeout

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read the terms from \(path): \(reason)"
        case let .unreadableInput(reason): "cannot read the terms from standard input: \(reason)"
        case let .empty(source): "the terms in \(source) are empty"
        case let .tooLarge(source, limit):
            "the terms in \(source) are larger than the limit of \(limit >> 20) MiB"
        case let .readTimedOut(source): "the timeout passed while the terms were still being read from \(source)"
        case let .consentStore(error): error.description
        case .gateWithTimeout: "a gate cannot have a timeout: only Accept or Decline ends it"
        }
    }
}
