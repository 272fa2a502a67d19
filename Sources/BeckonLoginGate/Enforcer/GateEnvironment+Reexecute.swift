import Glibc

extension GateEnvironment {
    /// The program this process runs, as the kernel holds it: the same file
    /// even if a path to it was replaced since (a package upgrade).
    static let ownExecutable = "/proc/self/exe"

    /// Starts this program again, with the same arguments, in the
    /// environment ``cleaned(_:)`` makes of this one, unless the environment
    /// is clean already (``isClean(_:)``): so the second run goes on, and
    /// there is no loop. Returns only when no new program was started:
    /// nil when none was needed, else why `execve` failed (the gate then goes
    /// on as it is, and the enforcer, reading its environment, refuses it).
    ///
    /// Called before any library has read a variable: GLib caches the home
    /// and configuration directories on first use (`g_get_home_dir`,
    /// `g_get_user_config_dir`), fontconfig and Pango read theirs as they
    /// start, and the dynamic loader has already read `LD_*` and
    /// `GLIBC_TUNABLES` for this image. A new image is the one way to start
    /// them all from the clean environment; what this image did before is
    /// dropped with it.
    package static func reexecuteIfUnclean() -> String? {
        let current = currentEnvironment()
        guard !isClean(current) else { return nil }
        let clean = cleaned(current)
        var cStrings = clean.map { strdup($0) }
        cStrings.append(nil)
        defer { for pointer in cStrings { free(pointer) } }
        _ = execve(ownExecutable, CommandLine.unsafeArgv, &cStrings)
        return "cannot start the gate again in a clean environment: \(String(cString: strerror(errno)))"
    }

    /// This process's environment now, as `NAME=value` strings.
    static func currentEnvironment() -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            result.append(String(cString: pointer))
            entry += 1
        }
        return result
    }
}
