import Glibc

extension ConsentJournal {
    /// Where journal entries are read from: this machine's journal, or
    /// journal files collected from other hosts (`beckon terms --audit`).
    public enum Source: Sendable, Hashable {
        /// The local journal (`SD_JOURNAL_LOCAL_ONLY`).
        case local
        /// Every journal file in these directories (systemd-journal-remote's,
        /// copies of /var/log/journal): ``journalFiles(in:)`` of each.
        case directories([String])
        /// These journal files.
        case files([String])

        /// The files to open: none for the local journal.
        var files: [String] {
            switch self {
            case .local: []
            case .directories(let directories): directories.flatMap(ConsentJournal.journalFiles(in:))
            case .files(let files): files
            }
        }
    }

    /// The journal files of `directory` as journald lays them out: its
    /// `*.journal` and `*.journal~` files, and those of its subdirectories
    /// named by a machine id (`/var/log/journal/ID/`) or `remote`
    /// (systemd-journal-remote's), sorted. Listed here, not by
    /// sd_journal_open_directory, so that a file that is not a journal or
    /// cannot be read fails the audit instead of being left out.
    public static func journalFiles(in directory: String) -> [String] {
        func entries(_ path: String) -> [(name: String, isDirectory: Bool)] {
            guard let stream = opendir(path) else { return [] }
            defer { closedir(stream) }
            var found: [(String, Bool)] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                guard name != ".", name != ".." else { continue }
                var info = stat()
                let isDirectory = stat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
                found.append((name, isDirectory))
            }
            return found
        }
        func isJournal(_ name: String) -> Bool { name.hasSuffix(".journal") || name.hasSuffix(".journal~") }
        func isMachineID(_ name: String) -> Bool {
            name.utf8.count == 32 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        }
        let base = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        var files: [String] = []
        for (name, isDirectory) in entries(base) {
            if !isDirectory, isJournal(name) { files.append(base + "/" + name) }
            if isDirectory, isMachineID(name) || name == "remote" {
                files += entries(base + "/" + name).filter { !$0.isDirectory && isJournal($0.name) }.map { base + "/" + name + "/" + $0.name }
            }
        }
        return files.sorted()
    }
}
