import Foundation
import Glibc

/// A private directory for one test's key files, removed with it. The tests
/// run as root, so what they write is root's, as the enforcer wants it;
/// ``chown(_:to:)`` gives a file to someone else.
final class EnforcerTestDirectory {
    let root: String
    /// `<root>/beckon/terms.d`: what the gate set reads with `configRoot: root`.
    var termsDirectory: String { root + "/beckon/terms.d" }

    init() throws {
        // Under /run (root's, 0755), not /tmp: the enforcer refuses a gate's
        // file in a directory that others can write, /tmp's sticky 1777 included.
        root = "/run/beckon-enforcer-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/beckon/terms.d", withIntermediateDirectories: true)
        for path in [root, root + "/beckon", root + "/beckon/terms.d"] { chmod(path, 0o755) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `text` to `name` (relative to terms.d unless absolute), mode 0644; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String, mode: mode_t = 0o644) throws -> String {
        try write(name, bytes: Array(text.utf8), mode: mode)
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8], mode: mode_t = 0o644) throws -> String {
        let path = name.hasPrefix("/") ? name : termsDirectory + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return path
    }

    /// Gives `path` to uid and gid `owner` (65534: nobody).
    func chown(_ path: String, to owner: uid_t = 65534) {
        _ = Glibc.chown(path, owner, gid_t(owner))
    }

    static var isRoot: Bool { getuid() == 0 }
}
