#ifndef C_BECKON_SHIM_H
#define C_BECKON_SHIM_H

/* The C side of Beckon: only what Swift cannot or should not do itself.
 * Variadic GTK calls, signal connections (g_signal_connect is a macro and its
 * handlers need G_CALLBACK casts) and the funnel that turns every way a dialog
 * can end into one callback that fires exactly once. Functions are named after
 * the GTK object they act on: beckon_dialog_*, beckon_text_view_*, …
 *
 * Every callback is a BeckonCallback with a `void *user_data` plus a
 * GDestroyNotify that runs when nothing can call it any more, so a Swift
 * closure box lives exactly as long as the connection that can call it. No
 * static functions here: this header is imported by Swift through a module. */

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
 * and Escape do not destroy the dialog: the owner does. */
void beckon_dialog_watch(GtkWidget *dialog, BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Stops every "response" of `dialog` with `response_id` that `allow` refuses
 * (returns 0; first: the response id), before any handler connected later sees
 * it. Connect it before the dialog is watched, so a default response activated
 * by Return while a gate is closed never reaches the session. Returns the
 * handler id. */
gulong beckon_dialog_guard_response(GtkWidget *dialog, int response_id, BeckonCallback allow,
                                    void *user_data, GDestroyNotify destroy);

/* The button of `dialog` for response_id, or NULL. */
GtkWidget *beckon_dialog_button(GtkWidget *dialog, int response_id);

/* Adds a line at the end of `box` (a box inside `dialog`) that says the
 * seconds left ("Closes in 9 seconds"). It keeps no timer: whoever holds the
 * deadline (the session) says each new number with
 * beckon_dialog_set_countdown, so the window and the terminal count alike. */
void beckon_dialog_add_countdown(GtkWidget *dialog, GtkWidget *box, unsigned int seconds);

/* Shows `seconds` on the countdown line of `dialog`; 0 (and nothing shown)
 * when the dialog has none, so the session need not know how it was built. */
int beckon_dialog_set_countdown(GtkWidget *dialog, unsigned int seconds);

/* What the countdown line of `dialog` says, or NULL without one: the text a
 * person reads, for the tests that compare it with the terminal's. */
const char *beckon_dialog_countdown_text(GtkWidget *dialog);

/* ---- GtkMessageDialog (message_dialog.c) ------------------------------- */

/* gtk_message_dialog_new without varargs. Text is shown literally unless the
 * matching *_is_markup flag is set; `secondary` may be NULL. */
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
 * start, so nothing moves. Call before the dialog is shown. */
void beckon_message_dialog_set_icons(GtkWidget *dialog, const char *icon_name, const char *window_icon);

/* A dialog-sized GtkImage for zenity 4's `--icon=NAME|PATH`: the image in
 * `icon` when it is an existing file GdkPixbuf reads, else the theme's icon of
 * that name. For the dialogs that are not message dialogs (an entry). */
GtkWidget *beckon_image_new_for_icon(const char *icon);

/* The label widget that shows a message dialog's primary or secondary text. */
GtkWidget *beckon_message_dialog_label(GtkWidget *dialog, gboolean secondary);

/* Shows the text of `label` (a label of the message area, markup or not) in
 * a read-only text view that scrolls, `percent_of_screen` of the monitor's
 * work area tall, in the label's place: a very long text then neither pushes
 * the buttons off screen nor blocks the loop laying itself out. FALSE when
 * there is no monitor to measure or the label is not in a box. */
gboolean beckon_message_dialog_scroll_label(GtkWidget *dialog, GtkWidget *label, int percent_of_screen);

/* ---- AtkObject (accessible.c) ------------------------------------------ */

/* Has a screen reader speak `text` now (ATK's "announcement", object:announcement
 * on AT-SPI), from `widget`'s accessible. FALSE where ATK is older than 2.46
 * and has no announcements, or there is nothing to say. */
gboolean beckon_accessible_announce(GtkWidget *widget, const char *text);

/* ---- GtkLabel (label.c) ------------------------------------------------ */

/* Calls `func` whenever a link in the markup of `label` is activated (a click,
 * or Return on a focused link), in place of GTK's opening it: during the call
 * gtk_label_get_current_uri gives the link. Nothing opens unless func opens it. */
void beckon_label_watch_links(GtkWidget *label, BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* ---- GtkTextView and GtkTextTag (text_view.c) -------------------------- */

/* gtk_text_buffer_create_tag without varargs: a tag named `name` (NULL for an
 * anonymous one) in the buffer's tag table, owned by the table. */
GtkTextTag *beckon_text_tag_new(GtkTextBuffer *buffer, const char *name);

/* g_object_set for one property of a text tag. The int form also sets enum
 * and boolean properties (weight, style, underline, justification, …). */
void beckon_text_tag_set_int(GtkTextTag *tag, const char *property, int value);
void beckon_text_tag_set_double(GtkTextTag *tag, const char *property, double value);
void beckon_text_tag_set_string(GtkTextTag *tag, const char *property, const char *value);

/* Watches `text_view` for primary-button clicks on text tagged `link_tag`
 * (a click that ends a selection drag is not one; first: the character offset
 * clicked) and turns the pointer into a hand over such text. */
void beckon_text_view_watch_links(GtkWidget *text_view, GtkTextTag *link_tag, BeckonCallback func,
                                  void *user_data, GDestroyNotify destroy);

/* The keys a paged reader takes over (first: which), and whether the text view
 * should handle them as usual (the callback returns 0) or not (non-zero). */
typedef enum {
  BECKON_PAGE_KEY_FIRST = 1,       /* Ctrl+Home */
  BECKON_PAGE_KEY_LAST = 2,        /* Ctrl+End */
  BECKON_PAGE_KEY_NEXT = 3,        /* Ctrl+Page Down */
  BECKON_PAGE_KEY_PREVIOUS = 4,    /* Ctrl+Page Up */
  BECKON_PAGE_KEY_SCREEN_DOWN = 5, /* Page Down */
  BECKON_PAGE_KEY_SCREEN_UP = 6,   /* Page Up */
} BeckonTextViewPageKey;

/* Calls back on those keys pressed in `text_view`, before its own bindings. */
void beckon_text_view_watch_page_keys(GtkWidget *text_view, BeckonCallback func, void *user_data,
                                      GDestroyNotify destroy);

/* ---- GdkDisplay (display.c) ---------------------------------------------- */

/* The status the process exits with when its display goes away. */
#define BECKON_DISPLAY_LOST_EXIT 255

/* When the connection to the X display breaks, calls `func` (first: the
 * errno seen) so the program can say so, then exits with
 * BECKON_DISPLAY_LOST_EXIT: nothing can be shown any more, and GDK's default,
 * exit 1, reads as Cancel to a script. A later call replaces `func`. Returns
 * FALSE when the display is not X11 (GDK's own handling stays). */
gboolean beckon_display_on_lost(BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Whether GDK's default display is an X11 one (not Wayland). */
gboolean beckon_display_is_x11(void);

/* ---- GtkWindow and GtkWidget (window.c) -------------------------------- */

/* The X11 window id of a realized toplevel, or 0 off X11. */
unsigned long beckon_window_xid(GtkWidget *window);

/* Makes `window` transient for the foreign X11 window `xid` (zenity's --attach
 * and WINDOWID). Returns FALSE when the display is not X11 or xid is unknown. */
gboolean beckon_window_attach_to_xid(GtkWidget *window, unsigned long xid);

/* Sets `window`'s icon from `icon`: an image file (a path with a '/') or a
 * themed name, loaded without GtkIconTheme where icons.c can (icons.c). Call
 * before the window maps: one that maps without an icon gets the window
 * manager's default first. */
void beckon_window_set_icon(GtkWidget *window, const char *icon);

/* Gets the work area (the screen without panels) of the primary monitor of
 * `widget`'s display, or its first monitor. FALSE when there is none. */
gboolean beckon_widget_workarea(GtkWidget *widget, GdkRectangle *area);

/* gtk_window_set_default_size with each positive size kept within the work
 * area: a window as wide as --width=2147483647 makes window managers abort
 * (openbox does). -1 leaves a size to GTK. */
void beckon_window_set_default_size_within_screen(GtkWidget *window, int width, int height);

/* Draws `widget`'s text in `font` (a --font description). */
void beckon_widget_set_font(GtkWidget *widget, const PangoFontDescription *font);

/* The centre of `widget` in root-window coordinates, for pointing real input
 * at it. FALSE when it is not realized. */
gboolean beckon_widget_root_center(GtkWidget *widget, int *x, int *y);

/* ---- GtkSettings (settings.c) ------------------------------------------ */

/* Sets the default screen's gtk-double-click-time (milliseconds) and returns
 * the value it had: g_object_set, which Swift cannot call. GTK counts a
 * second press as a double click only if it handles it within this time of
 * handling the first, by the clock of this process, not of the X server. */
int beckon_settings_swap_double_click_time(int milliseconds);

/* Whether the theme is a high-contrast one (GTK's HighContrast or
 * HighContrastInverse, by GTK_THEME or the setting). */
gboolean beckon_settings_theme_is_high_contrast(void);

/* ---- GtkColorChooserWidget (color_chooser.c) -------------------------- */

/* Shows the colour editor (TRUE) or the palette (FALSE): g_object_set of
 * "show-editor", which has no setter of its own. */
void beckon_color_chooser_set_show_editor(GtkWidget *chooser, gboolean show_editor);

/* Names the editor's current-colour swatch after the colour ("Color: #FF8000",
 * GTK's words) and puts the editor's and the palette's parts in the visual
 * reading order for AT-SPI: GTK 3 leaves the one unnamed and the others reversed. */
void beckon_color_chooser_describe(GtkWidget *chooser);

/* Calls `func` (first and second are 0) when a swatch of `chooser` is
 * activated: a double click, or Return or Space on the selected swatch.
 * Returns the handler id. */
gulong beckon_color_chooser_on_color_activated(GtkWidget *chooser, BeckonCallback func, void *user_data,
                                               GDestroyNotify destroy);

/* ---- GtkFileChooserNative (file_chooser.c) --------------------------- */

/* gtk_file_chooser_native_new with no parent: NULL labels keep GTK's own. */
GtkNativeDialog *beckon_file_chooser_new(const char *title, GtkFileChooserAction action,
                                              const char *accept_label, const char *cancel_label);

/* Calls `func` with the response id as `first` (GTK_RESPONSE_ACCEPT,
 * _CANCEL or _DELETE_EVENT) each time `chooser` answers. Returns the handler id. */
gulong beckon_file_chooser_on_response(GtkNativeDialog *chooser, BeckonCallback func, void *user_data,
                                       GDestroyNotify destroy);

/* Adds a filter named `name` matching any of the NULL-terminated `patterns`. */
void beckon_file_chooser_add_filter(GtkNativeDialog *chooser, const char *name, const char *const *patterns);

/* The chosen files' paths, NULL-terminated; free with g_strfreev. */
char **beckon_file_chooser_filenames(GtkNativeDialog *chooser);

/* After gtk_native_dialog_show: names GTK's own chooser window `name` when it
 * is untitled, and describes its accept button by `accept_reason` while that is
 * insensitive, for screen readers. FALSE when GTK showed no window of its own
 * (a portal's chooser belongs to the portal). */
gboolean beckon_file_chooser_describe_window(const char *name, const char *accept_reason);

/* Whether org.freedesktop.portal.Desktop has an owner on an existing session bus. */
gboolean beckon_desktop_portal_is_running(void);

/* ---- GtkListStore (list_store.c) --------------------------------------- */

/* A store of rows with `n_cells` cells of text each (the first a boolean when
 * `toggles`: check and radio lists), plus a hidden int column: each row's
 * index in the order added, which sorting by a header does not change. */
GtkListStore *beckon_list_store_new(int n_cells, gboolean toggles);

/* The number of cells per row (the toggle included). */
int beckon_list_store_cell_count(GtkListStore *store);

/* Appends `n_rows` rows. Row r's cell c is `bytes + offsets[r * n_cells + c]`
 * (a NUL-terminated string), or no text when that offset is negative; a
 * toggle store takes its first cell from `checked[r]` instead (`checked` may
 * be NULL: unchecked). */
void beckon_list_store_append_rows(GtkListStore *store, const char *bytes, const int *offsets,
                                   const gboolean *checked, int n_rows);

/* The number of rows. */
int beckon_list_store_row_count(GtkListStore *store);

/* The index (order added) of the row at `position` (order shown), or -1. */
int beckon_list_store_row_index(GtkListStore *store, int position);

/* A copy of the text of cell `column` of the row at `position` (g_free it),
 * or NULL: an empty cell, a toggle, or no such cell. */
char *beckon_list_store_cell(GtkListStore *store, int position, int column);

/* ---- GtkTreeView (tree_view.c) ----------------------------------------- */

/* Appends a column headed `title` showing the store's `model_column`: text
 * (sortable by its header, resizable, and editable in place when asked: an
 * edit is written to the store), the toggle of a check (or radio) list, or an
 * image loaded from the file the cell names (once per file; a file that does
 * not load gives a warning on stderr and no image). Columns have fixed sizing,
 * so the view can use fixed-height mode; their width starts at the header's. */
GtkTreeViewColumn *beckon_tree_view_append_text_column(GtkWidget *tree_view, const char *title, int model_column,
                                                        gboolean editable);
GtkTreeViewColumn *beckon_tree_view_append_toggle_column(GtkWidget *tree_view, const char *title, gboolean radio);
GtkTreeViewColumn *beckon_tree_view_append_image_column(GtkWidget *tree_view, const char *title, int model_column);

/* Widens the text columns to fit the cells of `n_rows` rows from `first_position`. */
void beckon_tree_view_fit_columns(GtkWidget *tree_view, int first_position, int n_rows);

/* Makes a click on a row toggle it (zenity's single-click activation), and
 * with `space_key` the Space key toggle the row under the cursor. In a radio
 * list the toggled row is the only one checked. */
void beckon_tree_view_toggle_rows(GtkWidget *tree_view, gboolean radio, gboolean space_key);

/* Makes the type-ahead search find rows containing the typed text anywhere,
 * ignoring case (zenity's --mid-search), instead of at the start. */
void beckon_tree_view_search_within(GtkWidget *tree_view);

/* Return with no row chosen acts as in zenity 4.2's list: a single list
 * answers with the first row, a multiple list with none, and a check or
 * radio list toggles the first row, as Return on any row there does. */
void beckon_tree_view_return_chooses_first_row(GtkWidget *tree_view);

/* The positions (order shown) of the rows chosen: checked in a toggle store,
 * else selected; `count` gets their number. g_free the result. */
int *beckon_tree_view_chosen_rows(GtkWidget *tree_view, int *count);
/* ---- WebKitWebView (web_view.c) -------------------------------------- */

/* Whether WebKit2GTK 4.1 could be loaded (dlopen, once, on first call); until
 * a dialog shows HTML, nothing of WebKit is in the process. */
gboolean beckon_web_view_available(void);

/* A WebKit view with JavaScript, plugins, storage and developer tools off.
 * After the first page has loaded it navigates nowhere: a clicked link calls
 * `on_link` (NULL: nothing happens), which finds the link with
 * beckon_web_view_link_uri and opens it or not. NULL when WebKit is not
 * available. */
GtkWidget *beckon_web_view_new(BeckonCallback on_link, void *user_data, GDestroyNotify destroy);
/* The link clicked, while `on_link` runs; NULL otherwise. */
const char *beckon_web_view_link_uri(GtkWidget *view);
void beckon_web_view_load_uri(GtkWidget *view, const char *uri);
void beckon_web_view_load_html(GtkWidget *view, const char *html, const char *base_uri);

/* ---- the login gate's windows (shield.c) -------------------------------- */

/* Makes `window` refuse every close but its owner's gtk_widget_destroy: the
 * window manager's close (delete-event) and, on a GtkDialog, Escape ("close")
 * and any response below 0. Connected before beckon_dialog_watch, so the
 * session's funnel never hears of them: under a gate only an answer ends. */
void beckon_window_refuse_close(GtkWidget *window);

/* Calls `func` each time GDK says `window` lost its grab ("grab-broken-event",
 * a boolean signal beckon_signal_connect cannot take), so the gate takes the
 * keyboard again. */
gulong beckon_window_on_grab_broken(GtkWidget *window, BeckonCallback func, void *user_data,
                                    GDestroyNotify destroy);

/* Calls `func` each time a monitor of `owner`'s display is added (first: 1)
 * or removed (0), until `owner` is finalized: the display outlives it. */
void beckon_display_watch_monitors(GtkWidget *owner, BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Whether something else keeps `widget`'s windows above others: an X11 window
 * manager that supports _NET_WM_STATE_ABOVE, or any Wayland compositor. FALSE
 * on X11 without a window manager, where the gate restacks itself. */
gboolean beckon_display_keeps_above(GtkWidget *widget);

/* On X11, calls `func` each time a window of another client is mapped or
 * restacked among the root window's children, until `owner` is finalized:
 * without a window manager that window would cover the gate. FALSE (and
 * `destroy` called) off X11. */
gboolean beckon_window_watch_foreign_stacking(GtkWidget *owner, BeckonCallback func, void *user_data,
                                              GDestroyNotify destroy);

/* Gives a shield window its opaque dark background (CSS, class
 * "beckon-shield"), whatever the theme draws behind a window. */
void beckon_shield_style(GtkWidget *shield);

#include "beckon_icons.h"

#endif
