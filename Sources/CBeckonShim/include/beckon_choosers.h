/* Choosers and the web view (color_chooser.c, file_chooser.c, web_view.c):
 * GtkColorChooserWidget, GtkFileChooserNative (GTK's chooser or the desktop
 * portal's) and WebKitWebView, loaded only when a dialog shows HTML. */
#ifndef BECKON_CHOOSERS_H
#define BECKON_CHOOSERS_H
#include <gtk/gtk.h>
#include "CBeckonGLib.h"

/* ---- GtkColorChooserWidget (color_chooser.c) -------------------------- */

/* Shows the colour editor (TRUE) or the palette (FALSE): g_object_set of
 * "show-editor", which has no setter of its own.
 * C: g_object_set is variadic. */
void beckon_color_chooser_set_show_editor(GtkWidget *chooser, gboolean show_editor);

/* Names the editor's current-colour swatch after the colour ("Color: #FF8000",
 * GTK's words) and puts the editor's and the palette's parts in the visual
 * reading order for AT-SPI: GTK 3 leaves the one unnamed and the others reversed.
 * C: GTK's internal children are found by type name through
 * gtk_container_forall, and the grid's places read with
 * gtk_container_child_get, variadic. */
void beckon_color_chooser_describe(GtkWidget *chooser);

/* The editor's colour-name entry, or NULL. GTK 3 puts its eyedropper before
 * it, shown when a colour picker answers (KWin's org.kde.kwin.ColorPicker
 * under Plasma), and GtkDialog would give that button the focus instead.
 * C: found by type name through gtk_container_forall, as above. */
GtkWidget *beckon_color_chooser_editor_entry(GtkWidget *chooser);

/* Calls `func` (first and second are 0) when a swatch of `chooser` is
 * activated: a double click, or Return or Space on the selected swatch.
 * Returns the handler id.
 * C: "color-activated" passes a GdkRGBA, which beckon_signal_connect's
 * shape cannot take. */
gulong beckon_color_chooser_on_color_activated(GtkWidget *chooser, BeckonCallback func, void *user_data,
                                               GDestroyNotify destroy);

/* ---- GtkFileChooserNative (file_chooser.c) --------------------------- */

/* gtk_file_chooser_native_new with no parent: NULL labels keep GTK's own.
 * C: the GTK_NATIVE_DIALOG cast, a macro. */
GtkNativeDialog *beckon_file_chooser_new(const char *title, GtkFileChooserAction action,
                                              const char *accept_label, const char *cancel_label);

/* Calls `func` with the response id as `first` (GTK_RESPONSE_ACCEPT,
 * _CANCEL or _DELETE_EVENT) each time `chooser` answers. Returns the handler id.
 * C: "response" has an int argument, which beckon_signal_connect's shape
 * cannot take. */
gulong beckon_file_chooser_on_response(GtkNativeDialog *chooser, BeckonCallback func, void *user_data,
                                       GDestroyNotify destroy);

/* Adds a filter named `name` matching any of the NULL-terminated `patterns`.
 * C: the GTK_FILE_CHOOSER interface cast, a macro. */
void beckon_file_chooser_add_filter(GtkNativeDialog *chooser, const char *name, const char *const *patterns);

/* The chosen files' paths, NULL-terminated; free with g_strfreev.
 * C: GTK gives a GSList, made a strv here. */
char **beckon_file_chooser_filenames(GtkNativeDialog *chooser);

/* After gtk_native_dialog_show: names GTK's own chooser window `name` when it
 * is untitled, and describes its accept button by `accept_reason` while that is
 * insensitive, for screen readers. FALSE when GTK showed no window of its own
 * (a portal's chooser belongs to the portal).
 * C: GTK_IS_FILE_CHOOSER_DIALOG, a macro, finds the window, and
 * "notify::sensitive" passes a GParamSpec. */
gboolean beckon_file_chooser_describe_window(const char *name, const char *accept_reason);

/* Whether org.freedesktop.portal.Desktop has an owner on an existing session
 * bus: the process's shared connection, NameHasOwner waiting at most 1 s,
 * through the one D-Bus helper (beckon_dbus_*, CBeckonGLib.h).
 * C: beside the chooser it decides for; its D-Bus is the helper's. */
gboolean beckon_desktop_portal_is_running(void);

/* ---- WebKitWebView (web_view.c) -------------------------------------- */

/* Whether WebKit2GTK 4.1 could be loaded (dlopen, once, on first call); until
 * a dialog shows HTML, nothing of WebKit is in the process.
 * C: dlopen and dlsym of WebKit's functions, with C function-pointer types. */
gboolean beckon_web_view_available(void);

/* A WebKit view with JavaScript, plugins, storage and developer tools off.
 * After the first page has loaded it navigates nowhere: a clicked link calls
 * `on_link` (NULL: nothing happens), which finds the link with
 * beckon_web_view_link_uri and opens it or not. NULL when WebKit is not
 * available.
 * C: WebKit's signals and settings by name through GObject (g_object_set,
 * variadic), with WebKit's enums copied, not its headers. */
GtkWidget *beckon_web_view_new(BeckonCallback on_link, void *user_data, GDestroyNotify destroy);
/* The link clicked, while `on_link` runs; NULL otherwise.
 * C: read from the policy decision with a dlsym'd function. */
const char *beckon_web_view_link_uri(GtkWidget *view);
/* C: WebKit's loading functions, found by dlsym. */
void beckon_web_view_load_uri(GtkWidget *view, const char *uri);
void beckon_web_view_load_html(GtkWidget *view, const char *html, const char *base_uri);

#endif
