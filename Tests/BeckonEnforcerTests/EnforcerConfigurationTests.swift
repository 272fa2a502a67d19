@testable import BeckonEnforcer
import BeckonConsent
import Glibc
import Testing

/// `/etc/beckon/enforcer.conf`: every key, its defaults, and every mistake
/// named with its line and key; only root's file is read.
@Suite(.serialized) struct EnforcerConfigurationTests {
    static func load(_ text: String, mode: mode_t = 0o644) throws -> EnforcerConfiguration {
        let directory = try EnforcerTestDirectory()
        let path = try directory.write(directory.root + "/enforcer.conf", text, mode: mode)
        return try EnforcerConfiguration.load(path: path)
    }

    /// The error `text` makes, as (line, key, message).
    static func failure(_ text: String) throws -> (line: Int?, key: String?, message: String) {
        do throws(ManagedTermsError) {
            let directory = try? EnforcerTestDirectory()
            guard let directory, let path = try? directory.write(directory.root + "/enforcer.conf", text) else {
                Issue.record("cannot write the file")
                return (nil, nil, "")
            }
            let configuration = try EnforcerConfiguration.load(path: path)
            Issue.record("read as \(configuration)")
            return (nil, nil, "")
        } catch {
            guard case let .invalid(_, line, key, message) = error else { return (nil, nil, "\(error)") }
            return (line, key, message)
        }
    }

    @Test func theDefaults() throws {
        let configuration = EnforcerConfiguration()
        #expect(configuration.mode == .enforce && configuration.graceSeconds == 120)
        #expect(configuration.maxReadingSeconds == 900)
        #expect(configuration.configurationErrors == .endSession && configuration.executables == ["/usr/bin/beckon"])
        #expect(configuration.minimumUID == 1000 && !configuration.textConsoles)
        #expect(configuration.otherGraphicalSessions == .gate)
        #expect(try EnforcerConfiguration.load(path: "/nonexistent-\(getpid())/enforcer.conf") == configuration)
        #expect(try Self.load("") == configuration)
        #expect(try Self.load("# nothing set\n[Enforcer]\n") == configuration)
    }

    @Test func everyKey() throws {
        let configuration = try Self.load("""
            [Enforcer]
            Mode=pilot
            GraceSeconds=300
            MaxReadingSeconds=600
            ConfigurationErrors=report
            Executables=/usr/bin/beckon;/usr/local/bin/beckon;
            MinimumUID=500
            TextConsoles=true
            OtherGraphicalSessions=end
            """)
        #expect(configuration.mode == .pilot && configuration.graceSeconds == 300)
        #expect(configuration.maxReadingSeconds == 600)
        #expect(configuration.configurationErrors == .report)
        #expect(configuration.executables == ["/usr/bin/beckon", "/usr/local/bin/beckon"])
        #expect(configuration.minimumUID == 500 && configuration.textConsoles)
        #expect(configuration.otherGraphicalSessions == .end)
    }

    @Test(arguments: [
        ("Mode=enforced", "Mode"), ("GraceSeconds=0", "GraceSeconds"), ("GraceSeconds=86401", "GraceSeconds"),
        ("GraceSeconds=2m", "GraceSeconds"), ("ConfigurationErrors=ignore", "ConfigurationErrors"),
        ("Executables=beckon", "Executables"), ("Executables=;", "Executables"), ("MinimumUID=0", "MinimumUID"),
        ("MinimumUID=-1", "MinimumUID"), ("TextConsoles=yes", "TextConsoles"), ("Grace=60", "Grace"),
        ("MaxReadingSeconds=0", "MaxReadingSeconds"), ("MaxReadingSeconds=86401", "MaxReadingSeconds"),
        ("MaxReadingSeconds=15m", "MaxReadingSeconds"),
        ("OtherGraphicalSessions=refuse", "OtherGraphicalSessions"), ("OtherGraphicalSessions=", "OtherGraphicalSessions"),
    ])
    func aBadValueNamesItsLineAndKey(_ line: String, _ key: String) throws {
        let failure = try Self.failure("# settings\n[Enforcer]\nMode=enforce\n\(line)\n")
        #expect(failure.line == 4 && failure.key == key, "\(line): \(failure)")
    }

    @Test func anUnknownKeyIsAnErrorNotADefault() throws {
        let failure = try Self.failure("[Enforcer]\nMinimumUId=1000\n")
        #expect(failure.key == "MinimumUId" && failure.line == 2 && failure.message.contains("is not a key of [Enforcer]"))
    }

    @Test func anotherGroupIsAnError() throws {
        #expect(try Self.failure("[Enforcer]\nMode=pilot\n[Terms]\nVersion=1\n").message.contains("unknown group [Terms]"))
    }

    @Test func aSyntaxErrorIsAnError() throws {
        #expect(try Self.failure("[Enforcer]\nMode pilot\n").key == nil)
    }

    @Test func whatIsNotATextFileIsRefused() throws {
        let directory = try EnforcerTestDirectory()
        let big = try directory.write(directory.root + "/big.conf", String(repeating: "# padding\n", count: 7000))
        let invalid = try directory.write(directory.root + "/invalid.conf", bytes: Array("[Enforcer]\nMode=".utf8) + [0xFF])
        let fifo = directory.root + "/fifo.conf"
        mkfifo(fifo, 0o644)
        let folder = directory.root + "/folder.conf"
        mkdir(folder, 0o755)
        let link = directory.root + "/link.conf"
        symlink(big, link)
        let loop = directory.root + "/loop.conf"
        symlink(loop, loop)
        for path in [big, invalid, fifo, folder, link, loop] {
            #expect(throws: ManagedTermsError.self, "\(path)") { try EnforcerConfiguration.load(path: path) }
        }
    }

    @Test func aFileThatIsNotRootsAloneIsRefused() throws {
        try #require(EnforcerTestDirectory.isRoot, "only root can give a file away")
        let directory = try EnforcerTestDirectory()
        let path = try directory.write(directory.root + "/enforcer.conf", "[Enforcer]\nMode=pilot\n")
        directory.chown(path)
        #expect(throws: ManagedTermsError.self) { try EnforcerConfiguration.load(path: path) }
        // A staging copy is read as it will be once root's.
        #expect(try EnforcerConfiguration.load(path: path, checksOwner: false).mode == .pilot)
        directory.chown(path, to: 0)
        chmod(path, 0o664)
        #expect(throws: ManagedTermsError.self) { try EnforcerConfiguration.load(path: path) }
    }
}
