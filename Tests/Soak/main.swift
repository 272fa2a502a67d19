// BeckonSoak: long-running and resource checks of the dialog lifecycle, run as
// a process of its own so its figures are not mixed with a test runner's.
//
//   BeckonSoak soak N [KINDS]  N dialogs taken in turn from every kind the library
//                       shows (Kind: choice, text, password, number, date, color,
//                       list, text-info, progress, forms, file-selection,
//                       notification), or from KINDS (names, comma-separated),
//                       each through its typed call and ended by a random path
//                       (Path: Return, Escape, window-manager close, destroy,
//                       timeout, cancel before and while shown, response from
//                       code; a kind without the path takes the nearest one,
//                       Kind.act says which); counts hangs, answers that do not
//                       fit the path, and windows left. Starts a session bus of
//                       its own with notification-daemon for the notifications.
//   BeckonSoak kinds    the kinds' names, one a line (bench/memcheck counts them).
//   BeckonSoak rss N    N sequential dialogs; RSS growth and windows left.
//   BeckonSoak code     every kind with a window of the dialog queue's shown and
//                       ended from code (cancelled, timed out), with no input at
//                       all: for displays without an input seat (weston's
//                       headless backend).
//   BeckonSoak idle     CPU time over one idle second with a dialog shown and the
//                       main-queue drain installed; proves @MainActor runs.
//   BeckonSoak countdown  a 1.5 s prompt with its countdown on the terminal (Countdown.swift).
import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestEndings
import CBeckonShim
import CGtk
import Dispatch
import Foundation

func residentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}

closeInheritedDescriptorsOnExec()
let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "soak"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100
let soakKinds: [Kind]
if arguments.count > 3 {
    let names = arguments[3].split(separator: ",").map(String.init)
    soakKinds = Kind.allCases.filter { names.contains($0.name) }
    guard soakKinds.count == names.count else {
        FileHandle.standardError.write("BeckonSoak: unknown kind in \(arguments[3]); kinds: \(Kind.allCases.map(\.name))\n".data(using: .utf8)!)
        exit(2)
    }
} else {
    soakKinds = Kind.allCases
}

if mode == "kinds" {
    print(Kind.allCases.map(\.name).joined(separator: "\n"))
    exit(0)
}
if mode == "countdown" {
    exit(countdownOnTerminal())
}

// The notification kind's server, on a bus of the soak's own: started before
// GTK runs, so that GIO's session bus is that one from the start.
var notificationServer: NotificationServer?
if mode == "soak" {
    // GTK's own chooser, which the soak drives, even where a portal would answer.
    setenv("GTK_USE_PORTAL", "0", 1)
    // The chooser's settings in memory: the soak's bus has no dconf service,
    // and every dialog would warn that it could not write them.
    setenv("GSETTINGS_BACKEND", "memory", 1)
    if soakKinds.contains(.notification) {
        do {
            notificationServer = try NotificationServer.start()
        } catch {
            FileHandle.standardError.write("BeckonSoak: no notification server for the soak: \(error)\n".data(using: .utf8)!)
            exit(2)
        }
    }
}
let server = notificationServer

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
            for kind in Kind.queued {
                let task = Task { @GtkActor in try await kind.show(0, path: .cancelledWhileShown) }
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
                    _ = try await kind.show(1, path: .timeout)
                    timedOut = false
                } catch DialogError.timedOut {
                    timedOut = true
                }
                print("\(kind.name): mapped=\(mapped) cancelled=\(cancelled) timed_out=\(timedOut)")
                if !(mapped && cancelled && timedOut) { failures += 1 }
            }
            print("kinds=\(Kind.queued.count) failures=\(failures) windows_left=\(visibleToplevels())")
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
            SoakState.server = server
            defer {
                // The last notification goes before the exit, so that memcheck
                // sees no live object's weak-reference side table.
                SoakState.posted = nil
                server?.stop()
                SoakFiles.remove()
            }
            var hangs = 0
            var wrong = 0
            var perPath = [Int](repeating: 0, count: Path.allCases.count)
            var perKind = [Int](repeating: 0, count: soakKinds.count)
            for index in 0..<count {
                let path = Path.allCases.randomElement()!
                let kind = soakKinds[index % soakKinds.count]
                perPath[path.rawValue] += 1
                perKind[index % soakKinds.count] += 1
                guard let ending = await oneDialog(index, kind: kind, path: path) else {
                    hangs += 1
                    print("hang at dialog \(index), \(kind.name), path \(path.rawValue)")
                    continue
                }
                if ending != path.expected {
                    wrong += 1
                    print("dialog \(index), \(kind.name), path \(path.rawValue): \(ending.rawValue), expected \(path.expected.rawValue)")
                }
                if index % 500 == 499 { print("… \(index + 1) dialogs, \(hangs) hangs, \(wrong) wrong answers") }
            }
            // The file chooser goes on an idle after its answer.
            let left = await waitFor { visibleToplevels() == 0 ? 0 : nil } ?? visibleToplevels()
            print("dialogs=\(count) hangs=\(hangs) wrong_answers=\(wrong) per_path=\(perPath) per_kind=\(perKind) "
                  + "kinds=\(soakKinds.map(\.name).joined(separator: ",")) windows_left=\(left)")
            return hangs == 0 && wrong == 0 && left == 0 ? 0 : 1
        }
    }
    exit(code)
} catch {
    FileHandle.standardError.write("BeckonSoak: \(error)\n".data(using: .utf8)!)
    exit(255)
}
