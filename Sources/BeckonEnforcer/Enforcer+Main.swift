import BeckonIO
import CBeckonGLib
import Glibc

extension Enforcer {
    /// `beckon-enforcer [--check]`: runs the service; `--check` reads the
    /// configuration as the service would, prints every problem, and exits 0
    /// when there is none, 1 when there is (the same check as
    /// `beckon terms --check-config`).
    public static func main(_ arguments: [String]) -> Int32 {
        switch arguments.first {
        case nil:
            guard getuid() == 0 else {
                StandardError.write("beckon-enforcer: must run as root (it is the system service beckon-enforcer.service)\n")
                return 1
            }
            return Enforcer().run()
        case "--check":
            return check(configurationPath: EnforcerConfiguration.path, configRoot: "/etc/xdg")
        case "--help", "-h":
            StandardError.write("""
                Usage: beckon-enforcer [--check]
                The system service that holds beckon's login gate (beckon-enforcer.service).
                  --check   read the configuration as the service would; print each problem (exit 1 when any)
                See beckon-enforcer.conf(5), and docs/administrators.md, "The enforcer".

                """)
            return 0
        default:
            StandardError.write("beckon-enforcer: unknown argument \(arguments[0].debugDescription) (see --help)\n")
            return 2
        }
    }

    /// Prints what the service would take from the configuration, one line
    /// per file (``EnforcerCheck``), every problem with file, line and key
    /// and what the service does about it; 0 when there is none, 1 otherwise.
    public static func check(configurationPath: String, configRoot: String) -> Int32 {
        let root = configRoot.hasSuffix("/") ? configRoot : configRoot + "/"
        let report = EnforcerCheck(configurationPath: configurationPath, gatePaths: [root + "beckon/terms.d"])
        beckon_fd_write_text(1, report.text)
        return report.exitCode
    }
}
