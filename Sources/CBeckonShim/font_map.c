/* PangoCairoFontMap: fontconfig's configuration read while GTK starts, not
 * after.
 *
 * Pango loads fontconfig's configuration (FcInit: every file of
 * /etc/fonts/conf.d parsed, the font caches mapped, ~10 ms of CPU) on a
 * thread of its own ("[pango] FcInit"), which it starts when the thread's
 * default font map is first made. GTK first asks for it when a widget needs a
 * Pango context, as the first dialog is built, and waits for the thread at
 * once: in `strace -f` of `beckon --question` the main thread blocks in a
 * futex from the thread's clone to its exit. Made before gtk_init, the same
 * font map's thread runs on the other core while the display is opened, the
 * theme is parsed and the options and the dialog are built (issue 36). */
#include "beckon_text.h"

#include <pango/pangocairo.h>

void beckon_font_map_start_loading(void) {
  /* The calling thread's default: the one GDK takes for its Pango contexts on
   * the thread that runs GTK. A reference stays with pango. */
  (void)pango_cairo_font_map_get_default();
}
