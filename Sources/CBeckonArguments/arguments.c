/* The command line, as glibc hands it to the executable's constructors.
 *
 * Why this file exists: the static Swift runtime finds argv on Linux with a
 * static initializer (CommandLine.cpp's ArgvGrabber) that reads the whole of
 * /proc/self/maps, a line per mapping, to find the stack and walk back from
 * `environ`. By the time it runs, GTK and its ~40 libraries are mapped, so
 * the kernel formats some 300 lines: about half a millisecond of every start
 * (perf: show_map, mangle_path, seq_read under the runtime's fgets), more than
 * yad's whole lead over `beckon --question` in kernel time (issue 36).
 *
 * glibc calls each ELF constructor with (argc, argv, envp), as it calls
 * main, so the pointer is at hand without any search. The runtime's two
 * entry points of that file are defined here; the linker then has no reason
 * to take CommandLine.cpp.o out of libswiftCore.a, and its initializer never
 * runs. Only the `beckon` executable links this target: a program built on
 * the Beckon library keeps the runtime's own. Under a dynamically linked
 * stdlib (debug builds, tests) the runtime calls its own copy and these are
 * unused. The behaviour is the runtime's: an override set through
 * _swift_stdlib_overrideUnsafeArgvArgc wins, and an argv never captured
 * reads as empty. */
#include "CBeckonArguments.h"

#include <stddef.h>

/* The Swift calling convention of the runtime's declarations (SwiftShims'
 * RuntimeStubs.h); for these signatures it passes and returns in the same
 * registers as C, but saying so keeps it right wherever it would not. */
#define SWIFT_CC __attribute__((swiftcall))

static char **captured_argv;
static int captured_argc;
static char **override_argv;
static int override_argc;

/* Runs before main and before any Swift code can ask. */
__attribute__((constructor(101), used)) static void
beckon_arguments_capture(int argc, char **argv, char **envp)
{
    (void)envp;
    captured_argc = argc;
    captured_argv = argv;
}

SWIFT_CC void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc)
{
    override_argv = argv;
    override_argc = argc;
}

SWIFT_CC char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen)
{
    static char *empty_argv[] = {NULL};
    if (override_argv) {
        *outArgLen = override_argc;
        return override_argv;
    }
    if (captured_argv) {
        *outArgLen = captured_argc;
        return captured_argv;
    }
    *outArgLen = 0;
    return empty_argv;
}

int beckon_arguments_captured(void)
{
    return captured_argv != NULL;
}
