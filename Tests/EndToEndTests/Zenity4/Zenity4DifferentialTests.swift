import BeckonTestSupport
import Foundation
import Testing

/// beckon beside zenity 4.2.2's pinned answers, in the 4.2 dialect and in the
/// default (union) grammar. The beckon half always runs; zenity 4 runs too
/// only where `BECKON_ZENITY4` names it, and zenity 3.44 where a case says so.
@Suite(.serialized, .guiHangLimit) struct Zenity4DifferentialTests {
    /// One bus and notification server for the notification cases, as in
    /// NotificationDifferentialTests: beckon and both zenity versions post to it.
    static let bus = Result { try X11.require(); return try PrivateSessionBus() }

    @Test(arguments: Zenity4Cases.all)
    func pinned(_ c: Zenity4Case) throws {
        try X11.require()
        var busEnvironment: [String: String] = [:]
        if c.needsSessionBus {
            let bus = try Self.bus.get()
            try bus.restartServer()
            busEnvironment = bus.environment
        }
        let fromBeckon = try c.run(Products.beckon, environment: busEnvironment)
        #expect(!fromBeckon.timedOut, "beckon killed at the deadline: \(fromBeckon)")
        #expect(c.expected.matches(fromBeckon),
                "beckon [\(c.mode.rawValue)] should give \(c.expected); gave \(fromBeckon)")
        if c.sameAsZenity344 {
            let fromZenity = try c.run(ZenityDifferentialTests.zenity, environment: busEnvironment)
            #expect(c.expected.matches(fromZenity), "zenity 3.44 should give \(c.expected); gave \(fromZenity)")
        }
        if let zenity4 = Zenity4Case.zenity4Binary {
            let fromZenity4 = try c.run(zenity4, environment: busEnvironment)
            switch c.zenity4 {
            case .same:
                #expect(c.expected.matches(fromZenity4), "zenity 4 should give the pin \(c.expected); gave \(fromZenity4)")
            case .differs(let answer, let why):
                #expect(answer.matches(fromZenity4), "zenity 4 should give \(answer) (\(why)); gave \(fromZenity4)")
            }
        }
    }

    /// At least 60 cases, over every kind, in both modes.
    @Test func coversEveryKindInBothModes() {
        #expect(Zenity4Cases.all.count >= 60)
        let kinds = ["calendar", "entry", "error", "info", "question", "warning", "file-selection", "list",
                     "notification", "progress", "scale", "text-info", "color-selection", "password", "forms"]
        for kind in kinds {
            for mode in [Zenity4Case.Mode.zenity42, .union] {
                #expect(Zenity4Cases.all.contains { $0.mode == mode && $0.run.arguments.contains("--\(kind)") },
                        "no \(mode.rawValue) case for --\(kind)")
            }
        }
    }
}
