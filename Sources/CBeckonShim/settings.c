/* GtkSettings: properties that have no setter of their own. */
#include "beckon_windows.h"
#include <string.h>

int beckon_settings_swap_double_click_time(int milliseconds) {
  GtkSettings *settings = gtk_settings_get_default();
  if (!settings) return -1;
  int previous = 0;
  g_object_get(settings, "gtk-double-click-time", &previous, NULL);
  g_object_set(settings, "gtk-double-click-time", milliseconds, NULL);
  return previous;
}

/* gtk-theme-name has no getter but g_object_get, which is variadic. GTK_THEME,
 * when set, wins over the setting, as GTK itself reads it. */
gboolean beckon_settings_theme_is_high_contrast(void) {
  const char *forced = g_getenv("GTK_THEME");
  if (forced != NULL && forced[0] != '\0') return strstr(forced, "HighContrast") != NULL;
  GtkSettings *settings = gtk_settings_get_default();
  if (settings == NULL) return FALSE;
  char *name = NULL;
  g_object_get(settings, "gtk-theme-name", &name, NULL);
  gboolean high = name != NULL && strstr(name, "HighContrast") != NULL;
  g_free(name);
  return high;
}

void beckon_settings_prefer_dark_theme(gboolean dark) {
  GtkSettings *settings = gtk_settings_get_default();
  if (settings) g_object_set(settings, "gtk-application-prefer-dark-theme", dark, NULL);
}

static const char *const theme_settings[] = {"gtk-theme-name", "gtk-key-theme-name", "gtk-icon-theme-name"};

static void keep_plain(GtkSettings *settings, const char *property) {
  char *name = NULL;
  g_object_get(settings, property, &name, NULL);
  if (name && strchr(name, '/')) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(settings), property);
    if (spec) g_object_set_property(G_OBJECT(settings), property, g_param_spec_get_default_value(spec));
  }
  g_free(name);
}

static void on_theme_setting(GObject *object, GParamSpec *spec, gpointer data) {
  (void)data;
  keep_plain(GTK_SETTINGS(object), spec->name);
}

void beckon_settings_keep_theme_names_plain(GtkWidget *widget) {
  GtkSettings *settings = gtk_widget_get_settings(widget);
  if (!settings) return;
  for (size_t i = 0; i < G_N_ELEMENTS(theme_settings); i++) {
    keep_plain(settings, theme_settings[i]);
    char *signal = g_strconcat("notify::", theme_settings[i], NULL);
    g_signal_connect(settings, signal, G_CALLBACK(on_theme_setting), NULL);
    g_free(signal);
  }
}
