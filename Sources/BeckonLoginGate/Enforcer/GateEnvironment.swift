/// The environment a gate's process runs in where an enforcer runs: declared
/// once, here, for both sides. The gate re-executes itself with
/// ``cleaned(_:)`` before any library reads a variable; the enforcer refuses a
/// gate whose initial environment (`/proc/PID/environ`) has anything
/// ``violations(in:)`` names. Every module, theme, input-method, loader and
/// data-path variable is dropped, and the per-user directories GTK, GLib and
/// fontconfig search (`~/.themes`, `~/.icons`, `~/.config/gtk-3.0/gtk.css`,
/// `settings.ini`, `~/.fonts.conf`, user fonts, caches) point at a directory
/// that does not exist, so what the gate loads comes from system paths only
/// (docs/administrators.md, "The gate's own environment").
package enum GateEnvironment {
    /// Passed through as the session set them: where the session's display
    /// and buses are, who and where the user is, the language.
    package static let kept: Set<String> = [
        "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS",
        "XDG_RUNTIME_DIR", "XDG_SESSION_ID", "XDG_SESSION_TYPE", "XDG_SESSION_CLASS", "XDG_SESSION_DESKTOP",
        "XDG_CURRENT_DESKTOP", "XDG_SEAT", "XDG_VTNR", "DESKTOP_SESSION",
        "LANG", "LANGUAGE", "TZ", "USER", "LOGNAME", "PATH", "SHELL", "TERM",
        // The tests' way to find the gate's window by its role (docs/testing.md): a name, no code or path.
        "BECKON_TEST_EXPOSE_GATE",
    ]
    /// Kept by prefix: the locale's categories (`LC_ALL`, `LC_MESSAGES`, …).
    package static let keptPrefixes = ["LC_"]

    /// The directory every per-user search path points at: Debian's name for
    /// a home that must not exist, which only root could create.
    package static let nowhere = "/nonexistent/beckon-gate"

    /// Set to these values whatever the session said.
    package static let fixed: [(name: String, value: String)] = [
        ("HOME", nowhere), ("XDG_CONFIG_HOME", nowhere), ("XDG_DATA_HOME", nowhere), ("XDG_CACHE_HOME", nowhere),
        ("XDG_CONFIG_DIRS", "/etc/xdg"), ("XDG_DATA_DIRS", "/usr/local/share:/usr/share"),
    ]

    /// Given the value they had, or would have had, before the home was
    /// replaced: the user's own consent records (`XDG_STATE_HOME`, else
    /// `~/.local/state`) and the X cookie (`XAUTHORITY`, else `~/.Xauthority`).
    /// Paths to data, never to code.
    package static let derived: [(name: String, fromHome: String)] = [
        ("XDG_STATE_HOME", "/.local/state"), ("XAUTHORITY", "/.Xauthority"),
    ]

    /// Whether `name` may be in a gate's environment at all.
    package static func allows(_ name: Substring) -> Bool {
        kept.contains(String(name)) || keptPrefixes.contains { name.hasPrefix($0) }
            || fixed.contains { $0.name == name } || derived.contains { $0.name == name }
    }

    /// The gate's environment made from `environment` (`NAME=value` strings,
    /// as `environ` holds them), in a stable order: the kept variables as
    /// given, the derived ones, the fixed ones.
    package static func cleaned(_ environment: [String]) -> [String] {
        var given: [String: String] = [:]
        for entry in environment {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else { continue }
            let name = String(entry[..<equals])
            if given[name] == nil { given[name] = String(entry[entry.index(after: equals)...]) }
        }
        var result = given.filter { name, _ in
            kept.contains(name) || keptPrefixes.contains { name.hasPrefix($0) }
        }
        let home = given["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        for (name, fromHome) in derived {
            if let value = given[name], value.hasPrefix("/") { result[name] = value }
            else if let home { result[name] = home + fromHome }
        }
        for (name, value) in fixed { result[name] = value }
        return result.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// Whether `environment` is already what ``cleaned(_:)`` makes of it.
    package static func isClean(_ environment: [String]) -> Bool {
        violations(in: environment).isEmpty
    }

    /// What in a process's initial environment a gate must not have: a
    /// variable not on the lists, a fixed one with another value, a name
    /// given twice. Empty for a clean gate.
    package static func violations(in environment: [String]) -> [String] {
        var seen = Set<Substring>()
        var problems: [String] = []
        for entry in environment where !entry.isEmpty {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                problems.append("a malformed entry")
                continue
            }
            let name = entry[..<equals], value = entry[entry.index(after: equals)...]
            guard seen.insert(name).inserted else { problems.append("\(name) twice"); continue }
            guard allows(name) else { problems.append(String(name)); continue }
            if let fixed = fixed.first(where: { $0.name == name }), fixed.value != value {
                problems.append("\(name) not \(fixed.value)")
            }
        }
        for (name, value) in fixed where !seen.contains(Substring(name)) {
            problems.append("\(name) not \(value)")
        }
        return problems
    }
}
