/* AtkObject: what a screen reader is told that GTK 3 has no call for. */
#include "beckon_windows.h"

/* ATK 2.46 added the "announcement" signal, which the AT-SPI bridge sends as
 * object:announcement and Orca speaks at once, wherever the focus is. It has
 * no function, only the signal, and g_signal_emit_by_name is variadic, which
 * Swift cannot call. Looked up first: an older ATK has no such signal, and
 * emitting an unknown one would print a critical warning. */
gboolean beckon_accessible_announce(GtkWidget *widget, const char *text) {
  AtkObject *accessible = gtk_widget_get_accessible(widget);
  if (accessible == NULL || text == NULL || text[0] == '\0') return FALSE;
  if (g_signal_lookup("announcement", G_OBJECT_TYPE(accessible)) == 0) return FALSE;
  g_signal_emit_by_name(accessible, "announcement", text);
  return TRUE;
}
