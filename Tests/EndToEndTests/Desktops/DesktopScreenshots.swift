import BeckonTestSupport
import Foundation

/// Where the desktop suites put their screenshots of the question, the list,
/// the forms and the terms window on each desktop.
///
/// docs/images/desktops/NAME.png when `BECKON_WRITE_SCREENSHOTS=1`
/// (`make desktop-screenshots` refreshes the committed pictures); otherwise a
/// directory of the test run, so that `make test` leaves the work tree as it
/// found it (the panel's clock alone changes every picture).
enum DesktopScreenshots {
    private static let runDirectory = TestRunDirectory.make("beckon-desktop-screenshots")

    /// Whether this run writes the committed pictures in docs/.
    static var writesDocs: Bool { ProcessInfo.processInfo.environment["BECKON_WRITE_SCREENSHOTS"] == "1" }

    /// The path of picture `name` (say `gnome-x11-terms`), its directory made.
    static func path(_ name: String) throws -> String {
        let directory = writesDocs
            ? Products.packageRoot.appendingPathComponent("docs/images/desktops").path
            : runDirectory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return "\(directory)/\(name).png"
    }
}
