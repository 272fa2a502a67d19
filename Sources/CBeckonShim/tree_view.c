/* GtkTreeView for lists: columns (gtk_tree_view_column_new_with_attributes is
 * variadic), check and radio rows that toggle, a substring search, and the
 * rows chosen, read without Swift seeing GtkTreeIter or GtkTreePath. */
#include "beckon_lists.h"
#include <gdk/gdkkeysyms.h>
#include <string.h>

#define COLUMN_KEY "beckon-column"
#define RADIO_KEY "beckon-radio"

static GtkListStore *store_of(GtkWidget *tree_view) {
  return GTK_LIST_STORE(gtk_tree_view_get_model(GTK_TREE_VIEW(tree_view)));
}

/* Columns are GTK_TREE_VIEW_COLUMN_FIXED, which fixed-height mode needs, so a
 * list of 100,000 rows costs no more to show than one of ten;
 * beckon_tree_view_fit_columns gives them their widths. */
static GtkTreeViewColumn *add_column(GtkWidget *tree_view, const char *title, GtkCellRenderer *renderer) {
  GtkTreeViewColumn *column = gtk_tree_view_column_new();
  gtk_tree_view_column_set_title(column, title);
  gtk_tree_view_column_pack_start(column, renderer, TRUE);
  gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
  PangoLayout *layout = gtk_widget_create_pango_layout(tree_view, title);
  int width = 0;
  pango_layout_get_pixel_size(layout, &width, NULL);
  g_object_unref(layout);
  gtk_tree_view_column_set_fixed_width(column, width + 24); /* the header button's padding and sort arrow */
  gtk_tree_view_append_column(GTK_TREE_VIEW(tree_view), column);
  return column;
}

static void cell_edited(GtkCellRendererText *renderer, const char *path, const char *text, gpointer data) {
  GtkListStore *store = data;
  GtkTreeIter iter;
  int column = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(renderer), COLUMN_KEY));
  if (gtk_tree_model_get_iter_from_string(GTK_TREE_MODEL(store), &iter, path)) {
    gtk_list_store_set(store, &iter, column, text, -1);
  }
}

GtkTreeViewColumn *beckon_tree_view_append_text_column(GtkWidget *tree_view, const char *title, int model_column,
                                                        gboolean editable) {
  GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
  GtkTreeViewColumn *column = add_column(tree_view, title, renderer);
  gtk_tree_view_column_add_attribute(column, renderer, "text", model_column);
  gtk_tree_view_column_set_sort_column_id(column, model_column);
  gtk_tree_view_column_set_resizable(column, TRUE);
  if (editable) {
    g_object_set(renderer, "editable", TRUE, NULL);
    g_object_set_data(G_OBJECT(renderer), COLUMN_KEY, GINT_TO_POINTER(model_column));
    g_signal_connect_object(renderer, "edited", G_CALLBACK(cell_edited), store_of(tree_view), 0);
  }
  return column;
}

GtkTreeViewColumn *beckon_tree_view_append_toggle_column(GtkWidget *tree_view, const char *title, gboolean radio) {
  GtkCellRenderer *renderer = gtk_cell_renderer_toggle_new();
  gtk_cell_renderer_toggle_set_radio(GTK_CELL_RENDERER_TOGGLE(renderer), radio);
  GtkTreeViewColumn *column = add_column(tree_view, title, renderer);
  gtk_tree_view_column_add_attribute(column, renderer, "active", 0);
  return column;
}

static void free_pixbuf(gpointer pixbuf) {
  if (pixbuf) g_object_unref(pixbuf);
}

/* Each image file is loaded once, the first time a row showing it is drawn. */
static void image_cell_data(GtkTreeViewColumn *column, GtkCellRenderer *renderer, GtkTreeModel *model,
                            GtkTreeIter *iter, gpointer data) {
  GHashTable *cache = data;
  int model_column = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(column), COLUMN_KEY));
  char *path = NULL;
  gtk_tree_model_get(model, iter, model_column, &path, -1);
  GdkPixbuf *pixbuf = NULL;
  if (path != NULL) {
    if (!g_hash_table_lookup_extended(cache, path, NULL, (gpointer *)&pixbuf)) {
      pixbuf = gdk_pixbuf_new_from_file(path, NULL);
      if (pixbuf == NULL) g_printerr("beckon: warning: --imagelist: cannot load the image '%s'\n", path);
      g_hash_table_insert(cache, g_strdup(path), pixbuf);
    }
  }
  g_object_set(renderer, "pixbuf", pixbuf, NULL);
  g_free(path);
}

GtkTreeViewColumn *beckon_tree_view_append_image_column(GtkWidget *tree_view, const char *title, int model_column) {
  GtkCellRenderer *renderer = gtk_cell_renderer_pixbuf_new();
  GtkTreeViewColumn *column = add_column(tree_view, title, renderer);
  g_object_set_data(G_OBJECT(column), COLUMN_KEY, GINT_TO_POINTER(model_column));
  GHashTable *cache = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, free_pixbuf);
  gtk_tree_view_column_set_cell_data_func(column, renderer, image_cell_data, cache,
                                          (GDestroyNotify)g_hash_table_unref);
  return column;
}

void beckon_tree_view_fit_columns(GtkWidget *tree_view, int first_position, int n_rows) {
  GtkListStore *store = store_of(tree_view);
  GtkTreeModel *model = GTK_TREE_MODEL(store);
  GList *columns = gtk_tree_view_get_columns(GTK_TREE_VIEW(tree_view));
  PangoLayout *layout = gtk_widget_create_pango_layout(tree_view, NULL);
  GtkTreeIter iter;
  gboolean valid = gtk_tree_model_iter_nth_child(model, &iter, NULL, first_position);
  for (int r = 0; valid && r < n_rows; r++, valid = gtk_tree_model_iter_next(model, &iter)) {
    int index = 0;
    for (GList *item = columns; item; item = item->next, index++) {
      GtkTreeViewColumn *column = item->data;
      if (gtk_tree_model_get_column_type(model, index) != G_TYPE_STRING) continue;
      char *text = NULL;
      gtk_tree_model_get(model, &iter, index, &text, -1);
      if (text == NULL) continue;
      int width = 0;
      pango_layout_set_text(layout, text, -1);
      pango_layout_get_pixel_size(layout, &width, NULL);
      g_free(text);
      width += 12; /* the renderer's padding and the column's spacing */
      if (width > gtk_tree_view_column_get_fixed_width(column)) gtk_tree_view_column_set_fixed_width(column, width);
    }
  }
  g_object_unref(layout);
  g_list_free(columns);
}

/* zenity's toggle: a radio list first clears every row, so the row clicked
 * is the one checked; a check list flips it. */
static void toggle_path(GtkWidget *tree_view, GtkTreePath *path) {
  GtkTreeModel *model = GTK_TREE_MODEL(store_of(tree_view));
  GtkTreeIter iter;
  gboolean radio = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(tree_view), RADIO_KEY));
  if (radio) {
    gboolean valid = gtk_tree_model_get_iter_first(model, &iter);
    for (; valid; valid = gtk_tree_model_iter_next(model, &iter)) {
      gtk_list_store_set(GTK_LIST_STORE(model), &iter, 0, FALSE, -1);
    }
  }
  if (!gtk_tree_model_get_iter(model, &iter, path)) return;
  gboolean checked = FALSE;
  gtk_tree_model_get(model, &iter, 0, &checked, -1);
  gtk_list_store_set(GTK_LIST_STORE(model), &iter, 0, !checked, -1);
}

static void row_activated_toggles(GtkTreeView *tree_view, GtkTreePath *path, GtkTreeViewColumn *column,
                                  gpointer data) {
  (void)column;
  (void)data;
  toggle_path(GTK_WIDGET(tree_view), path);
}

static gboolean space_toggles(GtkWidget *tree_view, GdkEventKey *event, gpointer data) {
  (void)data;
  if (event->keyval != GDK_KEY_space && event->keyval != GDK_KEY_KP_Space) return FALSE;
  if (event->state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_MOD1_MASK)) return FALSE;
  GtkTreePath *path = NULL;
  gtk_tree_view_get_cursor(GTK_TREE_VIEW(tree_view), &path, NULL);
  if (path == NULL) {
    /* No cursor yet: Space starts on the first row, as the arrow keys do. */
    if (beckon_list_store_row_count(store_of(tree_view)) == 0) return TRUE;
    path = gtk_tree_path_new_first();
    gtk_tree_view_set_cursor(GTK_TREE_VIEW(tree_view), path, NULL, FALSE);
  }
  toggle_path(tree_view, path);
  gtk_tree_path_free(path);
  return TRUE;
}

void beckon_tree_view_toggle_rows(GtkWidget *tree_view, gboolean radio, gboolean space_key) {
  g_object_set_data(G_OBJECT(tree_view), RADIO_KEY, GINT_TO_POINTER(radio ? 1 : 0));
  gtk_tree_view_set_activate_on_single_click(GTK_TREE_VIEW(tree_view), TRUE);
  g_signal_connect(tree_view, "row-activated", G_CALLBACK(row_activated_toggles), NULL);
  if (space_key) g_signal_connect(tree_view, "key-press-event", G_CALLBACK(space_toggles), NULL);
}

/* zenity 4.2's list (a GtkColumnView over a selection that picks its first row
 * by itself) answers Return with the first row when none is chosen (a multiple
 * list with no row, a check or radio list toggles it); GTK 3's tree
 * view has no cursor until a key moves it, so Return there does nothing. Runs
 * before the tree view's own Return binding: it puts the cursor (and, outside
 * check and radio lists, the selection) on the first row, and the binding then
 * activates that row as it would any other. */
static gboolean return_on_first_row(GtkWidget *tree_view, GdkEventKey *event, gpointer data) {
  (void)data;
  if (event->keyval != GDK_KEY_Return && event->keyval != GDK_KEY_KP_Enter && event->keyval != GDK_KEY_ISO_Enter)
    return FALSE;
  if (event->state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_MOD1_MASK)) return FALSE;
  if (beckon_list_store_row_count(store_of(tree_view)) == 0) return FALSE;
  GtkTreeModel *model = GTK_TREE_MODEL(store_of(tree_view));
  GtkTreePath *path = NULL;
  gtk_tree_view_get_cursor(GTK_TREE_VIEW(tree_view), &path, NULL);
  gboolean toggles = gtk_tree_model_get_column_type(model, 0) == G_TYPE_BOOLEAN;
  GtkTreeSelection *selection = gtk_tree_view_get_selection(GTK_TREE_VIEW(tree_view));
  gboolean chosen = toggles ? path != NULL : gtk_tree_selection_count_selected_rows(selection) > 0;
  if (!chosen && !toggles && gtk_tree_selection_get_mode(selection) == GTK_SELECTION_MULTIPLE) {
    /* 4.2.2's multiple list (a GtkMultiSelection, which picks nothing by
     * itself) answers Return with no row: activate without choosing one. */
    if (path) gtk_tree_path_free(path);
    GtkTreePath *first = gtk_tree_path_new_first();
    gtk_tree_view_row_activated(GTK_TREE_VIEW(tree_view), first, gtk_tree_view_get_column(GTK_TREE_VIEW(tree_view), 0));
    gtk_tree_path_free(first);
    return TRUE;
  }
  if (!chosen) {
    GtkTreePath *first = gtk_tree_path_new_first();
    gtk_tree_view_set_cursor(GTK_TREE_VIEW(tree_view), first, NULL, FALSE);
    gtk_tree_path_free(first);
  }
  if (path) gtk_tree_path_free(path);
  return FALSE;
}

void beckon_tree_view_return_chooses_first_row(GtkWidget *tree_view) {
  g_signal_connect(tree_view, "key-press-event", G_CALLBACK(return_on_first_row), NULL);
}

/* GtkTreeViewSearchEqualFunc returns FALSE for a match. */
static gboolean contains_key(GtkTreeModel *model, int column, const char *key, GtkTreeIter *iter, gpointer data) {
  (void)data;
  char *text = NULL;
  gtk_tree_model_get(model, iter, column, &text, -1);
  if (text == NULL) return TRUE;
  char *haystack = g_utf8_strdown(text, -1);
  char *needle = g_utf8_strdown(key, -1);
  gboolean found = strstr(haystack, needle) != NULL;
  g_free(haystack);
  g_free(needle);
  g_free(text);
  return !found;
}

void beckon_tree_view_search_within(GtkWidget *tree_view) {
  gtk_tree_view_set_search_equal_func(GTK_TREE_VIEW(tree_view), contains_key, NULL, NULL);
}

int *beckon_tree_view_chosen_rows(GtkWidget *tree_view, int *count) {
  GtkListStore *store = store_of(tree_view);
  GtkTreeModel *model = GTK_TREE_MODEL(store);
  GArray *rows = g_array_new(FALSE, FALSE, sizeof(int));
  if (gtk_tree_model_get_column_type(model, 0) == G_TYPE_BOOLEAN) {
    GtkTreeIter iter;
    int position = 0;
    gboolean valid = gtk_tree_model_get_iter_first(model, &iter);
    for (; valid; valid = gtk_tree_model_iter_next(model, &iter), position++) {
      gboolean checked = FALSE;
      gtk_tree_model_get(model, &iter, 0, &checked, -1);
      if (checked) g_array_append_val(rows, position);
    }
  } else {
    GtkTreeSelection *selection = gtk_tree_view_get_selection(GTK_TREE_VIEW(tree_view));
    GList *paths = gtk_tree_selection_get_selected_rows(selection, NULL);
    for (GList *item = paths; item; item = item->next) {
      int position = gtk_tree_path_get_indices(item->data)[0];
      g_array_append_val(rows, position);
    }
    g_list_free_full(paths, (GDestroyNotify)gtk_tree_path_free);
  }
  *count = (int)rows->len;
  return (int *)g_array_free(rows, FALSE);
}
