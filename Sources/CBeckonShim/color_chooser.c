/* GtkColorChooserWidget: the property GTK gives no setter for, and the one
 * signal whose handler takes an argument (so beckon_signal_connect's handler
 * shape does not fit it). */
#include "callback.h"

void beckon_color_chooser_set_show_editor(GtkWidget *chooser, gboolean show_editor) {
  g_object_set(chooser, "show-editor", show_editor, NULL);
}

static void color_activated_trampoline(GtkColorChooser *chooser, GdkRGBA *color, gpointer data) {
  (void)chooser;
  (void)color;
  callback_box_call(data, 0, 0);
}

gulong beckon_color_chooser_on_color_activated(GtkWidget *chooser, BeckonCallback func, void *user_data,
                                               GDestroyNotify destroy) {
  CallbackBox *box = callback_box_new(func, user_data, destroy, 1);
  return g_signal_connect_data(chooser, "color-activated", G_CALLBACK(color_activated_trampoline), box,
                               callback_box_closure_unref, 0);
}
