/* ptrmap.h — a pointer-keyed hash map with non-NULL values, for hot lookups
 * (the conversion driver's value, type and op-kind maps; the interpreter's
 * per-run slot, step-cost and segment tables).
 *
 * Open addressing with linear probing over one array of (key, value) pairs
 * (a probe touches one cache line), a multiplicative hash of the pointer
 * and a load of at most one half (short probe sequences; growth by 2x).
 * The lookup is inline: most lookups hit the first slot.  A NULL value
 * marks an empty slot, so values must be non-NULL.  Lookups only read, so
 * threads may share a map nobody changes meanwhile. */
#ifndef CTILE_PTRMAP_H
#define CTILE_PTRMAP_H

#include <stdint.h>
#include <stdlib.h>

typedef struct PtrSlot {
  const void *key;
  void *val;
} PtrSlot;

typedef struct PtrMap {
  PtrSlot *slots;
  uint32_t shift; /* 64 - log2(capacity) */
  size_t cap, len;
} PtrMap;

static inline size_t ptrmap_slot(const PtrMap *m, const void *key) {
  return (size_t)(((uint64_t)(uintptr_t)key * UINT64_C(0x9E3779B97F4A7C15)) >> m->shift);
}

/* The value of key, or NULL. */
static inline void *ptrmap_get(const PtrMap *m, const void *key) {
  if (!m->cap) return NULL;
  for (size_t i = ptrmap_slot(m, key);; i = (i + 1) & (m->cap - 1)) {
    const PtrSlot *s = &m->slots[i];
    if (s->key == key) return s->val;
    if (!s->val) return NULL;
  }
}

/* Sets key's value (val non-NULL), replacing an earlier one. */
void ptrmap_put(PtrMap *m, const void *key, void *val);
/* Makes room for n entries in all without growing. */
void ptrmap_reserve(PtrMap *m, size_t n);
void ptrmap_free(PtrMap *m);

#endif
