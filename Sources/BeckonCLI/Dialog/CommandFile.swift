import BeckonIO
import BeckonLiveDialog
import Glibc

/// The command file a `beckon dialog` follows: where it is, and opening it
/// safely.
///
/// swiftDialog's default, `/var/tmp/dialog.log`, is a file any user of the
/// machine can write to, and so drive another user's dialog with. Beckon's is
/// private to the user: `$XDG_RUNTIME_DIR/beckon/dialog.log` (a directory
/// only the user can enter). A file another user could write is refused.
struct CommandFile {
    let path: String
    /// Open for reading, non-blocking.
    let descriptor: Int32
    /// A FIFO is read as it comes; a regular file from its end at the start.
    let isFIFO: Bool
    /// For a FIFO: our own write end, so that the read end never sees
    /// end-of-file (and a busy loop) between two writers.
    private(set) var keeper: Int32 = -1

    /// The default path, its directory made (0700) if missing.
    static func defaultPath(environment: Environment) throws(LiveDialogError) -> String {
        let base = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/run/user/\(getuid())"
        let directory = base + "/beckon"
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw LiveDialogError("--commandfile: cannot make \(directory): \(String(cString: strerror(errno)))")
        }
        return directory + "/dialog.log"
    }

    /// Opens `path`, made (0600) if missing; refuses a symbolic link, a file
    /// of another user, and one that group or others may write.
    init(path: String) throws(LiveDialogError) {
        self.path = path
        var descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 && errno == ENOENT {
            let made = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if made >= 0 { Glibc.close(made) }
            descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            let reason = errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno))
            throw LiveDialogError("--commandfile \(path): cannot be opened: \(reason)")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            Glibc.close(descriptor)
            throw LiveDialogError("--commandfile \(path): cannot be read: \(String(cString: strerror(errno)))")
        }
        let kind = info.st_mode & S_IFMT
        // Each refusal says how to mend it: swiftDialog makes its command
        // file 0666 (DialogUpdatableContent.swift, commandFilePermissions),
        // and scripts written for it make theirs so too.
        let problem: String? = if kind != S_IFREG && kind != S_IFIFO {
            "it is not a regular file or a FIFO"
        } else if info.st_uid != getuid() && info.st_uid != 0 {
            "it belongs to another user (uid \(info.st_uid)), who could drive this dialog. "
                + "Use a file of your own or root's, or leave --commandfile out for the private default"
        } else if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            "other users can write to it (mode \(String(info.st_mode & 0o777, radix: 8))), so any of them could drive "
                + "this dialog. Take their write access away: chmod go-w \(path). "
                + "The dialog only reads the file, so a script running as root may keep it root's (chmod 644); "
                + "swiftDialog's chmod 666 is not needed (docs/dialog.md, \"Porting a swiftDialog script\")"
        } else {
            nil
        }
        if let problem {
            Glibc.close(descriptor)
            throw LiveDialogError("--commandfile \(path): refused: \(problem)")
        }
        self.descriptor = descriptor
        isFIFO = kind == S_IFIFO
        if isFIFO {
            keeper = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        } else {
            // Only what is written after the dialog starts, as swiftDialog reads it.
            lseek(descriptor, 0, SEEK_END)
        }
    }

    func close() {
        Glibc.close(descriptor)
        if keeper >= 0 { Glibc.close(keeper) }
    }
}
