import CGtk
import Glibc

/// `BECKON_TRACE_FRAMES=FILE`: each dialog window appends the wall-clock time
/// (microseconds) of every frame GTK paints, one per line, for benchmarks that
/// look for long frames (bench/progress). Nothing happens without the variable.
@GtkActor
enum FrameTrace {
    private static let path: String? = getenv("BECKON_TRACE_FRAMES").map { String(cString: $0) }.flatMap {
        $0.isEmpty ? nil : $0
    }
    private static var descriptor: Int32 = -1

    /// Starts tracing `window`'s frames once it is realized, when asked for.
    static func watch(_ window: UnsafeMutablePointer<GtkWidget>) {
        guard let path else { return }
        if descriptor < 0 { descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { return }
        GtkSignal.connect(window, "realize") {
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            GtkSignal.connect(UnsafeMutableRawPointer(clock), "after-paint") {
                let line = "\(g_get_real_time())\n"
                _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
            }
        }
    }
}
