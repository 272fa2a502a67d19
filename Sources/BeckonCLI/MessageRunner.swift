import Beckon
import CGtk
import Glibc

/// Shows a message dialog for parsed options and returns the exit code.
enum MessageRunner {
    static func run(_ options: MessageOptions, environment: Environment) -> Int32 {
        // GTK's own options, which zenity hands to gtk_init; here they must be
        // in place before GtkRuntime initializes GTK.
        if let display = options.display { setenv("DISPLAY", display, 1) }
        if let name = options.programName { g_set_prgname(name) }
        if let programClass = options.programClass { gdk_set_program_class(programClass) }
        do {
            let result = try GtkRuntime.run { @GtkActor in
                TerminationSignals.exitWhenReceived()
                // Translations are read after gtk_init has set the locale.
                let plan = MessagePlan(options, environment: environment, translations: .system)
                if let warning = plan.warning { StandardError.write(warning + "\n") }
                let outcome = try await Dialog().present(plan.request)
                return MessageResult(outcome, plan: plan, options: options, environment: environment)
            }
            StandardOutput.write(result.stdout)
            return result.exitCode
        } catch let error as GtkRuntimeError {
            StandardError.write("beckon: \(error)\n")
            return 255
        } catch {
            StandardError.write("beckon: \(error)\n")
            return ZenityExitCode.error.value(in: environment)
        }
    }
}
