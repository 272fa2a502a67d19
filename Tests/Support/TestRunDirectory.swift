import Foundation

/// Directories of fixtures that live as long as the test process.
package enum TestRunDirectory {
    private static let registered = NSLock()
    nonisolated(unsafe) private static var prefixes: [String] = []

    /// `$TMPDIR/<prefix>-<pid>`, created now and removed when the test process
    /// exits; any left by runs of `prefix` that were killed are removed first.
    package static func make(_ prefix: String) -> String {
        let temporary = FileManager.default.temporaryDirectory.path
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] {
            guard name.hasPrefix(prefix + "-"), let pid = pid_t(name.dropFirst(prefix.count + 1)),
                  kill(pid, 0) != 0 && errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: temporary + "/" + name)
        }
        let path = "\(temporary)/\(prefix)-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        registered.lock()
        defer { registered.unlock() }
        if prefixes.isEmpty { atexit { TestRunDirectory.removeAll() } }
        prefixes.append(prefix)
        return path
    }

    private static func removeAll() {
        let temporary = FileManager.default.temporaryDirectory.path
        registered.lock()
        let all = prefixes
        registered.unlock()
        for prefix in all { try? FileManager.default.removeItem(atPath: "\(temporary)/\(prefix)-\(getpid())") }
    }
}
