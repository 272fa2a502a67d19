/* Windows, the display and what a screen reader hears (window.c, display.c,
 * settings.c, accessible.c, shield.c): X11 identity and parents, the window
 * icon, sizes within the screen, a lost display, GTK's settings, ATK's
 * announcements, and the login gate's shields. */
#ifndef BECKON_WINDOWS_H
#define BECKON_WINDOWS_H
#include <gtk/gtk.h>
#include "CBeckonGLib.h"

/* ---- GtkWindow and GtkWidget (window.c) -------------------------------- */

/* The X11 window id of a realized toplevel, or 0 off X11.
 * C: gdkx.h's GDK_IS_X11_WINDOW and XID types are macros and Xlib's. */
unsigned long beckon_window_xid(GtkWidget *window);

/* Makes `window` transient for the foreign X11 window `xid` (zenity's --attach
 * and WINDOWID). Returns FALSE when the display is not X11 or xid is unknown.
 * C: gdkx.h, as beckon_window_xid. */
gboolean beckon_window_attach_to_xid(GtkWidget *window, unsigned long xid);

/* Sets `window`'s icon from `icon`: an image file (a path with a '/') or a
 * themed name, loaded without GtkIconTheme where icons.c can (icons.c). Call
 * before the window maps: one that maps without an icon gets the window
 * manager's default first.
 * C: it uses icons.c, which is C (beckon_icons.h says why). */
void beckon_window_set_icon(GtkWidget *window, const char *icon);

/* Calls back when Ctrl and `keyval` (a lower-case letter or a digit, any
 * layout's shift state) are pressed in `window`, before its widgets see them:
 * `beckon dialog --quitkey`. The callback's return says whether the key was
 * taken.
 * C: a "key-press-event" handler reads GdkEventKey, its state and keyval. */
void beckon_window_watch_control_key(GtkWidget *window, unsigned int keyval, BeckonCallback func,
                                     void *user_data, GDestroyNotify destroy);

/* Calls `func(data)` once, in an idle after the toplevel of `widget` has
 * drawn its first frame and flushed it to the display; `destroy(data)` runs
 * when that is done, or when the window goes before its first frame. For work
 * a person cannot see in the first frame, kept out of the time to it: the
 * dialog image only GtkIconTheme can load, a selectable label's text cursor.
 * C: a "draw" handler, whose shape (cairo_t) beckon_signal_connect's
 * void-handler shape cannot take. */
void beckon_widget_after_first_frame(GtkWidget *widget, GSourceFunc func, gpointer data, GDestroyNotify destroy);

/* Gets the work area (the screen without panels) of the primary monitor of
 * `widget`'s display, or its first monitor. FALSE when there is none.
 * C: fills a GdkRectangle, and the shim's own message dialog measures with it. */
gboolean beckon_widget_workarea(GtkWidget *widget, GdkRectangle *area);

/* gtk_window_set_default_size with each positive size kept within the work
 * area: a window as wide as --width=2147483647 makes window managers abort
 * (openbox does). -1 leaves a size to GTK.
 * C: beside beckon_widget_workarea, with the GTK_WINDOW cast (a macro). */
void beckon_window_set_default_size_within_screen(GtkWidget *window, int width, int height);

/* Hides `window`'s mnemonic underlines before it maps, as GTK's map itself
 * does when the gtk-auto-mnemonics setting is on (they show again while Alt
 * is held). Done at the map, the change came after the window's first layout
 * and laid every mnemonic label out, and the window's size, again before the
 * first frame: a second size negotiation, with its X round trips for the
 * monitor and work area (issue 36). Nothing changes where the setting is off.
 * C: reads a GtkSettings property (g_object_get's varargs). */
void beckon_window_hide_mnemonics_before_map(GtkWidget *window);

/* Draws `widget`'s text in `font` (a --font description).
 * C: gtk_widget_override_font is deprecated, and only C can silence that
 * warning around the one call (G_GNUC_BEGIN_IGNORE_DEPRECATIONS). */
void beckon_widget_set_font(GtkWidget *widget, const PangoFontDescription *font);

/* The centre of `widget` in root-window coordinates, for pointing real input
 * at it. FALSE when it is not realized.
 * C: for the tests' real input, beside the other X11 geometry. */
gboolean beckon_widget_root_center(GtkWidget *widget, int *x, int *y);

/* ---- GdkDisplay (display.c) ---------------------------------------------- */

/* The status the process exits with when its display goes away. */
#define BECKON_DISPLAY_LOST_EXIT 255

/* When the connection to the X display breaks, calls `func` (first: the
 * errno seen) so the program can say so, then exits with
 * BECKON_DISPLAY_LOST_EXIT: nothing can be shown any more, and GDK's default,
 * exit 1, reads as Cancel to a script. A later call replaces `func`. Returns
 * FALSE when the display is not X11 (GDK's own handling stays).
 * C: Xlib's XSetIOErrorHandler takes a C function that must not return. */
gboolean beckon_display_on_lost(BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Whether GDK's default display is an X11 one (not Wayland).
 * C: GDK_IS_X11_DISPLAY is a macro of gdkx.h. */
gboolean beckon_display_is_x11(void);

/* ---- GtkSettings (settings.c) ------------------------------------------ */

/* Sets the default screen's gtk-double-click-time (milliseconds) and returns
 * the value it had. GTK counts a second press as a double click only if it
 * handles it within this time of handling the first, by the clock of this
 * process, not of the X server.
 * C: g_object_get and g_object_set are variadic. */
int beckon_settings_swap_double_click_time(int milliseconds);

/* Whether the theme is a high-contrast one (GTK's HighContrast or
 * HighContrastInverse, by GTK_THEME or the setting).
 * C: gtk-theme-name has no getter but g_object_get, variadic. */
gboolean beckon_settings_theme_is_high_contrast(void);

/* Asks the theme for its dark or its light variant (`beckon dialog
 * --appearance`), whatever the desktop prefers.
 * C: gtk-application-prefer-dark-theme has no setter but g_object_set, variadic. */
void beckon_settings_prefer_dark_theme(gboolean dark);

/* Under a gate: a theme, key theme or icon theme name that holds a "/"
 * reaches outside the directories GTK joins it to ("../../home/ada/x" from
 * /usr/share/themes), so the display's settings (XSETTINGS' Net/ThemeName,
 * which any client of the user's can set) could bring the user's own CSS in
 * after all. Such a name is replaced by GTK's default at the application's
 * priority, which the display's settings never override, now and whenever
 * it changes. C: g_object_get is variadic, and the notify handler is a C callback. */
void beckon_settings_keep_theme_names_plain(GtkWidget *widget);

/* ---- AtkObject (accessible.c) ------------------------------------------ */

/* Has a screen reader speak `text` now (ATK's "announcement", object:announcement
 * on AT-SPI), from `widget`'s accessible. FALSE where ATK is older than 2.46
 * and has no announcements, or there is nothing to say.
 * C: the announcement is a signal with no function, and g_signal_emit_by_name
 * is variadic. */
gboolean beckon_accessible_announce(GtkWidget *widget, const char *text);

/* ---- the login gate's windows (shield.c) -------------------------------- */

/* Makes `window` refuse every close but its owner's gtk_widget_destroy: the
 * window manager's close (delete-event) and, on a GtkDialog, Escape ("close")
 * and any response below 0. Connected before beckon_dialog_watch, so the
 * session's funnel never hears of them: under a gate only an answer ends.
 * C: three handlers of three signatures, each stopping its signal by name. */
void beckon_window_refuse_close(GtkWidget *window);

/* Calls `func` each time GDK says `window` lost its grab ("grab-broken-event",
 * a boolean signal beckon_signal_connect cannot take), so the gate takes the
 * keyboard again.
 * C: that signal's handler shape. */
gulong beckon_window_on_grab_broken(GtkWidget *window, BeckonCallback func, void *user_data,
                                    GDestroyNotify destroy);

/* Calls `func` each time `window` is mapped on the screen ("map-event": the
 * X server's MapNotify, so a window manager has managed it by then; "map" is
 * only GTK's request).
 * C: a boolean signal's handler shape, as beckon_window_on_grab_broken. */
gulong beckon_window_on_map_event(GtkWidget *window, BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Calls `func` each time `window` is unmapped on the screen ("unmap-event":
 * the X server's UnmapNotify, whoever asked: another client's unmap or
 * reparenting too, which GTK's "unmap" never tells).
 * C: a boolean signal's handler shape, as beckon_window_on_map_event. */
gulong beckon_window_on_unmap_event(GtkWidget *window, BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Calls `func` each time a monitor of `owner`'s display is added (first: 1)
 * or removed (0), until `owner` is finalized: the display outlives it.
 * C: two handlers with a GdkMonitor argument, ended by a weak reference. */
void beckon_display_watch_monitors(GtkWidget *owner, BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Whether something else keeps `widget`'s windows above others: an X11 window
 * manager that supports _NET_WM_STATE_ABOVE, or any Wayland compositor. FALSE
 * on X11 without a window manager, where the gate restacks itself.
 * C: gdkx.h's screen calls and macros. */
gboolean beckon_display_keeps_above(GtkWidget *widget);

/* On X11, calls `func` each time a window of another client is mapped or
 * restacked among the root window's children, until `owner` is finalized:
 * without a window manager that window would cover the gate. FALSE (and
 * `destroy` called) off X11.
 * C: a GdkFilterFunc reads Xlib's XEvent union. */
gboolean beckon_window_watch_foreign_stacking(GtkWidget *owner, BeckonCallback func, void *user_data,
                                              GDestroyNotify destroy);

/* Puts `window` back as soon as it is minimised (iconified): a gate's
 * shield or terms window must never leave the desktop uncovered or the way
 * on hidden. `present`: also give it the focus (the terms window; a shield
 * must not take the focus from it).
 * C: the handler reads GdkEventWindowState, a struct Swift must not lay out. */
void beckon_window_refuse_iconify(GtkWidget *window, gboolean present);

/* Puts a gate's shield back into full screen on monitor `monitor` whenever
 * another client takes it out (KDE Plasma: KWin then fits it into the work
 * area, above the panel's strut, and the panel shows).
 * C: the handler reads GdkEventWindowState, a struct Swift must not lay out. */
void beckon_window_keep_fullscreen(GtkWidget *window, gint monitor);

/* On Wayland, gives `window` the xdg_toplevel app_id `app_id` as it maps
 * (nothing on X11); set before the window is realized. Wayland has no WM_WINDOW_ROLE, and KWin matches
 * a window rule's "window class" against the app_id: a gate's windows take
 * their roles as app_ids so that an administrator's rule finds them there
 * (KDE Plasma on Wayland, docs/administrators.md).
 * C: GDK_IS_WAYLAND_DISPLAY is in gdkwayland.h, which Swift does not import. */
void beckon_window_set_wayland_app_id(GtkWidget *window, const char *app_id);

/* Asks the window manager to unshade `window` whenever it unmaps it or marks
 * it shaded in _NET_WM_STATE (X11): a gate's terms window rolled up into its
 * title bar hides the way on, and where it is unmapped loses the keyboard.
 * C: an XEvent client message and a property read (EWMH _NET_WM_STATE),
 * which GDK has no call for. */
void beckon_window_refuse_shade(GtkWidget *window);

/* Why a gate's `window` cannot be seen now, as the X server has it: 0 when it
 * can; BECKON_HIDDEN_UNMAPPED when it is not viewable (unmapped by another
 * client, or an ancestor is: reparented into an unmapped window);
 * BECKON_HIDDEN_CLIPPED when an ancestor or the screen's edge cuts part of it
 * off (reparented into a smaller window, moved off the screen). Window
 * managers' frames are ancestors like any other: a frame that shows the
 * window whole hides nothing. Always 0 off X11 (Wayland: GTK's own state).
 * C: XGetWindowAttributes and XQueryTree on the GDK window's XID. */
enum { BECKON_HIDDEN_UNMAPPED = 1, BECKON_HIDDEN_CLIPPED = 2 };
int beckon_window_x11_hidden(GtkWidget *window);

/* Puts a hidden gate `window` back (X11): out of any ancestor that hides it,
 * to the root window where it is on screen (a window manager frames it
 * again as it maps), then mapped and raised. C: XReparentWindow and
 * XMapRaised on the GDK window's XID, which GDK has no call for. */
void beckon_window_x11_reclaim(GtkWidget *window);

/* Shows `window` on every workspace (sticky), and sticks it again when
 * something unsticks it: a gate must cover whichever workspace is shown.
 * C: the handler reads GdkEventWindowState, as beckon_window_refuse_iconify. */
void beckon_window_keep_on_every_workspace(GtkWidget *window);

/* Gives a shield window its opaque dark background (CSS, class
 * "beckon-shield"), whatever the theme draws behind a window.
 * C: the one CSS provider, kept for the process, beside the shield's other C. */
void beckon_shield_style(GtkWidget *shield);

#endif
