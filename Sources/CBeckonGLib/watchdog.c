/* The backstop for a stuck GTK loop: one thread, outside the loop, that holds
 * the promises the loop normally keeps. `--timeout` and SIGINT/SIGTERM/SIGHUP
 * are answered from the loop (a GLib timeout, an idle that exits); a loop
 * stuck in one long call (a huge layout, 10,000 list columns being added)
 * answers neither, and the process would live on. The thread ends the process
 * itself, with the same exit code and a line on stderr, when the loop has not
 * done so in time, after sending the journal entry prepared for that ending
 * (terms with a consent id: exit_entry.c). It calls nothing that could need
 * the loop or a lock the loop holds: sendto(), write(), the terminal's modes,
 * _exit(). */
#define _GNU_SOURCE /* sem_clockwait */
#include "beckon_callback_box.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* How long the loop has to answer a signal itself before the thread does:
 * the normal path takes milliseconds, and the promise is "within a second". */
#define SIGNAL_GRACE_NS (750LL * 1000 * 1000)

static pthread_once_t started = PTHREAD_ONCE_INIT;
static atomic_bool running;
/* Posted by the signal handler (sem_post is async-signal-safe) and by every
 * change of the deadline, so the thread looks again. */
static sem_t wake;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* The timeout's backstop, under `lock`; deadline 0 when disarmed. */
static long long deadline_ns;
static int deadline_exit_code;
static char *deadline_stderr;
static char *deadline_stdout;

/* The first termination signal, set by the handler; the thread's own copy
 * once it asked the loop, with the moment it gives up on the loop. */
static volatile sig_atomic_t received_signal;
static int asked_signal;
static long long signal_deadline_ns;
static CallbackBox *signal_box;
/* The code a hang-up of the terminal a prompt is on answers with (Escape's);
 * -1 while no prompt is on a terminal. */
static atomic_int hangup_exit_code = -1;
/* The status each of SIGINT, SIGTERM and SIGHUP ends the process with when
 * the loop is stuck; -1 for the shell's 128 + the signal. */
static atomic_int signal_exit_codes[3] = { -1, -1, -1 };

static int signal_slot(int signum) {
  switch (signum) {
  case SIGINT: return 0;
  case SIGTERM: return 1;
  default: return 2;
  }
}

static int signal_exit_code(int signum) {
  int code = atomic_load(&signal_exit_codes[signal_slot(signum)]);
  return code >= 0 ? code : 128 + signum;
}

static long long now_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static const char *signal_name(int signum) {
  switch (signum) {
  case SIGINT: return "SIGINT";
  case SIGTERM: return "SIGTERM";
  default: return "SIGHUP";
  }
}

/* Whether `signum` is the terminal a prompt asks on hanging up: then it is
 * the person gone, answered as Escape by the prompt (its read sees the end). */
static gboolean is_prompt_hangup(int signum) {
  return signum == SIGHUP && atomic_load(&hangup_exit_code) >= 0 && beckon_terminal_hung_up();
}

static void end_process(int code, const char *stderr_line, const char *stdout_line) {
  beckon_fd_write_text(STDOUT_FILENO, stdout_line);
  beckon_fd_write_text(STDERR_FILENO, stderr_line);
  beckon_terminal_restore_at_once();
  _exit(code);
}

/* ---- signals ----------------------------------------------------------- */

static gboolean signal_arrived_on_loop(gpointer data) {
  int signum = GPOINTER_TO_INT(data);
  /* The prompt's own read of the terminal ends it as Escape. */
  if (!is_prompt_hangup(signum)) callback_box_call(signal_box, signum, 0);
  return G_SOURCE_REMOVE;
}

static void ask_loop(int signum) {
  /* An idle of the default context: attached from this thread, run by
   * whichever thread runs the loop (g_main_context_invoke could run it here). */
  GSource *source = g_idle_source_new();
  g_source_set_priority(source, G_PRIORITY_HIGH);
  g_source_set_callback(source, signal_arrived_on_loop, GINT_TO_POINTER(signum), NULL);
  g_source_attach(source, NULL);
  g_source_unref(source);
}

static void termination_handler(int signum) {
  int saved = errno;
  if (received_signal == 0) received_signal = signum;
  sem_post(&wake);
  errno = saved;
}

/* ---- the thread -------------------------------------------------------- */

static void *watch(void *data) {
  (void)data;
  for (;;) {
    pthread_mutex_lock(&lock);
    long long deadline = deadline_ns;
    pthread_mutex_unlock(&lock);
    int signum = received_signal;
    if (signum != 0 && asked_signal == 0) {
      asked_signal = signum;
      signal_deadline_ns = now_ns() + SIGNAL_GRACE_NS;
      ask_loop(signum);
    }
    long long until = deadline;
    if (asked_signal != 0 && (until == 0 || signal_deadline_ns < until)) until = signal_deadline_ns;
    long long now = now_ns();
    if (asked_signal != 0 && now >= signal_deadline_ns) {
      if (is_prompt_hangup(asked_signal)) {
        end_process(atomic_load(&hangup_exit_code), "beckon: the terminal hung up, and the prompt did not respond; "
                                                    "no answer was given\n", NULL);
      }
      /* Bounded by the entry's socket (a stalled journald costs 250 ms). */
      beckon_exit_entry_send(asked_signal);
      char line[160];
      snprintf(line, sizeof line, "beckon: stopped by %s; the window did not respond, so beckon ended "
               "without it; no answer was given\n", signal_name(asked_signal));
      end_process(signal_exit_code(asked_signal), line, NULL);
    }
    if (deadline != 0 && now >= deadline) {
      pthread_mutex_lock(&lock);
      gboolean still_armed = deadline_ns == deadline;
      pthread_mutex_unlock(&lock);
      /* The strings are never freed once a deadline has passed, so no lock
       * is held while writing: a stuck reader of stderr cannot hold up a
       * disarm that would come too late anyway. */
      if (still_armed) {
        beckon_exit_entry_send(0);
        end_process(deadline_exit_code, deadline_stderr, deadline_stdout);
      }
      continue;
    }
    if (until == 0) {
      while (sem_wait(&wake) != 0 && errno == EINTR) {}
    } else {
      struct timespec at = { .tv_sec = until / 1000000000LL, .tv_nsec = until % 1000000000LL };
      while (sem_clockwait(&wake, CLOCK_MONOTONIC, &at) != 0 && errno == EINTR) {}
    }
  }
  return NULL;
}

static void start(void) {
  sem_init(&wake, 0, 0);
  /* No signal is ever handled on this thread: the handler runs on one that
   * can be interrupted, and this one only waits. */
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, 64 * 1024);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  pthread_create(&thread, &attributes, watch, NULL);
  pthread_attr_destroy(&attributes);
  atomic_store(&running, true);
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

/* ---- the timeout's backstop -------------------------------------------- */

/* Now plus `milliseconds`, saturating: a deadline past what a long long of
 * nanoseconds holds is as good as never, not one in the past. */
static long long after_ms(guint64 milliseconds) {
  long long now = now_ns();
  if (milliseconds > (guint64)((LLONG_MAX - now) / 1000000LL)) return LLONG_MAX;
  return now + (long long)milliseconds * 1000000LL;
}

void beckon_watchdog_arm(guint64 milliseconds, int exit_code, const char *stderr_line, const char *stdout_line) {
  pthread_once(&started, start);
  pthread_mutex_lock(&lock);
  g_free(deadline_stderr);
  g_free(deadline_stdout);
  deadline_stderr = g_strdup(stderr_line);
  deadline_stdout = g_strdup(stdout_line);
  deadline_exit_code = exit_code;
  deadline_ns = after_ms(milliseconds);
  pthread_mutex_unlock(&lock);
  sem_post(&wake);
}

void beckon_watchdog_postpone(guint64 milliseconds) {
  pthread_mutex_lock(&lock);
  long long later = after_ms(milliseconds);
  if (deadline_ns != 0 && later > deadline_ns) deadline_ns = later;
  pthread_mutex_unlock(&lock);
  sem_post(&wake);
}

void beckon_watchdog_disarm(void) {
  pthread_mutex_lock(&lock);
  deadline_ns = 0;
  pthread_mutex_unlock(&lock);
  if (atomic_load(&running)) sem_post(&wake);
}

void beckon_watchdog_set_hangup_exit_code(int code) {
  atomic_store(&hangup_exit_code, code);
}

void beckon_watchdog_set_signal_exit_code(int signum, int code) {
  if (signum != SIGINT && signum != SIGTERM && signum != SIGHUP) return;
  atomic_store(&signal_exit_codes[signal_slot(signum)], code);
}

/* ---- termination signals ---------------------------------------------- */

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
  if (count == 0 || signal_box) {
    if (destroy) destroy(user_data);
    return;
  }
  pthread_once(&started, start);
  signal_box = callback_box_new(func, user_data, destroy, 1);
  sigset_t set;
  sigemptyset(&set);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = termination_handler;
  action.sa_flags = SA_RESTART;
  sigfillset(&action.sa_mask);
  for (guint i = 0; i < count; i++) {
    sigaddset(&set, watched[i]);
    sigaction(watched[i], &action, NULL);
  }
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}
