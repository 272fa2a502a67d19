/* The system journal, through libsystemd loaded on first use: most dialogs
 * never write to it, and a system without libsystemd still runs beckon. */
#include "CBeckonGLib.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

typedef int (*SendV)(const struct iovec *iov, int n);
typedef int (*SessionGetType)(const char *session, char **type);

static void *libsystemd(void) {
  static void *library;
  static gsize loaded;
  if (g_once_init_enter(&loaded)) {
    library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    g_once_init_leave(&loaded, 1);
  }
  return library;
}

static SendV journal_sendv(void) {
  void *library = libsystemd();
  return library ? (SendV)dlsym(library, "sd_journal_sendv") : NULL;
}

/* One entry on its way: the thread that sends it and the caller that waits
 * for it share it; whoever is last frees it (the caller gives up waiting
 * after its bound, and then the thread frees it whenever journald reads). */
typedef struct {
  GMutex lock;
  GCond done_cond;
  char **fields;
  int count;
  int result;
  gboolean done;
  gboolean abandoned;
} JournalSend;

static void journal_send_free(JournalSend *send) {
  g_strfreev(send->fields);
  g_mutex_clear(&send->lock);
  g_cond_clear(&send->done_cond);
  g_free(send);
}

static gpointer journal_send_thread(gpointer data) {
  JournalSend *send = data;
  struct iovec *iov = g_new(struct iovec, send->count);
  for (int i = 0; i < send->count; i++) {
    iov[i].iov_base = send->fields[i];
    iov[i].iov_len = strlen(send->fields[i]);
  }
  /* journald's socket is a blocking datagram socket: with journald stopped
   * and its queue full this call waits until journald reads again. */
  int result = journal_sendv()(iov, send->count);
  g_free(iov);
  g_mutex_lock(&send->lock);
  send->result = result;
  send->done = TRUE;
  gboolean abandoned = send->abandoned;
  g_cond_signal(&send->done_cond);
  g_mutex_unlock(&send->lock);
  if (abandoned) journal_send_free(send);
  return NULL;
}

int beckon_journal_send(const char *const *fields, int count, int timeout_ms) {
  if (!journal_sendv()) return -ENOSYS;
  if (count <= 0) return -EINVAL;
  JournalSend *send = g_new0(JournalSend, 1);
  g_mutex_init(&send->lock);
  g_cond_init(&send->done_cond);
  send->fields = g_new0(char *, count + 1);
  for (int i = 0; i < count; i++) send->fields[i] = g_strdup(fields[i]);
  send->count = count;
  /* Sent from a thread of its own, so that a stalled journald holds up that
   * thread only, never the dialog: the caller waits at most timeout_ms. */
  GThread *thread = g_thread_try_new("beckon-journal", journal_send_thread, send, NULL);
  if (!thread) {
    journal_send_free(send);
    return -EAGAIN;
  }
  g_thread_unref(thread);
  gint64 deadline = g_get_monotonic_time() + (gint64)MAX(timeout_ms, 0) * G_TIME_SPAN_MILLISECOND;
  g_mutex_lock(&send->lock);
  while (!send->done && g_cond_wait_until(&send->done_cond, &send->lock, deadline)) {}
  gboolean done = send->done;
  int result = done ? send->result : -ETIMEDOUT;
  if (!done) send->abandoned = TRUE;
  g_mutex_unlock(&send->lock);
  if (done) journal_send_free(send);
  return result;
}

char *beckon_login_session_type(const char *session) {
  void *library = libsystemd();
  SessionGetType get_type = library ? (SessionGetType)dlsym(library, "sd_session_get_type") : NULL;
  if (!get_type || !session) return NULL;
  char *type = NULL;
  if (get_type(session, &type) < 0 || !type) return NULL;
  char *copy = g_strdup(type);
  free(type);
  return copy;
}
