/* GtkTextView and its tags: tags without varargs, clickable link text. */
#include "beckon_text.h"
#include "beckon_callback_box.h"

/* ---- text tags ---------------------------------------------------------- */

GtkTextTag *beckon_text_tag_new(GtkTextBuffer *buffer, const char *name) {
  return gtk_text_buffer_create_tag(buffer, name, NULL);
}

void beckon_text_tag_set_int(GtkTextTag *tag, const char *property, int value) {
  g_object_set(tag, property, value, NULL);
}

void beckon_text_tag_set_double(GtkTextTag *tag, const char *property, double value) {
  g_object_set(tag, property, value, NULL);
}

void beckon_text_tag_set_string(GtkTextTag *tag, const char *property, const char *value) {
  g_object_set(tag, property, value, NULL);
}

/* ---- links --------------------------------------------------------------- */

/* The box's extra data: what the two handlers share. */
typedef struct {
  GtkTextTag *link_tag;
  gboolean hovering;
} LinkWatch;

static void link_watch_free(gpointer data) {
  LinkWatch *w = data;
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
  CallbackBox *box = data;
  LinkWatch *w = box->extra;
  if (event->type != GDK_BUTTON_RELEASE) return;
  GdkEventButton *button = (GdkEventButton *)event;
  if (button->button != GDK_BUTTON_PRIMARY) return;
  GtkTextView *view = GTK_TEXT_VIEW(widget);
  GtkTextIter start, end, iter;
  /* A drag that selected text is not a click on a link. */
  if (gtk_text_buffer_get_selection_bounds(gtk_text_view_get_buffer(view), &start, &end)) return;
  if (!link_at(view, w, button->x, button->y, &iter)) return;
  callback_box_call(box, gtk_text_iter_get_offset(&iter), 0);
}

static gboolean on_link_motion(GtkWidget *widget, GdkEventMotion *event, gpointer data) {
  LinkWatch *w = ((CallbackBox *)data)->extra;
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

void beckon_text_view_watch_links(GtkWidget *text_view, GtkTextTag *link_tag, BeckonCallback func,
                                  void *user_data, GDestroyNotify destroy) {
  LinkWatch *w = g_new0(LinkWatch, 1);
  w->link_tag = g_object_ref(link_tag);
  CallbackBox *box = callback_box_new(func, user_data, destroy, 2);
  box->extra = w;
  box->extra_free = link_watch_free;
  gtk_widget_add_events(text_view, GDK_POINTER_MOTION_MASK | GDK_BUTTON_RELEASE_MASK);
  g_signal_connect_data(text_view, "event-after", G_CALLBACK(on_link_event_after), box, callback_box_closure_unref, 0);
  g_signal_connect_data(text_view, "motion-notify-event", G_CALLBACK(on_link_motion), box, callback_box_closure_unref, 0);
}


/* ---- page keys ----------------------------------------------------------- */

/* "key-press-event", before the text view's own bindings: the keys a paged
 * reader may take over, told to the callback as a BeckonTextViewPageKey. */
static gboolean on_page_key(GtkWidget *widget, GdkEventKey *event, gpointer data) {
  (void)widget;
  GdkModifierType mods = event->state & gtk_accelerator_get_default_mod_mask();
  gboolean ctrl = mods == GDK_CONTROL_MASK;
  if (mods != 0 && !ctrl) return FALSE;
  int key = 0;
  switch (event->keyval) {
  case GDK_KEY_Home: case GDK_KEY_KP_Home: key = ctrl ? BECKON_PAGE_KEY_FIRST : 0; break;
  case GDK_KEY_End: case GDK_KEY_KP_End: key = ctrl ? BECKON_PAGE_KEY_LAST : 0; break;
  case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: key = ctrl ? BECKON_PAGE_KEY_NEXT : BECKON_PAGE_KEY_SCREEN_DOWN; break;
  case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: key = ctrl ? BECKON_PAGE_KEY_PREVIOUS : BECKON_PAGE_KEY_SCREEN_UP; break;
  default: break;
  }
  if (key == 0) return FALSE;
  return callback_box_call(data, key, 0) != 0;
}

void beckon_text_view_watch_page_keys(GtkWidget *text_view, BeckonCallback func, void *user_data,
                                      GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  g_signal_connect_data(text_view, "key-press-event", G_CALLBACK(on_page_key), box, callback_box_closure_unref, 0);
}

/* ---- page size ----------------------------------------------------------- */

/* After GtkTextView's own allocation: the page size it left is the text
 * window's height, or is made so. The upper bound stays the layout's height
 * where that was above the old page; otherwise (all the text fitted) it is
 * the larger of the new page and the text's bottom. */
static void on_text_view_allocated(GtkWidget *widget, GdkRectangle *allocation, gpointer data) {
  (void)allocation; (void)data;
  GtkTextView *view = GTK_TEXT_VIEW(widget);
  GdkWindow *text = gtk_text_view_get_window(view, GTK_TEXT_WINDOW_TEXT);
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(widget));
  if (text == NULL || adjustment == NULL) return;
  double height = gdk_window_get_height(text);
  double page = gtk_adjustment_get_page_size(adjustment);
  if (height <= 1 || page == height) return;
  double upper = gtk_adjustment_get_upper(adjustment);
  if (upper <= page) {
    GtkTextIter end;
    gtk_text_buffer_get_end_iter(gtk_text_view_get_buffer(view), &end);
    int y = 0, line = 0;
    gtk_text_view_get_line_yrange(view, &end, &y, &line);
    double bottom = y + line + gtk_text_view_get_top_margin(view) + gtk_text_view_get_bottom_margin(view);
    upper = MAX(height, bottom);
  }
  double value = MIN(gtk_adjustment_get_value(adjustment), MAX(0, upper - height));
  gtk_adjustment_configure(adjustment, value, gtk_adjustment_get_lower(adjustment), upper,
                           height * 0.1, height * 0.9, height);
}

void beckon_text_view_keep_page_size(GtkWidget *text_view) {
  g_signal_connect_after(text_view, "size-allocate", G_CALLBACK(on_text_view_allocated), NULL);
}
