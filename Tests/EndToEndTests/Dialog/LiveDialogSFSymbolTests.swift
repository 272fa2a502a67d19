import BeckonTestSupport
import Foundation
import Testing

/// SF Symbols as swiftDialog's scripts write them, on a real window: each
/// image found through AT-SPI by its name (the symbol's name in words), and
/// what it shows read from the screen's pixels inside the image's extents.
@Suite(.serialized, .guiHangLimit) struct LiveDialogSFSymbolTests {
    /// What an image shows: inside its extents, which pixels are `colour`
    /// (within a small distance, for anti-aliasing), as a mask.
    private struct Shown {
        var width: Int, height: Int
        var mask: [Bool]
        var count: Int { mask.filter { $0 }.count }

        init(_ picture: WindowPicture, extents: [Int], matching: (Int, Int, Int) -> Bool) {
            width = extents[2]
            height = extents[3]
            mask = []
            for y in extents[1]..<(extents[1] + extents[3]) {
                for x in extents[0]..<(extents[0] + extents[2]) {
                    let c = picture.colour(x: x, y: y)
                    mask.append(matching(c >> 16, c >> 8 & 0xFF, c & 0xFF))
                }
            }
        }

        /// Shared pixels over pixels in either: 1 for the same shape.
        func overlap(_ other: Shown) -> Double {
            guard width == other.width, height == other.height else { return 0 }
            let both = zip(mask, other.mask).filter { $0 && $1 }.count
            let either = zip(mask, other.mask).filter { $0 || $1 }.count
            return either == 0 ? 0 : Double(both) / Double(either)
        }
    }

    private static func isGreen(_ r: Int, _ g: Int, _ b: Int) -> Bool { r < 60 && g > 150 && b < 60 }
    private static func isRed(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 180 && g < 90 && b < 90 }
    /// Adwaita's foreground on its light background: a dark grey.
    private static func isDark(_ r: Int, _ g: Int, _ b: Int) -> Bool { r < 110 && g < 110 && b < 110 }

    private static func start(_ arguments: [String], probe: InteractiveProbe) throws -> LiveDialogRun {
        try LiveDialogRun(arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": probe.busAddress, "NO_AT_BRIDGE": "", "GTK_A11Y": ""])
    }

    /// The showing node of `role` named `name`, once the window has drawn it.
    private static func image(_ probe: InteractiveProbe, _ run: LiveDialogRun, named name: String,
                              role: String = "icon") throws -> [String: Any] {
        try poll("an \(role) named '\(name)'", seconds: 20, {
            try? LiveDialogExactBehaviourTests.node(probe, run) {
                $0["role"] as? String == role && $0["name"] as? String == name
                    && ($0["states"] as? [String])?.contains("showing") == true
            }
        }, until: { $0 != nil })!
    }

    private static func screen() throws -> WindowPicture {
        let importTool = try #require(which("import"), "ImageMagick's import is missing (apt-get install imagemagick)")
        return try #require(try WindowPicture.capture("root", importTool: importTool), "no picture of the screen")
    }

    private static func shown(_ node: [String: Any], matching: @escaping (Int, Int, Int) -> Bool) throws -> Shown {
        let extents = try #require(node["extents"] as? [Int], "no extents: \(node)")
        try #require(extents.count == 4 && extents[2] > 0 && extents[3] > 0, "empty extents: \(extents)")
        return Shown(try screen(), extents: extents, matching: matching)
    }

    /// `--icon "SF=checkmark.circle.fill,colour1=green"` (Setup Your Mac's
    /// "done" icon) shows emblem-ok-symbolic, the map's icon for it, in
    /// green: the same shape, pixel for pixel, as the theme's
    /// emblem-ok-symbolic shown by name in its own colour, and green.
    @Test func anSFIconIsItsMappedIconInItsColour() throws {
        try X11.require()
        let probe = try InteractiveProbe()
        defer { probe.quit() }
        let symbol = try Self.start(["--icon", "SF=checkmark.circle.fill,colour1=#00c000", "--message", "Done"], probe: probe)
        let symbolImage = try Self.image(probe, symbol, named: "checkmark circle fill")
        try symbol.settle()
        let green = try Self.shown(symbolImage, matching: Self.isGreen)
        try symbol.keys("Return")
        let result = symbol.finish()
        #expect(result.exitCode == 0, "\(result)")
        #expect(!result.stderr.contains("warning"), "a mapped symbol warned: \(result.stderr)")

        let named = try Self.start(["--icon", "emblem-ok-symbolic", "--iconalttext", "reference", "--message", "Done"], probe: probe)
        let namedImage = try Self.image(probe, named, named: "reference")
        try named.settle()
        let dark = try Self.shown(namedImage, matching: Self.isDark)
        try named.keys("Return")
        _ = named.finish()

        #expect(green.count > 150, "too few green pixels in the icon: \(green.count)")
        #expect(dark.count > 150, "the reference icon drew too few pixels: \(dark.count)")
        #expect(green.overlap(dark) > 0.8, "the symbol's shape is not emblem-ok-symbolic's: overlap \(green.overlap(dark))")
    }

    /// A name the map lacks shows image-missing-symbolic and warns once,
    /// naming it, however many rows name it and however often they are
    /// redrawn; a list row's mapped symbol is drawn in its JSON colour, and a
    /// status that is a symbol in its colour.
    @Test func listRowsSymbolsAndOneWarningPerUnmappedName() throws {
        try X11.require()
        let probe = try InteractiveProbe()
        defer { probe.quit() }
        let json = #"{"listitem": [{"title": "VPN", "icon": "SF=lock.shield,colour1=#e01b24"}, "#
            + #"{"title": "Surf", "icon": "SF=figure.surfing"}, {"title": "Surf again", "icon": "SF=figure.surfing"}, "#
            + #"{"title": "Disk", "status": "externaldrive.fill-#00c000"}]}"#
        let run = try Self.start(["--jsonstring", json, "--message", "Rows"], probe: probe)
        let lock = try Self.image(probe, run, named: "lock shield")
        for status in ["wait", "success", "fail", "pending"] {
            try run.send(["listitem: Surf: \(status)", "listitem: Surf again: \(status)"])
        }
        try run.settle()
        let red = try Self.shown(lock, matching: Self.isRed)
        #expect(red.count > 20, "the row's lock is not red: \(red.count) red pixels")
        // A status that is an SF Symbol (ListView.swift, StatusView's `default:`), in its colour.
        let disk = try Self.shown(try Self.image(probe, run, named: "externaldrive fill"), matching: Self.isGreen)
        #expect(disk.count > 10, "the Disk row's status symbol is not green: \(disk.count) green pixels")
        // Every image in the window that shows has a name (the probe's audit counts only controls).
        let tree = try LiveDialogExactBehaviourTests.tree(probe, run)
        let unnamed = LiveDialogExactBehaviourTests.nodes(in: tree).filter {
            ["icon", "image"].contains($0["role"] as? String ?? "") && ($0["states"] as? [String])?.contains("showing") == true
                && ($0["name"] as? String ?? "").trimmingCharacters(in: .whitespaces).isEmpty
        }
        #expect(unnamed.isEmpty, "unnamed images: \(unnamed.map { $0["extents"] ?? "" })")
        #expect(LiveDialogExactBehaviourTests.nodes(in: tree).filter { $0["name"] as? String == "figure surfing" }.count == 2)
        try run.keys("Return")
        let result = run.finish()
        #expect(result.exitCode == 0, "\(result)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("SF Symbol") }
        #expect(warnings == ["beckon dialog: warning: SF Symbol 'figure.surfing' has no icon on Linux; showing image-missing-symbolic (docs/dialog.md, \"SF Symbols\")"],
                "\(result.stderr)")
    }

    /// `--button1symbol "checkmark.circle,colour=green"`: the symbol before
    /// the button's label, in green, and the button still button 1.
    @Test func aButtonSymbolIsOnItsButton() throws {
        try X11.require()
        let probe = try InteractiveProbe()
        defer { probe.quit() }
        let run = try Self.start(["--button1text", "Continue", "--button1symbol", "checkmark.circle,colour=#00c000,size=24",
                                  "--button2", "--message", "Buttons"], probe: probe)
        let button = try Self.image(probe, run, named: "Continue", role: "push button")
        try run.settle()
        let green = try Self.shown(button, matching: Self.isGreen)
        #expect(green.count > 20, "no green symbol on button 1: \(green.count) green pixels")
        // The symbol sits before the label: the green is in the button's left half.
        let left = (0..<green.height).flatMap { y in (0..<(green.width / 2)).map { y * green.width + $0 } }
            .filter { green.mask[$0] }.count
        #expect(left == green.count, "green outside the left half of the button: \(green.count - left) pixels")
        try run.keys("Return")
        let result = run.finish()
        #expect(result.exitCode == 0 && !result.stderr.contains("warning"), "\(result)")
    }
}
