/* Shim functions for the terms window (Sources/Beckon/Terms). */
#ifndef BECKON_TERMS_H
#define BECKON_TERMS_H
#include <gtk/gtk.h>
#endif
