import Foundation
import Testing

/// The icons a dialog shows the window manager (_NET_WM_ICON) are zenity's,
/// pixel for pixel, though beckon finds them without GTK's icon-theme
/// machinery where it can (Sources/CBeckonShim/icons.c).
@Suite(.serialized) struct IconParityTests {
    /// The icons of the first window of `executable`, one [width, height, ARGB…]
    /// array each, in no particular order; nil when none is set within 10 s.
    private func windowIcons(_ executable: String, _ arguments: [String]) throws -> Set<[UInt64]>? {
        let xprop = try #require(which("xprop"), "xprop (x11-utils) is missing")
        let process = try RunningProcess(executable, arguments, environment: ZenityCase.baseEnvironment)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        let window = try #require(Xdotool.waitForWindow(pid: process.pid, process: process), "\(executable) mapped no window")
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            // beckon sets the window icon on the first idle after the first frame.
            let text = try run(xprop, ["-notype", "-id", window, "-f", "_NET_WM_ICON", "32c", "_NET_WM_ICON"], deadline: 5).stdout
            if let values = text.split(separator: "=", maxSplits: 1).last, text.contains("=") {
                var numbers = values.split(separator: ",").compactMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                var icons = Set<[UInt64]>()
                while numbers.count >= 2 {
                    let count = Int(numbers[0] * numbers[1]) + 2
                    guard numbers.count >= count else { break }
                    icons.insert(Array(numbers.prefix(count)))
                    numbers.removeFirst(count)
                }
                return icons
            }
            usleep(50_000)
        }
        return nil
    }

    @Test(arguments: [
        ["--question"], ["--info"], ["--warning"], ["--error"],
        ["--info", "--icon-name=dialog-password", "--window-icon=error"],
        ["--entry"], ["--entry", "--window-icon=warning"],
    ])
    func windowIconsAreZenitys(_ arguments: [String]) throws {
        try X11.require()
        let zenity = try #require(which("zenity"), "zenity is missing")
        let theirs = try #require(try windowIcons(zenity, arguments + ["--text=Icons"]), "zenity set no window icon")
        let ours = try #require(try windowIcons(Products.beckon, arguments + ["--text=Icons"]), "beckon set no window icon")
        #expect(ours == theirs, "sizes: beckon \(ours.map { "\($0[0])x\($0[1])" }.sorted()), zenity \(theirs.map { "\($0[0])x\($0[1])" }.sorted())")
        #expect(!ours.isEmpty)
    }

    /// Beyond zenity, which takes only a file or one of the four keywords: a
    /// themed name gives that theme's icon in every size GTK would list.
    @Test func aThemedWindowIconHasGtksSizes() throws {
        try X11.require()
        let icons = try #require(try windowIcons(Products.beckon, ["--warning", "--window-icon=dialog-password", "--text=Icons"]))
        #expect(icons.map { "\($0[0])x\($0[1])" }.sorted() == ["24x24", "48x48"])
    }
}
