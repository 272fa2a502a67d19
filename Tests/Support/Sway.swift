import Foundation

/// A private sway on its headless backend: a real Wayland compositor with as
/// many outputs as asked for (`WLR_HEADLESS_OUTPUTS`), Xwayland on demand,
/// and its IPC (`swaymsg`) to look at the windows and add outputs. sway
/// refuses to run as root: it runs as `nobody`, in a runtime directory of its
/// own (mode 0700), and lets root's X clients in (`xhost +si:localuser:root`).
/// Root's Wayland clients connect to its socket directly.
package final class Sway {
    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String
    }

    /// One view (window) in sway's tree.
    package struct View: CustomStringConvertible {
        package var name: String
        package var output: String
        package var rect: (x: Int, y: Int, width: Int, height: Int)
        package var isFullscreen: Bool
        package var isFloating: Bool
        package var isVisible: Bool
        package var isFocused: Bool
        package var description: String {
            "\(name.debugDescription) on \(output) \(rect)\(isFullscreen ? " fullscreen" : "")"
                + "\(isFloating ? " floating" : "")\(isVisible ? " visible" : "")\(isFocused ? " focused" : "")"
        }
    }

    package let runtimeDirectory: String
    private let process: RunningProcess
    private let ipcSocket: String
    private let waylandSocket: String

    /// Starts sway with `outputs` headless outputs (1280x720 each, side by side)
    /// and waits until its IPC answers.
    package init(outputs: Int) throws {
        guard let sway = which("sway"), which("swaymsg") != nil, let setpriv = which("setpriv") else {
            throw Unavailable(description: "sway, swaymsg or setpriv is missing (scripts/debian-packages.txt installs them)")
        }
        runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-sway-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        guard chown(runtimeDirectory, 65534, 65534) == 0 else {
            throw Unavailable(description: "cannot give \(runtimeDirectory) to nobody: \(String(cString: strerror(errno)))")
        }
        let config = runtimeDirectory + "/config"
        try Data("xwayland enable\nexec xhost +si:localuser:root\n".utf8).write(to: URL(fileURLWithPath: config))
        _ = chown(config, 65534, 65534)
        process = try RunningProcess(setpriv, ["--reuid=nobody", "--regid=nogroup", "--clear-groups", sway, "-c", config],
                                     environment: [
                                        "XDG_RUNTIME_DIR": runtimeDirectory, "WLR_BACKENDS": "headless",
                                        "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
                                        "WLR_HEADLESS_OUTPUTS": "\(outputs)", "DISPLAY": "", "WAYLAND_DISPLAY": "",
                                        "SWAYSOCK": "", "HOME": runtimeDirectory,
                                     ])
        let directory = runtimeDirectory
        let ipc = try poll("sway's IPC socket in \(directory)", seconds: 20, every: 0.05) {
            (try? FileManager.default.contentsOfDirectory(atPath: directory))?.first { $0.hasPrefix("sway-ipc.") }
        } until: { $0 != nil }
        ipcSocket = directory + "/" + ipc!
        let wayland = try poll("sway's Wayland socket in \(directory)", seconds: 20, every: 0.05) {
            (try? FileManager.default.contentsOfDirectory(atPath: directory))?
                .first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
        } until: { $0 != nil }
        waylandSocket = wayland!
        try poll("sway to list \(outputs) outputs", seconds: 20) {
            (try? self.outputs().count) ?? 0
        } until: { $0 == outputs }
    }

    deinit { stop() }

    package func stop() {
        guard process.process.isRunning else { return }
        kill(process.pid, SIGTERM)
        if process.wait(deadline: 5).timedOut { kill(process.pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// What a Wayland client of this sway needs in its environment.
    package var waylandEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": waylandSocket, "GDK_BACKEND": "wayland", "DISPLAY": ""]
    }

    /// `swaymsg ARGUMENTS`' standard output; throws unless it exits 0.
    @discardableResult
    package func message(_ arguments: [String]) throws -> String {
        let result = try run(which("swaymsg")!, ["-s", ipcSocket] + arguments, deadline: 10)
        guard result.exitCode == 0, !result.timedOut else {
            throw Unavailable(description: "swaymsg \(arguments.joined(separator: " ")): \(result)")
        }
        return result.stdout
    }

    /// The outputs' names and rectangles.
    package func outputs() throws -> [(name: String, rect: (x: Int, y: Int, width: Int, height: Int))] {
        let json = try JSONSerialization.jsonObject(with: Data(message(["-t", "get_outputs"]).utf8)) as? [[String: Any]] ?? []
        return json.compactMap { output in
            guard let name = output["name"] as? String, let rect = output["rect"] as? [String: Any] else { return nil }
            return (name, Self.rect(rect))
        }
    }

    /// Every view in the tree, with the output it is on.
    package func views() throws -> [View] {
        let tree = try JSONSerialization.jsonObject(with: Data(message(["-t", "get_tree"]).utf8)) as? [String: Any] ?? [:]
        var views: [View] = []
        func walk(_ node: [String: Any], output: String, floating: Bool) {
            let type = node["type"] as? String
            let output = type == "output" ? (node["name"] as? String ?? output) : output
            if node["pid"] != nil, let rect = node["rect"] as? [String: Any] {
                views.append(View(name: node["name"] as? String ?? "", output: output, rect: Self.rect(rect),
                                  isFullscreen: (node["fullscreen_mode"] as? Int ?? 0) != 0, isFloating: floating,
                                  isVisible: node["visible"] as? Bool ?? false, isFocused: node["focused"] as? Bool ?? false))
            }
            for child in node["nodes"] as? [[String: Any]] ?? [] { walk(child, output: output, floating: false) }
            for child in node["floating_nodes"] as? [[String: Any]] ?? [] { walk(child, output: output, floating: true) }
        }
        walk(tree, output: "", floating: false)
        return views
    }

    /// Adds a headless output, as a monitor plugged in; returns the outputs' count then.
    package func addOutput() throws {
        try message(["create_output"])
    }

    /// The X display of sway's Xwayland, started for it by an `exec`.
    package func xDisplay() throws -> String {
        let file = runtimeDirectory + "/x-display"
        try message(["exec", "echo $DISPLAY > \(file)"])
        let display = try poll("sway's Xwayland to start", seconds: 20, every: 0.05) {
            (try? String(contentsOfFile: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        } until: { !$0.isEmpty }
        // Root's clients are let in by the config's xhost: wait until it ran.
        try poll("Xwayland on \(display) to let root in", seconds: 20) {
            (try? run("/usr/bin/xprop", ["-root", "-display", display, "_NET_SUPPORTING_WM_CHECK"], deadline: 5).exitCode) ?? -1
        } until: { $0 == 0 }
        return display
    }

    /// Real keys through the virtual keyboard protocol (`wtype ARGUMENTS`,
    /// such as `-k Return` or `-M ctrl -k End -m ctrl`).
    ///
    /// Each wtype call is a new keyboard with a keymap of its own, holding
    /// just the keys it types, in order. Two keys around them are needed for
    /// GTK 3 (measured with sway 1.7, GTK 3.24): the first key of a call is
    /// lost while the client switches keymaps, and GDK's lookup of a keysym in
    /// that keymap misses its last key, so a key bound in GTK (Return, Tab,
    /// space, Ctrl+End; plain text is unaffected) does nothing when it is the
    /// last. Shift_L goes first and Shift_R last, both harmless.
    package func type(_ arguments: [String]) throws {
        guard let wtype = which("wtype") else { throw Unavailable(description: "wtype is missing") }
        let result = try run(wtype, ["-k", "Shift_L"] + arguments + ["-k", "Shift_R"],
                             environment: ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": waylandSocket], deadline: 10)
        guard result.exitCode == 0, !result.timedOut else { throw Unavailable(description: "wtype: \(result)") }
    }

    private static func rect(_ rect: [String: Any]) -> (x: Int, y: Int, width: Int, height: Int) {
        (rect["x"] as? Int ?? 0, rect["y"] as? Int ?? 0, rect["width"] as? Int ?? 0, rect["height"] as? Int ?? 0)
    }
}
