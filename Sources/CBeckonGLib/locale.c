/* gettext, whose header Swift cannot see. */
#include "CBeckonGLib.h"
#include <libintl.h>

void beckon_textdomain_use_utf8(const char *domain) {
  bind_textdomain_codeset(domain, "UTF-8");
}
