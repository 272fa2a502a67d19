import Foundation

/// Real input through XTEST (xdotool), and a real window manager's close
/// (wmctrl), as a person gives them. The one wrapper of both for every test
/// target. Every call throws when the tool fails, exits non-zero or hangs past
/// its deadline: a key that was never pressed must not pass for one that was
/// ignored.
package enum Xdotool {
    package struct Failed: Error, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// Where xdotool is; throws when it is not installed.
    package static func path() throws -> String {
        try tool("xdotool")
    }

    static func tool(_ name: String) throws -> String {
        guard let path = which(name) else {
            throw X11.Unavailable(description: "\(name) is not installed (scripts/install-deps installs it)")
        }
        return path
    }

    /// Runs `xdotool ARGUMENTS` and returns its standard output; throws unless it exits 0 in time.
    @discardableResult
    package static func run(_ arguments: [String], deadline: Double = 10) throws -> String {
        let result = try BeckonTestSupport.run(try path(), arguments, deadline: deadline)
        guard result.exitCode == 0, !result.timedOut else {
            throw Failed("xdotool \(arguments.joined(separator: " ")): \(result)")
        }
        return result.stdout
    }

    // MARK: - Windows

    /// The visible windows that match `criteria` (xdotool search options), in
    /// xdotool's order; empty when none does yet.
    package static func search(_ criteria: [String]) throws -> [String] {
        let arguments = ["search", "--onlyvisible"] + criteria
        let result = try BeckonTestSupport.run(try path(), arguments, deadline: 5)
        // Exit 1 with nothing printed is xdotool's "no match"; a window that
        // vanished while it looked (BadWindow) is a no match too. Not opening
        // the display is no such thing.
        if result.exitCode == 1, result.stdout.isEmpty, !result.timedOut,
           !result.stderr.contains("Can't open display") {
            return []
        }
        guard result.exitCode == 0, !result.timedOut else {
            throw Failed("xdotool \(arguments.joined(separator: " ")): \(result)")
        }
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// The first visible window of process `pid`, once it is mapped; nil after `seconds`,
    /// or as soon as `process` (when given) has exited without mapping one.
    package static func waitForWindow(pid: Int32, seconds: Double = 10, process: RunningProcess? = nil) throws -> String? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let window = try search(["--pid", "\(pid)"]).first { return window }
            // A program that failed before mapping a window: don't wait out the deadline.
            if let process, !process.process.isRunning { return nil }
            usleep(20_000)
        }
        return nil
    }

    /// The first visible window whose title matches `name` (a regular expression);
    /// nil after `seconds`.
    package static func waitForWindow(name: String, seconds: Double = 10, process: RunningProcess? = nil) throws -> String? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let window = try search(["--name", name]).first { return window }
            if let process, !process.process.isRunning { return nil }
            usleep(20_000)
        }
        return nil
    }

    /// The title of `window`.
    package static func name(of window: String) throws -> String {
        try run(["getwindowname", window], deadline: 5)
    }

    /// The size of `window`'s client area, in pixels.
    package static func size(of window: String) throws -> (width: Int, height: Int) {
        let geometry = try geometry(of: window)
        return (geometry.width, geometry.height)
    }

    /// Where `window`'s client area is on the screen, and its size, in pixels.
    package static func geometry(of window: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let output = try run(["getwindowgeometry", "--shell", window], deadline: 5)
        var values: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else {
            throw Failed("xdotool getwindowgeometry --shell \(window): no geometry in \(output.debugDescription)")
        }
        return (x, y, width, height)
    }

    /// The screen's size, in pixels.
    package static func screenSize() throws -> (width: Int, height: Int) {
        let numbers = try run(["getdisplaygeometry"]).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard numbers.count == 2 else { throw Failed("xdotool getdisplaygeometry: \(numbers)") }
        return (numbers[0], numbers[1])
    }

    // MARK: - Input

    /// Gives `window` the keyboard focus and waits until it has it.
    package static func focus(_ window: String) throws {
        try run(["windowactivate", "--sync", window], deadline: 5)
        try run(["windowfocus", "--sync", window], deadline: 5)
    }

    /// ``focus(_:)`` then ``key(_:)-swift.type.method``, in one xdotool process:
    /// two process starts fewer per answered dialog.
    package static func focus(_ window: String, thenKey keys: [String]) throws {
        try run(["windowactivate", "--sync", window, "windowfocus", "--sync", window,
                 "key", "--clearmodifiers"] + keys, deadline: 10)
    }

    /// Presses keys (X keysym names such as Return, Escape, ctrl+End) on the focused window.
    package static func key(_ keys: String...) throws {
        try key(keys)
    }

    package static func key(_ keys: [String]) throws {
        try run(["key", "--clearmodifiers"] + keys, deadline: 10)
    }

    /// Types text into the focused window. Characters beyond ASCII are
    /// typed through keycodes bound to them beforehand (``typeBound(_:)``).
    package static func type(_ text: String) throws {
        guard text.unicodeScalars.contains(where: { $0.value > 0x7E }) else {
            try run(["type", "--delay", "5", text], deadline: 20)
            return
        }
        try typeBound(text)
    }

    /// Moves the pointer to (x, y) on the root window and clicks the left button.
    package static func click(x: Int32, y: Int32) throws {
        try run(["mousemove", "\(x)", "\(y)", "click", "1"], deadline: 5)
    }

    /// Moves the pointer to (x, y) on the root window and double-clicks the
    /// left button, quicker than GTK's double-click time. (`--sync` is safe
    /// here: callers point at a widget's centre, not where the pointer rests.)
    package static func doubleClick(x: Int32, y: Int32) throws {
        try run(["mousemove", "--sync", "\(x)", "\(y)", "click", "--repeat", "2", "--delay", "80", "1"], deadline: 5)
    }

    /// Clicks at (x, y) inside `window`; negative values count from the right or bottom edge.
    package static func click(_ window: String, x: Int, y: Int) throws {
        let (width, height) = try size(of: window)
        let px = x < 0 ? width + x : x, py = y < 0 ? height + y : y
        // One invocation, so the click follows the move; no --sync, which waits
        // forever when the pointer is already there.
        try run(["mousemove", "--window", window, "\(px)", "\(py)", "click", "1"], deadline: 5)
    }

    /// Turns the mouse wheel down `notches` times at (x, y) inside `window`.
    package static func wheelDown(_ window: String, x: Int, y: Int, notches: Int) throws {
        try run(["mousemove", "--window", window, "\(x)", "\(y)",
                 "click", "--repeat", "\(notches)", "--delay", "15", "5"], deadline: 30)
    }

    /// Closes `window` the way a window manager's close button does.
    package static func close(_ window: String) throws {
        let wmctrl = try tool("wmctrl")
        let arguments = ["-i", "-c", window]
        let result = try BeckonTestSupport.run(wmctrl, arguments, deadline: 5)
        guard result.exitCode == 0, !result.timedOut else {
            throw Failed("wmctrl \(arguments.joined(separator: " ")): \(result)")
        }
    }

    /// Closes the window with X id `xid` the way a window manager's close button does.
    package static func close(xid: UInt) throws {
        try close(String(format: "0x%08lx", xid))
    }
}
