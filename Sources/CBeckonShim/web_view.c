/* WebKitWebView (WebKit2GTK 4.1), loaded with dlopen only when a dialog shows
 * HTML, so no other dialog pays for WebKit's start-up and beckon runs where it
 * is not installed. Only the handful of functions used are looked up; signals
 * and settings go through GObject by name. */
#include "beckon_choosers.h"
#include "beckon_callback_box.h"

#include <dlfcn.h>

/* WebKit's enums, as webkit2/WebKitPolicyDecision.h and friends define them. */
enum { POLICY_DECISION_TYPE_NAVIGATION_ACTION = 0 };
enum { LOAD_FINISHED = 3 };
enum { NAVIGATION_TYPE_LINK_CLICKED = 0 };

static struct {
  gboolean tried, loaded;
  GtkWidget *(*web_view_new)(void);
  GObject *(*get_settings)(GtkWidget *);
  void (*load_uri)(GtkWidget *, const char *);
  void (*load_html)(GtkWidget *, const char *, const char *);
  gpointer (*decision_get_navigation_action)(gpointer);
  int (*action_get_navigation_type)(gpointer);
  gpointer (*action_get_request)(gpointer);
  const char *(*request_get_uri)(gpointer);
  void (*decision_ignore)(gpointer);
} webkit;

gboolean beckon_web_view_available(void) {
  if (webkit.tried) return webkit.loaded;
  webkit.tried = TRUE;
  void *library = dlopen("libwebkit2gtk-4.1.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!library) return FALSE;
#define FIND(field, name) if (!(*(void **)&webkit.field = dlsym(library, name))) return FALSE
  FIND(web_view_new, "webkit_web_view_new");
  FIND(get_settings, "webkit_web_view_get_settings");
  FIND(load_uri, "webkit_web_view_load_uri");
  FIND(load_html, "webkit_web_view_load_html");
  FIND(decision_get_navigation_action, "webkit_navigation_policy_decision_get_navigation_action");
  FIND(action_get_navigation_type, "webkit_navigation_action_get_navigation_type");
  FIND(action_get_request, "webkit_navigation_action_get_request");
  FIND(request_get_uri, "webkit_uri_request_get_uri");
  FIND(decision_ignore, "webkit_policy_decision_ignore");
#undef FIND
  webkit.loaded = TRUE;
  return TRUE;
}

/* The page is loaded: from now on no navigation happens in the view. A
 * clicked link goes to the view's link callback, when it has one, which
 * decides whether it opens (LinkPolicy): zenity launched any scheme. */
static gboolean on_decide_policy(GtkWidget *view, gpointer decision, int type, gpointer data) {
  if (!g_object_get_data(G_OBJECT(view), "beckon-loaded") || type != POLICY_DECISION_TYPE_NAVIGATION_ACTION)
    return FALSE;
  gpointer action = webkit.decision_get_navigation_action(decision);
  webkit.decision_ignore(decision);
  if (data && webkit.action_get_navigation_type(action) == NAVIGATION_TYPE_LINK_CLICKED) {
    const char *uri = webkit.request_get_uri(webkit.action_get_request(action));
    if (uri) {
      g_object_set_data_full(G_OBJECT(view), "beckon-link-uri", g_strdup(uri), g_free);
      callback_box_call(data, 0, 0);
      g_object_set_data(G_OBJECT(view), "beckon-link-uri", NULL);
    }
  }
  return TRUE;
}

const char *beckon_web_view_link_uri(GtkWidget *view) {
  return g_object_get_data(G_OBJECT(view), "beckon-link-uri");
}

static void on_load_changed(GtkWidget *view, int event, gpointer data) {
  (void)data;
  if (event == LOAD_FINISHED) g_object_set_data(G_OBJECT(view), "beckon-loaded", GINT_TO_POINTER(1));
}

GtkWidget *beckon_web_view_new(BeckonCallback on_link, void *user_data, GDestroyNotify destroy) {
  if (!beckon_web_view_available()) return NULL;
  GtkWidget *view = webkit.web_view_new();
  GObject *settings = webkit.get_settings(view);
  /* zenity's settings: no scripts, plugins, storage or developer tools. */
  g_object_set(settings, "enable-javascript", FALSE, "enable-developer-extras", FALSE,
               "enable-html5-database", FALSE, "enable-html5-local-storage", FALSE,
               "enable-page-cache", FALSE, "enable-tabs-to-links", FALSE, "auto-load-images", TRUE, NULL);
  g_signal_connect(view, "load-changed", G_CALLBACK(on_load_changed), NULL);
  if (on_link) {
    CallbackBox *box = callback_box_new(on_link, user_data, destroy, 1);
    g_signal_connect_data(view, "decide-policy", G_CALLBACK(on_decide_policy), box, callback_box_closure_unref, 0);
  } else {
    g_signal_connect(view, "decide-policy", G_CALLBACK(on_decide_policy), NULL);
  }
  return view;
}

void beckon_web_view_load_uri(GtkWidget *view, const char *uri) { webkit.load_uri(view, uri); }

void beckon_web_view_load_html(GtkWidget *view, const char *html, const char *base_uri) {
  webkit.load_html(view, html, base_uri);
}
