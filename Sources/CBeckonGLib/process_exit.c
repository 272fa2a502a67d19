/* How another process ended, for a process that is not its parent: the
 * gate's warden, whose window's process it cannot wait for. A pidfd opened
 * while the process lives tells when it has exited (poll) and, on Linux 6.15
 * or later, its wait status once its parent has reaped it (PIDFD_GET_INFO);
 * before the reaping, /proc/PID/stat's exit_code of the zombie tells. */
#include "CBeckonGLib.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

/* linux/pidfs.h of Linux 6.15, which the build machine's headers may lack:
 * the first version of the structure, up to the exit code (64 bytes). */
struct beckon_pidfd_info {
  uint64_t mask;
  uint64_t cgroupid;
  uint32_t pid, tgid, ppid, ruid, rgid, euid, egid, suid, sgid, fsuid, fsgid;
  int32_t exit_code;
};
#define BECKON_PIDFD_GET_INFO _IOWR(0xFF, 11, struct beckon_pidfd_info)
#define BECKON_PIDFD_INFO_EXIT (1ULL << 3)

int beckon_pidfd_open(int pid) {
  long fd = syscall(SYS_pidfd_open, pid, 0);
  return fd < 0 ? -errno : (int)fd;
}

/* The kernel's record of the exit, once the process has been reaped. */
static gboolean status_from_pidfd(int pidfd, int *status) {
  struct beckon_pidfd_info info;
  memset(&info, 0, sizeof info);
  info.mask = BECKON_PIDFD_INFO_EXIT;
  if (ioctl(pidfd, BECKON_PIDFD_GET_INFO, &info) != 0 || !(info.mask & BECKON_PIDFD_INFO_EXIT)) return FALSE;
  *status = info.exit_code;
  return TRUE;
}

/* The zombie's exit_code (field 52 of /proc/PID/stat), while its parent has
 * not reaped it; only for a process in state Z or X, never a live one (or
 * another that has taken the pid since). */
static gboolean status_from_proc(int pid, int *status) {
  char path[32], text[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return FALSE;
  ssize_t length = read(fd, text, sizeof text - 1);
  close(fd);
  if (length <= 0) return FALSE;
  text[length] = '\0';
  char *fields = strrchr(text, ')');
  if (!fields || (fields[2] != 'Z' && fields[2] != 'X')) return FALSE;
  /* Field 3 (the state) follows ") "; field 52 is 49 spaces further. */
  char *at = fields + 2;
  for (int field = 3; field < 52 && at; field++) {
    at = strchr(at, ' ');
    if (at) at++;
  }
  if (!at || *at < '0' || *at > '9') return FALSE;
  *status = (int)strtol(at, NULL, 10);
  return TRUE;
}

static gint64 now_ms(void) {
  return g_get_monotonic_time() / G_TIME_SPAN_MILLISECOND;
}

int beckon_process_exit_status(int pidfd, int pid, int timeout_ms) {
  gint64 deadline = now_ms() + MAX(timeout_ms, 0);
  if (pidfd >= 0) {
    /* Readable once the whole process has exited. */
    struct pollfd entry = { .fd = pidfd, .events = POLLIN };
    for (;;) {
      int ready = poll(&entry, 1, (int)MAX(deadline - now_ms(), 0));
      if (ready > 0) break;
      if (ready == 0 || errno != EINTR) return -1;
    }
  }
  /* The parent may reap it between the two looks: each is tried until one
   * answers, within the bound. */
  for (;;) {
    int status;
    if (pidfd >= 0 && status_from_pidfd(pidfd, &status)) return status;
    if (status_from_proc(pid, &status)) return status;
    if (pidfd >= 0 && status_from_pidfd(pidfd, &status)) return status;
    if (now_ms() >= deadline) return -1;
    g_usleep(10 * G_TIME_SPAN_MILLISECOND);
  }
}
