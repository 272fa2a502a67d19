/* The executable's own pages: only those it runs, and not those of start-up
 * once the window is up.
 *
 * When a process touches a page of a file it has mapped, the kernel maps up
 * to 64 KiB of the file around it (fault-around). A static Swift executable
 * is 8 MB of code, constants and metadata whose running parts lie scattered,
 * so `beckon --question` kept ~3 MiB of its executable resident for ~1 MiB it
 * touched: most of what put its peak memory above yad's (issue 36,
 * docs/performance-notes.md, "The executable's own pages").
 *
 * 1. Exact faults. The kernel does no fault-around in a mapping registered
 *    with a userfaultfd for write-protection (mm/memory.c,
 *    should_fault_around → uffd_disable_fault_around). Since Linux 6.7 the
 *    write-protection may be asynchronous (UFFD_FEATURE_WP_ASYNC): the
 *    kernel itself resolves any write-protect fault, nothing ever waits on
 *    the descriptor, and since no page is ever write-protected here, writes
 *    behave as before. A user-mode-only userfaultfd needs no privilege. On an
 *    older kernel, or where userfaultfd is refused (seccomp, no descriptor
 *    left), nothing changes but the memory.
 *
 * 2. Start-up code given back. As the first window is shown, the pages of the
 *    executable's read-only segments are unmapped from the process: the code
 *    that parsed options and built the window is not run again. They stay in
 *    the page cache, so what runs afterwards comes back with minor faults,
 *    and the link order (bench/make-link-order) puts that code together. Only
 *    pages that are the file's own are dropped: a read-only private mapping
 *    holds nothing else unless someone wrote into it (a debugger's
 *    breakpoint, a uprobe, a text relocation), and such a page, an anonymous
 *    copy, would be lost; /proc/self/pagemap tells them apart and they stay.
 *    Writable segments (data, relocated RELRO) are never dropped. */
#define _GNU_SOURCE /* dl_iterate_phdr */
#include "CBeckonGLib.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <linux/userfaultfd.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef UFFD_FEATURE_WP_ASYNC
#define UFFD_FEATURE_WP_ASYNC (1 << 15) /* Linux 6.7; Debian 12's headers predate it */
#endif

static int has_text_relocations(const struct dl_phdr_info *info) {
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_DYNAMIC) continue;
    for (const ElfW(Dyn) *d = (const ElfW(Dyn) *)(info->dlpi_addr + ph->p_vaddr); d->d_tag != DT_NULL; d++)
      if (d->d_tag == DT_TEXTREL || (d->d_tag == DT_FLAGS && (d->d_un.d_val & DF_TEXTREL))) return 1;
  }
  return 0;
}

/* Calls `each` with the executable's program headers (the executable is the
 * one loaded object without a name) and `data`. */
typedef void (*ExecutableFunc)(const struct dl_phdr_info *info, uintptr_t page, void *data);
typedef struct {
  ExecutableFunc each;
  void *data;
} ExecutableVisit;

static int visit_executable(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  if (info->dlpi_name && info->dlpi_name[0]) return 0;
  const ExecutableVisit *visit = data;
  visit->each(info, (uintptr_t)sysconf(_SC_PAGESIZE), visit->data);
  return 1;
}

static void with_executable(ExecutableFunc each, void *data) {
  ExecutableVisit visit = {each, data};
  dl_iterate_phdr(visit_executable, &visit);
}

/* ---- 1. exact faults ---------------------------------------------------- */

typedef struct {
  int uffd;
  int registered;
} Registration;

/* Every loaded segment, code and data alike: reads of constants and
 * metadata fault around as code does. */
static void register_segments(const struct dl_phdr_info *info, uintptr_t page, void *data) {
  Registration *registration = data;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
    if (segment->p_type != PT_LOAD) continue;
    uintptr_t start = (info->dlpi_addr + segment->p_vaddr) & ~(page - 1);
    uintptr_t end = (info->dlpi_addr + segment->p_vaddr + segment->p_memsz + page - 1) & ~(page - 1);
    struct uffdio_register reg = {.range = {start, end - start}, .mode = UFFDIO_REGISTER_MODE_WP};
    if (ioctl(registration->uffd, UFFDIO_REGISTER, &reg) == 0) registration->registered++;
  }
}

int beckon_executable_fault_exactly(void) {
  int uffd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY);
  if (uffd < 0) return -1;
  if (uffd <= 2) { /* a closed standard stream's number: leave it free for /dev/null */
    int moved = fcntl(uffd, F_DUPFD_CLOEXEC, 3);
    close(uffd);
    if (moved < 0) return -1;
    uffd = moved;
  }
  /* Asynchronous or not at all: a synchronous write-protection fault would
   * wait for a handler this process does not have. */
  struct uffdio_api api = {.api = UFFD_API, .features = UFFD_FEATURE_WP_ASYNC};
  Registration registration = {uffd, 0};
  if (ioctl(uffd, UFFDIO_API, &api) == 0 && (api.features & UFFD_FEATURE_WP_ASYNC))
    with_executable(register_segments, &registration);
  if (registration.registered == 0) {
    close(uffd);
    return -1;
  }
  return uffd;
}

/* ---- 2. start-up code given back ---------------------------------------- */

/* pagemap: bit 63 the page is present, bit 61 it is a file page (or shared
 * anonymous); present and not a file page is a private copy. */
#define PAGEMAP_PRESENT (1ULL << 63)
#define PAGEMAP_FILE (1ULL << 61)

/* Drops [start, end) but for the pages pagemap shows as private copies;
 * adds what it dropped to `released`. */
static void release_range(int pagemap, uintptr_t start, uintptr_t end, uintptr_t page, size_t *released) {
  uint64_t entries[512];
  uintptr_t run = start; /* the first page of the run not yet dropped */
  for (uintptr_t at = start; at < end;) {
    size_t count = (end - at) / page < 512 ? (end - at) / page : 512;
    ssize_t got = pread(pagemap, entries, count * sizeof *entries, (off_t)(at / page * sizeof *entries));
    if (got != (ssize_t)(count * sizeof *entries)) return; /* cannot tell: drop no more */
    for (size_t i = 0; i < count; i++, at += page) {
      if ((entries[i] & PAGEMAP_PRESENT) && !(entries[i] & PAGEMAP_FILE)) {
        if (at > run && madvise((void *)run, at - run, MADV_DONTNEED) == 0) *released += at - run;
        run = at + page;
      }
    }
  }
  if (end > run && madvise((void *)run, end - run, MADV_DONTNEED) == 0) *released += end - run;
}

typedef struct {
  int pagemap;
  size_t released;
} Release;

/* The read-only segments outside RELRO, unless text relocations wrote into
 * them. */
static void release_segments(const struct dl_phdr_info *info, uintptr_t page, void *data) {
  Release *release = data;
  if (has_text_relocations(info)) return;
  uintptr_t relro_start = 0, relro_end = 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_GNU_RELRO) {
      relro_start = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
      relro_end = relro_start + info->dlpi_phdr[i].p_memsz;
    }
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
    if (segment->p_type != PT_LOAD || (segment->p_flags & PF_W)) continue;
    /* Whole pages of the file's bytes only: a segment's edges may share a
     * page with a writable neighbour. */
    uintptr_t start = (info->dlpi_addr + segment->p_vaddr + page - 1) & ~(page - 1);
    uintptr_t end = (info->dlpi_addr + segment->p_vaddr + segment->p_filesz) & ~(page - 1);
    if (end <= start || (relro_end > start && relro_start < end)) continue;
    release_range(release->pagemap, start, end, page, &release->released);
  }
}

size_t beckon_executable_release_startup_code(void) {
  Release release = {open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC), 0};
  if (release.pagemap < 0) return 0; /* without pagemap a private copy could not be told apart */
  with_executable(release_segments, &release);
  close(release.pagemap);
  return release.released;
}
