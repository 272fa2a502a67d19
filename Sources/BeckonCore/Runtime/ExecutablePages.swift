import CBeckonGLib
import Synchronization

/// The executable's own pages: only those it runs stay resident, and those of
/// start-up go once the first dialog window is shown (`executable_pages.c`).
///
/// The kernel maps 64 KiB of a file around every page a process touches, and
/// a static Swift executable's running code lies scattered over 8 MB: before
/// this, `beckon --question` kept ~3 MiB of its executable resident, most of
/// what put its peak memory above yad's (issue 36, docs/performance-notes.md,
/// "The executable's own pages"). A program that shows a dialog and exits asks
/// for it (`beckon` does, in `BeckonCommand`); the library never changes its
/// host's mappings unasked.
package enum ExecutablePages {
    private static let releasePending = Atomic<Bool>(false)

    /// From now on only the pages the executable touches become resident, and
    /// the code start-up ran is given back as the first dialog window is shown.
    /// Call once, first thing: the kernel's fault-around stays off for the
    /// life of the process (its descriptor stays open).
    package static func keepOnlyWhatRuns() {
        _ = beckon_executable_fault_exactly()
        releasePending.store(true, ordering: .relaxed)
    }

    /// A dialog window is about to be shown: gives the start-up code back,
    /// once, if ``keepOnlyWhatRuns()`` asked for it.
    static func windowWillShow() {
        guard releasePending.exchange(false, ordering: .relaxed) else { return }
        _ = beckon_executable_release_startup_code()
    }
}
