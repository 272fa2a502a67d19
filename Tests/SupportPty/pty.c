/* A small forkpty for the terminal fallback's end-to-end tests: Swift cannot
 * call posix_openpt, grantpt or ioctl. */
#define _GNU_SOURCE
#include "BeckonTestPty.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int beckon_test_pty_spawn(const char *path, char *const argv[], char *const envp[], int stdin_is_terminal,
                          int stdin_fd, int no_terminal, int columns, int rows, int *master, int *stdout_fd, int *stderr_fd,
                          pid_t *pid) {
  int out[2], err[2];
  int m = -1;
  char slave[128] = "";
  if (!no_terminal) {
    m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (m < 0 || grantpt(m) != 0 || unlockpt(m) != 0 || ptsname_r(m, slave, sizeof slave) != 0) return -1;
    struct winsize size = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns };
    ioctl(m, TIOCSWINSZ, &size);
  }
  if (pipe2(out, O_CLOEXEC) != 0) return -1;
  if (pipe2(err, O_CLOEXEC) != 0) return -1;
  pid_t child = fork();
  if (child < 0) return -1;
  if (child == 0) {
    /* Only async-signal-safe calls between fork and exec. The test runner's
     * blocked and ignored signals would be inherited: a shell waiting for
     * SIGCHLD would wait for ever. Start as from a login shell instead. */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int signum = 1; signum < NSIG; signum++) {
      if (signum != SIGKILL && signum != SIGSTOP) signal(signum, SIG_DFL);
    }
    setsid();
    int in = -1;
    if (!no_terminal) {
      int tty = open(slave, O_RDWR); /* the first terminal a session leader opens is its controlling one */
      if (tty < 0) _exit(126);
      in = stdin_is_terminal ? tty : open("/dev/null", O_RDONLY);
    } else {
      in = open("/dev/null", O_RDONLY);
    }
    if (stdin_fd >= 0) in = stdin_fd;
    dup2(in, 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    execve(path, argv, envp);
    _exit(127);
  }
  close(out[1]);
  close(err[1]);
  *master = m;
  *stdout_fd = out[0];
  *stderr_fd = err[0];
  *pid = child;
  return 0;
}

int beckon_test_pty_resize(int master, int columns, int rows) {
  struct winsize size = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns };
  return ioctl(master, TIOCSWINSZ, &size);
}
