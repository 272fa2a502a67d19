import BeckonTestSupport
import Foundation
import Testing

/// What the desktops' "a monitor plugged in while the gate shows" tests
/// (X9, G6, P5 in docs/terms.md) look at once Xvnc has a second RandR output
/// (``Xvnc/layOut(_:height:)``, as a VNC client's SetDesktopSize, the way
/// TermsGateMonitorsTests plugs one in under openbox): the desktop's own
/// windows on the new monitor, by X properties and by the pixels on screen.
enum PluggedMonitor {
    /// The shield's colour (shield.c's CSS).
    static let shieldColour = 0x202124

    /// A window of the desktop's on screen: its id, WM_CLASS and window type, for the log.
    struct DesktopWindow: CustomStringConvertible {
        var id: UInt
        var what: String
        var description: String { "0x\(String(id, radix: 16)) \(what)" }
    }

    /// "WIDTHxHEIGHT+X+Y" as numbers.
    static func rectangle(_ geometry: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let numbers = geometry.split(whereSeparator: { "x+".contains($0) }).compactMap { Int($0) }
        guard numbers.count == 4 else { throw WaitFailed("not a geometry: \(geometry)") }
        return (numbers[2], numbers[3], numbers[0], numbers[1])
    }

    /// The managed windows (the window manager's stacking list) that are not
    /// `gate`'s and overlap `monitor` ("WIDTHxHEIGHT+X+Y"): the panels, docks
    /// and desktop windows the desktop put on it.
    static func desktopWindows(on monitor: String, _ x: GateX11, except gate: [String]) throws -> [DesktopWindow] {
        let area = try rectangle(monitor)
        let gateIDs = Set(try gate.map { try x.id($0) })
        return try x.stacking().filter { !gateIDs.contains($0) }.compactMap { id -> DesktopWindow? in
            let window = String(id)
            guard let geometry = try? x.geometry(of: window), let rect = try? rectangle(geometry),
                  try x.tool("xwininfo", ["-id", window]).stdout.contains("IsViewable") else { return nil }
            let overlaps = rect.x < area.x + area.width && area.x < rect.x + rect.width
                && rect.y < area.y + area.height && area.y < rect.y + rect.height
            guard overlaps else { return nil }
            let props = try x.tool("xprop", ["-id", window, "WM_CLASS", "_NET_WM_WINDOW_TYPE"]).stdout
                .split(separator: "\n").compactMap { $0.split(separator: "=").last?.trimmingCharacters(in: .whitespaces) }
            return DesktopWindow(id: id, what: "\(geometry) \(props.joined(separator: " "))")
        }
    }

    /// How many pixels of `monitor` on `display` do not show the shield's
    /// colour (every other pixel of every other row: a panel's or a
    /// desktop's edge is wider than that).
    static func uncoveredPixels(on monitor: String, display: String) throws -> Int {
        guard let importTool = which("import") else { throw WaitFailed("ImageMagick's import is missing") }
        guard let picture = try WindowPicture.capture("root", importTool: importTool, display: display, deadline: 30) else {
            throw WaitFailed("import gave no picture of \(display) in 30 s")
        }
        let area = try rectangle(monitor)
        var count = 0
        for y in stride(from: area.y, to: min(area.y + area.height, picture.height), by: 2) {
            for x in stride(from: area.x, to: min(area.x + area.width, picture.width), by: 2)
            where picture.colour(x: x, y: y) != shieldColour {
                count += 1
            }
        }
        return count
    }

    /// Every X window of `process`, mapped or not, with its map state,
    /// geometry and window-manager state: what a failure says.
    static func describeWindows(of process: RunningProcess, _ x: GateX11) throws -> String {
        try x.tool("xdotool", ["search", "--pid", "\(process.pid)"]).stdout.split(separator: "\n").map { window in
            let id = String(window)
            let map = try x.tool("xwininfo", ["-id", id]).stdout.split(separator: "\n")
                .first { $0.contains("Map State") }?.trimmingCharacters(in: .whitespaces) ?? "?"
            let props = try x.tool("xprop", ["-id", id, "WM_WINDOW_ROLE", "WM_STATE", "_NET_WM_STATE", "_NET_WM_DESKTOP"]).stdout
                .split(separator: "\n").filter { !$0.hasPrefix("\t") }.joined(separator: "; ")
            return "\(id) \(try x.geometry(of: id)) \(map) \(props)"
        }.joined(separator: "\n")
    }

    /// Waits (10 s) until every pixel of `monitor` shows the shield.
    static func expectShieldShown(on monitor: String, display: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let uncovered = try poll("the shield to show on all of \(monitor)", seconds: 10) {
            try uncoveredPixels(on: monitor, display: display)
        } until: { $0 == 0 }
        #expect(uncovered == 0, "\(uncovered) pixels of \(monitor) do not show the shield", sourceLocation: sourceLocation)
    }

    /// Checks that `shield` is stacked above every one of `windows` (the
    /// desktop's on the new monitor), and that nothing that overlaps the
    /// terms is stacked above them (10 s: the gate puts itself back). A
    /// shield on another monitor may be above them in the window manager's
    /// stacking (KWin keeps the new monitor's fullscreen shield there); the
    /// test says so. `strict`: the terms must be the top window.
    static func expectAbove(_ shield: String, _ windows: [DesktopWindow], terms: String, _ x: GateX11, strict: Bool = true,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let termsID = try x.id(terms)
        let termsRect = try rectangle(x.geometry(of: terms))
        let overlapping: ([UInt]) throws -> [UInt] = { stacking in
            guard let at = stacking.firstIndex(of: termsID) else { return stacking }
            return try stacking[(at + 1)...].filter { id in
                if !strict, let rect = try? rectangle(x.geometry(of: String(id))) {
                    return rect.x < termsRect.x + termsRect.width && termsRect.x < rect.x + rect.width
                        && rect.y < termsRect.y + termsRect.height && termsRect.y < rect.y + rect.height
                }
                return true
            }
        }
        let stacking = try poll("nothing above the terms window where it is", seconds: 10) { try x.stacking() }
            until: { (try? overlapping($0).isEmpty) == true }
        #expect(try overlapping(stacking).isEmpty, "windows above the terms: \(stacking)", sourceLocation: sourceLocation)
        if stacking.last != termsID {
            print("PluggedMonitor: above the terms in the stacking, on another monitor: \(stacking.suffix(from: (stacking.firstIndex(of: termsID) ?? 0) + 1).map { "0x" + String($0, radix: 16) })")
        }
        let shieldAt = try #require(stacking.firstIndex(of: try x.id(shield)), "\(stacking)", sourceLocation: sourceLocation)
        for window in windows {
            guard let at = stacking.firstIndex(of: window.id) else { continue }
            #expect(at < shieldAt, "\(window) is above the new monitor's shield: \(stacking)", sourceLocation: sourceLocation)
        }
    }

    /// The shields' geometries once they are `expected` (10 s), and that no
    /// other window of the gate is viewable: no shield left over nothing.
    static func expectShields(_ expected: Set<String>, of process: RunningProcess, terms: String, _ x: GateX11,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shields: Set<String>
        do {
            shields = try poll("the shields to be \(expected.sorted())", seconds: 10) {
                try Set(x.shields(of: process).map { try x.geometry(of: $0) })
            } until: { $0 == expected }
        } catch {
            throw WaitFailed("\(error); the gate's windows: \(try describeWindows(of: process, x))")
        }
        #expect(shields == expected, sourceLocation: sourceLocation)
        let others = try x.visibleWindows(of: process.pid).filter { try $0 != terms && !x.role(of: $0).contains("\"beckon-shield\"") }
        #expect(others.isEmpty, "other windows of the gate: \(others)", sourceLocation: sourceLocation)
        let count = try x.shields(of: process).count
        #expect(count == expected.count, "\(count) shields for \(expected.count) monitors", sourceLocation: sourceLocation)
    }
}
