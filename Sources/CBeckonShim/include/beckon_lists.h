/* Lists (list_store.c, tree_view.c): a GtkListStore of text cells added in
 * batches and read back by position, and the GtkTreeView that shows it as
 * zenity's list. Swift never sees GtkTreeIter, GtkTreePath or GValue. */
#ifndef BECKON_LISTS_H
#define BECKON_LISTS_H
#include <gtk/gtk.h>
#include "CBeckonGLib.h"

/* ---- GtkListStore (list_store.c) --------------------------------------- */

/* A store of rows with `n_cells` cells of text each (the first a boolean when
 * `toggles`: check and radio lists), plus a hidden int column: each row's
 * index in the order added, which sorting by a header does not change.
 * C: gtk_list_store_newv takes an array of GTypes, and the store keeps its
 * shape as object data the other functions read. */
GtkListStore *beckon_list_store_new(int n_cells, gboolean toggles);

/* The number of cells per row (the toggle included).
 * C: as beckon_list_store_new. */
int beckon_list_store_cell_count(GtkListStore *store);

/* Appends `n_rows` rows. Row r's cell c is `bytes + offsets[r * n_cells + c]`
 * (a NUL-terminated string), or no text when that offset is negative; a
 * toggle store takes its first cell from `checked[r]` instead (`checked` may
 * be NULL: unchecked).
 * C: a row is GValues and a GtkTreeIter on the stack, structs Swift must not
 * lay out; one call per batch instead of one per cell. */
void beckon_list_store_append_rows(GtkListStore *store, const char *bytes, const int *offsets,
                                   const gboolean *checked, int n_rows);

/* The number of rows.
 * C: GTK_TREE_MODEL cast, a macro. */
int beckon_list_store_row_count(GtkListStore *store);

/* The index (order added) of the row at `position` (order shown), or -1.
 * C: GtkTreeIter, and gtk_tree_model_get is variadic. */
int beckon_list_store_row_index(GtkListStore *store, int position);

/* A copy of the text of cell `column` of the row at `position` (g_free it),
 * or NULL: an empty cell, a toggle, or no such cell.
 * C: as beckon_list_store_row_index. */
char *beckon_list_store_cell(GtkListStore *store, int position, int column);

/* ---- GtkTreeView (tree_view.c) ----------------------------------------- */

/* Appends a column headed `title` showing the store's `model_column`: text
 * (sortable by its header, resizable, and editable in place when asked: an
 * edit is written to the store), the toggle of a check (or radio) list, or an
 * image loaded from the file the cell names (once per file; a file that does
 * not load gives a warning on stderr and no image). Columns have fixed sizing,
 * so the view can use fixed-height mode; their width starts at the header's.
 * C: gtk_tree_view_column_new_with_attributes is variadic, and the edit and
 * image handlers take GtkTreeIter and cell-data callbacks. */
GtkTreeViewColumn *beckon_tree_view_append_text_column(GtkWidget *tree_view, const char *title, int model_column,
                                                        gboolean editable);
GtkTreeViewColumn *beckon_tree_view_append_toggle_column(GtkWidget *tree_view, const char *title, gboolean radio);
GtkTreeViewColumn *beckon_tree_view_append_image_column(GtkWidget *tree_view, const char *title, int model_column);

/* Widens the text columns to fit the cells of `n_rows` rows from `first_position`.
 * C: walks the rows with GtkTreeIter and gtk_tree_model_get (variadic). */
void beckon_tree_view_fit_columns(GtkWidget *tree_view, int first_position, int n_rows);

/* Makes a click on a row toggle it (zenity's single-click activation), and
 * with `space_key` the Space key toggle the row under the cursor. In a radio
 * list the toggled row is the only one checked.
 * C: "row-activated" passes a GtkTreePath, Space is read from GdkEventKey. */
void beckon_tree_view_toggle_rows(GtkWidget *tree_view, gboolean radio, gboolean space_key);

/* Makes the type-ahead search find rows containing the typed text anywhere,
 * ignoring case (zenity's --mid-search), instead of at the start.
 * C: a GtkTreeViewSearchEqualFunc gets a GtkTreeIter. */
void beckon_tree_view_search_within(GtkWidget *tree_view);

/* Return with no row chosen acts as in zenity 4.2's list: a single list
 * answers with the first row, a multiple list with none, and a check or
 * radio list toggles the first row, as Return on any row there does.
 * C: a "key-press-event" handler reads GdkEventKey and sets a GtkTreePath. */
void beckon_tree_view_return_chooses_first_row(GtkWidget *tree_view);

/* The positions (order shown) of the rows chosen: checked in a toggle store,
 * else selected; `count` gets their number. g_free the result.
 * C: GtkTreeIter, GtkTreePath and gtk_tree_model_get (variadic). */
int *beckon_tree_view_chosen_rows(GtkWidget *tree_view, int *count);

#endif
