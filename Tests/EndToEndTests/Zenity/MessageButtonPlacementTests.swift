import BeckonTestSupport
import Foundation
import Testing

/// Where a message dialog's buttons sit, measured in zenity 3.44's window and
/// in beckon's on the same X server, through AT-SPI (scripts/atspi-probe
/// --layout gives each widget's allocation on the screen). GtkMessageDialog,
/// which beckon uses, spreads its buttons across the window; zenity's
/// message dialogs are plain GtkDialogs that put them at the right (issue 37).
/// The windows themselves differ in size, so the buttons are compared by
/// their distance from the window's right and bottom edges, their sizes and
/// the gaps between them.
@Suite(.serialized, .guiHangLimit) struct MessageButtonPlacementTests {
    static let cases: [[String]] = [
        ["--question", "--text=Proceed with the thing?"],
        ["--question", "--width=500", "--text=Proceed with the thing?"],
        ["--info", "--text=Saved"],
        ["--info", "--width=500", "--text=Saved"],
        ["--warning", "--width=500", "--text=Careful"],
        ["--error", "--width=500", "--text=Failed"],
        ["--question", "--width=500", "--text=Which?", "--extra-button=Later"],
    ]

    /// Each button's place, from the window's right and bottom edges, and its size.
    struct Placement: Equatable, CustomStringConvertible {
        var name: String
        var fromRight: Int
        var fromBottom: Int
        var width: Int
        var height: Int
        var description: String { "\(name): \(fromRight) from the right, \(fromBottom) from the bottom, \(width)x\(height)" }
    }

    static func placements(_ program: String, _ arguments: [String]) throws -> [Placement] {
        let nodes = try WindowLayout(program, arguments, environment: ZenityCase.baseEnvironment).nodes
        let window = try #require(nodes.first { ["dialog", "alert"].contains($0["role"] as? String) }, "no window")
        let frame = try WindowLayout.extents(window)
        return try nodes.filter { $0["role"] as? String == "push button" }.map { button in
            let box = try WindowLayout.extents(button)
            return Placement(name: button["name"] as? String ?? "", fromRight: frame[0] + frame[2] - (box[0] + box[2]),
                             fromBottom: frame[1] + frame[3] - (box[1] + box[3]), width: box[2], height: box[3])
        }
    }

    @Test(arguments: cases) func theButtonsSitWhereZenitysDo(_ arguments: [String]) throws {
        try X11.require()
        let zenity = try #require(which("zenity"), "zenity 3.44 is missing (scripts/install-deps)")
        let theirs = try Self.placements(zenity, arguments)
        let ours = try Self.placements(Products.beckon, arguments)
        #expect(!theirs.isEmpty, "zenity showed no button")
        #expect(ours == theirs, "beckon \(ours) vs zenity \(theirs)")
    }
}
