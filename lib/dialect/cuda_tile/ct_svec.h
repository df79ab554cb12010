/* ct_svec.h — small vectors for the cuda_tile op hooks: a growable array
 * whose first N elements live inside the struct (on the hook's stack), so
 * the usual short operand, index and type lists of one op are parsed
 * without a malloc/free pair.  Only past N elements does it move to the
 * heap.  The struct points into itself: declare it, ct_svec_init it, and
 * never copy it. */
#ifndef CTILE_DIALECT_CUDA_TILE_CT_SVEC_H
#define CTILE_DIALECT_CUDA_TILE_CT_SVEC_H

#include "support/support.h"

#include <stdlib.h>
#include <string.h>

#define CT_SVEC(T, N) struct { T *data; size_t len, cap; T inl[N]; }

#define ct_svec_init(v) \
  ((v)->data = (v)->inl, (v)->len = 0, (v)->cap = sizeof (v)->inl / sizeof (v)->inl[0])

/* Doubles the capacity, leaving the inline storage for the heap on the
 * first growth. */
static inline void ct_svec_grow_(void **data, size_t *cap, const void *inl, size_t es) {
  size_t ncap = *cap * 2;
  void *n = xmalloc(ncap * es);
  memcpy(n, *data, *cap * es);
  if (*data != inl) free(*data);
  *data = n;
  *cap = ncap;
}

#define ct_svec_push(v, x)                                                            \
  ((v)->len == (v)->cap                                                               \
       ? ct_svec_grow_((void **)&(v)->data, &(v)->cap, (v)->inl, sizeof *(v)->data)  \
       : (void)0,                                                                     \
   (v)->data[(v)->len++] = (x))

#define ct_svec_free(v) ((v)->data != (v)->inl ? free((v)->data) : (void)0)

#endif
