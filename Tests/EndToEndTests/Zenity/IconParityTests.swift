import BeckonTestSupport
import Foundation
import Testing

/// The icons a dialog shows the window manager (_NET_WM_ICON) are zenity's,
/// pixel for pixel, though beckon finds them without GTK's icon-theme
/// machinery where it can (Sources/CBeckonShim/icons.c); and they are there
/// when the window maps, never the window manager's default first.
@Suite(.serialized, .guiHangLimit) struct IconParityTests {
    /// A window's _NET_WM_ICON: one [width, height, ARGB…] array per icon, in no
    /// particular order; empty when the property is not set.
    struct WindowIcons: Equatable, CustomStringConvertible {
        var icons: Set<[UInt64]>

        /// Parses `xprop -notype -f _NET_WM_ICON 32c _NET_WM_ICON` output.
        init(xprop text: String) {
            icons = []
            guard text.contains("="), let values = text.split(separator: "=", maxSplits: 1).last else { return }
            var numbers = values.split(separator: ",").compactMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            while numbers.count >= 2 {
                let count = Int(numbers[0] * numbers[1]) + 2
                guard numbers.count >= count else { break }
                icons.insert(Array(numbers.prefix(count)))
                numbers.removeFirst(count)
            }
        }

        var isEmpty: Bool { icons.isEmpty }
        var sizes: [String] { icons.map { "\($0[0])x\($0[1])" }.sorted() }

        /// The sizes, and a digest of the pixels that tells two icons of one size apart.
        var description: String {
            guard !icons.isEmpty else { return "no _NET_WM_ICON" }
            return icons.sorted { $0.lexicographicallyPrecedes($1) }.map { icon in
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a
                for value in icon { hash = (hash ^ value) &* 0x100_0000_01b3 }
                return "\(icon[0])x\(icon[1])#\(String(hash, radix: 16).prefix(6))"
            }.joined(separator: " ")
        }
    }

    /// What the window manager writes onto a window that maps without an icon
    /// (openbox: a 48x48 icon of its own), learnt from xev's window, which sets none.
    static let windowManagersIcon: Result<WindowIcons, any Error> = Result {
        guard let xev = which("xev") else { throw X11.Unavailable(description: "xev (x11-utils) is missing") }
        let name = "beckon-icon-probe-\(getpid())"
        let process = try RunningProcess(xev, ["-name", name])
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        guard let window = try Xdotool.waitForWindow(name: "^\(name)$") else { throw WaitFailed("xev mapped no window") }
        return try waitForIcons(of: window, "the window manager's icon on xev's window") { !$0.isEmpty }
    }

    /// Reads the icons of `window` until `accept` holds; fails after `seconds`
    /// with what was last seen.
    private static func waitForIcons(of window: String, _ what: String, seconds: Double = 10,
                                     until accept: (WindowIcons) -> Bool) throws -> WindowIcons {
        guard let xprop = which("xprop") else { throw X11.Unavailable(description: "xprop (x11-utils) is missing") }
        return try poll(what, seconds: seconds) {
            let result = try run(xprop, ["-notype", "-id", window, "-f", "_NET_WM_ICON", "32c", "_NET_WM_ICON"], deadline: 5)
            guard result.exitCode == 0, !result.timedOut else { throw WaitFailed("\(what): xprop failed: \(result)") }
            return WindowIcons(xprop: result.stdout)
        } until: { accept($0) }
    }

    /// The icons of the first window of `executable`: as first seen once the
    /// window is visible, and once they are the program's own (not the window
    /// manager's default) and, when given, `expected`.
    private func windowIcons(_ executable: String, _ arguments: [String], expected: WindowIcons? = nil)
        throws -> (first: WindowIcons, settled: WindowIcons) {
        let managers = try Self.windowManagersIcon.get()
        let process = try RunningProcess(executable, arguments, environment: ZenityCase.baseEnvironment)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "\(executable) mapped no window")
        let name = URL(fileURLWithPath: executable).lastPathComponent
        let first = try Self.waitForIcons(of: window, "\(name) \(arguments)", seconds: 0) { _ in true }
        let settled = try Self.waitForIcons(of: window, "\(name) \(arguments), its own icons") { icons in
            !icons.isEmpty && icons != managers && (expected == nil || icons == expected)
        }
        return (first, settled)
    }

    @Test(arguments: [
        ["--question"], ["--info"], ["--warning"], ["--error"],
        ["--info", "--icon-name=dialog-password", "--window-icon=error"],
        ["--scale"],
        ["--calendar"],
        ["--entry"], ["--entry", "--window-icon=warning"],
    ])
    func windowIconsAreZenitys(_ arguments: [String]) throws {
        try X11.require()
        let zenity = try #require(which("zenity"), "zenity is missing")
        let theirs = try windowIcons(zenity, arguments + ["--text=Icons"]).settled
        let ours = try windowIcons(Products.beckon, arguments + ["--text=Icons"], expected: theirs)
        #expect(ours.settled == theirs)
        #expect(ours.first == ours.settled, "beckon's window mapped without its icons: first \(ours.first), then \(ours.settled)")
        #expect(!ours.settled.isEmpty)
    }

    /// Beyond zenity, which takes only a file or one of the four keywords: a
    /// themed name gives that theme's icon in every size GTK would list.
    @Test func aThemedWindowIconHasGtksSizes() throws {
        try X11.require()
        let icons = try windowIcons(Products.beckon, ["--warning", "--window-icon=dialog-password", "--text=Icons"])
        #expect(icons.settled.sizes == ["24x24", "48x48"])
        #expect(icons.first == icons.settled, "mapped without its icons: first \(icons.first), then \(icons.settled)")
    }

    /// Where icons.c cannot answer, GtkIconTheme loads the window icon, still
    /// before the window maps; the icons are the same.
    @Test func withoutTheIconCacheTheIconsAreTheSameAndThereAtTheMap() throws {
        try X11.require()
        let arguments = ["--warning", "--window-icon=dialog-password", "--text=Icons"]
        let fast = try windowIcons(Products.beckon, arguments).settled
        let process = try RunningProcess(Products.beckon, arguments,
                                         environment: ZenityCase.baseEnvironment.merging(["GTK_NO_ICON_CACHE": "1"]) { $1 })
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "no window")
        let first = try Self.waitForIcons(of: window, "GTK_NO_ICON_CACHE=1", seconds: 0) { _ in true }
        #expect(first == fast, "through GtkIconTheme: \(first); through icons.c: \(fast)")
    }
}
