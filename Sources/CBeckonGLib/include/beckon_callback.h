/* The one C closure box: every callback Beckon hands to C has this shape. */
#ifndef BECKON_CALLBACK_H
#define BECKON_CALLBACK_H
#include <glib-object.h>

/* A callback from C into Swift. Two integer arguments carry what the event
 * says (how a dialog ended and its response id, a signal number, a character
 * offset; 0 where there is nothing); the result matters only where a function
 * below says so (a guard's verdict, whether a source goes on). `user_data` is
 * the caller's, and the matching GDestroyNotify runs once nothing can call it. */
typedef int (*BeckonCallback)(int first, int second, void *user_data);

#endif
