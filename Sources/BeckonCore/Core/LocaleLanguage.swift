import CGtk

/// The person's languages as gettext reads them, for Beckon's own words
/// (``TermsLabels``, ``AccessibleWords``); GTK's come from its own catalogue.
package enum LocaleLanguage {
    /// The language of a locale name, lowercased: "de" for `de_DE.UTF-8`, "pt" for `pt_BR`.
    package static func code(_ locale: String) -> String {
        String(locale.prefix { $0.isLetter }).lowercased()
    }

    /// What `lookup` gives for the first of the current locale's languages it
    /// knows (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, in gettext's order);
    /// nil when it knows none.
    package static func firstKnown<Words>(_ lookup: (String) -> Words?) -> Words? {
        guard let names = g_get_language_names() else { return nil }
        var index = 0
        while let name = names[index] {
            if let words = lookup(String(cString: name)) { return words }
            index += 1
        }
        return nil
    }
}
