import BeckonCore
import CGtk
import Glibc

/// How a calendar's date prints: a strftime pattern applied as zenity applies
/// it, through GLib's `g_date_strftime` (time fields are 0, there is no time
/// zone), but never cut short.
enum CalendarFormat {
    /// `date` through `pattern`, in UTF-8 whatever the locale's charset. zenity
    /// gives `g_date_strftime` 127 bytes and so cuts the text at 126; here the
    /// buffer grows until the text fits.
    static func string(_ date: CalendarDate, _ pattern: String) -> String {
        guard date.isValid, let gdate = g_date_new_dmy(
            GDateDay(date.day), GDateMonth(rawValue: UInt32(date.month)), GDateYear(date.year)) else { return "" }
        defer { g_date_free(gdate) }
        var size = 128
        while true {
            var buffer = [UInt8](repeating: 0, count: size)
            let written = buffer.withUnsafeMutableBufferPointer { bytes in
                bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: size) {
                    g_date_strftime($0, gsize(size), pattern, gdate)
                }
            }
            // 0 with text in the buffer means it did not fit; 0 with none is an
            // empty result (or a pattern the locale cannot encode, as in zenity).
            if written > 0 || buffer[0] == 0 || size >= 1 << 20 {
                return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            size *= 2
        }
    }

    /// The locale's date format (`nl_langinfo(nl_item(D_FMT))` in UTF-8): "%m/%d/%y" in
    /// C, "%d.%m.%Y" in German. Call after the locale is set (GTK's init sets it).
    static func localeDefault() -> String {
        guard let format = nl_langinfo(nl_item(D_FMT)), let utf8 = g_locale_to_utf8(format, -1, nil, nil, nil) else {
            return "%x"
        }
        defer { g_free(utf8) }
        return String(cString: utf8)
    }

    /// English month names, for error messages.
    static func monthName(_ month: Int) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                     "October", "November", "December"]
        return names.indices.contains(month - 1) ? names[month - 1] : "month \(month)"
    }
}
