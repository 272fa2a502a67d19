import BeckonTestSupport
import Foundation
import Testing

/// Consent collected across a fleet, as administrators set it up: terms
/// accepted by real keys in a real window on a second host (its own
/// journald, hostname and machine id: ``FleetHost``), its journal sent by
/// systemd-journal-upload to systemd-journal-remote on loopback
/// (``JournalCollector``), and the acceptance read back from the collector's
/// directory with the sending host's name.
@Suite(.serialized, .guiHangLimit) struct ConsentFleetTests {
    static let hostname = "fleet-host-b"
    static let id = "org.example.aup"
    static let acceptedMessageID = "2f785ec9ad14419d8cfe503169eac6ed"

    @Test func anAcceptanceOnAnotherHostReachesTheCollectorWithItsHostname() throws {
        let fleet = try Self.acceptOnSecondHost()
        let entries = try fleet.collector.entries(["BECKON_TERMS_ID=\(Self.id)", "MESSAGE_ID=\(Self.acceptedMessageID)"])
        #expect(entries.count == 1, "\(entries)")
        let entry = try #require(entries.first)
        #expect(entry["_HOSTNAME"] as? String == Self.hostname, "\(entry)")
        #expect(entry["_MACHINE_ID"] as? String == fleet.machineID, "\(entry)")
        #expect(entry["_HOSTNAME"] as? String != ProcessInfo.processInfo.hostName)
        #expect(entry["BECKON_EVENT"] as? String == "accepted", "\(entry)")
        #expect(entry["BECKON_TERMS_VERSION"] as? String == "3")
        #expect(entry["BECKON_TERMS_SHA256"] as? String == fleet.sha256)
        #expect(entry["BECKON_USER"] as? String == NSUserName())
        #expect(entry["SYSLOG_IDENTIFIER"] as? String == "beckon")
        // Written by beckon itself, where journald could tell: it reads _EXE
        // from /proc when it handles the entry, and a beckon that has exited
        // by then (seen with the machine loaded) leaves none.
        if let exe = entry["_EXE"] as? String {
            #expect(exe == URL(fileURLWithPath: Products.beckon).resolvingSymlinksInPath().path, "\(entry)")
        }
        let record = try #require(try fleet.fixture.records().first { $0["id"] as? String == Self.id })
        #expect(entry["BECKON_ACCEPTED_AT"] as? String == record["accepted_at"] as? String)
    }

    @Test func auditListsTheAcceptanceWithTheSendersHostname() throws {
        let fleet = try Self.acceptOnSecondHost()
        let events = try Self.audit(["--directory", fleet.collector.directory, "--json"], in: fleet.fixture)
        let accepted = events.filter { $0["id"] as? String == Self.id && $0["outcome"] as? String == "accepted" }
        #expect(accepted.count == 1, "\(events)")
        let event = try #require(accepted.first)
        #expect(event["host"] as? String == Self.hostname, "\(event)")
        #expect(event["version"] as? String == "3", "\(event)")
        #expect(event["sha256"] as? String == fleet.sha256, "\(event)")
        #expect(event["user"] as? String == NSUserName(), "\(event)")
    }

    /// What a run of the fleet left: the collector's files (its processes
    /// stopped), the record file on the second host, the text's digest.
    struct Fleet {
        let fixture: TermsFixture
        let collector: JournalCollector
        let machineID: String
        let sha256: String
    }

    /// Starts the collector and the second host, sends the host's journal,
    /// accepts the terms there by keys (Ctrl+End until Accept can be used,
    /// then Return), waits until the collector holds the acceptance, and stops
    /// everything it started, on every path.
    static func acceptOnSecondHost() throws -> Fleet {
        try X11.require()
        let fixture = try TermsFixture()
        let root = fixture.root.path
        let collector = try JournalCollector(in: root + "/collector")
        defer { collector.stop() }
        let host = try FleetHost(hostname: hostname, in: root + "/host-b")
        defer { host.stop() }
        try collector.send(host.journalDirectory)

        let terms = try fixture.sampleCopy()
        let (executable, arguments) = try host.command(Products.beckon,
                                                       ["terms", "--file", terms, "--id", id, "--version", "3"])
        let process = try RunningProcess(executable, arguments, environment: fixture.environment)
        defer { FleetHost.stop(process) }
        let window = try TermsInput.window(of: process)
        try TermsInput.endUntilGateOpens(window, id, seconds: 15)
        try Xdotool.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")

        try poll("the acceptance sent from \(hostname) at the collector", seconds: 20, every: 0.2) {
            try collector.entries(["BECKON_TERMS_ID=\(id)", "MESSAGE_ID=\(acceptedMessageID)"])
        } until: { entries in entries.contains { $0["_HOSTNAME"] as? String == hostname } }
        return Fleet(fixture: fixture, collector: collector, machineID: host.machineID,
                     sha256: try TermsFixture.sha256(terms))
    }

    /// `beckon terms --audit ARGUMENTS`: its JSON lines, one object per event;
    /// fails the test unless it exits 0 with every line an object.
    static func audit(_ arguments: [String], in fixture: TermsFixture) throws -> [[String: Any]] {
        let result = try fixture.run(["--audit"] + arguments)
        try #require(result.exitCode == 0, "beckon terms --audit \(arguments): \(result)")
        return try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
        }
    }
}
