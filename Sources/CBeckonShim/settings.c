/* GtkSettings: properties that have no setter of their own. */
#include "CBeckonShim.h"

int beckon_settings_swap_double_click_time(int milliseconds) {
  GtkSettings *settings = gtk_settings_get_default();
  if (!settings) return -1;
  int previous = 0;
  g_object_get(settings, "gtk-double-click-time", &previous, NULL);
  g_object_set(settings, "gtk-double-click-time", milliseconds, NULL);
  return previous;
}
