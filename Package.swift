// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Beckon",
    products: [
        .library(name: "Beckon", targets: ["Beckon"]),
        .executable(name: "beckon", targets: ["beckon"]),
        .executable(name: "beckon-enforcer", targets: ["beckon-enforcer"]),
    ],
    targets: [
        // System libraries from Debian; pkg-config supplies the flags. CGLib is
        // GLib, GObject and GIO alone: what the GTK-free modules may see.
        .systemLibrary(name: "CGLib", pkgConfig: "gio-unix-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CJSONGLib", pkgConfig: "json-glib-1.0", providers: [.apt(["libjson-glib-dev"])]),

        // The C shims hold what Swift cannot say, or says worse; in their headers
        // every function's comment ends with why it is C ("C: ..."). The reasons:
        // variadic calls (g_object_set, gtk_message_dialog_new), macros
        // (g_signal_connect, GTK_IS_LABEL, G_VARIANT_TYPE), signal handlers and
        // GLib callbacks that need C casts, stack structs Swift must not lay out
        // (GtkTreeIter, GtkTextIter, GValue, GdkEvent, Xlib's XEvent),
        // async-signal-safe code (the watchdog, the terminal's restore),
        // libsystemd and WebKit through dlopen, and the funnel that makes every
        // ending of a dialog one call. Swift holds GTK's objects as pointers and
        // never reads their structs. Two halves, so that the compiler holds the
        // GTK boundary:
        // - CBeckonGLib: GLib and GIO only, no GTK or GDK header in any of its
        //   files (main loop, watchdog, terminal, journal, gettext, and D-Bus:
        //   dbus.c, the one helper through which the notifications, the file
        //   chooser's portal check and session ending connect and call); the
        //   consent and login-gate modules link it.
        .target(name: "CBeckonGLib", dependencies: ["CGLib"],
                // main_loop.c drains Swift's main queue from GLib's loop:
                // libdispatch's hooks, which a program without Dispatch of its
                // own (beckon-enforcer) must still link.
                linkerSettings: [.linkedLibrary("dispatch")]),
        // - CBeckonShim: GTK's objects, one file each named after them, declared
        //   in one short header per area (dialogs, text, windows, lists,
        //   choosers, icons) under the umbrella CBeckonShim.h. Among them
        //   icons.c, zenity 3.44's icon lookup without GtkIconTheme: 1.8 MiB
        //   less resident on every message dialog (bench/tools/iconcost.c), and
        //   C because its only callers, the shim's dialog- and window-icon
        //   functions, are C (beckon_icons.h has the numbers and the reasons).
        .target(name: "CBeckonShim", dependencies: ["CGtk", "CBeckonGLib"],
                // Xlib itself, for the handler of a lost display (display.c).
                linkerSettings: [.linkedLibrary("X11")]),

        // cmark's documents parsed into an arena of the calling thread: cmark
        // allocates every node through three context-free function pointers,
        // so the arena is C's __thread (the terms' rendering thread parses a
        // million links' nodes in pointer bumps instead of malloc and free).
        .target(name: "CBeckonMarkdown", dependencies: ["CCmark"]),

        // Reading and writing without a toolkit: the one deadline type, bytes
        // decoded to UTF-8 as zenity does, bounded reads, lines, the one
        // write-all loop and the warning sink.
        .target(name: "BeckonIO", dependencies: ["CGLib", "CBeckonGLib"]),
        // The JSON value behind every --json answer and the record file (json-glib).
        .target(name: "BeckonJSON", dependencies: ["CGLib", "CJSONGLib"]),

        // Consent without a toolkit: terms documents and their digest, records
        // and the store, the journal (written and read), the audit, managed
        // terms and their policy, the re-consent diff, the login session. It can
        // not import GTK: neither it nor anything it depends on has CGtk.
        .target(name: "BeckonConsent", dependencies: ["BeckonIO", "BeckonJSON", "CGLib", "CBeckonGLib", "CCmark"],
                swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        // The login gate's processes without a toolkit: the warden that ends the
        // session when the window goes, the link to it, and session ending
        // (logind, the desktops' session managers, a command).
        .target(name: "BeckonLoginGate", dependencies: ["BeckonConsent", "BeckonIO", "CGLib", "CBeckonGLib"],
                swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),

        // The enforcer: the system service that holds the login gate from
        // outside the user's reach (logind's sessions, root's key files, the
        // gate processes checked through /proc). GTK-free, as a root service
        // must be: nothing it links has CGtk.
        .target(name: "BeckonEnforcer", dependencies: ["BeckonConsent", "BeckonLoginGate", "BeckonIO", "CGLib", "CBeckonGLib"],
                swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        .executableTarget(name: "beckon-enforcer", dependencies: ["BeckonEnforcer"]),

        // swiftDialog's vocabulary without a toolkit: `beckon dialog`'s options
        // (one declaration each for the command line, JSON and the command
        // file), the spec they build, the command file's commands, the answer.
        .target(name: "BeckonLiveDialog", dependencies: ["BeckonIO", "BeckonJSON"]),

        // The dialog core and its kinds. Nonisolated async code runs on its
        // caller's actor: a dialog asked from @GtkActor stays on GTK's thread
        // instead of waking dispatch worker threads.
        .target(name: "BeckonCore", dependencies: ["BeckonIO", "BeckonJSON", "CGtk", "CBeckonShim", "CJSONGLib"],
                swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        // The terms window: Markdown drawn into GTK, the pager on a terminal,
        // the shields of the login gate, and the `Terms` API.
        .target(name: "BeckonTerms", dependencies: ["BeckonCore", "BeckonConsent", "CGtk", "CBeckonShim", "CCmark", "CBeckonMarkdown"],
                swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        // `beckon dialog`'s window and terminal prompt: a live dialog drawn from
        // BeckonLiveDialog's spec, with the terms window's Markdown and shields.
        .target(name: "BeckonLiveWindow", dependencies: ["BeckonCore", "BeckonTerms", "BeckonLiveDialog", "CGtk", "CBeckonShim"],
                swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        // What `import Beckon` gives a program: the dialogs, the terms window,
        // consent and the login gate, under the one name it had before the split.
        .target(name: "Beckon", dependencies: ["BeckonCore", "BeckonTerms", "BeckonConsent", "BeckonLoginGate", "BeckonIO", "BeckonJSON",
                                              "BeckonLiveDialog", "BeckonLiveWindow"]),
        // The command line; BeckonVersion.swift is generated into it from VERSION.
        .target(name: "BeckonCLI", dependencies: ["BeckonCore", "BeckonTerms", "BeckonConsent", "BeckonLoginGate", "BeckonEnforcer",
                                                "BeckonLiveDialog", "BeckonLiveWindow",
                                                "BeckonIO", "BeckonJSON", "CGtk", "CBeckonShim"],
                swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")],
                plugins: ["BeckonVersionPlugin"]),
        // The version at build time: the plugin runs the generator on VERSION.
        .plugin(name: "BeckonVersionPlugin", capability: .buildTool(), dependencies: ["BeckonVersionGenerator"],
                path: "Plugins/BeckonVersionPlugin"),
        .executableTarget(name: "BeckonVersionGenerator", path: "Plugins/BeckonVersionGenerator"),
        // argv from glibc's call of the executable's constructors, instead of
        // the static Swift runtime's read of /proc/self/maps at every start
        // (arguments.c says why); the `beckon` executable's alone.
        .target(name: "CBeckonArguments"),
        .executableTarget(name: "beckon", dependencies: ["BeckonCLI", "CBeckonArguments"]),
        .executableTarget(name: "TermsWorkflow", dependencies: ["Beckon"], path: "Examples/TermsWorkflow"),
        .executableTarget(name: "Ask", dependencies: ["Beckon"], path: "Examples/Ask"),
        .executableTarget(name: "SetupMachine", dependencies: ["Beckon"], path: "Examples/SetupMachine"),
        // Soak, memory and idle-CPU checks of the dialog lifecycle, as a process of its own.
        .executableTarget(name: "BeckonSoak", dependencies: ["Beckon", "CGtk", "CBeckonShim", "BeckonTestEndings"],
                          path: "Tests/Soak"),
        // `beckon terms` with a scripted answer instead of a window, and a pause in the
        // middle of a record write: the tests' hook, which the `beckon` product lacks.
        .executableTarget(name: "BeckonTermsHarness", dependencies: ["Beckon", "BeckonCLI", "BeckonLoginGate"], path: "Tests/TermsHarness"),

        // Logic only: no display needed (`make test-unit` runs them with none).
        // A test target per module; the consent and login-gate tests build and
        // run without GTK (scripts/check-modules).
        .testTarget(name: "BeckonConsentTests", dependencies: ["BeckonConsent", "BeckonIO", "BeckonJSON"]),
        .testTarget(name: "BeckonLoginGateTests", dependencies: ["BeckonLoginGate", "BeckonConsent", "BeckonIO"]),
        .testTarget(name: "BeckonLiveDialogTests", dependencies: ["BeckonLiveDialog", "BeckonJSON"]),
        .testTarget(name: "BeckonEnforcerTests", dependencies: ["BeckonEnforcer", "BeckonLoginGate", "BeckonConsent", "BeckonIO"]),
        .testTarget(name: "BeckonTermsTests", dependencies: ["Beckon", "BeckonTerms", "CGtk", "CBeckonShim"]),
        .testTarget(name: "BeckonTests", dependencies: ["Beckon", "TermsWorkflow", "CGtk", "CBeckonShim"]),
        .testTarget(name: "BeckonCLITests",
                    dependencies: ["BeckonCLI", "BeckonLoginGate", "BeckonCLITestSupport", "BeckonTestSupport"]),
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
        // BECKON_NEEDS_DISPLAY marks a test target that needs a display:
        // scripts/unit-test-targets leaves it out of `make test-unit`, which
        // runs every other test target with none (docs/testing.md).
        .testTarget(name: "BeckonGTKTests",
                    dependencies: ["Beckon", "CGtk", "CBeckonShim", "BeckonTestSupport", "BeckonTestEndings"],
                    swiftSettings: [.define("BECKON_NEEDS_DISPLAY")]),
        // The built executables driven as processes, side by side with zenity.
        .testTarget(name: "EndToEndTests",
                    dependencies: ["beckon", "beckon-enforcer", "TermsWorkflow", "Ask", "SetupMachine", "BeckonSoak", "BeckonTermsHarness",
                                   "BeckonTestSupport"],
                    swiftSettings: [.define("BECKON_NEEDS_DISPLAY")]),
    ],
    swiftLanguageModes: [.v6]
)
