/* GtkMessageDialog: text without varargs, zenity's icons, its labels. */
#include "CBeckonShim.h"
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
  return d;
}

static char *icon_theme_name(void) {
  char *theme = NULL;
  g_object_get(gtk_settings_get_default(), "gtk-icon-theme-name", &theme, NULL);
  return theme;
}

typedef struct {
  GtkWidget *image; /* owned by the dialog; NULL when there is no image */
  char *window_icon;
} LateIcons;

static void late_icons_free(gpointer data) {
  LateIcons *icons = data;
  g_free(icons->window_icon);
  g_free(icons);
}

static gboolean late_icons_apply(gpointer data) {
  GtkWidget *dialog = data;
  LateIcons *icons = g_object_get_data(G_OBJECT(dialog), "beckon-late-icons");
  if (!icons || gtk_widget_in_destruction(dialog)) return G_SOURCE_REMOVE;
  if (icons->image) {
    const char *name = g_object_get_data(G_OBJECT(icons->image), "beckon-icon-name");
    gtk_image_set_from_icon_name(GTK_IMAGE(icons->image), name, GTK_ICON_SIZE_DIALOG);
  }
  if (icons->window_icon && strchr(icons->window_icon, '/')) {
    gtk_window_set_icon_from_file(GTK_WINDOW(dialog), icons->window_icon, NULL);
  } else if (icons->window_icon) {
    GList *list = NULL;
    if (gtk_widget_get_scale_factor(dialog) == 1) {
      char *theme = icon_theme_name();
      list = beckon_icon_theme_window_icons(theme, icons->window_icon);
      g_free(theme);
    }
    if (list) gtk_window_set_icon_list(GTK_WINDOW(dialog), list);
    else gtk_window_set_icon_name(GTK_WINDOW(dialog), icons->window_icon);
    g_list_free_full(list, g_object_unref);
  }
  g_object_set_data(G_OBJECT(dialog), "beckon-late-icons", NULL);
  return G_SOURCE_REMOVE;
}

static gboolean late_icons_first_frame(GtkWidget *dialog, cairo_t *cr, gpointer data) {
  (void)cr; (void)data;
  g_signal_handlers_disconnect_by_func(dialog, G_CALLBACK(late_icons_first_frame), NULL);
  /* The frame reaches the X server before the icon work starts. */
  gdk_display_flush(gtk_widget_get_display(dialog));
  g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, late_icons_apply, g_object_ref(dialog), g_object_unref);
  return FALSE;
}

static GtkWidget *dialog_image_new(GtkWidget *dialog) {
  GtkWidget *image = gtk_image_new();
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_message_dialog_set_image(GTK_MESSAGE_DIALOG(dialog), image);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_widget_show(image);
  return image;
}

void beckon_message_dialog_set_icons(GtkWidget *dialog, const char *icon_name, const char *window_icon) {
  if (!icon_name && !window_icon) return;
  int size = 48, height = 48;
  gtk_icon_size_lookup(GTK_ICON_SIZE_DIALOG, &size, &height);
  if (icon_name && gtk_widget_get_scale_factor(dialog) == 1) {
    char *theme = icon_theme_name();
    GdkPixbuf *pixbuf = beckon_icon_theme_load(theme, icon_name, size, gtk_widget_get_direction(dialog));
    g_free(theme);
    if (pixbuf) {
      gtk_image_set_from_pixbuf(GTK_IMAGE(dialog_image_new(dialog)), pixbuf);
      g_object_unref(pixbuf);
      icon_name = NULL;
    }
  }
  if (!icon_name && !window_icon) return;
  LateIcons *icons = g_new0(LateIcons, 1);
  icons->window_icon = g_strdup(window_icon);
  if (icon_name) {
    GtkWidget *image = dialog_image_new(dialog);
    gtk_widget_set_size_request(image, size, height);
    g_object_set_data_full(G_OBJECT(image), "beckon-icon-name", g_strdup(icon_name), g_free);
    icons->image = image;
  }
  g_object_set_data_full(G_OBJECT(dialog), "beckon-late-icons", icons, late_icons_free);
  g_signal_connect_after(dialog, "draw", G_CALLBACK(late_icons_first_frame), NULL);
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

