/* Themed icons without GTK's icon-theme machinery (Sources/CBeckonShim/icons.c):
 * zenity 3.44's answers (GTK 3.24's GtkIconTheme choice) for the icons every
 * message dialog shows, the image and the window icon.
 *
 * Why not GtkIconTheme: its first lookup maps every theme's icon-theme.cache,
 * reads shared-mime-info and pages in more of libgtk. Measured with
 * bench/tools/iconcost.c (dialog-question at 48 px plus the window icon's
 * sizes, after gtk_init, 30 interleaved fresh processes on Xvfb, 2 shared
 * cores): GtkIconTheme +6.4 MiB resident against icons.c's +4.6 MiB, so 1.8 MiB
 * more on every `--question`, and 29.0 against 28.0 ms median (22.7 against
 * 19.7 ms fastest). The memory is the reason; the time is within the noise of
 * a loaded machine (docs/performance-notes.md, "The zenity icons", measured
 * ~11-15 ms for the whole process on a quiet one). Where icons.c cannot give
 * GTK's answer exactly (SVG, scaling, symbolic icons, no up-to-date cache) it
 * returns NULL and the caller asks GtkIconTheme, so the answers stay GTK's;
 * Tests/BeckonTests/IconThemeLookupTests.swift holds it to GtkIconTheme on
 * every installed icon.
 *
 * Why C, not Swift: its callers are C. beckon_message_dialog_set_icons and
 * beckon_window_set_icon load the icons between building the window and its
 * map, beside the first-frame "draw" handler that only C can connect; in Swift
 * the C would have to call back into Swift for each icon, or those two
 * functions would move to Swift with it. It is also read against its source,
 * gtkicontheme.c, function by function, and parses icon-theme.cache, a
 * big-endian binary format, with pread. No cost of Swift was measured: that is
 * not the reason. */
#ifndef BECKON_ICONS_H
#define BECKON_ICONS_H
#include <gtk/gtk.h>

/* The file GtkIconTheme would choose for `icon_name` at `size` pixels (scale 1;
 * a direction other than NONE tries "name-ltr" or "name-rtl" first) when that choice is a PNG made for exactly that
 * size, found by reading the themes' index.theme files under `base_dirs` (a
 * NULL-terminated list, GTK's search path when NULL) along the chain GTK uses:
 * `theme`, what it inherits, then Adwaita, gnome and hicolor. NULL when GTK
 * would choose anything else (an SVG, a scaled image, no icon), or when a
 * theme directory has no up-to-date icon-theme.cache: ask GtkIconTheme then.
 * Free the result with g_free.
 * C: see above; Swift calls it only in IconThemeLookupTests. */
char *beckon_icon_theme_find_png(const char *const *base_dirs, const char *theme,
                                 const char *icon_name, int size, GtkTextDirection direction);

/* The sizes GtkIconTheme lists for `icon_name` (gtk_icon_theme_get_icon_sizes)
 * along the same chain, ascending, -1 for a directory with only an SVG;
 * 0-terminated, and empty when only GtkIconTheme can tell. Free with g_free.
 * C: as beckon_icon_theme_find_png. */
int *beckon_icon_theme_sizes(const char *const *base_dirs, const char *theme, const char *icon_name);

#endif
