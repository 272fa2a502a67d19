@testable import BeckonEnforcer
import BeckonConsent
import Foundation
import Glibc
import Testing

/// The gates as the enforcer reads them from root's directory: each
/// language's text, and every file it cannot use, taken for a gate when it
/// may be one (failing closed).
@Suite(.serialized) struct EnforcerGateSetTests {
    static func load(_ directory: EnforcerTestDirectory, grace: Int = 120) -> EnforcerGateSet {
        EnforcerGateSet.load(configRoot: directory.root, defaultGrace: grace)
    }

    /// The one problem of `set`, for the key file `name`.
    static func problem(_ set: EnforcerGateSet, _ name: String) -> (problem: EnforcerGateSet.Problem, line: Int?, key: String?)? {
        for problem in set.problems {
            if case let .invalid(path, line, key, _) = problem.error, path.hasSuffix("/" + name) { return (problem, line, key) }
        }
        return nil
    }

    @Test func aGateWithATextPerLanguageHoldsTheDigestOfEach() throws {
        let directory = try EnforcerTestDirectory()
        let english = try directory.write("aup.md", "# Acceptable use\n\nBe kind.\n")
        let german = try directory.write("aup.de.md", "# Nutzungsordnung\n\nSeien Sie freundlich.\n")
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=3\nFile=aup.md\nFile[de]=aup.de.md\nGate=true\nGraceSeconds=45\n")
        let set = Self.load(directory)
        #expect(set.problems.isEmpty, "\(set.problems)")
        let gate = try #require(set.gates.first)
        #expect(set.gates.count == 1 && gate.id == "org.example.aup" && gate.terms.version == "3")
        #expect(gate.digests == [try TermsDocument.read(path: english).sha256, try TermsDocument.read(path: german).sha256])
        #expect(gate.graceSeconds == 45)
        #expect(gate.terms.fileKeys.map(\.key).sorted() == ["File", "File[de]"])
        #expect(gate.terms.fileKeys.first { $0.key == "File[de]" }?.line == 4)
    }

    @Test func aGateWithoutGraceSecondsTakesTheDefault() throws {
        let directory = try EnforcerTestDirectory()
        try directory.write("aup.md", "Terms.\n")
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=aup.md\nGate=true\n")
        #expect(Self.load(directory, grace: 77).gates.first?.graceSeconds == 77)
    }

    @Test func plainTermsAreNoGate() throws {
        let directory = try EnforcerTestDirectory()
        try directory.write("a.md", "Terms.\n")
        try directory.write("org.example.plain.conf", "[Terms]\nVersion=1\nFile=a.md\n")
        let set = Self.load(directory)
        #expect(set.gates.isEmpty && set.problems.isEmpty)
        #expect(set.plainTerms.map(\.id) == ["org.example.plain"])
    }

    @Test func aTypoUnderAGateIsAGateNoOneCanAccept() throws {
        let directory = try EnforcerTestDirectory()
        try directory.write("a.md", "Terms.\n")
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=a.md\nTitel=Use\nGate=true\n")
        let set = Self.load(directory)
        let found = try #require(Self.problem(set, "org.example.aup.conf"), "\(set.problems)")
        #expect(found.problem.isGate && found.line == 4 && found.key == "Titel")
        #expect(set.brokenGates.count == 1 && set.gates.isEmpty)
    }

    @Test func aTypoInPlainTermsIsReportedOnly() throws {
        let directory = try EnforcerTestDirectory()
        try directory.write("a.md", "Terms.\n")
        try directory.write("org.example.plain.conf", "[Terms]\nVersion=1\nFile=a.md\nTitel=Use\n")
        let set = Self.load(directory)
        let found = try #require(Self.problem(set, "org.example.plain.conf"))
        #expect(!found.problem.isGate && found.key == "Titel")
        #expect(set.brokenGates.isEmpty)
    }

    /// The bug this fixes: only `Gate=true` and `Gate=1` were taken for a
    /// gate, so `Gate=yes` or `Gate=True` (which GKeyFile refuses) and a
    /// misspelt `Gat=true` failed open: reported, and no session gated.
    @Test(arguments: ["Gate=yes", "Gate=True", "Gate = on", "Gat=true", "gate=true", "Gatee=true", "Gaet=1", "Gate[de]=true"])
    func aGateKeyThatDoesNotParseIsStillAGate(_ line: String) throws {
        let directory = try EnforcerTestDirectory()
        try directory.write("a.md", "Terms.\n")
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=a.md\n\(line)\n")
        #expect(Self.problem(Self.load(directory), "org.example.aup.conf")?.problem.isGate == true, "\(line)")
    }

    @Test(arguments: ["Gate=false", "Gate=0", "Title=Gate=true", "# Gate=true", "Days=true", "Gates=false"])
    func aFileThatSaysNoGateIsReportedOnly(_ line: String) throws {
        let directory = try EnforcerTestDirectory()
        try directory.write("a.md", "Terms.\n")
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=a.md\nTitel=x\n\(line)\n")
        #expect(Self.problem(Self.load(directory), "org.example.aup.conf")?.problem.isGate == false, "\(line)")
    }

    @Test func theGateKeyIsGateOrOneLetterAway() {
        for key in ["gate", "gat", "gatee", "gaet", "cate", "gte"] { #expect(EnforcerGateSet.isGateKey(key), "\(key)") }
        for key in ["", "ga", "title", "gateway", "version", "graceseconds", "days", "agte1"] { #expect(!EnforcerGateSet.isGateKey(key), "\(key)") }
    }

    @Test func aFileThatCannotBeReadAsTextMayBeAGate() throws {
        let directory = try EnforcerTestDirectory()
        mkdir(directory.termsDirectory + "/old.conf", 0o755)
        symlink(directory.termsDirectory + "/loop.conf", directory.termsDirectory + "/loop.conf")
        mkfifo(directory.termsDirectory + "/fifo.conf", 0o644)
        try directory.write("invalid.conf", bytes: Array("[Terms]\nGate=true\nVersion=1\nTitle=".utf8) + [0xFF, 0x0A])
        // Invalid UTF-8 that says nothing of a gate is a plain terms' mistake.
        try directory.write("plain.conf", bytes: Array("[Terms]\nVersion=1\nTitle=".utf8) + [0xFF, 0x0A])
        try directory.write("org.example.aup (copy).conf", "[Terms]\nVersion=1\nFile=a.md\nGate=true\n")
        let clock = ContinuousClock()
        let started = clock.now
        let set = Self.load(directory)
        #expect(clock.now - started < .seconds(2), "a FIFO must not hold the enforcer")
        for name in ["old.conf", "loop.conf", "fifo.conf", "invalid.conf", "org.example.aup (copy).conf"] {
            #expect(Self.problem(set, name)?.problem.isGate == true, "\(name): \(set.problems)")
        }
        #expect(Self.problem(set, "plain.conf")?.problem.isGate == false)
    }

    @Test(arguments: ["missing.md", "fifo.md", "empty.md", "dir.md", "loop.md", "/dev/zero"])
    func aGateWhoseTextCannotBeReadIsBroken(_ file: String) throws {
        let directory = try EnforcerTestDirectory()
        let terms = directory.termsDirectory
        mkfifo(terms + "/fifo.md", 0o644)
        try directory.write("empty.md", "")
        mkdir(terms + "/dir.md", 0o755)
        symlink(terms + "/loop.md", terms + "/loop.md")
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=\(file)\nGate=true\n")
        let set = Self.load(directory)
        let found = try #require(Self.problem(set, "org.example.aup.conf"), "\(file)")
        #expect(found.problem.isGate && found.key == "File" && found.line == 3, "\(file): \(set.problems)")
    }

    /// The bug this fixes: `File=` alone was checked for a regular file when
    /// the key file was read, and each other language's text was read with
    /// no deadline, so a `File[de]=` FIFO held the enforcer's one loop for ever.
    @Test(arguments: ["fifo.md", "dir.md", "/dev/zero", "empty.md", "missing.md"])
    func anotherLanguagesTextThatCannotBeReadIsBrokenAndHoldsNothing(_ file: String) throws {
        let directory = try EnforcerTestDirectory()
        mkfifo(directory.termsDirectory + "/fifo.md", 0o644)
        mkdir(directory.termsDirectory + "/dir.md", 0o755)
        try directory.write("empty.md", "")
        try directory.write("a.md", "Terms.\n")
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=a.md\nFile[de]=\(file)\nGate=true\n")
        let clock = ContinuousClock()
        let started = clock.now
        let set = Self.load(directory)
        #expect(clock.now - started < .seconds(2))
        let found = try #require(Self.problem(set, "org.example.aup.conf"), "\(file)")
        #expect(found.problem.isGate && found.key == "File[de]" && found.line == 4, "\(file): \(set.problems)")
    }

    @Test func aTextOverTheLimitIsBroken() throws {
        let directory = try EnforcerTestDirectory()
        let big = try directory.write("big.md", "x")
        truncate(big, off_t(TermsDocument.sizeLimit + 1))
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=big.md\nGate=true\n")
        let found = try #require(Self.problem(Self.load(directory), "org.example.aup.conf"))
        #expect(found.problem.isGate && found.key == "File")
    }

    @Test func aBrokenFileOfAnotherIdLeavesTheValidGateInForce() throws {
        let directory = try EnforcerTestDirectory()
        try directory.write("a.md", "Terms.\n")
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=a.md\nGate=true\n")
        try directory.write("org.example.aup (copy).conf", "[Terms]\nVersion=1\nFile=a.md\nGate=true\n")
        let set = Self.load(directory)
        #expect(set.gates.map(\.id) == ["org.example.aup"])
        #expect(set.brokenGates.count == 1)
    }

    // MARK: only root's files

    @Test func aTextThatIsNotRootsIsRefused() throws {
        try #require(EnforcerTestDirectory.isRoot, "only root can give a file away")
        let directory = try EnforcerTestDirectory()
        let text = try directory.write("a.md", "Terms.\n")
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=a.md\nGate=true\n")
        directory.chown(text)
        let found = try #require(Self.problem(Self.load(directory), "org.example.aup.conf"))
        #expect(found.problem.isGate && found.key == "File")
        #expect("\(found.problem.error)".contains("must be root's"))
        // A staging copy is checked as it will be once root's.
        #expect(EnforcerGateSet.load(paths: [directory.termsDirectory], defaultGrace: 120, checksOwner: false).gates.count == 1)
    }

    @Test func aKeyFileThatIsNotRootsIsRefused() throws {
        try #require(EnforcerTestDirectory.isRoot, "only root can give a file away")
        let directory = try EnforcerTestDirectory()
        try directory.write("a.md", "Terms.\n")
        directory.chown(try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=a.md\nGate=true\n"))
        let found = try #require(Self.problem(Self.load(directory), "org.example.aup.conf"))
        #expect(found.problem.isGate && found.key == nil)
    }

    @Test func aTextOthersCanWriteIsRefused() throws {
        let directory = try EnforcerTestDirectory()
        try directory.write("a.md", "Terms.\n", mode: 0o664)
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=a.md\nGate=true\n")
        #expect(Self.problem(Self.load(directory), "org.example.aup.conf")?.problem.isGate == true)
    }

    // MARK: paths

    @Test func aSingleKeyFileCanBeGivenAlone() throws {
        let directory = try EnforcerTestDirectory()
        try directory.write("a.md", "Terms.\n")
        let path = try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=a.md\nGate=true\n")
        try directory.write("org.example.other.conf", "[Terms]\nVersion=1\nFile=a.md\nGate=true\n")
        #expect(EnforcerGateSet.load(paths: [path], defaultGrace: 120).gates.map(\.id) == ["org.example.aup"])
    }

    @Test func anAbsentDirectoryHoldsNoGates() {
        let set = EnforcerGateSet.load(configRoot: "/nonexistent-\(getpid())", defaultGrace: 120)
        #expect(set.gates.isEmpty && set.problems.isEmpty)
    }
}

extension EnforcerGateSetTests {
    /// A root file in a directory its user can write could be swapped for
    /// theirs: the enforcer refuses it as a gate no one can accept.
    @Test func aTextInADirectoryOthersCanWriteIsBroken() throws {
        let directory = try EnforcerTestDirectory()
        try FileManager.default.createDirectory(atPath: directory.root + "/open", withIntermediateDirectories: true)
        chmod(directory.root + "/open", 0o777)
        try directory.write(directory.root + "/open/aup.md", "# AUP\n")
        try directory.write("org.example.aup.conf", "[Terms]\nVersion=1\nFile=\(directory.root)/open/aup.md\nGate=true\n")
        let set = EnforcerGateSet.load(configRoot: directory.root, defaultGrace: 120)
        #expect(set.gates.isEmpty)
        #expect(set.problems.contains { $0.isGate && "\($0.error)".contains("not root's alone") }, "\(set.problems)")
    }
}
