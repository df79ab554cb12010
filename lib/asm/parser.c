/* parser.c — the MLIR text parser proper: token handling and diagnostics,
 * SSA value and block name scopes with forward references, generic and
 * custom-syntax operations, regions and blocks, trailing locations (with
 * location aliases defined later in the file), the top level (aliases,
 * file metadata, the implicit builtin.module) and the operand / argument /
 * region / successor part of the hook API.
 *
 * It follows mlir/lib/AsmParser/Parser.cpp closely, including its error
 * wording and positions, so that `-verify-diagnostics` tests written for
 * mlir-opt hold for ctile-opt. */
#include "asm/parser_internal.h"

#include <ctype.h>
#include <stdlib.h>

/* For the slow halves of inline fast paths: kept out of line so that the
 * fast path needs no saved registers. */
#if defined(__GNUC__)
#define PSSA_NOINLINE __attribute__((noinline))
#define PSSA_INLINE __attribute__((always_inline)) inline
#else
#define PSSA_NOINLINE
#define PSSA_INLINE inline
#endif

/* ======================================================================== */
/* String map                                                                */
/* ======================================================================== */

uint32_t asm_str_hash(const char *s, size_t n) { return ptext_hash(s, n); }

void *strmap_get(const StrMap *m, const char *s, size_t n, uint32_t h) {
  if (!m->cap) return NULL;
  size_t mask = m->cap - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    const StrMapSlot *e = &m->slots[i];
    if (!e->s) return NULL;
    if (e->h == h && e->n == n && memcmp(e->s, s, n) == 0) return e->v;
  }
}

static void strmap_grow(StrMap *m) {
  StrMap nm = {0};
  nm.cap = m->cap ? m->cap * 2 : 16;
  nm.slots = xcalloc(nm.cap, sizeof *nm.slots);
  for (size_t i = 0; i < m->cap; i++)
    if (m->slots[i].s) {
      StrMapSlot *e = &m->slots[i];
      size_t j = e->h & (nm.cap - 1);
      while (nm.slots[j].s) j = (j + 1) & (nm.cap - 1);
      nm.slots[j] = *e;
      nm.len++;
    }
  free(m->slots);
  *m = nm;
}

void strmap_put(StrMap *m, const char *s, size_t n, uint32_t h, void *v) {
  if ((m->len + 1) * 4 > m->cap * 3) strmap_grow(m);
  size_t mask = m->cap - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    StrMapSlot *e = &m->slots[i];
    if (!e->s) {
      *e = (StrMapSlot){s, (uint32_t)n, h, v};
      m->len++;
      return;
    }
    if (e->h == h && e->n == n && memcmp(e->s, s, n) == 0) {
      e->v = v;
      return;
    }
  }
}

void strmap_free(StrMap *m) {
  free(m->slots);
  memset(m, 0, sizeof *m);
}

/* ======================================================================== */
/* Tokens and diagnostics                                                   */
/* ======================================================================== */

static bool recent_sym_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '$' || c == '.' || c == '-';
}

/* The 2-entry set of r[0..n) for a text whose first 8 bytes are `w`. */
static size_t recent_set(uint64_t w, size_t n) {
  return (size_t)(((w * 0x9E3779B97F4A7C15ull) >> 40) & (n / 2 - 1)) * 2;
}

const void *asm_recent_find(const AsmParser *p, const AsmRecentText *r, size_t n,
                            const char *start, const char **ext) {
  size_t avail = (size_t)(p->lex.end - start);
  if (avail < 8) return NULL; /* shorter texts are never recorded */
  uint64_t w;
  memcpy(&w, start, 8);
  size_t set = recent_set(w, n);
  for (size_t i = set; i < set + 2; i++) {
    const char *s = r[i].s;
    size_t len = r[i].n;
    if (!s || len > avail || s < p->lex.buf || s + len > p->lex.end) continue;
    uint64_t sw;
    memcpy(&sw, s, 8);
    if (sw != w || memcmp(s + 8, start + 8, len - 8) != 0) continue;
    if (r[i].ident_end && len < avail && (recent_sym_char(start[len]) || start[len] == '<'))
      continue;
    *ext = start + len;
    return r[i].v;
  }
  return NULL;
}

void asm_recent_put(AsmRecentText *r, size_t n, unsigned *next, const char *start,
                    const char *ext, const void *v) {
  if (ext - start < 8 || (size_t)(ext - start) > UINT32_MAX) return;
  uint64_t w;
  memcpy(&w, start, 8);
  AsmRecentText *e = &r[recent_set(w, n) + ((*next)++ & 1)];
  e->s = start;
  e->n = (uint32_t)(ext - start);
  e->ident_end = recent_sym_char(ext[-1]);
  e->v = v;
}

bool pexpect_fail(AsmParser *p, const char *msg) { return perr_wrong(p, "%s", msg); }


const IrLoc *ploc(AsmParser *p, const char *ptr) { return asm_lexer_loc(&p->lex, ptr); }

/* Position for an error "at the current token": one character back at EOF. */
static const char *cur_err_ptr(AsmParser *p) {
  const char *ptr = p->tok.ptr;
  if (p->tok.kind == TOK_EOF && ptr > p->lex.buf) ptr--;
  return ptr;
}

static IrDiag *pdiag_v(AsmParser *p, const char *ptr, const char *prefix,
                       const char *fmt, va_list ap) {
  if (p->tok.kind == TOK_ERROR) return NULL; /* the lexer reported it */
  IrDiag *d = ir_diag_new(p->ctx, IR_SEV_ERROR, ploc(p, ptr));
  if (prefix) ir_diag_append(p->ctx, d, "custom op '%s' ", prefix);
  ir_diag_vappend(p->ctx, d, fmt, ap);
  return d;
}

IrDiag *pdiag_at(AsmParser *p, const char *ptr, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IrDiag *d = pdiag_v(p, ptr, NULL, fmt, ap);
  va_end(ap);
  return d;
}

void pdiag_note(AsmParser *p, IrDiag *d, const char *ptr, const char *fmt, ...) {
  if (!d) return;
  IrDiag *n = ir_diag_add_note(p->ctx, d, ploc(p, ptr), "%s", "");
  va_list ap;
  va_start(ap, fmt);
  ir_diag_vappend(p->ctx, n, fmt, ap);
  va_end(ap);
}

/* Levenshtein distance of a[0..na) and b[0..nb), or `limit + 1` when it is
 * larger than `limit` (names longer than 128 bytes are never close). */
static size_t edit_distance(const char *a, size_t na, const char *b, size_t nb, size_t limit) {
  if (na > 128 || nb > 128) return limit + 1;
  if ((na > nb ? na - nb : nb - na) > limit) return limit + 1;
  size_t row[129];
  for (size_t j = 0; j <= nb; j++) row[j] = j;
  for (size_t i = 1; i <= na; i++) {
    size_t diag = row[0], best = row[0] = i;
    for (size_t j = 1; j <= nb; j++) {
      size_t up = row[j];
      size_t v = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < v) v = up + 1;
      if (row[j - 1] + 1 < v) v = row[j - 1] + 1;
      row[j] = v;
      diag = up;
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
  }
  return row[nb];
}

/* The registered op of dialect `d` whose mnemonic is closest to `mn` (the
 * unknown op name without its dialect prefix), or NULL when none is close
 * enough: at most a third of the mnemonic's length (at least 1, at most 3)
 * edits.  Ties go to the first op in the dialect's table. */
const char *asm_closest_op_name(const IrDialect *d, const char *mn, size_t n) {
  if (!d || !n) return NULL;
  size_t limit = n / 3;
  if (limit < 1) limit = 1;
  if (limit > 3) limit = 3;
  size_t plen = strlen(d->name) + 1; /* "dialect." */
  const char *best = NULL;
  size_t best_d = limit + 1;
  for (size_t i = 0; i < d->nops && best_d > 0; i++) {
    const char *full = d->ops[i].name;
    if (strncmp(full, d->name, plen - 1) != 0 || full[plen - 1] != '.') continue;
    size_t dist = edit_distance(mn, n, full + plen, strlen(full + plen), best_d - 1);
    if (dist < best_d) {
      best_d = dist;
      best = full;
    }
  }
  return best;
}

/* Adds "did you mean 'dialect.op'?" to d for an unknown op `mn` of dialect
 * `dname` (a note at the op name). */
static void note_did_you_mean(AsmParser *p, IrDiag *d, const char *at, const char *dname,
                              size_t dlen, const char *mn, size_t n) {
  const char *best = asm_closest_op_name(ir_lookup_dialect(p->ctx, dname, dlen), mn, n);
  if (best) pdiag_note(p, d, at, "did you mean '%s'?", best);
}

/* Expanded node count of a type / attribute (with multiplicity: a value
 * used twice counts twice), saturating past ASM_MAX_ALIAS_EXPANSION;
 * memoized per object in p->alias_size. */
static uint64_t xsize_attr(AsmParser *p, const IrAttr *a);
static uint64_t xsize_add(uint64_t a, uint64_t b) {
  uint64_t s = a + b;
  return s > ASM_MAX_ALIAS_EXPANSION ? ASM_MAX_ALIAS_EXPANSION + 1 : s;
}

static uint64_t xsize_type(AsmParser *p, const IrType *t) {
  if (!t) return 0;
  void *m = u64map_get(&p->alias_size, (uintptr_t)t);
  if (m) return (uint64_t)(uintptr_t)m - 1;
  uint64_t n = 1;
  for (uint32_t i = 0; i < t->ntypes; i++) n = xsize_add(n, xsize_type(p, t->types[i]));
  if (t->attr) n = xsize_add(n, xsize_attr(p, t->attr));
  u64map_put(&p->alias_size, (uintptr_t)t, (void *)(uintptr_t)(n + 1));
  return n;
}

static uint64_t xsize_attr(AsmParser *p, const IrAttr *a) {
  if (!a) return 0;
  void *m = u64map_get(&p->alias_size, (uintptr_t)a);
  if (m) return (uint64_t)(uintptr_t)m - 1;
  uint64_t n = xsize_add(1, a->ndata);
  for (uint32_t i = 0; i < a->nelems; i++) n = xsize_add(n, xsize_attr(p, a->elems[i]));
  n = xsize_add(n, xsize_type(p, a->type));
  u64map_put(&p->alias_size, (uintptr_t)a, (void *)(uintptr_t)(n + 1));
  return n;
}

bool asm_alias_use(AsmParser *p, const char *at, const IrAttr *a, const IrType *t) {
  p->alias_uses++;
  p->alias_nodes = xsize_add(p->alias_nodes, a ? xsize_attr(p, a) : xsize_type(p, t));
  if (p->alias_nodes <= ASM_MAX_ALIAS_EXPANSION) return true;
  const char *e = at;
  while (e < p->lex.end && (isalnum((unsigned char)*e) || *e == '_' || *e == '$' || *e == '.' ||
                            *e == '#' || *e == '!' || *e == '-'))
    e++;
  return perr_at(p, at,
                 "alias '%.*s' expands to too large a value: alias uses in this text expand to "
                 "more than %llu attribute and type nodes",
                 (int)(e - at), at, (unsigned long long)ASM_MAX_ALIAS_EXPANSION);
}

void pdiag_emit(AsmParser *p, IrDiag *d) {
  if (d) ir_diag_emit(p->ctx, d);
}

bool perr_at(AsmParser *p, const char *ptr, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IrDiag *d = pdiag_v(p, ptr, NULL, fmt, ap);
  va_end(ap);
  pdiag_emit(p, d);
  return false;
}

bool perr(AsmParser *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IrDiag *d = pdiag_v(p, cur_err_ptr(p), NULL, fmt, ap);
  va_end(ap);
  pdiag_emit(p, d);
  return false;
}

/* MLIR's emitWrongTokenError: when the unexpected token starts a line, the
 * error goes at the end of the previous non-blank line (before a `//`
 * comment on it), where the missing token belongs. */
static const char *wrong_token_ptr(AsmParser *p) {
  const char *buf = p->lex.buf;
  const char *loc = cur_err_ptr(p);
  const char *end = loc; /* exclusive end of the text we back up through */
  for (;;) {
    while (end > buf && (end[-1] == ' ' || end[-1] == '\t')) end--;
    if (end == buf) return loc;
    if (end[-1] != '\n' && end[-1] != '\r') return end;
    end--; /* drop the newline */
    /* a `//` on the preceding line starts a comment: back up before it */
    const char *ls = end;
    while (ls > buf && ls[-1] != '\n' && ls[-1] != '\r') ls--;
    if (ls > buf) ls--; /* MLIR keeps the newline in the searched line */
    for (const char *q = ls; q + 1 < end; q++)
      if (q[0] == '/' && q[1] == '/') {
        end = q;
        break;
      }
  }
}

bool perr_wrong(AsmParser *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IrDiag *d = pdiag_v(p, wrong_token_ptr(p), NULL, fmt, ap);
  va_end(ap);
  pdiag_emit(p, d);
  return false;
}

/* penter at the watch mark: the limit's error, or a new deepest level of
 * the nesting being measured (see ppeak_begin). */
bool penter_slow(AsmParser *p) {
  if (p->depth >= ASM_MAX_DEPTH)
    return perr(p, "nesting depth exceeds the limit of %d", ASM_MAX_DEPTH);
  p->depth++;
  if (p->depth > p->depth_peak) p->depth_peak = p->depth;
  pwatch_update(p);
  return true;
}

/* ======================================================================== */
/* SSA value scopes                                                          */
/* ======================================================================== */

/* The key of name s[0..n) (see ValKey).  Names are slices of the buffer:
 * where 8 bytes can be read, one load and a mask make the word. */
static inline ValKey val_key(const AsmParser *p, const char *s, uint32_t n) {
  uint64_t w = 0;
  if (s >= p->lex.buf && (size_t)(p->lex.end - s) >= 8) {
    memcpy(&w, s, 8);
    if (n < 8) w &= ((uint64_t)1 << (8 * n)) - 1;
  } else {
    for (uint32_t i = 0; i < n && i < 8; i++) w |= (uint64_t)(unsigned char)s[i] << (8 * i);
  }
  uint32_t h = n <= 8 ? (uint32_t)(((w ^ n) * 0x9E3779B97F4A7C15ull) >> 32)
                      : ptext_hash(s, n);
  return (ValKey){w, (h << 8) | (n < 255 ? n : 255)};
}

static uint32_t pool_alloc(ValMap *m) {
  if (m->free.len) return vec_pop(&m->free);
  if (m->pool_len == m->pool_cap) {
    m->pool_cap = m->pool_cap ? m->pool_cap * 2 : 64;
    m->pool = xrealloc(m->pool, m->pool_cap * sizeof *m->pool);
  }
  return m->pool_len++;
}

static void pool_release(ValMap *m, uint32_t idx) {
  ValEntry *e = &m->pool[idx];
  if (e->cap > 1) {
    free(e->many);
    m->nmany--;
  }
  e->name = NULL;
  e->cap = 0;
  vec_push(&m->free, idx);
}

static void valmap_grow(ValMap *m) {
  size_t ncap = m->cap ? m->cap * 2 : 64;
  ValSlot *ns = xcalloc(ncap, sizeof *ns);
  for (size_t i = 0; i < m->cap; i++)
    if (m->slots[i].idx) {
      size_t j = (m->slots[i].hl >> 8) & (ncap - 1);
      while (ns[j].idx) j = (j + 1) & (ncap - 1);
      ns[j] = m->slots[i];
    }
  free(m->slots);
  m->slots = ns;
  m->cap = ncap;
}

/* The slot of a name, or of the empty slot ending its probe (*found
 * false).  The table must have a slot (cap > 0). */
static inline size_t valmap_probe(const ValMap *m, const char *s, uint32_t n, ValKey k, bool *found) {
  size_t mask = m->cap - 1;
  for (size_t i = (k.hl >> 8) & mask;; i = (i + 1) & mask) {
    const ValSlot *e = &m->slots[i];
    if (!e->idx) {
      *found = false;
      return i;
    }
    if (e->w == k.w && e->hl == k.hl) {
      const ValEntry *v = &m->pool[e->idx - 1];
      if (n <= 8 || (v->len == n && bytes_eq(v->name + 8, s + 8, n - 8))) {
        *found = true;
        return i;
      }
    }
  }
}

static ValEntry *valmap_find(const AsmParser *p, ValMap *m, const char *s, uint32_t n) {
  if (!m->cap) return NULL;
  bool found;
  size_t i = valmap_probe(m, s, n, val_key(p, s, n), &found);
  return found ? &m->pool[m->slots[i].idx - 1] : NULL;
}

/* Inserts a name known to be absent, its probe ending at empty slot i (the
 * table must have room: see valmap_room). */
static ValEntry *valmap_insert_at(ValMap *m, size_t i, const char *s, uint32_t n, ValKey k) {
  uint32_t idx = pool_alloc(m);
  ValEntry *e = &m->pool[idx];
  *e = (ValEntry){.name = s, .len = n};
  m->slots[i] = (ValSlot){k.w, k.hl, idx + 1};
  m->len++;
  return e;
}

/* Whether one more name fits without growing the table (at most half full:
 * short probe chains for the lookups of every operand). */
static inline bool valmap_room(const ValMap *m) { return (m->len + 1) * 2 <= m->cap; }

/* Finds or inserts the entry of a name with key k (the pointer is valid
 * until the next insertion). */
static ValEntry *valmap_get(ValMap *m, const char *s, uint32_t n, ValKey k) {
  if (!valmap_room(m)) valmap_grow(m);
  bool found;
  size_t i = valmap_probe(m, s, n, k, &found);
  if (found) return &m->pool[m->slots[i].idx - 1];
  return valmap_insert_at(m, i, s, n, k);
}

/* Removes a name (backward-shift deletion keeps probe chains intact). */
static void valmap_remove(ValMap *m, const char *s, uint32_t n, ValKey k) {
  if (!m->cap) return;
  bool found;
  size_t i = valmap_probe(m, s, n, k, &found), j = i;
  if (!found) return;
  pool_release(m, m->slots[i].idx - 1);
  size_t mask = m->cap - 1;
  for (;;) {
    j = (j + 1) & mask;
    if (!m->slots[j].idx) break;
    size_t h = (m->slots[j].hl >> 8) & mask;
    bool stays = (i <= j) ? (i < h && h <= j) : (i < h || h <= j);
    if (!stays) {
      m->slots[i] = m->slots[j];
      i = j;
    }
  }
  m->slots[i] = (ValSlot){0};
  m->len--;
}

/* Empties the map, keeping its storage (the names of a whole region going
 * out of scope at once). */
static void valmap_clear(ValMap *m) {
  for (uint32_t i = 0; m->nmany && i < m->pool_len; i++)
    if (m->pool[i].name && m->pool[i].cap > 1) {
      free(m->pool[i].many);
      m->nmany--;
    }
  m->pool_len = 0;
  m->free.len = 0;
  if (m->len) memset(m->slots, 0, m->cap * sizeof *m->slots);
  m->len = 0;
}

static void valmap_free(ValMap *m) {
  for (uint32_t i = 0; i < m->pool_len; i++)
    if (m->pool[i].name && m->pool[i].cap > 1) free(m->pool[i].many);
  free(m->pool);
  vec_free(&m->free);
  free(m->slots);
  memset(m, 0, sizeof *m);
}

static ValDef *ve_slot(ValEntry *e, uint32_t i) { return e->cap <= 1 ? &e->one : &e->many[i]; }

/* Makes slots [0, n) of an entry of m exist (new ones empty). */
static void ve_ensure(ValMap *m, ValEntry *e, uint32_t n) {
  if (n <= e->n) return;
  if (n == 1) {
    e->one = (ValDef){0};
    e->cap = 1;
  } else if (e->cap <= 1) {
    uint32_t cap = n < 4 ? 4 : n;
    ValDef *many = xcalloc(cap, sizeof *many);
    if (e->n == 1) many[0] = e->one;
    e->many = many;
    e->cap = cap;
    m->nmany++;
  } else if (n > e->cap) {
    uint32_t cap = e->cap * 2 > n ? e->cap * 2 : n;
    e->many = xrealloc(e->many, cap * sizeof *e->many);
    memset(e->many + e->cap, 0, (cap - e->cap) * sizeof *e->many);
    e->cap = cap;
  }
  e->n = n;
}

static void push_scope(AsmParser *p, bool isolated) {
  vec_push(&p->rscopes, ((RegionScope){0}));
  if (isolated || !p->iso.len) vec_push(&p->iso, ((IsoScope){0}));
  vec_push(&vec_last(&p->iso).starts, p->defnames.len);
  p->vals = &vec_last(&p->iso).values;
}

static int cmp_ptr_pair(const void *a, const void *b) {
  const char *x = *(const char *const *)a, *y = *(const char *const *)b;
  return (x > y) - (x < y);
}

static void free_region_scope(RegionScope *rs, bool destroy_forward) {
  if (destroy_forward)
    for (size_t i = 0; i < rs->defs.len; i++)
      if (rs->defs.data[i].forward) ir_block_destroy(rs->defs.data[i].block);
  strmap_free(&rs->names);
  vec_free(&rs->defs);
}

/* Pops a region scope: undefined forward-referenced blocks are errors
 * ("reference to an undefined block", in source order); the names defined
 * in it leave the enclosing isolated scope. */
static bool pop_scope(AsmParser *p) {
  RegionScope *rs = &vec_last(&p->rscopes);
  bool ok = true;
  if (rs->nforward) {
    typedef struct { const char *loc; IrBlock *b; } Fwd;
    Fwd *v = xmalloc(rs->nforward * sizeof *v);
    size_t n = 0;
    for (size_t i = 0; i < rs->defs.len; i++)
      if (rs->defs.data[i].forward) {
        v[n++] = (Fwd){rs->defs.data[i].loc, rs->defs.data[i].block};
        vec_push(&p->dead_blocks, rs->defs.data[i].block);
        rs->defs.data[i].forward = false;
      }
    qsort(v, n, sizeof *v, cmp_ptr_pair);
    for (size_t i = 0; i < n; i++) perr_at(p, v[i].loc, "reference to an undefined block");
    free(v);
    ok = false;
  }
  free_region_scope(rs, false);
  p->rscopes.len--;

  IsoScope *is = &vec_last(&p->iso);
  size_t start = vec_pop(&is->starts);
  if (is->starts.len == 0) {
    valmap_free(&is->values);
    vec_free(&is->starts);
    p->iso.len--;
    p->vals = p->iso.len ? &vec_last(&p->iso).values : NULL;
  } else if (start == 0 && !p->nunresolved) {
    /* every name in the map was defined in this scope (a use of an
     * undefined name would have left a placeholder): drop them at once */
    valmap_clear(&is->values);
  } else {
    for (size_t i = start; i < p->defnames.len; i++) {
      DefName *d = &p->defnames.data[i];
      valmap_remove(&is->values, d->name, d->len, d->key);
    }
  }
  p->defnames.len = start;
  return ok;
}

static inline bool is_placeholder(const IrValue *v) { return !v->def && !ir_value_arg_block(v); }

/* A forward reference: an argument-sized value owned by no block. */
static IrValue *new_placeholder(AsmParser *p, const IrType *t, const char *loc) {
  IrValue *v = &((IrBlockArg *)xcalloc(1, sizeof(IrBlockArg)))->value;
  v->type = t;
  ((IrBlockArg *)v)->argno = (uint32_t)p->placeholders.len;
  vec_push(&p->placeholders, ((Placeholder){v, loc}));
  p->nunresolved++;
  return v;
}

static void free_placeholder(AsmParser *p, IrValue *v) {
  p->placeholders.data[((IrBlockArg *)v)->argno].v = NULL;
  p->nunresolved--;
  while (v->uses) ir_use_set(v->uses, NULL);
  free(v);
}

/* Result numbers above this cannot be defined by the input: slots are not
 * allocated for them (no allocation proportional to a literal's value). */
static size_t number_bound(const AsmParser *p) {
  return (size_t)(p->lex.end - p->lex.buf) + 65536;
}

/* Resolves `%name#number` to a value of type t, creating a placeholder for
 * a forward reference (MLIR's resolveSSAUse).  resolve_ssa_slow is the whole
 * of it; resolve_ssa (below) answers the usual case, a use of a value
 * defined with that type, without a call and leaves the rest to it. */
static PSSA_NOINLINE IrValue *resolve_ssa_slow(AsmParser *p, const char *name, uint32_t len, unsigned number,
                            const char *loc, const IrType *t) {
  if (!p->iso.len) {
    perr_at(p, loc, "use of undeclared SSA value name");
    return NULL;
  }
  ValEntry *e = valmap_get(p->vals, name, len, val_key(p, name, len));
  if (number < e->n && ve_slot(e, number)->v) {
    ValDef *d = ve_slot(e, number);
    if (d->v->type == t) return d->v;
    IrDiag *dg = pdiag_at(p, loc,
                          "use of value '%%%.*s' expects different type than prior uses: '%T' vs '%T'",
                          (int)len, name, t, d->v->type);
    pdiag_note(p, dg, d->loc, "prior use here");
    pdiag_emit(p, dg);
    return NULL;
  }
  if (e->n && ve_slot(e, 0)->v && !is_placeholder(ve_slot(e, 0)->v)) {
    perr_at(p, loc, "reference to invalid result number");
    return NULL;
  }
  IrValue *v = new_placeholder(p, t, loc);
  /* A result number past anything the input could define never resolves;
   * don't allocate slots for it (it is reported as undeclared at the end). */
  if ((size_t)number < number_bound(p)) {
    ve_ensure(p->vals, e, number + 1);
    *ve_slot(e, number) = (ValDef){v, loc};
  }
  return v;
}

/* The key of a name of 1 to 8 bytes that starts at least 8 bytes before the
 * end of the buffer (one load), or false: val_key is the general form. */
static PSSA_INLINE bool val_key_short(const AsmParser *p, const char *s, uint32_t n, ValKey *k) {
  if (n - 1 >= 8 || s < p->lex.buf || (size_t)(p->lex.end - s) < 8) return false;
  uint64_t w;
  memcpy(&w, s, 8);
  w &= ~(uint64_t)0 >> (64 - 8 * n);
  uint32_t h = (uint32_t)(((w ^ n) * 0x9E3779B97F4A7C15ull) >> 32);
  *k = (ValKey){w, (h << 8) | n};
  return true;
}

/* The entry of a short name (key from val_key_short: the key alone decides
 * equality), or NULL when it is not in the table (*slot: the empty slot its
 * probe ended at).  The table must have a slot. */
static PSSA_INLINE ValEntry *valmap_find_short(const ValMap *m, ValKey k, size_t *slot) {
  size_t mask = m->cap - 1;
  for (size_t i = (k.hl >> 8) & mask;; i = (i + 1) & mask) {
    const ValSlot *e = &m->slots[i];
    if (!e->idx) {
      *slot = i;
      return NULL;
    }
    if (e->w == k.w && e->hl == k.hl) return &m->pool[e->idx - 1];
  }
}

/* resolve_ssa's usual case: result 0 or n of a short name defined with type
 * t; NULL for anything else (then resolve_ssa_slow decides). */
static PSSA_INLINE IrValue *resolve_ssa_fast(const AsmParser *p, const char *name, uint32_t len,
                                        unsigned number, const IrType *t) {
  const ValMap *m = p->vals;
  ValKey k;
  if (!m || !m->cap || !val_key_short(p, name, len, &k)) return NULL;
  size_t slot;
  ValEntry *e = valmap_find_short(m, k, &slot);
  if (!e || number >= e->n) return NULL;
  IrValue *v = e->cap <= 1 ? e->one.v : e->many[number].v;
  return v && v->type == t ? v : NULL;
}

static inline IrValue *resolve_ssa(AsmParser *p, const char *name, uint32_t len,
                                   unsigned number, const char *loc, const IrType *t) {
  IrValue *v = resolve_ssa_fast(p, name, len, number, t);
  return v ? v : resolve_ssa_slow(p, name, len, number, loc, t);
}

IrValue *pssa_peek(AsmParser *p, const char *name, uint32_t len, unsigned number) {
  ValMap *m = p->vals;
  if (!m || !m->cap || !len) return NULL;
  ValKey k;
  size_t slot;
  ValEntry *e = val_key_short(p, name, len, &k) ? valmap_find_short(m, k, &slot)
                                                : valmap_find(p, m, name, len);
  if (!e || number >= e->n) return NULL;
  return ve_slot(e, number)->v;
}

bool pssa_is_placeholder(const IrValue *v) { return is_placeholder(v); }

IrValue *pssa_peek_typed(AsmParser *p, const char *name, uint32_t len, unsigned number,
                         const IrType *t) {
  IrValue *v = pssa_peek(p, name, len, number);
  return v && v->type == t && !is_placeholder(v) ? v : NULL;
}

/* Binds `%name#number` to v (MLIR's addDefinition).  define_ssa_slow is the
 * whole of it; define_ssa (below) does the usual case, result 0 of a name
 * not in the table, inline. */
static PSSA_NOINLINE bool define_ssa_slow(AsmParser *p, const char *name, uint32_t len, unsigned number,
                            const char *loc, IrValue *v) {
  ValKey key = val_key(p, name, len);
  ValEntry *e = valmap_get(p->vals, name, len, key);
  ve_ensure(p->vals, e, number + 1);
  ValDef *d = ve_slot(e, number);
  if (d->v) {
    IrValue *old = d->v;
    if (!is_placeholder(old)) {
      IrDiag *dg = pdiag_at(p, loc, "redefinition of SSA value '%%%.*s'", (int)len, name);
      pdiag_note(p, dg, d->loc, "previously defined here");
      pdiag_emit(p, dg);
      return false;
    }
    if (old->type != v->type) {
      IrDiag *dg = pdiag_at(p, loc, "definition of SSA value '%%%.*s#%u' has type '%T'",
                            (int)len, name, number, v->type);
      pdiag_note(p, dg, d->loc, "previously used here with type '%T'", old->type);
      pdiag_emit(p, dg);
      return false;
    }
    ir_value_replace_all_uses(old, v);
    free_placeholder(p, old);
  }
  d->v = v;
  d->loc = loc;
  vec_push(&p->defnames, ((DefName){name, key, len}));
  return true;
}

/* define_ssa's usual case: result 0 of a short name not in the table, with
 * room in the table, the pool and p->defnames; false (nothing done) for
 * anything else. */
static PSSA_INLINE bool define_ssa_fast(AsmParser *p, const char *name, uint32_t len, unsigned number,
                                   const char *loc, IrValue *v) {
  ValMap *m = p->vals;
  ValKey k;
  if (number || !valmap_room(m) || (!m->free.len && m->pool_len == m->pool_cap) ||
      p->defnames.len == p->defnames.cap || !val_key_short(p, name, len, &k))
    return false;
  size_t slot = 0;
  if (valmap_find_short(m, k, &slot)) return false;
  uint32_t idx = m->free.len ? m->free.data[--m->free.len] : m->pool_len++;
  m->pool[idx] = (ValEntry){.name = name, .len = len, .n = 1, .cap = 1, .one = {v, loc}};
  m->slots[slot] = (ValSlot){k.w, k.hl, idx + 1};
  m->len++;
  p->defnames.data[p->defnames.len++] = (DefName){name, k, len};
  return true;
}

static PSSA_INLINE bool define_ssa(AsmParser *p, const char *name, uint32_t len, unsigned number,
                              const char *loc, IrValue *v) {
  return define_ssa_fast(p, name, len, number, loc, v) ||
         define_ssa_slow(p, name, len, number, loc, v);
}

/* Location of a definition or use of `%name#number` in the current
 * isolated scope (MLIR's getReferenceLoc). */
static const char *ssa_reference_loc(AsmParser *p, const char *name, uint32_t len,
                                     unsigned number) {
  ValMap *m = p->vals;
  ValKey k;
  size_t slot;
  ValEntry *e = m->cap && val_key_short(p, name, len, &k) ? valmap_find_short(m, k, &slot)
                                                         : valmap_find(p, m, name, len);
  if (!e || number >= e->n || !ve_slot(e, number)->v) return NULL;
  return ve_slot(e, number)->loc;
}

/* ssa-use ::= ssa-id (`#` decimal)?  parse_ssa_use is the whole of it;
 * asm_parse_operand takes a name without `#` inline. */
static bool parse_ssa_use(AsmParser *p, AsmOperand *o, bool allow_number) {
  AsmToken t = p->tok;
  o->loc.ptr = t.ptr;
  o->name = (Str){t.ptr + 1, t.len ? t.len - 1 : 0};
  o->number = 0;
  if (!pexpect(p, TOK_PERCENT_ID, "expected SSA operand")) return false;
  if (ptok(p, TOK_HASH_ID)) {
    if (!allow_number) return perr(p, "result number not allowed in argument list");
    uint64_t v = 0;
    bool ok = p->tok.len > 1;
    for (uint32_t i = 1; ok && i < p->tok.len; i++) {
      char c = p->tok.ptr[i];
      if (c < '0' || c > '9') ok = false;
      else v = v * 10 + (uint64_t)(c - '0');
      if (v > UINT32_MAX) ok = false;
    }
    if (!ok) return perr(p, "invalid SSA value result number");
    o->number = (unsigned)v;
    pnext(p);
  }
  return true;
}

static IrValue *resolve_operand(AsmParser *p, const AsmOperand *o, const IrType *t) {
  return resolve_ssa(p, o->name.s, (uint32_t)o->name.n, o->number, o->loc.ptr, t);
}

/* ======================================================================== */
/* Block names                                                               */
/* ======================================================================== */

static BlockDef *block_def(AsmParser *p, const char *name, uint32_t len, bool create) {
  RegionScope *rs = &vec_last(&p->rscopes);
  uint32_t h = asm_str_hash(name, len);
  size_t idx = (size_t)(uintptr_t)strmap_get(&rs->names, name, len, h);
  if (idx) return &rs->defs.data[idx - 1];
  if (!create) return NULL;
  vec_push(&rs->defs, ((BlockDef){.name = name, .len = len}));
  strmap_put(&rs->names, name, len, h, (void *)(uintptr_t)rs->defs.len);
  return &vec_last(&rs->defs);
}

/* successor ::= caret-id */
static bool parse_successor(AsmParser *p, IrBlock **out) {
  if (!ptok(p, TOK_CARET_ID)) return perr_wrong(p, "expected block name");
  BlockDef *d = block_def(p, p->tok.ptr, p->tok.len, true);
  if (!d->block) {
    d->block = ir_block_new_in(p->ctx);
    d->forward = true;
    d->loc = p->tok.ptr;
    vec_last(&p->rscopes).nforward++;
  }
  *out = d->block;
  pnext(p);
  return true;
}

/* ======================================================================== */
/* Locations                                                                 */
/* ======================================================================== */

#define DEFERRED_LOC_FLAG 0xDEF0u

const IrLoc *deferred_loc(AsmParser *p, size_t index) {
  int64_t idx = (int64_t)index;
  const IrAttr *fallback = ir_unknown_loc(p->ctx);
  return ir_attr_unique(p->ctx, &(IrAttr){.def = &ir_opaque_loc_def, .flags = DEFERRED_LOC_FLAG,
                                          .nints = 1, .ints = &idx, .nelems = 1,
                                          .elems = &fallback});
}

bool loc_is_deferred(const IrLoc *l, size_t *index) {
  if (!l || l->def != &ir_opaque_loc_def || l->flags != DEFERRED_LOC_FLAG || l->nints != 1)
    return false;
  *index = (size_t)l->ints[0];
  return true;
}

/* location alias `#name` (no '.'): resolved now, or deferred to the end of
 * the file when the alias is defined later. */
static const IrLoc *parse_location_alias(AsmParser *p) {
  AsmToken t = p->tok;
  pnext(p);
  const char *name = t.ptr + 1;
  uint32_t len = t.len - 1;
  const IrAttr *a = strmap_get(&p->attr_aliases, name, len, asm_str_hash(name, len));
  if (a) {
    if (!ir_attr_is_loc(a)) {
      perr_at(p, t.ptr, "expected location, but found '%A'", a);
      return NULL;
    }
    return asm_alias_use(p, t.ptr, a, NULL) ? a : NULL;
  }
  vec_push(&p->deferred, ((DeferredLoc){t.ptr, name, len}));
  return deferred_loc(p, p->deferred.len - 1);
}

/* trailing-location ::= `loc` `(` (location | attribute-alias) `)` */
bool parse_optional_loc_specifier(AsmParser *p, const IrLoc **out) {
  if (!(ptok(p, TOK_BARE_ID) && p->tok.kw == KW_LOC)) return true;
  pnext(p);
  if (!pexpect(p, TOK_LPAREN, "expected '(' in location")) return false;
  const IrLoc *l;
  if (ptok(p, TOK_HASH_ID) && !memchr(p->tok.ptr, '.', p->tok.len))
    l = parse_location_alias(p);
  else
    l = parse_location_instance(p);
  if (!l) return false;
  if (!pexpect(p, TOK_RPAREN, "expected ')' in location")) return false;
  *out = l;
  return true;
}

/* An op's optional trailing `loc(...)`, replacing its source position. */
static bool parse_trailing_op_loc(AsmParser *p, IrOp *op) {
  if (!(ptok(p, TOK_BARE_ID) && p->tok.kw == KW_LOC)) return true;
  const IrLoc *l = NULL;
  if (!parse_optional_loc_specifier(p, &l)) return false;
  ir_op_set_loc(op, l);
  return true;
}

/* ======================================================================== */
/* Operations                                                                */
/* ======================================================================== */

static bool parse_region_impl(AsmParser *p, IrRegion *r, const AsmArgument *args, size_t nargs);
static bool parse_operation(AsmParser *p, IrBlock *block);

static OpFrame *frame_push(AsmParser *p) {
  if (p->op_depth == p->frames.len) {
    OpFrame *f = xcalloc(1, sizeof *f);
    vec_push(&p->frames, f);
  }
  return p->frames.data[p->op_depth++];
}

/* Readies a reused state (keeps its vectors' storage). */
/* `loc_bits`: the op's compact location (asm_lexer_lazy_loc). */
static void state_begin(IrOpState *st, IrContext *ctx, const IrOpInfo *info, uintptr_t loc_bits) {
  st->ctx = ctx;
  st->info = info;
  st->loc = NULL;
  st->loc_bits = loc_bits;
  st->operands.len = 0;
  st->result_types.len = 0;
  st->attrs.len = 0;
  st->props.len = 0;
  st->successors.len = 0;
  st->regions.len = 0;
}

/* Drops what a failed op left in its state. */
static void state_abort(IrOpState *st) {
  for (size_t i = 0; i < st->regions.len; i++) {
    IrRegion *r = st->regions.data[i];
    if (!r) continue;
    ir_region_clear(r);
    free(r);
  }
  st->regions.len = 0;
}

/* The default dialect for op names without a prefix (MLIR's
 * defaultDialectStack top: the innermost custom op being parsed). */
static const char *default_dialect(AsmParser *p) {
  return p->opstack.len ? vec_last(&p->opstack).default_dialect : "builtin";
}

const IrDialect *pstrip_dialect_slow(AsmParser *p) {
  if (p->strip_dialect) {
    /* the registry does not change during a parse: remember the last one */
    if (p->strip_dialect == p->strip_key) return p->strip_val;
    const IrDialect *d = ir_lookup_dialect(p->ctx, p->strip_dialect, strlen(p->strip_dialect));
    if (d && d->parse_type) {
      p->strip_key = p->strip_dialect;
      p->strip_val = d;
      return d;
    }
  }
  for (size_t i = p->opstack.len; i-- > 0;) {
    const char *dd = p->opstack.data[i].default_dialect;
    if (!*dd) continue;
    const IrDialect *d = ir_lookup_dialect(p->ctx, dd, strlen(dd));
    if (d && d->parse_type) return d;
  }
  return NULL;
}

/* Interned dialect prefix of an op name ("cuda_tile" for "cuda_tile.addi"). */
static const char *op_dialect(IrContext *ctx, const char *name) {
  const char *dot = strchr(name, '.');
  return ir_ident(ctx, name, dot ? (size_t)(dot - name) : strlen(name))->str;
}

static int cmp_cstr(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Registered dialect names, for the "Available dialects" note. */
typedef VEC(const char *) DialectNames;
static void collect_dialect_name(const IrDialect *d, void *user) {
  DialectNames *v = user;
  vec_push(v, d->name);
}

/* Sets the `<{...}>` dictionary as op's properties, merged with inherent
 * attributes ir_op_create moved there from the attribute dictionary. */
static bool attach_props(AsmParser *p, IrOp *op, const IrAttr *dict) {
  if (!op->props) {
    op->props = dict;
    return true;
  }
  IrNamedAttrVec all = {0};
  for (uint32_t i = 0; i < dict->nelems; i++)
    vec_push(&all, ((IrNamedAttr){dict->names[i], dict->elems[i]}));
  for (uint32_t i = 0; i < op->props->nelems; i++)
    vec_push(&all, ((IrNamedAttr){op->props->names[i], op->props->elems[i]}));
  const IrIdent *dup = NULL;
  const IrAttr *merged = ir_dict_attr(p->ctx, all.data, all.len, &dup);
  vec_free(&all);
  if (!merged)
    return ir_error(p->ctx, ir_op_loc(op), "attribute '%s' occurs more than once in the attribute list",
                    dup->str);
  op->props = merged;
  return true;
}

/* The op info of a generic op name seen before in this parse. */
static const IrOpInfo *opcache_get(AsmParser *p, const char *s, uint32_t n, unsigned *slot) {
  *slot = asm_str_hash(s, n) & 63;
  if (p->opcache[*slot].len == n && p->opcache[*slot].name && !memcmp(p->opcache[*slot].name, s, n))
    return p->opcache[*slot].info;
  return NULL;
}

/* generic-operation ::= string-literal `(` ssa-use-list? `)` successor-list?
 *                       (`<` properties `>`)? (`(` region-list `)`)?
 *                       attribute-dict? `:` function-type */

static IrOp *parse_generic_op(AsmParser *p, OpFrame *f, IrBlock *block) {
  IrContext *ctx = p->ctx;
  AsmToken nt = p->tok;
  const IrIdent *name;
  unsigned cslot = 0;
  const IrOpInfo *info = NULL;
  bool plain = asm_tok_string_is_plain(nt);
  if (plain && nt.len > 2 && (info = opcache_get(p, nt.ptr + 1, nt.len - 2, &cslot))) {
    pnext(p);
    goto have_info;
  }
  if (plain) {
    name = ir_ident(ctx, nt.ptr + 1, nt.len - 2);
  } else {
    StrBuf sb = {0};
    asm_tok_string_value(nt, &sb);
    name = ir_ident(ctx, sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
  }
  if (name->len == 0) {
    perr(p, "empty operation name is invalid");
    return NULL;
  }
  if (memchr(name->str, 0, name->len)) {
    perr(p, "null character not allowed in operation name");
    return NULL;
  }
  pnext(p);

  info = ir_op_info_find(ctx, name->str, name->len);
  if (!info) {
    const char *dot = memchr(name->str, '.', name->len);
    size_t dn = dot ? (size_t)(dot - name->str) : name->len;
    if (!ir_lookup_dialect(ctx, name->str, dn)) {
      if (!ir_ctx_allows_unregistered(ctx)) {
        perr(p, "operation being parsed with an unregistered dialect. If this is intended, "
                "please use -allow-unregistered-dialect with the MLIR tool used");
        return NULL;
      }
    } else {
      IrDiag *d = pdiag_at(p, nt.ptr,
                           "unregistered operation '%s' found in dialect ('%.*s') that does "
                           "not allow unknown operations",
                           name->str, (int)dn, name->str);
      if (d && dot)
        note_did_you_mean(p, d, nt.ptr, name->str, dn, dot + 1, name->len - dn - 1);
      pdiag_emit(p, d);
      return NULL;
    }
    info = ir_op_info_lookup(ctx, name->str, name->len);
  }
  if (plain) {
    p->opcache[cslot].name = info->name;
    p->opcache[cslot].len = name->len;
    p->opcache[cslot].info = info;
  }
have_info:;
  bool registered = !(info->traits & IR_TRAIT_UNREGISTERED);

  IrOpState *st = &f->st;
  state_begin(st, ctx, info, asm_lexer_lazy_loc(&p->lex, nt.ptr));
  f->operands.len = 0;

  if (!pexpect(p, TOK_LPAREN, "expected '(' to start operand list")) goto fail;
  if (ptok(p, TOK_PERCENT_ID)) {
    do {
      AsmOperand o = {0};
      if (!parse_ssa_use(p, &o, true)) goto fail;
      vec_push(&f->operands, o);
    } while (paccept(p, TOK_COMMA));
  }
  if (!pexpect(p, TOK_RPAREN, "expected ')' to end operand list")) goto fail;

  /* successor-list ::= `[` successor (`,` successor)* `]` */
  if (ptok(p, TOK_LSQUARE)) {
    if (registered && !(info->traits & IR_TRAIT_TERMINATOR)) {
      perr(p, "successors in non-terminator");
      goto fail;
    }
    pnext(p);
    if (ptok(p, TOK_RSQUARE)) {
      perr_wrong(p, "expected list element");
      goto fail;
    }
    do {
      IrBlock *b = NULL;
      if (!parse_successor(p, &b)) goto fail;
      vec_push(&st->successors, b);
    } while (paccept(p, TOK_COMMA));
    if (!pexpect(p, TOK_RSQUARE, "expected ',' or ']'")) goto fail;
  }

  const IrAttr *props_dict = NULL; /* attached after creation: no rebuild */
  if (paccept(p, TOK_LESS)) {
    const char *aloc = p->tok.ptr;
    const IrAttr *props = parse_attr(p, NULL);
    if (!props) goto fail;
    if (!pexpect(p, TOK_GREATER, "expected '>' to close properties")) goto fail;
    if (!ir_attr_is(props, &ir_dict_attr_def)) {
      perr_at(p, aloc, "invalid properties %A for op %s: expected DictionaryAttr to set properties",
              props, info->name);
      goto fail;
    }
    if (props->nelems) props_dict = props;
  }

  if (paccept(p, TOK_LPAREN)) {
    do {
      IrRegion *r = ir_op_state_add_region(st);
      if (!parse_region_impl(p, r, NULL, 0)) goto fail;
    } while (paccept(p, TOK_COMMA));
    if (!pexpect(p, TOK_RPAREN, "expected ')' to end region list")) goto fail;
  }

  if (ptok(p, TOK_LBRACE) && !parse_attr_dict(p, &st->attrs)) goto fail;

  if (!pexpect(p, TOK_COLON, "expected ':' followed by operation type")) goto fail;
  const char *tloc = p->tok.ptr;
  const IrType *ft = parse_type(p);
  if (!ft) goto fail;
  if (!ir_type_is(ft, &ir_function_type_def)) {
    perr_at(p, tloc, "expected function type");
    goto fail;
  }
  size_t nin = ir_func_num_inputs(ft), nops = f->operands.len;
  if (nin != nops) {
    perr_at(p, tloc, "expected %zu operand type%s but had %zu", nops, nops == 1 ? "" : "s", nin);
    goto fail;
  }
  for (size_t i = 0; i < ir_func_num_results(ft); i++)
    vec_push(&st->result_types, ir_func_results(ft)[i]);
  for (size_t i = 0; i < nops; i++) {
    IrValue *v = resolve_operand(p, &f->operands.data[i], ir_func_inputs(ft)[i]);
    if (!v) goto fail;
    vec_push(&st->operands, v);
  }

  /* An op with default-valued properties takes them in the state:
   * ir_op_create's populate_defaults hook adds only the missing ones. */
  if (props_dict && (info->traits & IR_TRAIT_DEFAULT_PROPS)) {
    st->props_dict = props_dict;
    props_dict = NULL;
  }
  IrOp *op = ir_op_create(st);
  if (!op) goto fail;
  ir_block_append(block, op);
  if (props_dict && !attach_props(p, op, props_dict)) return NULL;
  if (!parse_trailing_op_loc(p, op)) return NULL;
  return op;

fail:
  state_abort(st);
  return NULL;
}

/* Checks a custom op's attributes for duplicate names (props and attrs):
 * the first name seen twice is reported.  A few names (the usual case) are
 * compared pairwise; more go through a map. */
static const IrIdent *state_attr_name(const IrOpState *st, size_t i) {
  return i < st->attrs.len ? st->attrs.data[i].name : st->props.data[i - st->attrs.len].name;
}

static bool check_duplicate_attrs(AsmParser *p, IrOpState *st, const char *loc) {
  size_t n = st->attrs.len + st->props.len;
  if (n < 2) return true;
  if (n <= 16) {
    for (size_t i = 1; i < n; i++) {
      const IrIdent *name = state_attr_name(st, i);
      for (size_t j = 0; j < i; j++)
        if (state_attr_name(st, j) == name) {
          IrDiag *d = ir_diag_new(p->ctx, IR_SEV_ERROR, ploc(p, loc));
          ir_diag_append(p->ctx, d, "custom op '%s' attribute '%s' occurs more than once in "
                                    "the attribute list", st->info->name, name->str);
          ir_diag_emit(p->ctx, d);
          return false;
        }
    }
    return true;
  }
  U64Map seen = {0};
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    const IrIdent *name = state_attr_name(st, i);
    if (u64map_get(&seen, (uintptr_t)name)) {
      IrDiag *d = ir_diag_new(p->ctx, IR_SEV_ERROR, ploc(p, loc));
      ir_diag_append(p->ctx, d, "custom op '%s' attribute '%s' occurs more than once in the "
                                "attribute list", st->info->name, name->str);
      ir_diag_emit(p->ctx, d);
      ok = false;
    }
    u64map_put(&seen, (uintptr_t)name, (void *)1);
  }
  u64map_free(&seen);
  return ok;
}

static IrOp *parse_custom_op_with(AsmParser *p, OpFrame *f, IrBlock *block, unsigned nresults,
                                  AsmToken nt, const struct AsmCustCache *c, bool lexed);

/* A hash of an op name s[0..n) (n >= 1) for the custom op name cache,
 * inline and reading only the name's bytes: its first and last 8 (or 4)
 * bytes and its length. */
static inline uint32_t op_name_hash(const char *s, uint32_t n) {
  uint64_t a, b;
  if (n >= 8) {
    memcpy(&a, s, 8);
    memcpy(&b, s + n - 8, 8);
  } else if (n >= 4) {
    uint32_t x, y;
    memcpy(&x, s, 4);
    memcpy(&y, s + n - 4, 4);
    a = x;
    b = y;
  } else {
    a = (unsigned char)s[0] | (uint64_t)(unsigned char)s[n / 2] << 8;
    b = (unsigned char)s[n - 1];
  }
  return (uint32_t)(((a * 0x9E3779B97F4A7C15ull) ^ ((b ^ n) * 0xC2B2AE3D27D4EB4Full)) >> 32);
}

/* custom-operation ::= bare-id custom-operation-format
 * The name is looked up as written, then (without a '.') in the default
 * dialect of the enclosing custom op; its parse hook fills the state. */
static IrOp *parse_custom_op(AsmParser *p, OpFrame *f, IrBlock *block, unsigned nresults) {
  IrContext *ctx = p->ctx;
  AsmToken nt = p->tok;
  /* Names seen before under the same default dialect skip the lookups (and
   * the token after the name is lexed only when the op memo misses). */
  const char *ddef = default_dialect(p);
  if (!p->custcache) p->custcache = xcalloc(ASM_CUST_CACHE, sizeof *p->custcache);
  unsigned cslot = (op_name_hash(nt.ptr, nt.len) ^ (unsigned)((uintptr_t)ddef >> 3) * 0x9E37u) &
                   (ASM_CUST_CACHE - 2);
  for (unsigned i = cslot; i < cslot + 2; i++) /* 2-way sets */
    if (p->custcache[i].len == nt.len && p->custcache[i].dd == ddef && p->custcache[i].name &&
        bytes_eq(p->custcache[i].name, nt.ptr, nt.len))
      return parse_custom_op_with(p, f, block, nresults, nt, &p->custcache[i], false);
  cslot += p->custcache_next++ & 1;
  const IrOpInfo *info = ir_op_info_find(ctx, nt.ptr, nt.len);
  if (!info) {
    const char *dot = memchr(nt.ptr, '.', nt.len);
    const char *dname;
    size_t dlen = 0;
    StrBuf full = {0};
    if (!dot) {
      dname = default_dialect(p);
      dlen = strlen(dname);
      sb_printf(&full, "%s.%.*s", dname, (int)nt.len, nt.ptr);
      info = ir_op_info_find(ctx, full.s, full.len);
    } else {
      dname = nt.ptr;
      dlen = (size_t)(dot - nt.ptr);
    }
    if (!info) {
      IrDiag *d;
      pnext(p); /* the token after the name, lexed (and reported) first as before */
      if (!ir_lookup_dialect(ctx, dname, dlen)) {
        d = pdiag_at(p, nt.ptr, "Dialect `%.*s' not found for custom op '%.*s' ", (int)dlen, dname,
                     (int)nt.len, nt.ptr);
        if (d && !dot) ir_diag_append(ctx, d, " (tried '%s' as well)", full.s);
        if (d) {
          DialectNames dn = {0};
          ir_ctx_for_each_dialect(ctx, collect_dialect_name, &dn);
          size_t nd = dn.len;
          const char **names = dn.data;
          if (nd) qsort(names, nd, sizeof *names, cmp_cstr);
          StrBuf nb = {0};
          for (size_t i = 0; i < nd; i++) sb_printf(&nb, "%s%s", i ? ", " : "", names[i]);
          pdiag_note(p, d, nt.ptr,
                     "Available dialects: %s ; for more info on dialect registration see "
                     "https://mlir.llvm.org/getting_started/Faq/"
                     "#registered-loaded-dependent-whats-up-with-dialects-management",
                     sb_cstr(&nb));
          sb_free(&nb);
          free(names);
        }
      } else {
        d = pdiag_at(p, nt.ptr, "custom op '%.*s' is unknown", (int)nt.len, nt.ptr);
        if (d && !dot) ir_diag_append(ctx, d, " (tried '%s' as well)", full.s);
        /* issue 17: the closest registered op of that dialect, if close */
        if (d) {
          const char *mn = dot ? dot + 1 : nt.ptr;
          note_did_you_mean(p, d, nt.ptr, dname, dlen, mn, nt.len - (size_t)(mn - nt.ptr));
        }
      }
      pdiag_emit(p, d);
      sb_free(&full);
      return NULL;
    }
    sb_free(&full);
  }
  const char *dialect = op_dialect(ctx, info->name);
  struct AsmCustCache *c = &p->custcache[cslot];
  /* The name's bytes from the op's registered name where they end it (the
   * full name, or the short form under a default dialect): a pointer into
   * the input would fault its page back in, long after the parser released
   * it, whenever a later op hits this entry. */
  size_t full = strlen(info->name);
  c->name = full >= nt.len && !memcmp(info->name + full - nt.len, nt.ptr, nt.len)
                ? info->name + full - nt.len
                : nt.ptr;
  c->len = nt.len;
  c->dd = ddef;
  c->info = info;
  c->dialect = dialect;
  c->parse = info->parse;
  if (!c->parse && info == &ir_builtin_module_info) c->parse = asm_builtin_module_parse;
  c->pmset = NULL;
  c->op_dd = info->default_dialect ? info->default_dialect
             : info == &ir_builtin_module_info ? "builtin" : "";
  return parse_custom_op_with(p, f, block, nresults, nt, c, false);
}

/* The rest of custom-operation once the name `nt` is resolved (c: its
 * cache entry: info, hook, the interned dialect prefix of its name, its
 * default dialect): the hook runs with that dialect's short type forms and
 * the op's default dialect.  lexed: the token after the name is current
 * (else the name still is, and the op memo is tried first). */
static IrOp *parse_custom_op_with(AsmParser *p, OpFrame *f, IrBlock *block, unsigned nresults,
                                  AsmToken nt, const struct AsmCustCache *c, bool lexed) {
  IrContext *ctx = p->ctx;
  const IrOpInfo *info = c->info;
  bool (*parse_fn)(AsmParser *, IrOpState *) = c->parse;
  IrOpState *st = &f->st;
  IrOp *op;
  if (!lexed) {
    /* A repeated op shape: the op from a template, the hook not run. */
    if (!p->opmemo_off && parse_fn && (op = pmemo_try(p, st, c, nresults, nt))) {
      ir_block_append(block, op);
      if (!parse_trailing_op_loc(p, op)) return NULL;
      return op;
    }
    pnext(p);
  }
  if (!parse_fn) {
    perr_at(p, nt.ptr, "custom op '%s' has no custom assembly form", info->name);
    return NULL;
  }

  state_begin(st, ctx, info, asm_lexer_lazy_loc(&p->lex, nt.ptr));
  PMemoSnap snap = {0};
  if (!p->opmemo_off) pmemo_begin(p, &snap);
  vec_push(&p->opstack, ((OpCtx){info, c->op_dd, nresults}));
  HookSave hs = {p->err_op, p->strip_dialect};
  p->err_op = info->name;
  p->strip_dialect = c->dialect;
  unsigned nerr = ir_ctx_num_errors(ctx);
  bool ok = parse_fn(p, st);
  phook_end(p, hs);
  p->opstack.len--;
  unsigned need = snap.on ? pmemo_measured(p, &snap) : 0;
  if (!ok || ir_ctx_num_errors(ctx) != nerr || !check_duplicate_attrs(p, st, nt.ptr)) {
    state_abort(st);
    return NULL;
  }
  bool plain = !st->regions.len && !st->successors.len;
  op = ir_op_create(st);
  if (!op) {
    state_abort(st);
    return NULL;
  }
  if (snap.on && plain) pmemo_record(p, &snap, need, c, nresults, nt, st, op);
  ir_block_append(block, op);
  if (!parse_trailing_op_loc(p, op)) return NULL;
  return op;
}

/* operation     ::= op-result-list? (generic-operation | custom-operation)
 *                   trailing-location?
 * op-result-list ::= op-result (`,` op-result)* `=`
 * op-result      ::= ssa-id (`:` integer-literal)? */
static bool parse_operation_in(AsmParser *p, OpFrame *f, IrBlock *block) {
  const char *stmt = p->tok.ptr;
  size_t nexpected = 0;
  f->results.len = 0;
  if (ptok(p, TOK_PERCENT_ID)) {
    do {
      AsmToken t = p->tok;
      if (!pexpect(p, TOK_PERCENT_ID, "expected valid ssa identifier")) return false;
      uint64_t count = 1;
      if (paccept(p, TOK_COLON)) {
        if (!ptok(p, TOK_INTEGER)) return perr_wrong(p, "expected integer number of results");
        uint64_t v = 0;
        if (!asm_tok_uint64(p->tok, &v) || v < 1)
          return perr(p, "expected named operation to have at least 1 result");
        if (v > UINT32_MAX) v = UINT32_MAX;
        pnext(p);
        count = v;
      }
      vec_push(&f->results, ((ResultRec){t.ptr + 1, t.len - 1, (uint32_t)count, t.ptr}));
      nexpected += count;
    } while (paccept(p, TOK_COMMA));
    if (!pexpect(p, TOK_EQUAL, "expected '=' after SSA name")) return false;
  }

  IrOp *op;
  if (ptok(p, TOK_BARE_ID))
    op = parse_custom_op(p, f, block, (unsigned)(nexpected > UINT32_MAX ? UINT32_MAX : nexpected));
  else if (ptok(p, TOK_STRING))
    op = parse_generic_op(p, f, block);
  else
    return perr_wrong(p, "expected operation name in quotes");
  if (!op) return false;

  if (f->results.len) {
    if (op->nresults == 0) return perr_at(p, stmt, "cannot name an operation with no results");
    if (nexpected != op->nresults)
      return perr_at(p, stmt, "operation defines %u results but was provided %zu to bind",
                     op->nresults, nexpected);
    unsigned ri = 0;
    for (size_t i = 0; i < f->results.len; i++) {
      ResultRec *r = &f->results.data[i];
      for (uint32_t k = 0; k < r->count; k++)
        if (!define_ssa(p, r->name, r->len, k, r->loc, ir_op_result(op, ri++))) return false;
    }
  }
  return true;
}

static bool parse_operation(AsmParser *p, IrBlock *block) {
  if (!penter(p)) return false;
  OpFrame *f = frame_push(p);
  bool ok = parse_operation_in(p, f, block);
  p->op_depth--;
  pleave(p);
  return ok;
}

/* ======================================================================== */
/* Blocks and regions                                                        */
/* ======================================================================== */

/* block-arg-list ::= `(` (ssa-id `:` type trailing-location?)
 *                        (`,` ssa-id `:` type trailing-location?)* `)` */
static bool parse_block_arg_list(AsmParser *p, IrBlock *b) {
  bool existing = b->nargs != 0;
  unsigned next = 0;
  if (!pexpect(p, TOK_LPAREN, "expected '('")) return false;
  if (paccept(p, TOK_RPAREN)) return true;
  do {
    AsmOperand o = {0};
    if (!parse_ssa_use(p, &o, true)) return false;
    if (o.number >= number_bound(p))
      return perr_at(p, o.loc.ptr, "invalid SSA value result number");
    if (!pexpect(p, TOK_COLON, "expected ':' and type for SSA operand")) return false;
    const IrType *t = parse_type(p);
    if (!t) return false;
    IrValue *arg;
    if (existing) {
      if (next >= b->nargs) return perr(p, "too many arguments specified in argument list");
      arg = b->args[next++];
      if (arg->type != t) return perr(p, "argument and block argument type mismatch");
    } else {
      arg = ir_block_add_arg_lazy(b, t, p->ctx, asm_lexer_lazy_loc(&p->lex, o.loc.ptr));
    }
    if (ptok(p, TOK_BARE_ID) && p->tok.kw == KW_LOC) {
      const IrLoc *l = NULL;
      if (!parse_optional_loc_specifier(p, &l)) return false;
      ir_value_set_arg_loc(arg, l);
    }
    if (!define_ssa(p, o.name.s, (uint32_t)o.name.n, o.number, o.loc.ptr, arg)) return false;
  } while (paccept(p, TOK_COMMA));
  return pexpect(p, TOK_RPAREN, "expected ')'");
}

/* Tells ASM_INPUT_RELEASE_STATE's callback that the text a little before
 * the current token (a margin for look-backs at the op just parsed) is done. */
static void release_input(AsmParser *p) {
  const char *cur = p->tok.ptr;
  p->next_release = cur + ASM_RELEASE_STEP;
  if ((size_t)(cur - p->lex.buf) > ASM_RELEASE_STEP / 4)
    p->release->fn(p->release->user, cur - ASM_RELEASE_STEP / 4);
}

static bool parse_block_body(AsmParser *p, IrBlock *b) {
  while (!ptok(p, TOK_CARET_ID) && !ptok(p, TOK_RBRACE)) {
    if (!parse_operation(p, b)) return false;
    if (p->release && p->tok.ptr >= p->next_release) release_input(p);
  }
  return true;
}

/* block       ::= block-label? operation*
 * block-label ::= caret-id block-arg-list? `:`
 * *bp is the region's entry block (label optional) or NULL for a new one;
 * a newly defined block is appended to r. */
static bool parse_block(AsmParser *p, IrRegion *r, IrBlock **bp) {
  IrBlock *b = *bp;
  if (b && !ptok(p, TOK_CARET_ID)) return parse_block_body(p, b);
  AsmToken nt = p->tok;
  if (!pexpect(p, TOK_CARET_ID, "expected block name")) return false;
  BlockDef *d = block_def(p, nt.ptr, nt.len, true);
  if (!d->block) {
    d->block = b ? b : ir_block_new_in(p->ctx);
    if (!b) ir_region_append(r, d->block);
  } else if (!d->forward) {
    return perr_at(p, nt.ptr, "redefinition of block '%.*s'", (int)nt.len, nt.ptr);
  } else {
    d->forward = false;
    vec_last(&p->rscopes).nforward--;
    ir_region_append(r, d->block);
  }
  d->loc = nt.ptr;
  b = d->block;
  *bp = b;
  if (ptok(p, TOK_LPAREN) && !parse_block_arg_list(p, b)) return false;
  if (!pexpect(p, TOK_COLON, "expected ':' after block name")) return false;
  return parse_block_body(p, b);
}

static bool parse_region_body(AsmParser *p, IrRegion *r, const AsmArgument *args, size_t nargs) {
  push_scope(p, false);
  IrBlock *entry = ir_block_new_in(p->ctx);
  ir_region_append(r, entry);
  if (nargs && args[0].ssa.name.n) {
    if (ptok(p, TOK_CARET_ID)) return perr(p, "invalid block name in region with named arguments");
    for (size_t i = 0; i < nargs; i++) {
      const AsmOperand *o = &args[i].ssa;
      const char *prev = ssa_reference_loc(p, o->name.s, (uint32_t)o->name.n, o->number);
      if (prev) {
        IrDiag *d = pdiag_at(p, o->loc.ptr, "region entry argument '%%%.*s' is already in use",
                             (int)o->name.n, o->name.s);
        pdiag_note(p, d, prev, "previously referenced here");
        pdiag_emit(p, d);
        return false;
      }
      uintptr_t loc = args[i].loc ? (uintptr_t)args[i].loc
                                  : asm_lexer_lazy_loc(&p->lex, o->loc.ptr);
      IrValue *v = ir_block_add_arg_lazy(entry, args[i].type, p->ctx, loc);
      if (!define_ssa(p, o->name.s, (uint32_t)o->name.n, o->number, o->loc.ptr, v)) return false;
    }
  }
  IrBlock *b = entry;
  if (!parse_block(p, r, &b)) return false;
  if (nargs && entry->nargs > nargs) return perr(p, "entry block arguments were already defined");
  while (!ptok(p, TOK_RBRACE)) {
    IrBlock *nb = NULL;
    if (!parse_block(p, r, &nb)) return false;
  }
  return pop_scope(p);
}

/* region ::= `{` block* `}` */
static bool parse_region_impl(AsmParser *p, IrRegion *r, const AsmArgument *args, size_t nargs) {
  if (!penter(p)) return false;
  bool ok = pexpect(p, TOK_LBRACE, "expected '{' to begin a region");
  if (ok && (nargs || !ptok(p, TOK_RBRACE))) ok = parse_region_body(p, r, args, nargs);
  if (ok) pnext(p); /* '}' */
  pleave(p);
  return ok;
}

/* ======================================================================== */
/* Top level                                                                 */
/* ======================================================================== */

/* attribute-alias-def ::= `#` alias-name `=` attribute-value */
static bool parse_attr_alias_def(AsmParser *p) {
  const char *name = p->tok.ptr + 1;
  uint32_t len = p->tok.len - 1, h = asm_str_hash(name, len);
  if (strmap_get(&p->attr_aliases, name, len, h))
    return perr(p, "redefinition of attribute alias id '%.*s'", (int)len, name);
  if (memchr(name, '.', len))
    return perr(p, "attribute names with a '.' are reserved for dialect-defined names");
  pnext(p);
  if (!pexpect(p, TOK_EQUAL, "expected '=' in attribute alias definition")) return false;
  const IrAttr *a = parse_attr(p, NULL);
  if (!a) return false;
  strmap_put(&p->attr_aliases, name, len, h, (void *)a);
  return true;
}

/* type-alias-def ::= `!` alias-name `=` type */
static bool parse_type_alias_def(AsmParser *p) {
  const char *name = p->tok.ptr + 1;
  uint32_t len = p->tok.len - 1, h = asm_str_hash(name, len);
  if (strmap_get(&p->type_aliases, name, len, h))
    return perr(p, "redefinition of type alias id '%.*s'", (int)len, name);
  if (memchr(name, '.', len))
    return perr(p, "type names with a '.' are reserved for dialect-defined names");
  pnext(p);
  if (!pexpect(p, TOK_EQUAL, "expected '=' in type alias definition")) return false;
  const IrType *t = parse_type(p);
  if (!t) return false;
  strmap_put(&p->type_aliases, name, len, h, (void *)t);
  return true;
}

/* file-metadata-dict ::= `{-#` ... `#-}` — resources are not kept: the
 * block is skipped token by token (strings may contain anything). */
typedef struct LocFix {
  AsmParser *p;
  bool ok;
} LocFix;

static bool fix_loc(AsmParser *p, const IrLoc **slot) {
  size_t idx = 0;
  if (!loc_is_deferred(*slot, &idx) || idx >= p->deferred.len) return true;
  DeferredLoc *dl = &p->deferred.data[idx];
  const IrAttr *a = strmap_get(&p->attr_aliases, dl->name, dl->len, asm_str_hash(dl->name, dl->len));
  if (!a) return perr_at(p, dl->ptr, "operation location alias was never defined");
  if (!ir_attr_is_loc(a)) return perr_at(p, dl->ptr, "expected location, but found '%A'", a);
  if (!asm_alias_use(p, dl->ptr, a, NULL)) return false;
  *slot = a;
  return true;
}

static IrWalkResult fix_locs_walk(IrOp *op, void *user) {
  LocFix *lf = user;
  if (!(op->loc_bits & 1)) {
    const IrLoc *l = ir_op_loc(op);
    if (!fix_loc(lf->p, &l)) goto fail;
    ir_op_set_loc(op, l);
  }
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
      for (uint32_t i = 0; i < b->nargs; i++)
        if (!(ir_block_arg(b->args[i])->loc_bits & 1)) {
          const IrLoc *l = ir_value_arg_loc(b->args[i]);
          if (!fix_loc(lf->p, &l)) goto fail;
          ir_value_set_arg_loc(b->args[i], l);
        }
  return IR_WALK_ADVANCE;
fail:
  lf->ok = false;
  return IR_WALK_INTERRUPT;
}

/* End of file: undeclared values, deferred locations, block references. */
static bool finalize(AsmParser *p) {
  if (p->nunresolved) {
    const char **locs = xmalloc(p->nunresolved * sizeof *locs);
    size_t n = 0;
    for (size_t i = 0; i < p->placeholders.len; i++)
      if (p->placeholders.data[i].v) locs[n++] = p->placeholders.data[i].loc;
    qsort(locs, n, sizeof *locs, cmp_ptr_pair);
    for (size_t i = 0; i < n; i++) perr_at(p, locs[i], "use of undeclared SSA value name");
    free(locs);
    return false;
  }
  if (p->deferred.len) {
    LocFix lf = {p, true};
    ir_walk_pre(p->top, fix_locs_walk, &lf);
    if (!lf.ok) return false;
  }
  return pop_scope(p);
}

static bool parse_top_level(AsmParser *p) {
  IrBlock *body = ir_module_body(p->top);
  for (;;) {
    switch (p->tok.kind) {
    case TOK_EOF:
      return finalize(p);
    case TOK_ERROR:
      return false;
    case TOK_HASH_ID:
      if (!parse_attr_alias_def(p)) return false;
      break;
    case TOK_EXCL_ID:
      if (!parse_type_alias_def(p)) return false;
      break;
    case TOK_META_BEGIN:
      if (!asm_parse_file_metadata(p)) return false;
      break;
    default:
      if (!parse_operation(p, body)) return false;
      break;
    }
  }
}

/* ======================================================================== */
/* Parser lifetime and entry points                                          */
/* ======================================================================== */

static void parser_init(AsmParser *p, IrContext *ctx, const IrIdent *file, const char *buf,
                        size_t len, unsigned line_offset) {
  memset(p, 0, sizeof *p);
  p->ctx = ctx;
  p->depth_watch = ASM_MAX_DEPTH;
  /* The scratch stacks are sliced with `data + base`: never let data be
   * NULL (NULL + 0 is undefined behaviour). */
  vec_reserve(&p->tstack, 16);
  vec_reserve(&p->astack, 16);
  vec_reserve(&p->nstack, 16);
  vec_reserve(&p->istack, 16);
  asm_lexer_init(&p->lex, ctx, file, buf, len, line_offset);
  p->tok = asm_lex(&p->lex);
}

static void parser_destroy(AsmParser *p) {
  for (size_t i = 0; i < p->frames.len; i++) {
    OpFrame *f = p->frames.data[i];
    state_abort(&f->st);
    ir_op_state_free(&f->st);
    vec_free(&f->operands);
    vec_free(&f->results);
    free(f);
  }
  vec_free(&p->frames);
  if (p->top) ir_op_destroy(p->top);
  for (size_t i = 0; i < p->rscopes.len; i++) free_region_scope(&p->rscopes.data[i], true);
  vec_free(&p->rscopes);
  for (size_t i = 0; i < p->iso.len; i++) {
    valmap_free(&p->iso.data[i].values);
    vec_free(&p->iso.data[i].starts);
  }
  vec_free(&p->iso);
  for (size_t i = 0; i < p->dead_blocks.len; i++) ir_block_destroy(p->dead_blocks.data[i]);
  vec_free(&p->dead_blocks);
  for (size_t i = 0; i < p->placeholders.len; i++)
    if (p->placeholders.data[i].v) free_placeholder(p, p->placeholders.data[i].v);
  vec_free(&p->placeholders);
  vec_free(&p->defnames);
  vec_free(&p->opstack);
  vec_free(&p->deferred);
  strmap_free(&p->type_aliases);
  strmap_free(&p->attr_aliases);
  u64map_free(&p->alias_size);
  strmap_free(&p->typememo);
  strmap_free(&p->dictmemo);
  if (p->carrier) tmemo_handback(p);
  free(p->tmemo);
  free(p->trecent);
  free(p->custcache);
  pmemo_free(p);
  vec_free(&p->tstack);
  vec_free(&p->astack);
  vec_free(&p->nstack);
  vec_free(&p->istack);
  asm_lexer_free(&p->lex);
}

IrOp *asm_parse_buffer(IrContext *ctx, const char *filename, const char *buf, size_t len,
                       const AsmParseOptions *opts) {
  AsmParseOptions o = opts ? *opts : (AsmParseOptions){0};
  const IrIdent *file = ir_identz(ctx, filename ? filename : "-");
  if (o.line_offset == 0) ir_ctx_add_source(ctx, file, buf, len);
  AsmParser p;
  parser_init(&p, ctx, file, buf, len, o.line_offset);
  unsigned fc = o.first_column ? o.first_column
                               : (unsigned)(uintptr_t)ir_ctx_dialect_state(ctx, ASM_FIRST_COLUMN_STATE);
  p.lex.col_offset = fc > 1 ? fc - 1 : 0;
  p.ssa_ok = true;
  if (o.memo) pmemo_adopt(&p, o.memo);
  p.release = ir_ctx_dialect_state(ctx, ASM_INPUT_RELEASE_STATE);
  p.next_release = buf + ASM_RELEASE_STEP;
  unsigned nerr = ir_ctx_num_errors(ctx);
  const IrLoc *file_loc = ir_file_loc(ctx, file, o.line_offset, 0);
  p.top = ir_module_create(ctx, file_loc);
  push_scope(&p, true);
  bool ok = parse_top_level(&p) && ir_ctx_num_errors(ctx) == nerr;

  IrOp *result = NULL;
  if (ok) {
    IrBlock *body = ir_module_body(p.top);
    size_t n = 0;
    for (IrOp *op = body->first; op; op = op->next) n++;
    if (n == 1 && (body->first->info == &ir_builtin_module_info || o.no_implicit_module)) {
      result = body->first;
      ir_op_unlink(result);
    } else if (o.no_implicit_module) {
      ir_error(ctx, file_loc, "source must contain a single top-level operation, found: %zu", n);
    } else {
      result = p.top;
      p.top = NULL;
    }
  }
  if (p.release) p.release->fn(p.release->user, buf + len);
  parser_destroy(&p);
  return result;
}

IrOp *asm_parse_op_range(IrContext *ctx, const char *filename, const char *buf, size_t len,
                         const char *to, const IrOpInfo *in, const AsmParseOptions *opts) {
  AsmParseOptions o = opts ? *opts : (AsmParseOptions){0};
  const IrIdent *file = ir_identz(ctx, filename ? filename : "-");
  AsmParser p;
  parser_init(&p, ctx, file, buf, len, o.line_offset);
  p.lex.col_offset = o.first_column > 1 ? o.first_column - 1 : 0;
  p.ssa_ok = true;
  if (o.memo) pmemo_adopt(&p, o.memo);
  unsigned nerr = ir_ctx_num_errors(ctx);
  p.top = ir_module_create(ctx, ir_file_loc(ctx, file, o.line_offset, 0));
  push_scope(&p, true);
  /* as inside the region of an op of `in` at the top level: its hook
   * running (the error prefix, short types and default dialect its hook
   * gives nested ops), the op's and the region's nesting levels taken, the
   * region's name scope open */
  p.err_op = in->name;
  p.strip_dialect = op_dialect(ctx, in->name);
  vec_push(&p.opstack, ((OpCtx){in, in->default_dialect ? in->default_dialect : "", 0}));
  p.depth = 2;
  push_scope(&p, false);
  IrBlock *body = ir_module_body(p.top);
  bool ok = true;
  while (ok && p.tok.kind != TOK_EOF && p.tok.kind != TOK_ERROR && p.tok.ptr < to)
    ok = parse_operation(&p, body);
  ok = ok && p.tok.kind != TOK_ERROR && pop_scope(&p) && finalize(&p) &&
       ir_ctx_num_errors(ctx) == nerr;
  IrOp *result = NULL;
  if (ok) {
    result = p.top;
    p.top = NULL;
  }
  parser_destroy(&p);
  return result;
}

/* Parses one type or attribute from a standalone string: the string itself
 * names the buffer in diagnostics, as in mlir::parseType/parseAttribute. */
static bool parse_standalone(IrContext *ctx, const char *s, size_t n, bool is_type,
                             const void **out) {
  char *copy = xstrndup(s, n);
  const IrIdent *file = ir_ident(ctx, s, n);
  AsmParser p;
  parser_init(&p, ctx, file, copy, n, 0);
  unsigned nerr = ir_ctx_num_errors(ctx);
  const void *r = is_type ? (const void *)parse_type(&p) : (const void *)parse_attr(&p, NULL);
  if (r && !ptok(&p, TOK_EOF)) {
    if (!ptok(&p, TOK_ERROR))
      perr_at(&p, p.tok.ptr, "found trailing characters: '%s'", p.tok.ptr);
    r = NULL;
  }
  if (ir_ctx_num_errors(ctx) != nerr) r = NULL;
  parser_destroy(&p);
  free(copy);
  *out = r;
  return r != NULL;
}

const IrType *asm_parse_type_str(IrContext *ctx, const char *s, size_t n) {
  const void *r;
  parse_standalone(ctx, s, n, true, &r);
  return r;
}

const IrAttr *asm_parse_attr_str(IrContext *ctx, const char *s, size_t n) {
  const void *r;
  parse_standalone(ctx, s, n, false, &r);
  return r;
}

/* ======================================================================== */
/* Hook API: context, errors, operands, arguments, regions, successors       */
/* ======================================================================== */

IrContext *asm_ctx(AsmParser *p) { return p->ctx; }
AsmLoc asm_cur_loc(AsmParser *p) { return (AsmLoc){p->tok.ptr}; }
const IrLoc *asm_to_ir_loc(AsmParser *p, AsmLoc l) { return ploc(p, l.ptr); }

bool asm_error_at(AsmParser *p, AsmLoc l, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IrDiag *d = pdiag_v(p, l.ptr ? l.ptr : cur_err_ptr(p), p->err_op, fmt, ap);
  va_end(ap);
  pdiag_emit(p, d);
  return false;
}

bool asm_error(AsmParser *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IrDiag *d = pdiag_v(p, cur_err_ptr(p), p->err_op, fmt, ap);
  va_end(ap);
  pdiag_emit(p, d);
  return false;
}

bool asm_parse_operand(AsmParser *p, AsmOperand *out) {
  if (p->tok.kind == TOK_PERCENT_ID) {
    out->loc.ptr = p->tok.ptr;
    out->name = (Str){p->tok.ptr + 1, p->tok.len - 1};
    out->number = 0;
    pnext(p);
    if (p->tok.kind != TOK_HASH_ID) return true;
    preset(p, out->loc.ptr); /* back to the name: the general form */
  }
  return parse_ssa_use(p, out, true);
}

bool asm_parse_optional_operand(AsmParser *p, AsmOperand *out, bool *present) {
  *present = ptok(p, TOK_PERCENT_ID);
  return !*present || parse_ssa_use(p, out, true);
}

bool asm_peek_operand(AsmParser *p) { return ptok(p, TOK_PERCENT_ID); }

bool asm_parse_operand_list(AsmParser *p, AsmOperandVec *out) {
  if (!ptok(p, TOK_PERCENT_ID)) return true;
  do {
    AsmOperand o = {0};
    if (!parse_ssa_use(p, &o, true)) return false;
    vec_push(out, o);
  } while (paccept(p, TOK_COMMA));
  return true;
}

IrValue *asm_resolve_value(AsmParser *p, const AsmOperand *o, const IrType *t) {
  return resolve_operand(p, o, t);
}

/* asm_resolve_operand past its usual case (see there). */
static PSSA_NOINLINE bool resolve_operand_push(AsmParser *p, const AsmOperand *o, const IrType *t,
                                 IrOpState *st) {
  IrValue *v = resolve_operand(p, o, t);
  if (!v) return false;
  vec_push(&st->operands, v);
  return true;
}

/* The usual case (a defined short name, room in st->operands) makes no
 * call, so it needs no saved registers; the rest is a tail call. */
bool asm_resolve_operand(AsmParser *p, const AsmOperand *o, const IrType *t, IrOpState *st) {
  IrValue *v;
  if (st->operands.len == st->operands.cap ||
      !(v = resolve_ssa_fast(p, o->name.s, (uint32_t)o->name.n, o->number, t)))
    return resolve_operand_push(p, o, t, st);
  st->operands.data[st->operands.len++] = v;
  return true;
}

bool asm_resolve_operands(AsmParser *p, const AsmOperand *o, size_t n,
                          const IrType *const *types, size_t ntypes, AsmLoc loc,
                          IrOpState *st) {
  if (n != ntypes)
    return asm_error_at(p, loc, "number of operands and types do not match: got %zu operands "
                                "and %zu types", n, ntypes);
  for (size_t i = 0; i < n; i++)
    if (!asm_resolve_operand(p, &o[i], types[i], st)) return false;
  return true;
}

/* argument ::= ssa-id (`:` type)? attribute-dict? trailing-location? */
static bool parse_argument(AsmParser *p, AsmArgument *a, bool allow_types, bool allow_attrs) {
  memset(a, 0, sizeof *a);
  if (!parse_ssa_use(p, &a->ssa, false)) return false;
  if (allow_types) {
    if (!pexpect(p, TOK_COLON, "expected ':'")) return false;
    if (!(a->type = parse_type(p))) return false;
  }
  if (allow_attrs && ptok(p, TOK_LBRACE)) {
    IrNamedAttrVec tmp = {0};
    bool ok = parse_attr_dict(p, &tmp);
    if (ok) a->attrs = ir_dict_attr(p->ctx, tmp.data, tmp.len, NULL);
    vec_free(&tmp);
    if (!ok) return false;
  }
  return parse_optional_loc_specifier(p, &a->loc);
}

bool asm_parse_argument_list(AsmParser *p, AsmArgumentVec *out, bool allow_types,
                             bool allow_attrs) {
  if (!pexpect(p, TOK_LPAREN, "expected '(' in argument list")) return false;
  if (paccept(p, TOK_RPAREN)) return true;
  do {
    AsmArgument a;
    if (!parse_argument(p, &a, allow_types, allow_attrs)) return false;
    vec_push(out, a);
  } while (paccept(p, TOK_COMMA));
  return pexpect(p, TOK_RPAREN, "expected ')' in argument list");
}

bool asm_parse_region(AsmParser *p, IrRegion *r, const AsmArgument *args, size_t nargs) {
  if (!p->ssa_ok) return perr(p, "regions cannot appear here");
  return parse_region_impl(p, r, args, nargs);
}

bool asm_parse_optional_region(AsmParser *p, IrRegion *r, const AsmArgument *args,
                               size_t nargs, bool *present) {
  *present = ptok(p, TOK_LBRACE);
  return !*present || asm_parse_region(p, r, args, nargs);
}

bool asm_parse_successor(AsmParser *p, IrBlock **out) {
  if (!p->rscopes.len) return perr(p, "successors cannot appear here");
  return parse_successor(p, out);
}

const IrOpInfo *asm_current_op_info(AsmParser *p) {
  return p->opstack.len ? vec_last(&p->opstack).info : NULL;
}

unsigned asm_num_results_expected(AsmParser *p) {
  return p->opstack.len ? vec_last(&p->opstack).nresults : 0;
}

/* builtin.module: `($sym_name^)? attr-dict-with-keyword $bodyRegion`; an
 * empty body gets its block (SingleBlock + NoTerminator). */
bool asm_builtin_module_parse(AsmParser *p, IrOpState *st) {
  const IrIdent *name;
  if (asm_parse_optional_symbol_name(p, &name))
    ir_op_state_add_prop(st, "sym_name", ir_string_attr(p->ctx, name->str, name->len));
  if (!asm_parse_optional_attr_dict_with_keyword(p, st)) return false;
  IrRegion *r = ir_op_state_add_region(st);
  if (!asm_parse_region(p, r, NULL, 0)) return false;
  if (ir_region_empty(r)) ir_region_append(r, ir_block_new_in(p->ctx));
  return true;
}
