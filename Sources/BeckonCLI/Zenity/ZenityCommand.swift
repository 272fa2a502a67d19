import BeckonCore
import BeckonIO
import CBeckonShim
import CGtk
import Glibc

/// The zenity-compatible dialogs: `beckon --question …`, or beckon called as `zenity`.
enum ZenityCommand {
    /// zenity's version, printed by `--version` so version checks in scripts
    /// pass: as `beckon` too, since scripts are moved over by setting the
    /// command's name (`ZENITY=beckon`, `sed s/zenity/beckon/`) and keep their
    /// checks. beckon's own version is `--beckon-version`'s (``BeckonVersion``).
    static let zenityVersion = "3.44.0"
    /// The zenity 4 whose answers `--zenity-compat=4.2` gives, printed by its `--version`.
    static let zenity4Version = "4.2.2"

    static func main(_ arguments: [String]) -> Int32 {
        // SIGPIPE is ignored (BeckonCommand.main): zenity's answer goes out with
        // StandardOutput.write, whose failure zenity ignores too.
        // The name as run, for advice ("See 'zenity --help'"); every line on
        // stderr starts with "beckon:" whatever the name (docs/cli.md, "Messages").
        let program = programName(arguments.first)
        let invocation: ZenityInvocation
        do {
            invocation = try ZenityParser.parse(Array(arguments.dropFirst()), environment: .process, program: program)
        } catch {
            let misspelt = Subcommand.misspelt(Array(arguments.dropFirst()), program: program)
            return (misspelt ?? error).report(as: "beckon")
        }
        switch invocation {
        case .help(let topic):
            StandardOutput.write(ZenityHelp.text(topic, program: program))
            return 0
        case .version(let dialect):
            // A script that checks the version sees the zenity it is answered as.
            StandardOutput.write((dialect.isZenity4 ? zenity4Version : zenityVersion) + "\n")
            return 0
        case .about:
            StandardOutput.write("beckon \(BeckonVersion.text): GTK dialogs for shell scripts, compatible with zenity \(zenityVersion)\n")
            return 0
        case .beckonVersion:
            StandardOutput.write(BeckonVersion.text + "\n")
            return 0
        case .reference(let format):
            StandardOutput.write(ZenityReference.text(format))
            return 0
        case .dialog(let dialog, let common):
            return run(dialog, common, environment: .process, program: program)
        }
    }

    /// Shows `dialog` in GTK's loop, or on the terminal (``TerminalFallback``),
    /// and returns the exit code; every failure
    /// becomes a ``CLIError`` here, the one place that maps errors to codes.
    static func run(_ dialog: any ZenityDialog, _ common: CommonOptions, environment: Environment,
                    program: String) -> Int32 {
        // GTK's own options, which zenity hands to gtk_init; here they must be
        // in place before GtkRuntime initializes GTK.
        if let display = common.display { setenv("DISPLAY", display, 1) }
        if let name = common.programName { g_set_prgname(name) }
        if let programClass = common.programClass { gdk_set_program_class(programClass) }
        // zenity 4.2 warns about deprecated options while it parses, before any window.
        common.deprecationWarnings.forEach { StandardError.write($0 + "\n") }
        let json = common.json
        let kind = dialog.jsonKind
        GtkRuntime.displayLost.withLock {
            $0 = { message in
                StandardError.write("beckon: \(message)\n")
                if json { StandardOutput.write(JSONAnswer.error(CLIError(message: message), kind: kind).line) }
            }
        }
        do {
            let body: @GtkActor (Dialog, Bool) async throws -> ZenityOutput = { @GtkActor asking, onTerminal in
                TerminationSignals.exitWhenReceived(
                    hangUpAnswer: onTerminal ? ZenityExitCode.esc.value(in: environment) : nil)
                if let seconds = common.effectiveTimeout {
                    let code = dialog.timeoutRule.exitCode(in: environment)
                    let message = "--timeout passed and the window did not respond"
                    LoopWatchdog.hold(.seconds(Int(seconds)), exitCode: code, program: "beckon",
                                      stdout: json ? JSONAnswer.error(CLIError(message: message, exitCode: code),
                                                                      kind: kind).line : nil)
                }
                defer { LoopWatchdog.release() }
                if !onTerminal, dialog.needsDisplay, let attach = common.attach, !common.dialect.isZenity4,
                   beckon_display_is_x11() == 0 {
                    // zenity's --attach names an X11 window; Wayland has no such ids.
                    StandardError.write("beckon: warning: --attach=\(attach) needs an X11 display; "
                                        + "on this one the dialog is not attached to it\n")
                }
                // Translations are read after gtk_init has set the locale.
                let context = ZenityContext(dialog: asking, environment: environment, translations: .system,
                                            onTerminal: onTerminal, dialect: common.dialect,
                                            warn: { StandardError.write($0 + "\n") })
                return try await dialog.run(context)
            }
            let output = try dialog.needsDisplay ? common.terminal.run(body) : TerminalFallback.runWithoutWindow(body)
            // A script that reads the answer must not take a lost one (a reader
            // gone, a full disk) for an answer: zenity exits as if written.
            try StandardOutput.writeAnswer(output.stdout)
            return output.exitCode
        } catch {
            let failure = CLIError(error, environment: environment)
            // A script that asked for JSON reads stdout, not stderr.
            if json { StandardOutput.write(JSONAnswer.error(failure, kind: kind).line) }
            return failure.report(as: "beckon")
        }
    }

    /// The name help shows: the last path component of argv[0].
    static func programName(_ argv0: String?) -> String {
        guard let argv0, !argv0.isEmpty else { return "beckon" }
        return String(argv0.split(separator: "/").last ?? "beckon")
    }
}
