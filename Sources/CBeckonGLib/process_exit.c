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

/* The kernel's record of the exit, once the process has been reaped: 1 and
 * the status; 0 while the process is still there (not reaped), so that the
 * record may come; -1 when none will (reaped without one, or a kernel
 * without PIDFD_GET_INFO). */
static int status_from_pidfd(int pidfd, int *status) {
  struct beckon_pidfd_info info;
  memset(&info, 0, sizeof info);
  info.mask = BECKON_PIDFD_INFO_EXIT;
  if (ioctl(pidfd, BECKON_PIDFD_GET_INFO, &info) != 0) return -1;
  if (!(info.mask & BECKON_PIDFD_INFO_EXIT)) return 0;
  *status = info.exit_code;
  return 1;
}

/* The zombie's exit_code (field 52 of /proc/PID/stat), while its parent has
 * not reaped it; only for a process in state Z or X, never a live one (or
 * another that has taken the pid since): 1 and the status; 0 for a process
 * still there in another state; -1 when there is none (reaped). */
static int status_from_proc(int pid, int *status) {
  char path[32], text[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno == ENOENT || errno == ESRCH ? -1 : 0;
  ssize_t length = read(fd, text, sizeof text - 1);
  close(fd);
  if (length <= 0) return length < 0 && errno == ESRCH ? -1 : 0;
  text[length] = '\0';
  char *fields = strrchr(text, ')');
  if (!fields || (fields[2] != 'Z' && fields[2] != 'X')) return 0;
  /* Field 3 (the state) follows ") "; field 52 is 49 spaces further. */
  char *at = fields + 2;
  for (int field = 3; field < 52 && at; field++) {
    at = strchr(at, ' ');
    if (at) at++;
  }
  if (!at || *at < '0' || *at > '9') return 0;
  *status = (int)strtol(at, NULL, 10);
  return 1;
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
   * answers, within the bound, or neither ever will. */
  for (;;) {
    int status;
    int record = pidfd >= 0 ? status_from_pidfd(pidfd, &status) : -1;
    if (record == 1) return status;
    int zombie = status_from_proc(pid, &status);
    if (zombie == 1) return status;
    if (pidfd >= 0 && status_from_pidfd(pidfd, &status) == 1) return status;
    if (record < 0 && zombie < 0) return -1;
    if (now_ms() >= deadline) return -1;
    g_usleep(10 * G_TIME_SPAN_MILLISECOND);
  }
}
