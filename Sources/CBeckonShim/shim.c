#include "CBeckonShim.h"
#include "icons_loading.h"

#include <glib-unix.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif

/* ---- the exactly-once funnel ------------------------------------------ */

typedef struct {
  BeckonDialogEndFunc func;
  void *user_data;
  GDestroyNotify destroy;
  gboolean fired;
  int refs; /* one per signal connection */
} Watch;

static void watch_unref(gpointer data, GClosure *closure) {
  (void)closure;
  Watch *w = data;
  if (--w->refs > 0) return;
  if (w->destroy) w->destroy(w->user_data);
  g_free(w);
}

static void watch_fire(Watch *w, BeckonEnd end, int response_id) {
  if (w->fired) return;
  w->fired = TRUE;
  w->func(end, response_id, w->user_data);
}

static void on_response(GtkDialog *dialog, gint response_id, gpointer data) {
  (void)dialog;
  watch_fire(data, response_id == GTK_RESPONSE_DELETE_EVENT ? BECKON_END_CLOSE : BECKON_END_RESPONSE,
             response_id);
}

/* Escape is GtkDialog's "close" key binding. Telling it apart from a window
 * manager's close is worth the extra handler: scripts can exit differently. */
static void on_close(GtkDialog *dialog, gpointer data) {
  watch_fire(data, BECKON_END_ESCAPE, GTK_RESPONSE_DELETE_EVENT);
  g_signal_stop_emission_by_name(dialog, "close");
}

static gboolean on_delete(GtkWidget *widget, GdkEvent *event, gpointer data) {
  (void)widget; (void)event;
  watch_fire(data, BECKON_END_CLOSE, GTK_RESPONSE_DELETE_EVENT);
  return TRUE; /* the owner destroys the dialog */
}

static void on_destroy(GtkWidget *widget, gpointer data) {
  (void)widget;
  watch_fire(data, BECKON_END_DESTROYED, GTK_RESPONSE_NONE);
}

void beckon_dialog_watch(GtkWidget *dialog, BeckonDialogEndFunc func, void *user_data,
                         GDestroyNotify destroy) {
  Watch *w = g_new0(Watch, 1);
  w->func = func;
  w->user_data = user_data;
  w->destroy = destroy;
  w->refs = 4;
  g_signal_connect_data(dialog, "response", G_CALLBACK(on_response), w, watch_unref, 0);
  g_signal_connect_data(dialog, "close", G_CALLBACK(on_close), w, watch_unref, 0);
  g_signal_connect_data(dialog, "delete-event", G_CALLBACK(on_delete), w, watch_unref, 0);
  g_signal_connect_data(dialog, "destroy", G_CALLBACK(on_destroy), w, watch_unref, 0);
}

/* ---- message dialogs --------------------------------------------------- */

GtkWidget *beckon_message_dialog_new(GtkWindow *parent, GtkMessageType type, const char *text,
                                     gboolean text_is_markup, const char *secondary,
                                     gboolean secondary_is_markup) {
  GtkWidget *d = gtk_message_dialog_new(parent, parent ? GTK_DIALOG_DESTROY_WITH_PARENT : 0, type,
                                        GTK_BUTTONS_NONE, NULL);
  if (text_is_markup)
    gtk_message_dialog_set_markup(GTK_MESSAGE_DIALOG(d), text ? text : "");
  else
    /* Not "use-markup", FALSE: setting it reruns GTK's primary-label styling, which
     * makes a lone message bold (zenity and GTK leave it regular unless there is
     * secondary text) and loads a second font face. */
    g_object_set(d, "text", text ? text : "", NULL);
  if (secondary)
    g_object_set(d, "secondary-text", secondary, "secondary-use-markup", secondary_is_markup, NULL);
  return d;
}

static char *icon_theme_name(void) {
  char *theme = NULL;
  g_object_get(gtk_settings_get_default(), "gtk-icon-theme-name", &theme, NULL);
  return theme;
}

/* The dialog image that only GtkIconTheme can load, loaded after the first frame. */
static gboolean late_image_apply(gpointer data) {
  GtkWidget *dialog = data;
  GtkWidget *image = g_object_get_data(G_OBJECT(dialog), "beckon-late-image");
  /* A dialog destroyed before this idle has let go of its image: no parent. */
  if (!image || gtk_widget_in_destruction(dialog) || !gtk_widget_get_parent(image)) return G_SOURCE_REMOVE;
  const char *name = g_object_get_data(G_OBJECT(image), "beckon-icon-name");
  gtk_image_set_from_icon_name(GTK_IMAGE(image), name, GTK_ICON_SIZE_DIALOG);
  g_object_set_data(G_OBJECT(dialog), "beckon-late-image", NULL);
  return G_SOURCE_REMOVE;
}

static gboolean late_image_first_frame(GtkWidget *dialog, cairo_t *cr, gpointer data) {
  (void)cr; (void)data;
  g_signal_handlers_disconnect_by_func(dialog, G_CALLBACK(late_image_first_frame), NULL);
  /* The frame reaches the X server before the icon work starts. */
  gdk_display_flush(gtk_widget_get_display(dialog));
  g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, late_image_apply, g_object_ref(dialog), g_object_unref);
  return FALSE;
}

/* The window icon, before the window maps. A window that maps without one gets
 * the window manager's: openbox writes its own 48x48 _NET_WM_ICON onto it, and
 * a taskbar, a pager or a test can see that one before ours replaces it. A
 * themed icon comes from icons.c where it can answer; otherwise GtkIconTheme
 * loads it when the window is realized, still before it maps: correct at the
 * price of a few milliseconds before the first frame, in the rare case. */
static void window_icon_set(GtkWidget *dialog, const char *window_icon) {
  if (strchr(window_icon, '/')) {
    gtk_window_set_icon_from_file(GTK_WINDOW(dialog), window_icon, NULL);
    return;
  }
  GList *list = NULL;
  if (gtk_widget_get_scale_factor(dialog) == 1) {
    char *theme = icon_theme_name();
    list = beckon_icon_theme_window_icons(theme, window_icon);
    g_free(theme);
  }
  if (list) gtk_window_set_icon_list(GTK_WINDOW(dialog), list);
  else gtk_window_set_icon_name(GTK_WINDOW(dialog), window_icon);
  g_list_free_full(list, g_object_unref);
}

static GtkWidget *dialog_image_new(GtkWidget *dialog) {
  GtkWidget *image = gtk_image_new();
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_message_dialog_set_image(GTK_MESSAGE_DIALOG(dialog), image);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_widget_show(image);
  return image;
}

void beckon_message_dialog_set_icons(GtkWidget *dialog, const char *icon_name, const char *window_icon) {
  if (window_icon) window_icon_set(dialog, window_icon);
  if (!icon_name) return;
  int size = 48, height = 48;
  gtk_icon_size_lookup(GTK_ICON_SIZE_DIALOG, &size, &height);
  if (gtk_widget_get_scale_factor(dialog) == 1) {
    char *theme = icon_theme_name();
    GdkPixbuf *pixbuf = beckon_icon_theme_load(theme, icon_name, size, gtk_widget_get_direction(dialog));
    g_free(theme);
    if (pixbuf) {
      gtk_image_set_from_pixbuf(GTK_IMAGE(dialog_image_new(dialog)), pixbuf);
      g_object_unref(pixbuf);
      return;
    }
  }
  /* Only GtkIconTheme can load it: after the first frame, in a slot of its size. */
  GtkWidget *image = dialog_image_new(dialog);
  gtk_widget_set_size_request(image, size, height);
  g_object_set_data_full(G_OBJECT(image), "beckon-icon-name", g_strdup(icon_name), g_free);
  g_object_set_data_full(G_OBJECT(dialog), "beckon-late-image", g_object_ref(image), g_object_unref);
  g_signal_connect_after(dialog, "draw", G_CALLBACK(late_image_first_frame), NULL);
}

GtkWidget *beckon_message_dialog_label(GtkWidget *dialog, gboolean secondary) {
  GtkWidget *area = gtk_message_dialog_get_message_area(GTK_MESSAGE_DIALOG(dialog));
  GList *children = gtk_container_get_children(GTK_CONTAINER(area));
  GtkWidget *found = NULL;
  int index = 0;
  for (GList *l = children; l; l = l->next) {
    if (!GTK_IS_LABEL(l->data)) continue;
    if (index++ == (secondary ? 1 : 0)) { found = l->data; break; }
  }
  g_list_free(children);
  return found;
}

/* ---- simple signals ---------------------------------------------------- */

typedef struct {
  BeckonSignalFunc func;
  void *user_data;
  GDestroyNotify destroy;
} SignalBox;

static void signal_box_free(gpointer data, GClosure *closure) {
  (void)closure;
  SignalBox *b = data;
  if (b->destroy) b->destroy(b->user_data);
  g_free(b);
}

/* Used for signals whose handlers take (instance, user_data) or a few extra
 * scalar arguments that Beckon ignores; the C calling convention makes the
 * extra arguments harmless. */
static void signal_trampoline(gpointer instance, gpointer data) {
  (void)instance;
  SignalBox *b = data;
  b->func(b->user_data);
}

gulong beckon_signal_connect(gpointer instance, const char *signal, BeckonSignalFunc func,
                             void *user_data, GDestroyNotify destroy) {
  SignalBox *b = g_new0(SignalBox, 1);
  b->func = func;
  b->user_data = user_data;
  b->destroy = destroy;
  return g_signal_connect_data(instance, signal, G_CALLBACK(signal_trampoline), b, signal_box_free, 0);
}

/* ---- the dispatch main queue on GTK's loop ---------------------------- */

/* libdispatch's run-loop integration, as CoreFoundation uses it. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static gboolean main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
  (void)condition; (void)data;
  /* Empty the eventfd first: left readable, the source fires again at once
   * and the loop spins at full CPU, starving redraws. */
  uint64_t value;
  ssize_t n = read(fd, &value, sizeof value);
  (void)n;
  _dispatch_main_queue_callback_4CF(NULL);
  return G_SOURCE_CONTINUE;
}

guint beckon_main_queue_drain_install(void) {
  int fd = _dispatch_get_main_queue_handle_4CF();
  if (fd < 0) return 0;
  return g_unix_fd_add(fd, G_IO_IN, main_queue_ready, NULL);
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

GtkWidget *beckon_dialog_button(GtkWidget *dialog, int response_id) {
  return gtk_dialog_get_widget_for_response(GTK_DIALOG(dialog), response_id);
}

/* ---- X11 --------------------------------------------------------------- */

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
