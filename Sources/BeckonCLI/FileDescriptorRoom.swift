import Glibc

/// Enough free file descriptors for a dialog, checked before GTK, GLib's loop
/// or libdispatch start: each of them dies of a signal, with no message, when
/// it cannot get one (libdispatch's event loop of SIGILL, GLib's wakeups of
/// SIGTRAP). A soft limit that is too low is raised toward the hard limit;
/// where even that leaves too few, the command says so and exits 255.
///
/// What a window takes, beyond stdin, stdout and stderr: the X connection,
/// GLib's wakeup, libdispatch's main queue, epoll, its wakeup and a timer (six
/// that stay), plus those opened for a moment while GTK starts (modules,
/// icons, the accessibility bus, D-Bus): up to 15 for a file chooser.
enum FileDescriptorRoom {
    /// The free descriptors a dialog needs: the most any kind was seen to
    /// take, with room to spare.
    static let needed = 24

    /// Makes room for a dialog's descriptors, or throws why there is none.
    static func ensure() throws(CLIError) {
        if countFree(upTo: needed) >= needed { return }
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return }
        if limit.rlim_cur < limit.rlim_max {
            // As much as a usual session has (1024), or enough above what is
            // open already; never above the hard limit.
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, max(1024, limit.rlim_cur + rlim_t(needed)))
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        let free = countFree(upTo: needed)
        guard free < needed else { return }
        throw .failure("too few file descriptors: a dialog needs \(needed) free, and only \(free) \(free == 1 ? "is" : "are") "
                       + "(the limit is \(limit.rlim_cur), hard limit \(describe(limit.rlim_max))); "
                       + "raise it with ulimit -n")
    }

    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }

    private static func describe(_ value: rlim_t) -> String {
        value == rlim_t.max ? "unlimited" : "\(value)"
    }

    /// How many more descriptors this process can open, counted to `limit`
    /// by opening them (the limit is on their numbers, so inherited ones in
    /// between count against it) and closing them again.
    private static func countFree(upTo limit: Int) -> Int {
        var opened: [Int32] = []
        defer { for fd in opened { close(fd) } }
        while opened.count < limit {
            let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { break }
            opened.append(fd)
        }
        return opened.count
    }
}
