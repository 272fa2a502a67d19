/* loopstall.c: the longest time a GLib program's main loop went without
 * running its sources, measured from inside the program by LD_PRELOAD, so
 * that beckon and zenity are measured the same way with no change to either.
 *
 * A constructor adds a 1 ms timeout to the default main context; each time it
 * runs, the gap since the previous run, less the 1 ms it asked for, is a stall
 * of the loop. The longest is written to $LOOPSTALL_OUT as "max_ms=N.N", with
 * the longest gap after the first 50 runs (once the window is up) as
 * "after_start_ms=N.N" and the runs so far, each time one of them grows and at
 * exit: a program that leaves with _exit (beckon does, after its answer) has
 * its figures written already.
 *
 *   cc -O2 -shared -fPIC -o loopstall.so loopstall.c $(pkg-config --cflags --libs glib-2.0)
 *   LD_PRELOAD=./loopstall.so LOOPSTALL_OUT=/tmp/stall beckon dialog …
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

static gint64 last_us;
static gint64 longest_us;
static gint64 longest_after_start_us;
static long runs;

static void report(void);

static gboolean tick(gpointer data) {
  (void)data;
  gint64 now = g_get_monotonic_time();
  gboolean grew = FALSE;
  if (last_us != 0) {
    gint64 gap = now - last_us - 1000;
    if (gap > longest_us) { longest_us = gap; grew = TRUE; }
    if (runs > 50 && gap > longest_after_start_us) { longest_after_start_us = gap; grew = TRUE; }
  }
  runs++;
  if (grew || runs == 51) report();
  /* Measured after the write, so that writing is not counted as a stall. */
  last_us = g_get_monotonic_time();
  return G_SOURCE_CONTINUE;
}

static void report(void) {
  const char *path = getenv("LOOPSTALL_OUT");
  /* A wrapper (/usr/bin/time, timeout) loads this too and runs no loop: only
   * the program whose loop ran writes. */
  if (path == NULL || runs == 0) return;
  FILE *out = fopen(path, "w");
  if (out == NULL) return;
  fprintf(out, "max_ms=%.1f after_start_ms=%.1f runs=%ld\n", longest_us / 1000.0,
          longest_after_start_us / 1000.0, runs);
  fclose(out);
}

__attribute__((constructor)) static void start(void) {
  if (getenv("LOOPSTALL_OUT") == NULL) return;
  /* The default context is the one gtk_main and g_main_loop_run iterate. */
  g_timeout_add_full(G_PRIORITY_DEFAULT, 1, tick, NULL, NULL);
  atexit(report);
}
