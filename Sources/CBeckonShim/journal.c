/* The system journal, through libsystemd loaded on first use: most dialogs
 * never write to it, and a system without libsystemd still runs beckon. */
#include "CBeckonShim.h"

#include <dlfcn.h>
#include <errno.h>
#include <string.h>
#include <sys/uio.h>

typedef int (*SendV)(const struct iovec *iov, int n);

static SendV journal_sendv(void) {
  static SendV sendv;
  static gsize loaded;
  if (g_once_init_enter(&loaded)) {
    void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library) sendv = (SendV)dlsym(library, "sd_journal_sendv");
    g_once_init_leave(&loaded, 1);
  }
  return sendv;
}

int beckon_journal_send(const char *const *fields, int count) {
  SendV sendv = journal_sendv();
  if (!sendv) return -ENOSYS;
  if (count <= 0) return -EINVAL;
  struct iovec *iov = g_new(struct iovec, count);
  for (int i = 0; i < count; i++) {
    iov[i].iov_base = (void *)fields[i];
    iov[i].iov_len = strlen(fields[i]);
  }
  int result = sendv(iov, count);
  g_free(iov);
  return result;
}
