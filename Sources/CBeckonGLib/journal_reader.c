/* Reading the system journal back, through libsystemd loaded on first use
 * (as journal.c loads the writer): a gate's "already accepted" rests on
 * fields journald sets itself (_UID, _EXE, _BOOT_ID), which no user can forge
 * in a file of their own. Without libsystemd every call fails, and the caller
 * fails closed (asks again). */
#include "CBeckonGLib.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>

typedef struct sd_journal sd_journal;

struct SdJournalApi {
  int (*open)(sd_journal **journal, int flags);
  void (*close)(sd_journal *journal);
  int (*add_match)(sd_journal *journal, const void *data, size_t size);
  int (*seek_tail)(sd_journal *journal);
  int (*previous)(sd_journal *journal);
  int (*get_data)(sd_journal *journal, const char *field, const void **data, size_t *size);
  int (*get_realtime_usec)(sd_journal *journal, uint64_t *usec);
  int (*pid_get_session)(pid_t pid, char **session);
  /* For --audit (optional: without them only the local, newest-first reader works). */
  int (*open_files)(sd_journal **journal, const char **paths, int flags);
  int (*open_files_fd)(sd_journal **journal, int fds[], unsigned n_fds, int flags);
  int (*seek_head)(sd_journal *journal);
  int (*next)(sd_journal *journal);
  int (*enumerate_data)(sd_journal *journal, const void **data, size_t *size);
  int (*set_data_threshold)(sd_journal *journal, size_t size);
  /* Whether any file was opened at all: sd_journal_open skips the files it
   * cannot read, so an unreadable journal would otherwise read as empty. */
  int (*get_usage)(sd_journal *journal, uint64_t *bytes);
  /* For an audit of many files read a few at a time: where a file's reader
   * was, to open it again there. */
  int (*get_cursor)(sd_journal *journal, char **cursor);
  int (*seek_cursor)(sd_journal *journal, const char *cursor);
  int (*test_cursor)(sd_journal *journal, const char *cursor);
  int (*get_monotonic_usec)(sd_journal *journal, uint64_t *usec, uint8_t boot_id[16]);
};

static const struct SdJournalApi *journal_api(void) {
  static struct SdJournalApi api;
  static const struct SdJournalApi *loaded_api;
  static gsize loaded;
  if (g_once_init_enter(&loaded)) {
    void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library) {
      api.open = dlsym(library, "sd_journal_open");
      api.close = dlsym(library, "sd_journal_close");
      api.add_match = dlsym(library, "sd_journal_add_match");
      api.seek_tail = dlsym(library, "sd_journal_seek_tail");
      api.previous = dlsym(library, "sd_journal_previous");
      api.get_data = dlsym(library, "sd_journal_get_data");
      api.get_realtime_usec = dlsym(library, "sd_journal_get_realtime_usec");
      api.pid_get_session = dlsym(library, "sd_pid_get_session");
      api.open_files = dlsym(library, "sd_journal_open_files");
      api.open_files_fd = dlsym(library, "sd_journal_open_files_fd");
      api.seek_head = dlsym(library, "sd_journal_seek_head");
      api.next = dlsym(library, "sd_journal_next");
      api.enumerate_data = dlsym(library, "sd_journal_enumerate_data");
      api.set_data_threshold = dlsym(library, "sd_journal_set_data_threshold");
      api.get_usage = dlsym(library, "sd_journal_get_usage");
      api.get_cursor = dlsym(library, "sd_journal_get_cursor");
      api.seek_cursor = dlsym(library, "sd_journal_seek_cursor");
      api.test_cursor = dlsym(library, "sd_journal_test_cursor");
      api.get_monotonic_usec = dlsym(library, "sd_journal_get_monotonic_usec");
      if (api.open && api.close && api.add_match && api.seek_tail && api.previous && api.get_data &&
          api.get_realtime_usec)
        loaded_api = &api;
    }
    g_once_init_leave(&loaded, 1);
  }
  return loaded_api;
}

struct BeckonJournalReader {
  const struct SdJournalApi *api;
  sd_journal *journal;
};

/* -EACCES when `journal` holds no file: sd_journal_open leaves out the files
 * this user cannot read (a volatile journal is root's and the
 * systemd-journal group's), and a journal of none reads like an empty one,
 * where "no entry" would be a false answer. */
static int check_opened(const struct SdJournalApi *api, sd_journal *journal) {
  uint64_t bytes = 0;
  if (!api->get_usage) return 0;
  int result = api->get_usage(journal, &bytes);
  if (result < 0) return result;
  return bytes == 0 ? -EACCES : 0;
}

/* The reader of an opened, matched, positioned journal; NULL (the journal
 * closed, `*error` set) when `result`, the last step's, is an error. */
static BeckonJournalReader *reader_new(const struct SdJournalApi *api, sd_journal *journal, int result, int *error) {
  if (result < 0) {
    if (journal) api->close(journal);
    if (error) *error = result;
    return NULL;
  }
  BeckonJournalReader *reader = g_new0(BeckonJournalReader, 1);
  reader->api = api;
  reader->journal = journal;
  if (error) *error = 0;
  return reader;
}

BeckonJournalReader *beckon_journal_reader_open(const char *const *matches, int count, int *error) {
  const struct SdJournalApi *api = journal_api();
  if (!api) {
    if (error) *error = -ENOSYS;
    return NULL;
  }
  sd_journal *journal = NULL;
  int result = api->open(&journal, 1 /* SD_JOURNAL_LOCAL_ONLY */);
  if (result >= 0) result = check_opened(api, journal);
  for (int i = 0; result >= 0 && i < count; i++) result = api->add_match(journal, matches[i], 0);
  if (result >= 0) result = api->seek_tail(journal);
  return reader_new(api, journal, result, error);
}

/* The audit's reader of an opened journal (`result` the opening's): the
 * file checked for being readable at all, no field past `field_bytes`,
 * filtered by `matches`, before the first entry. */
static BeckonJournalReader *audit_reader_new(const struct SdJournalApi *api, sd_journal *journal, int result,
                                             const char *const *matches, int count, size_t field_bytes,
                                             int *error) {
  if (result >= 0) result = check_opened(api, journal);
  if (result >= 0) result = api->set_data_threshold(journal, field_bytes);
  for (int i = 0; result >= 0 && i < count; i++) result = api->add_match(journal, matches[i], 0);
  /* From the first entry, never a realtime seek: sd_journal finds a time by
   * bisection in each file, which misses entries when a file's clock went
   * back or files disagree on order; the caller filters by time itself. */
  if (result >= 0) result = api->seek_head(journal);
  return reader_new(api, journal, result, error);
}

/* An auditor reads journals collected from other hosts (journal-remote's
 * directories, copied files) as well as the local one, oldest first: one
 * opener for both sources, so the Swift side sees one reader whatever it
 * reads. The caller lists the files of directories itself: sd_journal_open_files
 * fails for any file that is not a journal or cannot be read, where
 * sd_journal_open_directory would leave it out and answer from the rest.
 * No field is read past `field_bytes` (sd_journal_set_data_threshold), so a
 * hostile entry's huge field costs no more than a normal one's. */
BeckonJournalReader *beckon_journal_reader_open_sources(const char *const *files, int file_count,
                                                        const char *const *matches, int count,
                                                        size_t field_bytes, int *error) {
  const struct SdJournalApi *api = journal_api();
  if (!api || !api->open_files || !api->seek_head || !api->next || !api->enumerate_data ||
      !api->set_data_threshold) {
    if (error) *error = -ENOSYS;
    return NULL;
  }
  sd_journal *journal = NULL;
  int result;
  if (files && file_count > 0) {
    const char **paths = g_new0(const char *, file_count + 1);
    for (int i = 0; i < file_count; i++) paths[i] = files[i];
    result = api->open_files(&journal, paths, 0);
    g_free(paths);
  } else {
    result = api->open(&journal, 1 /* SD_JOURNAL_LOCAL_ONLY */);
  }
  return audit_reader_new(api, journal, result, matches, count, field_bytes, error);
}

/* An audit of many files holds each by a descriptor and opens it again by
 * that as the merge needs it: journald renaming the file on rotation while
 * the audit runs cannot take it away (a deleted one sd_journal refuses,
 * -EIDRM, even through a descriptor). sd_journal closes
 * the descriptors it is given (systemd 252 does, in sd_journal_close), so it
 * gets a duplicate and the caller's stays open. A duplicate that a failed
 * open leaves behind is not closed here (sd_journal may have closed it
 * already): the audit ends at that error anyway. */
BeckonJournalReader *beckon_journal_reader_open_file_fd(int fd, const char *const *matches, int count,
                                                        size_t field_bytes, int *error) {
  const struct SdJournalApi *api = journal_api();
  if (!api || !api->open_files_fd || !api->seek_head || !api->next || !api->enumerate_data ||
      !api->set_data_threshold) {
    if (error) *error = -ENOSYS;
    return NULL;
  }
  int copy = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (copy < 0) {
    if (error) *error = -errno;
    return NULL;
  }
  sd_journal *journal = NULL;
  int fds[1] = {copy};
  int result = api->open_files_fd(&journal, fds, 1, 0);
  return audit_reader_new(api, journal, result, matches, count, field_bytes, error);
}

int beckon_journal_reader_next(BeckonJournalReader *reader) {
  return reader->api->next(reader->journal);
}

/* An audit reads journald's trusted fields ("_..."), beckon's own
 * ("BECKON_..."), MESSAGE_ID and SYSLOG_IDENTIFIER; never MESSAGE, the prose. */
static gboolean is_audit_field(const char *data, size_t name_length) {
  if (name_length > 0 && data[0] == '_') return TRUE;
  if (name_length > 7 && memcmp(data, "BECKON_", 7) == 0) return TRUE;
  return (name_length == 10 && memcmp(data, "MESSAGE_ID", 10) == 0) ||
         (name_length == 17 && memcmp(data, "SYSLOG_IDENTIFIER", 17) == 0);
}

/* Every field of an entry an audit needs, in one pass over it: an audit
 * reads a score of fields of each of 1,000,000 entries, where one lookup per
 * field would walk the entry's items each time; the fields it does not need
 * are skipped here, before the Swift side makes a string of them. */
int beckon_journal_reader_next_field(BeckonJournalReader *reader, const char **data, size_t *size,
                                     size_t *name_length) {
  while (TRUE) {
    const void *bytes = NULL;
    size_t length = 0;
    int result = reader->api->enumerate_data(reader->journal, &bytes, &length);
    if (result <= 0) return result;
    const char *equals = memchr(bytes, '=', length);
    if (!equals) continue;
    size_t name = (size_t)(equals - (const char *)bytes);
    if (!is_audit_field(bytes, name)) continue;
    *data = bytes;
    *size = length;
    *name_length = name;
    return 1;
  }
}

int beckon_journal_reader_previous(BeckonJournalReader *reader) {
  return reader->api->previous(reader->journal);
}

char *beckon_journal_reader_get_field(BeckonJournalReader *reader, const char *field) {
  const void *data = NULL;
  size_t size = 0;
  if (reader->api->get_data(reader->journal, field, &data, &size) < 0) return NULL;
  size_t prefix = strlen(field) + 1; /* "FIELD=" */
  if (size < prefix) return NULL;
  return g_strndup((const char *)data + prefix, size - prefix);
}

guint64 beckon_journal_reader_realtime_usec(BeckonJournalReader *reader) {
  uint64_t usec = 0;
  if (reader->api->get_realtime_usec(reader->journal, &usec) < 0) return 0;
  return usec;
}

/* A reader of one file of many is closed when others must be open, and its
 * place kept as sd_journal's cursor: the entry's sequence number in its file,
 * which a seek finds exactly, where a time would be found by bisection. */
char *beckon_journal_reader_cursor(BeckonJournalReader *reader) {
  char *cursor = NULL;
  if (!reader->api->get_cursor || reader->api->get_cursor(reader->journal, &cursor) < 0 || !cursor) return NULL;
  char *copy = g_strdup(cursor);
  free(cursor);
  return copy;
}

int beckon_journal_reader_seek_cursor(BeckonJournalReader *reader, const char *cursor) {
  const struct SdJournalApi *api = reader->api;
  if (!api->seek_cursor || !api->test_cursor) return -ENOSYS;
  int result = api->seek_cursor(reader->journal, cursor);
  if (result >= 0) result = api->next(reader->journal);
  if (result == 0) return -ESTALE;
  if (result > 0) result = api->test_cursor(reader->journal, cursor);
  if (result == 0) return -ESTALE;
  return result < 0 ? result : 1;
}

guint64 beckon_journal_reader_monotonic_usec(BeckonJournalReader *reader, guint8 boot_id[16]) {
  uint64_t usec = 0;
  memset(boot_id, 0, 16);
  if (!reader->api->get_monotonic_usec || reader->api->get_monotonic_usec(reader->journal, &usec, boot_id) < 0) return 0;
  return usec;
}

void beckon_journal_reader_free(BeckonJournalReader *reader) {
  if (!reader) return;
  reader->api->close(reader->journal);
  g_free(reader);
}

char *beckon_login_session_of_process(void) {
  const struct SdJournalApi *api = journal_api();
  if (!api || !api->pid_get_session) return NULL;
  char *session = NULL;
  if (api->pid_get_session(0, &session) < 0 || !session) return NULL;
  char *copy = g_strdup(session);
  free(session);
  return copy;
}
