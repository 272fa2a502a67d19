/* The login gate: its windows refuse to close, follow the monitors, keep
 * the keyboard and, where no window manager stacks them, stay on top. */
#include "beckon_windows.h"
#include "beckon_callback_box.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#include <X11/Xatom.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif

/* ---- closes refused ------------------------------------------------------ */

static gboolean on_refused_delete(GtkWidget *widget, GdkEvent *event, gpointer data) {
  (void)widget; (void)event; (void)data;
  return TRUE; /* handled: no later handler (the session's funnel) sees it */
}

static void on_refused_close(GtkDialog *dialog, gpointer data) {
  (void)data;
  g_signal_stop_emission_by_name(dialog, "close"); /* the class handler, which fakes a delete, too */
}

static void on_refused_response(GtkDialog *dialog, gint response_id, gpointer data) {
  (void)data;
  if (response_id < 0) g_signal_stop_emission_by_name(dialog, "response");
}

void beckon_window_refuse_close(GtkWidget *window) {
  g_signal_connect(window, "delete-event", G_CALLBACK(on_refused_delete), NULL);
  if (!GTK_IS_DIALOG(window)) return;
  g_signal_connect(window, "close", G_CALLBACK(on_refused_close), NULL);
  g_signal_connect(window, "response", G_CALLBACK(on_refused_response), NULL);
}

/* ---- minimising refused --------------------------------------------------- */

/* A gate minimised would uncover the desktop (the shield) or hide the only
 * way on (the terms window), while its process lives and the enforcer keeps
 * following it: the window puts itself back at once. */

/* Asks the window manager to focus `widget` now, with the server's time,
 * which focus-stealing prevention accepts (a request with no timestamp is
 * judged by the last user time, which may be later). */
static void present_with_server_time(GtkWidget *widget) {
  guint32 time = GDK_CURRENT_TIME;
#ifdef GDK_WINDOWING_X11
  GdkWindow *window = gtk_widget_get_window(widget);
  if (window && GDK_IS_X11_WINDOW(window)) time = gdk_x11_get_server_time(window);
#endif
  gtk_window_present_with_time(GTK_WINDOW(widget), time);
}

#define REFOCUS_TRIES 8
#define REFOCUS_INTERVAL_MS 250

/* Asks again every 250 ms, up to 8 times, until the window is active: one
 * request after the window came back was seen lost under openbox in a loaded
 * test run (_NET_ACTIVE_WINDOW stayed None), and without the focus the grab
 * still brings keys to the text, but Accept's mnemonic was seen not to
 * answer (under xfwm4). Bounded: a window manager that keeps refusing is not
 * asked forever. */
static gboolean on_refocus_tick(gpointer data) {
  GtkWidget *widget = data;
  guint left = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(widget), "beckon-refocus-left"));
  if (left == 0 || gtk_widget_in_destruction(widget) || !gtk_widget_get_mapped(widget) ||
      gtk_window_is_active(GTK_WINDOW(widget))) {
    g_object_set_data(G_OBJECT(widget), "beckon-refocus-left", NULL);
    return G_SOURCE_REMOVE;
  }
  g_object_set_data(G_OBJECT(widget), "beckon-refocus-left", GUINT_TO_POINTER(left - 1));
  present_with_server_time(widget);
  return G_SOURCE_CONTINUE;
}

static gboolean on_window_state(GtkWidget *widget, GdkEventWindowState *event, gpointer data) {
  if (!(event->changed_mask & GDK_WINDOW_STATE_ICONIFIED)) return FALSE;
  if (event->new_window_state & GDK_WINDOW_STATE_ICONIFIED) {
    gtk_window_deiconify(GTK_WINDOW(widget));
    if (GPOINTER_TO_INT(data)) gtk_window_present(GTK_WINDOW(widget));
  } else if (GPOINTER_TO_INT(data) && !gtk_window_is_active(GTK_WINDOW(widget))) {
    /* Back, but without the focus. openbox minimises a window's whole
     * transient chain, shield and terms together, and then focuses nothing;
     * the present above, asked while the window was still iconic and with
     * no timestamp (this event carries none), was seen lost once in a full
     * test run (_NET_ACTIVE_WINDOW 0). Ask again now that the window is
     * shown, and until it has the focus (on_refocus_tick). */
    present_with_server_time(widget);
    if (!g_object_get_data(G_OBJECT(widget), "beckon-refocus-left")) {
      g_object_set_data(G_OBJECT(widget), "beckon-refocus-left", GUINT_TO_POINTER(REFOCUS_TRIES));
      g_timeout_add_full(G_PRIORITY_DEFAULT, REFOCUS_INTERVAL_MS, on_refocus_tick, g_object_ref(widget), g_object_unref);
    }
  }
  return FALSE;
}

void beckon_window_refuse_iconify(GtkWidget *window, gboolean present) {
  g_signal_connect(window, "window-state-event", G_CALLBACK(on_window_state), GINT_TO_POINTER(present ? 1 : 0));
}

/* ---- a name for rules on Wayland ---------------------------------------- */

#ifdef GDK_WINDOWING_WAYLAND
/* GTK 3 sends a new xdg_toplevel the program's name as its app_id, at the
 * map, in the same commit at which KWin applies its window rules
 * (gdk_wayland_window_create_xdg_toplevel; gdk_wayland_window_set_application_id
 * later changes the class, but KWin 5.27 applies no rule again: a manual probe). So
 * the name is the window's app_id from its realize to its map, which
 * gtk_widget_show and gtk_window_present do in one go, and the program's own
 * again after. */
static gchar *program_name;

static void on_realize_take_app_id(GtkWidget *widget, gpointer data) {
  if (!GDK_IS_WAYLAND_DISPLAY(gtk_widget_get_display(widget))) return;
  if (!program_name) program_name = g_strdup(g_get_prgname());
  g_set_prgname(data);
}

static void on_map_give_back_app_id(GtkWidget *widget, gpointer data) {
  (void)widget; (void)data;
  if (program_name) g_set_prgname(program_name);
}
#endif

void beckon_window_set_wayland_app_id(GtkWidget *window, const char *app_id) {
#ifdef GDK_WINDOWING_WAYLAND
  g_signal_connect_data(window, "realize", G_CALLBACK(on_realize_take_app_id), g_strdup(app_id),
                        (GClosureNotify)(void (*)(void))g_free, 0);
  g_signal_connect(window, "map", G_CALLBACK(on_map_give_back_app_id), NULL);
#else
  (void)window; (void)app_id;
#endif
}

/* ---- full screen kept ------------------------------------------------------ */

/* A client's _NET_WM_STATE or _NET_MOVERESIZE_WINDOW request (a pager, a
 * script) takes a shield out of full screen; KWin 5.27 then keeps it in the
 * work area, so the panel shows below it (measured: PlasmaDesktopTests). The
 * shield asks for full screen again on its monitor. */
static gboolean on_fullscreen_state(GtkWidget *widget, GdkEventWindowState *event, gpointer data) {
  if ((event->changed_mask & GDK_WINDOW_STATE_FULLSCREEN) && !(event->new_window_state & GDK_WINDOW_STATE_FULLSCREEN)) {
    gtk_window_fullscreen_on_monitor(GTK_WINDOW(widget), gtk_widget_get_screen(widget), GPOINTER_TO_INT(data));
  }
  return FALSE;
}

void beckon_window_keep_fullscreen(GtkWidget *window, gint monitor) {
  g_signal_connect(window, "window-state-event", G_CALLBACK(on_fullscreen_state), GINT_TO_POINTER(monitor));
}

/* ---- shading refused --------------------------------------------------------- */

/* A shaded window is rolled up into its title bar: the terms vanish, and
 * where the window manager unmaps the client (xfwm4) the keyboard grab
 * breaks too, so the desktop's shortcuts (a terminal, a run dialog) work
 * again behind the shields. xfwm4 4.18 offers shading on the title bar
 * (Greybird's button layout "O|SHMC") and takes no _MOTIF_WM_HINTS that
 * removes it (xfwm4 src/client.c clientShade, clientApplyMWMHints); openbox
 * shades a window on any client's _NET_WM_STATE request and keeps the client
 * mapped behind a frame cut down to its title bar (TermsGateWindowActionsTests).
 * So the window asks the window manager to unshade it (_NET_WM_STATE remove
 * _NET_WM_STATE_SHADED, EWMH) on an unmap that GTK did not ask for, and
 * whenever its _NET_WM_STATE says shaded. A window unmapped without being
 * shaded (minimised, which beckon_window_refuse_iconify undoes) gets a
 * request that changes nothing. */
#ifdef GDK_WINDOWING_X11
static void request_unshade(GdkWindow *window) {
  GdkDisplay *display = gdk_window_get_display(window);
  XEvent message = {0};
  message.xclient.type = ClientMessage;
  message.xclient.window = GDK_WINDOW_XID(window);
  message.xclient.message_type = gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE");
  message.xclient.format = 32;
  message.xclient.data.l[0] = 0; /* _NET_WM_STATE_REMOVE */
  message.xclient.data.l[1] = gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE_SHADED");
  message.xclient.data.l[3] = 1; /* from an application */
  XSendEvent(GDK_DISPLAY_XDISPLAY(display), GDK_WINDOW_XID(gdk_screen_get_root_window(gdk_window_get_screen(window))),
             False, SubstructureRedirectMask | SubstructureNotifyMask, &message);
}

static gboolean on_foreign_unmap(GtkWidget *widget, GdkEvent *event, gpointer data) {
  (void)event; (void)data;
  GdkWindow *window = gtk_widget_get_window(widget);
  if (!window || !GDK_IS_X11_WINDOW(window) || !gtk_widget_get_mapped(widget)) return FALSE;
  request_unshade(window);
  return FALSE;
}

/* Whether `window`'s _NET_WM_STATE holds _NET_WM_STATE_SHADED, which GDK's
 * GdkWindowState does not carry. */
static gboolean is_shaded(GdkWindow *window) {
  GdkDisplay *display = gdk_window_get_display(window);
  Atom shaded = gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE_SHADED");
  Atom type = None;
  int format = 0;
  unsigned long count = 0, after = 0;
  unsigned char *data = NULL;
  gdk_x11_display_error_trap_push(display);
  int status = XGetWindowProperty(GDK_DISPLAY_XDISPLAY(display), GDK_WINDOW_XID(window),
                                  gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE"), 0, 64, False,
                                  XA_ATOM, &type, &format, &count, &after, &data);
  gdk_x11_display_error_trap_pop_ignored(display);
  gboolean found = FALSE;
  if (status == Success && type == XA_ATOM && format == 32 && data) {
    const Atom *atoms = (const Atom *)data;
    for (unsigned long i = 0; i < count && !found; i++) found = atoms[i] == shaded;
  }
  if (data) XFree(data);
  return found;
}

static gboolean on_wm_state_property(GtkWidget *widget, GdkEventProperty *event, gpointer data) {
  (void)data;
  if (event->atom != gdk_atom_intern_static_string("_NET_WM_STATE")) return FALSE;
  GdkWindow *window = gtk_widget_get_window(widget);
  if (window && GDK_IS_X11_WINDOW(window) && is_shaded(window)) request_unshade(window);
  return FALSE;
}
#endif

void beckon_window_refuse_shade(GtkWidget *window) {
#ifdef GDK_WINDOWING_X11
  g_signal_connect(window, "unmap-event", G_CALLBACK(on_foreign_unmap), NULL);
  /* GDK hands a window property changes only when asked to. */
  gtk_widget_add_events(window, GDK_PROPERTY_CHANGE_MASK);
  GdkWindow *gdk_window = gtk_widget_get_window(window);
  if (gdk_window) gdk_window_set_events(gdk_window, gdk_window_get_events(gdk_window) | GDK_PROPERTY_CHANGE_MASK);
  g_signal_connect(window, "property-notify-event", G_CALLBACK(on_wm_state_property), NULL);
#else
  (void)window;
#endif
}

/* ---- on every workspace ------------------------------------------------------ */

/* A gate on one workspace uncovers the desktop when another one is shown:
 * under xfwm4 a single `wmctrl -s 1` did (XfceDesktopTests). Sticky, it is on
 * whichever is shown; unstuck (a title bar's menu offers it), it sticks again. */
static gboolean on_sticky_state(GtkWidget *widget, GdkEventWindowState *event, gpointer data) {
  (void)data;
  if ((event->changed_mask & GDK_WINDOW_STATE_STICKY) && !(event->new_window_state & GDK_WINDOW_STATE_STICKY))
    gtk_window_stick(GTK_WINDOW(widget));
  return FALSE;
}

void beckon_window_keep_on_every_workspace(GtkWidget *window) {
  gtk_window_stick(GTK_WINDOW(window));
  g_signal_connect(window, "window-state-event", G_CALLBACK(on_sticky_state), NULL);
}

/* ---- the keyboard grab, lost --------------------------------------------- */

static gboolean on_grab_broken(GtkWidget *widget, GdkEvent *event, gpointer data) {
  (void)widget; (void)event;
  callback_box_call(data, 0, 0);
  return FALSE;
}

gulong beckon_window_on_grab_broken(GtkWidget *window, BeckonCallback func, void *user_data,
                                    GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  return g_signal_connect_data(window, "grab-broken-event", G_CALLBACK(on_grab_broken), box,
                               callback_box_closure_unref, 0);
}

/* ---- mapped, as the X server says ----------------------------------------- */

static gboolean on_map_event(GtkWidget *widget, GdkEvent *event, gpointer data) {
  (void)widget; (void)event;
  callback_box_call(data, 0, 0);
  return FALSE;
}

gulong beckon_window_on_map_event(GtkWidget *window, BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  gtk_widget_add_events(window, GDK_STRUCTURE_MASK);
  return g_signal_connect_data(window, "map-event", G_CALLBACK(on_map_event), box, callback_box_closure_unref, 0);
}

gulong beckon_window_on_unmap_event(GtkWidget *window, BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  gtk_widget_add_events(window, GDK_STRUCTURE_MASK);
  return g_signal_connect_data(window, "unmap-event", G_CALLBACK(on_map_event), box, callback_box_closure_unref, 0);
}

/* ---- monitors added and removed ------------------------------------------ */

static void on_monitor_added(GdkDisplay *display, GdkMonitor *monitor, gpointer data) {
  (void)display; (void)monitor;
  callback_box_call(data, 1, 0);
}

static void on_monitor_removed(GdkDisplay *display, GdkMonitor *monitor, gpointer data) {
  (void)display; (void)monitor;
  callback_box_call(data, 0, 0);
}

typedef struct {
  GdkDisplay *display;
  CallbackBox *box;
} MonitorWatch;

/* The display outlives the window: its handlers go with the window. */
static void monitor_watch_end(gpointer data, GObject *gone) {
  (void)gone;
  MonitorWatch *watch = data;
  g_signal_handlers_disconnect_by_data(watch->display, watch->box); /* drops both references */
  g_object_unref(watch->display);
  g_free(watch);
}

void beckon_display_watch_monitors(GtkWidget *owner, BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  MonitorWatch *watch = g_new0(MonitorWatch, 1);
  watch->display = g_object_ref(gtk_widget_get_display(owner));
  watch->box = callback_box_new(func, user_data, destroy, 2);
  g_signal_connect_data(watch->display, "monitor-added", G_CALLBACK(on_monitor_added), watch->box,
                        callback_box_closure_unref, 0);
  g_signal_connect_data(watch->display, "monitor-removed", G_CALLBACK(on_monitor_removed), watch->box,
                        callback_box_closure_unref, 0);
  g_object_weak_ref(G_OBJECT(owner), monitor_watch_end, watch);
}

/* ---- stacking where no window manager does it ---------------------------- */

gboolean beckon_display_keeps_above(GtkWidget *widget) {
#ifdef GDK_WINDOWING_X11
  GdkScreen *screen = gtk_widget_get_screen(widget);
  if (GDK_IS_X11_SCREEN(screen))
    return gdk_x11_screen_supports_net_wm_hint(screen, gdk_atom_intern_static_string("_NET_WM_STATE_ABOVE"));
#endif
  (void)widget;
  return TRUE; /* a Wayland compositor stacks; nothing here can */
}

#ifdef GDK_WINDOWING_X11
typedef struct {
  GdkWindow *root;
  CallbackBox *box;
} StackingWatch;

/* A window of another client mapped or restacked among the root's children.
 * Ours are left out, so raising them does not call back. */
static GdkFilterReturn stacking_filter(GdkXEvent *xevent, GdkEvent *event, gpointer data) {
  (void)event;
  XEvent *x = xevent;
  StackingWatch *watch = data;
  Window changed;
  if (x->type == MapNotify && x->xmap.event == GDK_WINDOW_XID(watch->root)) changed = x->xmap.window;
  else if (x->type == ConfigureNotify && x->xconfigure.event == GDK_WINDOW_XID(watch->root))
    changed = x->xconfigure.window;
  else return GDK_FILTER_CONTINUE;
  if (!gdk_x11_window_lookup_for_display(gdk_window_get_display(watch->root), changed))
    callback_box_call(watch->box, 0, 0);
  return GDK_FILTER_CONTINUE;
}

static void stacking_watch_end(gpointer data, GObject *gone) {
  (void)gone;
  StackingWatch *watch = data;
  gdk_window_remove_filter(watch->root, stacking_filter, watch);
  callback_box_unref(watch->box);
  g_free(watch);
}
#endif

gboolean beckon_window_watch_foreign_stacking(GtkWidget *owner, BeckonCallback func, void *user_data,
                                              GDestroyNotify destroy) {
#ifdef GDK_WINDOWING_X11
  GdkScreen *screen = gtk_widget_get_screen(owner);
  if (GDK_IS_X11_SCREEN(screen)) {
    StackingWatch *watch = g_new0(StackingWatch, 1);
    watch->root = gdk_screen_get_root_window(screen);
    watch->box = callback_box_new(func, user_data, destroy, 1);
    gdk_window_set_events(watch->root, gdk_window_get_events(watch->root) | GDK_SUBSTRUCTURE_MASK);
    gdk_window_add_filter(watch->root, stacking_filter, watch);
    g_object_weak_ref(G_OBJECT(owner), stacking_watch_end, watch);
    return TRUE;
  }
#endif
  (void)owner; (void)func;
  if (destroy) destroy(user_data);
  return FALSE;
}

/* ---- the shield's look ------------------------------------------------------ */

void beckon_shield_style(GtkWidget *shield) {
  static GtkCssProvider *provider;
  if (!provider) {
    provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, "window.beckon-shield { background-color: #202124; }", -1, NULL);
  }
  GtkStyleContext *style = gtk_widget_get_style_context(shield);
  gtk_style_context_add_provider(style, GTK_STYLE_PROVIDER(provider), GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_style_context_add_class(style, "beckon-shield");
}

/* ---- seen: viewable and whole (X11) -------------------------------------- */

/* Any X client of the user's can reparent a gate's window into an unmapped
 * 1x1 window of its own, or unmap it, while the process lives on and the
 * keyboard grab goes with the window's viewability: a gate nobody sees
 * (issue 51). The gate looks at its windows as the server has them. */

#ifdef GDK_WINDOWING_X11
/* How much of the window (in pixels) is left once its ancestors below the
 * root have cut it (`inside`), and once the screen has too (`on_screen`);
 * FALSE when some window could not be read. */
static gboolean visible_area(Display *xdisplay, Window xid, long *whole, long *inside, long *on_screen) {
  XWindowAttributes attributes;
  if (!XGetWindowAttributes(xdisplay, xid, &attributes)) return FALSE;
  *whole = (long)attributes.width * attributes.height;
  /* In the parent's coordinates, inside the window's border. */
  long x0 = attributes.x + attributes.border_width, y0 = attributes.y + attributes.border_width;
  long x1 = x0 + attributes.width, y1 = y0 + attributes.height;
  Window current = xid;
  for (int depth = 0; depth < 64; depth++) {
    Window root = None, parent = None, *children = NULL;
    unsigned int count = 0;
    if (!XQueryTree(xdisplay, current, &root, &parent, &children, &count)) return FALSE;
    if (children) XFree(children);
    if (parent == root) *inside = (x1 - x0) * (y1 - y0);
    XWindowAttributes outer;
    if (!XGetWindowAttributes(xdisplay, parent, &outer)) return FALSE;
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > outer.width) x1 = outer.width;
    if (y1 > outer.height) y1 = outer.height;
    if (x1 < x0) x1 = x0;
    if (y1 < y0) y1 = y0;
    if (parent == root) {
      *on_screen = (x1 - x0) * (y1 - y0);
      return TRUE;
    }
    long dx = outer.x + outer.border_width, dy = outer.y + outer.border_width;
    x0 += dx; x1 += dx; y0 += dy; y1 += dy;
    current = parent;
  }
  return FALSE;
}
#endif

int beckon_window_x11_hidden(GtkWidget *window) {
#ifdef GDK_WINDOWING_X11
  GdkWindow *gdk_window = gtk_widget_get_window(window);
  if (!gdk_window || !GDK_IS_X11_WINDOW(gdk_window)) return 0;
  GdkDisplay *display = gdk_window_get_display(gdk_window);
  Display *xdisplay = GDK_DISPLAY_XDISPLAY(display);
  Window xid = GDK_WINDOW_XID(gdk_window);
  int hidden = 0;
  gdk_x11_display_error_trap_push(display);
  XWindowAttributes attributes;
  long whole = 0, inside = 0, on_screen = 0;
  if (!XGetWindowAttributes(xdisplay, xid, &attributes) || attributes.map_state != IsViewable)
    hidden = BECKON_HIDDEN_UNMAPPED;
  /* Cut by a window between it and the root: nothing of the kind is a
   * frame. Cut by the screen's edge: the person may have dragged the
   * window partly off; hidden when less than half is left. */
  else if (!visible_area(xdisplay, xid, &whole, &inside, &on_screen) || inside < whole || on_screen * 2 < whole)
    hidden = BECKON_HIDDEN_CLIPPED;
  gdk_x11_display_error_trap_pop_ignored(display);
  return hidden;
#else
  (void)window;
  return 0;
#endif
}

void beckon_window_x11_reclaim(GtkWidget *window) {
#ifdef GDK_WINDOWING_X11
  GdkWindow *gdk_window = gtk_widget_get_window(window);
  if (!gdk_window || !GDK_IS_X11_WINDOW(gdk_window)) return;
  GdkDisplay *display = gdk_window_get_display(gdk_window);
  Display *xdisplay = GDK_DISPLAY_XDISPLAY(display);
  Window xid = GDK_WINDOW_XID(gdk_window);
  gdk_x11_display_error_trap_push(display);
  Window root = None, parent = None, *children = NULL;
  unsigned int count = 0;
  if (XQueryTree(xdisplay, xid, &root, &parent, &children, &count)) {
    if (children) XFree(children);
    /* Back under the root, at its place there if that is on the screen. */
    if (parent != root) {
      int x = 0, y = 0;
      Window child = None;
      XWindowAttributes screen;
      XTranslateCoordinates(xdisplay, xid, root, 0, 0, &x, &y, &child);
      if (XGetWindowAttributes(xdisplay, root, &screen) &&
          (x < 0 || y < 0 || x >= screen.width || y >= screen.height)) x = y = 0;
      XReparentWindow(xdisplay, xid, root, x, y);
    }
    XMapRaised(xdisplay, xid);
  }
  XFlush(xdisplay);
  gdk_x11_display_error_trap_pop_ignored(display);
#else
  (void)window;
#endif
}
