/* WebKitWebView (WebKit2GTK 4.1), loaded with dlopen only when a dialog shows
 * HTML, so no other dialog pays for WebKit's start-up and beckon runs where it
 * is not installed. Only the handful of functions used are looked up; signals
 * and settings go through GObject by name. */
#include "CBeckonShim.h"

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
 * clicked link opens in the browser when the view lets it (zenity's rule). */
static gboolean on_decide_policy(GtkWidget *view, gpointer decision, int type, gpointer data) {
  (void)data;
  if (!g_object_get_data(G_OBJECT(view), "beckon-loaded") || type != POLICY_DECISION_TYPE_NAVIGATION_ACTION)
    return FALSE;
  gpointer action = webkit.decision_get_navigation_action(decision);
  webkit.decision_ignore(decision);
  if (g_object_get_data(G_OBJECT(view), "beckon-opens-links") &&
      webkit.action_get_navigation_type(action) == NAVIGATION_TYPE_LINK_CLICKED) {
    const char *uri = webkit.request_get_uri(webkit.action_get_request(action));
    if (uri) g_app_info_launch_default_for_uri(uri, NULL, NULL);
  }
  return TRUE;
}

static void on_load_changed(GtkWidget *view, int event, gpointer data) {
  (void)data;
  if (event == LOAD_FINISHED) g_object_set_data(G_OBJECT(view), "beckon-loaded", GINT_TO_POINTER(1));
}

GtkWidget *beckon_web_view_new(gboolean opens_links) {
  if (!beckon_web_view_available()) return NULL;
  GtkWidget *view = webkit.web_view_new();
  GObject *settings = webkit.get_settings(view);
  /* zenity's settings: no scripts, plugins, storage or developer tools. */
  g_object_set(settings, "enable-javascript", FALSE, "enable-developer-extras", FALSE,
               "enable-html5-database", FALSE, "enable-html5-local-storage", FALSE,
               "enable-page-cache", FALSE, "enable-tabs-to-links", FALSE, "auto-load-images", TRUE, NULL);
  if (opens_links) g_object_set_data(G_OBJECT(view), "beckon-opens-links", GINT_TO_POINTER(1));
  g_signal_connect(view, "load-changed", G_CALLBACK(on_load_changed), NULL);
  g_signal_connect(view, "decide-policy", G_CALLBACK(on_decide_policy), NULL);
  return view;
}

void beckon_web_view_load_uri(GtkWidget *view, const char *uri) { webkit.load_uri(view, uri); }

void beckon_web_view_load_html(GtkWidget *view, const char *html, const char *base_uri) {
  webkit.load_html(view, html, base_uri);
}
