@testable import BeckonLoginGate
import Foundation
import Testing

/// The gate's own environment (GateEnvironment.swift): what the gate
/// re-executes itself with, and what the enforcer refuses, from one list.
@Suite struct GateEnvironmentTests {
    /// What the attack round set, each of which reached the gate as the user set it.
    static let attackers = [
        "GTK_MODULES", "GTK3_MODULES", "GTK_PATH", "GIO_EXTRA_MODULES", "GIO_MODULE_DIR", "GTK_IM_MODULE_FILE",
        "GDK_PIXBUF_MODULE_FILE", "GTK_DEBUG", "GTK_THEME", "LD_PRELOAD", "LD_LIBRARY_PATH", "GLIBC_TUNABLES",
        "GSETTINGS_BACKEND", "GTK_IM_MODULE", "FONTCONFIG_FILE", "GDK_BACKEND",
    ]

    static let session = [
        "DISPLAY=:0", "HOME=/home/ada", "USER=ada", "LANG=fr_FR.UTF-8", "LC_TIME=de_DE.UTF-8",
        "XDG_RUNTIME_DIR=/run/user/1000", "PATH=/usr/bin:/bin", "XDG_CONFIG_HOME=/home/ada/.config",
        "XDG_DATA_DIRS=/home/ada/.local/share:/usr/share",
    ]

    @Test(arguments: attackers) func aVariableTheUserSetsIsDroppedAndRefused(_ name: String) {
        let environment = Self.session + ["\(name)=/home/ada/evil"]
        let cleaned = GateEnvironment.cleaned(environment)
        #expect(!cleaned.contains { $0.hasPrefix(name + "=") }, "\(cleaned)")
        #expect(GateEnvironment.violations(in: environment).contains(name))
        #expect(GateEnvironment.isClean(cleaned))
    }

    @Test func theSessionsPlaceAndLanguageAreKeptAndTheHomeReplaced() {
        let cleaned = Set(GateEnvironment.cleaned(Self.session))
        for kept in ["DISPLAY=:0", "USER=ada", "LANG=fr_FR.UTF-8", "LC_TIME=de_DE.UTF-8", "XDG_RUNTIME_DIR=/run/user/1000"] {
            #expect(cleaned.contains(kept))
        }
        // The user's own records and X cookie, from the home they had; code and themes from nowhere of theirs.
        #expect(cleaned.contains("XDG_STATE_HOME=/home/ada/.local/state"))
        #expect(cleaned.contains("XAUTHORITY=/home/ada/.Xauthority"))
        #expect(cleaned.contains("HOME=\(GateEnvironment.nowhere)"))
        #expect(cleaned.contains("XDG_CONFIG_HOME=\(GateEnvironment.nowhere)"))
        #expect(cleaned.contains("XDG_DATA_DIRS=/usr/local/share:/usr/share"))
        #expect(GateEnvironment.violations(in: Self.session).contains("HOME not \(GateEnvironment.nowhere)"))
    }

    /// The re-executed gate must find its environment clean, or it would start itself again for ever.
    @Test(arguments: [
        [String](), ["HOME=relative", "XDG_STATE_HOME=relative"], ["=x", "DISPLAY", "DISPLAY=:0", "DISPLAY=:1"],
        ["HOME=/nonexistent/beckon-gate", "HOME=/home/ada"], ["LC_ALL=C", "LC_=x", "XAUTHORITY=/tmp/cookie"],
    ]) func whatItCleansIsCleanSoTheGateStartsAgainOnce(_ environment: [String]) {
        let cleaned = GateEnvironment.cleaned(environment)
        #expect(GateEnvironment.isClean(cleaned), "\(GateEnvironment.violations(in: cleaned))")
    }

    @Test func aNameGivenTwiceIsRefused() {
        let environment = GateEnvironment.cleaned(Self.session) + ["DISPLAY=:9"]
        #expect(GateEnvironment.violations(in: environment) == ["DISPLAY twice"])
    }

    @Test func onlyRootsFilesMayBeLoadedUnderTheModulePolicy() {
        #expect(GateModulePolicy.allows("/bin/sh"))
        #expect(!GateModulePolicy.allows("/tmp"))
        #expect(!GateModulePolicy.allows("relative/module.so"))
        #expect(!GateModulePolicy.allows("/nonexistent/beckon-gate/module.so"))
        // A file of another user's, in a directory of root's alone (/run is; /tmp is everyone's).
        let directory = "/run/beckon-policy-\(UUID().uuidString)"
        #expect(mkdir(directory, 0o755) == 0)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(FileManager.default.createFile(atPath: directory + "/m.so", contents: Data("x".utf8)))
        chmod(directory + "/m.so", 0o644)
        #expect(GateModulePolicy.allows(directory + "/m.so") == (getuid() == 0))
        #expect(chown(directory + "/m.so", 65534, 65534) == 0 || getuid() != 0)
        #expect(!GateModulePolicy.allows(directory + "/m.so"))
    }
}
