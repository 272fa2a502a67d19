/* Shim functions for the zenity-compatible command (Sources/BeckonCLI). */
#ifndef BECKON_CLI_H
#define BECKON_CLI_H
#include <gtk/gtk.h>
#endif
