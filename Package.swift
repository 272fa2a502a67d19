// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Beckon",
    products: [
        .library(name: "Beckon", targets: ["Beckon"]),
        .executable(name: "beckon", targets: ["beckon"]),
    ],
    targets: [
        // System libraries from Debian; pkg-config supplies the flags.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CJSONGLib", pkgConfig: "json-glib-1.0", providers: [.apt(["libjson-glib-dev"])]),

        // Only what Swift cannot or should not do itself: variadic calls, signal
        // connections, the response/destroy funnel.
        .target(name: "CBeckonShim", dependencies: ["CGtk"],
                // Xlib itself, for the handler of a lost display (display.c).
                linkerSettings: [.linkedLibrary("X11")]),

        // Nonisolated async code runs on its caller's actor: a dialog asked from
        // @GtkActor stays on GTK's thread instead of waking dispatch worker threads.
        .target(name: "Beckon", dependencies: ["CGtk", "CBeckonShim", "CCmark", "CJSONGLib"],
                swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        .target(name: "BeckonCLI", dependencies: ["Beckon", "CGtk", "CBeckonShim"],
                swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        .executableTarget(name: "beckon", dependencies: ["BeckonCLI"]),
        .executableTarget(name: "TermsWorkflow", dependencies: ["Beckon"], path: "Examples/TermsWorkflow"),
        .executableTarget(name: "Ask", dependencies: ["Beckon"], path: "Examples/Ask"),
        // Soak, memory and idle-CPU checks of the dialog lifecycle, as a process of its own.
        .executableTarget(name: "BeckonSoak", dependencies: ["Beckon", "CGtk", "CBeckonShim", "BeckonTestEndings"],
                          path: "Tests/Soak"),
        // `beckon terms` with a scripted answer instead of a window, and a pause in the
        // middle of a record write: the tests' hook, which the `beckon` product lacks.
        .executableTarget(name: "BeckonTermsHarness", dependencies: ["Beckon", "BeckonCLI"], path: "Tests/TermsHarness"),

        // Logic only: no display needed.
        .testTarget(name: "BeckonTests", dependencies: ["Beckon", "TermsWorkflow", "CGtk", "CBeckonShim"]),
        .testTarget(name: "BeckonCLITests", dependencies: ["BeckonCLI", "BeckonCLITestSupport"]),
        // What the CLI tests share: a kind's options, plan and output (through `@testable import`).
        .target(name: "BeckonCLITestSupport", dependencies: ["Beckon", "BeckonCLI"], path: "Tests/CLISupport"),
        // What the GUI tests share: processes, the X display, real input (one xdotool wrapper).
        .target(name: "BeckonTestSupport", dependencies: ["CBeckonTestPty", "BeckonTestEndings"], path: "Tests/Support"),
        // The table of endings (Path) and the session bus configuration, for the GTK tests and
        // the soak alike: without Testing, which the soak (a program of its own) cannot link.
        .target(name: "BeckonTestEndings", path: "Tests/Endings"),
        // A program on a pseudo-terminal of its own, for the terminal fallback's tests.
        .target(name: "CBeckonTestPty", path: "Tests/SupportPty"),
        // Real windows on a real X server (Xvfb) with real input (xdotool).
        .testTarget(name: "BeckonGTKTests",
                    dependencies: ["Beckon", "CGtk", "CBeckonShim", "BeckonTestSupport", "BeckonTestEndings"]),
        // The built executables driven as processes, side by side with zenity.
        .testTarget(name: "EndToEndTests",
                    dependencies: ["beckon", "TermsWorkflow", "Ask", "BeckonSoak", "BeckonTermsHarness",
                                   "BeckonTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
