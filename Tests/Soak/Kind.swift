import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestEndings
import CGtk
import Foundation
import Synchronization

enum Answer: DialogChoice {
    case no, yes
    static let dismissal = Answer.no
    var label: String { self == .yes ? "_Yes" : "_No" }
    var role: DialogRole { self == .yes ? .default : .cancel }
}

/// Every kind the library shows, each through its public typed call; the
/// raw values order the summary's per_kind counts.
enum Kind: Int, CaseIterable {
    case choice, text, password, number, date, color, list, textInfo, progress, forms, fileSelection, notification

    /// The kind's name in the soak's arguments and summary, as zenity's option names it.
    var name: String {
        switch self {
        case .textInfo: "text-info"
        case .fileSelection: "file-selection"
        default: "\(self)"
        }
    }

    /// The kinds whose dialog is a window of Beckon's dialog queue, which
    /// `BeckonSoak code` can end from code on any display. The file chooser
    /// is GTK's own window and a notification is the server's.
    static let queued: [Kind] = allCases.filter { $0 != .fileSelection && $0 != .notification }

    /// Shows one dialog of this kind for `path`; true when it was accepted,
    /// false when dismissed. Throws ``WrongValue`` when the answer does not fit
    /// the path (a wrong row, file, text or state), and what the call throws.
    @GtkActor func show(_ index: Int, path: Path) async throws -> Bool {
        let title = "soak \(index)"
        let timeout: Duration? = path == .timeout ? .milliseconds(5) : nil
        switch self {
        case .choice:
            return try await Dialog.choice(Answer.self, title: title, message: "Dialog \(index)", timeout: timeout) == .yes
        case .text:
            return try await Dialog.text(title: title, prompt: "Text \(index)", timeout: timeout) != nil
        case .password:
            return try await Dialog.password(title: title, timeout: timeout) != nil
        case .number:
            return try await Dialog.number(in: 0...100, initial: 50, title: title, timeout: timeout) != nil
        case .date:
            return try await Dialog.date(initial: CalendarDate(year: 2026, month: 6, day: 15), title: title,
                                         timeout: timeout) != nil
        case .color:
            return try await Dialog.color(title: title, timeout: timeout) != nil
        case .list:
            let rows = [["apple"], ["banana"], ["cherry"]]
            guard let chosen = try await Dialog().selectIndices(columns: ["Fruit"], rows: rows, title: title,
                                                              timeout: timeout) else { return false }
            // Down then Return picks the second row; a response from code, none.
            return try expect(chosen, path == .returnKey ? [1] : [])
        case .textInfo:
            return try await Dialog.showText("Text \(index)\nA second line.", title: title, timeout: timeout)
        case .progress:
            return try await showProgress(title, path: path, timeout: timeout)
        case .forms:
            var form = Form(title: title, text: .plain("Form \(index)"), timeout: timeout)
            let name = form.entry("Name")
            guard let answers = try await Dialog.form(form) else { return false }
            // The keys of Return's path type "a" first.
            return try expect(answers[name], path == .returnKey ? "a" : "")
        case .fileSelection:
            return try await showFileChooser(index, title: title, timeout: timeout)
        case .notification:
            return try await postNotification(title, path: path, timeout: timeout)
        }
    }

    /// The keys that accept: Return, where the kind's focus lets it.
    var acceptKeys: [String] {
        switch self {
        // The colour chooser's first field takes Return for itself; shift+Tab
        // reaches its default button, in the editor and the palette alike.
        case .color: ["shift+Tab", "Return"]
        // A list's first Down puts the cursor on the second row.
        case .list: ["Down", "Return"]
        // Return in a form's field does not press OK, as in zenity: the keys
        // type a letter and Tab past Cancel to OK, which Space presses.
        case .forms: ["a", "Tab", "Tab", "space"]
        default: ["Return"]
        }
    }

    private func expect<T: Equatable>(_ value: T, _ wanted: T) throws -> Bool {
        guard value == wanted else { throw WrongValue(description: "got \(value), expected \(wanted)") }
        return true
    }

    /// A progress dialog fed from code: the updates that end at 1 for the
    /// paths that accept (OK is enabled only then: autoCloses is off, so a
    /// key or a response ends it), an open stream for the others. Whichever
    /// way it ends, the stream's producer must learn it has stopped.
    @GtkActor private func showProgress(_ title: String, path: Path, timeout: Duration?) async throws -> Bool {
        let (updates, feed) = AsyncStream.makeStream(of: ProgressUpdate.self)
        let stoppedFlag = Flag()
        feed.onTermination = { _ in stoppedFlag.set() }
        feed.yield(.text("Working on \(title)"))
        feed.yield(.fraction(0.4))
        if path.expected == .accepted {
            feed.yield(.fraction(1))
            feed.finish()
        }
        let result: Result<ProgressState?, any Error>
        do {
            result = .success(try await Dialog.progress(title: title, updates: updates, autoCloses: false,
                                                        timeout: timeout))
        } catch {
            result = .failure(error)
        }
        // In a task of its own: this one may be cancelled, which ends every sleep at once.
        await Task { @GtkActor in
            for _ in 0..<2000 where !stoppedFlag.isSet { try? await Task.sleep(for: .milliseconds(1)) }
        }.value
        guard stoppedFlag.isSet else { throw WrongValue(description: "the updates' producer was never stopped") }
        guard let state = try result.get() else { return false }
        return try expect(state.fraction, 1)
    }

    /// The file kinds in turn (open, save, folder), in GTK's own chooser on a
    /// tree of the soak's, each with the file or folder its accept must give.
    @GtkActor private func showFileChooser(_ index: Int, title: String, timeout: Duration?) async throws -> Bool {
        let tree = SoakFiles.tree
        let chosen: ChosenFile?, wanted: String
        switch index / Kind.allCases.count % 3 {
        case 0:
            chosen = try await Dialog.openFile(title: title, in: tree, selecting: "b.txt", timeout: timeout)
            wanted = tree + "/b.txt"
        case 1:
            chosen = try await Dialog.saveFile(title: title, in: tree, name: "new.txt", timeout: timeout)
            wanted = tree + "/new.txt"
        default:
            chosen = try await Dialog.chooseDirectory(title: title, in: tree + "/sub", timeout: timeout)
            wanted = tree + "/sub"
        }
        guard let chosen else { return false }
        return try expect(chosen.path, wanted)
    }

    /// A notification posted on the soak's server; the ending awaited is the
    /// one its path brings about (see ``act(_:task:)``): a click on the
    /// bubble, its default action, for Return and the response from code; a
    /// click on the bubble's close button, which the server reports as
    /// dismissed, for Escape and the close; a close from code for the destroy.
    /// One still up when the wait ends (timeout, cancellation) is closed, as
    /// the server refuses more than a few dozen at a time.
    @GtkActor private func postNotification(_ title: String, path: Path, timeout: Duration?) async throws -> Bool {
        // No expiry: notification-daemon 3.20 hides an expired bubble without
        // telling its sender (no NotificationClosed), so nothing would end the wait.
        let posted = try await DesktopNotification(
            summary: title, body: "Notification \(title)", actions: [.default()],
            expiration: .never).post()
        SoakState.posted = posted
        let ending: NotificationEnding
        do {
            ending = try await posted.ending(timeout: timeout)
        } catch {
            try? await posted.close()
            throw error
        }
        switch (path, ending) {
        case (.returnKey, .action("default")), (.responseFromCode, .action("default")): return true
        case (.escapeKey, .closed(.dismissed)), (.windowManagerClose, .closed(.dismissed)): return false
        case (.destroyedByCode, .closed(.closedByCall)): return false
        default: throw WrongValue(description: "the notification ended by \(ending)")
        }
    }
}

/// What the soak shares between a dialog's call and the code acting on it.
@GtkActor enum SoakState {
    /// The notification of the dialog under way, once posted.
    static var posted: PostedNotification?
    /// The soak's notification server, whose bubbles the clicks go to.
    static var server: NotificationServer?
}

/// The soak's tree of files for the file chooser, made once.
enum SoakFiles {
    static let tree: String = {
        let root = "/tmp/beckon-soak-files-\(getpid())"
        try? FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        for name in ["a.txt", "b.txt", "c.png", "sub/d.txt"] {
            _ = FileManager.default.createFile(atPath: root + "/" + name, contents: Data("x\n".utf8))
        }
        return root
    }()

    static func remove() {
        try? FileManager.default.removeItem(atPath: tree)
    }
}

/// A flag set from any thread.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
