import Glibc

extension ConsentJournal {
    /// `signum`'s name without `SIG`, as `kill -l` prints it (`TERM`, `KILL`):
    /// the value of ``Field/signal``. A number with no name here (a real-time
    /// signal) is written as its number.
    public static func signalName(_ signum: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "HUP", SIGINT: "INT", SIGQUIT: "QUIT", SIGILL: "ILL", SIGTRAP: "TRAP", SIGABRT: "ABRT",
            SIGBUS: "BUS", SIGFPE: "FPE", SIGKILL: "KILL", SIGUSR1: "USR1", SIGSEGV: "SEGV", SIGUSR2: "USR2",
            SIGPIPE: "PIPE", SIGALRM: "ALRM", SIGTERM: "TERM", SIGXCPU: "XCPU", SIGXFSZ: "XFSZ",
            SIGVTALRM: "VTALRM", SIGPROF: "PROF", SIGSYS: "SYS",
        ]
        return names[signum] ?? String(signum)
    }
}
