/* GtkDialog: the exactly-once funnel, a response guard, the countdown line. */
#include "callback.h"

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

GtkWidget *beckon_dialog_button(GtkWidget *dialog, int response_id) {
  return gtk_dialog_get_widget_for_response(GTK_DIALOG(dialog), response_id);
}

/* ---- the visible countdown for --timeout ------------------------------ */

typedef struct {
  GtkWidget *label; /* owned by the dialog */
  unsigned int left;
  guint source;
} Countdown;

static void countdown_show(Countdown *c) {
  char *text = g_strdup_printf(g_dngettext("beckon", "Closes in %u second", "Closes in %u seconds", c->left),
                               c->left);
  gtk_label_set_text(GTK_LABEL(c->label), text);
  g_free(text);
}

static gboolean countdown_tick(gpointer data) {
  Countdown *c = data;
  if (c->left > 0) c->left--;
  countdown_show(c);
  if (c->left == 0) {
    c->source = 0;
    return G_SOURCE_REMOVE; /* the session's own timeout closes the dialog */
  }
  return G_SOURCE_CONTINUE;
}

/* The dialog's destroy ends the timer: it must not touch a dead label. */
static void countdown_dialog_destroyed(GtkWidget *dialog, gpointer data) {
  (void)dialog;
  Countdown *c = data;
  if (c->source) g_source_remove(c->source);
  c->source = 0;
}

static void countdown_free(gpointer data, GClosure *closure) {
  (void)closure;
  g_free(data);
}

void beckon_dialog_add_countdown(GtkWidget *dialog, GtkWidget *box, unsigned int seconds) {
  Countdown *c = g_new0(Countdown, 1);
  c->left = seconds;
  c->label = gtk_label_new(NULL);
  gtk_widget_set_halign(c->label, GTK_ALIGN_START);
  gtk_style_context_add_class(gtk_widget_get_style_context(c->label), "dim-label");
  gtk_box_pack_end(GTK_BOX(box), c->label, FALSE, FALSE, 0);
  gtk_widget_show(c->label);
  countdown_show(c);
  c->source = g_timeout_add(1000, countdown_tick, c);
  g_signal_connect_data(dialog, "destroy", G_CALLBACK(countdown_dialog_destroyed), c, countdown_free, 0);
}
