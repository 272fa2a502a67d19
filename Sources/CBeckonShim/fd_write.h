/* The shim's own use of terminal.c: writing to a descriptor where only
 * async-signal-safe calls may run (the watchdog ending a stuck process). */
#ifndef BECKON_FD_WRITE_H
#define BECKON_FD_WRITE_H

/* Writes all of the NUL-terminated `text` (nothing for NULL) to `fd` with
 * write(2) alone, again after EINTR; gives up on any other error. */
void beckon_fd_write_all(int fd, const char *text);

#endif
