#ifndef C_BECKON_SHIM_H
#define C_BECKON_SHIM_H

/* The GTK half of Beckon's C: only what Swift cannot or should not do itself.
 * Swift sees it through this umbrella; the functions live in one short header
 * per area, named after the GTK objects they act on (beckon_<object>_<verb>):
 *
 *   beckon_dialogs.h   GtkDialog, GtkMessageDialog
 *   beckon_text.h      GtkLabel, GtkTextView, GtkTextTag
 *   beckon_windows.h   GtkWindow, GtkWidget, GdkDisplay, GtkSettings,
 *                      AtkObject, the login gate's shields
 *   beckon_lists.h     GtkListStore, GtkTreeView
 *   beckon_choosers.h  GtkColorChooserWidget, GtkFileChooserNative, WebKitWebView
 *   beckon_icons.h     zenity 3.44's themed icons without GtkIconTheme
 *
 * Each function's comment ends with why it is C ("C: …"). The reasons repeat:
 * variadic calls (g_object_set, gtk_message_dialog_new, …), signal handlers
 * whose shapes need G_CALLBACK casts and that beckon_signal_connect's
 * void-handler shape cannot take, GTK's casting and type-check macros
 * (GTK_DIALOG, GTK_IS_LABEL), stack structs Swift must not lay out
 * (GtkTreeIter, GtkTextIter, GValue, GdkEvent), and gdkx.h/Xlib. Swift holds
 * every GTK object as an opaque pointer and never sees a GTK struct layout.
 *
 * Every callback is a BeckonCallback with a `void *user_data` plus a
 * GDestroyNotify that runs when nothing can call it any more, so a Swift
 * closure box lives exactly as long as the connection that can call it. What
 * needs GLib alone (the main loop, the watchdog, the terminal, the journal,
 * D-Bus, gettext) is CBeckonGLib's, included here. No static functions in
 * these headers: Swift imports them through a module. */

#include <gtk/gtk.h>
#include "CBeckonGLib.h"

#include "beckon_dialogs.h"
#include "beckon_text.h"
#include "beckon_windows.h"
#include "beckon_lists.h"
#include "beckon_choosers.h"
#include "beckon_icons.h"

#endif
