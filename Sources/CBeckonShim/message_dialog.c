/* GtkMessageDialog: text without varargs, zenity's icons, its labels. */
#include "beckon_dialogs.h"
#include "beckon_windows.h" /* beckon_window_set_icon, beckon_widget_workarea */
#include "icons_loading.h"

#include <string.h>

/* ---- message dialogs --------------------------------------------------- */

GtkWidget *beckon_message_dialog_new(GtkWindow *parent, GtkMessageType type, const char *text,
                                     gboolean text_is_markup, const char *secondary,
                                     gboolean secondary_is_markup) {
  GtkWidget *d = gtk_message_dialog_new(parent, parent ? GTK_DIALOG_DESTROY_WITH_PARENT : 0, type,
                                        GTK_BUTTONS_NONE, NULL);
  if (text_is_markup)
    gtk_message_dialog_set_markup(GTK_MESSAGE_DIALOG(d), text ? text : "");
  else
    /* Not "use-markup", FALSE: setting it reruns GTK's primary-label styling, which
     * makes a lone message bold (zenity and GTK leave it regular unless there is
     * secondary text) and loads a second font face. */
    g_object_set(d, "text", text ? text : "", NULL);
  if (secondary)
    g_object_set(d, "secondary-text", secondary, "secondary-use-markup", secondary_is_markup, NULL);
  /* GtkMessageDialog spreads its buttons across the window, flush with its
   * edges (its action area's layout is "expand", its box has no border).
   * zenity 3.44's message dialogs are plain GtkDialogs: the buttons sit at the
   * end, each as wide as the widest, 7 pixels in from the right and bottom
   * edges (the dialog's border and its box's). Ours too, so that a drop-in
   * replacement looks the same; MessageDifferentialTests measures both. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkWidget *actions = gtk_dialog_get_action_area(GTK_DIALOG(d));
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (GTK_IS_BUTTON_BOX(actions)) {
    gtk_button_box_set_layout(GTK_BUTTON_BOX(actions), GTK_BUTTONBOX_END);
    gtk_widget_set_margin_start(actions, 7);
    gtk_widget_set_margin_end(actions, 7);
    gtk_widget_set_margin_bottom(actions, 7);
  }
  return d;
}

/* The dialog image that only GtkIconTheme can load, loaded after the first frame. */
static gboolean late_image_apply(gpointer data) {
  GtkWidget *dialog = data;
  GtkWidget *image = g_object_get_data(G_OBJECT(dialog), "beckon-late-image");
  /* A dialog destroyed before this idle has let go of its image: no parent. */
  if (!image || gtk_widget_in_destruction(dialog) || !gtk_widget_get_parent(image)) return G_SOURCE_REMOVE;
  const char *name = g_object_get_data(G_OBJECT(image), "beckon-icon-name");
  gtk_image_set_from_icon_name(GTK_IMAGE(image), name, GTK_ICON_SIZE_DIALOG);
  g_object_set_data(G_OBJECT(dialog), "beckon-late-image", NULL);
  return G_SOURCE_REMOVE;
}

static GtkWidget *dialog_image_new(GtkWidget *dialog) {
  GtkWidget *image = gtk_image_new();
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_message_dialog_set_image(GTK_MESSAGE_DIALOG(dialog), image);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_widget_show(image);
  return image;
}

/* zenity 4's `--icon=NAME|PATH` (util.c zenity_util_gicon_from_string): an
 * existing file is an image, anything else a theme name. NULL when `icon` is
 * not a file GdkPixbuf can read. */
static GdkPixbuf *pixbuf_from_icon_file(const char *icon, int width, int height) {
  if (!g_file_test(icon, G_FILE_TEST_IS_REGULAR)) return NULL;
  return gdk_pixbuf_new_from_file_at_size(icon, width, height, NULL);
}

GtkWidget *beckon_image_new_for_icon(const char *icon) {
  int size = 48, height = 48;
  gtk_icon_size_lookup(GTK_ICON_SIZE_DIALOG, &size, &height);
  GdkPixbuf *pixbuf = pixbuf_from_icon_file(icon, size, height);
  if (!pixbuf) return gtk_image_new_from_icon_name(icon, GTK_ICON_SIZE_DIALOG);
  GtkWidget *image = gtk_image_new_from_pixbuf(pixbuf);
  g_object_unref(pixbuf);
  return image;
}

void beckon_message_dialog_set_icons(GtkWidget *dialog, const char *icon_name, const char *window_icon) {
  if (window_icon) beckon_window_set_icon(dialog, window_icon);
  if (!icon_name) return;
  int size = 48, height = 48;
  gtk_icon_size_lookup(GTK_ICON_SIZE_DIALOG, &size, &height);
  GdkPixbuf *file = pixbuf_from_icon_file(icon_name, size, height);
  if (file) {
    gtk_image_set_from_pixbuf(GTK_IMAGE(dialog_image_new(dialog)), file);
    g_object_unref(file);
    return;
  }
  if (gtk_widget_get_scale_factor(dialog) == 1) {
    char *theme = beckon_icon_theme_current();
    GdkPixbuf *pixbuf = beckon_icon_theme_load(theme, icon_name, size, gtk_widget_get_direction(dialog));
    g_free(theme);
    if (pixbuf) {
      gtk_image_set_from_pixbuf(GTK_IMAGE(dialog_image_new(dialog)), pixbuf);
      g_object_unref(pixbuf);
      return;
    }
  }
  /* Only GtkIconTheme can load it: after the first frame, in a slot of its size. */
  GtkWidget *image = dialog_image_new(dialog);
  gtk_widget_set_size_request(image, size, height);
  g_object_set_data_full(G_OBJECT(image), "beckon-icon-name", g_strdup(icon_name), g_free);
  g_object_set_data_full(G_OBJECT(dialog), "beckon-late-image", g_object_ref(image), g_object_unref);
  beckon_widget_after_first_frame(dialog, late_image_apply, g_object_ref(dialog), g_object_unref);
}

GtkWidget *beckon_message_dialog_label(GtkWidget *dialog, gboolean secondary) {
  GtkWidget *area = gtk_message_dialog_get_message_area(GTK_MESSAGE_DIALOG(dialog));
  GList *children = gtk_container_get_children(GTK_CONTAINER(area));
  GtkWidget *found = NULL;
  int index = 0;
  for (GList *l = children; l; l = l->next) {
    if (!GTK_IS_LABEL(l->data)) continue;
    if (index++ == (secondary ? 1 : 0)) { found = l->data; break; }
  }
  g_list_free(children);
  return found;
}

/* The height of the work area (window.c), or 0. */
static int workarea_height(GtkWidget *widget) {
  GdkRectangle area;
  return beckon_widget_workarea(widget, &area) ? area.height : 0;
}

/* Ends every paragraph of `buffer` longer than `limit` characters with a line
 * break, after a space where one is near. Pango lays a paragraph out whole and
 * its wrapping grows faster than the paragraph: one line of 30,000 characters
 * with no newline took 8 s before the window could map (128 KiB: over a
 * minute, the timeout and SIGTERM waiting on it), while the same text in
 * paragraphs of 1,000 shows at once. The view wraps long before 1,000
 * characters anyway, so only where a wrapped line ends changes. */
static void break_long_paragraphs(GtkTextBuffer *buffer, int limit) {
  GtkTextIter line;
  gtk_text_buffer_get_start_iter(buffer, &line);
  while (!gtk_text_iter_is_end(&line)) {
    if (gtk_text_iter_get_chars_in_line(&line) <= limit + 1) {
      if (!gtk_text_iter_forward_line(&line)) break;
      continue;
    }
    GtkTextIter cut = line;
    gtk_text_iter_forward_chars(&cut, limit);
    GtkTextIter space = cut;
    for (int back = 0; back < limit / 5 && gtk_text_iter_backward_char(&space); back++) {
      if (g_unichar_isspace(gtk_text_iter_get_char(&space))) {
        cut = space;
        gtk_text_iter_forward_char(&cut);
        break;
      }
    }
    gtk_text_buffer_insert(buffer, &cut, "\n", 1); /* `cut` now stands after the break */
    line = cut;
  }
}

gboolean beckon_message_dialog_scroll_label(GtkWidget *dialog, GtkWidget *label, int percent_of_screen) {
  int screen = workarea_height(dialog);
  GtkWidget *parent = gtk_widget_get_parent(label);
  if (screen <= 0 || !GTK_IS_BOX(parent)) return FALSE;
  /* A GtkLabel lays out all of its text, several times, before the window
   * can map: 100 KiB of it blocked the loop for seconds, timeout included.
   * A read-only text view lays out lazily, a screenful first. */
  GtkWidget *view = gtk_text_view_new();
  gtk_text_view_set_editable(GTK_TEXT_VIEW(view), FALSE);
  gtk_text_view_set_cursor_visible(GTK_TEXT_VIEW(view), FALSE);
  gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(view),
                              gtk_label_get_line_wrap(GTK_LABEL(label)) ? GTK_WRAP_WORD_CHAR : GTK_WRAP_NONE);
  /* The dialog's own background, as the label had. */
  gtk_style_context_remove_class(gtk_widget_get_style_context(view), GTK_STYLE_CLASS_VIEW);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(view));
  GtkTextIter start;
  gtk_text_buffer_get_start_iter(buffer, &start);
  const char *source = gtk_label_get_label(GTK_LABEL(label));
  if (gtk_label_get_use_markup(GTK_LABEL(label))) {
    gtk_text_buffer_insert_markup(buffer, &start, source, -1);
  } else {
    gtk_text_buffer_insert(buffer, &start, source, -1);
  }
  break_long_paragraphs(buffer, 1000);
  gtk_label_set_text(GTK_LABEL(label), "");
  gtk_widget_hide(label);
  gtk_widget_set_no_show_all(label, TRUE);

  GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height(GTK_SCROLLED_WINDOW(scrolled), screen * percent_of_screen / 100);
  /* A wrapping view asks for almost no width; a label's usual width instead. */
  gtk_widget_set_size_request(scrolled, 480, -1);
  gtk_widget_set_vexpand(scrolled, TRUE);
  gtk_container_add(GTK_CONTAINER(scrolled), view);
  gtk_box_pack_start(GTK_BOX(parent), scrolled, TRUE, TRUE, 0);
  GList *children = gtk_container_get_children(GTK_CONTAINER(parent));
  gtk_box_reorder_child(GTK_BOX(parent), scrolled, g_list_index(children, label) + 1);
  g_list_free(children);
  gtk_widget_show_all(scrolled);
  return TRUE;
}
