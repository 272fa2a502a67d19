/* GtkFileChooserNative: zenity 3.44's file chooser. GTK shows its own
 * GtkFileChooserDialog, or the XDG desktop portal's chooser when GTK is told
 * to use portals; either way the answer comes back as one "response". */
#include "beckon_choosers.h"
#include "beckon_callback_box.h"

GtkNativeDialog *beckon_file_chooser_new(const char *title, GtkFileChooserAction action,
                                              const char *accept_label, const char *cancel_label) {
  return GTK_NATIVE_DIALOG(gtk_file_chooser_native_new(title, NULL, action, accept_label, cancel_label));
}

static void response_trampoline(GtkNativeDialog *dialog, gint response_id, gpointer data) {
  (void)dialog;
  callback_box_call(data, response_id, 0);
}

gulong beckon_file_chooser_on_response(GtkNativeDialog *chooser, BeckonCallback func, void *user_data,
                                       GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  return g_signal_connect_data(chooser, "response", G_CALLBACK(response_trampoline), box,
                               callback_box_closure_unref, 0);
}

void beckon_file_chooser_add_filter(GtkNativeDialog *chooser, const char *name, const char *const *patterns) {
  GtkFileFilter *filter = gtk_file_filter_new();
  gtk_file_filter_set_name(filter, name);
  for (const char *const *pattern = patterns; pattern && *pattern; pattern++)
    gtk_file_filter_add_pattern(filter, *pattern);
  gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(chooser), filter); /* takes the floating ref */
}

char **beckon_file_chooser_filenames(GtkNativeDialog *chooser) {
  GSList *files = gtk_file_chooser_get_filenames(GTK_FILE_CHOOSER(chooser));
  guint count = g_slist_length(files);
  char **result = g_new0(char *, count + 1);
  guint index = 0;
  for (GSList *item = files; item; item = item->next) result[index++] = item->data; /* takes the strings */
  g_slist_free(files);
  return result;
}

/* Whether an XDG desktop portal answers on the session bus. Only asks a bus
 * that is already there, through the process's shared connection (GTK's
 * portal chooser uses the same one), as the D-Bus helper does every call. */
gboolean beckon_desktop_portal_is_running(void) {
  if (!beckon_dbus_session_bus_exists()) return FALSE;
  GError *error = NULL;
  GDBusConnection *bus = beckon_dbus_connect_sync(G_BUS_TYPE_SESSION, TRUE, -1, &error);
  if (bus == NULL) {
    g_clear_error(&error);
    return FALSE;
  }
  gboolean has_owner = beckon_dbus_name_has_owner(bus, "org.freedesktop.portal.Desktop", 1000, &error);
  g_object_unref(bus);
  g_clear_error(&error);
  return has_owner;
}

static void free_reason(gpointer reason, GClosure *closure) {
  (void)closure;
  g_free(reason);
}

/* The accept button's description while it is insensitive. */
static void describe_accept(GObject *button, GParamSpec *pspec, gpointer reason) {
  (void)pspec;
  AtkObject *accessible = gtk_widget_get_accessible(GTK_WIDGET(button));
  atk_object_set_description(accessible, gtk_widget_get_sensitive(GTK_WIDGET(button)) ? "" : reason);
}

/* GtkFileChooserNative builds its GtkFileChooserDialog (when no portal shows
 * the chooser) inside gtk_native_dialog_show and gives no access to it; it is
 * the one file chooser dialog among this process's windows. An untitled one
 * (zenity's) is then named for a screen reader, and its accept button, which
 * GTK makes insensitive until there is a file to accept, says why. FALSE when
 * there is no such window (the portal's chooser is another program's). */
gboolean beckon_file_chooser_describe_window(const char *name, const char *accept_reason) {
  GList *windows = gtk_window_list_toplevels();
  GtkWidget *found = NULL;
  for (GList *l = windows; l != NULL; l = l->next)
    if (GTK_IS_FILE_CHOOSER_DIALOG(l->data) && gtk_widget_get_visible(l->data)) found = l->data;
  g_list_free(windows);
  if (found == NULL) return FALSE;
  const char *title = gtk_window_get_title(GTK_WINDOW(found));
  if ((title == NULL || title[0] == '\0') && name != NULL)
    atk_object_set_name(gtk_widget_get_accessible(found), name);
  GtkWidget *accept = gtk_dialog_get_widget_for_response(GTK_DIALOG(found), GTK_RESPONSE_ACCEPT);
  if (accept != NULL && accept_reason != NULL) {
    char *reason = g_strdup(accept_reason);
    g_signal_connect_data(accept, "notify::sensitive", G_CALLBACK(describe_accept), reason,
                          free_reason, 0);
    describe_accept(G_OBJECT(accept), NULL, reason);
  }
  return TRUE;
}
