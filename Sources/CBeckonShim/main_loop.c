/* GLib's main loop: signal connections, timeouts and idles, Unix signals and
 * the dispatch main queue, each calling back through one BeckonCallback. */
#include "callback.h"

#include <glib-unix.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <unistd.h>

/* ---- GObject signals ------------------------------------------------------ */

/* Connected swapped, so user_data comes first whatever the signal passes
 * after it ("state-flags-changed" passes the old flags); the C calling
 * convention makes the arguments Beckon ignores harmless. For signals whose
 * handlers return nothing. */
static void signal_trampoline(gpointer data) {
  callback_box_call(data, 0, 0);
}

gulong beckon_signal_connect(gpointer instance, const char *signal, BeckonCallback func, void *user_data,
                             GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  return g_signal_connect_data(instance, signal, G_CALLBACK(signal_trampoline), box,
                               callback_box_closure_unref, G_CONNECT_SWAPPED);
}

/* ---- timeouts and idles --------------------------------------------------- */

static gboolean source_trampoline(gpointer data) {
  return callback_box_call(data, 0, 0) ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

guint beckon_timeout_add(unsigned int milliseconds, BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, source_trampoline, box, callback_box_unref);
}

guint beckon_idle_add(int priority, BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  return g_idle_add_full(priority, source_trampoline, box, callback_box_unref);
}

/* ---- file descriptors -------------------------------------------------- */

static gboolean fd_trampoline(gint fd, GIOCondition condition, gpointer data) {
  (void)fd;
  return callback_box_call(data, (int)condition, 0) ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

guint beckon_fd_watch_add(int fd, int priority, BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  return g_unix_fd_add_full(priority, fd, G_IO_IN | G_IO_HUP | G_IO_ERR, fd_trampoline, box, callback_box_unref);
}

/* ---- termination signals ---------------------------------------------- */

typedef struct {
  CallbackBox *box;
  int signum;
} TerminationSource;

static gboolean termination_arrived(gpointer data) {
  TerminationSource *source = data;
  callback_box_call(source->box, source->signum, 0);
  return G_SOURCE_CONTINUE;
}

static void termination_source_free(gpointer data) {
  TerminationSource *source = data;
  callback_box_unref(source->box);
  g_free(source);
}

void beckon_termination_signals_watch(BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  int watched[G_N_ELEMENTS(signals)];
  guint count = 0;
  for (guint i = 0; i < G_N_ELEMENTS(signals); i++) {
    /* A signal inherited as ignored stays ignored: that is how nohup (SIGHUP)
     * and a shell's background jobs (SIGINT) ask a program to keep running. */
    struct sigaction inherited;
    if (sigaction(signals[i], NULL, &inherited) == 0 && inherited.sa_handler == SIG_IGN) continue;
    watched[count++] = signals[i];
  }
  if (count == 0) {
    if (destroy) destroy(user_data);
    return;
  }
  sigset_t set;
  sigemptyset(&set);
  CallbackBox *box = callback_box_new(func, user_data, destroy, (int)count);
  for (guint i = 0; i < count; i++) {
    sigaddset(&set, watched[i]);
    TerminationSource *source = g_new0(TerminationSource, 1);
    source->box = box;
    source->signum = watched[i];
    g_unix_signal_add_full(G_PRIORITY_HIGH, watched[i], termination_arrived, source, termination_source_free);
  }
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

/* ---- the dispatch main queue on GTK's loop ---------------------------- */

/* libdispatch's run-loop integration, as CoreFoundation uses it. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static gboolean main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
  (void)condition; (void)data;
  /* Empty the eventfd first: left readable, the source fires again at once
   * and the loop spins at full CPU, starving redraws. */
  uint64_t value;
  ssize_t n = read(fd, &value, sizeof value);
  (void)n;
  _dispatch_main_queue_callback_4CF(NULL);
  return G_SOURCE_CONTINUE;
}

guint beckon_main_queue_drain_install(void) {
  int fd = _dispatch_get_main_queue_handle_4CF();
  if (fd < 0) return 0;
  return g_unix_fd_add(fd, G_IO_IN, main_queue_ready, NULL);
}
