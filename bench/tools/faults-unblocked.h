/* Shared by the preloaded tracers (pagetrace.c, datatrace.c), which learn
 * what a program touches from the SIGSEGV (and SIGTRAP) its first touch
 * raises: a thread that blocks those signals and then touches a watched page
 * would be killed by the kernel. beckon's watchdog blocks every signal while
 * it starts its thread (so that the thread inherits them blocked), and so
 * does GLib around pthread_create. The signal-mask calls are interposed and
 * never block the two. For profiling only. Include once, after <dlfcn.h> and
 * <signal.h> with _GNU_SOURCE. */
static const sigset_t *faults_unblocked(int how, const sigset_t *set, sigset_t *copy) {
  if (!set || how == SIG_UNBLOCK) return set;
  *copy = *set;
  sigdelset(copy, SIGSEGV);
  sigdelset(copy, SIGTRAP);
  return copy;
}
int pthread_sigmask(int how, const sigset_t *set, sigset_t *old) {
  static int (*real)(int, const sigset_t *, sigset_t *);
  if (!real) real = (int (*)(int, const sigset_t *, sigset_t *))dlsym(RTLD_NEXT, "pthread_sigmask");
  sigset_t copy;
  return real(how, faults_unblocked(how, set, &copy), old);
}
int sigprocmask(int how, const sigset_t *set, sigset_t *old) {
  static int (*real)(int, const sigset_t *, sigset_t *);
  if (!real) real = (int (*)(int, const sigset_t *, sigset_t *))dlsym(RTLD_NEXT, "sigprocmask");
  sigset_t copy;
  return real(how, faults_unblocked(how, set, &copy), old);
}
