/* listbench: how long a list dialog takes from its start until it answers
 * with its last row, its rows given on stdin.
 *
 *   listbench ROWS PROGRAM [ARGS...]      prints one line: milliseconds
 *
 * Starts PROGRAM with a pipe as stdin and writes the rows "1\n" to "ROWS\n"
 * into it, then closes it. It waits until PROGRAM has let its stdin go
 * (zenity closes it at the end of input, beckon puts /dev/null there: both
 * do so only after the last row is in the list) and until its window is
 * mapped, then gives that window the focus and presses End and Return with
 * XTEST. The time is from the start until PROGRAM's stdout closes; the run
 * fails unless it printed exactly "ROWS\n", so the last row was there and
 * selectable. No window manager is needed. */
#define _GNU_SOURCE
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* A viewable window whose _NET_WM_PID is pid, depth first; 0 if none. */
static Window find_window(Display *display, Window window, Atom pid_atom, pid_t pid) {
  Atom type;
  int format;
  unsigned long count, after;
  unsigned char *data = NULL;
  if (XGetWindowProperty(display, window, pid_atom, 0, 1, False, XA_CARDINAL, &type, &format, &count, &after,
                         &data) == Success && data) {
    unsigned long owner = count ? *(unsigned long *)data : 0;
    XFree(data);
    XWindowAttributes attributes;
    if (owner == (unsigned long)pid && XGetWindowAttributes(display, window, &attributes) &&
        attributes.map_state == IsViewable)
      return window;
  }
  Window root, parent, *children = NULL;
  unsigned int n = 0;
  Window found = 0;
  if (XQueryTree(display, window, &root, &parent, &children, &n)) {
    for (unsigned int i = 0; i < n && !found; i++) found = find_window(display, children[i], pid_atom, pid);
    if (children) XFree(children);
  }
  return found;
}

static int input_released(pid_t pid) {
  char path[64], target[256];
  snprintf(path, sizeof path, "/proc/%d/fd/0", (int)pid);
  ssize_t n = readlink(path, target, sizeof target - 1);
  if (n < 0) return 1; /* closed */
  target[n] = 0;
  return strncmp(target, "pipe:", 5) != 0;
}

static void key(Display *display, KeySym sym) {
  KeyCode code = XKeysymToKeycode(display, sym);
  XTestFakeKeyEvent(display, code, True, 0);
  XTestFakeKeyEvent(display, code, False, 0);
  XSync(display, False);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: listbench ROWS PROGRAM [ARGS...]\n");
    return 2;
  }
  long rows = atol(argv[1]);
  Display *display = XOpenDisplay(NULL);
  if (!display) {
    fprintf(stderr, "listbench: cannot open the display\n");
    return 2;
  }
  Atom pid_atom = XInternAtom(display, "_NET_WM_PID", False);
  signal(SIGPIPE, SIG_IGN);

  /* The rows, made before the clock starts. */
  size_t size = 0;
  char *text = NULL;
  FILE *memory = open_memstream(&text, &size);
  for (long i = 1; i <= rows; i++) fprintf(memory, "%ld\n", i);
  fclose(memory);

  int in[2], out[2];
  if (pipe(in) || pipe(out)) return 2;
  double start = now_ms();
  pid_t pid = fork();
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]); close(in[1]); close(out[0]); close(out[1]);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 2);
    execvp(argv[2], argv + 2);
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  for (size_t written = 0; written < size;) {
    ssize_t n = write(in[1], text + written, size - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    written += (size_t)n;
  }
  close(in[1]);

  Window window = 0;
  for (double deadline = now_ms() + 1800e3; now_ms() < deadline;) {
    if (!window) window = find_window(display, DefaultRootWindow(display), pid_atom, pid);
    if (window && input_released(pid)) break;
    usleep(1000);
  }
  if (!window) {
    fprintf(stderr, "listbench: no window\n");
    kill(pid, SIGKILL);
    return 1;
  }
  XSetInputFocus(display, window, RevertToParent, CurrentTime);
  XSync(display, False);
  key(display, XK_End);
  key(display, XK_Return);

  char answer[64] = "";
  size_t got = 0;
  for (ssize_t n; (n = read(out[0], answer + got, sizeof answer - 1 - got)) > 0;) got += (size_t)n;
  answer[got] = 0;
  double elapsed = now_ms() - start;
  int status = 0;
  waitpid(pid, &status, 0);
  char expected[32];
  snprintf(expected, sizeof expected, "%ld\n", rows);
  if (strcmp(answer, expected) != 0) {
    fprintf(stderr, "listbench: answered %s instead of %s", got ? answer : "nothing\n", expected);
    return 1;
  }
  printf("%.1f\n", elapsed);
  return 0;
}
