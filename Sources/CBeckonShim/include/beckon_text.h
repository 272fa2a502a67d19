/* Text that links and pages (label.c, text_view.c): GtkLabel's links under
 * Beckon's rule, GtkTextTag without varargs, clickable link text and the keys
 * of a paged reader in a GtkTextView. */
#ifndef BECKON_TEXT_H
#define BECKON_TEXT_H
#include <gtk/gtk.h>
#include "CBeckonGLib.h"

/* ---- PangoCairoFontMap (font_map.c) ------------------------------------ */

/* Makes the calling thread's default font map now, which starts Pango's
 * loading of fontconfig's configuration on a thread of its own, so that it
 * runs beside GTK's start instead of being waited for when the first widget
 * needs fonts. Call on the thread that will run GTK, before gtk_init.
 * C: pango's default font map is per thread, and the call is all it takes. */
void beckon_font_map_start_loading(void);

/* ---- GtkLabel (label.c) ------------------------------------------------ */

/* Calls `func` whenever a link in the markup of `label` is activated (a click,
 * or Return on a focused link), in place of GTK's opening it: during the call
 * gtk_label_get_current_uri gives the link. Nothing opens unless func opens it.
 * C: "activate-link" has a string argument and a boolean result, which
 * beckon_signal_connect's shape cannot take. */
void beckon_label_watch_links(GtkWidget *label, BeckonCallback func, void *user_data, GDestroyNotify destroy);

/* Makes `label` selectable (zenity 3.44's message text: a Tab stop, its text
 * can be copied) once its window has drawn its first frame: a selectable
 * label's input window loads the cursor theme's text cursor as it is realized
 * (Xcursor reads the theme's index files and the cursor file, and uploads the
 * images), time the first frame need not wait for. Call with `label` in its
 * window.
 * C: beside beckon_widget_after_first_frame, with the GTK_LABEL cast. */
void beckon_label_set_selectable_after_first_frame(GtkWidget *label);

/* ---- GtkTextView and GtkTextTag (text_view.c) -------------------------- */

/* gtk_text_buffer_create_tag without varargs: a tag named `name` (NULL for an
 * anonymous one) in the buffer's tag table, owned by the table.
 * C: gtk_text_buffer_create_tag is variadic. */
GtkTextTag *beckon_text_tag_new(GtkTextBuffer *buffer, const char *name);

/* g_object_set for one property of a text tag. The int form also sets enum
 * and boolean properties (weight, style, underline, justification, …).
 * C: g_object_set is variadic. */
void beckon_text_tag_set_int(GtkTextTag *tag, const char *property, int value);
void beckon_text_tag_set_double(GtkTextTag *tag, const char *property, double value);
void beckon_text_tag_set_string(GtkTextTag *tag, const char *property, const char *value);

/* Watches `text_view` for primary-button clicks on text tagged `link_tag`
 * (a click that ends a selection drag is not one; first: the character offset
 * clicked) and turns the pointer into a hand over such text.
 * C: the handlers read GdkEvent structs and GtkTextIter, layouts Swift must
 * not see. */
void beckon_text_view_watch_links(GtkWidget *text_view, GtkTextTag *link_tag, BeckonCallback func,
                                  void *user_data, GDestroyNotify destroy);

/* The keys a paged reader takes over (first: which), and whether the text view
 * should handle them as usual (the callback returns 0) or not (non-zero). */
typedef enum {
  BECKON_PAGE_KEY_FIRST = 1,       /* Ctrl+Home */
  BECKON_PAGE_KEY_LAST = 2,        /* Ctrl+End */
  BECKON_PAGE_KEY_NEXT = 3,        /* Ctrl+Page Down */
  BECKON_PAGE_KEY_PREVIOUS = 4,    /* Ctrl+Page Up */
  BECKON_PAGE_KEY_SCREEN_DOWN = 5, /* Page Down */
  BECKON_PAGE_KEY_SCREEN_UP = 6,   /* Page Up */
} BeckonTextViewPageKey;

/* Calls back on those keys pressed in `text_view`, before its own bindings.
 * C: a "key-press-event" handler reads GdkEventKey and its keysyms. */
void beckon_text_view_watch_page_keys(GtkWidget *text_view, BeckonCallback func, void *user_data,
                                      GDestroyNotify destroy);

/* Keeps the vertical adjustment's page size equal to the height of the text
 * on screen. GtkTextView sets it only when its layout's size changes
 * (gtk_text_view_update_adjustments): made shorter by a widget packed under
 * it, such as the terms window's page bar, a view kept the old page size, and
 * the last lines of the buffer could never be scrolled into view (measured:
 * a page size of 525 over a 485-pixel text window, the last line out of view).
 * C: reads the text view's GdkWindow in a "size-allocate" handler. */
void beckon_text_view_keep_page_size(GtkWidget *text_view);

#endif
