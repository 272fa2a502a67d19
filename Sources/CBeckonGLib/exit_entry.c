/* The journal entry of an ending that no answer of the dialog gives: the
 * watchdog's --timeout, or a termination signal. The watchdog's thread sends
 * it from a process whose loop may be stuck, where nothing may allocate, take
 * a lock the loop could hold, or wait unbounded; so the entry is serialized
 * when the dialog is shown, in journald's native protocol (what
 * sd_journal_sendv sends), onto a datagram socket opened then, whose sends
 * wait at most the timeout given (SO_SNDTIMEO). At most one entry is sent per
 * process: the first ending is the one that counts. */
#include "CBeckonGLib.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#define JOURNAL_SOCKET "/run/systemd/journal/socket"

/* One datagram, ready to send; never freed once published (a send on the
 * watchdog's thread may be reading it), and prepared once per window. */
typedef struct {
  size_t length;
  char bytes[];
} Datagram;

enum { SLOT_TIMEOUT, SLOT_HUP, SLOT_INT, SLOT_TERM, SLOTS };

static _Atomic(Datagram *) prepared[SLOTS];
static atomic_int journal_socket = -1;
/* Set by the first send or forget: nothing more goes out. */
static atomic_bool spent;

static int slot_of(int signum) {
  switch (signum) {
  case 0: return SLOT_TIMEOUT;
  case SIGHUP: return SLOT_HUP;
  case SIGINT: return SLOT_INT;
  case SIGTERM: return SLOT_TERM;
  default: return -1;
  }
}

/* The native protocol: "NAME=value\n" for a value on one line, else
 * "NAME\n", the value's length as 64-bit little-endian, the value, "\n".
 * Fields without a '=' or with an empty name are left out. */
static Datagram *serialize(const char *const *fields, int count) {
  size_t length = 0;
  for (int i = 0; i < count; i++) length += strlen(fields[i]) + 1 + sizeof(uint64_t);
  Datagram *datagram = g_malloc(sizeof(Datagram) + length);
  char *at = datagram->bytes;
  for (int i = 0; i < count; i++) {
    const char *equals = strchr(fields[i], '=');
    if (!equals || equals == fields[i]) continue;
    const char *value = equals + 1;
    size_t name_length = (size_t)(equals - fields[i]), value_length = strlen(value);
    if (!memchr(value, '\n', value_length)) {
      memcpy(at, fields[i], name_length + 1 + value_length);
      at += name_length + 1 + value_length;
    } else {
      memcpy(at, fields[i], name_length);
      at += name_length;
      *at++ = '\n';
      uint64_t le = GUINT64_TO_LE((uint64_t)value_length);
      memcpy(at, &le, sizeof le);
      at += sizeof le;
      memcpy(at, value, value_length);
      at += value_length;
    }
    *at++ = '\n';
  }
  datagram->length = (size_t)(at - datagram->bytes);
  return datagram;
}

int beckon_exit_entry_prepare(int signum, const char *const *fields, int count, int timeout_ms) {
  int slot = slot_of(signum);
  if (slot < 0 || count < 0 || (count > 0 && !fields)) return -EINVAL;
  if (count == 0) {
    atomic_store(&prepared[slot], NULL);
    return 0;
  }
  if (atomic_load(&journal_socket) < 0) {
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    struct timeval bound = { .tv_sec = timeout_ms / 1000, .tv_usec = (timeout_ms % 1000) * 1000 };
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &bound, sizeof bound);
    int none = -1;
    if (!atomic_compare_exchange_strong(&journal_socket, &none, fd)) close(fd);
  }
  atomic_store(&prepared[slot], serialize(fields, count));
  atomic_store(&spent, false);
  return 0;
}

int beckon_exit_entry_send(int signum) {
  int slot = slot_of(signum);
  if (slot < 0) return -EINVAL;
  if (atomic_exchange(&spent, true)) return -EALREADY;
  Datagram *datagram = atomic_load(&prepared[slot]);
  int fd = atomic_load(&journal_socket);
  if (!datagram || fd < 0) return -ENOENT;
  /* Unconnected, addressed at each send: a journald restarted since the
   * entry was prepared has a new socket at the same path. */
  struct sockaddr_un address = { .sun_family = AF_UNIX, .sun_path = JOURNAL_SOCKET };
  socklen_t address_length = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + sizeof JOURNAL_SOCKET);
  ssize_t sent;
  /* An interruption restarts the wait; a second is enough, and bounded. */
  for (int tries = 0; tries < 2; tries++) {
    sent = sendto(fd, datagram->bytes, datagram->length, MSG_NOSIGNAL, (struct sockaddr *)&address, address_length);
    if (sent >= 0 || errno != EINTR) break;
  }
  return sent >= 0 ? 0 : -errno;
}

void beckon_exit_entry_forget(void) {
  atomic_store(&spent, true);
}
