/* GdkDisplay: what happens when the display goes away under a dialog. */
#include "beckon_windows.h"
#include "beckon_callback_box.h"

#include <errno.h>
#include <unistd.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif

static CallbackBox *lost_box;

#ifdef GDK_WINDOWING_X11
/* Xlib calls this when the connection breaks (the server died, XKillClient,
 * a dropped socket) and exits if it returns; GDK's own handler exits with 1,
 * which a script cannot tell from Cancel. */
static int x_io_error(Display *display) {
  (void)display;
  int error = errno;
  if (lost_box) callback_box_call(lost_box, error, 0);
  _exit(BECKON_DISPLAY_LOST_EXIT);
  return 0;
}
#endif

gboolean beckon_display_on_lost(BeckonCallback func, void *user_data, GDestroyNotify destroy) {
  CallbackBox *previous = lost_box;
  lost_box = callback_box_new(func, user_data, destroy, 1);
  if (previous) callback_box_unref(previous);
#ifdef GDK_WINDOWING_X11
  GdkDisplay *display = gdk_display_get_default();
  if (display && GDK_IS_X11_DISPLAY(display)) {
    XSetIOErrorHandler(x_io_error);
    return TRUE;
  }
#endif
  return FALSE;
}

gboolean beckon_display_is_x11(void) {
#ifdef GDK_WINDOWING_X11
  GdkDisplay *display = gdk_display_get_default();
  return display && GDK_IS_X11_DISPLAY(display);
#else
  return FALSE;
#endif
}
