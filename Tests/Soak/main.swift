// BeckonSoak: long-running and resource checks of the dialog lifecycle, run as
// a process of its own so its figures are not mixed with a test runner's.
//
//   BeckonSoak soak N   N dialogs of every kind (choice, text, password, number,
//                       date, colour) ended by mixed paths (real keys, window-
//                       manager close, destroy, timeout, cancellation); counts
//                       hangs and answers that do not fit the path.
//   BeckonSoak rss N    N sequential dialogs; RSS growth and windows left.
//   BeckonSoak code     every kind shown and ended from code (cancelled, timed
//                       out), with no input at all: for displays without an
//                       input seat (weston's headless backend).
//   BeckonSoak idle     CPU time over one idle second with a dialog shown and the
//                       main-queue drain installed; proves @MainActor runs.
@testable import Beckon
import CBeckonShim
import CGtk
import Dispatch
import Foundation

enum Answer: DialogChoice {
    case no, yes
    static let dismissal = Answer.no
    var label: String { self == .yes ? "_Yes" : "_No" }
    var role: DialogRole { self == .yes ? .default : .cancel }
}

@GtkActor func shownWindow() async -> UnsafeMutablePointer<GtkWidget>? {
    for _ in 0..<5000 {
        if let w = DialogQueue.shownWindow, gtk_widget_get_mapped(w) != 0, gtk_window_is_active(w.cast()) != 0 { return w }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return nil
}

@GtkActor func visibleToplevels() -> Int {
    let list = gtk_window_list_toplevels()
    defer { g_list_free(list) }
    return (0..<g_list_length(list)).filter {
        gtk_widget_get_visible(g_list_nth_data(list, $0).assumingMemoryBound(to: GtkWidget.self)) != 0
    }.count
}

func residentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}

/// Runs an X tool (xdotool, wmctrl) off GTK's thread and returns its exit status.
/// posix_spawn rather than Foundation's Process: Process forks before it execs
/// and scans /proc/self/fd with buffers valgrind takes for uninitialised, so
/// under `make memcheck` it reported errors and wrote XML from each fork.
func tool(_ arguments: [String]) async -> Int32 {
    await Task.detached {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], nil, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }.value
}

/// The dialog kinds the soak mixes, each through its typed call.
enum Kind: Int, CaseIterable {
    case choice, text, password, number, date, color

    /// Shows one dialog of this kind; true when it was accepted, false when dismissed.
    @GtkActor func show(_ index: Int, timeout: Duration?) async throws -> Bool {
        let title = "soak \(index)"
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
        }
    }
}

/// How a dialog ended, as its caller saw it.
enum Ending: String { case accepted, dismissed, timedOut, cancelled, failed }

/// What each path must give: Return and a response from code accept (button 1
/// is the default of every kind here), Escape, a close and a destroy dismiss.
func expected(path: Int) -> Ending {
    switch path {
    case 0, 7: .accepted
    case 1, 2, 3: .dismissed
    case 4: .timedOut
    default: .cancelled
    }
}

/// Ends one dialog of `kind` by `path`; nil on a hang (no answer in 10 s),
/// otherwise how it ended.
@GtkActor func oneDialog(_ index: Int, kind: Kind, path: Int) async -> Ending? {
    let task = Task { @GtkActor in
        try await kind.show(index, timeout: path == 4 ? .milliseconds(5) : nil)
    }
    switch path {
    case 0, 1, 2, 3, 6, 7:
        guard let window = await shownWindow() else { task.cancel(); return nil }
        var status: Int32 = 0
        switch path {
        // The colour chooser's first field takes Return for itself; shift+Tab
        // reaches its default button, in the editor and the palette alike.
        case 0: status = await tool(["xdotool", "key"] + (kind == .color ? ["shift+Tab", "Return"] : ["Return"]))
        case 1: status = await tool(["xdotool", "key", "Escape"])
        case 2: status = await tool(["wmctrl", "-i", "-c", String(beckon_window_xid(window))])
        case 3: gtk_widget_destroy(window)
        case 6: task.cancel()
        default: gtk_dialog_response(window.cast(), 1)
        }
        if status != 0 {
            print("dialog \(index): the X tool for path \(path) failed with status \(status)")
            task.cancel()
        }
    case 5: task.cancel()
    default: break
    }
    let deadline = Task { try await Task.sleep(for: .seconds(10)); task.cancel() }
    let result = await task.result
    deadline.cancel()
    // A cancelled deadline means the dialog answered in time.
    guard await deadline.result.isFailure else { return nil }
    switch result {
    case .success(true): return .accepted
    case .success(false): return .dismissed
    case .failure(DialogError.timedOut): return .timedOut
    case .failure(is CancellationError): return .cancelled
    case .failure(let error): print("dialog \(index): \(error)"); return .failed
    }
}

extension Result { var isFailure: Bool { if case .failure = self { true } else { false } } }

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "soak"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100

do {
    let code: Int32 = try GtkRuntime.run { @GtkActor in
        switch mode {
        case "idle":
            let onMain = await MainActor.run { Thread.isMainThread }
            let viaQueue = await withCheckedContinuation { c in DispatchQueue.main.async { c.resume(returning: true) } }
            let task = Task { @GtkActor in try await Dialog.choice(Answer.self, title: "idle", message: "Idle") }
            guard await shownWindow() != nil else { print("idle: no window"); return 2 }
            try await Task.sleep(for: .milliseconds(500))
            var before = rusage(), after = rusage()
            getrusage(Int32(RUSAGE_SELF.rawValue), &before)
            try await Task.sleep(for: .seconds(1))
            getrusage(Int32(RUSAGE_SELF.rawValue), &after)
            task.cancel()
            func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
            let cpu = ms(after.ru_utime) + ms(after.ru_stime) - ms(before.ru_utime) - ms(before.ru_stime)
            print("idle_cpu_ms=\(String(format: "%.2f", cpu)) main_actor_on_main_thread=\(onMain) main_queue_ran=\(viaQueue)")
            return 0
        case "code":
            var failures = 0
            for kind in Kind.allCases {
                let task = Task { @GtkActor in try await kind.show(0, timeout: nil) }
                var mapped = false
                for _ in 0..<5000 where !mapped {
                    if let w = DialogQueue.shownWindow, gtk_widget_get_mapped(w) != 0 { mapped = true; break }
                    try? await Task.sleep(for: .milliseconds(1))
                }
                task.cancel()
                let cancelled: Bool
                if case .failure(is CancellationError) = await task.result { cancelled = true } else { cancelled = false }
                let timedOut: Bool
                do {
                    _ = try await kind.show(1, timeout: .milliseconds(300))
                    timedOut = false
                } catch DialogError.timedOut {
                    timedOut = true
                }
                print("\(kind): mapped=\(mapped) cancelled=\(cancelled) timed_out=\(timedOut)")
                if !(mapped && cancelled && timedOut) { failures += 1 }
            }
            print("kinds=\(Kind.allCases.count) failures=\(failures) windows_left=\(visibleToplevels())")
            return failures == 0 && visibleToplevels() == 0 ? 0 : 1
        case "rss":
            var baseline = 0
            for index in 0..<count {
                let task = Task { @GtkActor in try await Dialog.choice(Answer.self, title: "rss \(index)", message: "Memory \(index)") }
                guard let window = await shownWindow() else { print("rss: dialog \(index) never showed"); return 2 }
                if index % 2 == 0 { gtk_dialog_response(window.cast(), 1) } else { gtk_widget_destroy(window) }
                _ = await task.result
                if index == 9 { baseline = residentKiB() } // after GTK's one-time set-up
            }
            let growth = residentKiB() - baseline
            print("dialogs=\(count) rss_baseline_kib=\(baseline) rss_growth_kib=\(growth) windows_left=\(visibleToplevels()) queued=\(DialogQueue.count)")
            return 0
        default:
            var hangs = 0
            var wrong = 0
            var perPath = [Int](repeating: 0, count: 8)
            var perKind = [Int](repeating: 0, count: Kind.allCases.count)
            for index in 0..<count {
                let path = Int.random(in: 0..<8)
                let kind = Kind.allCases[index % Kind.allCases.count]
                perPath[path] += 1
                perKind[kind.rawValue] += 1
                guard let ending = await oneDialog(index, kind: kind, path: path) else {
                    hangs += 1
                    print("hang at dialog \(index), \(kind), path \(path)")
                    continue
                }
                if ending != expected(path: path) {
                    wrong += 1
                    print("dialog \(index), \(kind), path \(path): \(ending.rawValue), expected \(expected(path: path).rawValue)")
                }
                if index % 500 == 499 { print("… \(index + 1) dialogs, \(hangs) hangs, \(wrong) wrong answers") }
            }
            let left = visibleToplevels()
            print("dialogs=\(count) hangs=\(hangs) wrong_answers=\(wrong) per_path=\(perPath) per_kind=\(perKind) windows_left=\(left)")
            return hangs == 0 && wrong == 0 && left == 0 ? 0 : 1
        }
    }
    exit(code)
} catch {
    FileHandle.standardError.write("BeckonSoak: \(error)\n".data(using: .utf8)!)
    exit(255)
}
