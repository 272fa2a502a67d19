/* iconcost: what the first themed icon costs a fresh GTK 3 process, through
 * icons.c and through GtkIconTheme: the reason icons.c exists
 * (Sources/CBeckonShim/include/beckon_icons.h).
 *
 *   S=Sources/CBeckonShim
 *   cc -O2 -o /tmp/iconcost bench/tools/iconcost.c $S/icons.c -I$S -I$S/include \
 *      $(pkg-config --cflags --libs gtk+-3.0)
 *   for i in $(seq 30); do /tmp/iconcost 1; /tmp/iconcost 2; done   # on a display
 *
 * Each run loads what `beckon --question` shows, dialog-question at 48 px for
 * the image and every listed size for the window icon, after gtk_init, and
 * prints: mode, whether it loaded, milliseconds, resident KiB gained.
 * Mode 1: icons.c (beckon_icon_theme_load, beckon_icon_theme_window_icons);
 * mode 2: GtkIconTheme (gtk_icon_theme_load_icon, as gtk_window_set_icon_name
 * does for each size); mode 0: nothing. */
#include <gtk/gtk.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include "icons_loading.h"
static long rss_kib(void) {
  FILE *f = fopen("/proc/self/status", "r"); char line[256]; long v = 0;
  while (fgets(line, sizeof line, f)) if (sscanf(line, "VmRSS: %ld", &v) == 1) break;
  fclose(f); return v;
}
int main(int argc, char **argv) {
  int mode = atoi(argv[1]);
  gtk_init(&argc, &argv);
  long before = rss_kib();
  gint64 t0 = g_get_monotonic_time();
  int ok = 0;
  if (mode == 1) {
    char *theme = beckon_icon_theme_current();
    GdkPixbuf *p = beckon_icon_theme_load(theme, "dialog-question", 48, GTK_TEXT_DIR_LTR);
    GList *l = beckon_icon_theme_window_icons(theme, "dialog-question");
    ok = p != NULL && l != NULL;
    g_free(theme);
  } else if (mode == 2) {
    GtkIconTheme *t = gtk_icon_theme_get_default();
    GdkPixbuf *p = gtk_icon_theme_load_icon(t, "dialog-question", 48, 0, NULL);
    /* gtk_window_set_icon_name's list: every size the theme lists for the name */
    gint *sizes = gtk_icon_theme_get_icon_sizes(t, "dialog-question");
    int n = 0;
    for (gint *s = sizes; *s; s++) if (*s > 0) { GdkPixbuf *q = gtk_icon_theme_load_icon(t, "dialog-question", *s, 0, NULL); if (q) n++; }
    g_free(sizes);
    ok = p != NULL && n > 0;
  }
  gint64 t1 = g_get_monotonic_time();
  long after = rss_kib();
  printf("%d %d %.2f %ld\n", mode, ok, (t1 - t0) / 1000.0, after - before);
  return 0;
}
