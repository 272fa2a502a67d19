/// Why the consent record file could not be read or written.
public enum ConsentStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither `XDG_STATE_HOME` nor a home directory says where records go.
    case noStateDirectory
    /// The directory for the record file could not be made private or created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The lock that serializes writers could not be taken.
    case cannotLock(path: String, reason: String)
    /// The record file exists but could not be read.
    case cannotRead(path: String, reason: String)
    /// The new record file could not be written; the old one is untouched.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .noStateDirectory:
            "cannot tell where to keep consent records: set XDG_STATE_HOME or HOME"
        case let .cannotCreateDirectory(path, reason): "cannot create \(path): \(reason)"
        case let .cannotLock(path, reason): "cannot lock \(path): \(reason)"
        case let .cannotRead(path, reason): "cannot read \(path): \(reason)"
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        }
    }
}
