/* support.c — allocation wrappers, arena, hashing, growable arrays, hash map
 * and file reading.  The string builder and formatter live in strbuf.c. */
#include "support/support.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static void oom(size_t n) {
  fprintf(stderr, "ctile: out of memory allocating %zu bytes\n", n);
  abort();
}

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) oom(n);
  return p;
}

void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) oom(n * size);
  return p;
}

void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) oom(n);
  return q;
}

char *xstrndup(const char *s, size_t n) {
  char *d = xmalloc(n + 1);
  if (n) memcpy(d, s, n);
  d[n] = 0;
  return d;
}

/* ---- arena ---------------------------------------------------------------- */
struct ArenaChunk {
  ArenaChunk *next;
  size_t size;
  max_align_t data[];
};

void arena_init(Arena *a) { memset(a, 0, sizeof *a); }

void arena_free(Arena *a) {
  ArenaChunk *c = a->chunks;
  while (c) {
    ArenaChunk *n = c->next;
    free(c);
    c = n;
  }
  memset(a, 0, sizeof *a);
}

/* Allocates n bytes aligned to `align` (a power of two <= 16).  Chunks grow
 * geometrically from 16 KiB; oversized requests get a chunk of their own. */
void *arena_alloc(Arena *a, size_t n, size_t align) {
  uintptr_t p = ((uintptr_t)a->cur + (align - 1)) & ~(uintptr_t)(align - 1);
  if (!a->cur || p + n > (uintptr_t)a->end) {
    size_t sz = a->total < (1u << 14) ? (1u << 14) : a->total / 2;
    if (sz > (1u << 22)) sz = 1u << 22;
    if (sz < n + align) sz = n + align;
    ArenaChunk *c = xmalloc(sizeof(ArenaChunk) + sz);
    c->size = sz;
    c->next = a->chunks;
    a->chunks = c;
    a->total += sz;
    a->cur = (char *)c->data;
    a->end = a->cur + sz;
    p = ((uintptr_t)a->cur + (align - 1)) & ~(uintptr_t)(align - 1);
  }
  a->cur = (char *)(p + n);
  return (void *)p;
}

void *arena_dup(Arena *a, const void *p, size_t n) {
  void *d = arena_alloc(a, n ? n : 1, 8);
  if (n) memcpy(d, p, n);
  return d;
}

bool str_starts_with(Str s, const char *prefix) {
  size_t n = strlen(prefix);
  return s.n >= n && memcmp(s.s, prefix, n) == 0;
}

/* ---- hashing: a 64-bit FNV-1a variant over 8-byte words (the tail as one
 * word) with a final avalanche ------------------------------------------ */
uint64_t hash_bytes(const void *p, size_t n, uint64_t seed) {
  const unsigned char *s = p;
  uint64_t h = 0xcbf29ce484222325ull ^ seed;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    h = (h ^ w) * 0x100000001b3ull;
    h ^= h >> 29;
  }
  /* the 0-7 byte tail as one word, by 4/2/1-byte loads */
  uint64_t w = 0;
  unsigned sh = 0;
  if (n - i >= 4) {
    uint32_t v;
    memcpy(&v, s + i, 4);
    w = v;
    i += 4;
    sh = 32;
  }
  if (n - i >= 2) {
    uint16_t v;
    memcpy(&v, s + i, 2);
    w |= (uint64_t)v << sh;
    i += 2;
    sh += 16;
  }
  if (i < n) w |= (uint64_t)s[i] << sh;
  h = (h ^ w ^ (uint64_t)(n & 7) << 61) * 0x100000001b3ull;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return h;
}

/* ---- vectors -------------------------------------------------------------- */
void vec_grow_(void **data, size_t *cap, size_t need, size_t elem_size) {
  if (need <= *cap) return;
  size_t nc = *cap ? *cap * 2 : 4;
  while (nc < need) nc *= 2;
  *data = xrealloc(*data, nc * elem_size);
  *cap = nc;
}

/* ---- u64 map -------------------------------------------------------------- */
static size_t slot_of(uint64_t key, size_t cap) {
  return (size_t)(hash_mix(0, key) & (cap - 1));
}

void *u64map_get(const U64Map *m, uint64_t key) {
  if (!m->cap) return NULL;
  for (size_t i = slot_of(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (!m->vals[i]) return NULL;
    if (m->keys[i] == key) return m->vals[i];
  }
}

static void u64map_grow(U64Map *m) {
  U64Map n = {0};
  n.cap = m->cap ? m->cap * 2 : 16;
  n.keys = xcalloc(n.cap, sizeof *n.keys);
  n.vals = xcalloc(n.cap, sizeof *n.vals);
  for (size_t i = 0; i < m->cap; i++)
    if (m->vals[i]) u64map_put(&n, m->keys[i], m->vals[i]);
  free(m->keys);
  free(m->vals);
  *m = n;
}

void u64map_put(U64Map *m, uint64_t key, void *val) {
  if ((m->len + 1) * 4 > m->cap * 3) u64map_grow(m);
  for (size_t i = slot_of(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (!m->vals[i]) {
      m->keys[i] = key;
      m->vals[i] = val;
      m->len++;
      return;
    }
    if (m->keys[i] == key) {
      m->vals[i] = val;
      return;
    }
  }
}

/* Backward-shift deletion keeps probe chains intact without tombstones. */
bool u64map_remove(U64Map *m, uint64_t key) {
  if (!m->cap) return false;
  size_t mask = m->cap - 1, i = slot_of(key, m->cap);
  for (;; i = (i + 1) & mask) {
    if (!m->vals[i]) return false;
    if (m->keys[i] == key) break;
  }
  m->vals[i] = NULL;
  m->len--;
  for (size_t j = (i + 1) & mask; m->vals[j]; j = (j + 1) & mask) {
    size_t home = slot_of(m->keys[j], m->cap);
    /* move j to i if i lies cyclically in [home, j) */
    bool move = (i <= j) ? (home <= i || home > j) : (home <= i && home > j);
    if (move) {
      m->keys[i] = m->keys[j];
      m->vals[i] = m->vals[j];
      m->vals[j] = NULL;
      i = j;
    }
  }
  return true;
}

void u64map_free(U64Map *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

/* ---- files ---------------------------------------------------------------- */
char *read_file(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) return NULL;
  /* A regular file's size is known: one exact allocation (plus the NUL)
   * instead of doubling, which could leave up to half the buffer unused. */
  size_t cap = 1 << 16, n = 0;
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 0 &&
      (uintmax_t)st.st_size < SIZE_MAX - 2)
    cap = (size_t)st.st_size + 2; /* +1 NUL, +1 so reading stops at EOF without a regrow */
  char *buf = xmalloc(cap);
  for (;;) {
    if (n + 1 >= cap) buf = xrealloc(buf, cap *= 2);
    size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0) break;
  }
  int err = ferror(f);
  if (f != stdin) fclose(f);
  if (err) {
    free(buf);
    errno = EIO;
    return NULL;
  }
  buf[n] = 0;
  *len = n;
  return buf;
}
