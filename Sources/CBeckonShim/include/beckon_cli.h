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

/* Delivers SIGINT, SIGTERM and SIGHUP to `func` from GTK's main loop, so the
 * program can say why it stops and exit with a status of its own instead of
 * dying mid-frame. Unblocks the three first: a parent may have left them
 * blocked, and a dialog that cannot be stopped is worse than one that closes.
 * `destroy` is never called before exit: the watches last as long as the loop. */
typedef void (*BeckonTerminationFunc)(int signum, void *user_data);
void beckon_termination_signals_watch(BeckonTerminationFunc func, void *user_data, GDestroyNotify destroy);

#endif
