/* The controlling terminal, for the fallback that asks there when no display
 * can be opened: raw mode, its size, and putting it back on every ending,
 * exit() included (a termination signal ends the process through exit()). */
#include "CBeckonGLib.h"
#include "beckon_callback_box.h"

#include <glib-unix.h>

#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static int saved_fd = -1;
static struct termios saved_modes;
static int alternate_screen = 0;
static int understands_ansi_saved = 1;
static int exit_hook_installed = 0;

int beckon_fd_write_all(int fd, const void *bytes, size_t length) {
  const char *next = bytes;
  while (length > 0) {
    ssize_t n = write(fd, next, length);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    if (n == 0) return EIO;
    next += n;
    length -= (size_t)n;
  }
  return 0;
}

void beckon_fd_write_text(int fd, const char *text) {
  if (text) (void)beckon_fd_write_all(fd, text, strlen(text));
}

int beckon_terminal_open(void) {
  /* O_NOCTTY: a process without a controlling terminal must not acquire one
   * here; /dev/tty then fails with ENXIO, which is "no terminal at hand". */
  return open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
}

void beckon_terminal_restore(void) {
  if (saved_fd < 0) return;
  if (alternate_screen) beckon_fd_write_text(saved_fd, "\033[?1049l");
  alternate_screen = 0;
  /* Show the cursor and reset colours, whatever the prompt left. */
  if (understands_ansi_saved) beckon_fd_write_text(saved_fd, "\033[0m\033[?25h");
  tcsetattr(saved_fd, TCSADRAIN, &saved_modes);
  saved_fd = -1;
}

void beckon_terminal_restore_at_once(void) {
  int fd = saved_fd;
  if (fd < 0) return;
  saved_fd = -1;
  /* Modes first, and without waiting for output to drain: a terminal held
   * by XOFF would otherwise keep the process from ending. */
  tcsetattr(fd, TCSANOW, &saved_modes);
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  if (alternate_screen) beckon_fd_write_text(fd, "\033[?1049l");
  alternate_screen = 0;
  if (understands_ansi_saved) beckon_fd_write_text(fd, "\033[0m\033[?25h");
}

gboolean beckon_terminal_hung_up(void) {
  int fd = saved_fd;
  if (fd >= 0) {
    struct pollfd watch = { .fd = fd, .events = POLLIN };
    if (poll(&watch, 1, 0) == 1 && (watch.revents & POLLHUP) != 0) return TRUE;
  }
  /* The prompt may have put the terminal back already (its read saw the end
   * first); a hang-up also takes the controlling terminal from every process
   * of the session, so /dev/tty no longer opens. */
  int tty = beckon_terminal_open();
  if (tty >= 0) {
    close(tty);
    return FALSE;
  }
  return errno == ENXIO || errno == EIO;
}

int beckon_terminal_make_raw(int fd, int understands_ansi) {
  struct termios modes;
  if (tcgetattr(fd, &modes) != 0) return -1;
  if (!exit_hook_installed) {
    atexit(beckon_terminal_restore);
    exit_hook_installed = 1;
  }
  saved_modes = modes;
  saved_fd = fd;
  understands_ansi_saved = understands_ansi;
  /* Keys arrive one by one, unechoed; ^C, ^D and ^Z are bytes the prompt
   * reads (Ctrl-C ends it as Escape does). Output processing stays on, so
   * "\n" still returns the carriage. */
  modes.c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
  modes.c_iflag &= ~(tcflag_t)(IXON | ICRNL | INLCR | IGNCR | ISTRIP | BRKINT);
  modes.c_cc[VMIN] = 1;
  modes.c_cc[VTIME] = 0;
  if (tcsetattr(fd, TCSADRAIN, &modes) != 0) {
    saved_fd = -1;
    return -1;
  }
  return 0;
}

void beckon_terminal_set_alternate_screen(int fd, int on) {
  beckon_fd_write_text(fd, on ? "\033[?1049h\033[H" : "\033[?1049l");
  alternate_screen = on;
}

int beckon_terminal_columns(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0) return 80;
  return size.ws_col;
}

int beckon_terminal_rows(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0) return 24;
  return size.ws_row;
}

static gboolean resized(gpointer data) {
  callback_box_call(data, 0, 0);
  return G_SOURCE_CONTINUE;
}

guint beckon_terminal_watch_resize(BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  return g_unix_signal_add_full(G_PRIORITY_DEFAULT, SIGWINCH, resized, box, callback_box_unref);
}
