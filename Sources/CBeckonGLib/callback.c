#include "beckon_callback_box.h"

CallbackBox *callback_box_new(BeckonCallback func, void *user_data, GDestroyNotify destroy, int refs) {
  CallbackBox *box = g_new0(CallbackBox, 1);
  box->func = func;
  box->user_data = user_data;
  box->destroy = destroy;
  box->refs = refs;
  return box;
}

int callback_box_call(CallbackBox *box, int first, int second) {
  return box->func(first, second, box->user_data);
}

void callback_box_unref(gpointer data) {
  CallbackBox *box = data;
  if (--box->refs > 0) return;
  if (box->destroy) box->destroy(box->user_data);
  if (box->extra_free) box->extra_free(box->extra);
  g_free(box);
}

void callback_box_closure_unref(gpointer data, GClosure *closure) {
  (void)closure;
  callback_box_unref(data);
}
