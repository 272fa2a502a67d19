/* GtkColorChooserWidget: the property GTK gives no setter for, and the one
 * signal whose handler takes an argument (so beckon_signal_connect's handler
 * shape does not fit it). */
#include "beckon_choosers.h"
#include "beckon_callback_box.h"

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

/* ---- The editor, for screen readers ------------------------------------- */

static GtkWidget *find_by_type_name(GtkWidget *widget, const char *type_name);

typedef struct {
  const char *type_name;
  GtkWidget *found;
} FindByType;

static void find_in_child(GtkWidget *child, gpointer data) {
  FindByType *find = data;
  if (find->found == NULL) find->found = find_by_type_name(child, find->type_name);
}

/* The first widget of that type at or under `widget`, GTK's internal children
 * included (the editor's parts are template children, with no getter). */
static GtkWidget *find_by_type_name(GtkWidget *widget, const char *type_name) {
  if (g_strcmp0(G_OBJECT_TYPE_NAME(widget), type_name) == 0) return widget;
  if (!GTK_IS_CONTAINER(widget)) return NULL;
  FindByType find = {type_name, NULL};
  gtk_container_forall(GTK_CONTAINER(widget), find_in_child, &find);
  return find.found;
}

/* "Color: #FF8000", in GTK's own translated words, as its palette names its swatches. */
static void name_swatch_from(GtkEditable *entry, GtkWidget *swatch) {
  char *text = gtk_editable_get_chars(entry, 0, -1);
  char *name = g_strdup_printf(g_dgettext("gtk30", "Color: %s"), text);
  atk_object_set_name(gtk_widget_get_accessible(GTK_WIDGET(swatch)), name);
  g_free(name);
  g_free(text);
}

/* The editor's colour changed (applied from the entry, the plane, the
 * sliders): by then the entry shows that colour as "#RRGGBB". Named on this,
 * not on every change of the entry's text, so typing or pasting n characters
 * costs n, not n² (each change copied and announced the whole text). */
static void name_swatch_on_color(GObject *editor, GParamSpec *pspec, gpointer swatch) {
  (void)pspec;
  GtkWidget *entry = find_by_type_name(GTK_WIDGET(editor), "GtkEntry");
  if (entry != NULL) name_swatch_from(GTK_EDITABLE(entry), swatch);
}

typedef struct {
  GtkWidget *widget;
  int left, top, width, height;
} GridPlace;

static gint by_place_descending(gconstpointer a, gconstpointer b) {
  const GridPlace *x = a, *y = b;
  if (x->top != y->top) return y->top - x->top;
  return y->left - x->left;
}

/* Attaches `grid`'s children again from the last place (bottom right) to the
 * first: gtk_grid_attach prepends, so its list, which is what AT-SPI reads in
 * order, is then the visual order. Places, focus order (GTK sorts that by
 * position) and GTK's own pointers to the children stay as they were. */
static void reattach_in_visual_order(GtkWidget *grid) {
  GList *children = gtk_container_get_children(GTK_CONTAINER(grid));
  GArray *places = g_array_new(FALSE, FALSE, sizeof(GridPlace));
  for (GList *l = children; l != NULL; l = l->next) {
    GridPlace place = {g_object_ref(l->data), 0, 0, 1, 1};
    gtk_container_child_get(GTK_CONTAINER(grid), place.widget, "left-attach", &place.left, "top-attach", &place.top,
                            "width", &place.width, "height", &place.height, NULL);
    g_array_append_val(places, place);
  }
  g_list_free(children);
  g_array_sort(places, by_place_descending);
  for (guint i = 0; i < places->len; i++) {
    GridPlace *place = &g_array_index(places, GridPlace, i);
    gtk_container_remove(GTK_CONTAINER(grid), place->widget);
    gtk_grid_attach(GTK_GRID(grid), place->widget, place->left, place->top, place->width, place->height);
    g_object_unref(place->widget);
  }
  g_array_free(places, TRUE);
}

static void reattach_grids_under(GtkWidget *widget, gpointer data) {
  (void)data;
  if (GTK_IS_GRID(widget)) reattach_in_visual_order(widget);
  if (GTK_IS_CONTAINER(widget)) gtk_container_forall(GTK_CONTAINER(widget), reattach_grids_under, NULL);
}

/* GtkColorEditor leaves its current-colour swatch unnamed, and GTK's grids (the
 * editor's, the palette's) list their children to AT-SPI newest first, so a
 * screen reader reads the colour's name before the swatch left of it and the
 * palette from its last colour up. Here the swatch is named after the colour
 * (again whenever the colour changes, not as text is typed),
 * and every grid is put in visual order. Nothing happens to a part GTK did not
 * build as expected. */
void beckon_color_chooser_describe(GtkWidget *chooser) {
  GtkWidget *editor = find_by_type_name(chooser, "GtkColorEditor");
  GtkWidget *swatch = editor != NULL ? find_by_type_name(editor, "GtkColorSwatch") : NULL;
  GtkWidget *entry = editor != NULL ? find_by_type_name(editor, "GtkEntry") : NULL;
  if (swatch != NULL && entry != NULL) {
    name_swatch_from(GTK_EDITABLE(entry), swatch);
    g_signal_connect_object(editor, "notify::rgba", G_CALLBACK(name_swatch_on_color), swatch, 0);
  }
  gtk_container_forall(GTK_CONTAINER(chooser), reattach_grids_under, NULL);
}

GtkWidget *beckon_color_chooser_editor_entry(GtkWidget *chooser) {
  GtkWidget *editor = find_by_type_name(chooser, "GtkColorEditor");
  return editor != NULL ? find_by_type_name(editor, "GtkEntry") : NULL;
}
