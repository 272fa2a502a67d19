/* Themed icons without GTK's icon-theme machinery (Sources/CBeckonShim/icons.c). */
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
 * Free the result with g_free. */
char *beckon_icon_theme_find_png(const char *const *base_dirs, const char *theme,
                                 const char *icon_name, int size, GtkTextDirection direction);

/* The sizes GtkIconTheme lists for `icon_name` (gtk_icon_theme_get_icon_sizes)
 * along the same chain, ascending, -1 for a directory with only an SVG;
 * 0-terminated, and empty when only GtkIconTheme can tell. Free with g_free. */
int *beckon_icon_theme_sizes(const char *const *base_dirs, const char *theme, const char *icon_name);

#endif
