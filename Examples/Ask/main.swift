// Ask: the smallest Beckon program. One question from Swift; exit 0 for Yes,
// 1 for No (or Escape, or a close). Without a display it asks on the
// terminal; 255 without either.
//
//   swift run Ask "Accept the terms?"
import Beckon
import Glibc

enum Answer: DialogChoice {
    case no, yes
    static let dismissal = Answer.no
    var label: String { self == .yes ? "_Yes" : "_No" }
    var role: DialogRole { self == .yes ? .default : .cancel }
}

let question = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Accept the terms?"
@GtkActor func ask(_ dialog: Dialog) async throws -> Answer {
    try await dialog.choice(Answer.self, title: "Question", message: question)
}

do {
    let answer: Answer
    do {
        answer = try GtkRuntime.run { @GtkActor in try await ask(Dialog()) }
    } catch GtkRuntimeError.noDisplay where TerminalPresenter.isAvailable {
        answer = try GtkRuntime.runWithoutDisplay { @GtkActor in try await ask(Dialog(presenter: TerminalPresenter())) }
    }
    exit(answer == .yes ? 0 : 1)
} catch {
    let message = "Ask: \(error)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(255)
}
