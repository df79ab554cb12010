/* slab.c — the context's allocator for operations.
 *
 * Every op is one block (results, header, regions, successors, operands;
 * see ir_op_create), and a large module has hundreds of thousands of them.
 * Taking each from malloc cost a header and rounding per op and a trip
 * through malloc and free; here they come from 64 KB pages cut into
 * objects of one size class (multiples of IR_SLAB_GRAIN = 8 bytes up to
 * IR_SLAB_MAX), with a free list per class, so an op costs its own bytes
 * rounded to 8 (everything in an op is pointer-aligned at most)
 * and a pointer bump or a list pop (inline in the callers: ir_slab_alloc in
 * ir_internal.h; this file makes pages, large runs, and everything under
 * AddressSanitizer).  A page's header says its class, so
 * freeing needs no size: the page is found by masking the address (and
 * names its slab, so an op needs no pointer to its context).  An op
 * larger than IR_SLAB_MAX gets a run of its own (class 0), freed with it.
 * Pages go back when the context is destroyed; freed objects are reused by
 * later ops of their class, so a rewrite loop that creates and erases ops
 * does not grow the context.
 *
 * Under AddressSanitizer free objects and unused page space are poisoned
 * (a use after ir_op_destroy is still reported), and a context destroyed
 * with operations still alive is reported as a leak, as malloc'd ops were. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "ir/ir_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#ifdef IR_SLAB_ASAN
#define SLAB_ASAN 1
#endif
#ifdef SLAB_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define PAGE IR_SLAB_PAGE
#define HEADER ((size_t)48) /* keeps objects aligned; holds a SlabPage */
#define GRAIN IR_SLAB_GRAIN

typedef struct SlabPage {
  struct SlabPage *prev, *next; /* in IrSlab.pages */
  size_t bytes;                 /* mapped size */
  IrSlab *slab;                 /* the owner (ir_slab_of: an op finds its context) */
  uint32_t cls;                 /* size class (bytes / GRAIN), 0 for a large run */
} SlabPage;

/* `bytes` (a multiple of PAGE) at a PAGE-aligned address, straight from
 * the kernel: untouched space costs no memory, and nothing else of the
 * process's heap lies between the pages. */
static void *map_aligned(size_t bytes) {
  size_t span = bytes + PAGE;
  char *m = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) {
    fprintf(stderr, "ctile: out of memory\n");
    abort();
  }
  char *p = (char *)(((uintptr_t)m + PAGE - 1) & ~(uintptr_t)(PAGE - 1));
  if (p > m) munmap(m, (size_t)(p - m));
  if (p + bytes < m + span) munmap(p + bytes, (size_t)(m + span - (p + bytes)));
  return p;
}

static SlabPage *new_page(IrSlab *s, size_t bytes, uint32_t cls) {
  SlabPage *pg = map_aligned(bytes);
  pg->bytes = bytes;
  pg->prev = NULL;
  pg->next = s->pages;
  if (s->pages) s->pages->prev = pg;
  s->pages = pg;
  pg->cls = cls;
  pg->slab = s;
  return pg;
}

IrSlab *ir_slab_of(const void *p) {
  return ((const SlabPage *)((uintptr_t)p & ~(uintptr_t)(PAGE - 1)))->slab;
}

void *ir_slab_alloc_slow(IrSlab *s, size_t n) {
  s->live++;
  size_t cls = (n + GRAIN - 1) / GRAIN;
  if (cls == 0) cls = 1;
  if (cls * GRAIN > IR_SLAB_MAX) {
    size_t bytes = (HEADER + n + PAGE - 1) / PAGE * PAGE;
    return (char *)new_page(s, bytes, 0) + HEADER;
  }
  void *p = s->free[cls];
  if (p) {
    UNPOISON(p, cls * GRAIN);
    s->free[cls] = *(void **)p;
    return p;
  }
  if (!s->bump[cls] || (size_t)(s->bump_end[cls] - s->bump[cls]) < cls * GRAIN) {
    SlabPage *pg = new_page(s, PAGE, (uint32_t)cls);
    s->bump[cls] = (char *)pg + HEADER;
    s->bump_end[cls] = (char *)pg + PAGE;
    POISON(s->bump[cls], PAGE - HEADER);
  }
  p = s->bump[cls];
  s->bump[cls] += cls * GRAIN;
  UNPOISON(p, cls * GRAIN);
  return p;
}

void ir_slab_free(IrSlab *s, void *p) {
  if (!p) return;
  s->live--;
  SlabPage *pg = (SlabPage *)((uintptr_t)p & ~(uintptr_t)(PAGE - 1));
  if (!pg->cls) {
    if (pg->prev) pg->prev->next = pg->next;
    else s->pages = pg->next;
    if (pg->next) pg->next->prev = pg->prev;
    munmap(pg, pg->bytes);
    return;
  }
  *(void **)p = s->free[pg->cls];
  s->free[pg->cls] = p;
  POISON((char *)p + sizeof(void *), pg->cls * GRAIN - sizeof(void *));
}

/* Every object at once (the caller knows none is in use any more): the
 * pages go back to the kernel and the slab starts empty, as after init. */
void ir_slab_release_all(IrSlab *s) {
  SlabPage *pg = s->pages;
  while (pg) {
    SlabPage *n = pg->next;
    UNPOISON(pg, pg->cls ? PAGE : HEADER);
    munmap(pg, pg->bytes);
    pg = n;
  }
  memset(s, 0, sizeof *s);
}

void ir_slab_destroy(IrSlab *s) {
#ifdef SLAB_ASAN
  if (s->live) {
    fprintf(stderr, "ctile: %zu operation(s) still alive when their context was destroyed "
                    "(leaked)\n", s->live);
    abort();
  }
#endif
  ir_slab_release_all(s);
}

_Static_assert(sizeof(SlabPage) <= HEADER, "a page header fits before the first object");
