import Synchronization

/// A bar that shows how far some work is, fed by updates while it is shown:
/// zenity's `--progress`.
///
/// OK stays disabled until the bar reaches 1 or the updates end; then OK is
/// enabled and focused, and a dialog that ``autoCloses`` ends by itself as if
/// OK were pressed. When the updates end, the bar shows 1, stops pulsating and
/// Cancel is disabled, as in zenity. Cancel, Escape, a close or the timeout end
/// the dialog at any moment, and the source stops being read.
public struct ProgressRequest: DialogRequest {
    public typealias Value = ProgressState

    /// Title, buttons, timeout and window. The first button with the default
    /// role is OK, the first with the cancel role is Cancel.
    public var frame: DialogFrame
    /// The text above the bar until an update replaces it; nil shows none.
    public var text: DialogText?
    /// Whether the text (the initial ``text`` and every ``ProgressUpdate/text(_:)``,
    /// a script's `#` lines) is Pango markup, as in zenity 4.2 (3.44 shows it
    /// literally). Markup that does not parse is shown literally. Off by default.
    public var textIsMarkup = false
    /// Where the bar starts, from 0 to 1. Starting at 1 neither enables OK nor
    /// closes the dialog: only an update or the end of the updates does.
    public var initialFraction: Double
    /// Whether the bar pulsates from the start, until `.pulsating(false)`.
    public var pulsates: Bool
    /// Whether the dialog ends with OK by itself once the bar reaches 1 or the
    /// updates end.
    public var autoCloses: Bool
    /// Whether an estimate of the time left is shown under the bar.
    public var showsTimeRemaining: Bool
    /// Whether Cancel and the window's close button are shown (Escape closes
    /// either way, as in zenity). Without Cancel, an auto-closing dialog hides
    /// OK too.
    public var isCancellable: Bool
    /// Starts the source of updates once the window exists.
    package var feed: @Sendable @GtkActor (ProgressFeed) -> Void

    /// A progress dialog that shows `updates` as they come, with Cancel and OK.
    /// The sequence is iterated on GTK's thread while the dialog is shown;
    /// when the dialog ends first, the iterating task is cancelled, so an
    /// `AsyncStream`'s producer learns of it through `onTermination`.
    public init<Updates: AsyncSequence & Sendable>(
        title: String? = nil, text: DialogText? = nil, updates: Updates, initialFraction: Double = 0,
        pulsates: Bool = false, autoCloses: Bool = true, showsTimeRemaining: Bool = false,
        isCancellable: Bool = true, timeout: Duration? = nil, parent: DialogParent? = nil
    ) where Updates.Element == ProgressUpdate {
        self.init(title: title, text: text, initialFraction: initialFraction, pulsates: pulsates,
                  autoCloses: autoCloses, showsTimeRemaining: showsTimeRemaining, isCancellable: isCancellable,
                  timeout: timeout, parent: parent, feed: { feed in feed.iterate(updates, failure: nil) })
    }

    /// A progress dialog whose updates come from `feed`, started on GTK's
    /// thread once the window exists (the command line's stdin reader).
    package init(
        title: String? = nil, text: DialogText? = nil, initialFraction: Double = 0, pulsates: Bool = false,
        autoCloses: Bool = true, showsTimeRemaining: Bool = false, isCancellable: Bool = true,
        timeout: Duration? = nil, parent: DialogParent? = nil,
        feed: @escaping @Sendable @GtkActor (ProgressFeed) -> Void
    ) {
        frame = .okCancel(title: title, timeout: timeout)
        frame.parent = parent
        self.text = text
        self.initialFraction = initialFraction
        self.pulsates = pulsates
        self.autoCloses = autoCloses
        self.showsTimeRemaining = showsTimeRemaining
        self.isCancellable = isCancellable
        self.feed = feed
    }

    /// The state at the start for nil; a scripted state otherwise.
    public func value(scripted: ProgressState?) -> ProgressState? {
        scripted ?? ProgressState(fraction: Self.clamped(initialFraction))
    }

    public var builders: DialogBuilders<ProgressState> { DialogBuilders(self) }

    /// `fraction` within 0...1; NaN counts as 0.
    static func clamped(_ fraction: Double) -> Double {
        fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    }
}

extension ProgressFeed {
    /// Feeds `updates` from a task on GTK's thread, cancelled when the dialog
    /// ends; the end of the sequence is the end of the updates. A sequence that
    /// throws ends the dialog, and its error goes to `failure`.
    package func iterate<Updates: AsyncSequence & Sendable>(_ updates: Updates, failure: ProgressFailure?)
    where Updates.Element == ProgressUpdate {
        let task = Task { @GtkActor [self] in
            do {
                var iterator = updates.makeAsyncIterator()
                while let update = try await iterator.next() {
                    guard isActive else {
                        // The dialog ended while this update was on its way:
                        // the cancel came after next() returned, so it did not
                        // end an AsyncStream. One more next() in the cancelled
                        // task does, and its producer learns it.
                        _ = try? await iterator.next()
                        return
                    }
                    apply(update)
                }
                finish()
            } catch {
                guard isActive, !(error is CancellationError) else { return }
                failure?.error = error
                abandon()
            }
        }
        onStop { task.cancel() }
    }
}

/// The error a typed progress call's sequence threw, kept for the caller,
/// and whether the sequence was iterated at all.
/// A lock rather than GTK's actor: a scripted presenter runs without GTK's loop.
package final class ProgressFailure: Sendable {
    private let stored = Mutex<(any Error)?>(nil)
    private let started = Mutex(false)
    package init() {}
    package var error: (any Error)? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
    /// Whether the dialog began iterating the updates.
    package var iterated: Bool {
        get { started.withLock { $0 } }
        set { started.withLock { $0 = newValue } }
    }
}
