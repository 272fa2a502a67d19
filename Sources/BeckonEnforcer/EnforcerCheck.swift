import BeckonConsent
import Glibc

/// What the enforcer would make of a configuration, one line per file: its
/// own settings, each gate, each plain managed terms, and every file it
/// cannot use with what it would do about it. `beckon-enforcer --check` and
/// `beckon terms --check-config` print the same report, so an administrator
/// sees before deploying what the service will see after.
public struct EnforcerCheck: Sendable {
    /// Where files are checked from: the system's own paths, as the service
    /// reads them (root's, or refused), or a staging copy an administrator
    /// has not deployed yet (whose owner is not checked: it becomes root's
    /// when installed, and a missing path given by name is a problem).
    public enum Scope: Sendable, Equatable {
        case installed, staging
    }

    /// One file's line of the report.
    public struct Line: Sendable, Equatable {
        /// The file (or directory) the line is about.
        public var path: String
        /// `path: what it holds`, or for a problem `path:line: key “K”: message [what the service does]`.
        public var text: String
        public var isProblem: Bool
    }

    /// The settings the service would run on (the defaults when its key file is broken).
    public private(set) var configuration = EnforcerConfiguration()
    /// The gates, the plain terms and the problems of the key files.
    public private(set) var gates = EnforcerGateSet()
    /// The report, the enforcer's own key file first, then by path.
    public private(set) var lines: [Line] = []

    public var problemCount: Int { lines.filter(\.isProblem).count }
    /// 0 when nothing is wrong, 1 otherwise.
    public var exitCode: Int32 { problemCount == 0 ? 0 : 1 }
    /// The lines, each ending in a newline.
    public var text: String { lines.map { $0.text + "\n" }.joined() }

    /// Checks the enforcer's key file at `configurationPath` and the key files
    /// in `gatePaths` (`terms.d` directories or single `ID.conf` files).
    public init(configurationPath: String = EnforcerConfiguration.path, configurationScope: Scope = .installed,
                gatePaths: [String] = [EnforcerConfiguration.gateDirectory], gateScope: Scope = .installed) {
        lines.append(checkConfiguration(configurationPath, configurationScope))
        var rest: [Line] = []
        if gateScope == .staging {
            for path in gatePaths where !Self.exists(path) {
                rest.append(Line(path: path, text: "\(path): does not exist", isProblem: true))
            }
        }
        gates = EnforcerGateSet.load(paths: gatePaths, defaultGrace: configuration.graceSeconds,
                                     checksOwner: gateScope == .installed)
        for gate in gates.gates {
            let texts = Set(gate.terms.fileVariants).count
            rest.append(Line(path: gate.terms.configPath,
                             text: "\(gate.terms.configPath): gate \(gate.id) version \(gate.terms.version), "
                                 + "grace \(gate.graceSeconds) s, \(texts) text\(texts == 1 ? "" : "s") "
                                 + "[\(configuration.mode == .pilot ? "pilot mode: reported only" : "enforced")]",
                             isProblem: false))
        }
        // The user's side reads each language's text when it shows plain
        // terms: a text that cannot be read fails `beckon terms --managed`.
        for terms in gates.plainTerms {
            let path = terms.configPath
            do {
                let texts = try EnforcerGateSet.digests(of: terms, checksOwner: false).count
                rest.append(Line(path: path, text: "\(path): terms \(terms.id) version \(terms.version), "
                                     + "\(texts) text\(texts == 1 ? "" : "s") [not a gate: the enforcer leaves it alone]",
                                 isProblem: false))
            } catch {
                rest.append(Line(path: path, text: "\(error) [not a gate: reported only; beckon terms --managed exits 255]",
                                 isProblem: true))
            }
        }
        for problem in gates.problems {
            let path: String
            if case let .invalid(file, _, _, _) = problem.error { path = file } else { path = "" }
            rest.append(Line(path: path, text: "\(problem.error) [\(effect(of: problem))]", isProblem: true))
        }
        // Nothing found says so, rather than printing nothing about the gates at all.
        if rest.isEmpty {
            rest = gatePaths.map { Line(path: $0, text: "\($0): no key files: no gates", isProblem: false) }
        }
        lines += rest.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
    }

    /// What the service does with a file it cannot use.
    private func effect(of problem: EnforcerGateSet.Problem) -> String {
        guard problem.isGate else { return "not a gate: reported only" }
        let broken = "taken for a gate no one can accept: "
        switch (configuration.configurationErrors, configuration.mode) {
        case (.report, _): return broken + "reported only (ConfigurationErrors=report)"
        case (.endSession, .pilot): return broken + "would end every gated session (pilot mode: reported only)"
        case (.endSession, .enforce): return broken + "ends every gated session after the grace"
        }
    }

    private mutating func checkConfiguration(_ path: String, _ scope: Scope) -> Line {
        guard Self.exists(path) else {
            let settings = describe(configuration)
            return scope == .staging
                ? Line(path: path, text: "\(path): does not exist", isProblem: true)
                : Line(path: path, text: "\(path): absent: the defaults, \(settings)", isProblem: false)
        }
        do {
            configuration = try EnforcerConfiguration.load(path: path, checksOwner: scope == .installed)
            return Line(path: path, text: "\(path): \(describe(configuration))", isProblem: false)
        } catch {
            return Line(path: path, text: "\(error) [the service runs on the defaults: \(describe(configuration))]",
                        isProblem: true)
        }
    }

    private func describe(_ configuration: EnforcerConfiguration) -> String {
        "Mode=\(configuration.mode.rawValue), GraceSeconds=\(configuration.graceSeconds), "
            + "ConfigurationErrors=\(configuration.configurationErrors.rawValue), MinimumUID=\(configuration.minimumUID), "
            + "TextConsoles=\(configuration.textConsoles), OtherGraphicalSessions=\(configuration.otherGraphicalSessions.rawValue), "
            + "MaxReadingSeconds=\(configuration.maxReadingSeconds), Executables=\(configuration.executables.joined(separator: ";"))"
    }

    /// Whether anything is at `path`, a dangling symbolic link included.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
