import Beckon
import Glibc

/// The zenity-compatible dialogs: `beckon --question …`, or beckon called as `zenity`.
enum ZenityCommand {
    /// zenity's version, printed by `--version` so version checks in scripts pass.
    static let zenityVersion = "3.44.0"

    static func main(_ arguments: [String]) -> Int32 {
        // A reader that went away (`beckon … | head -0`) must not kill us before
        // the exit code is set: a failed write is ignored instead.
        signal(SIGPIPE, SIG_IGN)
        let program = programName(arguments.first)
        let invocation: ZenityInvocation
        do {
            invocation = try ZenityParser.parse(Array(arguments.dropFirst()))
        } catch {
            StandardError.write("\(program): \(error.message)\n")
            return error.exitCode
        }
        switch invocation {
        case .help(let topic):
            StandardOutput.write(ZenityHelp.text(topic, program: program))
            return 0
        case .version:
            StandardOutput.write(zenityVersion + "\n")
            return 0
        case .about:
            StandardOutput.write("beckon: GTK dialogs for shell scripts, compatible with zenity \(zenityVersion)\n")
            return 0
        case .message(let options):
            return MessageRunner.run(options, environment: .process)
        }
    }

    /// The name help shows: the last path component of argv[0].
    static func programName(_ argv0: String?) -> String {
        guard let argv0, !argv0.isEmpty else { return "beckon" }
        return String(argv0.split(separator: "/").last ?? "beckon")
    }
}
