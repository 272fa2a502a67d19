/* A gate's policy on loading code: GLib's g_module_open, through which GTK,
 * GIO and gdk-pixbuf load every module, replaced in the executable by one
 * that refuses files the user could have written once the policy is on
 * (docs/administrators.md, "The gate's own environment"). Off, it is GLib's. */
#define _GNU_SOURCE
#include "CBeckonGLib.h"

#include <dlfcn.h>
#include <gmodule.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static atomic_int policy_on;

void beckon_module_policy_enable(void) {
  atomic_store(&policy_on, 1);
}

/* Root's, writable by root alone, and a directory or a regular file as asked. */
static int is_roots_alone(const char *path, int directory) {
  struct stat info;
  if (stat(path, &info) != 0 || info.st_uid != 0 || (info.st_mode & (S_IWGRP | S_IWOTH))) return 0;
  return directory ? S_ISDIR(info.st_mode) : S_ISREG(info.st_mode);
}

/* The resolved path of `path` when it and every directory above it are root's
 * alone; NULL otherwise. Free it. */
static char *trusted_real_path(const char *path) {
  if (!path || path[0] != '/') return NULL;
  char *real = realpath(path, NULL);
  if (!real) return NULL;
  char *walk = strdup(real);
  int trusted = walk && is_roots_alone(real, 0);
  while (trusted) {
    char *slash = strrchr(walk, '/');
    if (!slash) break;
    if (slash == walk) {
      trusted = is_roots_alone("/", 1);
      break;
    }
    *slash = '\0';
    trusted = is_roots_alone(walk, 1);
  }
  free(walk);
  if (!trusted) {
    free(real);
    return NULL;
  }
  return real;
}

int beckon_module_path_is_trusted(const char *path) {
  char *real = trusted_real_path(path);
  free(real);
  return real != NULL;
}

GModule *g_module_open(const gchar *file_name, GModuleFlags flags) {
  static GModule *(*glib_open)(const gchar *, GModuleFlags);
  if (!glib_open) glib_open = (GModule * (*)(const gchar *, GModuleFlags)) dlsym(RTLD_NEXT, "g_module_open");
  if (!glib_open) return NULL;
  /* NULL is the program itself, already loaded. */
  if (!file_name || !atomic_load(&policy_on)) return glib_open(file_name, flags);
  char *real = trusted_real_path(file_name);
  if (!real) {
    fprintf(stderr, "beckon: not loading %s under a gate: not a file of root's alone\n", file_name);
    return NULL;
  }
  GModule *module = glib_open(real, flags);
  free(real);
  return module;
}
