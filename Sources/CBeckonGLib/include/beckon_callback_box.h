/* The box behind every BeckonCallback: for the C of both shims, not for Swift. */
#ifndef BECKON_CALLBACK_BOX_H
#define BECKON_CALLBACK_BOX_H
#include "CBeckonGLib.h"

/* A callback, its user data and its destroy notify, shared by `refs`
 * connections: the notify runs when the last of them goes. `fired` is for
 * owners that must call at most once (the dialog funnel). `extra` holds an
 * owner's own data, freed with `extra_free`. */
typedef struct {
  BeckonCallback func;
  void *user_data;
  GDestroyNotify destroy;
  int refs;
  gboolean fired;
  gpointer extra;
  GDestroyNotify extra_free;
} CallbackBox;

CallbackBox *callback_box_new(BeckonCallback func, void *user_data, GDestroyNotify destroy, int refs);
int callback_box_call(CallbackBox *box, int first, int second);
/* Drops one reference; for g_signal_connect_data (GClosureNotify) and GSource
 * (GDestroyNotify) alike. */
void callback_box_unref(gpointer box);
void callback_box_closure_unref(gpointer box, GClosure *closure);

#endif
