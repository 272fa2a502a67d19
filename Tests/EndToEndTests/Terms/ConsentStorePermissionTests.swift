import BeckonTestSupport
import Foundation
import Testing

/// Who may write the record file. A state directory the user cannot write,
/// tried by an ordinary user even when the tests run as root (as CI does):
/// root writes anywhere, so the process is started as `nobody` through
/// util-linux's setpriv. And a record file someone else controls: whoever
/// can write it could plant an acceptance, so it is refused for reading
/// (`--once`, `--status`) as for writing, exit 255, never a pass of `--once`.
@Suite(.guiHangLimit) struct ConsentStorePermissionTests {
    static let nobody: UInt32 = 65534
    static let noDisplay = ["DISPLAY": "", "WAYLAND_DISPLAY": ""]
    static let id = "org.beckon.planted"

    @Test func aStateDirectoryTheUserCannotWriteIsAClearError() throws {
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let readOnly = fixture.root.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
        let stateHome = readOnly.appendingPathComponent("state").path
        let arguments = ["accept", "--file", terms, "--id", "org.beckon.readonly"]
        let result: ProcessResult
        if getuid() == 0 {
            #expect(chown(readOnly.path, Self.nobody, Self.nobody) == 0)
            #expect(chmod(readOnly.path, 0o500) == 0)
            let setpriv = try #require(which("setpriv"), "setpriv (util-linux) is missing")
            result = try run(setpriv, ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--",
                                       Products.termsHarness] + arguments,
                             environment: ["XDG_STATE_HOME": stateHome, "PATH": "/usr/bin:/bin"])
        } else {
            #expect(chmod(readOnly.path, 0o500) == 0)
            result = try run(Products.termsHarness, arguments, environment: ["XDG_STATE_HOME": stateHome])
        }
        chmod(readOnly.path, 0o700) // so the fixture can remove it
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("cannot create \(stateHome)/beckon: Permission denied"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: stateHome), "\(result)")
    }

    // MARK: A record someone else could have planted is never read.

    /// A record file in the fixture's state directory with an acceptance of
    /// the sample terms: before these rules, `--once` passed on it.
    func plant(_ fixture: TermsFixture) throws {
        try fixture.writeRecordFile(try TermsFixture.plantedRecords(id: Self.id, terms: TermsFixture.sample))
        #expect(chmod(fixture.recordFile, 0o600) == 0)
    }

    /// `--once` and `--status` both refuse, exit 255, naming `path` and `reason`.
    func expectRefused(_ fixture: TermsFixture, _ path: String, _ reason: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let once = try fixture.run(["--once", "--id", Self.id, "--file", TermsFixture.sample, "--no-tty"],
                                   environment: Self.noDisplay)
        let status = try fixture.run(["--status", "--id", Self.id])
        for result in [once, status] {
            #expect(result.exitCode == 255, "a planted record was read: \(result)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains("beckon terms: refusing to use \(path): \(reason)"), "\(result)",
                    sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, "\(result)", sourceLocation: sourceLocation)
        }
    }

    @Test func theUntouchedPlantIsReadSoTheRefusalsBelowAreTheRules() throws {
        let fixture = try TermsFixture()
        try plant(fixture)
        let once = try fixture.run(["--once", "--id", Self.id, "--file", TermsFixture.sample], environment: Self.noDisplay)
        #expect(once.exitCode == 0, "\(once)")
    }

    @Test func aSymlinkedBeckonDirectoryIsNotRead() throws {
        let fixture = try TermsFixture()
        try plant(fixture)
        let directory = fixture.stateHome + "/beckon"
        let elsewhere = fixture.root.appendingPathComponent("elsewhere").path
        #expect(rename(directory, elsewhere) == 0)
        try FileManager.default.createSymbolicLink(atPath: directory, withDestinationPath: elsewhere)
        try expectRefused(fixture, directory, "it is a symbolic link; records are kept only in a real directory")
    }

    @Test func aBeckonDirectoryOwnedByAnotherUserIsNotRead() throws {
        try #require(getuid() == 0, "only root can give a directory to another user")
        let fixture = try TermsFixture()
        try plant(fixture)
        let directory = fixture.stateHome + "/beckon"
        #expect(chown(directory, Self.nobody, Self.nobody) == 0)
        try expectRefused(fixture, directory, "it belongs to user nobody (uid 65534), not to you (user root (uid 0))")
    }

    @Test func aRecordFileOwnedByAnotherUserIsNotRead() throws {
        try #require(getuid() == 0, "only root can give a file to another user")
        let fixture = try TermsFixture()
        try plant(fixture)
        #expect(chown(fixture.recordFile, Self.nobody, Self.nobody) == 0)
        try expectRefused(fixture, fixture.recordFile,
                          "it belongs to user nobody (uid 65534), not to you (user root (uid 0))")
    }

    @Test func aRecordFileEveryoneCanWriteIsNotReadNorRewritten() throws {
        let fixture = try TermsFixture()
        try plant(fixture)
        #expect(chmod(fixture.recordFile, 0o666) == 0)
        let reason = "every user can write to it (mode 0666), so a record in it may be planted; "
            + "make it private (chmod 600 \(fixture.recordFile))"
        try expectRefused(fixture, fixture.recordFile, reason)
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.recordFile))
        let accepted = try fixture.run(answering: .accept, ["--id", "org.beckon.other", "--file", TermsFixture.sample])
        #expect(accepted.exitCode == 255, "\(accepted)")
        #expect(accepted.stderr.contains("refusing to use \(fixture.recordFile): \(reason)"), "\(accepted)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.recordFile)) == before)
    }

    @Test func aBeckonDirectoryEveryoneCanWriteIsNotReadButAWriteMakesItPrivate() throws {
        let fixture = try TermsFixture()
        try plant(fixture)
        let directory = fixture.stateHome + "/beckon"
        #expect(chmod(directory, 0o777) == 0)
        try expectRefused(fixture, directory, "every user can write to it (mode 0777), so a record in it may be planted; "
                          + "make it private (chmod 700 \(directory))")
        #expect(try TermsFixture.mode(directory) == 0o777) // a read changes nothing
        // Accept makes the directory private, as it always has, then records.
        let accepted = try fixture.run(answering: .accept, ["--id", "org.beckon.other", "--file", TermsFixture.sample])
        #expect(accepted.exitCode == 0, "\(accepted)")
        #expect(try TermsFixture.mode(directory) == 0o700)
        #expect(try fixture.run(["--status", "--id", "org.beckon.other"]).exitCode == 0)
    }
}
