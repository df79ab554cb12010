/* printer.c — the operation printer: MLIR's OperationPrinter and
 * SSANameState in C.  Prints ops in generic form
 * (`%0:2 = "d.op"(%a)[^bb1] <{p}> ({...}) {a} : (T) -> (T, T)`) or through
 * their IrOpInfo.print hook (custom form, with the enclosing op's default
 * dialect elided from the name), regions and blocks with 2-space indentation,
 * block labels with predecessor comments, SSA value names numbered exactly as
 * mlir-opt numbers them, and the helper API custom-syntax hooks call.
 *
 * Naming (SSANameState): values are numbered region by region, each nested
 * region starting from the counters its parent region ended with (so sibling
 * regions reuse numbers, e.g. every function starts at %0 and %arg0); in
 * generic form the counters run on across regions instead (MLIR's unique SSA
 * IDs), in MLIR's region visiting order.  Entry block arguments are %argN,
 * other block arguments and unnamed results take the next %N; names suggested
 * by op hooks are sanitized and de-duplicated with `_N` suffixes within the
 * scope of the enclosing regions.  Names live in per-block tables indexed by
 * IrOp.order (set while numbering) so printing an operand costs no hashing. */
#include "asm/printer_internal.h"

#include <ctype.h>
#include <stdio.h>

/* ---- small output helpers --------------------------------------------------------- */

void asm_put_uint(StrBuf *b, uint64_t v) { sb_put_uint(b, v); }
void asm_put_int(StrBuf *b, int64_t v) { sb_put_int(b, v); }

/* n spaces, written 8 at a time (indents are short: no memset call). */
static inline void put_indent(StrBuf *b, unsigned n) {
  static const char spaces[8] = {' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '};
  sb_reserve(b, (size_t)n + 8);
  char *d = b->s + b->len;
  for (unsigned i = 0; i < n; i += 8) memcpy(d + i, spaces, 8);
  b->len += n;
  b->s[b->len] = 0;
}

/* ---- scoped name set (alias names; SSA names use AsmNames' atoms) -------------- */

static uint32_t name_hash(const char *s, size_t n) {
  return (uint32_t)hash_bytes(s, n, 0x5eed);
}

static void nameset_rehash(NameSet *ns, size_t nb) {
  free(ns->buckets);
  ns->nbuckets = nb;
  ns->buckets = xmalloc(nb * sizeof *ns->buckets);
  for (size_t i = 0; i < nb; i++) ns->buckets[i] = -1;
  /* Re-chain in insertion order so each chain stays newest-first. */
  for (size_t i = 0; i < ns->entries.len; i++) {
    NameSetEntry *e = &ns->entries.data[i];
    size_t h = e->hash & (nb - 1);
    e->next = ns->buckets[h];
    ns->buckets[h] = (int32_t)i;
  }
}

int32_t asm_nameset_find(const NameSet *ns, const char *s, size_t n) {
  if (!ns->nbuckets) return -1;
  uint32_t h = name_hash(s, n);
  for (int32_t i = ns->buckets[h & (ns->nbuckets - 1)]; i >= 0; i = ns->entries.data[i].next) {
    const NameSetEntry *e = &ns->entries.data[i];
    if (e->hash == h && e->len == n && !memcmp(e->s, s, n)) return i;
  }
  return -1;
}

/* Adds s (which must outlive the set). */
void asm_nameset_add(NameSet *ns, const char *s, size_t n) {
  if ((ns->entries.len + 1) * 2 > ns->nbuckets)
    nameset_rehash(ns, ns->nbuckets ? ns->nbuckets * 2 : 64);
  NameSetEntry e = {s, (uint32_t)n, name_hash(s, n), -1};
  size_t h = e.hash & (ns->nbuckets - 1);
  e.next = ns->buckets[h];
  ns->buckets[h] = (int32_t)ns->entries.len;
  vec_push(&ns->entries, e);
}

void asm_nameset_free(NameSet *ns) {
  vec_free(&ns->entries);
  free(ns->buckets);
  ns->buckets = NULL;
  ns->nbuckets = 0;
}

/* ---- SSA names ------------------------------------------------------------------ */

/* A copy of s[0..n), 8-aligned (low bit free for id tags), with its length
 * in the 4 bytes before it (see asm_name_len), zero-padded to a multiple of 16
 * bytes so that asm_put_value_name_inline can copy it in 16-byte pieces. */
static const char *arena_strdup(Arena *a, const char *s, size_t n) {
  size_t padded = (n + 16) & ~(size_t)15;
  char *d = (char *)arena_alloc(a, padded + 8, 8) + 8;
  memset(d + n, 0, padded - n);
  uint32_t len = (uint32_t)n;
  memcpy(d - 4, &len, 4);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

/* MLIR's sanitizeIdentifier(name, allowed): a name starting with a digit or
 * an invalid character (other than a space) gets a '_' prefix; invalid
 * characters become '_' (space) or their uppercase hex code. */
void asm_sanitize_identifier(StrBuf *out, const char *name, const char *allowed) {
  size_t n = strlen(name);
  bool bad = false;
  for (size_t i = 0; i < n && !bad; i++) {
    unsigned char c = (unsigned char)name[i];
    if (!isalnum(c) && !strchr(allowed, c)) bad = true;
  }
  unsigned char c0 = (unsigned char)name[0];
  bool valid0 = isalnum(c0) || (c0 && strchr(allowed, c0));
  bool prefix = isdigit(c0) || (!valid0 && c0 != ' ');
  if (!prefix && !bad) {
    sb_putn(out, name, n);
    return;
  }
  if (prefix) sb_putc(out, '_');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)name[i];
    if (isalnum(c) || (c && strchr(allowed, c))) sb_putc(out, (char)c);
    else if (c == ' ') sb_putc(out, '_');
    else sb_printf(out, "%X", c);
  }
}

/* The interned atom for s[0..len) with hash h, or NULL. */
static inline NameAtom *atom_find(AsmNames *n, const char *s, size_t len, uint32_t h) {
  if (!n->nabuckets) return NULL;
  for (int32_t i = n->abuckets[h & (n->nabuckets - 1)]; i >= 0; i = n->atoms.data[i].next) {
    NameAtom *a = &n->atoms.data[i];
    if (a->hash == h && a->len == len && bytes_eq(a->s, s, len)) return a;
  }
  return NULL;
}

/* Interns s[0..len) (hash h, not yet an atom), unused. */
static NameAtom *atom_add(AsmNames *n, const char *s, size_t len, uint32_t h) {
  if ((n->atoms.len + 1) * 2 > n->nabuckets) { /* tables live in the arena */
    size_t nb = n->nabuckets ? n->nabuckets * 2 : 256;
    n->abuckets = arena_alloc(&n->arena, nb * sizeof *n->abuckets, 8);
    n->nabuckets = nb;
    for (size_t i = 0; i < nb; i++) n->abuckets[i] = -1;
    for (size_t i = 0; i < n->atoms.len; i++) {
      NameAtom *a = &n->atoms.data[i];
      a->next = n->abuckets[a->hash & (nb - 1)];
      n->abuckets[a->hash & (nb - 1)] = (int32_t)i;
    }
  }
  NameAtom a = {arena_strdup(&n->arena, s, len), (uint32_t)len, h, -1, 0, -1, false};
  a.next = n->abuckets[h & (n->nabuckets - 1)];
  n->abuckets[h & (n->nabuckets - 1)] = (int32_t)n->atoms.len;
  if (n->atoms.len == n->atoms.cap) {
    size_t nc = n->atoms.cap ? n->atoms.cap * 2 : 128;
    NameAtom *d = arena_alloc(&n->arena, nc * sizeof *d, 8);
    if (n->atoms.len) memcpy(d, n->atoms.data, n->atoms.len * sizeof *d);
    n->atoms.data = d;
    n->atoms.cap = nc;
  }
  n->atoms.data[n->atoms.len++] = a;
  return &n->atoms.data[n->atoms.len - 1];
}

/* The interned atom for s[0..len), added (unused) when new. */
static NameAtom *name_atom(AsmNames *n, const char *s, size_t len) {
  uint32_t h = hash_short(s, len);
  NameAtom *a = atom_find(n, s, len, h);
  return a ? a : atom_add(n, s, len, h);
}

/* Marks an atom taken in the current scope and returns its string. */
static inline const char *take_atom(AsmNames *n, NameAtom *a) {
  a->used = true;
  vec_push(&n->used_log, (uint32_t)(a - n->atoms.data));
  n->log_version++;
  return a->s;
}

/* Frees every name taken after `mark` (the scope being left). */
static void names_pop_scope(AsmNames *n, size_t mark) {
  if (n->used_log.len > mark) n->log_version++;
  while (n->used_log.len > mark) n->atoms.data[vec_pop(&n->used_log)].used = false;
}

/* Whether sanitize_identifier(name, "$._-") would return name unchanged:
 * the first character is not a digit and every character is an ASCII
 * letter, digit or one of `$._-` (the common case, checked without
 * copying). */
static bool name_is_clean(const char *s, size_t len) {
  if (s[0] >= '0' && s[0] <= '9') return false;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '$' || c == '.' || c == '-';
    if (!ok) return false;
  }
  return true;
}

/* The atom of a suggested name as sanitize_identifier(name, "$._-") makes
 * it (added, unused, when new).  Every atom is a sanitized name, so a name
 * found among them as it is needs no sanitizing (the common case: hooks
 * repeat their names). */
static uint32_t base_atom(AsmNames *n, const char *name) {
  size_t len = strlen(name);
  NameAtom *a = atom_find(n, name, len, hash_short(name, len));
  if (!a) {
    if (name_is_clean(name, len)) {
      a = name_atom(n, name, len);
    } else {
      StrBuf b = {0};
      asm_sanitize_identifier(&b, name, "$._-");
      a = name_atom(n, b.s, b.len);
      sb_free(&b);
    }
  }
  return (uint32_t)(a - n->atoms.data);
}

static uint32_t sfx_hash(uint64_t key) {
  key *= 0x9E3779B97F4A7C15ull;
  return (uint32_t)(key >> 32);
}

/* The atom of `name_K` for atom base, if made before (-1 = not yet). */
static int32_t sfx_get(const AsmNames *n, uint32_t base, unsigned k) {
  if (!n->sfx_cap) return -1;
  uint64_t key = (uint64_t)base << 32 | k;
  uint32_t mask = n->sfx_cap - 1;
  for (uint32_t i = sfx_hash(key) & mask; n->sfx_vals[i]; i = (i + 1) & mask)
    if (n->sfx_keys[i] == key) return (int32_t)n->sfx_vals[i] - 1;
  return -1;
}

/* Records atom as `name_K` for atom base (not yet recorded). */
static void sfx_put(AsmNames *n, uint32_t base, unsigned k, uint32_t atom) {
  if ((n->sfx_len + 1) * 2 > n->sfx_cap) {
    uint64_t *ok = n->sfx_keys;
    uint32_t *ov = n->sfx_vals, ocap = n->sfx_cap;
    n->sfx_cap = ocap ? ocap * 2 : 1024;
    n->sfx_keys = xmalloc(n->sfx_cap * sizeof *n->sfx_keys);
    n->sfx_vals = xcalloc(n->sfx_cap, sizeof *n->sfx_vals);
    for (uint32_t i = 0; i < ocap; i++) {
      if (!ov[i]) continue;
      uint32_t j = sfx_hash(ok[i]) & (n->sfx_cap - 1);
      while (n->sfx_vals[j]) j = (j + 1) & (n->sfx_cap - 1);
      n->sfx_keys[j] = ok[i];
      n->sfx_vals[j] = ov[i];
    }
    free(ok);
    free(ov);
  }
  uint64_t key = (uint64_t)base << 32 | k;
  uint32_t mask = n->sfx_cap - 1, i = sfx_hash(key) & mask;
  while (n->sfx_vals[i]) i = (i + 1) & mask;
  n->sfx_keys[i] = key;
  n->sfx_vals[i] = atom + 1;
  n->sfx_len++;
}

/* SSANameState::uniqueValueName for the sanitized name of atom `base`: it,
 * or the first `name_N` (N from the running conflict counter) not taken in
 * scope; taken and returned. */
static const char *unique_from_atom(AsmNames *n, uint32_t base) {
  NameAtom *a = &n->atoms.data[base];
  if (!a->used) return take_atom(n, a);
  /* `name_N`: built in a stack buffer when it fits (the common case) */
  const char *s = a->s; /* arena memory: stays put when name_atom grows the table */
  size_t len = a->len;
  StrBuf b = {0};
  char buf[80];
  char *t = NULL;
  for (;;) {
    unsigned k = n->next_conflict++;
    NameAtom *ba = &n->atoms.data[base];
    if (ba->sfx_atom >= 0 && ba->sfx_k == k) { /* tried last time: no string, no hash */
      a = &n->atoms.data[ba->sfx_atom];
      if (!a->used) break;
      continue;
    }
    int32_t known = sfx_get(n, base, k); /* tried before */
    if (known >= 0) {
      ba->sfx_k = k;
      ba->sfx_atom = known;
      a = &n->atoms.data[known];
      if (!a->used) break;
      continue;
    }
    if (!t) {
      t = buf;
      if (len + 22 > sizeof buf) {
        sb_putn(&b, s, len);
        sb_reserve(&b, 22);
        t = b.s;
      } else {
        memcpy(buf, s, len);
      }
      t[len] = '_';
    }
    char digits[12];
    size_t nd = 0;
    unsigned kk = k;
    do digits[nd++] = (char)('0' + kk % 10); while ((kk /= 10) != 0);
    for (size_t i = 0; i < nd; i++) t[len + 1 + i] = digits[nd - 1 - i];
    a = name_atom(n, t, len + 1 + nd);
    n->atoms.data[base].sfx_k = k;
    n->atoms.data[base].sfx_atom = (int32_t)(a - n->atoms.data);
    sfx_put(n, base, k, (uint32_t)(a - n->atoms.data));
    if (!a->used) break;
  }
  if (b.s) sb_free(&b);
  return take_atom(n, a);
}

/* unique_from_atom with its common case inline: the name itself, free. */
static inline __attribute__((always_inline)) const char *unique_atom(AsmNames *n, uint32_t base) {
  NameAtom *a = &n->atoms.data[base];
  return a->used ? unique_from_atom(n, base) : take_atom(n, a);
}

/* SSANameState::uniqueValueName. */
static const char *unique_value_name(AsmNames *n, const char *name) {
  return unique_from_atom(n, base_atom(n, name));
}

/* The table entry of a numbered op (its IrOp.order is current), or NULL. */
static inline NameOp *op_entry(const AsmNames *n, const IrOp *op) {
  uint32_t i = op->order;
  return i < n->nops && n->ops[i].op == op ? &n->ops[i] : NULL;
}

/* The per-block table of a numbered block (NULL for blocks outside the
 * printed tree): held by the table entry of the block's first op, or for
 * an empty block in the `blocks` map. */
static inline NameBlock *name_block(const AsmNames *n, const IrBlock *b) {
  if (!b) return NULL;
  if (b->first) {
    const NameOp *e = op_entry(n, b->first);
    return e ? e->blk : NULL;
  }
  return n->blocks.len ? u64map_get(&n->blocks, (uintptr_t)b) : NULL;
}

/* The several-results record of an op in the table, or NULL. */
static NameMulti *op_multi(AsmNames *n, const IrOp *op) {
  if (op->nresults < 2) return NULL;
  NameOp *e = op_entry(n, op);
  uintptr_t name = e ? e->name : 0;
  return (name & 3) == 2 ? (NameMulti *)(name - 2) : NULL;
}

/* An op's result groups ({count, start0, ...}), or NULL for one group. */
static const int *op_groups(AsmNames *n, IrOp *op) {
  if (op->nresults < 2) return NULL;
  NameMulti *m = op_multi(n, op);
  return m ? m->groups : u64map_get(&n->groups, (uintptr_t)op);
}

/* Where a value's name lives: results of numbered ops in the op table
 * (indexed by IrOp.order, which the numbering pass sets; results past the
 * first in the op's NameMulti), block arguments of numbered blocks in the
 * block's table, anything else in the `extra` map. */
static inline uintptr_t *name_slot(AsmNames *n, IrValue *v) {
  if (v->def) {
    NameOp *e = op_entry(n, v->def);
    if (!e) return NULL;
    if ((e->name & 3) == 2) return &((NameMulti *)(e->name - 2))->names[ir_value_index(v)];
    return ir_value_index(v) == 0 ? &e->name : NULL;
  }
  NameBlock *nb = name_block(n, ir_value_arg_block(v));
  if (nb && ir_value_index(v) < nb->nargs) return &nb->args[ir_value_index(v)];
  return NULL;
}

static uintptr_t get_name(const AsmNames *n, IrValue *v) {
  uintptr_t *slot = name_slot((AsmNames *)n, v);
  if (slot) return *slot;
  return (uintptr_t)u64map_get(&n->extra, (uintptr_t)v);
}

static void set_name(AsmNames *n, IrValue *v, uintptr_t enc) {
  uintptr_t *slot = name_slot(n, v);
  if (slot) *slot = enc;
  else u64map_put(&n->extra, (uintptr_t)v, (void *)enc);
}

static void set_value_name(AsmNames *n, IrValue *v, const char *name) {
  if (!name || !*name) {
    set_name(n, v, ((uintptr_t)n->next_value++ << 2) | 1);
    return;
  }
  set_name(n, v, (uintptr_t)unique_value_name(n, name));
}

typedef struct NameCb {
  AsmNames *names;
  IrOp *op;
  NameOp *entry;       /* op's table entry, or NULL (result_name_cb's fast path) */
  NameMulti *multi;    /* its several-results record, or NULL */
  int *groups;         /* result group starts, groups[0] == 0 */
  size_t ngroups, cap;
  bool record;         /* append each name given to AsmNames.hook_ev */
  bool stray;          /* recording a block hook: it named a value not of `block` */
  IrBlock *block;      /* the block whose arguments a block hook names */
  int small[8];
} NameCb;

/* Result idx of c->op gets the name of atom `atom` made unique (-1: the
 * next number); a result other than the first starts a result group. */
static void name_result(NameCb *c, uint32_t idx, int32_t atom) {
  AsmNames *n = c->names;
  uintptr_t enc = atom >= 0 ? (uintptr_t)unique_from_atom(n, (uint32_t)atom)
                            : ((uintptr_t)n->next_value++ << 2) | 1;
  if (c->multi) c->multi->names[idx] = enc; /* where name_slot would find it */
  else if (c->entry && !idx) c->entry->name = enc;
  else set_name(n, ir_op_result(c->op, idx), enc);
  if (!idx) return;
  if (c->ngroups == c->cap) {
    size_t nc = c->cap * 2;
    int *g = xmalloc(nc * sizeof *g);
    memcpy(g, c->groups, c->ngroups * sizeof *g);
    if (c->groups != c->small) free(c->groups);
    c->groups = g;
    c->cap = nc;
  }
  c->groups[c->ngroups++] = (int)idx;
}

static void result_name_cb(void *user, IrValue *v, const char *name) {
  NameCb *c = user;
  if (!v || v->def != c->op) return;
  AsmNames *n = c->names;
  int32_t atom = name && *name ? (int32_t)base_atom(n, name) : -1;
  uint32_t idx = ir_value_index(v);
  if (c->record) vec_push(&n->hook_ev, ((NameHookEv){idx, atom}));
  name_result(c, idx, atom);
}

static int int_cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static void block_arg_name_cb(void *user, IrValue *v, const char *name) {
  NameCb *c = user;
  if (!v || v->def) return;
  if (c->record) {
    AsmNames *n = c->names;
    if (ir_value_arg_block(v) != c->block) {
      c->stray = true;
      set_value_name(n, v, name);
      return;
    }
    int32_t atom = name && *name ? (int32_t)base_atom(n, name) : -1;
    vec_push(&n->hook_ev, ((NameHookEv){((const IrBlockArg *)v)->argno, atom}));
    set_name(n, v, atom >= 0 ? (uintptr_t)unique_from_atom(n, (uint32_t)atom)
                             : ((uintptr_t)n->next_value++ << 2) | 1);
    return;
  }
  set_value_name(c->names, v, name);
}

/* n bytes (8-aligned) from the pool. */
static void *pool_alloc(NamePool *pl, size_t n) {
  n = (n + 7) & ~(size_t)7;
  if (pl->cur < pl->nchunks && pl->off + n <= pl->sizes[pl->cur]) {
    void *p = pl->chunks[pl->cur] + pl->off;
    pl->off += n;
    return p;
  }
  if (pl->cur < pl->nchunks && pl->off) pl->cur++; /* the next chunk, unused */
  pl->off = 0;
  size_t sz = n > ((size_t)1 << 15) ? n : (size_t)1 << 15;
  if (pl->cur == pl->nchunks) {
    if (pl->nchunks == pl->cap) {
      pl->cap = pl->cap ? pl->cap * 2 : 8;
      pl->chunks = xrealloc(pl->chunks, pl->cap * sizeof *pl->chunks);
      pl->sizes = xrealloc(pl->sizes, pl->cap * sizeof *pl->sizes);
    }
    pl->chunks[pl->nchunks] = xmalloc(sz);
    pl->sizes[pl->nchunks++] = sz;
  } else if (pl->sizes[pl->cur] < n) {
    free(pl->chunks[pl->cur]);
    pl->chunks[pl->cur] = xmalloc(sz);
    pl->sizes[pl->cur] = sz;
  }
  pl->off = n;
  return pl->chunks[pl->cur];
}

static void pool_free(NamePool *pl) {
  for (uint32_t i = 0; i < pl->nchunks; i++) free(pl->chunks[i]);
  free(pl->chunks);
  free(pl->sizes);
  memset(pl, 0, sizeof *pl);
}

/* The result group holding result idx of an op with nres results and
 * groups g ({count, start0, ...}, NULL: one group): its first result in
 * *start, and the `#N` printed after the group's name (-1: none, a group
 * of one result).  SSANameState::printValueID's upper_bound search. */
static int group_of(const int *g, int nres, int idx, int *start) {
  if (!g) {
    *start = 0;
    return idx;
  }
  int cnt = g[0];
  const int *gs = g + 1;
  int k = 0; /* upper_bound */
  while (k < cnt && gs[k] <= idx) k++;
  int size;
  if (k == cnt) {
    *start = gs[cnt - 1];
    size = nres - *start;
  } else {
    *start = gs[k - 1];
    size = gs[k] - *start;
  }
  return size != 1 ? idx - *start : -1;
}

/* Gives every result of a numbered several-results op the name and `#N`
 * it prints with (see NameMulti): one pass over the sorted group starts,
 * the same answer as group_of for each result. */
static void multi_resolve(NameMulti *m, uint32_t nres) {
  const int *g = m->groups;
  int cnt = g ? g[0] : 1;
  for (int k = 0; k < cnt; k++) {
    int start = g ? g[1 + k] : 0;
    int end = k + 1 < cnt ? g[2 + k] : (int)nres;
    uintptr_t name = m->names[start];
    for (int i = start; i < end; i++) {
      m->names[i] = name;
      m->rno[i] = end - start != 1 ? i - start : -1;
    }
  }
}

enum { HOOK_RESULTS = 1, HOOK_BLOCKS = 2 };

static bool hook_memo_on = true; /* asm_names_set_hook_memo */

void asm_names_set_hook_memo(bool on) { hook_memo_on = on; }

/* The HOOK_* bits of info: which of its name hooks are memoizable, as its
 * row says (IR_TRAIT_NAMES_PURE: the suggested-name hook reads nothing but
 * the op's kind, dictionaries, result count and first result type;
 * IR_TRAIT_BLOCK_NAMES_PURE: the block-argument hook reads nothing but the
 * block's argument count).  Not so marked: cuda_tile.assume, whose name
 * follows its operand's producer. */
static unsigned hook_kind(const IrOpInfo *info) {
  if (!hook_memo_on) return 0;
  return (info->traits & IR_TRAIT_NAMES_PURE ? HOOK_RESULTS : 0) |
         (info->traits & IR_TRAIT_BLOCK_NAMES_PURE ? HOOK_BLOCKS : 0);
}

static uint64_t hook_hash(const NameHookMemo *k) {
  uint64_t h = (uintptr_t)k->info ^ (uintptr_t)k->props * 0x9E3779B97F4A7C15ull ^
               (uintptr_t)k->attrs * 0xC2B2AE3D27D4EB4Full ^
               (uintptr_t)k->t0 * 0x165667B19E3779F9ull ^ k->shape;
  h *= 0xff51afd7ed558ccdull;
  return h ^ (h >> 29);
}

/* The memo slot of key k (its ev/nev unused): its entry, or the empty slot
 * for it. */
static inline __attribute__((always_inline)) NameHookMemo *hook_slot(AsmNames *n,
                                                                      const NameHookMemo *k) {
  uint32_t mask = n->hook_cap - 1;
  for (uint32_t i = (uint32_t)hook_hash(k) & mask;; i = (i + 1) & mask) {
    NameHookMemo *m = &n->hook_memo[i];
    if (!m->info || (m->info == k->info && m->props == k->props && m->attrs == k->attrs &&
                     m->t0 == k->t0 && m->shape == k->shape))
      return m;
  }
}

/* Doubles the memo table. */
static void hook_grow(AsmNames *n) {
  NameHookMemo *old = n->hook_memo;
  uint32_t cap = n->hook_cap;
  n->hook_cap = cap ? cap * 2 : 256;
  n->hook_memo = xcalloc(n->hook_cap, sizeof *n->hook_memo);
  for (uint32_t i = 0; i < cap; i++)
    if (old[i].info) *hook_slot(n, &old[i]) = old[i];
  free(old);
}

/* Adds key k with the events recorded since ev (the memo is bounded: past
 * 64k shapes, nothing more is kept). */
static void hook_add(AsmNames *n, NameHookMemo k, uint32_t ev) {
  if (n->hook_len >= (1u << 16)) return;
  if ((n->hook_len + 1) * 2 > n->hook_cap) hook_grow(n);
  k.ev = ev;
  k.nev = (uint32_t)n->hook_ev.len - ev;
  *hook_slot(n, &k) = k;
  n->hook_len++;
}

/* Asks op's hook to name its results (custom form), or replays the names
 * it gave an op of the same shape (see attr_only_hooks): the same calls
 * to name_result in the same order, without the hook, its strings and
 * their hashing. */
static void run_hook(AsmNames *n, IrOp *op, NameCb *cb) {
  const IrOpInfo *info = op->info;
  NameHookMemo k = {info, op->props, op->attrs, ir_op_result(op, 0)->type, op->nresults, 0, 0};
  NameHookMemo *m = n->hook_cap ? hook_slot(n, &k) : NULL;
  if (m && m->info) {
    for (uint32_t i = 0; i < m->nev; i++) {
      NameHookEv ev = n->hook_ev.data[m->ev + i];
      name_result(cb, ev.idx, ev.atom);
    }
    return;
  }
  if (!(hook_kind(info) & HOOK_RESULTS)) {
    info->result_names(op, result_name_cb, cb);
    return;
  }
  uint32_t ev = (uint32_t)n->hook_ev.len;
  cb->record = true;
  info->result_names(op, result_name_cb, cb);
  cb->record = false;
  hook_add(n, k, ev);
}

/* The memo shape of block b at position pos of region ri of an op: the
 * region, the position and the argument count, tagged apart from result
 * counts; 0 when they do not fit. */
static uint64_t block_shape(size_t ri, uint32_t pos, uint32_t nargs) {
  if (ri >= (1u << 15) || pos >= (1u << 16)) return 0;
  return (uint64_t)1 << 63 | (uint64_t)ri << 48 | (uint64_t)pos << 32 | nargs;
}

/* Asks the block-argument hook of region r's parent to name the arguments
 * of each of r's blocks, or replays the names it gave a block of the same
 * shape (see count_only_block_hooks). */
static void run_block_hooks(AsmNames *n, IrOp *parent, IrRegion *r) {
  const IrOpInfo *info = parent->info;
  NameCb cb = {.names = n, .op = parent};
  bool memo = hook_kind(info) & HOOK_BLOCKS;
  size_t ri = (size_t)(r - ir_op_regions(parent));
  uint32_t pos = 0;
  for (IrBlock *b = r->first; b; b = b->next, pos++) {
    NameHookMemo k = {info, parent->props, parent->attrs, NULL, block_shape(ri, pos, b->nargs),
                      0, 0};
    if (!memo || !k.shape) {
      info->block_arg_names(parent, b, block_arg_name_cb, &cb);
      continue;
    }
    NameHookMemo *m = n->hook_cap ? hook_slot(n, &k) : NULL;
    if (m && m->info) {
      for (uint32_t i = 0; i < m->nev; i++) {
        NameHookEv ev = n->hook_ev.data[m->ev + i];
        set_name(n, b->args[ev.idx], ev.atom >= 0
                                         ? (uintptr_t)unique_from_atom(n, (uint32_t)ev.atom)
                                         : ((uintptr_t)n->next_value++ << 2) | 1);
      }
      continue;
    }
    uint32_t ev = (uint32_t)n->hook_ev.len;
    cb.record = true;
    cb.stray = false;
    cb.block = b;
    info->block_arg_names(parent, b, block_arg_name_cb, &cb);
    cb.record = false;
    if (!cb.stray) hook_add(n, k, ev);
    else n->hook_ev.len = ev;
  }
}

static void number_op_slow(AsmNames *n, IrOp *op, NameOp *e);

/* SSANameState::numberValuesInOp: the common cases inline (inlined into
 * the numbering walk: a call per op cost as much), the rest in
 * number_op_slow. */
static inline __attribute__((always_inline)) void number_op(AsmNames *n, IrOp *op) {
  if (!op->nresults) return;
  if (n->generic || !op->info->result_names) { /* one number, one group */
    uintptr_t id = ((uintptr_t)n->next_value++ << 2) | 1;
    NameOp *e = op_entry(n, op);
    if (e) e->name = id;
    else set_name(n, ir_op_result(op, 0), id);
    return;
  }
  NameOp *e = op_entry(n, op);
  if (e && op->nresults == 1 && n->hook_cap) {
    /* a memoized hook naming the one result at most once (the common case):
     * the name straight into the table, as name_result would, no NameCb */
    NameHookMemo k = {op->info, op->props, op->attrs, ir_op_result(op, 0)->type, 1, 0, 0};
    NameHookMemo *hm = hook_slot(n, &k);
    if (hm->info && hm->nev <= 1) {
      int32_t atom = hm->nev ? n->hook_ev.data[hm->ev].atom : -1;
      e->name = atom >= 0 ? (uintptr_t)unique_atom(n, (uint32_t)atom)
                          : ((uintptr_t)n->next_value++ << 2) | 1;
      return;
    }
  }
  number_op_slow(n, op, e);
}

/* number_op's general case: the op's hook (or its memo) through NameCb. */
static __attribute__((noinline)) void number_op_slow(AsmNames *n, IrOp *op, NameOp *e) {
  NameMulti *m = NULL;
  if (e && op->nresults > 1) { /* give the op its record before the hook names its results */
    size_t sz = sizeof *m + op->nresults * sizeof m->names[0];
    m = pool_alloc(&n->pool, sz + op->nresults * sizeof(int32_t));
    memset(m, 0, sz);
    m->rno = (int32_t *)((char *)m + sz);
    e->name = (uintptr_t)m | 2;
  }
  NameCb cb = {.names = n, .op = op, .entry = e, .multi = m, .ngroups = 1, .cap = 8};
  cb.groups = cb.small;
  cb.small[0] = 0;
  run_hook(n, op, &cb);
  uintptr_t *r0 = m ? &m->names[0] : e ? &e->name : NULL;
  if (r0) {
    if (!*r0) *r0 = ((uintptr_t)n->next_value++ << 2) | 1;
  } else if (!get_name(n, ir_op_result(op, 0))) {
    set_name(n, ir_op_result(op, 0), ((uintptr_t)n->next_value++ << 2) | 1);
  }
  if (cb.ngroups != 1) {
    /* hooks name results in order: an insertion sort is one pass */
    if (cb.ngroups > 64) qsort(cb.groups, cb.ngroups, sizeof(int), int_cmp);
    else for (size_t i = 1; i < cb.ngroups; i++)
      for (size_t j = i; j > 0 && cb.groups[j - 1] > cb.groups[j]; j--) {
        int t = cb.groups[j];
        cb.groups[j] = cb.groups[j - 1];
        cb.groups[j - 1] = t;
      }
    int *g = pool_alloc(&n->pool, (cb.ngroups + 1) * sizeof(int));
    g[0] = (int)cb.ngroups;
    memcpy(g + 1, cb.groups, cb.ngroups * sizeof(int));
    if (m) m->groups = g;
    else u64map_put(&n->groups, (uintptr_t)op, g);
  }
  if (cb.groups != cb.small) free(cb.groups);
  if (m) multi_resolve(m, op->nresults);
}

struct NameFrame {
  IrRegion *r;       /* the region to number, or NULL: */
  IrOp *unit;        /* an op to defer (see NameUnit) */
  unsigned value, arg, conflict;
  size_t parent_depth;
};
typedef struct NameFrame NameFrame;


/* Appends op to the op table (growing it) and sets IrOp.order. */
static inline void table_add_op(AsmNames *n, IrOp *o) {
  if (n->nops == n->cap_ops) {
    n->cap_ops = n->cap_ops ? n->cap_ops * 2 : 1024;
    n->ops = xrealloc(n->ops, n->cap_ops * sizeof *n->ops);
  }
  o->order = n->nops;
  n->ops[n->nops].op = o;
  n->ops[n->nops].blk = NULL;
  n->ops[n->nops].unit = NULL;
  n->ops[n->nops++].name = 0;
}

/* The name of entry block argument k: unique_value_name("argK"), with the
 * atom of each `argK` remembered (every function takes the same ones). */
static const char *arg_name(AsmNames *n, unsigned k, char buf[32]) {
  if (k < n->arg_atoms.len) {
    NameAtom *a = &n->atoms.data[n->arg_atoms.data[k]];
    if (!a->used) return take_atom(n, a);
  }
  StrBuf nb = {buf, 3, 32}; /* "arg" N, without printf (buf never grows: 14 bytes at most) */
  memcpy(buf, "arg", 3);
  sb_put_uint(&nb, k);
  if (k == n->arg_atoms.len) vec_push(&n->arg_atoms, (uint32_t)(name_atom(n, buf, nb.len) - n->atoms.data));
  return unique_value_name(n, buf);
}

/* The alias precheck for one op (see asm_print_op_to); inlined into its
 * walks (a call per op cost as much as its checks). */
static inline __attribute__((always_inline)) void precheck_op(AsmNames *n, IrOp *o) {
  AsmPrinter *p = n->precheck;
  if (!p || n->may_alias) return;
  if ((o->props && !asm_pcached(p, o->props) && asm_attr_may_alias(p, o->props)) ||
      (o->attrs && !asm_pcached(p, o->attrs) && asm_attr_may_alias(p, o->attrs)))
    n->may_alias = true;
  for (uint32_t i = 0; i < o->nresults && !n->may_alias; i++) {
    const IrType *t = ir_op_result(o, i)->type;
    if (t != n->last_type) {
      if (!asm_pcached(p, t) && asm_type_may_alias(p, t)) n->may_alias = true;
      n->last_type = t;
    }
  }
}

/* SSANameState::numberValuesInRegion / numberValuesInBlock, in one walk
 * over the ops that also gives each block its table, each op its index
 * (IrOp.order, the block's ordering cache, left valid) and queues nested
 * regions (their saved counters are filled in once the region is done). */
static void number_region(AsmNames *n, IrRegion *r, NameStack *stack, size_t depth) {
  uint32_t next_block = 0;
  for (IrBlock *b = r->first; b; b = b->next) {
    NameBlock *nb = pool_alloc(&n->pool, sizeof *nb);
    memset(nb, 0, sizeof *nb);
    nb->ordering = next_block++;
    nb->nargs = b->nargs;
    nb->args = pool_alloc(&n->pool, (size_t)b->nargs * sizeof *nb->args + 1);
    memset(nb->args, 0, (size_t)b->nargs * sizeof *nb->args);
    if (b->first) { /* the region's ops get their indices here, in walk order */
      for (IrOp *o = b->first; o; o = o->next) table_add_op(n, o);
      n->ops[b->first->order].blk = nb;
    } else {
      u64map_put(&n->blocks, (uintptr_t)b, nb);
      if (n->unit_depth) vec_push(&n->block_log, b);
    }
  }
  IrOp *parent = r->parent;
  if (!n->generic && parent && parent->info->block_arg_names) run_block_hooks(n, parent, r);
  size_t first_frame = stack->len;
  char buf[32];
  for (IrBlock *b = r->first; b; b = b->next) {
    bool entry = b == r->first;
    for (uint32_t i = 0; i < b->nargs; i++) {
      IrValue *a = b->args[i];
      if (n->precheck && !n->may_alias && asm_type_may_alias(n->precheck, a->type))
        n->may_alias = true;
      if (get_name(n, a)) continue;
      if (entry && n->generic) { /* no names to clash with: `%argN` as a number */
        set_name(n, a, ((uintptr_t)n->next_arg++ << 2) | 3);
      } else if (entry) {
        set_name(n, a, (uintptr_t)arg_name(n, n->next_arg++, buf));
      } else {
        set_value_name(n, a, NULL);
      }
    }
    NameBlock *nb = name_block(n, b);
    for (IrOp *o = b->first; o; o = o->next) {
      if (o->nsuccessors) nb->nbranch++;
      number_op(n, o);
      if (n->precheck) precheck_op(n, o);
      if (!o->nregions) continue;
      if (n->lazy && ir_op_info_has(o->info, IR_TRAIT_ISOLATED_FROM_ABOVE))
        vec_push(stack, ((NameFrame){NULL, o, 0, 0, 0, depth}));
      else
        for (uint32_t i = 0; i < o->nregions; i++)
          vec_push(stack, ((NameFrame){&ir_op_regions(o)[i], NULL, 0, 0, 0, depth}));
    }
    b->order_valid = 1;
  }
  for (size_t i = first_frame; i < stack->len; i++) {
    stack->data[i].value = n->next_value;
    stack->data[i].arg = n->next_arg;
    stack->data[i].conflict = n->next_conflict;
  }
}

/* The atom table is needed only while numbering (it and the strings stay
 * in the arena until asm_names_free). */
static void names_free_atoms(AsmNames *n) {
  n->atoms.data = NULL; /* arena memory */
  n->atoms.len = n->atoms.cap = 0;
  vec_free(&n->used_log);
  vec_free(&n->arg_atoms);
  n->abuckets = NULL;
  n->nabuckets = 0;
  free(n->hook_memo); /* its atom indices go with the atoms */
  n->hook_memo = NULL;
  n->hook_cap = n->hook_len = 0;
  vec_free(&n->hook_ev);
  free(n->sfx_keys);
  free(n->sfx_vals);
  n->sfx_keys = NULL;
  n->sfx_vals = NULL;
  n->sfx_cap = n->sfx_len = 0;
}

/* What numbering a deferred op's regions would do to the counters in
 * generic form (a %N per non-entry block argument and per op with results,
 * an %argN per entry block argument), and the alias precheck of everything
 * under it; one walk, in any order. */
static void scan_unit(AsmNames *n, IrOp *root) {
  VEC(IrOp *) work = {0};
  vec_push(&work, root);
  unsigned values = 0, args = 0;
  while (work.len) {
    IrOp *op = vec_pop(&work);
    for (uint32_t ri = 0; ri < op->nregions; ri++) {
      IrRegion *r = &ir_op_regions(op)[ri];
      for (IrBlock *b = r->first; b; b = b->next) {
        if (b == r->first) args += b->nargs;
        else values += b->nargs;
        for (uint32_t i = 0; i < b->nargs && n->precheck && !n->may_alias; i++)
          if (!asm_pcached(n->precheck, b->args[i]->type) &&
              asm_type_may_alias(n->precheck, b->args[i]->type))
            n->may_alias = true;
        for (IrOp *o = b->first; o; o = o->next) {
          if (o->nresults) values++;
          precheck_op(n, o);
          if (o->nregions) vec_push(&work, o);
        }
      }
    }
  }
  vec_free(&work);
  if (n->generic) {
    n->next_value += values;
    n->next_arg += args;
  }
}

/* A frame for an isolated-from-above op, popped where its regions would
 * have been numbered: record the counters and the names taken in the
 * enclosing scopes, and (generic form) advance the counters past it. */
static void defer_unit(AsmNames *n, IrOp *op) {
  NameUnit *u = pool_alloc(&n->pool, sizeof *u);
  memset(u, 0, sizeof *u);
  u->value = n->next_value;
  u->arg = n->next_arg;
  u->conflict = n->next_conflict;
  if (!n->generic) {
    if (!n->snap || n->snap_version != n->log_version) { /* else unchanged: share */
      uint32_t *snap = pool_alloc(&n->pool, n->used_log.len * sizeof *snap + 1);
      if (n->used_log.len) memcpy(snap, n->used_log.data, n->used_log.len * sizeof *snap);
      n->snap = snap;
      n->nsnap = (uint32_t)n->used_log.len;
      n->snap_version = n->log_version;
    }
    u->used = n->snap;
    u->nused = n->nsnap;
  }
  NameOp *e = op_entry(n, op);
  if (e) e->unit = u;
  else u64map_put(&n->units, (uintptr_t)op, u);
  n->nunits++;
  if (n->generic || (n->precheck && !n->may_alias)) scan_unit(n, op);
}

/* The walk of asm_names_init: regions in MLIR's order (a stack), each
 * restarting from its parent's counters (custom form) in the scope of its
 * enclosing regions. */
static void number_walk(AsmNames *n, NameStack *stack, ScopeStack *scopes) {
  while (stack->len) {
    NameFrame f = vec_pop(stack);
    if (!n->generic) { /* generic form prints IDs unique across all regions */
      n->next_value = f.value;
      n->next_arg = f.arg;
      n->next_conflict = f.conflict;
    }
    while (scopes->len > f.parent_depth) names_pop_scope(n, vec_pop(scopes));
    if (f.unit) {
      defer_unit(n, f.unit);
      continue;
    }
    vec_push(scopes, n->used_log.len);
    number_region(n, f.r, stack, scopes->len);
  }
}

void asm_names_init(AsmNames *n, IrOp *root, bool generic, bool lazy, AsmPrinter *precheck) {
  memset(n, 0, sizeof *n);
  arena_init(&n->arena);
  n->generic = generic;
  n->lazy = lazy;
  n->precheck = precheck;
  vec_push(&n->scopes, 0);     /* the top-level scope */
  for (uint32_t i = 0; i < root->nregions; i++)
    vec_push(&n->stack, ((NameFrame){&ir_op_regions(root)[i], NULL, 0, 0, 0, 1}));
  number_op(n, root);
  precheck_op(n, root);
  number_walk(n, &n->stack, &n->scopes);
  if (!lazy) {
    vec_free(&n->stack);
    vec_free(&n->scopes);
  }
  n->precheck = NULL; /* done: units numbered later need no precheck */
  if (!n->nunits) names_free_atoms(n);
}

/* Numbers the regions of `op` if it is a deferred unit (returns false
 * otherwise): its tables go on top of the pool and of the op table, both
 * dropped by asm_names_leave_unit. */
bool asm_names_enter_unit(AsmNames *n, IrOp *op, NameUnitSave *save) {
  if (!n->nunits) return false;
  NameOp *e = op_entry(n, op);
  NameUnit *u = e ? e->unit : NULL;
  if (u) {
    e->unit = NULL;
  } else {
    u = n->units.len ? u64map_get(&n->units, (uintptr_t)op) : NULL;
    if (!u) return false;
    u64map_remove(&n->units, (uintptr_t)op);
  }
  n->nunits--;
  save->pool_cur = n->pool.cur;
  save->pool_off = n->pool.off;
  save->nops = n->nops;
  save->nblocks = n->block_log.len;
  n->unit_depth++;
  names_pop_scope(n, 0); /* take exactly the names of the enclosing scopes */
  for (uint32_t i = 0; i < u->nused; i++) take_atom(n, &n->atoms.data[u->used[i]]);
  n->snap = NULL;
  n->next_value = u->value;
  n->next_arg = u->arg;
  n->next_conflict = u->conflict;
  n->scopes.len = 0;
  vec_push(&n->scopes, 0);
  for (uint32_t i = 0; i < op->nregions; i++)
    vec_push(&n->stack, ((NameFrame){&ir_op_regions(op)[i], NULL, u->value, u->arg, u->conflict, 1}));
  number_walk(n, &n->stack, &n->scopes);
  return true;
}

void asm_names_leave_unit(AsmNames *n, NameUnitSave *save) {
  for (size_t i = save->nblocks; i < n->block_log.len; i++)
    u64map_remove(&n->blocks, (uintptr_t)n->block_log.data[i]);
  n->block_log.len = save->nblocks;
  n->nops = save->nops;
  n->snap = NULL;
  n->pool.cur = save->pool_cur;
  n->pool.off = save->pool_off;
  n->unit_depth--;
}

void asm_names_free(AsmNames *n) {
  free(n->ops);
  u64map_free(&n->extra);
  u64map_free(&n->blocks);
  u64map_free(&n->groups);
  u64map_free(&n->units);
  vec_free(&n->block_log);
  vec_free(&n->stack);
  vec_free(&n->scopes);
  pool_free(&n->pool);
  names_free_atoms(n);
  arena_free(&n->arena);
}

/* Two-digit pairs "00".."99" for the decimal writers below. */
static const char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Writes v in decimal at d and returns the end: the usual widths (ids
 * below a million) by range, with two-digit pairs and 32-bit constant
 * divisions, no digit counting loop; wider values from the end of a local
 * buffer. */
static inline __attribute__((always_inline)) char *dec_put(char *d, uint64_t v) {
  if (v < 100) {
    if (v < 10) {
      *d = (char)('0' + v);
      return d + 1;
    }
    memcpy(d, digit_pairs + 2 * v, 2);
    return d + 2;
  }
  if (v < 10000) {
    uint32_t w = (uint32_t)v, hi = w / 100, lo = w - hi * 100;
    if (hi < 10) *d++ = (char)('0' + hi);
    else {
      memcpy(d, digit_pairs + 2 * hi, 2);
      d += 2;
    }
    memcpy(d, digit_pairs + 2 * lo, 2);
    return d + 2;
  }
  if (v < 1000000) {
    uint32_t w = (uint32_t)v, hi = w / 10000, r = w - hi * 10000, mid = r / 100,
             lo = r - mid * 100;
    if (hi < 10) *d++ = (char)('0' + hi);
    else {
      memcpy(d, digit_pairs + 2 * hi, 2);
      d += 2;
    }
    memcpy(d, digit_pairs + 2 * mid, 2);
    memcpy(d + 2, digit_pairs + 2 * lo, 2);
    return d + 4;
  }
  char tmp[24], *q = tmp + sizeof tmp;
  while (v >= 100) {
    unsigned r = (unsigned)(v % 100);
    v /= 100;
    q -= 2;
    memcpy(q, digit_pairs + 2 * r, 2);
  }
  if (v >= 10) {
    q -= 2;
    memcpy(q, digit_pairs + 2 * v, 2);
  } else {
    *--q = (char)('0' + v);
  }
  size_t n = (size_t)(tmp + sizeof tmp - q);
  memcpy(d, q, n);
  return d + n;
}

/* `%N` for N >= 100, written straight into b (out of line: the short ids
 * and names are the hot path; the generic form's module-wide ids are
 * mostly 5 or 6 digits). */
__attribute__((noinline)) void asm_put_value_number(StrBuf *b, uint64_t id) {
  sb_reserve(b, 24);
  char *d = b->s + b->len;
  d[0] = '%';
  char *e = dec_put(d + 1, id);
  *e = 0;
  b->len = (size_t)(e - b->s);
}

/* `%argN` (generic form; out of line like asm_put_value_number). */
__attribute__((noinline)) void asm_put_arg_number(StrBuf *b, uint64_t id) {
  sb_reserve(b, 28);
  char *d = b->s + b->len;
  memcpy(d, "%arg", 4);
  char *e = dec_put(d + 4, id);
  *e = 0;
  b->len = (size_t)(e - b->s);
}

static __attribute__((noinline)) void print_value_id_slow(AsmPrinter *p, IrValue *v,
                                                          bool print_result_no);

/* asm_put_value_name_inline out of line: asm_print_value_id's lookup stays a leaf
 * that ends in a jump here (no registers to save on its path). */
static __attribute__((noinline)) void put_value_name_out(StrBuf *b, uintptr_t e) {
  asm_put_value_name_inline(b, e);
}

/* SSANameState::printValueID.  The common case (the only result of a
 * numbered op, an argument of a numbered block with ops) is a table lookup
 * (asm_value_name_fast) and a tail call; everything else is
 * print_value_id_slow. */
void asm_print_value_id(AsmPrinter *p, IrValue *v, bool print_result_no) {
  const AsmNames *n = p->names;
  if (v && n) {
    uintptr_t e = asm_value_name_fast(n, v);
    if (e) {
      put_value_name_out(p->out, e);
      return;
    }
  }
  print_value_id_slow(p, v, print_result_no);
}

static __attribute__((noinline)) void print_value_id_slow(AsmPrinter *p, IrValue *v,
                                                          bool print_result_no) {
  StrBuf *b = p->out;
  if (!v) {
    sb_puts(b, "<<NULL VALUE>>");
    return;
  }
  if (!p->names) {
    sb_puts(b, "<<UNKNOWN SSA VALUE>>");
    return;
  }
  IrValue *lookup = v;
  long result_no = -1;
  if (v->def && v->def->nresults != 1) {
    IrOp *op = v->def;
    int idx = (int)ir_value_index(v);
    const NameOp *oe = op_entry(p->names, op);
    if (oe && oe->name) { /* numbered: resolved (NameMulti) or one group */
      uintptr_t e = oe->name;
      if ((e & 3) == 2) {
        const NameMulti *m = (const NameMulti *)(e - 2);
        e = m->names[idx];
        result_no = m->rno[idx];
      } else {
        result_no = idx;
      }
      asm_put_value_name_inline(b, e);
      if (result_no >= 0 && print_result_no) {
        if (result_no < 10) { /* `#N`, the common case, without a call */
          sb_reserve(b, 2);
          b->s[b->len++] = '#';
          b->s[b->len++] = (char)('0' + result_no);
          b->s[b->len] = 0;
        } else {
          sb_putc(b, '#');
          asm_put_uint(b, (uint64_t)result_no);
        }
      }
      return;
    }
    int start;
    result_no = group_of(op_groups(p->names, op), (int)op->nresults, idx, &start);
    lookup = ir_op_result(op, (unsigned)start);
  }
  uintptr_t e = get_name(p->names, lookup);
  if (!e) {
    sb_puts(b, "<<UNKNOWN SSA VALUE>>");
    return;
  }
  asm_put_value_name_inline(b, e);
  if (result_no >= 0 && print_result_no) {
    sb_putc(b, '#');
    asm_put_uint(b, (uint64_t)result_no);
  }
}

static long block_ordering(AsmPrinter *p, IrBlock *blk) {
  const NameBlock *nb = p->names ? name_block(p->names, blk) : NULL;
  return nb ? (long)nb->ordering : -1;
}

static void print_block_name(AsmPrinter *p, IrBlock *blk) {
  long o = block_ordering(p, blk);
  if (o < 0) {
    sb_puts(p->out, "INVALIDBLOCK");
    return;
  }
  sb_puts(p->out, "^bb");
  asm_put_uint(p->out, (uint64_t)o);
}

/* ---- printer state ---------------------------------------------------------------- */

void asm_printer_init(AsmPrinter *p, IrContext *ctx, StrBuf *out,
                      const AsmPrintOptions *opts) {
  memset(p, 0, sizeof *p);
  p->ctx = ctx;
  p->out = out;
  if (opts) p->opts = *opts;
  vec_push(&p->dd, "builtin");
}

void asm_printer_fini(AsmPrinter *p) {
  vec_free(&p->dd);
  vec_free(&p->res_used);
  sb_free(&p->scratch);
  sb_free(&p->tcache_text);
  free(p->memo);
  free(p->dmemo);
  free(p->pcache);
  u64map_free(&p->precheck);
  asm_opmemo_free(p);
}

static const char *dd_top(AsmPrinter *p) { return p->dd.len ? vec_last(&p->dd) : ""; }

/* ---- blocks and regions ----------------------------------------------------------- */

enum { TERM_PRINT, TERM_ELIDE, TERM_ELIDE_EMPTY };

/* Predecessor edges of one region: (successor block, predecessor ordering). */
typedef struct PredEdge {
  IrBlock *succ;
  long pred;
} PredEdge;
typedef VEC(PredEdge) PredTable;

static int pred_cmp(const void *x, const void *y) {
  const PredEdge *a = x, *b = y;
  if (a->succ != b->succ) return (uintptr_t)a->succ < (uintptr_t)b->succ ? -1 : 1;
  return (a->pred > b->pred) - (a->pred < b->pred);
}

static void build_preds(AsmPrinter *p, IrRegion *r, PredTable *t) {
  for (IrBlock *b = r->first; b; b = b->next) {
    /* The numbering pass counted the branching ops of the blocks it saw. */
    const NameBlock *nb = p->names ? name_block(p->names, b) : NULL;
    if (nb && !nb->nbranch) continue;
    long ord = nb ? (long)nb->ordering : -1;
    for (IrOp *o = b->first; o; o = o->next)
      for (uint32_t i = 0; i < o->nsuccessors; i++)
        if (ir_op_successors(o)[i]) vec_push(t, ((PredEdge){ir_op_successors(o)[i], ord}));
  }
  if (t->len > 1) qsort(t->data, t->len, sizeof(PredEdge), pred_cmp);
}

static void print_pred_comment(AsmPrinter *p, IrBlock *b, const PredTable *t) {
  StrBuf *o = p->out;
  if (!b->parent) {
    sb_puts(o, "  // block is not in a region!");
    return;
  }
  size_t lo = 0, hi = t ? t->len : 0;
  while (lo < hi) { /* first edge with succ >= b */
    size_t mid = (lo + hi) / 2;
    if ((uintptr_t)t->data[mid].succ < (uintptr_t)b) lo = mid + 1;
    else hi = mid;
  }
  size_t end = lo;
  while (t && end < t->len && t->data[end].succ == b) end++;
  size_t n = end - lo;
  if (n == 0) {
    if (b != b->parent->first) sb_puts(o, "  // no predecessors");
    return;
  }
  if (n == 1) { /* Block::getSinglePredecessor: exactly one use */
    sb_puts(o, "  // pred: ^bb");
    asm_put_uint(o, (uint64_t)t->data[lo].pred);
    return;
  }
  sb_puts(o, "  // ");
  asm_put_uint(o, n);
  sb_puts(o, " preds: ");
  for (size_t i = lo; i < end; i++) {
    if (i > lo) sb_puts(o, ", ");
    sb_puts(o, "^bb");
    asm_put_uint(o, (uint64_t)t->data[i].pred);
  }
}

static void print_full_op_with_indent_and_loc(AsmPrinter *p, IrOp *op);

/* Streaming (AsmPrintOptions.sink): between ops, and only while printing
 * into the caller's buffer (not into a scratch buffer a hook may have
 * redirected to), a full buffer is handed over and emptied. */
#define STREAM_CHUNK ((size_t)1 << 16)
static void maybe_stream(AsmPrinter *p) {
  if (p->stream_out && p->out == p->stream_out && p->out->len >= STREAM_CHUNK) {
    p->opts.sink(p->opts.sink_user, p->out->s, p->out->len);
    sb_clear(p->out);
  }
}

/* OperationPrinter::print(Block*). */
static void print_block(AsmPrinter *p, IrBlock *b, bool header, int term_mode,
                        const PredTable *preds) {
  IrOp *last = b->last;
  IrOp *stop = NULL;
  if (last && ir_op_info_has(last->info, IR_TRAIT_TERMINATOR) &&
      (term_mode == TERM_ELIDE || (term_mode == TERM_ELIDE_EMPTY && last->noperands == 0)))
    stop = last;
  if (p->init) {
    if (header)
      for (uint32_t i = 0; i < b->nargs; i++) {
        asm_print_type(p, b->args[i]->type);
        if (p->opts.debuginfo) /* else no location is materialized */
          asm_print_trailing_loc(p, ir_value_arg_loc(b->args[i]), false);
      }
    for (IrOp *o = b->first; o && o != stop; o = o->next) print_full_op_with_indent_and_loc(p, o);
    return;
  }
  StrBuf *out = p->out;
  if (header) {
    put_indent(out, p->indent);
    print_block_name(p, b);
    if (b->nargs) {
      sb_putc(out, '(');
      for (uint32_t i = 0; i < b->nargs; i++) {
        if (i) sb_puts(out, ", ");
        asm_print_value_id(p, b->args[i], true);
        sb_puts(out, ": ");
        asm_print_type(p, b->args[i]->type);
        if (p->opts.debuginfo) /* else no location is materialized */
          asm_print_trailing_loc(p, ir_value_arg_loc(b->args[i]), false);
      }
      sb_putc(out, ')');
    }
    sb_putc(out, ':');
    print_pred_comment(p, b, preds);
    sb_putc(out, '\n');
  }
  p->indent += 2;
  for (IrOp *o = b->first; o && o != stop; o = o->next) {
    print_full_op_with_indent_and_loc(p, o);
    sb_putc(out, '\n');
    maybe_stream(p);
  }
  p->indent -= 2;
}

/* OperationPrinter::printRegion (without the leading space). */
static void print_region(AsmPrinter *p, IrRegion *r, bool entry_args, int term_mode,
                         bool empty_block) {
  if (p->init) {
    if (!r->first) return;
    print_block(p, r->first, entry_args, term_mode, NULL);
    for (IrBlock *b = r->first->next; b; b = b->next) print_block(p, b, true, TERM_PRINT, NULL);
    return;
  }
  StrBuf *out = p->out;
  sb_puts(out, "{\n");
  if (r->first) {
    const char *dd = r->parent && r->parent->info->default_dialect
                         ? r->parent->info->default_dialect : "";
    vec_push(&p->dd, dd);
    IrBlock *entry = r->first;
    bool header = (empty_block && !entry->first) || (entry_args && entry->nargs);
    PredTable preds = {0};
    if (header || entry->next) build_preds(p, r, &preds);
    print_block(p, entry, header, term_mode, &preds);
    for (IrBlock *b = entry->next; b; b = b->next) print_block(p, b, true, TERM_PRINT, &preds);
    vec_free(&preds);
    p->dd.len--;
  }
  put_indent(out, p->indent);
  sb_putc(out, '}');
}

/* ---- operations ------------------------------------------------------------------ */

/* All attributes of op (properties merged with discardable attributes,
 * sorted by name) except those named in `elided`. */
typedef struct AttrList {
  const IrAttr **vals;
  const IrIdent **names;
  size_t len;
  /* Ops have a few attributes: lists up to this size need no malloc. */
  const IrAttr *small_vals[16];
  const IrIdent *small_names[16];
} AttrList;

static bool name_elided(const IrIdent *n, const char *const *elided) {
  if (!elided) return false;
  for (const char *const *e = elided; *e; e++)
    if ((*e)[0] == n->str[0] && !strcmp(*e, n->str)) return true;
  return false;
}

static void collect_attrs(const IrAttr *a, const IrAttr *b, const char *const *elided,
                          AttrList *out) {
  uint32_t na = a ? a->nelems : 0, nb = b ? b->nelems : 0, i = 0, j = 0;
  out->len = 0;
  out->vals = out->small_vals;
  out->names = out->small_names;
  if (na + nb > 16) { /* at most na + nb entries */
    out->vals = xmalloc((na + nb) * sizeof *out->vals);
    out->names = xmalloc((na + nb) * sizeof *out->names);
  }
  while (i < na || j < nb) {
    bool take_a;
    if (i == na) take_a = false;
    else if (j == nb) take_a = true;
    else take_a = strcmp(a->names[i]->str, b->names[j]->str) <= 0;
    const IrIdent *n = take_a ? a->names[i] : b->names[j];
    const IrAttr *v = take_a ? a->elems[i++] : b->elems[j++];
    if (name_elided(n, elided)) continue;
    out->names[out->len] = n;
    out->vals[out->len++] = v;
  }
}

static void print_attr_list(AsmPrinter *p, AttrList *l, bool keyword) {
  if (l->len) {
    if (!p->init) sb_puts(p->out, keyword ? " attributes {" : " {");
    asm_print_named_attrs(p, l->vals, l->names, l->len);
    if (!p->init) sb_putc(p->out, '}');
  }
  if (l->vals != l->small_vals) {
    free(l->vals);
    free(l->names);
  }
}

/* The slot of (props, attrs, elided) in the dictionary memo, or -1 when
 * the elided list is too long to key on. */
static long dict_memo_slot(const IrAttr *props, const IrAttr *attrs, const char *const *elided,
                           uint32_t *nel) {
  uint32_t k = 0;
  if (elided)
    while (elided[k])
      if (++k > ASM_DICT_MEMO_ELIDED) return -1;
  *nel = k;
  uintptr_t h = ((uintptr_t)props >> 4) ^ ((uintptr_t)attrs >> 3) ^ ((uintptr_t)props >> 13) ^
                ((uintptr_t)elided >> 2);
  return (long)(h & (ASM_DICT_MEMO - 1));
}

/* Whether memo entry m holds the dictionary text for these keys in the
 * current printer state (see memo_find in print_types.c). */
static bool dict_memo_hit(const AsmPrinter *p, const AsmDictMemo *m, const IrAttr *props,
                          const IrAttr *attrs, const char *const *elided, uint32_t nel,
                          bool keyword) {
  if (m->props != props || m->attrs != attrs || m->elided != elided || m->nel != nel ||
      m->keyword != keyword || m->st.al != p->aliases || m->st.gen != p->alias_gen ||
      m->st.sd1 != p->sd1 || m->st.sd2 != p->sd2 || m->st.sd2_len != p->sd2_len || !m->len)
    return false;
  for (uint32_t i = 0; i < nel; i++) /* a list rebuilt in place may hold other names */
    if (m->el[i] != elided[i]) return false;
  return true;
}

/* Prints an op's attribute dictionary.  Ops repeat the same (uniqued)
 * dictionaries, so the text (empty when everything is elided) is
 * memoized unless printing it had side effects (a dense resource noted,
 * a type alias defined). */
static void print_op_attr_dict(AsmPrinter *p, IrOp *op, const char *const *elided,
                               bool keyword) {
  const IrAttr *props = op->props && op->props->nelems ? op->props : NULL;
  const IrAttr *attrs = op->attrs && op->attrs->nelems ? op->attrs : NULL;
  if (!props && !attrs) return;
  uint32_t nel = 0;
  long slot = p->init ? -1 : dict_memo_slot(props, attrs, elided, &nel);
  if (slot >= 0) {
    if (!p->dmemo) p->dmemo = xcalloc(ASM_DICT_MEMO, sizeof *p->dmemo);
    const AsmDictMemo *m = &p->dmemo[slot];
    if (dict_memo_hit(p, m, props, attrs, elided, nel, keyword)) {
      asm_put_cached(p, m->off, m->len - 1);
      return;
    }
  }
  size_t start = p->out->len, nres = p->res_used.len;
  uint32_t gen = p->alias_gen;
  AttrList l;
  collect_attrs(props, attrs, elided, &l);
  print_attr_list(p, &l, keyword);
  size_t n = p->out->len - start;
  if (slot < 0 || n > 512 || p->res_used.len != nres || p->alias_gen != gen) return;
  AsmDictMemo *m = &p->dmemo[slot];
  m->len = 0; /* tcache_keep may drop every entry, this one included */
  uint32_t off = asm_tcache_keep(p, start, n);
  m->props = props;
  m->attrs = attrs;
  m->elided = elided;
  m->nel = nel;
  for (uint32_t i = 0; i < ASM_DICT_MEMO_ELIDED; i++) m->el[i] = i < nel ? elided[i] : NULL;
  m->keyword = keyword;
  m->st = asm_memo_state(p);
  m->off = off;
  m->len = (uint32_t)n + 1; /* 0: empty slot */
}

/* The dummy generic printer of the alias collection pass: regions first,
 * then operand and result types, then every attribute. */
static void collect_generic(AsmPrinter *p, IrOp *op) {
  for (uint32_t i = 0; i < op->nregions; i++)
    print_region(p, &ir_op_regions(op)[i], true, TERM_PRINT, true);
  for (uint32_t i = 0; i < op->noperands; i++) {
    IrValue *v = ir_op_operands(op)[i].value;
    if (v) asm_print_type(p, v->type);
  }
  for (uint32_t i = 0; i < op->nresults; i++) asm_print_type(p, ir_op_result(op, i)->type);
  /* Operation::getAttrs(): inherent attributes merged in for registered
   * ops; an unregistered op's properties are opaque and not visited. */
  AttrList l;
  collect_attrs(ir_op_info_has(op->info, IR_TRAIT_UNREGISTERED) ? NULL : op->props, op->attrs,
                NULL, &l);
  print_attr_list(p, &l, false);
}

static void print_functional_type(AsmPrinter *p, IrOp *op) {
  StrBuf *b = p->out;
  sb_putc(b, '(');
  for (uint32_t i = 0; i < op->noperands; i++) {
    if (i) sb_puts(b, ", ");
    IrValue *v = ir_op_operands(op)[i].value;
    asm_print_type(p, v ? v->type : NULL);
  }
  sb_puts(b, ") -> ");
  bool wrapped = op->nresults != 1;
  if (!wrapped && ir_type_is(ir_op_result(op, 0)->type, &ir_function_type_def)) wrapped = true;
  if (wrapped) sb_putc(b, '(');
  for (uint32_t i = 0; i < op->nresults; i++) {
    if (i) sb_puts(b, ", ");
    asm_print_type(p, ir_op_result(op, i)->type);
  }
  if (wrapped) sb_putc(b, ')');
}

/* OperationPrinter::printGenericOp. */
static void print_generic(AsmPrinter *p, IrOp *op) {
  if (p->init) {
    collect_generic(p, op);
    return;
  }
  StrBuf *b = p->out;
  AsmShortScope saved = asm_short_scope(p, NULL, NULL, 0);
  const IrOpInfo *info = op->info;
  size_t gs = (size_t)(((uintptr_t)info * 0x9E3779B97F4A7C15ull) >> 57); /* < 128 */
  sb_putc(b, '"');
  if (p->gname[gs].info == info) {
    sb_putn(b, info->name, p->gname[gs].len);
  } else {
    size_t len = strlen(info->name), start = b->len;
    asm_print_escaped(b, info->name, len);
    if (b->len - start == len && len <= UINT32_MAX) { /* printed as is */
      p->gname[gs].info = info;
      p->gname[gs].len = (uint32_t)len;
    }
  }
  sb_puts(b, "\"(");
  for (uint32_t i = 0; i < op->noperands; i++) {
    if (i) sb_puts(b, ", ");
    if (p->om_rec) asm_opmemo_print_operand(p, ir_op_operands(op)[i].value);
    else asm_print_value_id(p, ir_op_operands(op)[i].value, true);
  }
  sb_putc(b, ')');
  if (op->nsuccessors) {
    sb_putc(b, '[');
    for (uint32_t i = 0; i < op->nsuccessors; i++) {
      if (i) sb_puts(b, ", ");
      print_block_name(p, ir_op_successors(op)[i]);
    }
    sb_putc(b, ']');
  }
  if (op->props && op->props->nelems) {
    sb_puts(b, " <");
    asm_print_attr(p, op->props);
    sb_putc(b, '>');
  }
  if (op->nregions) {
    sb_puts(b, " (");
    for (uint32_t i = 0; i < op->nregions; i++) {
      if (i) sb_puts(b, ", ");
      print_region(p, &ir_op_regions(op)[i], true, TERM_PRINT, true);
    }
    sb_putc(b, ')');
  }
  if (op->attrs && op->attrs->nelems) {
    AttrList l;
    collect_attrs(NULL, op->attrs, NULL, &l);
    print_attr_list(p, &l, false);
  }
  sb_puts(b, " : ");
  print_functional_type(p, op);
  asm_short_restore(p, saved);
}

/* The canonical string starting with the n-byte dialect prefix of `name`
 * (see AsmPrinter.sd_canon); `name` itself when the table is full. */
static const char *canon_dialect(AsmPrinter *p, const char *name, size_t n) {
  for (uint32_t i = 0; i < p->nsd_canon; i++)
    if (p->sd_canon_len[i] == n && !memcmp(p->sd_canon[i], name, n)) return p->sd_canon[i];
  if (p->nsd_canon == sizeof p->sd_canon / sizeof p->sd_canon[0]) return name;
  p->sd_canon[p->nsd_canon] = name;
  p->sd_canon_len[p->nsd_canon++] = (uint32_t)n;
  return name;
}

/* OperationPrinter::printCustomOrGenericOp (inlined into its one caller). */
static inline __attribute__((always_inline)) void print_custom_or_generic(AsmPrinter *p,
                                                                         IrOp *op) {
  if (p->init) {
    if (p->scratch.len > 65536) sb_clear(&p->scratch);
    if (p->opts.debuginfo)
      asm_alias_visit_attr(p, ir_op_loc(op) ? ir_op_loc(op) : ir_unknown_loc(ir_op_context(op)), true, false);
  }
  const IrOpInfo *info = op->info;
  bool custom = !p->opts.generic && info->print;
  /* the op memo: its text after the result names, or record it (the
   * generic form does not depend on the default dialect) */
  AsmOpMemoRec rec;
  if (!p->init && asm_opmemo_begin(p, op, custom ? dd_top(p) : NULL, &rec)) return;
  if (custom) {
    const char *dd = dd_top(p);
    /* op infos sit in arrays of large structs: a multiplicative hash
     * spreads them (a shift-and-mask one left most slots unused) */
    size_t slot = (size_t)((((uintptr_t)info ^ ((uintptr_t)dd >> 3)) * 0x9E3779B97F4A7C15ull) >> 56) %
                  (sizeof p->ncache / sizeof p->ncache[0]);
    if (p->ncache[slot].info != info || p->ncache[slot].dd != dd) {
      const char *name = info->name;
      size_t dl = strlen(dd), skip = 0;
      if (dl && !strncmp(name, dd, dl) && name[dl] == '.' && !strchr(name + dl + 1, '.'))
        skip = dl + 1;
      const char *dot = strchr(name, '.');
      p->ncache[slot].info = info;
      p->ncache[slot].dd = dd;
      p->ncache[slot].skip = (uint32_t)skip;
      p->ncache[slot].len = (uint32_t)(strlen(name) - skip);
      p->ncache[slot].has_dot = dot != NULL;
      p->ncache[slot].dialect_len = dot ? (uint32_t)(dot - name) : 0;
      p->ncache[slot].dialect = dot ? canon_dialect(p, name, (size_t)(dot - name)) : NULL;
    }
    sb_putn(p->out, info->name + p->ncache[slot].skip, p->ncache[slot].len);
    bool has_dot = p->ncache[slot].has_dot;
    AsmShortScope saved = asm_short_scope(p, *dd ? dd : NULL, has_dot ? p->ncache[slot].dialect : NULL,
                                          p->ncache[slot].dialect_len);
    info->print(p, op);
    asm_short_restore(p, saved);
  } else {
    print_generic(p, op);
  }
  if (!p->init) asm_opmemo_end(p, &rec);
}

/* OperationPrinter::printFullOp: result groups, then the op (inlined into
 * its two callers: a call per op costs as much as its body). */
static inline __attribute__((always_inline)) void print_full_op(AsmPrinter *p, IrOp *op) {
  asm_opmemo_taint(p); /* an op printed inside the one being recorded */
  if (op->nresults && !p->init) {
    StrBuf *b = p->out;
    const int *g = p->names && op->nresults > 1 ? op_groups(p->names, op) : NULL;
    if (g) {
      for (int k = 0; k < g[0]; k++) {
        int start = g[1 + k];
        int end = k + 1 < g[0] ? g[2 + k] : (int)op->nresults;
        if (k) sb_puts(b, ", ");
        asm_print_value_id(p, ir_op_result(op, (unsigned)start), false);
        if (end - start > 1) {
          sb_putc(b, ':');
          asm_put_uint(b, (uint64_t)(end - start));
        }
      }
    } else if (op->nresults == 1 && p->names) { /* the common case, without a call */
      uintptr_t e = asm_value_name_fast(p->names, ir_op_result(op, 0));
      if (e) asm_put_value_name_inline(b, e);
      else asm_print_value_id(p, ir_op_result(op, 0), false);
    } else {
      asm_print_value_id(p, ir_op_result(op, 0), false);
      if (op->nresults > 1) {
        sb_putc(b, ':');
        asm_put_uint(b, op->nresults);
      }
    }
    sb_puts(b, " = ");
  }
  NameUnitSave unit;
  bool unit_entered =
      op->nregions && !p->init && p->names && asm_names_enter_unit(p->names, op, &unit);
  print_custom_or_generic(p, op);
  if (unit_entered) asm_names_leave_unit(p->names, &unit);
}

static void print_full_op_with_indent_and_loc(AsmPrinter *p, IrOp *op) {
  if (!p->init) put_indent(p->out, p->indent);
  print_full_op(p, op);
  if (!p->init && p->opts.debuginfo) asm_print_trailing_loc(p, ir_op_loc(op), true);
}

/* ---- entry points ----------------------------------------------------------------- */

/* Operation::print: values are numbered from the topmost ancestor (or the
 * nearest isolated-from-above op with local_scope).  A top-level op gets
 * MLIR's printTopLevelOperation: aliases that cannot be deferred, the op and
 * a newline, then the deferred ones (those reached only from op locations).
 * The alias collection pass runs only when something may get an alias (any
 * location with debug info, else a cheap structural precheck made while
 * numbering).  Other ops (nested, or any op with local_scope) print alone
 * with no newline, as printFullOpWithIndentAndLoc: mlir-opt's own '\n' then
 * ends `--mlir-print-local-scope` output without a blank line. */
void asm_print_op_to(StrBuf *out, IrOp *op, const AsmPrintOptions *opts) {
  AsmPrintOptions o = {0};
  if (opts) o = *opts;
  AsmPrinter p;
  asm_printer_init(&p, ir_op_context(op), out, &o);
  IrOp *root = op;
  for (;;) {
    if (o.local_scope && ir_op_info_has(root->info, IR_TRAIT_ISOLATED_FROM_ABOVE)) break;
    IrOp *parent = ir_op_parent_op(root);
    if (!parent) break;
    root = parent;
  }
  AsmNames names;
  bool top = !op->block && !o.local_scope;
  asm_names_init(&names, root, o.generic, root == op, top && !o.debuginfo ? &p : NULL);
  p.names = &names;
  AsmAliases al;
  memset(&al, 0, sizeof al);
  arena_init(&al.init.arena);
  if (top && (o.debuginfo || names.may_alias)) {
    p.init = &al.init;
    p.out = &p.scratch;
    print_full_op_with_indent_and_loc(&p, op);
    p.init = NULL;
    p.out = out;
    p.dd.len = 1;
    asm_short_scope(&p, NULL, NULL, 0);
    asm_aliases_finish(&al);
    if (al.order.len) p.aliases = &al;
  }
  if (top) asm_print_alias_defs(&p, false);
  if (o.sink) p.stream_out = out;
  print_full_op_with_indent_and_loc(&p, op);
  if (top) {
    sb_putc(out, '\n');
    asm_print_alias_defs(&p, true);
    asm_print_file_metadata(&p, out);
  }
  asm_aliases_free(&al);
  asm_names_free(&names);
  asm_printer_fini(&p);
}

/* Type::print / Attribute::print as used by diagnostics: no aliases, no
 * context (asm_printer_ctx returns NULL to dialect hooks here). */
void asm_print_type_str(StrBuf *b, const IrType *t) {
  /* scalars (`c5_i32` names, diagnostics) without the printer's set-up,
   * which clears a 16 KB struct */
  if (t && asm_put_scalar_type(b, t)) return;
  AsmPrinter p;
  asm_printer_init(&p, NULL, b, NULL);
  asm_print_type(&p, t);
  asm_printer_fini(&p);
}

void asm_print_attr_str(StrBuf *b, const IrAttr *a) {
  AsmPrinter p;
  asm_printer_init(&p, NULL, b, NULL);
  asm_print_attr(&p, a);
  asm_printer_fini(&p);
}

/* `loc(...)` around the printed location unless it already reads that way. */
void asm_print_loc(StrBuf *out, const IrLoc *loc) {
  StrBuf b = {0};
  asm_print_attr_str(&b, loc);
  const char *s = sb_cstr(&b);
  if (strncmp(s, "loc(", 4) == 0) sb_puts(out, s);
  else sb_printf(out, "loc(%s)", s);
  sb_free(&b);
}

void asm_print_op_for_diag(StrBuf *b, IrOp *op, bool generic) {
  AsmPrintOptions o = {.generic = generic, .local_scope = true, .elide_elements_limit = 16};
  size_t start = b->len;
  asm_print_op_to(b, op, &o);
  if (b->len > start && b->s[b->len - 1] == '\n') b->s[--b->len] = 0;
}

void asm_install_printers(IrContext *ctx) {
  ir_ctx_set_printers(ctx, asm_print_type_str, asm_print_attr_str);
  ir_ctx_set_op_printer(ctx, asm_print_op_for_diag);
}

/* ---- helper API for custom-syntax hooks ------------------------------------------ */

IrContext *asm_printer_ctx(AsmPrinter *p) { return p->ctx; }
const AsmPrintOptions *asm_printer_options(AsmPrinter *p) { return &p->opts; }
void (asm_puts)(AsmPrinter *p, const char *s) { sb_puts(p->out, s); }
void asm_putn(AsmPrinter *p, const char *s, size_t n) {
  StrBuf *b = p->out;
  if (n > 16) {
    sb_putn(b, s, n);
    return;
  }
  sb_reserve(b, n); /* hooks mostly print short literals: no memcpy call, */
  char *d = b->s + b->len; /* but two overlapping words (or three bytes) */
  if (n >= 8) {
    uint64_t x, y;
    memcpy(&x, s, 8);
    memcpy(&y, s + n - 8, 8);
    memcpy(d, &x, 8);
    memcpy(d + n - 8, &y, 8);
  } else if (n >= 4) {
    uint32_t x, y;
    memcpy(&x, s, 4);
    memcpy(&y, s + n - 4, 4);
    memcpy(d, &x, 4);
    memcpy(d + n - 4, &y, 4);
  } else if (n) {
    d[0] = s[0];
    d[n / 2] = s[n / 2];
    d[n - 1] = s[n - 1];
  }
  d[n] = 0;
  b->len += n;
}
void asm_putc(AsmPrinter *p, char c) { sb_putc(p->out, c); }

/* The conversion at fmt (just after '%') when asm_printf's direct path
 * handles it: 'd' / 'u' (int), 'D' / 'U' (long long), 's', '%'; else 0. */
static char simple_conv(const char *fmt, size_t *len) {
  if (fmt[0] == 'l' && fmt[1] == 'l' && (fmt[2] == 'd' || fmt[2] == 'u')) {
    *len = 3;
    return fmt[2] == 'd' ? 'D' : 'U';
  }
  *len = 1;
  return fmt[0] == 'd' || fmt[0] == 'u' || fmt[0] == 's' || fmt[0] == '%' ? fmt[0] : 0;
}

/* Dialect printers format integers here constantly: formats made only of
 * the conversions above are written directly (same text as printf). */
void asm_printf(AsmPrinter *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  bool simple = true;
  for (const char *f = fmt; simple && (f = strchr(f, '%')) != NULL;) {
    size_t n;
    simple = simple_conv(f + 1, &n) != 0;
    f += 1 + n;
  }
  if (!simple) {
    sb_vprintf(p->out, fmt, ap);
    va_end(ap);
    return;
  }
  StrBuf *b = p->out;
  for (const char *f = fmt; *f;) {
    const char *pc = strchr(f, '%');
    if (!pc) {
      sb_puts(b, f);
      break;
    }
    sb_putn(b, f, (size_t)(pc - f));
    size_t n;
    switch (simple_conv(pc + 1, &n)) {
    case 'd': asm_put_int(b, va_arg(ap, int)); break;
    case 'u': asm_put_uint(b, va_arg(ap, unsigned)); break;
    case 'D': asm_put_int(b, va_arg(ap, long long)); break;
    case 'U': asm_put_uint(b, va_arg(ap, unsigned long long)); break;
    case 's': {
      const char *str = va_arg(ap, const char *);
      sb_puts(b, str ? str : "(null)");
      break;
    }
    default: sb_putc(b, '%'); break;
    }
    f = pc + 1 + n;
  }
  va_end(ap);
}

void asm_print_int(AsmPrinter *p, int64_t v) { sb_put_int(p->out, v); }
void asm_print_uint(AsmPrinter *p, uint64_t v) { sb_put_uint(p->out, v); }

void asm_print_newline(AsmPrinter *p) {
  asm_opmemo_taint(p); /* the indentation is not in the op memo's key */
  sb_putc(p->out, '\n');
  put_indent(p->out, p->indent);
}

void asm_printer_format_float(AsmPrinter *p, StrBuf *b, double v, IrFloatKind kind) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  if (p->fcache_len && p->fcache_bits == bits && p->fcache_kind == (int)kind) {
    sb_putn(b, p->fcache, p->fcache_len);
    return;
  }
  size_t start = b->len;
  asm_format_float(b, v, kind);
  size_t n = b->len - start;
  p->fcache_len = 0;
  if (n && n <= sizeof p->fcache) {
    memcpy(p->fcache, b->s + start, n);
    p->fcache_bits = bits;
    p->fcache_kind = (int)kind;
    p->fcache_len = (uint32_t)n;
  }
}

void asm_print_float(AsmPrinter *p, double v, IrFloatKind kind) {
  asm_printer_format_float(p, p->out, v, kind);
}

void asm_print_string_literal(AsmPrinter *p, const char *s, size_t n) {
  sb_putc(p->out, '"');
  asm_print_escaped(p->out, s, n);
  sb_putc(p->out, '"');
}

void asm_print_symbol_name(AsmPrinter *p, const IrIdent *name) {
  if (!name || !name->len) {
    sb_puts(p->out, "@<<INVALID EMPTY SYMBOL>>");
    return;
  }
  sb_putc(p->out, '@');
  asm_print_keyword_or_string(p->out, name->str, name->len);
}

/* Operand names: noted for the op memo while an op is being recorded. */
void asm_print_operand(AsmPrinter *p, IrValue *v) {
  if (p->om_rec) asm_opmemo_print_operand(p, v);
  else asm_print_value_id(p, v, true);
}

void asm_print_operands(AsmPrinter *p, IrUse *ops, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) sb_puts(p->out, ", ");
    if (p->om_rec) asm_opmemo_print_operand(p, ops[i].value);
    else asm_print_value_id(p, ops[i].value, true);
  }
}

void asm_print_optional_loc(AsmPrinter *p, const IrLoc *loc) {
  /* MLIR's alias collector visits these locations even without debug info
   * (so their aliases are defined though unused).  Note the precheck in
   * asm_names_init does not look for them: without debug info they only
   * show up when something else triggered the alias pass. */
  if (p->init) {
    asm_alias_visit_attr(p, loc ? loc : ir_unknown_loc(p->ctx), false, false);
    return;
  }
  asm_print_trailing_loc(p, loc, true);
}

void asm_print_attr_dict(AsmPrinter *p, IrOp *op, const char *const *elided) {
  print_op_attr_dict(p, op, elided, false);
}

void asm_print_attr_dict_with_keyword(AsmPrinter *p, IrOp *op, const char *const *elided) {
  print_op_attr_dict(p, op, elided, true);
}

void asm_print_block_args(AsmPrinter *p, IrBlock *b, bool with_types) {
  asm_opmemo_taint(p);
  if (p->init) {
    for (uint32_t i = 0; i < b->nargs; i++) asm_print_type(p, b->args[i]->type);
    return;
  }
  sb_putc(p->out, '(');
  for (uint32_t i = 0; i < b->nargs; i++) {
    if (i) sb_puts(p->out, ", ");
    asm_print_value_id(p, b->args[i], true);
    if (with_types) {
      sb_puts(p->out, ": ");
      asm_print_type(p, b->args[i]->type);
    }
  }
  sb_putc(p->out, ')');
}

void asm_print_region(AsmPrinter *p, IrRegion *r, bool print_entry_args,
                      bool print_empty_terminator) {
  asm_opmemo_taint(p);
  if (!p->init) sb_putc(p->out, ' ');
  print_region(p, r, print_entry_args, print_empty_terminator ? TERM_PRINT : TERM_ELIDE_EMPTY,
               false);
}

void asm_print_successor(AsmPrinter *p, IrBlock *b) {
  asm_opmemo_taint(p);
  if (!p->init) print_block_name(p, b);
}

void asm_print_op(AsmPrinter *p, IrOp *op) {
  print_full_op(p, op);
  if (!p->init && p->opts.debuginfo) asm_print_trailing_loc(p, ir_op_loc(op), true);
}

/* builtin.module's custom form: `module @name attributes {...} {...}`
 * (MLIR's `($sym_name^)? attr-dict-with-keyword $bodyRegion`). */
void asm_builtin_module_print(AsmPrinter *p, IrOp *op) {
  static const char *const elided[] = {"sym_name", NULL};
  const IrAttr *name = ir_op_attrz(op, "sym_name");
  if (name && name->def == &ir_string_attr_def && name->str) {
    sb_putc(p->out, ' ');
    asm_print_symbol_name(p, name->str);
  }
  asm_print_attr_dict_with_keyword(p, op, elided);
  if (op->nregions) asm_print_region(p, &ir_op_regions(op)[0], true, true);
}
