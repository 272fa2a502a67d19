import BeckonTestSupport
import Foundation
import Testing

/// A real window as laid out on the X server, read through AT-SPI
/// (`scripts/atspi-probe --layout`): each widget's role, name and place on
/// the screen, and each text object's lines as GTK wrapped them.
struct WindowLayout {
    /// The application's accessible tree, as the probe printed it.
    let tree: [String: Any]

    /// The layout of the first window `program ARGUMENTS` shows, `settle`
    /// seconds after it shows (for text still being laid out).
    init(_ program: String, _ arguments: [String], environment: [String: String] = [:], settle: Double = 0) throws {
        let result = try AccessibilityTests.probe(["--layout", "--settle", String(settle), "--", program] + arguments,
                                                  environment: environment, deadline: 60)
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let reply = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        tree = try #require(reply?["tree"] as? [String: Any], "the probe read no window of \(program): \(result)")
    }

    /// Every node, depth first.
    var nodes: [[String: Any]] { Self.nodes(tree) }

    private static func nodes(_ node: [String: Any]) -> [[String: Any]] {
        [node] + ((node["children"] as? [[String: Any]]) ?? []).flatMap(nodes)
    }

    /// The first node of `role` (and `name`, when given).
    func first(_ role: String, name: String? = nil) throws -> [String: Any] {
        try #require(nodes.first { $0["role"] as? String == role && (name == nil || $0["name"] as? String == name) },
                     "no \(role) \(name ?? "")")
    }

    /// x, y, width and height of `node` on the screen.
    static func extents(_ node: [String: Any]) throws -> [Int] {
        let extents = try #require(node["extents"] as? [Int])
        try #require(extents.count == 4)
        return extents
    }
}
