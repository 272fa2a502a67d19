import Beckon
import Glibc

/// The zenity-compatible dialogs. (Stub: only --question --text, for the
/// foundation's benchmark; the full grammar is its own issue.)
enum ZenityCommand {
    static func main(_ arguments: [String]) -> Int32 {
        var text = "Are you sure you want to proceed?"
        var isQuestion = false
        for argument in arguments.dropFirst() {
            if argument == "--question" { isQuestion = true }
            if argument == "--version" { print("3.44.0"); return 0 }
            if argument.hasPrefix("--text=") { text = String(argument.dropFirst(7)) }
        }
        if let i = arguments.firstIndex(of: "--text"), i + 1 < arguments.count { text = arguments[i + 1] }
        guard isQuestion else {
            StandardError.write("beckon: only --question is implemented so far\n")
            return 255
        }
        do {
            return try GtkRuntime.run { @GtkActor in
                let outcome = try await Dialog().present(DialogRequest(
                    title: "Question", message: .plain(text), kind: .question,
                    buttons: [DialogButton("_No", role: .cancel), DialogButton("_Yes", role: .default)]))
                return outcome == .button(1) ? 0 : 1
            }
        } catch {
            StandardError.write("beckon: \(error)\n")
            return 255
        }
    }
}
