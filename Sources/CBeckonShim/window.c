/* GtkWindow and GtkWidget: X11 identity, parents, positions for real input. */
#include "CBeckonShim.h"
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif

unsigned long beckon_window_xid(GtkWidget *window) {
#ifdef GDK_WINDOWING_X11
  GdkWindow *w = gtk_widget_get_window(window);
  if (w && GDK_IS_X11_WINDOW(w)) return (unsigned long)gdk_x11_window_get_xid(w);
#endif
  (void)window;
  return 0;
}

gboolean beckon_window_attach_to_xid(GtkWidget *window, unsigned long xid) {
#ifdef GDK_WINDOWING_X11
  GdkDisplay *display = gtk_widget_get_display(window);
  if (!GDK_IS_X11_DISPLAY(display)) return FALSE;
  gtk_widget_realize(window);
  GdkWindow *parent = gdk_x11_window_foreign_new_for_display(display, (Window)xid);
  if (!parent) return FALSE;
  gdk_window_set_transient_for(gtk_widget_get_window(window), parent);
  g_object_unref(parent);
  return TRUE;
#else
  (void)window; (void)xid;
  return FALSE;
#endif
}

gboolean beckon_widget_root_center(GtkWidget *widget, int *x, int *y) {
  GtkWidget *top = gtk_widget_get_toplevel(widget);
  GdkWindow *w = gtk_widget_get_window(top);
  if (!w || !gtk_widget_get_realized(widget)) return FALSE;
  int ox = 0, oy = 0, wx = 0, wy = 0;
  gdk_window_get_origin(w, &ox, &oy);
  if (!gtk_widget_translate_coordinates(widget, top, gtk_widget_get_allocated_width(widget) / 2,
                                        gtk_widget_get_allocated_height(widget) / 2, &wx, &wy))
    return FALSE;
  *x = ox + wx;
  *y = oy + wy;
  return TRUE;
}
