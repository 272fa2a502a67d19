/* A gate's window process and the enforcer (beckon-enforcer) meet here: the
 * process makes itself non-dumpable and connects; the enforcer listens,
 * follows processes by pidfd and reads each datagram with the credentials the
 * kernel stamped on it. Each function is C for the reason its header gives. */
#define _GNU_SOURCE
#include "CBeckonGLib.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

int beckon_process_set_undumpable(void) {
  return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0 ? 0 : errno;
}

int beckon_process_is_dumpable(void) {
  return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
}

int beckon_process_use_one_malloc_arena(void) {
  return mallopt(M_ARENA_MAX, 1);
}

static int fill_address(struct sockaddr_un *address, const char *path) {
  memset(address, 0, sizeof *address);
  address->sun_family = AF_UNIX;
  if (strlen(path) >= sizeof address->sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  strcpy(address->sun_path, path);
  return 0;
}

int beckon_seqpacket_connect(const char *path, int timeout_ms) {
  struct sockaddr_un address;
  if (fill_address(&address, path) < 0) return -1;
  /* Non-blocking: a listener whose backlog is full (a flood of connections)
   * answers EAGAIN instead of holding this process for ever. */
  int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) return -1;
  gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
  while (connect(fd, (struct sockaddr *)&address, sizeof address) < 0) {
    int saved = errno;
    if ((saved == EAGAIN || saved == EINTR) && g_get_monotonic_time() < deadline) {
      g_usleep(20000);
      continue;
    }
    close(fd);
    errno = saved;
    return -1;
  }
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return fd;
}

int beckon_seqpacket_listen(const char *path, unsigned int mode, int backlog) {
  struct sockaddr_un address;
  if (fill_address(&address, path) < 0) return -1;
  int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) return -1;
  int on = 1;
  unlink(path);
  if (setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &on, sizeof on) < 0 ||
      bind(fd, (struct sockaddr *)&address, sizeof address) < 0 || chmod(path, mode) < 0 ||
      listen(fd, backlog) < 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

#ifndef SO_PEERPIDFD
#define SO_PEERPIDFD 77
#endif

int beckon_seqpacket_accept(int listener, pid_t *pid, uid_t *uid, int *pidfd) {
  int fd;
  do {
    fd = accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
  } while (fd < 0 && errno == EINTR);
  *pid = 0;
  *uid = (uid_t)-1;
  *pidfd = -1;
  if (fd < 0) return fd;
  /* The process that connected, as the kernel saw it at connect(): in the
   * enforcer's own pid namespace, whatever namespace the peer made for itself. */
  struct ucred credentials;
  socklen_t length = sizeof credentials;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return fd;
  *pid = credentials.pid;
  *uid = credentials.uid;
  int peer = -1;
  length = sizeof peer;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERPIDFD, &peer, &length) == 0 && peer >= 0) {
    *pidfd = peer;
  } else if (errno == ENOPROTOOPT || errno == EINVAL) {
    /* Before Linux 6.5: a pidfd opened now names the peer only if it has not
     * exited and its pid been reused since connect(); the caller confirms
     * the uid from /proc, and the check's own reads decide the rest. */
    long opened = syscall(SYS_pidfd_open, credentials.pid, 0); /* close-on-exec always */
    if (opened >= 0) *pidfd = (int)opened;
  }
  return fd;
}

int beckon_pidfd_is_alive(int pidfd) {
  struct pollfd watch = {.fd = pidfd, .events = POLLIN};
  int ready;
  do {
    ready = poll(&watch, 1, 0);
  } while (ready < 0 && errno == EINTR);
  /* Readable: the process has exited. An error: nothing to believe. */
  return ready == 0 ? 1 : 0;
}

ssize_t beckon_seqpacket_receive(int fd, void *buffer, size_t size, pid_t *pid, uid_t *uid) {
  struct iovec vector = {.iov_base = buffer, .iov_len = size};
  union {
    char bytes[CMSG_SPACE(sizeof(struct ucred))];
    struct cmsghdr align;
  } control;
  struct msghdr message = {
      .msg_iov = &vector, .msg_iovlen = 1, .msg_control = control.bytes, .msg_controllen = sizeof control.bytes};
  *pid = 0;
  *uid = (uid_t)-1;
  ssize_t received;
  do {
    received = recvmsg(fd, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
  } while (received < 0 && errno == EINTR);
  if (received < 0) return -1;
  /* A datagram cut short is no message: the caller refuses it by its size. */
  if (message.msg_flags & MSG_TRUNC) received = (ssize_t)size + 1;
  for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_CREDENTIALS &&
        header->cmsg_len == CMSG_LEN(sizeof(struct ucred))) {
      struct ucred credentials;
      memcpy(&credentials, CMSG_DATA(header), sizeof credentials);
      *pid = credentials.pid;
      *uid = credentials.uid;
    } else if (header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_RIGHTS) {
      /* Descriptors nobody asked for: closed, never kept. */
      int count = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
      for (int index = 0; index < count; index++) {
        int passed;
        memcpy(&passed, CMSG_DATA(header) + index * sizeof(int), sizeof passed);
        close(passed);
      }
    }
  }
  return received;
}
