/* Themed icons without GTK's icon-theme machinery.
 *
 * The first icon a GTK 3 process asks GtkIconTheme for costs ~1.8 MiB more
 * resident memory than this file's way to the same pixels: every theme's
 * icon-theme.cache is mapped, the shared-mime-info cache is read, and more of
 * libgtk's code is paged in (beckon_icons.h has the measurement, which
 * bench/tools/iconcost.c makes, and says why this stays in C). So this file
 * answers "which file would GtkIconTheme choose?" from the same data GTK uses,
 * each theme's index.theme and icon-theme.cache (read a few bytes at a time,
 * not mapped), by following gtkicontheme.c of GTK 3.24: load_themes,
 * choose_icon, theme_lookup_icon, compare_dir_matches and
 * gtk_icon_theme_get_icon_sizes. It answers only when the choice is a PNG
 * drawn for exactly the size asked for, where loading that file gives the very
 * pixels GTK would show. Everything else (SVG, scaling, symbolic icons, GTK's
 * built-in icons, a theme directory without an up-to-date cache) is left to
 * GtkIconTheme by returning NULL. */
#include "beckon_icons.h"
#include "icons_loading.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { SUFFIX_NONE = 0, SUFFIX_XPM = 1, SUFFIX_SVG = 2, SUFFIX_PNG = 4 }; /* the cache's flag bits */
typedef enum { DIR_FIXED, DIR_SCALABLE, DIR_THRESHOLD } DirType;

/* One directory of a theme that holds the icon, as theme_lookup_icon sees it. */
typedef struct {
  char *path; /* <root>/<subdir> */
  int order;  /* GTK's theme->dirs order: the subdir's place in index.theme, then the root's */
  int suffixes;
  DirType type;
  int size, min_size, max_size, threshold, scale;
} Candidate;

typedef struct {
  GKeyFile *index;
  char **roots;       /* <base>/<name> for every base of the search path where it exists */
  char **subdirs;     /* Directories, then ScaledDirectories */
} Theme;

/* ---- icon-theme.cache (gtk-update-icon-cache's format, big-endian) ------- */

typedef struct {
  int fd;
  guint32 hash_offset, directory_list_offset;
} IconCache;

static gboolean read_at(int fd, guint32 offset, void *buffer, size_t length) {
  ssize_t got;
  do got = pread(fd, buffer, length, offset);
  while (got < 0 && errno == EINTR);
  return got == (ssize_t)length;
}

static gboolean read_u16(int fd, guint32 offset, guint16 *value) {
  guint16 raw;
  if (!read_at(fd, offset, &raw, sizeof raw)) return FALSE;
  *value = GUINT16_FROM_BE(raw);
  return TRUE;
}

static gboolean read_u32(int fd, guint32 offset, guint32 *value) {
  guint32 raw;
  if (!read_at(fd, offset, &raw, sizeof raw)) return FALSE;
  *value = GUINT32_FROM_BE(raw);
  return TRUE;
}

/* A NUL-terminated string of at most 255 bytes at `offset`, or NULL. */
static char *read_string(int fd, guint32 offset) {
  char buffer[256];
  ssize_t got;
  do got = pread(fd, buffer, sizeof buffer - 1, offset);
  while (got < 0 && errno == EINTR);
  if (got <= 0) return NULL;
  buffer[got] = '\0';
  if (strlen(buffer) == (size_t)got && got == sizeof buffer - 1) return NULL; /* no terminator */
  return g_strdup(buffer);
}

/* _gtk_icon_cache_new_for_path: GTK ignores a cache older than its directory. */
static gboolean icon_cache_open(const char *root, IconCache *cache) {
  char *file = g_build_filename(root, "icon-theme.cache", NULL);
  struct stat cache_stat, root_stat;
  cache->fd = -1;
  if (stat(file, &cache_stat) == 0 && stat(root, &root_stat) == 0 &&
      cache_stat.st_mtime >= root_stat.st_mtime)
    cache->fd = open(file, O_RDONLY | O_CLOEXEC);
  g_free(file);
  guint16 major = 0, minor = 0;
  if (cache->fd < 0 || !read_u16(cache->fd, 0, &major) || !read_u16(cache->fd, 2, &minor) || major != 1 ||
      minor != 0 || !read_u32(cache->fd, 4, &cache->hash_offset) ||
      !read_u32(cache->fd, 8, &cache->directory_list_offset)) {
    if (cache->fd >= 0) close(cache->fd);
    cache->fd = -1;
    return FALSE;
  }
  return TRUE;
}

static guint32 icon_name_hash(const char *name) {
  const signed char *p = (const signed char *)name;
  guint32 hash = *p;
  if (hash)
    for (p += 1; *p; p++) hash = (hash << 5) - hash + *p;
  return hash;
}

typedef void (*ImageFunc)(const char *subdir, int suffixes, void *data);

/* Calls `func` for every directory the cache lists `icon_name` in. FALSE when
 * the cache cannot be read. */
static gboolean icon_cache_images(const IconCache *cache, const char *icon_name, ImageFunc func, void *data) {
  guint32 buckets, icon;
  if (!read_u32(cache->fd, cache->hash_offset, &buckets) || buckets == 0) return FALSE;
  if (!read_u32(cache->fd, cache->hash_offset + 4 + 4 * (icon_name_hash(icon_name) % buckets), &icon))
    return FALSE;
  for (int steps = 0; icon != 0xffffffff; steps++) {
    guint32 chain, name_offset, image_list;
    if (steps > 100000 || !read_u32(cache->fd, icon, &chain) || !read_u32(cache->fd, icon + 4, &name_offset) ||
        !read_u32(cache->fd, icon + 8, &image_list))
      return FALSE;
    char *name = read_string(cache->fd, name_offset);
    gboolean match = name && strcmp(name, icon_name) == 0;
    g_free(name);
    if (match) {
      guint32 images, directories;
      if (!read_u32(cache->fd, image_list, &images) || !read_u32(cache->fd, cache->directory_list_offset, &directories))
        return FALSE;
      for (guint32 i = 0; i < images && i < 4096; i++) {
        guint16 directory, flags;
        guint32 subdir_offset;
        if (!read_u16(cache->fd, image_list + 4 + 8 * i, &directory) ||
            !read_u16(cache->fd, image_list + 4 + 8 * i + 2, &flags) || directory >= directories ||
            !read_u32(cache->fd, cache->directory_list_offset + 4 + 4 * directory, &subdir_offset))
          return FALSE;
        char *subdir = read_string(cache->fd, subdir_offset);
        if (!subdir) return FALSE;
        func(subdir, flags & (SUFFIX_PNG | SUFFIX_SVG | SUFFIX_XPM), data);
        g_free(subdir);
      }
      return TRUE;
    }
    icon = chain;
  }
  return TRUE;
}

/* ---- themes --------------------------------------------------------------- */

static void theme_free(Theme *theme) {
  if (theme->index) g_key_file_free(theme->index);
  g_strfreev(theme->roots);
  g_strfreev(theme->subdirs);
  g_free(theme);
}

static void theme_free_or_null(gpointer data) {
  if (data) theme_free(data);
}

/* gtk_icon_theme_init's search path: the user's data dir and ~/.icons, then
 * every system data dir. */
static char **search_path_new(const char *const *base_dirs) {
  if (base_dirs) return g_strdupv((char **)base_dirs);
  GPtrArray *path = g_ptr_array_new();
  g_ptr_array_add(path, g_build_filename(g_get_user_data_dir(), "icons", NULL));
  g_ptr_array_add(path, g_build_filename(g_get_home_dir(), ".icons", NULL));
  for (const char *const *dir = g_get_system_data_dirs(); *dir; dir++)
    g_ptr_array_add(path, g_build_filename(*dir, "icons", NULL));
  g_ptr_array_add(path, NULL);
  return (char **)g_ptr_array_free(path, FALSE);
}

/* Reads theme `name` (NULL when it has no index.theme): its index from the
 * first base of the search path that has one, its directories from every base
 * where it exists. */
static Theme *theme_load(char **search_path, const char *name) {
  Theme *theme = g_new0(Theme, 1);
  GPtrArray *roots = g_ptr_array_new();
  for (char **base = search_path; *base; base++) {
    char *root = g_build_filename(*base, name, NULL);
    if (!g_file_test(root, G_FILE_TEST_IS_DIR)) {
      g_free(root);
      continue;
    }
    g_ptr_array_add(roots, root);
    if (theme->index) continue;
    char *file = g_build_filename(root, "index.theme", NULL);
    theme->index = g_key_file_new();
    g_key_file_set_list_separator(theme->index, ','); /* the spec's, not GKeyFile's ';' */
    if (!g_key_file_load_from_file(theme->index, file, G_KEY_FILE_NONE, NULL))
      g_clear_pointer(&theme->index, g_key_file_free);
    g_free(file);
  }
  g_ptr_array_add(roots, NULL);
  theme->roots = (char **)g_ptr_array_free(roots, FALSE);
  if (!theme->index) {
    theme_free(theme);
    return NULL;
  }
  char **directories = g_key_file_get_string_list(theme->index, "Icon Theme", "Directories", NULL, NULL);
  char **scaled = g_key_file_get_string_list(theme->index, "Icon Theme", "ScaledDirectories", NULL, NULL);
  GStrvBuilder *subdirs = g_strv_builder_new();
  if (directories) g_strv_builder_addv(subdirs, (const char **)directories);
  if (scaled) g_strv_builder_addv(subdirs, (const char **)scaled);
  theme->subdirs = g_strv_builder_end(subdirs);
  g_strv_builder_unref(subdirs);
  g_strfreev(directories);
  g_strfreev(scaled);
  return theme;
}

/* GTK's list of themes (load_themes, insert_theme): the user's theme and what
 * it inherits, depth first, then Adwaita, gnome and hicolor, which GTK 3
 * always searches; each theme once. Read as far as a lookup needs it, since a
 * theme's index.theme can be long (hicolor's lists ~650 directories). */
typedef struct {
  char **search_path;
  GPtrArray *names;  /* of char *: themes in GTK's order, as far as known */
  GPtrArray *themes; /* of Theme * or NULL, one per name read so far */
} Chain;

static Chain *chain_new(const char *const *base_dirs, const char *theme) {
  Chain *chain = g_new0(Chain, 1);
  chain->search_path = search_path_new(base_dirs);
  chain->names = g_ptr_array_new_with_free_func(g_free);
  chain->themes = g_ptr_array_new_with_free_func(theme_free_or_null);
  const char *names[] = {theme, "Adwaita", "gnome", "hicolor"};
  for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
    if (names[i] && *names[i]) g_ptr_array_add(chain->names, g_strdup(names[i]));
  return chain;
}

static void chain_free(Chain *chain) {
  g_strfreev(chain->search_path);
  g_ptr_array_unref(chain->names);
  g_ptr_array_unref(chain->themes);
  g_free(chain);
}

/* The i-th theme GTK searches, NULL for a name that is no theme or was seen
 * before; FALSE past the end. */
static gboolean chain_theme(Chain *chain, guint i, const Theme **theme) {
  while (chain->themes->len <= i) {
    guint at = chain->themes->len;
    if (at >= chain->names->len) return FALSE;
    const char *name = chain->names->pdata[at];
    gboolean seen = FALSE;
    for (guint k = 0; k < at && !seen; k++) seen = strcmp(chain->names->pdata[k], name) == 0;
    Theme *loaded = seen || at > 64 ? NULL : theme_load(chain->search_path, name);
    g_ptr_array_add(chain->themes, loaded);
    if (!loaded) continue;
    /* What it inherits comes right after it, before the themes still to come. */
    char **inherits = g_key_file_get_string_list(loaded->index, "Icon Theme", "Inherits", NULL, NULL);
    for (guint k = 0; inherits && inherits[k]; k++)
      g_ptr_array_insert(chain->names, (gint)(at + 1 + k), g_strdup(inherits[k]));
    g_strfreev(inherits);
  }
  *theme = chain->themes->pdata[i];
  return TRUE;
}

static int key_int(GKeyFile *index, const char *group, const char *key, int fallback) {
  GError *error = NULL;
  int value = g_key_file_get_integer(index, group, key, &error);
  if (error) {
    g_error_free(error);
    return fallback;
  }
  return value;
}

typedef struct {
  const Theme *theme;
  const char *root;
  int root_index, roots;
  GPtrArray *candidates;
} Collect;

static void candidate_free(gpointer data) {
  Candidate *candidate = data;
  g_free(candidate->path);
  g_free(candidate);
}

/* theme_subdir_load: only subdirectories index.theme lists, with a Size, count. */
static void collect_image(const char *subdir, int suffixes, void *data) {
  Collect *collect = data;
  if (suffixes == SUFFIX_NONE) return;
  int position = -1;
  for (int i = 0; collect->theme->subdirs[i]; i++)
    if (strcmp(collect->theme->subdirs[i], subdir) == 0) {
      position = i;
      break;
    }
  GKeyFile *index = collect->theme->index;
  GError *error = NULL;
  int size = position < 0 ? 0 : g_key_file_get_integer(index, subdir, "Size", &error);
  if (position < 0 || error) {
    g_clear_error(&error);
    return;
  }
  Candidate *candidate = g_new0(Candidate, 1);
  candidate->path = g_build_filename(collect->root, subdir, NULL);
  candidate->order = position * collect->roots + collect->root_index;
  candidate->suffixes = suffixes;
  char *type = g_key_file_get_string(index, subdir, "Type", NULL);
  candidate->type = type && strcmp(type, "Fixed") == 0      ? DIR_FIXED
                    : type && strcmp(type, "Scalable") == 0 ? DIR_SCALABLE
                                                            : DIR_THRESHOLD;
  g_free(type);
  candidate->size = size;
  candidate->min_size = key_int(index, subdir, "MinSize", size);
  candidate->max_size = key_int(index, subdir, "MaxSize", size);
  candidate->threshold = key_int(index, subdir, "Threshold", 2);
  candidate->scale = key_int(index, subdir, "Scale", 1);
  g_ptr_array_add(collect->candidates, candidate);
}

static int compare_order(gconstpointer a, gconstpointer b) {
  return (*(Candidate *const *)a)->order - (*(Candidate *const *)b)->order;
}

/* Every directory of `theme` that holds `icon_name`, in GTK's order; NULL when
 * a part of the theme has no usable cache, so only GTK can tell. */
static GPtrArray *theme_candidates(const Theme *theme, const char *icon_name) {
  Collect collect = {theme, NULL, 0, (int)g_strv_length(theme->roots),
                     g_ptr_array_new_with_free_func(candidate_free)};
  for (int i = 0; theme->roots[i]; i++) {
    IconCache cache;
    if (!icon_cache_open(theme->roots[i], &cache)) {
      g_ptr_array_unref(collect.candidates);
      return NULL;
    }
    collect.root = theme->roots[i];
    collect.root_index = i;
    gboolean read = icon_cache_images(&cache, icon_name, collect_image, &collect);
    close(cache.fd);
    if (!read) {
      g_ptr_array_unref(collect.candidates);
      return NULL;
    }
  }
  g_ptr_array_sort(collect.candidates, compare_order);
  return collect.candidates;
}

static int best_suffix(int suffixes) {
  if (suffixes & SUFFIX_PNG) return SUFFIX_PNG;
  if (suffixes & SUFFIX_SVG) return SUFFIX_SVG;
  if (suffixes & SUFFIX_XPM) return SUFFIX_XPM;
  return SUFFIX_NONE;
}

/* theme_dir_size_difference at scale 1. */
static int size_difference(const Candidate *dir, int size) {
  switch (dir->type) {
  case DIR_FIXED:
    return ABS(size - dir->size);
  case DIR_SCALABLE:
    if (size < dir->min_size) return dir->min_size - size;
    if (size > dir->max_size) return size - dir->max_size;
    return 0;
  case DIR_THRESHOLD:
  default:
    if (size < dir->size - dir->threshold) return dir->size - dir->threshold - size;
    if (size > dir->size + dir->threshold) return size - (dir->size + dir->threshold);
    return 0;
  }
}

/* compare_dir_matches at scale 1: whether `a` beats the best so far, `b`. On
 * a full tie the later directory wins, as in GTK. */
static gboolean better_match(const Candidate *a, int difference_a, const Candidate *b, int difference_b,
                             int size) {
  if (difference_a == 0) {
    if (difference_b != 0) return TRUE;
  } else {
    if (a->size >= size && b->size < size) return TRUE; /* GTK always prefers downscaling */
    if (a->size < size && b->size >= size) return FALSE;
    if (difference_a != difference_b) return difference_a < difference_b;
  }
  if ((a->scale == 1) != (b->scale == 1)) return a->scale == 1;
  if ((a->type == DIR_SCALABLE) != (b->type == DIR_SCALABLE)) return a->type != DIR_SCALABLE;
  return ABS(size - a->size * a->scale) <= ABS(size - b->size * b->scale);
}

static gboolean is_plain_name(const char *icon_name) {
  return icon_name && *icon_name && !strchr(icon_name, '/') && !g_str_has_suffix(icon_name, "-symbolic") &&
         !g_getenv("GTK_NO_ICON_CACHE");
}

typedef enum { FOUND_NOTHING, FOUND_PNG, FOUND_OTHER } Found;

/* theme_lookup_icon: whether GTK takes `icon_name` from `theme`, and the file
 * when it is ours to load. */
static Found theme_lookup(const Theme *theme, const char *icon_name, int size, char **file) {
  GPtrArray *candidates = theme_candidates(theme, icon_name);
  if (!candidates) return FOUND_OTHER;
  const Candidate *best = NULL;
  int best_difference = G_MAXINT;
  for (guint i = 0; i < candidates->len; i++) {
    const Candidate *dir = candidates->pdata[i];
    int difference = size_difference(dir, size);
    if (!best || better_match(dir, difference, best, best_difference, size)) {
      best = dir;
      best_difference = difference;
    }
  }
  Found found = FOUND_NOTHING;
  if (best) {
    found = FOUND_OTHER;
    if (best_suffix(best->suffixes) == SUFFIX_PNG && best->type != DIR_SCALABLE && best->size == size &&
        best->scale == 1) {
      *file = g_strconcat(best->path, "/", icon_name, ".png", NULL);
      found = FOUND_PNG;
    }
  }
  g_ptr_array_unref(candidates);
  return found;
}

char *beckon_icon_theme_find_png(const char *const *base_dirs, const char *theme, const char *icon_name, int size,
                                 GtkTextDirection direction) {
  if (!is_plain_name(icon_name) || size <= 0) return NULL;
  /* choose_icon: with a direction, "name-ltr" (or -rtl) comes before "name". */
  char *names[] = {direction == GTK_TEXT_DIR_NONE
                       ? NULL
                       : g_strconcat(icon_name, direction == GTK_TEXT_DIR_RTL ? "-rtl" : "-ltr", NULL),
                   g_strdup(icon_name)};
  Chain *chain = chain_new(base_dirs, theme);
  char *file = NULL;
  Found found = FOUND_NOTHING;
  const Theme *current;
  for (guint t = 0; found == FOUND_NOTHING && chain_theme(chain, t, &current); t++)
    for (size_t n = 0; current && n < G_N_ELEMENTS(names) && found == FOUND_NOTHING; n++)
      if (names[n]) found = theme_lookup(current, names[n], size, &file);
  chain_free(chain);
  g_free(names[0]);
  g_free(names[1]);
  return file;
}

static int compare_ints(gconstpointer a, gconstpointer b) {
  return *(const int *)a - *(const int *)b;
}

int *beckon_icon_theme_sizes(const char *const *base_dirs, const char *theme, const char *icon_name) {
  GArray *sizes = g_array_new(TRUE, TRUE, sizeof(int));
  if (!is_plain_name(icon_name)) return (int *)g_array_free(sizes, FALSE);
  Chain *chain = chain_new(base_dirs, theme);
  gboolean known_everywhere = TRUE;
  const Theme *current;
  for (guint t = 0; known_everywhere && chain_theme(chain, t, &current); t++) {
    if (!current) continue;
    GPtrArray *candidates = theme_candidates(current, icon_name);
    if (!candidates) {
      known_everywhere = FALSE;
      break;
    }
    for (guint i = 0; i < candidates->len; i++) {
      const Candidate *dir = candidates->pdata[i];
      /* GTK lists a directory that has only an SVG as -1, whatever its type. */
      int size = dir->suffixes == SUFFIX_SVG ? -1 : dir->size;
      gboolean seen = FALSE;
      for (guint k = 0; k < sizes->len && !seen; k++) seen = g_array_index(sizes, int, k) == size;
      if (!seen) g_array_append_val(sizes, size);
    }
    g_ptr_array_unref(candidates);
  }
  if (!known_everywhere) g_array_set_size(sizes, 0);
  g_array_sort(sizes, compare_ints);
  chain_free(chain);
  return (int *)g_array_free(sizes, FALSE);
}

/* ---- loading ---------------------------------------------------------------- */

/* What gtk_icon_theme_load_icon would give, when icons.c can find it alone. */
GdkPixbuf *beckon_icon_theme_load(const char *theme, const char *icon_name, int size, GtkTextDirection direction) {
  char *file = beckon_icon_theme_find_png(NULL, theme, icon_name, size, direction);
  char *bytes = NULL;
  gsize length = 0;
  GdkPixbuf *pixbuf = NULL;
  if (file && g_file_get_contents(file, &bytes, &length, NULL)) {
    /* gdk-pixbuf's PNG loader, named: gdk_pixbuf_new_from_file would first
     * sniff the type through shared-mime-info's cache. */
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_type("png", NULL);
    if (loader && gdk_pixbuf_loader_write(loader, (const guchar *)bytes, length, NULL) &&
        gdk_pixbuf_loader_close(loader, NULL) && gdk_pixbuf_loader_get_pixbuf(loader))
      pixbuf = g_object_ref(gdk_pixbuf_loader_get_pixbuf(loader));
    else if (loader)
      gdk_pixbuf_loader_close(loader, NULL);
    g_clear_object(&loader);
  }
  g_free(bytes);
  g_free(file);
  if (pixbuf && (gdk_pixbuf_get_width(pixbuf) != size || gdk_pixbuf_get_height(pixbuf) != size))
    g_clear_object(&pixbuf); /* a mislabelled file: GTK would scale it */
  return pixbuf;
}

/* gtk_window_set_icon_name's icon list (icon_list_from_theme), or NULL when
 * any of its sizes needs GtkIconTheme. */
GList *beckon_icon_theme_window_icons(const char *theme, const char *icon_name) {
  int *sizes = beckon_icon_theme_sizes(NULL, theme, icon_name);
  GList *list = NULL;
  gboolean complete = sizes[0] != 0;
  for (int *size = sizes; *size && complete; size++) {
    /* GTK loads a scalable icon at 48 pixels for the window manager. */
    GdkPixbuf *pixbuf = beckon_icon_theme_load(theme, icon_name, *size == -1 ? 48 : *size, GTK_TEXT_DIR_NONE);
    if (pixbuf) list = g_list_append(list, pixbuf);
    else complete = FALSE;
  }
  g_free(sizes);
  if (!complete) g_list_free_full(g_steal_pointer(&list), g_object_unref);
  return list;
}

char *beckon_icon_theme_current(void) {
  char *theme = NULL;
  g_object_get(gtk_settings_get_default(), "gtk-icon-theme-name", &theme, NULL);
  return theme;
}
