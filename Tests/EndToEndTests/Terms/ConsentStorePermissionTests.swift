import BeckonTestSupport
import Foundation
import Testing

/// A state directory the user cannot write, tried by an ordinary user even
/// when the tests run as root (as CI does): root writes anywhere, so the
/// process is started as `nobody` through util-linux's setpriv.
@Suite(.guiHangLimit) struct ConsentStorePermissionTests {
    static let nobody: UInt32 = 65534

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
}
