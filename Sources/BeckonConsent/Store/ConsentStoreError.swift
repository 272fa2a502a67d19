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
    /// A path of the store is not what it must be (a symbolic link, a FIFO, a
    /// directory someone else owns), so it is left alone.
    case unsafePath(path: String, reason: String)
    /// The record file was written by a newer Beckon, in a format this one
    /// reads but does not write; it is left as it is.
    case newerFormat(path: String, format: Int64)

    public var description: String {
        switch self {
        case .noStateDirectory:
            "cannot tell where to keep consent records: set XDG_STATE_HOME or HOME"
        case let .cannotCreateDirectory(path, reason): "cannot create \(path): \(reason)"
        case let .cannotLock(path, reason): "cannot lock \(path): \(reason)"
        case let .cannotRead(path, reason): "cannot read \(path): \(reason)"
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        case let .unsafePath(path, reason): "refusing to use \(path): \(reason)"
        case let .newerFormat(path, format):
            "\(path) was written by a newer beckon (format \(format)); this one writes format "
                + "\(ConsentStore.format) and leaves the file as it is; its records are still read. Use that newer "
                + "beckon to accept or revoke, or move the file aside to start a new one here"
        }
    }
}
