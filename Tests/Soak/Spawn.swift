import Foundation

/// Runs a program to its end and returns its exit status and what it wrote on
/// stdout. posix_spawn rather than Foundation's Process: Process forks before
/// it execs and scans /proc/self/fd with buffers valgrind takes for
/// uninitialised, so under `make memcheck` it reported errors and wrote XML
/// from each fork. Blocks: call it off GTK's thread (``tool(_:)``) or before
/// GTK runs.
func runToEnd(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String) {
    guard let fds = closeOnExecPipe() else { return (-1, "") }
    guard let pid = spawn(arguments, environment: environment, stdout: fds[1]) else {
        close(fds[0]); close(fds[1])
        return (-1, "")
    }
    close(fds[1])
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let got = read(fds[0], &buffer, buffer.count)
        if got > 0 { output += buffer[0..<got]; continue }
        if got < 0 && errno == EINTR { continue }
        break
    }
    close(fds[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (code, String(decoding: output, as: UTF8.self))
}

/// Starts a program and returns its pid without waiting for it; nil when it
/// could not start. `environment` is added to this process's own; `stdin` and
/// `stdout` replace the soak's own. The program gets no other descriptor of
/// the soak's (``closeInheritedDescriptorsOnExec()``) and no blocked signal
/// (a test runner blocks SIGTERM, and children would inherit that).
func spawn(_ arguments: [String], environment: [String: String] = [:], stdin: Int32? = nil,
           stdout: Int32? = nil) -> pid_t? {
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let env: [UnsafeMutablePointer<CChar>?] = (ProcessInfo.processInfo.environment.merging(environment) { $1 })
        .map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) }
    if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout, 1) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    guard posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, env) == 0 else { return nil }
    return pid
}

/// Runs an X tool (xdotool, wmctrl) off GTK's thread and returns its exit status.
func tool(_ arguments: [String]) async -> Int32 {
    await Task.detached { runToEnd(arguments).status }.value
}

/// Runs an X tool off GTK's thread and returns what it printed, one line an
/// item (none when it found nothing: xdotool search's status 1); nil when it failed.
func toolLines(_ arguments: [String]) async -> [String]? {
    let (status, output) = await Task.detached { runToEnd(arguments) }.value
    return status == 0 || status == 1 ? output.split(separator: "\n").map(String.init) : nil
}

/// A pipe whose ends close on exec: only a child given one as stdin or
/// stdout holds it.
func closeOnExecPipe() -> [Int32]? {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return fds
}

/// Marks every descriptor above stderr that the soak inherited close-on-exec,
/// before any thread runs. A test runner's pipe inherited under another
/// number and held by a long-lived child (the soak's bus) would keep the
/// runner waiting for its end; GLib opens its own with O_CLOEXEC.
func closeInheritedDescriptorsOnExec() {
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap(Int32.init) where fd > 2 {
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }
}
