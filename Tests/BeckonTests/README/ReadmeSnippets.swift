// The README's Swift examples, compiled with the tests (see below).
import Beckon

enum Consent: DialogChoice {
    case decline, accept
    static let dismissal = Consent.decline          // what Escape or a close gives: required
    var label: String { self == .accept ? "_Accept" : "_Decline" }
    var role: DialogRole { self == .accept ? .default : .cancel }
}

func termsWorkflow(dialog: Dialog = Dialog()) async throws {
    let terms = try await latestTermsOfUse()
    switch try await dialog.choice(Consent.self, title: "Terms of Use", message: terms) {
    case .accept: await signIn()
    case .decline: break
    }
}

// Everything below the first example stands in for what the README leaves to
// the reader (the terms, a sign-in, the files), so that its examples compile
// as written. ReadmeSnippetsTests checks that every swift block of README.md
// stands here unchanged: an example that stops compiling fails the build.

func latestTermsOfUse() async throws -> String { "Be kind." }
func signIn() async {}

struct ReadmeFile { let name: String, size: String }

func readmeTypedCalls(files: [ReadmeFile], licence: String, draft: String,
                      copyUpdates: AsyncStream<ProgressUpdate>) async throws {
    let name = try await Dialog.text(title: "Sign up", prompt: "Your _name:")              // String?
    let login = try await Dialog.password(askUsername: true)                               // Credentials?
    let volume = try await Dialog.number(in: 0...100, initial: 40, title: "Volume")        // Int?
    let day = try await Dialog.date(initial: CalendarDate(year: 2026, month: 12, day: 24)) // CalendarDate?
    let tint = try await Dialog.color(initial: RGBAColor(red: 0.2, green: 0.4, blue: 0.6)) // RGBAColor?
    let file = try await Dialog.select(from: files, columns: ["Name", "Size"]) { [$0.name, $0.size] } // File?
    let agreed = try await Dialog.showText(licence, checkbox: "I have read it")            // Bool
    let notes = try await Dialog.editText(draft, title: "Release notes")                   // String?
    let done = try await Dialog.progress(title: "Copying", updates: copyUpdates)          // ProgressState?

    var form = Form(title: "New account")
    let who = form.entry("Name", rule: FormFieldRule(isRequired: true))                   // OK waits for it
    let plan = form.combo("Plan", ["Free", "Pro"], initial: "Free")
    if let answers = try await Dialog.form(form) { print(answers[who], answers[plan] ?? "") } // String, String?
    let report = try await Dialog.saveFile(in: "/srv/reports", name: "q4.pdf")            // ChosenFile?
    _ = (name, login, volume, day, tint, file, agreed, notes, done, report)
}

func openBackupFolder() {}

func readmeNotification() async throws {
    let posted = try await DesktopNotification(summary: "Backup done", body: "3 files",
                                               hints: [.urgency(.normal)], actions: [.default()]).post()
    try await posted.update(DesktopNotification(summary: "Backup done", body: "4 files"))
    switch try await posted.ending(timeout: .seconds(30)) {   // .action(key) or .closed(reason)
    case .action("default"): openBackupFolder()
    default: break
    }
}
