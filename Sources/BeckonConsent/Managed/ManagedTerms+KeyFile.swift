import CGLib
import Glibc

extension ManagedTerms {
    /// The largest key file read: 64 KiB, far more than any real one.
    public static let maximumKeyFileSize = 64 << 10

    /// The longest `GraceSeconds=`: a day.
    public static let maximumGraceSeconds = 86_400

    /// Reads the key file at `path` as the terms `id`.
    static func parse(path: String, id: String, environment: [String: String]) throws(ManagedTermsError) -> ManagedTerms {
        let text = try readKeyFileText(path)
        let reader = try KeyFileReader(path: path, text: text, languages: languageNames(environment))
        defer { reader.free() }
        try reader.checkGroupsAndKeys()

        guard let version = try reader.string("Version"), !version.isEmpty else {
            throw reader.error("Version", "is missing: every managed terms needs a version, kept in the record")
        }
        guard let file = try reader.localized("File") else {
            throw reader.error("File", "is missing: every managed terms needs the file of its text")
        }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        var terms = ManagedTerms(id: id, configPath: path, version: version,
                                 file: file.value.hasPrefix("/") ? file.value : "\(directory)/\(file.value)")
        terms.language = file.locale
        terms.fileKey = file.key
        terms.fileLine = reader.line(of: file.key)
        guard access(terms.file, R_OK) == 0 else {
            throw reader.error(file.key, "the file \(terms.file) cannot be read: \(String(cString: strerror(errno)))")
        }
        // An administrator's terms are a file: a FIFO here would block every
        // reader until someone writes to it (the gate among them, with the
        // desktop free), and a device or directory is no text (issue 32).
        var status = stat()
        guard stat(terms.file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw reader.error(file.key, "the file \(terms.file) is not a regular file")
        }
        terms.title = try reader.localized("Title")?.value
        terms.checkbox = try reader.localized("Checkbox")?.value
        terms.acceptLabel = try reader.localized("AcceptLabel")?.value
        terms.declineLabel = try reader.localized("DeclineLabel")?.value
        terms.gate = try reader.boolean("Gate") ?? false
        terms.requiresScroll = try reader.boolean("RequireScroll")
        terms.endSessionCommand = try reader.string("EndSessionCommand").flatMap { $0.isEmpty ? nil : $0 }
        if let reread = try reader.string("Reread") {
            guard let value = TermsReread(rawValue: reread) else {
                throw reader.error("Reread", "must be changes or all, not \(reread.debugDescription)")
            }
            terms.reread = value
        }
        terms.policy = try policy(reader)
        if let grace = try reader.integer("GraceSeconds") {
            guard grace >= 1, grace <= maximumGraceSeconds else {
                throw reader.error("GraceSeconds", "must be from 1 to \(maximumGraceSeconds), not \(grace)")
            }
            terms.graceSeconds = grace
        }
        // Every language's text, for the enforcer, which accepts any of them.
        for key in reader.keys(named: "File") {
            if let value = try reader.string(key) {
                terms.fileKeys.append(FileKey(key: key, line: reader.line(of: key),
                                              path: value.hasPrefix("/") ? value : "\(directory)/\(value)"))
            }
        }
        return terms
    }

    private static func policy(_ reader: KeyFileReader) throws(ManagedTermsError) -> TermsPolicy {
        let days = try reader.integer("Days")
        switch try reader.string("Policy") ?? "once-per-version" {
        case "once-per-version", "every-login":
            if days != nil { throw reader.error("Days", "is only for Policy=every-n-days") }
            return try reader.string("Policy") == "every-login" ? .everyLogin : .oncePerVersion
        case "every-n-days":
            guard let days else { throw reader.error("Policy", "every-n-days needs Days=N, a number of days") }
            guard days >= 1, days <= TermsPolicy.maximumDays else {
                throw reader.error("Days", "must be from 1 to \(TermsPolicy.maximumDays), not \(days)")
            }
            return .everyNDays(days)
        case let other:
            throw reader.error("Policy", "must be once-per-version, every-login or every-n-days, not \(other.debugDescription)")
        }
    }

    /// The key file's bytes as text: a regular file, at most ``maximumKeyFileSize``.
    private static func readKeyFileText(_ path: String) throws(ManagedTermsError) -> String {
        let failure = { (reason: String) in ManagedTermsError.invalid(path: path, line: nil, key: nil, message: reason) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw failure("is not a regular file") }
        guard status.st_size <= maximumKeyFileSize else {
            throw failure("is larger than the limit of \(maximumKeyFileSize >> 10) KiB for a key file")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw failure("cannot be read: \(String(cString: strerror(errno)))") }
        guard let text = String(validating: bytes.prefix(count), as: UTF8.self) else {
            throw failure("is not valid UTF-8, as a key file must be")
        }
        return text
    }

    /// The person's languages, most wanted first, as GLib matches them:
    /// `g_get_language_names()` for this process's environment, else the same
    /// rule (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, each name's variants
    /// by `g_get_locale_variants`) over `environment`.
    static func languageNames(_ environment: [String: String]) -> [String] {
        let variables = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]
        if variables.allSatisfy({ environment[$0] == getenv($0).map { String(cString: $0) } }) {
            return strings(g_get_language_names().map { UnsafeMutablePointer(mutating: $0) })
        }
        guard let value = variables.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else { return ["C"] }
        var names: [String] = []
        for name in value.split(separator: ":") {
            guard let variants = g_get_locale_variants(String(name)) else { continue }
            names += strings(variants)
            g_strfreev(variants)
        }
        return names + ["C"]
    }

    private static func strings(_ vector: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> [String] {
        guard let vector else { return [] }
        var result: [String] = []
        var index = 0
        while let name = vector[index] {
            result.append(String(cString: name))
            index += 1
        }
        return result
    }

    private static func strings(_ vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String] {
        strings(UnsafeMutableRawPointer(vector).assumingMemoryBound(to: UnsafePointer<CChar>?.self))
    }
}

/// One loaded GKeyFile and its text, for values and for the line of each key
/// (GKeyFile's value errors carry none).
struct KeyFileReader {
    static let group = "Terms"
    let path: String
    let lines: [Substring]
    let languages: [String]
    let keyFile: OpaquePointer

    init(path: String, text: String, languages: [String]) throws(ManagedTermsError) {
        self.path = path
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.languages = languages
        keyFile = g_key_file_new()
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_data(keyFile, text, gsize(text.utf8.count), G_KEY_FILE_KEEP_TRANSLATIONS, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "is not a key file"
            g_clear_error(&error)
            g_key_file_free(keyFile)
            throw .invalid(path: path, line: Self.firstMalformedLine(lines), key: nil, message: message)
        }
    }

    func free() { g_key_file_free(keyFile) }

    func error(_ key: String, _ message: String) -> ManagedTermsError {
        .invalid(path: path, line: line(of: key), key: key, message: message)
    }

    /// The only group is `[Terms]`; each key is known, localized only where it may be.
    func checkGroupsAndKeys() throws(ManagedTermsError) {
        var count: gsize = 0
        let groups = g_key_file_get_groups(keyFile, &count)
        defer { g_strfreev(groups) }
        var hasTerms = false
        for index in 0..<Int(count) {
            guard let pointer = groups?[index] else { continue }
            let group = String(cString: pointer)
            if group == Self.group { hasTerms = true; continue }
            throw .invalid(path: path, line: lines.firstIndex { $0.trimmingLeadingSpace == "[\(group)]" }.map { $0 + 1 },
                           key: nil, message: "unknown group [\(group)]: the only group is [Terms]")
        }
        guard hasTerms else { throw .invalid(path: path, line: nil, key: nil, message: "has no [Terms] group") }
        let keys = g_key_file_get_keys(keyFile, Self.group, &count, nil)
        defer { g_strfreev(keys) }
        for index in 0..<Int(count) {
            guard let pointer = keys?[index] else { continue }
            let key = String(cString: pointer)
            let base = String(key.prefix { $0 != "[" })
            guard let localizable = ManagedTerms.knownKeys[base] else {
                throw error(key, "is not a key of [Terms] (" + ManagedTerms.knownKeys.keys.sorted().joined(separator: ", ") + ")")
            }
            if base != key, !localizable { throw error(key, "cannot be localized: \(base)= is the same in every language") }
        }
    }

    /// `key` and each of its localized variants (`File`, `File[de]`) present in `[Terms]`.
    func keys(named key: String) -> [String] {
        var count: gsize = 0
        let keys = g_key_file_get_keys(keyFile, Self.group, &count, nil)
        defer { g_strfreev(keys) }
        return (0..<Int(count)).compactMap { keys?[$0].map { String(cString: $0) } }
            .filter { $0 == key || $0.hasPrefix(key + "[") }
    }

    /// The value of `key` with its escapes read; nil when the key is absent.
    func string(_ key: String) throws(ManagedTermsError) -> String? {
        guard g_key_file_has_key(keyFile, Self.group, key, nil) != 0 else { return nil }
        var failure: UnsafeMutablePointer<GError>?
        guard let value = g_key_file_get_string(keyFile, Self.group, key, &failure) else {
            throw error(key, consume(&failure))
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The localized value of `key` for the person's languages, as desktop
    /// files choose it, with the locale that matched (nil for the plain key)
    /// and the key that gave it; nil when no variant applies.
    func localized(_ key: String) throws(ManagedTermsError) -> (value: String, locale: String?, key: String)? {
        for language in languages where language != "C" {
            guard let locale = g_key_file_get_locale_for_key(keyFile, Self.group, key, language) else { continue }
            defer { g_free(locale) }
            let name = "\(key)[\(String(cString: locale))]"
            if let value = try string(name) { return (value, String(cString: locale), name) }
        }
        return try string(key).map { ($0, nil, key) }
    }

    func boolean(_ key: String) throws(ManagedTermsError) -> Bool? {
        guard g_key_file_has_key(keyFile, Self.group, key, nil) != 0 else { return nil }
        var failure: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_boolean(keyFile, Self.group, key, &failure)
        if failure != nil { throw error(key, consume(&failure) + " (true or false)") }
        return value != 0
    }

    func integer(_ key: String) throws(ManagedTermsError) -> Int? {
        guard g_key_file_has_key(keyFile, Self.group, key, nil) != 0 else { return nil }
        var failure: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_integer(keyFile, Self.group, key, &failure)
        if failure != nil { throw error(key, consume(&failure) + " (a whole number)") }
        return Int(value)
    }

    private func consume(_ failure: inout UnsafeMutablePointer<GError>?) -> String {
        defer { g_clear_error(&failure) }
        return failure.map { String(cString: $0.pointee.message) } ?? "has a bad value"
    }

    /// The 1-based line of `key` in `[Terms]`, the last when repeated (the one GKeyFile keeps).
    func line(of key: String) -> Int? {
        var group: Substring?
        var found: Int?
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingLeadingSpace
            if line.hasPrefix("[") { group = line.dropFirst().prefix { $0 != "]" }; continue }
            guard group == Substring(Self.group), !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            if line[..<equals].trimmingTrailingSpace == Substring(key) { found = index + 1 }
        }
        return found
    }

    /// The first line that is none of a comment, a blank line, a `[group]`
    /// header or `key=value` under a group: where GKeyFile's syntax error is.
    static func firstMalformedLine(_ lines: [Substring]) -> Int? {
        var inGroup = false
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingLeadingSpace.trimmingTrailingSpace
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count > 2 else { return index + 1 }
                inGroup = true
                continue
            }
            guard inGroup, let equals = line.firstIndex(of: "="), equals != line.startIndex else { return index + 1 }
        }
        return nil
    }
}

extension Substring {
    fileprivate var trimmingLeadingSpace: Substring { drop { $0 == " " || $0 == "\t" } }
    fileprivate var trimmingTrailingSpace: Substring {
        var result = self
        while let last = result.last, last == " " || last == "\t" || last == "\r" { result = result.dropLast() }
        return result
    }
}
