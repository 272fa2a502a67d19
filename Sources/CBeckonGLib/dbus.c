/* The one way Beckon speaks D-Bus: connections and method calls over GDBus,
 * for the notifications (notifications.c), the portal check (the file
 * chooser's) and session ending (BeckonLoginGate). GLib and GIO only, so the
 * login gate uses it without GTK. Each caller keeps its own bus, timeouts and
 * words for a failure; what is shared is how a connection is made and bounded
 * and how a call is sent and answered. */
#include "CBeckonGLib.h"

/* ---- a deadline for calls that take a cancellable but no timeout --------- */

/* Shared by the caller and a timer thread: whichever lets go last frees it.
 * The thread cancels `cancellable` when `end_time` passes before `done`. */
typedef struct {
  GMutex lock;
  GCond cond;
  gboolean done;
  gint64 end_time;
  GCancellable *cancellable;
} Deadline;

static void deadline_clear(gpointer data) {
  Deadline *deadline = data;
  g_mutex_clear(&deadline->lock);
  g_cond_clear(&deadline->cond);
  g_object_unref(deadline->cancellable);
}

static gpointer deadline_wait(gpointer data) {
  Deadline *deadline = data;
  g_mutex_lock(&deadline->lock);
  gboolean expired = FALSE;
  while (!deadline->done && !expired)
    expired = !g_cond_wait_until(&deadline->cond, &deadline->lock, deadline->end_time);
  expired = !deadline->done;
  g_mutex_unlock(&deadline->lock);
  if (expired) g_cancellable_cancel(deadline->cancellable);
  g_atomic_rc_box_release_full(deadline, deadline_clear);
  return NULL;
}

/* A cancellable cancelled `timeout_ms` from now (negative: never), by a thread
 * of its own: the waits it bounds block the calling thread, so no main loop
 * can. NULL for no deadline. Without a thread the wait goes on unbounded
 * rather than not at all. */
static Deadline *deadline_start(int timeout_ms) {
  if (timeout_ms < 0) return NULL;
  Deadline *deadline = g_atomic_rc_box_new0(Deadline);
  g_mutex_init(&deadline->lock);
  g_cond_init(&deadline->cond);
  deadline->cancellable = g_cancellable_new();
  deadline->end_time = g_get_monotonic_time() + (gint64)timeout_ms * G_TIME_SPAN_MILLISECOND;
  GThread *thread = g_thread_try_new("beckon-dbus-deadline", deadline_wait,
                                     g_atomic_rc_box_acquire(deadline), NULL);
  if (thread) g_thread_unref(thread);
  else g_atomic_rc_box_release_full(deadline, deadline_clear); /* the thread's reference */
  return deadline;
}

static GCancellable *deadline_cancellable(Deadline *deadline) {
  return deadline ? deadline->cancellable : NULL;
}

/* The wait is over: the thread, when it still waits, ends without cancelling. */
static void deadline_finish(Deadline *deadline) {
  if (!deadline) return;
  g_mutex_lock(&deadline->lock);
  deadline->done = TRUE;
  g_cond_signal(&deadline->cond);
  g_mutex_unlock(&deadline->lock);
  g_atomic_rc_box_release_full(deadline, deadline_clear);
}

/* ---- connections ---------------------------------------------------------- */

gboolean beckon_dbus_session_bus_exists(void) {
  const char *address = g_getenv("DBUS_SESSION_BUS_ADDRESS");
  if (address != NULL && *address != '\0') return TRUE;
  char *path = g_build_filename(g_get_user_runtime_dir(), "bus", NULL);
  gboolean exists = g_file_test(path, G_FILE_TEST_EXISTS);
  g_free(path);
  return exists;
}

/* A message bus's own connection flags: authenticate as a client, then Hello. */
#define BUS_CLIENT_FLAGS \
  (G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION)

GDBusConnection *beckon_dbus_connect_sync(GBusType bus, gboolean shared, int timeout_ms, GError **error) {
  Deadline *deadline = deadline_start(timeout_ms);
  GCancellable *cancellable = deadline_cancellable(deadline);
  GDBusConnection *connection = NULL;
  GError *local = NULL;
  if (shared) {
    connection = g_bus_get_sync(bus, cancellable, &local);
  } else {
    /* The addresses are read afresh each time, not from GLib's singleton. */
    char *address = g_dbus_address_get_for_bus_sync(bus, cancellable, &local);
    if (!address) {
      if (!local) local = g_error_new_literal(G_IO_ERROR, G_IO_ERROR_FAILED, "no address for the bus");
    } else {
      connection = g_dbus_connection_new_for_address_sync(address, BUS_CLIENT_FLAGS, NULL, cancellable, &local);
      if (!connection && !local)
        local = g_error_new(G_IO_ERROR, G_IO_ERROR_FAILED, "no connection to %s", address);
      g_free(address);
    }
  }
  deadline_finish(deadline);
  if (local) g_propagate_error(error, local);
  return connection;
}

typedef struct {
  BeckonDBusConnected done;
  gpointer data;
} PendingConnect;

static void connect_answered(PendingConnect *pending, GDBusConnection *connection, GError *error) {
  pending->done(connection, error, pending->data);
  g_free(pending);
}

static void shared_bus_ready(GObject *source, GAsyncResult *result, gpointer data) {
  (void)source;
  GError *error = NULL;
  GDBusConnection *connection = g_bus_get_finish(result, &error);
  connect_answered(data, connection, error);
}

static void address_ready(GObject *source, GAsyncResult *result, gpointer data) {
  (void)source;
  GError *error = NULL;
  GDBusConnection *connection = g_dbus_connection_new_for_address_finish(result, &error);
  connect_answered(data, connection, error);
}

void beckon_dbus_connect(const char *address, BeckonDBusConnected done, gpointer data) {
  PendingConnect *pending = g_new0(PendingConnect, 1);
  pending->done = done;
  pending->data = data;
  if (address) {
    /* A bus of the caller's choosing is a connection of its own, not the
     * process's shared one, so its end does not end the process. */
    g_dbus_connection_new_for_address(address, BUS_CLIENT_FLAGS, NULL, NULL, address_ready, pending);
  } else {
    g_bus_get(G_BUS_TYPE_SESSION, NULL, shared_bus_ready, pending);
  }
}

/* ---- method calls ------------------------------------------------------- */

static GDBusCallFlags call_flags(gboolean auto_start) {
  return auto_start ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START;
}

GVariant *beckon_dbus_call_sync(GDBusConnection *connection, const char *name, const char *path,
                                const char *interface, const char *method, GVariant *parameters,
                                const char *reply_type, gboolean auto_start, int timeout_ms, GError **error) {
  return g_dbus_connection_call_sync(connection, name, path, interface, method, parameters,
                                     reply_type ? G_VARIANT_TYPE(reply_type) : NULL, call_flags(auto_start),
                                     timeout_ms, NULL, error);
}

typedef struct {
  BeckonDBusAnswered done;
  gpointer data;
} PendingCall;

static void call_answered(GObject *source, GAsyncResult *result, gpointer data) {
  PendingCall *pending = data;
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &error);
  pending->done(reply, error, pending->data);
  g_free(pending);
}

void beckon_dbus_call(GDBusConnection *connection, const char *name, const char *path, const char *interface,
                      const char *method, GVariant *parameters, const char *reply_type, gboolean auto_start,
                      int timeout_ms, BeckonDBusAnswered done, gpointer data) {
  PendingCall *pending = g_new0(PendingCall, 1);
  pending->done = done;
  pending->data = data;
  g_dbus_connection_call(connection, name, path, interface, method, parameters,
                         reply_type ? G_VARIANT_TYPE(reply_type) : NULL, call_flags(auto_start), timeout_ms,
                         NULL, call_answered, pending);
}

gboolean beckon_dbus_name_has_owner(GDBusConnection *connection, const char *name, int timeout_ms,
                                    GError **error) {
  /* The bus driver answers this itself: auto-start never applies to it. */
  GVariant *reply = beckon_dbus_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                          "org.freedesktop.DBus", "NameHasOwner", g_variant_new("(s)", name),
                                          "(b)", FALSE, timeout_ms, error);
  if (!reply) return FALSE;
  gboolean has_owner = FALSE;
  g_variant_get(reply, "(b)", &has_owner);
  g_variant_unref(reply);
  return has_owner;
}
