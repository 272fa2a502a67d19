import CGtk
import Synchronization

/// Runs jobs on GTK's main context, one at a time, in the order they arrive.
///
/// Jobs go into a queue under a lock; a single GLib idle source drains it, so a
/// burst of jobs costs one wake-up of GTK's loop. `g_idle_add_full` is safe from
/// any thread and wakes the loop. (`g_main_context_invoke` is not used: it runs
/// the job inline when the caller happens to own the context.)
final class GtkExecutor: SerialExecutor, Sendable {
    static let shared = GtkExecutor()

    private struct Queue: ~Copyable {
        var jobs: [UnownedJob] = []
        var drainScheduled = false
    }
    private let queue = Mutex(Queue())

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let mustSchedule = queue.withLock { state -> Bool in
            state.jobs.append(job)
            if state.drainScheduled { return false }
            state.drainScheduled = true
            return true
        }
        if mustSchedule {
            // Default priority: ahead of redraws, as GTK's own event handling is.
            g_idle_add_full(G_PRIORITY_DEFAULT, { _ in
                GtkExecutor.shared.drain()
                return 0 // G_SOURCE_REMOVE
            }, nil, nil)
        }
    }

    private func drain() {
        let jobs = queue.withLock { state -> [UnownedJob] in
            state.drainScheduled = false
            defer { state.jobs.removeAll(keepingCapacity: true) }
            return state.jobs
        }
        let executor = asUnownedSerialExecutor()
        for job in jobs {
            job.runSynchronously(on: executor)
        }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func isIsolatingCurrentContext() -> Bool? {
        GtkActor.isOnGtkThread
    }

    func checkIsolated() {
        precondition(GtkActor.isOnGtkThread, "expected to run on GTK's main loop thread")
    }
}
