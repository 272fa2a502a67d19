/* cmark's memory from a bump arena per thread (see beckon_markdown.h). */
#include "beckon_markdown.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Every allocation is preceded by its size, 16 bytes to keep alignment. */
#define HEADER 16
/* A block of the arena; a larger request gets a block of its own size. */
#define BLOCK_BYTES ((size_t)1 << 20)
/* Blocks kept for the next parse on this thread: more are given back. */
#define KEPT_BLOCKS 16

struct block {
  struct block *next;
  size_t size, used;
  _Alignas(16) unsigned char data[];
};

static __thread struct block *current;   /* being filled; older ones follow */
static __thread struct block *spare;     /* emptied, kept for the next parse */
static __thread unsigned char *last;     /* the newest allocation, to grow in place */

static struct block *new_block(size_t need) {
  size_t size = need > BLOCK_BYTES ? need : BLOCK_BYTES;
  if (spare && spare->size >= size) {
    struct block *b = spare;
    spare = b->next;
    b->used = 0;
    return b;
  }
  struct block *b = malloc(sizeof(struct block) + size);
  if (!b) abort(); /* as cmark's own allocator does */
  b->size = size;
  b->used = 0;
  return b;
}

static void *arena_alloc(size_t bytes) {
  size_t need = HEADER + ((bytes + 15) & ~(size_t)15);
  if (need < bytes) abort(); /* overflow */
  if (!current || current->size - current->used < need) {
    struct block *b = new_block(need);
    b->next = current;
    current = b;
  }
  unsigned char *p = current->data + current->used;
  current->used += need;
  *(size_t *)p = bytes;
  last = p + HEADER;
  return last;
}

static void *arena_calloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) abort();
  void *p = arena_alloc(count * size);
  memset(p, 0, count * size);
  return p;
}

static void *arena_realloc(void *old, size_t bytes) {
  if (!old) return arena_alloc(bytes);
  size_t *header = (size_t *)((unsigned char *)old - HEADER);
  size_t had = *header;
  if (bytes <= had) { *header = bytes; return old; }
  /* The newest allocation grows where it is when its block has room. */
  size_t had_rounded = (had + 15) & ~(size_t)15, want = (bytes + 15) & ~(size_t)15;
  if (old == last && want >= bytes && current->size - current->used >= want - had_rounded) {
    current->used += want - had_rounded;
    *header = bytes;
    return old;
  }
  void *p = arena_alloc(bytes);
  memcpy(p, old, had);
  return p;
}

/* Nothing is freed one by one: the arena empties at the next parse. */
static void arena_free(void *p) { (void)p; }

static cmark_mem arena_mem = { arena_calloc, arena_realloc, arena_free };

/* Empties the arena: its blocks of the usual size go to the spare list, up
 * to KEPT_BLOCKS of them when `keep`, and every other block back to malloc. */
static void empty_arena(int keep) {
  int kept = 0;
  for (struct block *s = spare; s; s = s->next) kept++;
  struct block *b = current;
  current = NULL;
  last = NULL;
  while (b) {
    struct block *next = b->next;
    if (keep && b->size == BLOCK_BYTES && kept < KEPT_BLOCKS) {
      b->next = spare;
      spare = b;
      kept++;
    } else {
      free(b);
    }
    b = next;
  }
  while (!keep && spare) {
    struct block *next = spare->next;
    free(spare);
    spare = next;
  }
}

cmark_node *beckon_markdown_parse(const char *text, size_t length, int options) {
  empty_arena(1);
  cmark_parser *parser = cmark_parser_new_with_mem(options, &arena_mem);
  cmark_parser_feed(parser, text, length);
  cmark_node *document = cmark_parser_finish(parser);
  cmark_parser_free(parser);
  return document;
}

void beckon_markdown_release(void) { empty_arena(0); }
