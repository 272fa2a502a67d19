/* GtkDialog and GtkMessageDialog (dialog.c, message_dialog.c): the funnel that
 * makes every ending of a dialog one call, the response guard, the countdown
 * line, and message dialogs with zenity's text, icons and long-text scrolling. */
#ifndef BECKON_DIALOGS_H
#define BECKON_DIALOGS_H
#include <gtk/gtk.h>
#include "CBeckonGLib.h"

/* ---- GtkDialog (dialog.c) ---------------------------------------------- */

/* How a watched dialog ended. */
typedef enum {
  BECKON_END_RESPONSE = 0,  /* a button (or gtk_dialog_response) gave response_id */
  BECKON_END_ESCAPE = 1,    /* the Escape key binding ("close" signal) */
  BECKON_END_CLOSE = 2,     /* the window manager's close (delete-event) */
  BECKON_END_DESTROYED = 3, /* destroyed by code before any of the above */
} BeckonEnd;

/* Funnels response, close, delete-event and destroy of `dialog` into `func`
 * (first: a BeckonEnd, second: the response id), called at most once, on the
 * thread running GTK's main loop. `destroy` runs with user_data when the
 * dialog is finalized, after the last possible call. A window-manager close
 * and Escape do not destroy the dialog: the owner does.
 * C: four handlers of four signatures (G_CALLBACK casts) share one box, and
 * "close" must be stopped by name from inside its handler. */
void beckon_dialog_watch(GtkWidget *dialog, BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Stops every "response" of `dialog` with `response_id` that `allow` refuses
 * (returns 0; first: the response id), before any handler connected later sees
 * it. Connect it before the dialog is watched, so a default response activated
 * by Return while a gate is closed never reaches the session. Returns the
 * handler id.
 * C: a "response" handler with an int argument, which beckon_signal_connect's
 * shape cannot take, and g_signal_stop_emission_by_name inside it. */
gulong beckon_dialog_guard_response(GtkWidget *dialog, int response_id, BeckonCallback allow,
                                    void *user_data, GDestroyNotify destroy);

/* What beckon_dialog_guard_close asks about: Escape (GtkDialog's "close"
 * key binding) or the window manager's close (a delete event). */
enum { BECKON_CLOSE_ESCAPE = 0, BECKON_CLOSE_WINDOW_MANAGER = 1 };

/* Asks `allow` (first argument: BECKON_CLOSE_ESCAPE or
 * BECKON_CLOSE_WINDOW_MANAGER) at each Escape and each window manager's close
 * of `dialog`, and stops the ones it refuses (returns 0) before any handler
 * connected later sees them. Connect it before the dialog is watched. Unlike
 * beckon_window_refuse_close, whether to refuse is asked each time: a live
 * dialog's button 2 comes, goes and is disabled while it is shown.
 * C: "delete-event" returns a gboolean and passes an event, which
 * beckon_signal_connect's shape cannot take, and "close" must be stopped by
 * name from inside its handler. */
void beckon_dialog_guard_close(GtkWidget *dialog, BeckonCallback allow, void *user_data, GDestroyNotify destroy);

/* The button of `dialog` for response_id, or NULL.
 * C: the GTK_DIALOG cast is a macro; Swift holds every widget as GtkWidget *. */
GtkWidget *beckon_dialog_button(GtkWidget *dialog, int response_id);

/* Adds a line at the end of `box` (a box inside `dialog`) that says the
 * seconds left ("Closes in 9 seconds"). It keeps no timer: whoever holds the
 * deadline (the session) says each new number with
 * beckon_dialog_set_countdown, so the window and the terminal count alike.
 * C: the words are g_dngettext with a printf format, in beckon's own domain. */
void beckon_dialog_add_countdown(GtkWidget *dialog, GtkWidget *box, unsigned int seconds);

/* Shows `seconds` on the countdown line of `dialog`; 0 (and nothing shown)
 * when the dialog has none, so the session need not know how it was built.
 * C: the line is the dialog's object data, set by beckon_dialog_add_countdown. */
int beckon_dialog_set_countdown(GtkWidget *dialog, unsigned int seconds);

/* What the countdown line of `dialog` says, or NULL without one: the text a
 * person reads, for the tests that compare it with the terminal's.
 * C: as beckon_dialog_set_countdown. */
const char *beckon_dialog_countdown_text(GtkWidget *dialog);

/* ---- GtkMessageDialog (message_dialog.c) ------------------------------- */

/* gtk_message_dialog_new without varargs. Text is shown literally unless the
 * matching *_is_markup flag is set; `secondary` may be NULL.
 * C: gtk_message_dialog_new and g_object_set are variadic. */
GtkWidget *beckon_message_dialog_new(GtkWindow *parent, GtkMessageType type, const char *text,
                                     gboolean text_is_markup, const char *secondary,
                                     gboolean secondary_is_markup);

/* Gives a message dialog its icon (zenity's dialog image: an existing image
 * file, as zenity 4's `--icon=PATH`, else a themed name) and
 * its window icon (a themed name, or a path with a '/'), either may be NULL.
 * Where a themed icon is a PNG of the right size, it is loaded without
 * GtkIconTheme (icons.c). The window icon is always set before the window
 * maps, through GtkIconTheme if it must: a window that maps without one shows
 * the window manager's default first. An image only GtkIconTheme can load
 * waits until the first frame is on screen, in a slot of its size from the
 * start, so nothing moves. Call before the dialog is shown.
 * C: it uses icons.c, which is C (beckon_icons.h says why), and a "draw"
 * handler with a cairo_t argument for the first frame. */
void beckon_message_dialog_set_icons(GtkWidget *dialog, const char *icon_name, const char *window_icon);

/* A dialog-sized GtkImage for zenity 4's `--icon=NAME|PATH`: the image in
 * `icon` when it is an existing file GdkPixbuf reads, else the theme's icon of
 * that name. For the dialogs that are not message dialogs (an entry).
 * C: the same file-or-name reading as beckon_message_dialog_set_icons. */
GtkWidget *beckon_image_new_for_icon(const char *icon);

/* The label widget that shows a message dialog's primary or secondary text.
 * C: the message area's children are walked with GTK_IS_LABEL, a macro. */
GtkWidget *beckon_message_dialog_label(GtkWidget *dialog, gboolean secondary);

/* Shows the text of `label` (a label of the message area, markup or not) in
 * a read-only text view that scrolls, `percent_of_screen` of the monitor's
 * work area tall, in the label's place: a very long text then neither pushes
 * the buttons off screen nor blocks the loop laying itself out. FALSE when
 * there is no monitor to measure or the label is not in a box.
 * C: GtkTextIter is a struct on the stack, which Swift must not lay out, and
 * the long-paragraph cut walks the buffer with it. */
gboolean beckon_message_dialog_scroll_label(GtkWidget *dialog, GtkWidget *label, int percent_of_screen);

#endif
