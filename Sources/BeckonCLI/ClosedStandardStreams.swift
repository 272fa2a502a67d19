import Glibc

/// Standard streams the process was started without (`cmd <&-`).
///
/// A closed descriptor 0, 1 or 2 is the first one `open` hands out, so GTK's
/// X connection or a file beckon opens would take its place: reading "stdin"
/// would then read the X socket, and an answer on "stdout" would go into a
/// file. Before anything else, each closed one gets /dev/null in its place,
/// and the set is kept so a dialog can say that its input was closed.
enum ClosedStandardStreams {
    /// The standard descriptors that were closed when the process started.
    nonisolated(unsafe) private(set) static var atStart: Set<Int32> = []

    /// Fills each closed standard descriptor with /dev/null; call first thing.
    static func fill() {
        for descriptor: Int32 in [0, 1, 2] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
            atStart.insert(descriptor)
        }
    }

    /// Whether standard input was closed when the process started.
    static var stdinWasClosed: Bool { atStart.contains(0) }
}
