#ifndef BECKON_TEST_PTY_H
#define BECKON_TEST_PTY_H

#include <sys/types.h>

/* Starts `path` with `argv`/`envp` in a session of its own whose controlling
 * terminal is a new pseudo-terminal of `columns` x `rows`, as a person's shell
 * would run it. stdin is the terminal when `stdin_is_terminal`, else
 * /dev/null, unless `stdin_fd` is a descriptor (not -1): that one then, a pipe
 * the test writes; with `no_terminal` the child gets no controlling terminal at all
 * (setsid only, as `setsid cmd </dev/null` in cron). stdout and stderr are
 * pipes. Gives the terminal's master side (-1 with no_terminal) and the read
 * ends of the pipes, all close-on-exec. 0, or -1 with errno. */
int beckon_test_pty_spawn(const char *path, char *const argv[], char *const envp[], int stdin_is_terminal,
                          int stdin_fd, int no_terminal, int columns, int rows, int *master, int *stdout_fd, int *stderr_fd,
                          pid_t *pid);

/* Resizes the terminal behind `master`; its foreground programs get SIGWINCH. */
int beckon_test_pty_resize(int master, int columns, int rows);

#endif
