/* pagetrace: which code of an executable runs, instruction by instruction.
 *
 * Preloaded into a program, it makes the executable's own text PROT_NONE; each
 * fault opens the page for one single-stepped instruction (x86-64 trap flag)
 * and closes it again, so every instruction executed in the executable is
 * seen, free of the kernel's fault-around, which maps up to 64 KiB (more with
 * large folios) around every touched page and so hides how little code runs.
 * Writes the address of every instruction run, once, as offsets from the load
 * base, in first-run order, to $PAGETRACE_OUT. Slow (a few seconds per dialog).
 * By instruction, not by 16-byte granule: a function that begins and ends
 * inside a granule first entered at its neighbour's tail was never seen
 * (1,250 functions traced by granule, 1,254 by instruction: issue 36).
 * For profiling only; used for "Where the memory goes" in docs/performance-notes.md.
 *
 *   cc -O2 -shared -fPIC -o /tmp/pagetrace.so bench/tools/pagetrace.c
 *   dlgbench -n 1 -t 300000 -- env SWIFT_BACKTRACE=enable=no \
 *     PAGETRACE_OUT=/tmp/trace.txt LD_PRELOAD=/tmp/pagetrace.so beckon --question --text Hi
 *   sort -u <(awk '{print substr($0, 1, length($0) - 3)}' /tmp/trace.txt) | wc -l   # pages
 *
 * (SWIFT_BACKTRACE=enable=no keeps the Swift runtime from taking SIGSEGV over.)
 *
 * Where beckon gives its start-up code back (beckon_startup_code_release's
 * madvise of its own text, interposed below) the trace starts over: a line
 * ffffffff, then every instruction run afterwards, once, in first-run order,
 * whether or not it ran before (bench/make-link-order lays that code out first).
 *
 * A thread that blocks SIGSEGV or SIGTRAP and then runs the executable's code
 * would be killed by its first fault: beckon's watchdog blocks every signal
 * while it starts its thread (so the thread inherits them blocked), and so
 * does GLib around pthread_create. The signal mask calls are therefore
 * interposed (faults-unblocked.h) and never block those two.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
static uintptr_t lo, hi, base;
static uint8_t *seen;
static uint32_t *order;
static size_t norder;
static __thread uintptr_t open_page;
static int cb(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size; (void)data;
  if (info->dlpi_name && info->dlpi_name[0]) return 0;
  base = info->dlpi_addr;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[i];
    if (p->p_type == PT_LOAD && (p->p_flags & PF_X)) {
      lo = (base + p->p_vaddr) & ~(uintptr_t)4095;
      hi = (base + p->p_vaddr + p->p_memsz + 4095) & ~(uintptr_t)4095;
    }
  }
  return 1;
}
static void on_segv(int sig, siginfo_t *si, void *ctx) {
  (void)sig;
  uintptr_t a = (uintptr_t)si->si_addr;
  if (a < lo || a >= hi) { signal(SIGSEGV, SIG_DFL); return; }
  size_t g = a - lo;
  if (!seen[g]) { seen[g] = 1; order[norder++] = (uint32_t)(a - base); }
  uintptr_t page = a & ~(uintptr_t)4095;
  mprotect((void *)page, 4096, PROT_READ | PROT_EXEC);
  open_page = page;
  ((ucontext_t *)ctx)->uc_mcontext.gregs[REG_EFL] |= 0x100;
}
static void on_trap(int sig, siginfo_t *si, void *ctx) {
  (void)sig; (void)si;
  ((ucontext_t *)ctx)->uc_mcontext.gregs[REG_EFL] &= ~0x100;
  if (open_page) { mprotect((void *)open_page, 4096, PROT_NONE); open_page = 0; }
}
/* The start-up code's release: the trace starts over. All of the text is
 * closed again, since a page left open by a thread blocked in a system call
 * would hide what other threads run on it. */
int madvise(void *addr, size_t length, int advice) {
  static int (*real)(void *, size_t, int);
  static int marked;
  if (!real) real = (int (*)(void *, size_t, int))dlsym(RTLD_NEXT, "madvise");
  uintptr_t start = (uintptr_t)addr;
  if (seen && !marked && advice == MADV_DONTNEED && start < hi && start + length > lo) {
    marked = 1;
    memset(seen, 0, hi - lo);
    order[norder++] = UINT32_MAX;
    int result = real(addr, length, advice);
    mprotect((void *)lo, hi - lo, PROT_NONE);
    return result;
  }
  return real(addr, length, advice);
}
#include "faults-unblocked.h"
__attribute__((constructor)) static void init(void) {
  if (!getenv("PAGETRACE_OUT")) return;
  dl_iterate_phdr(cb, 0);
  seen = calloc(hi - lo, 1);
  order = calloc(2 * (hi - lo), sizeof *order); /* twice: the trace starts over once */
  struct sigaction sa; memset(&sa, 0, sizeof sa);
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sa.sa_sigaction = on_segv; sigaction(SIGSEGV, &sa, 0);
  sa.sa_sigaction = on_trap; sigaction(SIGTRAP, &sa, 0);
  mprotect((void *)lo, hi - lo, PROT_NONE);
}
__attribute__((destructor)) static void fini(void) {
  const char *path = getenv("PAGETRACE_OUT");
  if (!path || !seen) return;
  mprotect((void *)lo, hi - lo, PROT_READ | PROT_EXEC);
  FILE *f = fopen(path, "w");
  for (size_t i = 0; i < norder; i++) fprintf(f, "%x\n", order[i]);
  fclose(f);
}
