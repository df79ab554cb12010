/* cv_ptrmap.h — the pointer-keyed hash map of the conversion driver
 * (convert.c): old value -> new value(s), type -> converted type, op kind ->
 * pattern, literal -> identifier.  Internal to lib/conversion.
 *
 * Open addressing with linear probing over one array of (key, value) pairs
 * (a probe touches one cache line), a multiplicative hash of the pointer
 * and a load of at most one half (short probe sequences; growth by 2x).
 * The lookup is inline: most of the driver's lookups hit the first slot.
 * A NULL value marks an empty slot, so values must be non-NULL. */
#ifndef CTILE_CV_PTRMAP_H
#define CTILE_CV_PTRMAP_H

#include <stdint.h>
#include <stdlib.h>

#include "support/support.h"

typedef struct CvSlot {
  const void *key;
  void *val;
} CvSlot;

typedef struct CvPtrMap {
  CvSlot *slots;
  uint32_t shift; /* 64 - log2(capacity) */
  size_t cap, len;
} CvPtrMap;

static inline size_t cv_ptrmap_slot(const CvPtrMap *m, const void *key) {
  return (size_t)(((uint64_t)(uintptr_t)key * UINT64_C(0x9E3779B97F4A7C15)) >> m->shift);
}

/* The value of key, or NULL. */
static inline void *cv_ptrmap_get(const CvPtrMap *m, const void *key) {
  if (!m->cap) return NULL;
  for (size_t i = cv_ptrmap_slot(m, key);; i = (i + 1) & (m->cap - 1)) {
    const CvSlot *s = &m->slots[i];
    if (s->key == key) return s->val;
    if (!s->val) return NULL;
  }
}

/* Sets key's value (val non-NULL), replacing an earlier one. */
void cv_ptrmap_put(CvPtrMap *m, const void *key, void *val);
void cv_ptrmap_free(CvPtrMap *m);

#endif
