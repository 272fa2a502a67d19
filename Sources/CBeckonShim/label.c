/* GtkLabel: its links under Beckon's rule instead of GTK's; selectable text
 * that waits for the first frame. */
#include "beckon_text.h"
#include "beckon_callback_box.h"
#include "beckon_windows.h" /* beckon_widget_after_first_frame */

/* "activate-link": GTK's own handler hands any URI to gtk_show_uri, file:
 * and custom schemes included. Returning TRUE stops it; the callback decides
 * (LinkPolicy) and opens what it allows. */
static gboolean on_activate_link(GtkLabel *label, const char *uri, gpointer data) {
  (void)label; (void)uri;
  callback_box_call(data, 0, 0);
  return TRUE;
}

void beckon_label_watch_links(GtkWidget *label, BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  g_signal_connect_data(label, "activate-link", G_CALLBACK(on_activate_link), box, callback_box_closure_unref, 0);
}

static gboolean make_selectable(gpointer data) {
  GtkWidget *label = data;
  if (!gtk_widget_in_destruction(label)) gtk_label_set_selectable(GTK_LABEL(label), TRUE);
  return G_SOURCE_REMOVE;
}

void beckon_label_set_selectable_after_first_frame(GtkWidget *label) {
  beckon_widget_after_first_frame(label, make_selectable, g_object_ref(label), g_object_unref);
}
