#include "CBeckonShim.h"

/* ---- text tags ---------------------------------------------------------- */

GtkTextTag *beckon_terms_tag_new(GtkTextBuffer *buffer, const char *name) {
  return gtk_text_buffer_create_tag(buffer, name, NULL);
}

void beckon_terms_tag_set_int(GtkTextTag *tag, const char *property, int value) {
  g_object_set(tag, property, value, NULL);
}

void beckon_terms_tag_set_double(GtkTextTag *tag, const char *property, double value) {
  g_object_set(tag, property, value, NULL);
}

void beckon_terms_tag_set_string(GtkTextTag *tag, const char *property, const char *value) {
  g_object_set(tag, property, value, NULL);
}

/* ---- links --------------------------------------------------------------- */

typedef struct {
  GtkTextTag *link_tag;
  BeckonTermsLinkFunc func;
  void *user_data;
  GDestroyNotify destroy;
  gboolean hovering;
  int refs; /* one per signal connection */
} LinkWatch;

static void link_watch_unref(gpointer data, GClosure *closure) {
  (void)closure;
  LinkWatch *w = data;
  if (--w->refs > 0) return;
  if (w->destroy) w->destroy(w->user_data);
  g_object_unref(w->link_tag);
  g_free(w);
}

/* The buffer position under window coordinates (x, y) of the text view, when
 * it is link text. */
static gboolean link_at(GtkTextView *view, LinkWatch *w, double x, double y, GtkTextIter *iter) {
  int bx, by;
  gtk_text_view_window_to_buffer_coords(view, GTK_TEXT_WINDOW_WIDGET, (int)x, (int)y, &bx, &by);
  if (!gtk_text_view_get_iter_at_location(view, iter, bx, by)) return FALSE;
  return gtk_text_iter_has_tag(iter, w->link_tag);
}

/* "event-after", as GTK's hypertext demo does: the text view has handled the
 * release (ending any selection) by the time this runs. */
static void on_link_event_after(GtkWidget *widget, GdkEvent *event, gpointer data) {
  LinkWatch *w = data;
  if (event->type != GDK_BUTTON_RELEASE) return;
  GdkEventButton *button = (GdkEventButton *)event;
  if (button->button != GDK_BUTTON_PRIMARY) return;
  GtkTextView *view = GTK_TEXT_VIEW(widget);
  GtkTextIter start, end, iter;
  /* A drag that selected text is not a click on a link. */
  if (gtk_text_buffer_get_selection_bounds(gtk_text_view_get_buffer(view), &start, &end)) return;
  if (!link_at(view, w, button->x, button->y, &iter)) return;
  w->func(gtk_text_iter_get_offset(&iter), w->user_data);
}

static gboolean on_link_motion(GtkWidget *widget, GdkEventMotion *event, gpointer data) {
  LinkWatch *w = data;
  GtkTextIter iter;
  gboolean over = link_at(GTK_TEXT_VIEW(widget), w, event->x, event->y, &iter);
  if (over != w->hovering) {
    w->hovering = over;
    GdkWindow *window = gtk_text_view_get_window(GTK_TEXT_VIEW(widget), GTK_TEXT_WINDOW_TEXT);
    if (window) {
      GdkCursor *cursor = over ? gdk_cursor_new_from_name(gtk_widget_get_display(widget), "pointer")
                               : gdk_cursor_new_from_name(gtk_widget_get_display(widget), "text");
      gdk_window_set_cursor(window, cursor);
      if (cursor) g_object_unref(cursor);
    }
  }
  return FALSE; /* the text view still tracks the pointer for selections */
}

void beckon_terms_watch_links(GtkWidget *text_view, GtkTextTag *link_tag, BeckonTermsLinkFunc func,
                              void *user_data, GDestroyNotify destroy) {
  LinkWatch *w = g_new0(LinkWatch, 1);
  w->link_tag = g_object_ref(link_tag);
  w->func = func;
  w->user_data = user_data;
  w->destroy = destroy;
  w->refs = 2;
  gtk_widget_add_events(text_view, GDK_POINTER_MOTION_MASK | GDK_BUTTON_RELEASE_MASK);
  g_signal_connect_data(text_view, "event-after", G_CALLBACK(on_link_event_after), w, link_watch_unref, 0);
  g_signal_connect_data(text_view, "motion-notify-event", G_CALLBACK(on_link_motion), w, link_watch_unref, 0);
}

/* ---- the response guard ----------------------------------------------------- */

typedef struct {
  int response_id;
  BeckonTermsAllowFunc allow;
  void *user_data;
  GDestroyNotify destroy;
} ResponseGuard;

static void response_guard_free(gpointer data, GClosure *closure) {
  (void)closure;
  ResponseGuard *g = data;
  if (g->destroy) g->destroy(g->user_data);
  g_free(g);
}

static void on_guarded_response(GtkDialog *dialog, gint response_id, gpointer data) {
  ResponseGuard *g = data;
  if (response_id != g->response_id) return;
  if (g->allow(g->user_data)) return;
  g_signal_stop_emission_by_name(dialog, "response");
}

gulong beckon_terms_guard_response(GtkWidget *dialog, int response_id, BeckonTermsAllowFunc allow,
                                   void *user_data, GDestroyNotify destroy) {
  ResponseGuard *g = g_new0(ResponseGuard, 1);
  g->response_id = response_id;
  g->allow = allow;
  g->user_data = user_data;
  g->destroy = destroy;
  return g_signal_connect_data(dialog, "response", G_CALLBACK(on_guarded_response), g, response_guard_free, 0);
}
