import BeckonTestSupport
import Foundation
import Testing

/// A private state directory for one test's consent records, and helpers to
/// read what `beckon terms` left there.
final class TermsFixture {
    let root: URL
    /// `XDG_STATE_HOME` for the processes under test.
    var stateHome: String { root.appendingPathComponent("state").path }
    var recordFile: String { stateHome + "/beckon/consents.json" }
    var environment: [String: String] { ["XDG_STATE_HOME": stateHome] }

    static var sample: String { Products.packageRoot.appendingPathComponent("Resources/terms/sample-terms.md").path }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-terms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes `bytes` to a file in the fixture and returns its path.
    func file(_ name: String, _ bytes: Data) throws -> String {
        let url = root.appendingPathComponent(name)
        try bytes.write(to: url)
        return url.path
    }

    /// A copy of the sample terms.
    func sampleCopy(_ name: String = "terms.md") throws -> String {
        try file(name, Data(contentsOf: URL(fileURLWithPath: Self.sample)))
    }

    /// The records in the file, parsed by Foundation (not by Beckon's own code).
    func records() throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: recordFile))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return try #require(json?["records"] as? [[String: Any]])
    }

    /// `beckon terms ARGS` in this fixture's state directory.
    func start(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> RunningProcess {
        try RunningProcess(Products.beckon, ["terms"] + arguments,
                           environment: environment.merging(extra) { $1 }, stdin: stdin)
    }

    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:],
             deadline: Double = 20) throws -> ProcessResult {
        try start(arguments, stdin: stdin, environment: extra).wait(deadline: deadline)
    }

    /// The permission bits of `path`.
    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
    }

    /// SHA-256 of a file by coreutils' sha256sum, independent of GLib.
    static func sha256(_ path: String) throws -> String {
        let result = try BeckonTestSupport.run("/usr/bin/sha256sum", [path])
        return String(result.stdout.prefix(64))
    }
}

/// Real input on a terms window.
enum TermsInput {
    /// Waits for the window of `process`, focused; fails the test without one.
    static func window(of process: RunningProcess, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid), "no window mapped", sourceLocation: sourceLocation)
        try Xdotool.focus(window)
        return window
    }

    /// Clicks the Accept button: the right-most button of the action area,
    /// bottom right in every locale with left-to-right text.
    static func clickAccept(_ window: String) throws {
        try Xdotool.click(window, x: -50, y: -20)
    }

    /// Turns the mouse wheel down `notches` times over the terms.
    static func wheelDown(_ window: String, notches: Int) throws {
        let (width, height) = try Xdotool.size(of: window)
        try Xdotool.wheelDown(window, x: width / 2, y: height / 3, notches: notches)
    }

    /// Gives the window time to react, then tells whether the process is still running.
    static func stillOpen(_ process: RunningProcess, after seconds: Double = 0.6) -> Bool {
        usleep(UInt32(seconds * 1_000_000))
        return process.process.isRunning
    }
}
