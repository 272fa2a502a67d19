/* The C floor of beckon-enforcer's memory (bench/enforcer): the least a C
 * program does to watch logind as the enforcer does, and nothing else. It
 * connects to the system bus with GIO (GDBus, as the enforcer does, with
 * GDBus's worker thread), asks logind for its sessions once, then sleeps in
 * poll() on an inotify watch of /run/systemd/sessions, reading and dropping
 * each event. No key files, no journal, no socket, no decisions: what it
 * holds while idle is what GLib, GIO and libc cost a C program that does
 * the same waiting.
 *
 *   cc -O2 -o enforcer_floor bench/tools/enforcer_floor.c $(pkg-config --cflags --libs gio-2.0)
 */
#include <gio/gio.h>
#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

int main(void) {
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SYSTEM, NULL, &error);
    if (bus == NULL) {
        g_printerr("enforcer_floor: system bus: %s\n", error->message);
        return 1;
    }
    GVariant *reply = g_dbus_connection_call_sync(bus, "org.freedesktop.login1", "/org/freedesktop/login1",
                                                  "org.freedesktop.login1.Manager", "ListSessions", NULL,
                                                  G_VARIANT_TYPE("(a(susso))"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
    if (reply == NULL) {
        g_printerr("enforcer_floor: ListSessions: %s\n", error->message);
        return 1;
    }
    g_variant_unref(reply);
    int watch = inotify_init1(IN_CLOEXEC);
    if (watch < 0 || inotify_add_watch(watch, "/run/systemd/sessions",
                                       IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_CLOSE_WRITE) < 0) {
        g_printerr("enforcer_floor: cannot watch /run/systemd/sessions\n");
        return 1;
    }
    for (;;) {
        struct pollfd ready = {.fd = watch, .events = POLLIN};
        if (poll(&ready, 1, -1) > 0) {
            char events[4096];
            if (read(watch, events, sizeof events) < 0) return 1;
        }
    }
}
