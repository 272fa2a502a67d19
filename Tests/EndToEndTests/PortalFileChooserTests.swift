import BeckonTestSupport
import Foundation
import Testing

/// `--file-selection` through the XDG desktop portal: a private session bus
/// (dbus-daemon) with xdg-desktop-portal and its GTK backend, headless but for
/// Xvfb. beckon sees the portal running and uses it (GTK_USE_PORTAL), so the
/// chooser on screen is the portal backend's window, not beckon's; the answer
/// comes back over D-Bus, and beckon's timeout closes the portal's chooser.
@Suite(.serialized, .guiHangLimit) struct PortalFileChooserTests {
    /// A session bus of the test's own, with the desktop portal started on it.
    final class PortalBus: @unchecked Sendable {
        let address: String
        let daemon: Int32

        init() throws {
            // GNOME picks the GTK backend; settings in memory start no dconf.
            let environment = ["XDG_CURRENT_DESKTOP": "GNOME", "GTK_USE_PORTAL": "", "GSETTINGS_BACKEND": "memory"]
            // Not through a pipe of ours: the daemon, and the services it
            // starts, would hold it open for good.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-portal-bus-\(getpid())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let socket = folder + "/bus"
            try? FileManager.default.removeItem(atPath: socket)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            process.arguments = ["--session", "--nofork", "--address=unix:path=\(socket)"]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
                .filter { !$0.value.isEmpty }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            daemon = process.processIdentifier
            address = "unix:path=\(socket)"
            _ = try poll("the private session bus", { FileManager.default.fileExists(atPath: socket) }, until: { $0 })
            // Started as the bus starts its services, with the bus's environment.
            let portal = try run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus",
                                                    "--object-path", "/org/freedesktop/DBus", "--method",
                                                    "org.freedesktop.DBus.StartServiceByName",
                                                    "org.freedesktop.portal.Desktop", "0"],
                                 environment: ["DBUS_SESSION_BUS_ADDRESS": address], deadline: 20)
            guard portal.exitCode == 0 else {
                kill(daemon, SIGTERM)
                throw Xdotool.Failed("xdg-desktop-portal did not start: \(portal)")
            }
        }

        /// The services the bus started (the portal, its GTK backend, dconf if
        /// anything asked for it) end with it, by their process ids, then the
        /// bus itself.
        deinit {
            for name in ["org.freedesktop.portal.Desktop", "org.freedesktop.impl.portal.desktop.gtk", "ca.desrt.dconf"] {
                let owner = try? run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus",
                                                        "--object-path", "/org/freedesktop/DBus", "--method",
                                                        "org.freedesktop.DBus.GetConnectionUnixProcessID", name],
                                     environment: ["DBUS_SESSION_BUS_ADDRESS": address], deadline: 5)
                // "(uint32 1234,)"
                let digits = owner?.stdout.split(separator: " ").last?.filter(\.isNumber) ?? ""
                if let pid = Int32(digits), pid > 1 { kill(pid, SIGKILL) }
            }
            kill(daemon, SIGKILL)
            try? FileManager.default.removeItem(atPath: (address as NSString).lastPathComponent.isEmpty ? "" :
                String(address.dropFirst("unix:path=".count).dropLast("/bus".count)))
        }
    }

    static let title = "BeckonPortalChooser"

    /// Runs beckon on the portal's bus; the window is found by its title, as
    /// it belongs to xdg-desktop-portal-gtk.
    private func beckonWithPortal(_ bus: PortalBus, _ arguments: [String], _ answer: DialogRun.Answer) throws -> ProcessResult {
        let environment = ZenityCase.baseEnvironment.merging([
            "DBUS_SESSION_BUS_ADDRESS": bus.address, "GTK_USE_PORTAL": "",
            "XDG_DATA_HOME": FileSelectionCases.tree + "/.data",
        ]) { $1 }
        return try DialogRun.run(Products.beckon, ["--file-selection", "--title=\(Self.title)"] + arguments,
                                 answer: answer, environment: environment, windowName: Self.title, deadline: 15)
    }

    @Test func thePortalsChooserAnswers() throws {
        try X11.require()
        let bus = try PortalBus()
        let tree = FileSelectionCases.tree
        // The window on screen is the portal backend's, not beckon's.
        let environment = ZenityCase.baseEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address,
                                                             "GTK_USE_PORTAL": ""]) { $1 }
        let shown = try RunningProcess(Products.beckon, ["--file-selection", "--title=\(Self.title)"],
                                       environment: environment)
        let window = try #require(try Xdotool.waitForWindow(name: Self.title, process: shown), "no portal chooser")
        let owner = try Xdotool.run(["getwindowpid", window]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(owner != "\(shown.pid)", "the chooser is beckon's own window, not the portal's")
        try Xdotool.focus(window, thenKey: ["Escape"])
        #expect(shown.wait(deadline: 10).exitCode == 1)
        try noChooserLeft()

        // An absolute path: xdg-desktop-portal 1.16's OpenFile takes no
        // folder to open in (the spec added current_folder later), so the
        // portal's chooser ignores --filename's folder when opening. It is
        // typed again while the chooser waits, as in the differential cases:
        // under load the location entry takes the focus a key late.
        let (first, again) = FileSelectionCases.keysTypedAgain(tree + "/a.txt")
        let typed = try beckonWithPortal(bus, [], .keysAgainWhileWaiting(first, again: again))
        #expect(typed.exitCode == 0 && typed.stdout == tree + "/a.txt\n", "\(typed)")
        try noChooserLeft()

        let saved: ProcessResult
        do {
            saved = try beckonWithPortal(bus, ["--save", "--filename=\(tree)/new.txt"], .keys(["Return"]))
        } catch {
            throw Xdotool.Failed("saving through the portal: \(error)")
        }
        #expect(saved.exitCode == 0 && saved.stdout == tree + "/new.txt\n", "\(saved)")
        try noChooserLeft()

        // The timeout closes the portal's window too (the request's Close).
        let timedOut = try beckonWithPortal(bus, ["--timeout=1"], .none)
        #expect(timedOut.exitCode == 5 && timedOut.stdout == "", "\(timedOut)")
        try noChooserLeft()
    }

    /// Waits until the portal's chooser has left the screen. It is the
    /// backend's window, not beckon's, so it can outlive beckon's exit for a
    /// moment; the next run, which finds its window by this title, must not
    /// find that one (xdotool's --sync then waits on a window that is gone).
    private func noChooserLeft() throws {
        try poll("the portal's chooser to close", { try Xdotool.search(["--name", Self.title]) }, until: { $0.isEmpty })
    }
}
