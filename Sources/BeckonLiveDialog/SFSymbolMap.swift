import BeckonIO
import Synchronization

/// Which freedesktop icon stands in for each SF Symbol: the one declaration
/// the window, docs/dialog.md's "SF Symbols" table and the tests read.
///
/// The names are those public swiftDialog scripts use most
/// (docs/sf-symbols-usage.tsv, counted by scripts/count-sf-symbols),
/// swiftDialog's own built-in icons and common names, and names a code
/// search of `SF=` found in other public scripts. Each icon is a `-symbolic` name of
/// the icon-naming specification that Adwaita 43 ships (the tests check
/// every one against /usr/share/icons/Adwaita); breeze ships the same names,
/// and GTK falls back from `NAME-symbolic` to `NAME` and then to shorter
/// names (`emblem-ok` → `emblem`) in themes without them, down to hicolor.
public enum SFSymbolMap {
    /// One SF Symbol (or a family: `#` stands for a number, as in
    /// `#.circle` for `01.circle` … `50.circle`) and its icon.
    public struct Entry: Sendable, Equatable {
        public let symbol: String
        public let icon: String
        init(_ symbol: String, _ icon: String) {
            self.symbol = symbol
            self.icon = icon
        }
    }

    /// Shown for an SF Symbol that has no entry, with one warning naming it.
    public static let fallbackIcon = "image-missing-symbolic"

    public static let entries: [Entry] = [
        // Numbered steps (Mac Health Check's rows): the number itself is not drawn.
        Entry("#.circle", "radio-symbolic"),
        Entry("#.circle.fill", "media-record-symbolic"),
        Entry("#.square.fill", "checkbox-symbolic"),
        Entry("#.square", "checkbox-symbolic"),
        // Done, failed, warnings, questions.
        Entry("checkmark", "object-select-symbolic"),
        Entry("checkmark.circle", "emblem-ok-symbolic"),
        Entry("checkmark.circle.fill", "emblem-ok-symbolic"),
        Entry("checkmark.seal.fill", "emblem-ok-symbolic"),
        Entry("checkmark.shield.fill", "security-high-symbolic"),
        Entry("checklist", "view-list-bullet-symbolic"),
        Entry("xmark", "window-close-symbolic"),
        Entry("xmark.circle", "process-stop-symbolic"),
        Entry("xmark.circle.fill", "process-stop-symbolic"),
        Entry("xmark.octagon.fill", "process-stop-symbolic"),
        Entry("xmark.shield.fill", "security-low-symbolic"),
        Entry("exclamationmark.octagon.fill", "dialog-error-symbolic"),
        Entry("exclamationmark.triangle", "dialog-warning-symbolic"),
        Entry("exclamationmark.triangle.fill", "dialog-warning-symbolic"),
        Entry("exclamationmark.circle", "dialog-warning-symbolic"),
        Entry("exclamationmark.circle.fill", "dialog-warning-symbolic"),
        Entry("exclamationmark.shield.fill", "security-low-symbolic"),
        Entry("info.circle", "dialog-information-symbolic"),
        Entry("info.circle.fill", "dialog-information-symbolic"),
        Entry("questionmark.circle", "dialog-question-symbolic"),
        Entry("questionmark.circle.fill", "dialog-question-symbolic"),
        Entry("person.fill.questionmark", "dialog-question-symbolic"),
        // Installing and updating.
        Entry("desktopcomputer.and.arrow.down", "system-software-install-symbolic"),
        Entry("laptopcomputer.and.arrow.down", "system-software-install-symbolic"),
        Entry("arrow.down.app.fill", "system-software-install-symbolic"),
        Entry("arrow.down.circle", "software-update-available-symbolic"),
        Entry("arrow.down.circle.fill", "software-update-available-symbolic"),
        Entry("square.and.arrow.down", "document-save-symbolic"),
        Entry("arrow.clockwise", "view-refresh-symbolic"),
        Entry("arrow.counterclockwise", "system-reboot-symbolic"),
        Entry("arrow.trianglehead.2.clockwise", "view-refresh-symbolic"),
        Entry("arrow.triangle.2.circlepath", "emblem-synchronizing-symbolic"),
        Entry("arrow.triangle.2.circlepath.circle", "emblem-synchronizing-symbolic"),
        Entry("app.badge.fill", "software-update-urgent-symbolic"),
        Entry("apps.iphone.badge.plus", "phone-apple-iphone-symbolic"),
        Entry("app", "application-x-executable-symbolic"),
        Entry("app.fill", "application-x-executable-symbolic"),
        // Machines and devices.
        Entry("applelogo", "computer-symbolic"),
        Entry("desktopcomputer", "computer-symbolic"),
        Entry("laptopcomputer", "computer-symbolic"),
        Entry("macbook.gen2", "computer-symbolic"),
        Entry("lock.laptopcomputer", "system-lock-screen-symbolic"),
        Entry("display", "video-display-symbolic"),
        Entry("keyboard", "input-keyboard-symbolic"),
        Entry("printer", "printer-symbolic"),
        Entry("printer.fill", "printer-symbolic"),
        Entry("externaldrive", "drive-harddisk-symbolic"),
        Entry("externaldrive.fill", "drive-harddisk-symbolic"),
        Entry("externaldrive.fill.badge.checkmark", "drive-harddisk-symbolic"),
        Entry("internaldrive", "drive-harddisk-symbolic"),
        Entry("cpu", "preferences-system-details-symbolic"),
        Entry("cpu.fill", "preferences-system-details-symbolic"),
        Entry("memorychip", "preferences-system-details-symbolic"),
        Entry("gauge.with.dots.needle.67percent", "power-profile-performance-symbolic"),
        Entry("battery.100", "battery-full-symbolic"),
        Entry("bolt.fill", "battery-full-charging-symbolic"),
        Entry("gamecontroller", "input-gaming-symbolic"),
        Entry("touchid", "auth-fingerprint-symbolic"),
        Entry("camera", "camera-photo-symbolic"),
        Entry("mic", "audio-input-microphone-symbolic"),
        Entry("speaker.wave.2", "audio-volume-medium-symbolic"),
        Entry("airplayaudio.circle.fill", "audio-speakers-symbolic"),
        Entry("airplayvideo.circle.fill", "video-display-symbolic"),
        // Security.
        Entry("lock", "changes-prevent-symbolic"),
        Entry("lock.fill", "changes-prevent-symbolic"),
        Entry("lock.open", "changes-allow-symbolic"),
        Entry("lock.shield", "channel-secure-symbolic"),
        Entry("lock.shield.fill", "channel-secure-symbolic"),
        Entry("shield", "security-medium-symbolic"),
        Entry("shield.fill", "security-high-symbolic"),
        Entry("bolt.shield.fill", "security-high-symbolic"),
        Entry("firewall.fill", "security-high-symbolic"),
        Entry("key", "dialog-password-symbolic"),
        Entry("key.fill", "dialog-password-symbolic"),
        Entry("key.horizontal.fill", "dialog-password-symbolic"),
        Entry("rectangle.and.pencil.and.ellipsis", "dialog-password-symbolic"),
        // Networks.
        Entry("network", "network-workgroup-symbolic"),
        Entry("wifi", "network-wireless-symbolic"),
        Entry("globe", "web-browser-symbolic"),
        Entry("dot.radiowaves.left.and.right", "network-wireless-hotspot-symbolic"),
        Entry("antenna.radiowaves.left.and.right", "network-wireless-hotspot-symbolic"),
        Entry("wave.3.up.circle", "network-wireless-symbolic"),
        Entry("wave.3.up.circle.fill", "network-wireless-symbolic"),
        Entry("airplane.circle.fill", "airplane-mode-symbolic"),
        Entry("cloud", "weather-overcast-symbolic"),
        Entry("cloud.circle", "weather-overcast-symbolic"),
        Entry("icloud", "weather-overcast-symbolic"),
        // People.
        Entry("person", "avatar-default-symbolic"),
        Entry("person.fill", "avatar-default-symbolic"),
        Entry("person.crop.circle", "avatar-default-symbolic"),
        Entry("person.crop.circle.badge.checkmark", "avatar-default-symbolic"),
        Entry("person.badge.clock.fill", "user-away-symbolic"),
        Entry("person.2.fill", "system-users-symbolic"),
        Entry("person.3.sequence.fill", "system-users-symbolic"),
        Entry("hands.clap.fill", "face-smile-big-symbolic"),
        // Settings and tools.
        Entry("gear", "emblem-system-symbolic"),
        Entry("gear.badge", "emblem-system-symbolic"),
        Entry("gearshape", "emblem-system-symbolic"),
        Entry("gearshape.fill", "emblem-system-symbolic"),
        Entry("gearshape.2", "emblem-system-symbolic"),
        Entry("wrench.and.screwdriver", "applications-system-symbolic"),
        Entry("wrench.and.screwdriver.fill", "applications-system-symbolic"),
        Entry("terminal", "utilities-terminal-symbolic"),
        Entry("magnifyingglass", "system-search-symbolic"),
        Entry("mail.and.text.magnifyingglass", "system-search-symbolic"),
        Entry("power", "system-shutdown-symbolic"),
        // Documents and lists.
        Entry("doc", "text-x-generic-symbolic"),
        Entry("doc.fill", "text-x-generic-symbolic"),
        Entry("doc.circle", "text-x-generic-symbolic"),
        Entry("doc.text", "text-x-generic-symbolic"),
        Entry("folder", "folder-symbolic"),
        Entry("folder.fill", "folder-symbolic"),
        Entry("trash", "user-trash-symbolic"),
        Entry("pencil.and.list.clipboard", "document-edit-symbolic"),
        Entry("list.bullet.rectangle.fill", "view-list-bullet-symbolic"),
        Entry("rectangle.split.3x1.fill", "view-grid-symbolic"),
        Entry("envelope", "mail-unread-symbolic"),
        Entry("envelope.fill", "mail-unread-symbolic"),
        Entry("calendar", "x-office-calendar-symbolic"),
        // Time, notices, the rest.
        Entry("clock", "preferences-system-time-symbolic"),
        Entry("stopwatch", "preferences-system-time-symbolic"),
        Entry("deskclock.fill", "preferences-system-time-symbolic"),
        Entry("hourglass", "preferences-system-time-symbolic"),
        Entry("bell", "preferences-system-notifications-symbolic"),
        Entry("bell.fill", "preferences-system-notifications-symbolic"),
        Entry("bell.badge.fill", "preferences-system-notifications-symbolic"),
        Entry("house", "user-home-symbolic"),
        Entry("house.fill", "user-home-symbolic"),
        Entry("star", "non-starred-symbolic"),
        Entry("star.fill", "starred-symbolic"),
        Entry("heart.fill", "emote-love-symbolic"),
        Entry("sun.max.circle", "weather-clear-symbolic"),
        Entry("moon", "weather-clear-night-symbolic"),
        Entry("rainbow", "preferences-color-symbolic"),
        Entry("car.rear", "emoji-travel-symbolic"),
        Entry("bubble.circle.fill", "chat-message-new-symbolic"),
        // Seen in other public scripts (a code search of `SF=`), outside the count.
        Entry("clock.arrow.circlepath", "document-open-recent-symbolic"),
        Entry("network.badge.shield.half.filled", "network-vpn-symbolic"),
        Entry("sparkles", "starred-symbolic"),
        Entry("powerplug", "ac-adapter-symbolic"),
        Entry("rectangle.and.text.magnifyingglass", "system-search-symbolic"),
        Entry("circle.dashed", "content-loading-symbolic"),
        Entry("slowmo", "process-working-symbolic"),
        Entry("ellipsis.circle.fill", "view-more-horizontal-symbolic"),
        Entry("folder.badge.gearshape", "folder-symbolic"),
        Entry("gear.badge.questionmark", "emblem-system-symbolic"),
        Entry("person.crop.circle.badge.questionmark", "avatar-default-symbolic"),
        Entry("trash.fill", "user-trash-symbolic"),
    ]

    /// The entries by exact name, and the families (`#`) apart.
    private static let exact: [String: String] = Dictionary(
        entries.filter { !$0.symbol.contains("#") }.map { ($0.symbol, $0.icon) }, uniquingKeysWith: { first, _ in first })
    private static let families = entries.filter { $0.symbol.contains("#") }

    /// The icon declared for `name` (any case), or nil when there is none.
    public static func icon(for name: String) -> String? {
        let key = name.lowercased()
        if let icon = exact[key] { return icon }
        return families.first { matches(key, family: $0.symbol) }?.icon
    }

    /// Whether `name` is `family` with its `#` one or more digits.
    static func matches(_ name: String, family: String) -> Bool {
        guard let hash = family.firstIndex(of: "#") else { return name == family }
        let prefix = family[..<hash], suffix = family[family.index(after: hash)...]
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return false }
        return name.dropFirst(prefix.count).dropLast(suffix.count).allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The icon to show for `name`: its entry's, or ``fallbackIcon`` with a
    /// warning through `warnings`, the first time this name is met.
    public static func resolve(_ name: String, warnings: SFSymbolWarnings = .shared) -> String {
        if let icon = icon(for: name) { return icon }
        warnings.unmapped(name)
        return fallbackIcon
    }
}

/// Says once per name per run that an SF Symbol has no icon here, so that a
/// list of 50 rows redrawn on every command writes one line, not thousands.
public final class SFSymbolWarnings: Sendable {
    /// The process's: `beckon dialog: warning: …` on stderr.
    public static let shared = SFSymbolWarnings { message in
        _ = FileDescriptor.writeAll(2, "beckon dialog: warning: \(message)\n")
    }

    private let warned = Mutex<Set<String>>([])
    private let write: @Sendable (String) -> Void

    public init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Writes the warning for `name` unless it was written before.
    public func unmapped(_ name: String) {
        let first = warned.withLock { $0.insert(name.lowercased()).inserted }
        guard first else { return }
        write("SF Symbol '\(name)' has no icon on Linux; showing \(SFSymbolMap.fallbackIcon) (docs/dialog.md, \"SF Symbols\")")
    }
}
