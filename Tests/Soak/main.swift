// BeckonSoak: long-running and resource checks of the dialog lifecycle, run as
// a process of its own so its figures are not mixed with a test runner's.
//
//   BeckonSoak soak N   N dialogs ended by mixed paths (real keys, window-manager
//                       close, destroy, timeout, cancellation); counts hangs.
//   BeckonSoak rss N    N sequential dialogs; RSS growth and windows left.
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

func tool(_ arguments: [String]) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = arguments
    try? p.run()
    p.waitUntilExit()
}

/// Ends one dialog by `path`; returns false on a hang (no answer in 10 s).
@GtkActor func oneDialog(_ index: Int, path: Int) async -> Bool {
    let task = Task { @GtkActor in
        try await Dialog.choice(Answer.self, title: "soak \(index)", message: "Path \(path)",
                                timeout: path == 4 ? .milliseconds(5) : nil)
    }
    switch path {
    case 0, 1, 2, 3, 6, 7:
        guard let window = await shownWindow() else { task.cancel(); return false }
        switch path {
        case 0: tool(["xdotool", "key", "Return"])
        case 1: tool(["xdotool", "key", "Escape"])
        case 2: tool(["wmctrl", "-i", "-c", String(beckon_window_xid(window))])
        case 3: gtk_widget_destroy(window)
        case 6: task.cancel()
        default: gtk_dialog_response(window.cast(), 1)
        }
    case 5: task.cancel()
    default: break
    }
    let deadline = Task { try await Task.sleep(for: .seconds(10)); task.cancel() }
    _ = await task.result
    deadline.cancel()
    // A cancelled deadline means the dialog answered in time.
    return await deadline.result.isFailure
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
            var perPath = [Int](repeating: 0, count: 8)
            for index in 0..<count {
                let path = Int.random(in: 0..<8)
                perPath[path] += 1
                if await !oneDialog(index, path: path) { hangs += 1; print("hang at dialog \(index), path \(path)") }
                if index % 500 == 499 { print("… \(index + 1) dialogs, \(hangs) hangs") }
            }
            print("dialogs=\(count) hangs=\(hangs) per_path=\(perPath) windows_left=\(visibleToplevels())")
            return hangs == 0 && visibleToplevels() == 0 ? 0 : 1
        }
    }
    exit(code)
} catch {
    FileHandle.standardError.write("BeckonSoak: \(error)\n".data(using: .utf8)!)
    exit(255)
}
