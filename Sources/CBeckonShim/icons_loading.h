/* The shim's own use of icons.c: themed icons loaded as GTK would load them. */
#ifndef BECKON_ICONS_LOADING_H
#define BECKON_ICONS_LOADING_H
#include <gtk/gtk.h>

/* What gtk_icon_theme_load_icon would give for `icon_name` at `size` (scale 1)
 * in icon theme `theme`, when icons.c can find it alone; NULL otherwise. */
GdkPixbuf *beckon_icon_theme_load(const char *theme, const char *icon_name, int size, GtkTextDirection direction);

/* gtk_window_set_icon_name's icon list (icon_list_from_theme), or NULL when
 * any of its sizes needs GtkIconTheme. Free with g_list_free_full(…, g_object_unref). */
GList *beckon_icon_theme_window_icons(const char *theme, const char *icon_name);

/* The icon theme GTK's settings name now (gtk-icon-theme-name). Free with g_free. */
char *beckon_icon_theme_current(void);

#endif
