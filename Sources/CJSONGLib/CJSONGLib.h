#include <json-glib/json-glib.h>
