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
                See docs/terms.md, "The enforcer".

                """)
            return 0
        default:
            StandardError.write("beckon-enforcer: unknown argument \(arguments[0].debugDescription) (see --help)\n")
            return 2
        }
    }

    /// Prints what the service would take from the configuration, and every
    /// problem with file, line and key; 0 when there is none, 1 otherwise.
    public static func check(configurationPath: String, configRoot: String) -> Int32 {
        var problems = 0
        var configuration = EnforcerConfiguration()
        do {
            configuration = try EnforcerConfiguration.load(path: configurationPath)
        } catch {
            StandardError.write("error: \(error)\n")
            problems += 1
        }
        let gates = EnforcerGateSet.load(configRoot: configRoot, defaultGrace: configuration.graceSeconds)
        var text = "mode: \(configuration.mode.rawValue)\n"
        for gate in gates.gates {
            text += "gate: \(gate.id) version \(gate.terms.version), grace \(gate.graceSeconds) s, \(gate.digests.count) text(s)\n"
        }
        for problem in gates.problems {
            problems += 1
            let effect = !problem.isGate ? "reported only"
                : configuration.configurationErrors == .endSession ? "ends every gated session" : "reported only (ConfigurationErrors=report)"
            StandardError.write("error: \(problem.error) [\(effect)]\n")
        }
        beckon_fd_write_text(1, text)
        return problems == 0 ? 0 : 1
    }
}
