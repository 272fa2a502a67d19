import Foundation

/// Where the package's built executables are: beside the test bundle.
enum Products {
    static var directory: URL {
        // .build/<triple>/debug/BeckonPackageTests.xctest → .build/<triple>/debug
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("beckon").path) { return url }
        }
        return URL(fileURLWithPath: ".build/debug")
    }
    static var beckon: String { directory.appendingPathComponent("beckon").path }
    static var termsWorkflow: String { directory.appendingPathComponent("TermsWorkflow").path }
    static var ask: String { directory.appendingPathComponent("Ask").path }
    static var setupMachine: String { directory.appendingPathComponent("SetupMachine").path }
    /// `beckon terms` answered by a script instead of a window (Tests/TermsHarness).
    static var termsHarness: String { directory.appendingPathComponent("BeckonTermsHarness").path }
    static var enforcer: String { directory.appendingPathComponent("beckon-enforcer").path }
    /// The package's root, for Resources/.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }
}
