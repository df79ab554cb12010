/* support.h — the bottom layer of libctile: memory, strings, growable arrays,
 * hashing, hash maps and a printf-style string builder.  Nothing here knows
 * about IR.  Allocation failures abort with a message (the one documented
 * exception to "the library never exits": there is nothing sane to return). */
#ifndef CTILE_SUPPORT_H
#define CTILE_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- allocation -------------------------------------------------------- */
void *xmalloc(size_t n);                      /* malloc or abort */
void *xcalloc(size_t n, size_t size);         /* calloc or abort */
void *xrealloc(void *p, size_t n);            /* realloc or abort */
char *xstrndup(const char *s, size_t n);      /* NUL-terminated copy */

/* Bump arena: immortal objects of a context (uniqued types, attributes,
 * identifiers).  Freed all at once. */
typedef struct ArenaChunk ArenaChunk;
typedef struct Arena {
  ArenaChunk *chunks;  /* newest first */
  char *cur, *end;     /* free space in the newest chunk */
  size_t total;        /* bytes requested from malloc */
} Arena;

void arena_init(Arena *a);
void arena_free(Arena *a);
void *arena_alloc(Arena *a, size_t n, size_t align);
void *arena_dup(Arena *a, const void *p, size_t n);

/* ---- string slices ----------------------------------------------------- */
typedef struct Str {
  const char *s;  /* not NUL-terminated in general */
  size_t n;
} Str;

#define STR_LIT(lit) ((Str){(lit), sizeof(lit) - 1})
static inline Str str_z(const char *z) { return (Str){z, strlen(z)}; }
static inline Str str_make(const char *s, size_t n) { return (Str){s, n}; }
static inline bool str_eq(Str a, Str b) {
  return a.n == b.n && (a.n == 0 || memcmp(a.s, b.s, a.n) == 0);
}
static inline bool str_eqz(Str a, const char *z) { return str_eq(a, str_z(z)); }
/* Whether a[0..n) == b[0..n), eight bytes at a time (the last word overlaps
 * the one before it), without a call: for the short names of hash lookups
 * (4 to 30 bytes mostly), where memcmp's call costs more than the compare. */
static inline bool bytes_eq(const char *a, const char *b, size_t n) {
  if (n < 8) {
    for (size_t i = 0; i < n; i++)
      if (a[i] != b[i]) return false;
    return true;
  }
  uint64_t x, y;
  for (size_t i = 0; i + 8 < n; i += 8) {
    memcpy(&x, a + i, 8);
    memcpy(&y, b + i, 8);
    if (x != y) return false;
  }
  memcpy(&x, a + n - 8, 8);
  memcpy(&y, b + n - 8, 8);
  return x == y;
}
bool str_starts_with(Str s, const char *prefix);

/* ---- hashing ------------------------------------------------------------ */
uint64_t hash_bytes(const void *p, size_t n, uint64_t seed);
static inline uint64_t hash_mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h *= 0xff51afd7ed558ccdull;
  return h ^ (h >> 33);
}
/* A 32-bit hash of a short byte string (names, identifiers) for an in-memory
 * table, inline: one multiply-and-shift per 8-byte word, the 0-7 byte tail
 * as one word (4/2/1-byte loads), one final avalanche.  Cheaper than
 * hash_bytes for the 4-30 byte keys of name and identifier lookups. */
static inline uint32_t hash_short(const char *s, size_t n) {
  const uint64_t k = 0x9E3779B97F4A7C15ull;
  uint64_t h = 0x1d ^ (uint64_t)n * k;
  for (; n >= 8; s += 8, n -= 8) {
    uint64_t w;
    memcpy(&w, s, 8);
    h = (h ^ w) * k;
    h ^= h >> 29;
  }
  uint64_t w = 0;
  unsigned sh = 0;
  if (n & 4) {
    uint32_t v;
    memcpy(&v, s, 4);
    w = v;
    s += 4;
    sh = 32;
  }
  if (n & 2) {
    uint16_t v;
    memcpy(&v, s, 2);
    w |= (uint64_t)v << sh;
    s += 2;
    sh += 16;
  }
  if (n & 1) w |= (uint64_t)(unsigned char)*s << sh;
  h = (h ^ w) * k;
  h ^= h >> 29;
  h *= 0xff51afd7ed558ccdull;
  return (uint32_t)(h ^ (h >> 32));
}

/* ---- growable arrays ------------------------------------------------------
 * VEC(T) is an anonymous struct type; declare `VEC(int) v = {0};`.           */
#define VEC(T) struct { T *data; size_t len, cap; }
void vec_grow_(void **data, size_t *cap, size_t need, size_t elem_size);
#define vec_reserve(v, n) \
  ((size_t)(n) > (v)->cap \
       ? vec_grow_((void **)&(v)->data, &(v)->cap, (size_t)(n), sizeof(*(v)->data)) \
       : (void)0)
#define vec_push(v, x) \
  (vec_reserve((v), (v)->len + 1), (v)->data[(v)->len++] = (x))
#define vec_pop(v) ((v)->data[--(v)->len])
#define vec_last(v) ((v)->data[(v)->len - 1])
#define vec_free(v) (free((v)->data), (v)->data = NULL, (v)->len = (v)->cap = 0)

/* ---- string builder ------------------------------------------------------ */
typedef struct StrBuf {
  char *s;     /* always NUL-terminated once non-empty */
  size_t len, cap;
} StrBuf;

void sb_grow_(StrBuf *b, size_t extra); /* slow path of sb_reserve */
/* The common appends are inline: the printer calls them for every token. */
static inline void sb_reserve(StrBuf *b, size_t extra) {
  if (b->len + extra + 1 > b->cap) sb_grow_(b, extra);
}
static inline void sb_putc(StrBuf *b, char c) {
  sb_reserve(b, 1);
  b->s[b->len++] = c;
  b->s[b->len] = 0;
}
static inline void sb_putn(StrBuf *b, const char *s, size_t n) {
  sb_reserve(b, n);
  if (n) memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}
static inline void sb_puts(StrBuf *b, const char *s) { sb_putn(b, s, strlen(s)); }
void sb_putstr(StrBuf *b, Str s);
/* Decimal integers, without printf (same text as "%llu" / "%lld"). */
void sb_put_uint(StrBuf *b, uint64_t v);
void sb_put_int(StrBuf *b, int64_t v);
void sb_printf(StrBuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void sb_vprintf(StrBuf *b, const char *fmt, va_list ap);
void sb_clear(StrBuf *b);
void sb_free(StrBuf *b);
char *sb_take(StrBuf *b);  /* returns the malloc'd string, resets b */
const char *sb_cstr(StrBuf *b); /* "" when empty */

/* Extensible formatter: like vsnprintf for the standard conversions
 * (flags, width, precision, hh/h/l/ll/z/j/t lengths; d i u x X o c s p f e g
 * F E G a A %), plus caller-defined single-letter conversions.  `ext` is
 * called for any conversion letter in `ext_letters`; it must consume its
 * argument(s) with va_arg(*ap, ...) and append to b. */
typedef void (*SbExtFn)(StrBuf *b, char conv, va_list *ap, void *user);
void sb_vformat(StrBuf *b, const char *fmt, va_list *ap,
                const char *ext_letters, SbExtFn ext, void *user);

/* ---- hash map: uint64 key -> void* value (open addressing) -------------- */
typedef struct U64Map {
  uint64_t *keys;
  void **vals;   /* NULL value == empty slot */
  size_t cap, len;
} U64Map;

void *u64map_get(const U64Map *m, uint64_t key);
void u64map_put(U64Map *m, uint64_t key, void *val); /* val must be non-NULL */
bool u64map_remove(U64Map *m, uint64_t key);
void u64map_free(U64Map *m);

/* ---- files --------------------------------------------------------------- */
/* Reads a whole file ("-" = stdin).  Returns malloc'd NUL-terminated buffer
 * and its length, or NULL with errno set. */
char *read_file(const char *path, size_t *len);

#endif
