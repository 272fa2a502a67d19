/* Shim functions for the terms window (Sources/Beckon/Terms). */
#ifndef BECKON_TERMS_H
#define BECKON_TERMS_H
#include <gtk/gtk.h>

/* gtk_text_buffer_create_tag without varargs: a tag named `name` (NULL for an
 * anonymous one) in the buffer's tag table, owned by the table. */
GtkTextTag *beckon_terms_tag_new(GtkTextBuffer *buffer, const char *name);

/* g_object_set for one property of a text tag. The int form also sets enum
 * and boolean properties (weight, style, underline, justification, …). */
void beckon_terms_tag_set_int(GtkTextTag *tag, const char *property, int value);
void beckon_terms_tag_set_double(GtkTextTag *tag, const char *property, double value);
void beckon_terms_tag_set_string(GtkTextTag *tag, const char *property, const char *value);

/* Called with the character offset of a click on text that carries the link
 * tag. */
typedef void (*BeckonTermsLinkFunc)(int offset, void *user_data);

/* Watches `text_view` for primary-button clicks on text tagged `link_tag`
 * (a click that ends a selection drag is not one) and turns the pointer into
 * a hand over such text. `destroy` runs with user_data when the text view
 * goes away. */
void beckon_terms_watch_links(GtkWidget *text_view, GtkTextTag *link_tag, BeckonTermsLinkFunc func,
                              void *user_data, GDestroyNotify destroy);

/* Says whether the guarded response may go ahead. */
typedef gboolean (*BeckonTermsAllowFunc)(void *user_data);

/* Stops every "response" of `dialog` with `response_id` that `allow` refuses,
 * before any handler connected later sees it. Connect it before the dialog is
 * watched, so a default response activated by Return while Accept is gated
 * never reaches the session. Returns the handler id. */
gulong beckon_terms_guard_response(GtkWidget *dialog, int response_id, BeckonTermsAllowFunc allow,
                                   void *user_data, GDestroyNotify destroy);

#endif
