/* org.freedesktop.Notifications over GDBus: the session bus, Notify,
 * CloseNotification and the server's two signals. Connections and calls go
 * through the one D-Bus helper (dbus.c); C because GDBus's signal handlers are
 * C callbacks and GVariant's builders are variadic. */
#include "beckon_callback_box.h"

#define SERVER_NAME "org.freedesktop.Notifications"
#define SERVER_PATH "/org/freedesktop/Notifications"

struct BeckonNotifications {
  GDBusConnection *connection;
  guint action_subscription;
  guint closed_subscription;
  CallbackBox *events;
  char *error;
  char *action_key;
  guint32 closed_reason;
};

/* A pending call: the handle (kept alive until the answer) and its callback. */
typedef struct {
  BeckonNotifications *notifications;
  CallbackBox *box;
} PendingCall;

static void notifications_clear(gpointer data) {
  BeckonNotifications *notifications = data;
  if (notifications->connection) {
    g_dbus_connection_signal_unsubscribe(notifications->connection, notifications->action_subscription);
    g_dbus_connection_signal_unsubscribe(notifications->connection, notifications->closed_subscription);
    g_object_unref(notifications->connection);
  }
  if (notifications->events) callback_box_unref(notifications->events);
  g_free(notifications->error);
  g_free(notifications->action_key);
}

BeckonNotifications *beckon_notifications_new(void) {
  return g_rc_box_new0(BeckonNotifications);
}

void beckon_notifications_free(BeckonNotifications *notifications) {
  /* The owner is gone: no event may reach it any more. */
  if (notifications->events) {
    callback_box_unref(notifications->events);
    notifications->events = NULL;
  }
  g_rc_box_release_full(notifications, notifications_clear);
}

static PendingCall *pending_call_new(BeckonNotifications *notifications, BeckonCallback func, void *user_data,
                                     GDestroyNotify destroy) {
  PendingCall *call = g_new0(PendingCall, 1);
  call->notifications = g_rc_box_acquire(notifications);
  call->box = callback_box_new(func, user_data, destroy, 1);
  return call;
}

static void pending_call_finish(PendingCall *call, int first, int second) {
  callback_box_call(call->box, first, second);
  callback_box_unref(call->box);
  g_rc_box_release_full(call->notifications, notifications_clear);
  g_free(call);
}

static int failure_of(const GError *error) {
  if (g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN)
      || g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER))
    return BECKON_NOTIFICATIONS_NO_SERVER;
  return BECKON_NOTIFICATIONS_FAILED;
}

static void remember_error(BeckonNotifications *notifications, GError *error) {
  /* GDBus prefixes remote errors with their D-Bus name; the message says enough. */
  g_dbus_error_strip_remote_error(error);
  g_free(notifications->error);
  notifications->error = g_strdup(error->message);
}

static void signal_arrived(GDBusConnection *connection, const char *sender, const char *path,
                           const char *interface, const char *signal, GVariant *parameters, gpointer data) {
  (void)connection; (void)sender; (void)path; (void)interface;
  BeckonNotifications *notifications = data;
  if (!notifications->events) return;
  guint32 id = 0;
  if (g_str_equal(signal, "ActionInvoked") && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(us)"))) {
    const char *key = NULL;
    g_variant_get(parameters, "(u&s)", &id, &key);
    g_free(notifications->action_key);
    notifications->action_key = g_strdup(key);
    callback_box_call(notifications->events, BECKON_NOTIFICATION_ACTION_INVOKED, (int)id);
  } else if (g_str_equal(signal, "NotificationClosed") && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(uu)"))) {
    g_variant_get(parameters, "(uu)", &id, &notifications->closed_reason);
    callback_box_call(notifications->events, BECKON_NOTIFICATION_CLOSED, (int)id);
  }
}

/* The connection's answer (dbus.c): the server's two signals are listened to. */
static void connected(GDBusConnection *connection, GError *error, gpointer data) {
  PendingCall *call = data;
  BeckonNotifications *notifications = call->notifications;
  if (!connection) {
    remember_error(notifications, error);
    g_error_free(error);
    pending_call_finish(call, 0, BECKON_NOTIFICATIONS_NO_BUS);
    return;
  }
  notifications->connection = connection;
  /* The sender is the well-known name: GDBus follows its owner. */
  notifications->action_subscription = g_dbus_connection_signal_subscribe(
      connection, SERVER_NAME, SERVER_NAME, "ActionInvoked", SERVER_PATH, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
      signal_arrived, notifications, NULL);
  notifications->closed_subscription = g_dbus_connection_signal_subscribe(
      connection, SERVER_NAME, SERVER_NAME, "NotificationClosed", SERVER_PATH, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
      signal_arrived, notifications, NULL);
  pending_call_finish(call, 1, 0);
}

void beckon_notifications_connect(BeckonNotifications *notifications, const char *address,
                                  BeckonCallback events, void *events_data, GDestroyNotify events_destroy,
                                  BeckonCallback done, void *user_data, GDestroyNotify destroy) {
  if (notifications->events) callback_box_unref(notifications->events);
  notifications->events = callback_box_new(events, events_data, events_destroy, 1);
  /* NULL: the process's shared session bus; an address: a connection of its own. */
  beckon_dbus_connect(address, connected, pending_call_new(notifications, done, user_data, destroy));
}

/* A method call's answer (dbus.c). */
static void call_answered(GVariant *reply, GError *error, gpointer data) {
  PendingCall *call = data;
  if (!reply) {
    int failure = failure_of(error);
    remember_error(call->notifications, error);
    g_error_free(error);
    pending_call_finish(call, 0, failure);
    return;
  }
  guint32 id = 0;
  if (g_variant_is_of_type(reply, G_VARIANT_TYPE("(u)"))) g_variant_get(reply, "(u)", &id);
  g_variant_unref(reply);
  pending_call_finish(call, 1, (int)id);
}

static void call_server(BeckonNotifications *notifications, const char *method, GVariant *parameters,
                        const char *reply_type, PendingCall *call) {
  if (!notifications->connection) {
    g_variant_unref(g_variant_ref_sink(parameters));
    g_free(notifications->error);
    notifications->error = g_strdup("not connected to the session bus");
    pending_call_finish(call, 0, BECKON_NOTIFICATIONS_NO_BUS);
    return;
  }
  /* Auto-start stays on, as with libnotify: a desktop may start its server
   * on the first notification. No timeout of Beckon's own: GDBus's default. */
  beckon_dbus_call(notifications->connection, SERVER_NAME, SERVER_PATH, SERVER_NAME, method, parameters,
                   reply_type, TRUE, -1, call_answered, call);
}

void beckon_notifications_notify(BeckonNotifications *notifications, const char *app_name, guint32 replaces_id,
                                 const char *app_icon, const char *summary, const char *body,
                                 const char *const *actions, int action_count, GVariant *hints,
                                 int expire_timeout, BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  GVariantBuilder action_list;
  g_variant_builder_init(&action_list, G_VARIANT_TYPE("as"));
  for (int i = 0; i < action_count; i++) g_variant_builder_add(&action_list, "s", actions[i]);
  if (!hints) hints = g_variant_new_array(G_VARIANT_TYPE("{sv}"), NULL, 0);
  GVariant *parameters = g_variant_new("(susssas@a{sv}i)", app_name ? app_name : "", replaces_id,
                                       app_icon ? app_icon : "", summary ? summary : "", body ? body : "",
                                       &action_list, hints, expire_timeout);
  call_server(notifications, "Notify", parameters, "(u)",
              pending_call_new(notifications, func, user_data, destroy));
}

void beckon_notifications_close(BeckonNotifications *notifications, guint32 id,
                                BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  call_server(notifications, "CloseNotification", g_variant_new("(u)", id), NULL,
              pending_call_new(notifications, func, user_data, destroy));
}

GVariant *beckon_notification_hints_new(const char *const *names, GVariant *const *values, int count) {
  GVariantBuilder builder;
  g_variant_builder_init(&builder, G_VARIANT_TYPE("a{sv}"));
  for (int i = 0; i < count; i++) g_variant_builder_add(&builder, "{sv}", names[i], values[i]);
  return g_variant_builder_end(&builder);
}

const char *beckon_notifications_error(BeckonNotifications *notifications) {
  return notifications->error;
}

const char *beckon_notifications_action_key(BeckonNotifications *notifications) {
  return notifications->action_key;
}

guint32 beckon_notifications_closed_reason(BeckonNotifications *notifications) {
  return notifications->closed_reason;
}
