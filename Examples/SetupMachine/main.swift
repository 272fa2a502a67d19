// SetupMachine: a "set up this machine" window from Swift. Each row is a real
// check of this machine, run one after another; the window shows each row
// waiting, then its result, and Continue is held until every check ran.
// Exit 0 for Continue, 2 for Cancel (or Escape), 10 for Ctrl+Q.
//
//   swift run SetupMachine
// The same from a shell script through the command file: Examples/setup-machine.sh.
import Beckon
import Glibc

struct Check: Sendable {
    var title: String
    /// Nil when the check passes; otherwise what is wrong.
    var run: @Sendable () -> String?
}

let checks: [Check] = [
    Check(title: "Free space in /") {
        var info = statvfs()
        guard statvfs("/", &info) == 0 else { return "cannot read /" }
        let megabytes = UInt64(info.f_bavail) * UInt64(info.f_frsize) / 1_000_000
        return megabytes > 1000 ? nil : "only \(megabytes) MB free"
    },
    Check(title: "A writable home") {
        let home = getenv("HOME").map { String(cString: $0) } ?? "/"
        return access(home, W_OK) == 0 ? nil : "home is not writable"
    },
    Check(title: "Name resolution") {
        var result: UnsafeMutablePointer<addrinfo>?
        defer { if let result { freeaddrinfo(result) } }
        return getaddrinfo("localhost", nil, nil, &result) == 0 ? nil : "localhost does not resolve"
    },
    Check(title: "A shell") { access("/bin/sh", X_OK) == 0 ? nil : "/bin/sh is missing" },
    Check(title: "The system's time zone") { access("/etc/localtime", R_OK) == 0 ? nil : "no /etc/localtime" },
]

var spec = LiveDialogSpec()
spec.title = "Set up this machine"
spec.message = "Beckon checks a few things before you start."
spec.icon = "computer"
spec.button1.label = "Continue"
spec.button1.enabled = false
spec.button2 = .init(label: "Cancel")
spec.listItems = checks.map { .init(title: $0.title, status: .pending) }
spec.progress = .init(total: checks.count, value: 0)

let live = LiveDialog(spec)
@GtkActor func show(_ dialog: Dialog) async throws -> LiveDialogAnswer {
    Task.detached {
        for (index, check) in checks.enumerated() {
            live.update { $0.listItems[index].status = .wait; $0.progress?.text = check.title }
            let problem = check.run()
            live.update {
                $0.listItems[index].status = problem == nil ? .success : .fail
                $0.listItems[index].statusText = problem ?? "OK"
                $0.progress?.value = index + 1
            }
        }
        live.update { $0.button1.enabled = true; $0.progress?.text = "Done" }
    }
    return try await live.answer(in: dialog)
}

do {
    let answer: LiveDialogAnswer
    do {
        answer = try GtkRuntime.run { @GtkActor in try await show(Dialog()) }
    } catch GtkRuntimeError.noDisplay where TerminalPresenter.isAvailable {
        answer = try GtkRuntime.runWithoutDisplay { @GtkActor in try await show(Dialog(presenter: TerminalPresenter())) }
    }
    exit(answer.ending.exitCode)
} catch {
    let message = "SetupMachine: \(error)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(255)
}
