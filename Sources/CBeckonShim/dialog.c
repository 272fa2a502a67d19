/* GtkDialog: the exactly-once funnel, a response guard, the countdown line. */
#include "beckon_dialogs.h"
#include "beckon_callback_box.h"

/* ---- the exactly-once funnel ------------------------------------------ */

static void watch_fire(CallbackBox *box, BeckonEnd end, int response_id) {
  if (box->fired) return;
  box->fired = TRUE;
  callback_box_call(box, end, response_id);
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

void beckon_dialog_watch(GtkWidget *dialog, BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 4);
  g_signal_connect_data(dialog, "response", G_CALLBACK(on_response), box, callback_box_closure_unref, 0);
  g_signal_connect_data(dialog, "close", G_CALLBACK(on_close), box, callback_box_closure_unref, 0);
  g_signal_connect_data(dialog, "delete-event", G_CALLBACK(on_delete), box, callback_box_closure_unref, 0);
  g_signal_connect_data(dialog, "destroy", G_CALLBACK(on_destroy), box, callback_box_closure_unref, 0);
}

/* ---- the response guard ----------------------------------------------- */

static void on_guarded_response(GtkDialog *dialog, gint response_id, gpointer data) {
  CallbackBox *box = data;
  if (response_id != GPOINTER_TO_INT(box->extra)) return;
  if (callback_box_call(box, response_id, 0)) return;
  g_signal_stop_emission_by_name(dialog, "response");
}

gulong beckon_dialog_guard_response(GtkWidget *dialog, int response_id, BeckonCallback allow,
                                    void *user_data, GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(allow, user_data, destroy, 1);
  box->extra = GINT_TO_POINTER(response_id);
  return g_signal_connect_data(dialog, "response", G_CALLBACK(on_guarded_response), box,
                               callback_box_closure_unref, 0);
}

/* ---- the close guard -------------------------------------------------- */

static void on_guarded_close(GtkDialog *dialog, gpointer data) {
  if (!callback_box_call(data, BECKON_CLOSE_ESCAPE, 0)) g_signal_stop_emission_by_name(dialog, "close");
}

static gboolean on_guarded_delete(GtkWidget *widget, GdkEvent *event, gpointer data) {
  (void)widget; (void)event;
  /* TRUE: handled, so no later handler (the session's funnel) sees it, and
   * GTK does not destroy the window either. */
  return callback_box_call(data, BECKON_CLOSE_WINDOW_MANAGER, 0) ? FALSE : TRUE;
}

/* GtkDialog's own delete-event handler, connected as the dialog is made and
 * so ahead of any other, answers a window manager's close with a "response"
 * of GTK_RESPONSE_DELETE_EVENT: that response is the close to refuse. */
static void on_guarded_delete_response(GtkDialog *dialog, gint response_id, gpointer data) {
  if (response_id != GTK_RESPONSE_DELETE_EVENT) return;
  if (!callback_box_call(data, BECKON_CLOSE_WINDOW_MANAGER, 0)) g_signal_stop_emission_by_name(dialog, "response");
}

void beckon_dialog_guard_close(GtkWidget *dialog, BeckonCallback allow, void *user_data, GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(allow, user_data, destroy, 3);
  g_signal_connect_data(dialog, "close", G_CALLBACK(on_guarded_close), box, callback_box_closure_unref, 0);
  g_signal_connect_data(dialog, "delete-event", G_CALLBACK(on_guarded_delete), box, callback_box_closure_unref, 0);
  g_signal_connect_data(dialog, "response", G_CALLBACK(on_guarded_delete_response), box, callback_box_closure_unref, 0);
}

GtkWidget *beckon_dialog_button(GtkWidget *dialog, int response_id) {
  return gtk_dialog_get_widget_for_response(GTK_DIALOG(dialog), response_id);
}

/* ---- the visible countdown for --timeout ------------------------------ */

/* The label is found again through the dialog, which owns it: the session
 * says the seconds each time they change, read from its one deadline. */
#define COUNTDOWN_KEY "beckon-countdown"

static void countdown_show(GtkWidget *label, unsigned int seconds) {
  char *text = g_strdup_printf(g_dngettext("beckon", "Closes in %u second", "Closes in %u seconds", seconds),
                               seconds);
  gtk_label_set_text(GTK_LABEL(label), text);
  g_free(text);
}

void beckon_dialog_add_countdown(GtkWidget *dialog, GtkWidget *box, unsigned int seconds) {
  GtkWidget *label = gtk_label_new(NULL);
  gtk_widget_set_halign(label, GTK_ALIGN_START);
  gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label");
  gtk_box_pack_end(GTK_BOX(box), label, FALSE, FALSE, 0);
  gtk_widget_show(label);
  countdown_show(label, seconds);
  g_object_set_data(G_OBJECT(dialog), COUNTDOWN_KEY, label);
}

int beckon_dialog_set_countdown(GtkWidget *dialog, unsigned int seconds) {
  GtkWidget *label = g_object_get_data(G_OBJECT(dialog), COUNTDOWN_KEY);
  if (!label) return 0;
  countdown_show(label, seconds);
  return 1;
}

const char *beckon_dialog_countdown_text(GtkWidget *dialog) {
  GtkWidget *label = g_object_get_data(G_OBJECT(dialog), COUNTDOWN_KEY);
  return label ? gtk_label_get_text(GTK_LABEL(label)) : NULL;
}
