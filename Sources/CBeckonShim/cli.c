#include "CBeckonShim.h"

#include <glib-unix.h>
#include <pthread.h>
#include <signal.h>

#include <libintl.h>

void beckon_textdomain_use_utf8(const char *domain) {
  bind_textdomain_codeset(domain, "UTF-8");
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

void beckon_message_dialog_add_countdown(GtkWidget *dialog, unsigned int seconds) {
  GtkWidget *area = gtk_message_dialog_get_message_area(GTK_MESSAGE_DIALOG(dialog));
  Countdown *c = g_new0(Countdown, 1);
  c->left = seconds;
  c->label = gtk_label_new(NULL);
  gtk_widget_set_halign(c->label, GTK_ALIGN_START);
  gtk_style_context_add_class(gtk_widget_get_style_context(c->label), "dim-label");
  gtk_box_pack_end(GTK_BOX(area), c->label, FALSE, FALSE, 0);
  gtk_widget_show(c->label);
  countdown_show(c);
  c->source = g_timeout_add(1000, countdown_tick, c);
  g_signal_connect_data(dialog, "destroy", G_CALLBACK(countdown_dialog_destroyed), c, countdown_free, 0);
}

/* ---- termination signals ---------------------------------------------- */

typedef struct {
  BeckonTerminationFunc func;
  void *user_data;
  GDestroyNotify destroy;
  int refs;
} TerminationWatch;

typedef struct {
  TerminationWatch *watch;
  int signum;
} TerminationSource;

static gboolean termination_arrived(gpointer data) {
  TerminationSource *source = data;
  source->watch->func(source->signum, source->watch->user_data);
  return G_SOURCE_CONTINUE;
}

static void termination_source_free(gpointer data) {
  TerminationSource *source = data;
  TerminationWatch *watch = source->watch;
  if (--watch->refs == 0) {
    if (watch->destroy) watch->destroy(watch->user_data);
    g_free(watch);
  }
  g_free(source);
}

void beckon_termination_signals_watch(BeckonTerminationFunc func, void *user_data, GDestroyNotify destroy) {
  static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  sigset_t set;
  sigemptyset(&set);
  TerminationWatch *watch = g_new0(TerminationWatch, 1);
  watch->func = func;
  watch->user_data = user_data;
  watch->destroy = destroy;
  watch->refs = G_N_ELEMENTS(signals);
  for (guint i = 0; i < G_N_ELEMENTS(signals); i++) {
    sigaddset(&set, signals[i]);
    TerminationSource *source = g_new0(TerminationSource, 1);
    source->watch = watch;
    source->signum = signals[i];
    g_unix_signal_add_full(G_PRIORITY_HIGH, signals[i], termination_arrived, source, termination_source_free);
  }
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}
