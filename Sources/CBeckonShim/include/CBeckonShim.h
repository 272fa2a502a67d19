#ifndef C_BECKON_SHIM_H
#define C_BECKON_SHIM_H

/* The C side of Beckon: only what Swift cannot or should not do itself.
 * Variadic GTK calls, signal connections (g_signal_connect is a macro and its
 * handlers need G_CALLBACK casts) and the funnel that turns every way a dialog
 * can end into one callback that fires exactly once.
 *
 * Every callback takes a `void *user_data` plus a GDestroyNotify that runs when
 * the connection goes away, so a Swift closure box lives exactly as long as the
 * connection that can call it. No static functions here: this header is
 * imported by Swift through a module. */

#include <gtk/gtk.h>

/* How a watched dialog ended. */
typedef enum {
  BECKON_END_RESPONSE = 0,  /* a button (or gtk_dialog_response) gave response_id */
  BECKON_END_ESCAPE = 1,    /* the Escape key binding ("close" signal) */
  BECKON_END_CLOSE = 2,     /* the window manager's close (delete-event) */
  BECKON_END_DESTROYED = 3, /* destroyed by code before any of the above */
} BeckonEnd;

typedef void (*BeckonDialogEndFunc)(BeckonEnd end, int response_id, void *user_data);

/* Funnels response, close, delete-event and destroy of `dialog` into `func`,
 * called at most once, on the thread running GTK's main loop. `destroy` runs
 * with user_data when the dialog is finalized, after the last possible call.
 * A window-manager close and Escape do not destroy the dialog: the owner does. */
void beckon_dialog_watch(GtkWidget *dialog, BeckonDialogEndFunc func, void *user_data,
                         GDestroyNotify destroy);

/* gtk_message_dialog_new without varargs. Text is shown literally unless the
 * matching *_is_markup flag is set; `secondary` may be NULL. */
GtkWidget *beckon_message_dialog_new(GtkWindow *parent, GtkMessageType type, const char *text,
                                     gboolean text_is_markup, const char *secondary,
                                     gboolean secondary_is_markup);

/* Gives a message dialog its icon (zenity's dialog image, a themed name) and
 * its window icon (a themed name, or a path with a '/'), either may be NULL.
 * Where a themed icon is a PNG of the right size, it is loaded without
 * GtkIconTheme (icons.c). The window icon is always set before the window
 * maps, through GtkIconTheme if it must: a window that maps without one shows
 * the window manager's default first. An image only GtkIconTheme can load
 * waits until the first frame is on screen, in a slot of its size from the
 * start, so nothing moves. Call before the dialog is shown. */
void beckon_message_dialog_set_icons(GtkWidget *dialog, const char *icon_name, const char *window_icon);

/* The label widget that shows a message dialog's primary or secondary text. */
GtkWidget *beckon_message_dialog_label(GtkWidget *dialog, gboolean secondary);

/* A callback with no arguments besides user_data, for simple signals such as
 * "clicked", "toggled" or "value-changed". Returns the handler id. */
typedef void (*BeckonSignalFunc)(void *user_data);
gulong beckon_signal_connect(gpointer instance, const char *signal, BeckonSignalFunc func,
                             void *user_data, GDestroyNotify destroy);

/* Lets the dispatch main queue (and so @MainActor) run on GTK's thread: a GLib
 * fd source on the main queue's eventfd that empties the eventfd, then drains
 * the queue. Call on the thread that runs gtk_main. Returns the source id. */
guint beckon_main_queue_drain_install(void);

/* The X11 window id of a realized toplevel, or 0 off X11. */
unsigned long beckon_window_xid(GtkWidget *window);

/* The centre of `widget` in root-window coordinates, for pointing real input
 * at it. FALSE when it is not realized. */
gboolean beckon_widget_root_center(GtkWidget *widget, int *x, int *y);

/* The button of `dialog` for response_id, or NULL. */
GtkWidget *beckon_dialog_button(GtkWidget *dialog, int response_id);

/* Makes `window` transient for the foreign X11 window `xid` (zenity's --attach
 * and WINDOWID). Returns FALSE when the display is not X11 or xid is unknown. */
gboolean beckon_window_attach_to_xid(GtkWidget *window, unsigned long xid);

#include "beckon_cli.h"
#include "beckon_terms.h"
#include "beckon_icons.h"

#endif
