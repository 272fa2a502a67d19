import BeckonEnforcer
import Glibc

// MARK: --check-config: the managed terms and the enforcer's settings, checked before they count

extension TermsCommand {
    /// `--check-config [PATH…] [--enforcer-config FILE]`: prints the
    /// enforcer's report (``EnforcerCheck``, the same as `beckon-enforcer
    /// --check`), one line per file; exit 0 when nothing is wrong, 1 when
    /// anything is. Without PATH, the system's own directory as the service
    /// reads it (root's files only); with PATHs, a staging copy, whose owner
    /// is not checked. Needs no display and reads nothing of the user's.
    static func checkConfig(_ arguments: TermsArguments) throws(CLIError) -> Int32 {
        let paths = arguments.checkConfigPaths.map(absolute)
        let report = EnforcerCheck(
            configurationPath: arguments.enforcerConfig.map(absolute) ?? EnforcerConfiguration.path,
            configurationScope: arguments.enforcerConfig == nil ? .installed : .staging,
            gatePaths: paths.isEmpty ? [EnforcerConfiguration.gateDirectory] : paths,
            gateScope: paths.isEmpty ? .installed : .staging)
        try StandardOutput.writeAnswer(report.text)
        return report.exitCode
    }

    /// `path` from the working directory, its `.` and `..` taken away (by
    /// name: a symbolic link stays as given), without trailing slashes: a
    /// key file's relative `File=` is taken from its directory, which a bare
    /// `aup.conf` would not name, and each line names the file plainly.
    static func absolute(_ path: String) -> String {
        var full = path
        if !full.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                full = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + full
            }
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
