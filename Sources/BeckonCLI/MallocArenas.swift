import CBeckonGLib
import Glibc

/// One malloc arena for the whole process.
///
/// glibc gives a thread its own arena the first time it allocates while
/// another holds the main one. Pango initialises fontconfig on a thread of its
/// own (`[pango] FcInit`), so every dialog paid for a second arena: about
/// 400 KiB of heap that the main thread never reuses, 1.4 % of `--question`'s
/// peak (docs/performance-notes.md). A dialog does its work on one thread, and
/// the terms window's renderer allocates while the main thread waits on the
/// person; sharing one arena costs them a lock they rarely contend for.
enum MallocArenas {
    /// Limits the process to the main arena, unless the person chose a limit
    /// (`MALLOC_ARENA_MAX`, or glibc's tunable in `GLIBC_TUNABLES`). Call before
    /// any other thread starts.
    static func limitToOne() {
        if getenv("MALLOC_ARENA_MAX") != nil { return }
        if let tunables = getenv("GLIBC_TUNABLES"), strstr(tunables, "arena_max") != nil { return }
        _ = beckon_process_use_one_malloc_arena()
    }
}
