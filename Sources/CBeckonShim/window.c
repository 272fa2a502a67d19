/* GtkWindow and GtkWidget: X11 identity, parents, positions for real input. */
#include "beckon_windows.h"
#include "icons_loading.h"
#include "beckon_callback_box.h"

#include <string.h>
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

/* The window icon, before the window maps. A window that maps without one gets
 * the window manager's: openbox writes its own 48x48 _NET_WM_ICON onto it, and
 * a taskbar, a pager or a test can see that one before ours replaces it. A
 * themed icon comes from icons.c where it can answer; otherwise GtkIconTheme
 * loads it when the window is realized, still before it maps: correct at the
 * price of a few milliseconds before the first frame, in the rare case. */
void beckon_window_set_icon(GtkWidget *dialog, const char *window_icon) {
  if (strchr(window_icon, '/')) {
    gtk_window_set_icon_from_file(GTK_WINDOW(dialog), window_icon, NULL);
    return;
  }
  GList *list = NULL;
  if (gtk_widget_get_scale_factor(dialog) == 1) {
    char *theme = beckon_icon_theme_current();
    list = beckon_icon_theme_window_icons(theme, window_icon);
    g_free(theme);
  }
  if (list) gtk_window_set_icon_list(GTK_WINDOW(dialog), list);
  else gtk_window_set_icon_name(GTK_WINDOW(dialog), window_icon);
  g_list_free_full(list, g_object_unref);
}

void beckon_window_hide_mnemonics_before_map(GtkWidget *window) {
  gboolean auto_mnemonics = FALSE;
  g_object_get(gtk_widget_get_settings(window), "gtk-auto-mnemonics", &auto_mnemonics, NULL);
  if (auto_mnemonics) gtk_window_set_mnemonics_visible(GTK_WINDOW(window), FALSE);
}

void beckon_widget_set_font(GtkWidget *widget, const PangoFontDescription *font) {
  /* What zenity 3.44 does; GTK 3 has no other per-widget font call short of CSS. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_widget_override_font(widget, font);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

gboolean beckon_widget_workarea(GtkWidget *widget, GdkRectangle *area) {
  GdkDisplay *display = gtk_widget_get_display(widget);
  GdkMonitor *monitor = display ? gdk_display_get_primary_monitor(display) : NULL;
  if (!monitor && display && gdk_display_get_n_monitors(display) > 0) monitor = gdk_display_get_monitor(display, 0);
  if (!monitor) return FALSE;
  gdk_monitor_get_workarea(monitor, area);
  return area->width > 0 && area->height > 0;
}

void beckon_window_set_default_size_within_screen(GtkWidget *window, int width, int height) {
  GdkRectangle area;
  if (beckon_widget_workarea(window, &area)) {
    if (width > area.width) width = area.width;
    if (height > area.height) height = area.height;
  }
  gtk_window_set_default_size(GTK_WINDOW(window), width, height);
}


/* ---- a Ctrl+key watch ---------------------------------------------------- */

/* "key-press-event" on the window, which runs before the focused widget's
 * handlers: Ctrl (alone among the default modifiers) with the watched key, in
 * either case so that Caps Lock does not hide it. */
static gboolean on_control_key(GtkWidget *widget, GdkEventKey *event, gpointer data) {
  (void)widget;
  CallbackBox *box = data;
  GdkModifierType mods = event->state & gtk_accelerator_get_default_mod_mask() & ~GDK_SHIFT_MASK;
  if (mods != GDK_CONTROL_MASK) return FALSE;
  if (gdk_keyval_to_lower(event->keyval) != (guint)GPOINTER_TO_UINT(box->extra)) return FALSE;
  return callback_box_call(box, (int)event->keyval, 0) != 0;
}

void beckon_window_watch_control_key(GtkWidget *window, unsigned int keyval, BeckonCallback func,
                                     void *user_data, GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  box->extra = GUINT_TO_POINTER(gdk_keyval_to_lower(keyval));
  g_signal_connect_data(window, "key-press-event", G_CALLBACK(on_control_key), box, callback_box_closure_unref, 0);
}

/* ---- after the first frame ------------------------------------------------ */

typedef struct {
  GSourceFunc func;
  gpointer data;
  GDestroyNotify destroy;
} FirstFrameWork;

/* The connection's destroy notify: the window went before its first frame, or
 * the work was handed to its idle (then nothing is left to free but this). */
static void first_frame_work_free(gpointer pending, GClosure *closure) {
  (void)closure;
  FirstFrameWork *work = pending;
  if (work->destroy) work->destroy(work->data);
  g_free(work);
}

static gboolean first_frame_drawn(GtkWidget *window, cairo_t *cr, gpointer pending) {
  (void)cr;
  FirstFrameWork *work = pending, handed = *work;
  work->destroy = NULL; /* the idle owns the data now */
  g_signal_handlers_disconnect_by_func(window, G_CALLBACK(first_frame_drawn), pending);
  /* The frame reaches the X server before the work starts. */
  gdk_display_flush(gtk_widget_get_display(window));
  g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, handed.func, handed.data, handed.destroy);
  return FALSE;
}

void beckon_widget_after_first_frame(GtkWidget *widget, GSourceFunc func, gpointer data, GDestroyNotify destroy) {
  FirstFrameWork *work = g_new(FirstFrameWork, 1);
  *work = (FirstFrameWork){func, data, destroy};
  g_signal_connect_data(gtk_widget_get_toplevel(widget), "draw", G_CALLBACK(first_frame_drawn), work,
                        first_frame_work_free, G_CONNECT_AFTER);
}
