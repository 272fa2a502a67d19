import Glibc

extension FileDescriptorReader {
    /// Lets `fileDescriptor` go once its input has ended, as zenity's list and
    /// progress close their stdin at the end of input (its text dialog keeps
    /// it):
    /// /dev/null takes its place rather than nothing, so the number cannot be
    /// reused by the next file opened.
    package static func release(_ fileDescriptor: Int32) {
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard null >= 0 else { return }
        dup2(null, fileDescriptor)
        close(null)
    }
}
