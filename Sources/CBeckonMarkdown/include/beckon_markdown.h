#ifndef BECKON_MARKDOWN_H
#define BECKON_MARKDOWN_H
/* cmark's documents parsed into an arena of the calling thread.
 *
 * Why C: cmark allocates and frees every node, literal and buffer through a
 * cmark_mem of three plain function pointers with no context argument, so
 * the arena must be a thread's own, reached without a parameter, and called
 * millions of times: a job for C's __thread, not for Swift. */
#include <stddef.h>
#include <cmark.h>

/* Parses `length` bytes of CommonMark with `options` into this thread's
 * arena, which it empties first: the document returned by the previous call
 * on this thread must be unused by then. The arena owns the document: it
 * needs no cmark_node_free, which would only walk it (freeing is a no-op). A
 * million links took 3 million calloc/free pairs through malloc, a third of
 * the rendering thread's time; here a node costs a pointer bump. */
cmark_node *beckon_markdown_parse(const char *text, size_t length, int options);

/* Gives this thread's arena back to malloc, at the end of a rendering. */
void beckon_markdown_release(void);

#endif
