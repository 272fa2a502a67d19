/* GtkListStore: rows of text cells added in batches, and read back by
 * position. GtkTreeIter and GValue are structs Swift must not see, and
 * gtk_list_store_insert_with_values is variadic. */
#include "beckon_lists.h"

#define CELLS_KEY "beckon-list-cells"
#define TOGGLES_KEY "beckon-list-toggles"
#define NEXT_KEY "beckon-list-next-index"

GtkListStore *beckon_list_store_new(int n_cells, gboolean toggles) {
  GType *types = g_new(GType, n_cells + 1);
  for (int i = 0; i < n_cells; i++) types[i] = (i == 0 && toggles) ? G_TYPE_BOOLEAN : G_TYPE_STRING;
  types[n_cells] = G_TYPE_INT; /* the row's index as added: sorting by a header moves rows */
  GtkListStore *store = gtk_list_store_newv(n_cells + 1, types);
  g_free(types);
  g_object_set_data(G_OBJECT(store), CELLS_KEY, GINT_TO_POINTER(n_cells));
  g_object_set_data(G_OBJECT(store), TOGGLES_KEY, GINT_TO_POINTER(toggles ? 1 : 0));
  return store;
}

int beckon_list_store_cell_count(GtkListStore *store) {
  return GPOINTER_TO_INT(g_object_get_data(G_OBJECT(store), CELLS_KEY));
}

void beckon_list_store_append_rows(GtkListStore *store, const char *bytes, const int *offsets,
                                   const gboolean *checked, int n_rows) {
  int n_cells = beckon_list_store_cell_count(store);
  gboolean toggles = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(store), TOGGLES_KEY));
  int next = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(store), NEXT_KEY));
  int *columns = g_new(int, n_cells + 1);
  GValue *values = g_new0(GValue, n_cells + 1);
  for (int c = 0; c <= n_cells; c++) {
    columns[c] = c;
    g_value_init(&values[c], c == n_cells ? G_TYPE_INT : (c == 0 && toggles) ? G_TYPE_BOOLEAN : G_TYPE_STRING);
  }
  for (int r = 0; r < n_rows; r++) {
    for (int c = 0; c < n_cells; c++) {
      if (c == 0 && toggles) {
        g_value_set_boolean(&values[c], checked != NULL && checked[r]);
      } else {
        int offset = offsets[r * n_cells + c];
        /* Static: the store copies the string, and the bytes outlive the call. */
        g_value_set_static_string(&values[c], offset < 0 ? NULL : bytes + offset);
      }
    }
    g_value_set_int(&values[n_cells], next++);
    GtkTreeIter iter;
    gtk_list_store_insert_with_valuesv(store, &iter, -1, columns, values, n_cells + 1);
  }
  for (int c = 0; c <= n_cells; c++) g_value_unset(&values[c]);
  g_free(values);
  g_free(columns);
  g_object_set_data(G_OBJECT(store), NEXT_KEY, GINT_TO_POINTER(next));
}

int beckon_list_store_row_count(GtkListStore *store) {
  return gtk_tree_model_iter_n_children(GTK_TREE_MODEL(store), NULL);
}

static gboolean nth_row(GtkListStore *store, int position, GtkTreeIter *iter) {
  return gtk_tree_model_iter_nth_child(GTK_TREE_MODEL(store), iter, NULL, position);
}

int beckon_list_store_row_index(GtkListStore *store, int position) {
  GtkTreeIter iter;
  int index = -1;
  if (nth_row(store, position, &iter)) {
    gtk_tree_model_get(GTK_TREE_MODEL(store), &iter, beckon_list_store_cell_count(store), &index, -1);
  }
  return index;
}

char *beckon_list_store_cell(GtkListStore *store, int position, int column) {
  GtkTreeIter iter;
  char *text = NULL;
  if (column < 0 || column >= beckon_list_store_cell_count(store)) return NULL;
  if (gtk_tree_model_get_column_type(GTK_TREE_MODEL(store), column) != G_TYPE_STRING) return NULL;
  if (nth_row(store, position, &iter)) gtk_tree_model_get(GTK_TREE_MODEL(store), &iter, column, &text, -1);
  return text;
}
