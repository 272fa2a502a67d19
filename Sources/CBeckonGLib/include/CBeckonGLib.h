#ifndef C_BECKON_GLIB_H
#define C_BECKON_GLIB_H

/* The half of Beckon's C that needs GLib and GIO alone: the main loop's
 * sources, the watchdog behind --timeout and termination signals, the
 * controlling terminal, the system journal (libsystemd, loaded on first use),
 * D-Bus (one helper for every call) and the notifications over it, a gate's
 * process and the enforcer's socket, gettext, and the executable's own pages.
 * It includes no GTK or GDK header, so the consent and login-gate modules,
 * which link it, cannot reach GTK through it; CBeckonShim (the GTK half)
 * builds on it. Callbacks follow the one BeckonCallback shape
 * (beckon_callback.h). */

#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>
#include "beckon_callback.h"

#include <stddef.h>

/* ---- writing to a descriptor (terminal.c) ----------------------------- */

/* Writes all `length` bytes to `fd` with write(2) alone, again after EINTR:
 * 0, or the errno of the failed write (EIO for a write of nothing). The one
 * write-all loop of Beckon, Swift's included (BeckonText's
 * FileDescriptor.writeAll): async-signal-safe, so the watchdog ending a stuck
 * process and the terminal's restore at exit use it too.
 * C: async-signal-safe, for the watchdog and the restore at exit. */
int beckon_fd_write_all(int fd, const void *bytes, size_t length);

/* The same for a NUL-terminated `text` (nothing for NULL), errors ignored:
 * for the lines a process writes on its way out.
 * C: as beckon_fd_write_all. */
void beckon_fd_write_text(int fd, const char *text);

/* ---- GLib's main loop (main_loop.c) ------------------------------------ */

/* A signal whose handler needs nothing but user_data and returns nothing, such
 * as "clicked", "toggled", "value-changed" or "state-flags-changed" (first and
 * second are 0). Returns the handler id.
 * C: g_signal_connect_data with a G_CALLBACK cast of a swapped trampoline. */
gulong beckon_signal_connect(gpointer instance, const char *signal, BeckonCallback func, void *user_data,
                             GDestroyNotify destroy);

/* A timeout or idle source at `priority`; it goes on while `func` returns
 * non-zero. Returns the source id.
 * C: a GSourceFunc trampoline over the one callback box. */
guint beckon_timeout_add(unsigned int milliseconds, BeckonCallback func, void *user_data, GDestroyNotify destroy);
guint beckon_idle_add(int priority, BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Calls `func` whenever `fd` is readable or at its end (first: the
 * GIOCondition seen), at `priority`, while `func` returns nonzero. The
 * descriptor is not made non-blocking: stdin may be a terminal the shell
 * shares, and one read() after poll() said readable does not block.
 * C: g_unix_fd_add_full (glib-unix.h) and its GUnixFDSourceFunc. */
guint beckon_fd_watch_add(int fd, int priority, BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Lets the dispatch main queue (and so @MainActor) run on GTK's thread: a GLib
 * fd source on the main queue's eventfd that empties the eventfd, then drains
 * the queue. Call on the thread that runs gtk_main. Returns the source id.
 * C: libdispatch's _4CF entry points, which no Swift module declares. */
guint beckon_main_queue_drain_install(void);

/* ---- the backstop for a stuck loop (watchdog.c) ------------------------ */

/* Delivers SIGINT, SIGTERM and SIGHUP to `func` (first: the signal number)
 * from GTK's main loop, so the program can say why it stops and exit with a
 * status of its own instead of dying mid-frame. Unblocks the three first: a
 * parent may have left them blocked, and a dialog that cannot be stopped is
 * worse than one that closes. A signal inherited as ignored (nohup, a
 * background job's SIGINT) is left ignored, as zenity leaves it.
 * The signal is caught by beckon's own handler and handed to the loop by the
 * watchdog thread; when the process still runs 750 ms later (the loop is
 * stuck), the thread ends it with 128 + the signal and a line on stderr.
 * A later call does nothing.
 * C: a sigaction handler and a thread, async-signal-safe. */
void beckon_termination_signals_watch(BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* The status the watchdog ends a stuck process with for `signum` (SIGINT,
 * SIGTERM or SIGHUP) in place of 128 + the signal, for a program whose
 * signals have codes of their own (beckon dialog's 40, swiftDialog's);
 * -1 restores 128 + the signal.
 * C: read by the watchdog's thread, as the rest of watchdog.c. */
void beckon_watchdog_set_signal_exit_code(int signum, int code);

/* Holds `--timeout` outside the loop: unless disarmed or postponed, the
 * process ends `milliseconds` from now with `exit_code`, `stdout_line` on
 * stdout and `stderr_line` on stderr (either may be NULL), the terminal's
 * modes put back. Replaces an earlier deadline.
 * C: the watchdog's thread ends the process from outside the loop,
 * async-signal-safe, with nothing of Swift's runtime on its path. */
void beckon_watchdog_arm(guint64 milliseconds, int exit_code, const char *stderr_line, const char *stdout_line);

/* Moves the armed deadline to `milliseconds` from now when that is later (a
 * dialog whose own timeout started after the deadline was armed); nothing
 * when none is armed.
 * C: as beckon_watchdog_arm. */
void beckon_watchdog_postpone(guint64 milliseconds);

/* Lifts the deadline: the dialog has its answer.
 * C: as beckon_watchdog_arm. */
void beckon_watchdog_disarm(void);

/* While a prompt is on the terminal, a SIGHUP that comes with that terminal
 * hung up is the person gone, answered as Escape: the loop leaves it to the
 * prompt (whose read sees the end), and the backstop ends with `code`.
 * -1 (the default): every SIGHUP is a termination signal.
 * C: read by the signal path, as beckon_watchdog_arm. */
void beckon_watchdog_set_hangup_exit_code(int code);

/* ---- the system journal (journal.c) ----------------------------------- */

/* Sends one structured entry of `count` "FIELD=value" strings (values may
 * hold newlines) with libsystemd's sd_journal_sendv, loaded on first use,
 * from a thread of its own, waiting for it at most `timeout_ms`: a journald
 * that stalls never holds up the caller. Returns 0, or a negative errno:
 * -ENOSYS without libsystemd, -ETIMEDOUT when the wait ran out (the entry is
 * still sent if journald reads again while the process lives), another when
 * no journal listens.
 * C: libsystemd through dlopen and an iovec array, on a thread of its own. */
int beckon_journal_send(const char *const *fields, int count, int timeout_ms);

/* logind's type of `session` (sd_session_get_type: "x11", "wayland", "tty",
 * "unspecified"); free with g_free. NULL when logind does not know it or
 * without libsystemd.
 * C: libsystemd through dlopen. */
char *beckon_login_session_type(const char *session);

/* ---- the entry of an ending without an answer (exit_entry.c) --------- */

/* Prepares the journal entry beckon_exit_entry_send(signum) sends: signum 0
 * for the watchdog's --timeout, SIGHUP, SIGINT or SIGTERM for that signal;
 * `count` "FIELD=value" strings as for beckon_journal_send (count 0 forgets
 * that entry). Serialized now in journald's native protocol, onto a socket
 * opened now whose sends wait at most `timeout_ms`, so that sending needs no
 * allocation, no lock and no libsystemd. Preparing makes the entries
 * sendable again after beckon_exit_entry_forget. Returns 0 or a negative errno.
 * C: sent from the watchdog's thread, which must not allocate. */
int beckon_exit_entry_prepare(int signum, const char *const *fields, int count, int timeout_ms);

/* Sends the entry prepared for `signum` (0: the timeout's), at most once per
 * process: after the first call of this or beckon_exit_entry_forget nothing
 * more is sent. Returns 0, -ENOENT when none is prepared, -EALREADY when one
 * was sent or forgotten, or sendto's negative errno (-EAGAIN: journald did
 * not read it in time).
 * C: async-signal-safe, for the watchdog's thread. */
int beckon_exit_entry_send(int signum);

/* Sends nothing more: the dialog has ended, and its answer has an entry of
 * its own.
 * C: as beckon_exit_entry_send. */
void beckon_exit_entry_forget(void);

/* ---- how another process ended (process_exit.c) ---------------------- */

/* A pidfd of process `pid` (pidfd_open, Linux 5.3), close-on-exec; a negative
 * errno when it has gone or the kernel has none.
 * C: a system call glibc 2.36 wraps and older ones do not. */
int beckon_pidfd_open(int pid);

/* The wait status (as waitpid's) of process `pid`, which the caller is not
 * the parent of, once it has exited: waits for its end on `pidfd` (from
 * beckon_pidfd_open; -1 without one) at most `timeout_ms`, then reads the
 * kernel's record of a reaped process (PIDFD_GET_INFO, Linux 6.15) or the
 * zombie's exit code in /proc. -1 when it has not ended in time or neither
 * tells (an older kernel, and a parent that reaped it first: then at once).
 * C: poll and ioctl on a pidfd, a structure newer than the build's headers. */
int beckon_process_exit_status(int pidfd, int pid, int timeout_ms);

/* ---- reading the system journal (journal_reader.c) --------------------- */

/* The journal's entries that match every one of `matches` ("FIELD=value";
 * two of the same field match either), read newest first. Opaque. */
typedef struct BeckonJournalReader BeckonJournalReader;

/* Opens the local journal, filtered by `matches`, positioned after the
 * newest entry. NULL with `*error` a negative errno when it cannot be read
 * (-ENOSYS without libsystemd, -EACCES when no journal file is readable).
 * C: libsystemd's sd_journal through dlopen. */
BeckonJournalReader *beckon_journal_reader_open(const char *const *matches, int count, int *error);

/* Moves to the next older entry: 1, or 0 when there is none, or a negative errno.
 * C: as beckon_journal_reader_open. */
int beckon_journal_reader_previous(BeckonJournalReader *reader);

/* The value of `field` in the current entry (free with g_free), NULL when it has none.
 * C: as beckon_journal_reader_open. */
char *beckon_journal_reader_get_field(BeckonJournalReader *reader, const char *field);

/* When journald received the current entry (__REALTIME_TIMESTAMP), in
 * microseconds since the epoch; 0 when unknown.
 * C: as beckon_journal_reader_open. */
guint64 beckon_journal_reader_realtime_usec(BeckonJournalReader *reader);

void beckon_journal_reader_free(BeckonJournalReader *reader);

/* ---- auditing the journal (journal_reader.c, `beckon terms --audit`) ---- */

/* Opens the `file_count` journal `files` (sd_journal_open_files), or, with
 * none, the local journal, for reading oldest first from the first entry;
 * filtered by `matches`; no field read past `field_bytes` bytes
 * ("FIELD=value", sd_journal_set_data_threshold). NULL with `*error` a
 * negative errno when they cannot be read: -EACCES when no file at all
 * could be opened (the local journal of another user, a volatile one).
 * C: as beckon_journal_reader_open. */
BeckonJournalReader *beckon_journal_reader_open_sources(const char *const *files, int file_count,
                                                        const char *const *matches, int count,
                                                        size_t field_bytes, int *error);

/* Opens the one journal file open as `fd` (sd_journal_open_files_fd, given
 * a duplicate of it: `fd` stays the caller's, open after the reader is freed), as
 * beckon_journal_reader_open_sources opens a file: filtered by `matches`, no
 * field past `field_bytes`, before its first entry.
 * C: as beckon_journal_reader_open. */
BeckonJournalReader *beckon_journal_reader_open_file_fd(int fd, const char *const *matches, int count,
                                                        size_t field_bytes, int *error);

/* Moves to the next newer entry: 1, or 0 when there is none, or a negative errno.
 * C: as beckon_journal_reader_open. */
int beckon_journal_reader_next(BeckonJournalReader *reader);

/* The current entry's next field an audit reads (`_...`, `BECKON_...`,
 * MESSAGE_ID, SYSLOG_IDENTIFIER) as "FIELD=value" (`*size` bytes, the name
 * `*name_length` of them; not NUL-terminated, valid until the reader
 * moves): 1, or 0 after the last field, or a negative errno.
 * C: as beckon_journal_reader_open; the field is not copied. */
int beckon_journal_reader_next_field(BeckonJournalReader *reader, const char **data, size_t *size,
                                     size_t *name_length);

/* Where the reader is: sd_journal's cursor of the current entry (free with
 * g_free); NULL when there is none.
 * C: as beckon_journal_reader_open. */
char *beckon_journal_reader_cursor(BeckonJournalReader *reader);

/* Moves a reader of one file onto the entry of `cursor` (from
 * beckon_journal_reader_cursor on a reader of the same file): 1, or
 * -ESTALE when the file no longer holds that entry, or a negative errno.
 * C: as beckon_journal_reader_open. */
int beckon_journal_reader_seek_cursor(BeckonJournalReader *reader, const char *cursor);

/* The current entry's __MONOTONIC_TIMESTAMP, and its boot in `boot_id`;
 * 0 (and a boot of zeros) when unknown. With the realtime and the fields, it
 * tells one entry found in two files (a copy) from two entries.
 * C: as beckon_journal_reader_open. */
guint64 beckon_journal_reader_monotonic_usec(BeckonJournalReader *reader, guint8 boot_id[16]);

/* logind's session of this process (sd_pid_get_session, from its cgroup, so
 * not what an environment variable claims); free with g_free. NULL outside a
 * session or without libsystemd.
 * C: libsystemd through dlopen. */
char *beckon_login_session_of_process(void);

/* ---- the controlling terminal (terminal.c) ------------------------------ */

/* Opens the controlling terminal (/dev/tty, close-on-exec, never acquiring
 * one): a descriptor, or -1 with errno (ENXIO: the process has none).
 * C: beside the terminal's saved modes, which the restore needs. */
int beckon_terminal_open(void);

/* Saves the terminal modes of `fd` and switches to raw input: keys one at a
 * time, no echo, ^C and ^Z as bytes. 0, or -1 with errno (not a terminal).
 * The saved modes come back with beckon_terminal_restore, which also runs at
 * exit(), so no ending of the process leaves the terminal raw.
 * `understands_ansi` 0 (TERM=dumb or unset) means restore sends no escape
 * sequence: such a terminal would print it.
 * C: termios and an atexit restore that must be async-signal-safe. */
int beckon_terminal_make_raw(int fd, int understands_ansi);

/* Puts back the saved modes, leaves the alternate screen, shows the cursor
 * (the last two on a terminal that understands ANSI); does nothing when
 * nothing is saved.
 * C: runs at exit(), as beckon_terminal_make_raw. */
void beckon_terminal_restore(void);

/* The same, for the watchdog ending a stuck process: without waiting for the
 * terminal to drain and without blocking on a write.
 * C: async-signal-safe, for the watchdog's thread. */
void beckon_terminal_restore_at_once(void);

/* Whether the controlling terminal has hung up (its far end closed): the one
 * in raw mode polls so, or the process has lost its controlling terminal.
 * C: poll on the saved terminal, shared with the watchdog's SIGHUP path. */
gboolean beckon_terminal_hung_up(void);

/* Enters (and clears) or leaves the alternate screen, remembered for restore.
 * C: remembered for the async-signal-safe restore. */
void beckon_terminal_set_alternate_screen(int fd, int on);

/* The terminal's size in character cells; 80 × 24 when it does not say.
 * C: the TIOCGWINSZ ioctl, variadic. */
int beckon_terminal_columns(int fd);
int beckon_terminal_rows(int fd);

/* Calls `func` from GLib's loop each time the terminal is resized (SIGWINCH);
 * remove the returned source to stop.
 * C: g_unix_signal_add_full (glib-unix.h) and a GSourceFunc. */
guint beckon_terminal_watch_resize(BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* ---- D-Bus connections and method calls (dbus.c) ------------------------ */

/* The one D-Bus helper: the notifications, the portal check and session
 * ending all connect and call through it. C because GDBus answers through
 * GAsyncReadyCallbacks, GVariantType is a cast of a type string (a macro),
 * and a connection's only bound is a GCancellable that something must
 * cancel: here a thread of its own, which the login gate has without GTK's
 * loop. Each caller keeps its own bus, timeouts and words for a failure. */

/* Whether the session bus can be asked without starting one: its address is
 * in DBUS_SESSION_BUS_ADDRESS or $XDG_RUNTIME_DIR/bus exists. Otherwise GLib
 * would try to start one (dbus-launch on X11), which is slow and leaves a
 * daemon behind.
 * C: beside the connections it guards (dbus.c). */
gboolean beckon_dbus_session_bus_exists(void);

/* A connection to the session or system bus, waiting at most `timeout_ms`
 * (negative: as long as it takes) for the address and the connection, then
 * cancelled ("Operation was cancelled"). `shared`: the process's singleton
 * (g_bus_get_sync); else a private connection to the address read afresh,
 * whose end does not end the process. NULL and `*error` set on failure, in
 * GLib's words. Unref the result.
 * C: the cancellable's timer thread, which the login gate needs without GTK's loop. */
GDBusConnection *beckon_dbus_connect_sync(GBusType bus, gboolean shared, int timeout_ms, GError **error);

/* What an asynchronous connect gives: a connection (owned by the callee) or
 * NULL and an error (owned too: free it). */
typedef void (*BeckonDBusConnected)(GDBusConnection *connection, GError *error, gpointer data);

/* Connects without waiting, answering on the caller's thread-default main
 * context: to `address` (a D-Bus address, a private connection) or, NULL, to
 * the process's shared session bus.
 * C: GAsyncReadyCallback. */
void beckon_dbus_connect(const char *address, BeckonDBusConnected done, gpointer data);

/* Calls `method` of `interface` at `path` of `name` with `parameters` (a
 * tuple, floating: taken; NULL for none) and waits at most `timeout_ms` (-1:
 * GDBus's default of 25 s). `reply_type` is the reply's type string ("(b)"),
 * NULL for any. `auto_start` lets the bus start `name` for the call. Returns
 * the reply tuple (unref it), or NULL and `*error` in GLib's words (a remote
 * error keeps its "GDBus.Error:name: " prefix; g_dbus_error_strip_remote_error
 * drops it).
 * C: G_VARIANT_TYPE is a cast of the type string (a macro). */
GVariant *beckon_dbus_call_sync(GDBusConnection *connection, const char *name, const char *path,
                                const char *interface, const char *method, GVariant *parameters,
                                const char *reply_type, gboolean auto_start, int timeout_ms, GError **error);

/* What an asynchronous call gives: the reply tuple (owned by the callee) or
 * NULL and an error (owned too). */
typedef void (*BeckonDBusAnswered)(GVariant *reply, GError *error, gpointer data);

/* beckon_dbus_call_sync without waiting: `done` runs once on the caller's
 * thread-default main context.
 * C: GAsyncReadyCallback, as beckon_dbus_connect. */
void beckon_dbus_call(GDBusConnection *connection, const char *name, const char *path, const char *interface,
                      const char *method, GVariant *parameters, const char *reply_type, gboolean auto_start,
                      int timeout_ms, BeckonDBusAnswered done, gpointer data);

/* Whether `name` has an owner on the bus (the bus's NameHasOwner), waiting at
 * most `timeout_ms`. FALSE and `*error` set when the bus did not answer.
 * C: g_variant_new and g_variant_get are variadic. */
gboolean beckon_dbus_name_has_owner(GDBusConnection *connection, const char *name, int timeout_ms,
                                    GError **error);

/* ---- org.freedesktop.Notifications over GDBus (notifications.c) -------- */

/* A connection to the session bus's notification server, without libnotify:
 * GDBus is part of GIO, which GTK links anyway. Every call is asynchronous and
 * answers on the thread-default main context of its caller (GTK's loop). */
typedef struct BeckonNotifications BeckonNotifications;

/* How a call failed: the second argument of a `done` callback whose first is 0. */
typedef enum {
  BECKON_NOTIFICATIONS_NO_BUS = 1,    /* no session bus to connect to */
  BECKON_NOTIFICATIONS_NO_SERVER = 2, /* the bus has no org.freedesktop.Notifications */
  BECKON_NOTIFICATIONS_FAILED = 3,    /* the server answered with an error */
} BeckonNotificationsFailure;

/* What the server said about a notification: the first argument of `events`. */
typedef enum {
  BECKON_NOTIFICATION_ACTION_INVOKED = 0, /* beckon_notifications_action_key says which */
  BECKON_NOTIFICATION_CLOSED = 1,         /* beckon_notifications_closed_reason says why */
} BeckonNotificationEvent;

/* A new, unconnected handle; free it with beckon_notifications_free.
 * C: the handle is a refcounted box that pending GDBus callbacks keep. */
BeckonNotifications *beckon_notifications_new(void);

/* Drops the caller's handle; calls still pending keep it until they answer,
 * but call nothing of the caller's after `events` is released.
 * C: as beckon_notifications_new. */
void beckon_notifications_free(BeckonNotifications *notifications);

/* Connects to the bus at `address` (a D-Bus address), or to the session bus
 * when NULL, and listens to the server's ActionInvoked and
 * NotificationClosed signals, reported through `events` (first: a
 * BeckonNotificationEvent, second: the notification's id as bits). `done`
 * runs once: first 1 when connected, else 0 and a BeckonNotificationsFailure.
 * C: GDBus signal subscriptions call C functions. */
void beckon_notifications_connect(BeckonNotifications *notifications, const char *address,
                                  BeckonCallback events, void *events_data, GDestroyNotify events_destroy,
                                  BeckonCallback done, void *user_data, GDestroyNotify destroy);

/* Calls Notify. `actions` (key, label, key, label…) has `action_count`
 * strings; `hints` is an a{sv} (floating, taken) or NULL. `done` runs once:
 * first 1 and second the id the server gave (as bits), or first 0 and a
 * BeckonNotificationsFailure.
 * C: GVariant's builders and g_variant_new are variadic. */
void beckon_notifications_notify(BeckonNotifications *notifications, const char *app_name, guint32 replaces_id,
                                 const char *app_icon, const char *summary, const char *body,
                                 const char *const *actions, int action_count, GVariant *hints,
                                 int expire_timeout, BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Calls CloseNotification for `id`; `done` as for notify (second 0 on success).
 * C: as beckon_notifications_notify. */
void beckon_notifications_close(BeckonNotifications *notifications, guint32 id,
                                BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* An a{sv} of hints from `count` names and values (each floating, taken).
 * C: g_variant_builder_add is variadic. */
GVariant *beckon_notification_hints_new(const char *const *names, GVariant *const *values, int count);

/* The message of the last failure, or NULL.
 * C: reads the handle, as beckon_notifications_new. */
const char *beckon_notifications_error(BeckonNotifications *notifications);

/* The key of the last ActionInvoked event, or NULL.
 * C: as beckon_notifications_error. */
const char *beckon_notifications_action_key(BeckonNotifications *notifications);

/* The reason of the last NotificationClosed event (1 expired, 2 dismissed,
 * 3 closed by a call, 4 undefined).
 * C: as beckon_notifications_error. */
guint32 beckon_notifications_closed_reason(BeckonNotifications *notifications);


/* ---- a gate's policy on loading code (module_policy.c) ----------------- */

/* From now on this process's g_module_open loads only a file that is root's
 * and writable by root alone, in directories that are root's and writable by
 * root alone, named by an absolute path (opened by its resolved path, so no
 * link the user owns can be swapped in between): every GTK module, GIO
 * module, input method and image loader comes through it. Under a gate, GTK
 * still loads the modules the display's settings name (XSETTINGS'
 * Gtk/Modules, GSettings' on Wayland, absolute paths allowed), whatever the
 * environment says; this refuses any the user could have written.
 * C: it replaces GLib's own g_module_open by name in the executable, which
 * the dynamic loader finds before libgmodule's. */
void beckon_module_policy_enable(void);

/* Whether `path` is what beckon_module_policy_enable lets load (see there). */
int beckon_module_path_is_trusted(const char *path);

/* ---- a gate's process and the enforcer's socket (process.c) ------------ */

/* Makes this process non-dumpable (PR_SET_DUMPABLE 0): its /proc/PID files
 * become root's, so no other process of the same user can ptrace it, read
 * its memory or open its descriptors; the enforcer checks it (docs/administrators.md,
 * "The enforcer"). 0, or an errno.
 * C: prctl is variadic. */
int beckon_process_set_undumpable(void);

/* Whether this process is dumpable (PR_GET_DUMPABLE): 1, 0, or -1.
 * C: prctl is variadic. */
int beckon_process_is_dumpable(void);

/* Limits malloc to its main arena (mallopt M_ARENA_MAX 1); call before a
 * second thread starts. Why: BeckonCLI's MallocArenas. 1 on success.
 * C: <malloc.h> is not part of Swift's Glibc module. */
int beckon_process_use_one_malloc_arena(void);

/* (A pidfd of a process, which the enforcer follows: beckon_pidfd_open
 * above, in process_exit.c.) */

/* The peer of socket `fd` of process `pid`, borrowed with pidfd_getfd: its
 * address into `path` (`size` bytes with the NUL; an abstract name begins
 * with '@', as in /proc/net/unix; empty for an unnamed peer) and the pid it
 * was connected from or listened in (SO_PEERCRED) into `peer_pid`. 0, or a
 * negative errno (EPERM without CAP_SYS_PTRACE over it, EAFNOSUPPORT for a
 * socket that is not a Unix one, ENOTCONN).
 * C: pidfd_getfd has no libc wrapper and syscall(2) is variadic; sockaddr_un
 * is a layout Swift would have to spell out. */
int beckon_socket_peer(int pid, int fd, char *path, size_t size, int *peer_pid);

/* A SOCK_SEQPACKET socket connected to the Unix socket at `path`,
 * close-on-exec, trying again while the listener's backlog is full for at
 * most `timeout_ms`; -1 and errno on failure (EAGAIN: still full).
 * C: sockaddr_un's path is a fixed char array Swift would have to lay out. */
int beckon_seqpacket_connect(const char *path, int timeout_ms);

/* A SOCK_SEQPACKET socket listening at `path` (an old socket file there is
 * removed first), non-blocking, close-on-exec, with SO_PASSCRED so that every
 * datagram carries its sender's credentials, and the file's mode set to
 * `mode`; -1 and errno on failure.
 * C: as beckon_seqpacket_connect. */
int beckon_seqpacket_listen(const char *path, unsigned int mode, int backlog);

/* The next connection waiting on `listener`, non-blocking and
 * close-on-exec, with the process that connected: its pid and uid
 * (SO_PEERCRED, which the kernel took at connect() and no namespace of the
 * peer's can forge) and a pidfd of it (SO_PEERPIDFD, Linux 6.5; before it
 * pidfd_open of that pid), close-on-exec, or -1. -1 and errno (EAGAIN: none).
 * C: accept4's flags, struct ucred and SO_PEERPIDFD, which Swift's Glibc
 * does not bring in. */
int beckon_seqpacket_accept(int listener, pid_t *pid, uid_t *uid, int *pidfd);

/* Whether the process of `pidfd` is still running (not exited): 1 or 0. The
 * enforcer asks after reading /proc/PID, so what it read was that process's
 * and not a later one's with the same pid.
 * C: poll on a pidfd, as beckon_process_exit_status. */
int beckon_pidfd_is_alive(int pidfd);

/* Receives one datagram of at most `size` bytes into `buffer` without
 * blocking, with the credentials the kernel attached to it when it was sent
 * (SCM_CREDENTIALS: the sending process, not the one that connected): its
 * length, 0 at the end of the stream, -1 and errno (EAGAIN: none yet).
 * `*pid` is 0 when the datagram carries no credentials.
 * C: the control message is read with the CMSG_* macros. */
ssize_t beckon_seqpacket_receive(int fd, void *buffer, size_t size, pid_t *pid, uid_t *uid);

/* ---- the executable's own pages (executable_pages.c) ------------------- */

/* Turns off the kernel's fault-around for the executable's segments, so that
 * only the pages it touches become resident, not the 64 KiB around each:
 * registers them with a user-mode-only userfaultfd in asynchronous
 * write-protect mode (Linux 6.7), which no fault ever waits on. Returns the
 * descriptor, to be kept open for the life of the process (closing it
 * undoes this), or -1 where the kernel or a seccomp filter refuses.
 * C: the userfaultfd system call and its ioctls, and dl_iterate_phdr. */
int beckon_executable_fault_exactly(void);

/* Unmaps the pages of the executable's read-only segments (code, constants)
 * from this process, so that code only start-up ran stops counting in its
 * memory; whatever runs later faults back in from the page cache. Pages that
 * are private copies (a debugger's breakpoints) stay. Returns the bytes
 * released; 0 when /proc/self/pagemap cannot be read. Safe with other threads
 * running: read-only file pages come back as they were.
 * C: dl_iterate_phdr's program headers and madvise on the executable's own
 * mappings. */
size_t beckon_executable_release_startup_code(void);

/* ---- gettext (locale.c) ------------------------------------------------ */

/* Asks gettext for UTF-8 from `domain` whatever the locale's charset, as GTK
 * does for its own domain (libintl.h is not visible to Swift). */
void beckon_textdomain_use_utf8(const char *domain);

#endif
