/* Shim functions for the zenity-compatible command (Sources/BeckonCLI). */
#ifndef BECKON_CLI_H
#define BECKON_CLI_H
#include <gtk/gtk.h>

/* Adds a line under a message dialog's text that counts down the seconds left
 * ("Closes in 9 s"), updated every second until the dialog is destroyed; the
 * timer goes away with the dialog. Beckon's --countdown for --timeout. */
void beckon_message_dialog_add_countdown(GtkWidget *dialog, unsigned int seconds);

/* Asks gettext for UTF-8 from `domain` whatever the locale's charset, as GTK
 * does for its own domain (libintl.h is not visible to Swift). */
void beckon_textdomain_use_utf8(const char *domain);

#endif
