import CGLib

/// The dates `--since` and `--until` take, read as journalctl reads them
/// where they overlap, with GLib's GDateTime (no hand-made calendar):
/// `2026-12-01` (midnight), `2026-12-01 10:00[:00]`, ISO 8601 with `T` and
/// `Z` or an offset (`2026-12-01T10:00:00Z`), `today`, `yesterday`,
/// `tomorrow`, `now`, and `@SECONDS` since the epoch. Without a zone a time
/// is local, as for journalctl.
public enum ConsentAuditDate {
    /// Microseconds since the epoch for `text`; nil when it is not a date.
    public static func microseconds(_ text: String, now: UInt64? = nil) -> UInt64? {
        let zone = g_time_zone_new_local()
        defer { g_time_zone_unref(zone) }
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("@"), let seconds = UInt64(trimmed.dropFirst()), seconds < UInt64(Int64.max) / 1_000_000 {
            return seconds * 1_000_000
        }
        if let days = ["yesterday": -1, "today": 0, "tomorrow": 1][trimmed] {
            guard let current = now.map({ g_date_time_new_from_unix_local(gint64($0 / 1_000_000)) }) ?? g_date_time_new_now(zone)
            else { return nil }
            defer { g_date_time_unref(current) }
            guard let midnight = g_date_time_new(zone, g_date_time_get_year(current), g_date_time_get_month(current),
                                                 g_date_time_get_day_of_month(current), 0, 0, 0) else { return nil }
            defer { g_date_time_unref(midnight) }
            guard let day = g_date_time_add_days(midnight, gint(days)) else { return nil }
            defer { g_date_time_unref(day) }
            return microseconds(of: day)
        }
        if trimmed == "now" {
            return now ?? UInt64(g_get_real_time())
        }
        // journalctl's "YYYY-MM-DD[ HH:MM[:SS]]" is ISO 8601 with a space for the T.
        var iso = trimmed
        if iso.count == 10 { iso += "T00:00:00" }
        if let space = iso.firstIndex(of: " "), iso.distance(from: iso.startIndex, to: space) == 10 {
            iso.replaceSubrange(space...space, with: "T")
        }
        // GLib wants seconds; journalctl lets them be left off.
        if let t = iso.firstIndex(of: "T"), iso[iso.index(after: t)...].count == 5 { iso += ":00" }
        guard iso.contains("T"), let date = g_date_time_new_from_iso8601(iso, zone) else { return nil }
        defer { g_date_time_unref(date) }
        return microseconds(of: date)
    }

    /// `microseconds` since the epoch as ISO 8601 in UTC, with microseconds
    /// (`2026-12-01T10:00:00.123456Z`) or to the second (`2026-12-01T10:00:00Z`).
    public static func iso8601(_ microseconds: UInt64, fraction: Bool = true) -> String {
        guard let second = g_date_time_new_from_unix_utc(gint64(microseconds / 1_000_000)),
              let date = g_date_time_add(second, GTimeSpan(microseconds % 1_000_000))
        else { return "@\(microseconds / 1_000_000)" }
        defer { g_date_time_unref(second); g_date_time_unref(date) }
        guard let text = g_date_time_format(date, fraction ? "%Y-%m-%dT%H:%M:%S.%fZ" : "%Y-%m-%dT%H:%M:%SZ") else {
            return "@\(microseconds / 1_000_000)"
        }
        defer { g_free(text) }
        return String(cString: text)
    }

    private static func microseconds(of date: OpaquePointer) -> UInt64? {
        let seconds = g_date_time_to_unix(date)
        guard seconds >= 0 else { return nil }
        return UInt64(seconds) * 1_000_000 + UInt64(g_date_time_get_microsecond(date))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
