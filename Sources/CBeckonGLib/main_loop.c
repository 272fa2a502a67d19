/* GLib's main loop: signal connections, timeouts and idles, file descriptors
 * and the dispatch main queue, each calling back through one BeckonCallback.
 * Termination signals are watchdog.c's: they must work with the loop stuck. */
#include "beckon_callback_box.h"

#include <glib-unix.h>
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
