import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestSupport
import Foundation
import Testing

/// `DesktopNotification` and `PostedNotification` on a real notification
/// server (notification-daemon on a private bus, read with dbus-monitor):
/// what the server receives, updates in place, closing, and every way an
/// awaited ending resumes exactly once.
@Suite(.serialized, .guiHangLimit) struct NotificationAPITests {
    static let bus = Result { try X11.require(); return try PrivateSessionBus() }

    /// A fresh server (it refuses more than a few dozen notifications) and GTK's loop.
    private func freshBus() throws -> PrivateSessionBus {
        try GtkTestLoop.require()
        let bus = try Self.bus.get()
        try bus.restartServer()
        return bus
    }

    @GtkActor private func connect(_ bus: PrivateSessionBus) async throws -> NotificationBus {
        try await NotificationBus.bus(at: bus.address)
    }

    @Test func postSendsSummaryBodyIconHintsAndActions() async throws {
        let bus = try freshBus()
        let posted = try await { @GtkActor in
            try await connect(bus).post(DesktopNotification(
                summary: "Build done", body: "3 targets", icon: "dialog-information",
                hints: [.urgency(.critical), .category("transfer.complete"), .transient, NotificationHint("x", .int32(7))],
                actions: [.default(label: "Open"), NotificationAction(key: "log", label: "Show log")],
                expiration: .after(.seconds(4)), appName: "tests"))
        }()
        let calls = try bus.takeNotifyCalls()
        #expect(calls.count == 1)
        let call = try #require(calls.first)
        #expect(call.appName == "tests")
        #expect(call.summary == "Build done" && call.body == "3 targets" && call.icon == "dialog-information")
        #expect(call.actions == ["default", "Open", "log", "Show log"])
        #expect(call.hints["urgency"] == "byte 2" && call.hints["category"] == "string transfer.complete")
        #expect(call.hints["transient"] == "boolean true" && call.hints["x"] == "int32 7")
        #expect(call.hints["sender-pid"] == "int64 \(getpid())")
        #expect(call.expireTimeout == 4000)
        #expect(await posted.id > 0)
    }

    @Test func updateReplacesTheSameNotification() async throws {
        let bus = try freshBus()
        let (first, second) = try await { @GtkActor in
            let posted = try await connect(bus).post(DesktopNotification(summary: "Copying", body: "10%"))
            let first = posted.id
            try await posted.update(DesktopNotification(summary: "Copying", body: "90%"))
            return (first, posted.id)
        }()
        let calls = try bus.takeNotifyCalls()
        #expect(calls.map(\.body) == ["10%", "90%"])
        #expect(calls.map(\.replacesID) == [0, first])
        #expect(second == first)
    }

    @Test func closeEndsItOnceAndLaterWaitsGetTheSameEnding() async throws {
        let bus = try freshBus()
        let (ending, again, stored) = try await { @GtkActor in
            let posted = try await connect(bus).post(DesktopNotification(summary: "Closing soon"))
            async let waited = posted.ending()
            try await posted.close()
            let ending = try await waited
            let again = try await posted.ending(timeout: .milliseconds(1))
            return (ending, again, posted.ending)
        }()
        #expect(ending == .closed(.closedByCall))
        #expect(again == ending && stored == ending)
    }

    @Test func aTimeoutEndsTheWaitNotTheNotification() async throws {
        let bus = try freshBus()
        let (timedOut, ending) = try await { @GtkActor in
            let posted = try await connect(bus).post(DesktopNotification(summary: "Still here", expiration: .never))
            var timedOut = false
            do { _ = try await posted.ending(timeout: .milliseconds(200)) } catch DialogError.timedOut { timedOut = true }
            // Still on the server: closing it now gives the close as its ending.
            try await posted.close()
            return (timedOut, try await posted.ending())
        }()
        #expect(timedOut)
        #expect(ending == .closed(.closedByCall))
    }

    @Test func cancellingTheWaitThrowsOnceAndLeavesOthersWaiting() async throws {
        let bus = try freshBus()
        let (cancelled, other) = try await { @GtkActor in
            let posted = try await connect(bus).post(DesktopNotification(summary: "Waiting", expiration: .never))
            let cancelledWait = Task { @GtkActor in try await posted.ending() }
            let otherWait = Task { @GtkActor in try await posted.ending() }
            cancelledWait.cancel()
            let cancelled: Bool
            do { _ = try await cancelledWait.value; cancelled = false } catch is CancellationError { cancelled = true }
            try await posted.close()
            return (cancelled, try await otherWait.value)
        }()
        #expect(cancelled)
        #expect(other == .closed(.closedByCall))
    }

    @Test func aClickOnTheBubbleIsTheDefaultAction() async throws {
        let bus = try freshBus()
        let shownBefore = try bus.bubbles()
        let posted = try await { @GtkActor in
            try await connect(bus).post(DesktopNotification(summary: "Click me", actions: [.default()],
                                                            expiration: .never))
        }()
        let waiting = Task { @GtkActor in try await posted.ending(timeout: .seconds(15)) }
        let fresh = try poll("the bubble", { try bus.bubbles().subtracting(shownBefore) }, until: { !$0.isEmpty })
        let bubble = try #require(fresh.sorted().last)
        try poll("the click to reach the server", every: 0.5, {
            try? Xdotool.click(bubble, x: 20, y: 20)
            return try bus.bubbles().contains(bubble)
        }, until: { !$0 })
        #expect(try await waiting.value == .action("default"))
    }

    @Test func noServerOnTheBusIsNoServer() async throws {
        try GtkTestLoop.require()
        let empty = try PrivateSessionBus(withServer: false)
        defer { empty.stop() }
        let address = empty.address
        let error = await Self.postFailure(address)
        guard case .noServer? = error else {
            Issue.record("expected noServer, got \(String(describing: error))")
            return
        }
    }

    @GtkActor private static func postFailure(_ address: String) async -> NotificationError? {
        do throws(NotificationError) {
            _ = try await NotificationBus.bus(at: address).post(DesktopNotification(summary: "lost"))
            return nil
        } catch {
            return error
        }
    }
}
