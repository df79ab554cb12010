/* ptrmap.c — the growing half of the pointer map (ptrmap.h). */
#include "support/ptrmap.h"

#include "support/support.h"

/* Rehashes m into `cap` slots (a power of two). */
static void ptrmap_resize(PtrMap *m, size_t cap) {
  PtrMap n = {0};
  n.cap = cap;
  n.shift = 64;
  for (size_t c = n.cap; c > 1; c >>= 1) n.shift--;
  n.slots = xcalloc(n.cap, sizeof *n.slots);
  for (size_t i = 0; i < m->cap; i++)
    if (m->slots[i].val) ptrmap_put(&n, m->slots[i].key, m->slots[i].val);
  free(m->slots);
  *m = n;
}

void ptrmap_reserve(PtrMap *m, size_t n) {
  size_t cap = 64;
  while (cap < 2 * n) cap *= 2;
  if (cap > m->cap) ptrmap_resize(m, cap);
}

void ptrmap_put(PtrMap *m, const void *key, void *val) {
  if ((m->len + 1) * 2 > m->cap) ptrmap_resize(m, m->cap ? m->cap * 2 : 64); /* load <= 1/2 */
  for (size_t i = ptrmap_slot(m, key);; i = (i + 1) & (m->cap - 1)) {
    PtrSlot *s = &m->slots[i];
    if (!s->val) {
      *s = (PtrSlot){key, val};
      m->len++;
      return;
    }
    if (s->key == key) {
      s->val = val;
      return;
    }
  }
}

void ptrmap_free(PtrMap *m) {
  free(m->slots);
  *m = (PtrMap){0};
}
