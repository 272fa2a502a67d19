/* Who is at the other end of another process's socket: the enforcer's check
 * that a gate's window is on the session's own display (BeckonEnforcer's
 * SessionDisplays+Gate.swift). The socket is borrowed with pidfd_getfd
 * (Linux 5.6; CAP_SYS_PTRACE over the process, which the enforcer holds),
 * asked for its peer's address and credentials, and closed again: the
 * enforcer runs in a network namespace of its own (PrivateNetwork), where
 * sock_diag would see none of the user's sockets, but a borrowed socket is
 * the process's own whatever the namespace. */
#define _GNU_SOURCE
#include "CBeckonGLib.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

int beckon_socket_peer(int pid, int fd, char *path, size_t size, int *peer_pid) {
  if (size == 0) return -EINVAL;
  path[0] = '\0';
  *peer_pid = 0;
  long pidfd = syscall(SYS_pidfd_open, pid, 0);
  if (pidfd < 0) return -errno;
  long borrowed = syscall(SYS_pidfd_getfd, (int)pidfd, fd, 0);
  int saved = errno;
  close((int)pidfd);
  if (borrowed < 0) return -saved;
  int result = 0;
  struct sockaddr_un address;
  socklen_t length = sizeof address;
  memset(&address, 0, sizeof address);
  if (getpeername((int)borrowed, (struct sockaddr *)&address, &length) != 0) {
    result = -errno;
  } else if (address.sun_family != AF_UNIX) {
    result = -EAFNOSUPPORT;
  } else {
    size_t name = length > offsetof(struct sockaddr_un, sun_path) ? length - offsetof(struct sockaddr_un, sun_path) : 0;
    size_t out = 0;
    for (size_t index = 0; index < name && out + 1 < size; index++) {
      char byte = address.sun_path[index];
      /* An abstract name starts with NUL: written as '@', as /proc/net/unix does. */
      if (index == 0 && byte == '\0') byte = '@';
      else if (byte == '\0') break;
      path[out++] = byte;
    }
    path[out] = '\0';
    struct ucred credentials;
    socklen_t credentialsLength = sizeof credentials;
    if (getsockopt((int)borrowed, SOL_SOCKET, SO_PEERCRED, &credentials, &credentialsLength) == 0) {
      *peer_pid = credentials.pid;
    }
  }
  close((int)borrowed);
  return result;
}
