import Foundation

/// beckon's `--json` contract, Resources/beckon-json.schema.json, checked
/// by scripts/check-json (python3-jsonschema): one checker for the CLI tests,
/// which make every kind's object without a display, and the end-to-end
/// tests, which get it from a real run.
package enum JSONSchemaCheck {
    /// The repository: three folders up from this file.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// What check-json says of `objects`, one JSON object a line: nil when
    /// every one is valid (with `expectInvalid`, when every one is refused),
    /// else its report, a line per object saying why.
    package static func problems(_ objects: [String], expectInvalid: Bool = false) throws -> String? {
        let lines = objects.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined()
        let result = try run("/usr/bin/python3", [root + "/scripts/check-json"] + (expectInvalid ? ["--invalid"] : []),
                             stdin: Data(lines.utf8), deadline: 30)
        guard result.exitCode != 0 || result.timedOut else { return nil }
        return "scripts/check-json\(expectInvalid ? " --invalid" : ""): exit \(result.exitCode)\n"
            + result.stdout + result.stderr
    }
}
