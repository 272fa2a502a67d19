/* datatrace: which pages of an executable's data its run reads or writes,
 * and the code that touched each first.
 *
 * pagetrace.c's counterpart for data. Preloaded into a program, it makes the
 * executable's file-backed pages other than its code and its RELRO part
 * (written whole by the relocations anyway) PROT_NONE, once ld.so has
 * relocated them; each first touch of a page opens that page for good and
 * is logged with the address of the instruction that touched it (an offset
 * from the load base when it is the executable's own code, else the object
 * and its offset, as dladdr names it). The kernel maps 64 KiB around every
 * page it faults in, so pages touched far apart cost a window each
 * (docs/performance-notes.md, "Where the windows fall").
 *
 *   cc -O2 -shared -fPIC -o /tmp/datatrace.so bench/tools/datatrace.c -ldl
 *   dlgbench -n 1 -- env DATATRACE_OUT=/tmp/data.txt LD_PRELOAD=/tmp/datatrace.so beckon --question --text Hi
 *
 * Output: "seg LO HI" for each watched range, then "PAGE PC OBJECT SYMBOL
 * OFFSET" per page, in first-touch order. A system call given a watched
 * buffer fails with EFAULT instead of faulting: for profiling only.
 * The signal mask (faults-unblocked.h) and SIGSEGV's handler are kept from being taken over (the
 * Swift runtime installs its own; beckon's watchdog blocks every signal while
 * it starts its thread).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

struct range { uintptr_t lo, hi; int prot; };
static struct range ranges[8];
static int nranges;
static uintptr_t base;
static uintptr_t pages[65536], pcs[65536];
static int npages;

static int find_executable(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size; (void)data;
  if (info->dlpi_name && info->dlpi_name[0]) return 0;
  base = info->dlpi_addr;
  uintptr_t relro_lo = 0, relro_hi = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[i];
    if (p->p_type == PT_GNU_RELRO) { relro_lo = base + p->p_vaddr; relro_hi = relro_lo + p->p_memsz; }
  }
  for (int i = 0; i < info->dlpi_phnum && nranges < 8; i++) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[i];
    if (p->p_type != PT_LOAD || (p->p_flags & PF_X)) continue;
    uintptr_t lo = (base + p->p_vaddr + 4095) & ~(uintptr_t)4095;
    uintptr_t hi = (base + p->p_vaddr + p->p_filesz) & ~(uintptr_t)4095;
    if (lo == base) lo += 4096; /* the ELF header, which ld.so and dladdr read */
    if (relro_lo && lo < relro_hi && hi > relro_lo) continue;
    if (hi > lo) ranges[nranges++] = (struct range){lo, hi, (p->p_flags & PF_W) ? PROT_READ | PROT_WRITE : PROT_READ};
  }
  return 1;
}

static void on_segv(int sig, siginfo_t *si, void *context) {
  uintptr_t page = (uintptr_t)si->si_addr & ~(uintptr_t)4095;
  for (int i = 0; i < nranges; i++) {
    if (page < ranges[i].lo || page >= ranges[i].hi) continue;
    mprotect((void *)page, 4096, ranges[i].prot);
    if (npages < 65536) {
      pages[npages] = page - base;
      pcs[npages++] = (uintptr_t)((ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
    }
    return;
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

static void dump(void) {
  const char *path = getenv("DATATRACE_OUT");
  FILE *out = path ? fopen(path, "w") : NULL;
  if (!out) return;
  for (int i = 0; i < nranges; i++) fprintf(out, "seg %lx %lx\n", ranges[i].lo - base, ranges[i].hi - base);
  for (int i = 0; i < npages; i++) {
    Dl_info info;
    const char *object = "?", *symbol = "?";
    uintptr_t offset = pcs[i];
    if (dladdr((void *)pcs[i], &info)) {
      if (info.dli_fname) object = info.dli_fname;
      if (info.dli_sname) symbol = info.dli_sname;
      offset = pcs[i] - (uintptr_t)info.dli_fbase;
    }
    fprintf(out, "%lx %lx %s %s\n", pages[i], offset, object, symbol);
  }
  fclose(out);
}

static void on_term(int sig) { (void)sig; dump(); _exit(0); }

__attribute__((constructor)) static void start(void) {
  if (!getenv("DATATRACE_OUT")) return;
  dl_iterate_phdr(find_executable, NULL);
  struct sigaction action = {0};
  action.sa_sigaction = on_segv;
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigaction(SIGSEGV, &action, NULL);
  signal(SIGTERM, on_term);
  atexit(dump);
  for (int i = 0; i < nranges; i++) mprotect((void *)ranges[i].lo, ranges[i].hi - ranges[i].lo, PROT_NONE);
}

#include "faults-unblocked.h"

/* The first SIGSEGV handler set (ours) stays. */
int sigaction(int sig, const struct sigaction *act, struct sigaction *old) {
  static int (*real)(int, const struct sigaction *, struct sigaction *);
  static int installed;
  if (!real) real = (int (*)(int, const struct sigaction *, struct sigaction *))dlsym(RTLD_NEXT, "sigaction");
  if (sig == SIGSEGV && act && installed) return real(sig, NULL, old);
  if (sig == SIGSEGV && act) installed = 1;
  return real(sig, act, old);
}
