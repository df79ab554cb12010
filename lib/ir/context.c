/* context.c — the context: arena, identifier interning, the type/attribute
 * uniquer (hash-consing: one canonical object per structure), dialect and op
 * registry. */
#include "ir/ir_internal.h"

#include <stdlib.h>

/* ---- generic uniquing set ------------------------------------------------ */
typedef bool (*UniqEq)(const void *stored, const void *key);

/* Finds the object equal to `key`, or returns NULL with *slot set to the
 * empty slot where it belongs.  The table is grown *before* lookups that may
 * insert (uniq_reserve), so that slot stays valid for uniq_insert_at. */
static const void *uniq_find(UniqSet *s, uint32_t h, const void *key, UniqEq eq,
                             size_t *slot) {
  size_t mask = s->cap - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    if (!s->slots[i].obj) {
      *slot = i;
      return NULL;
    }
    if (s->slots[i].hash == h && eq(s->slots[i].obj, key)) return s->slots[i].obj;
  }
}

static void uniq_insert_at(UniqSet *s, size_t slot, uint32_t h, const void *obj) {
  s->slots[slot].hash = h;
  s->slots[slot].obj = obj;
  s->len++;
}

static void uniq_insert_raw(UniqSet *s, uint32_t h, const void *obj) {
  size_t mask = s->cap - 1, i = h & mask;
  while (s->slots[i].obj) i = (i + 1) & mask;
  uniq_insert_at(s, i, h, obj);
}

/* Doubles the table (or makes the first one). */
static void uniq_grow(UniqSet *s) {
  UniqSet n = {0};
  n.cap = s->cap ? s->cap * 2 : 256;
  n.slots = xcalloc(n.cap, sizeof *n.slots);
  for (size_t i = 0; i < s->cap; i++)
    if (s->slots[i].obj) uniq_insert_raw(&n, s->slots[i].hash, s->slots[i].obj);
  free(s->slots);
  *s = n;
}

/* Keeps the load factor at or below 3/4 for one more insertion. */
static inline void uniq_reserve(UniqSet *s) {
  if ((s->len + 1) * 4 > s->cap * 3) uniq_grow(s);
}

/* Hash steps for the uniquer: one multiply per word while hashing, one
 * avalanche at the end (hash_fold).  Every field an equality test compares
 * goes in, so equal keys hash alike. */
static inline uint64_t hash_step(uint64_t h, uint64_t v) {
  h = (h ^ v) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 29);
}
static inline uint32_t hash_fold(uint64_t h) {
  h *= 0xff51afd7ed558ccdull;
  return (uint32_t)(h ^ (h >> 32));
}
static inline uint64_t hash_words(uint64_t h, const void *const *w, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) h = hash_step(h, (uintptr_t)w[i]);
  return h;
}
static inline uint64_t hash_ints(uint64_t h, const int64_t *v, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) h = hash_step(h, (uint64_t)v[i]);
  return h;
}
/* Equality of short arrays, inline (they hold a few words). */
static inline bool words_eq(const void *const *a, const void *const *b, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (a[i] != b[i]) return false;
  return true;
}
static inline bool ints_eq(const int64_t *a, const int64_t *b, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (a[i] != b[i]) return false;
  return true;
}

static void uniq_free(UniqSet *s) {
  free(s->slots);
  memset(s, 0, sizeof *s);
}

/* ---- identifiers ------------------------------------------------------------ */
const IrIdent *ir_ident(IrContext *ctx, const char *s, size_t n) {
  uint32_t h = hash_short(s, n);
  UniqSet *set = &ctx->idents;
  uniq_reserve(set);
  size_t mask = set->cap - 1, i = h & mask;
  for (;; i = (i + 1) & mask) {
    const IrIdent *id = set->slots[i].obj;
    if (!id) break;
    if (set->slots[i].hash == h && id->len == n && bytes_eq(id->str, s, n)) return id;
  }
  IrIdent *nid = arena_alloc(&ctx->arena, sizeof(IrIdent) + n + 1, 8);
  nid->len = (uint32_t)n;
  nid->hash = h;
  memcpy(nid->str, s, n);
  nid->str[n] = 0;
  uniq_insert_at(set, i, h, nid);
  return nid;
}

/* ---- types ------------------------------------------------------------------ */
static uint32_t type_hash(const IrType *k) {
  uint64_t h = hash_step((uint64_t)(uintptr_t)k->def, k->flags);
  h = hash_step(h, ((uint64_t)k->nints << 32) | k->ntypes);
  h = hash_ints(h, k->ints, k->nints);
  h = hash_words(h, (const void *const *)k->types, k->ntypes);
  h = hash_step(h, (uintptr_t)k->attr);
  h = hash_step(h, (uintptr_t)k->str);
  return hash_fold(h);
}

static bool type_eq(const void *stored, const void *key) {
  const IrType *a = stored, *b = key;
  return a->def == b->def && a->flags == b->flags && a->nints == b->nints &&
         a->ntypes == b->ntypes && a->attr == b->attr && a->str == b->str &&
         ints_eq(a->ints, b->ints, a->nints) &&
         words_eq((const void *const *)a->types, (const void *const *)b->types, a->ntypes);
}

const IrType *ir_type_unique(IrContext *ctx, const IrType *key) {
  uint32_t h = type_hash(key);
  size_t slot;
  uniq_reserve(&ctx->types);
  const IrType *t = uniq_find(&ctx->types, h, key, type_eq, &slot);
  if (t) return t;
  IrType *nt = arena_alloc(&ctx->arena, sizeof(IrType), 8);
  *nt = *key;
  nt->hash = h;
  nt->ints = key->nints ? arena_dup(&ctx->arena, key->ints, key->nints * sizeof(int64_t)) : NULL;
  nt->types = key->ntypes ? arena_dup(&ctx->arena, key->types, key->ntypes * sizeof(void *)) : NULL;
  uniq_insert_at(&ctx->types, slot, h, nt);
  return nt;
}

/* ---- attributes ------------------------------------------------------------- */
/* File locations (one per parsed op) have a dedicated cheap hash and
 * comparison; `is_plain_file_loc` picks exactly the keys ir_file_loc builds,
 * a test on fields that attr_eq compares, so equal keys still hash alike. */
static inline bool is_plain_file_loc(const IrAttr *k) {
  return k->def == &ir_file_loc_def && k->nints == 2 && !k->nelems && !k->ndata &&
         !k->type && !k->flags && !k->names;
}

/* Locality-preserving on purpose: the parser creates locations line by line,
 * and ops of one block share a column, so consecutive lines map to
 * neighbouring slots (4 per line) and the probes of a large file walk the
 * table sequentially instead of missing the cache on every op.  The file and
 * the column's high bits are well mixed, so many ops on one line (minified
 * input) still spread over the table instead of forming one probe cluster. */
static inline uint32_t file_loc_hash(const IrIdent *file, int64_t line, int64_t col) {
  uint64_t f = ((uint64_t)(uintptr_t)file >> 3) * 0x9e3779b97f4a7c15ull;
  uint32_t c = (uint32_t)col;
  return (uint32_t)(f >> 32) + (uint32_t)line * 4u + (c & 3u) + (c >> 2) * 0x9e3779b1u;
}

static uint32_t attr_hash(const IrAttr *k) {
  if (is_plain_file_loc(k)) return file_loc_hash(k->str, k->ints[0], k->ints[1]);
  uint64_t h = hash_step((uint64_t)(uintptr_t)k->def, k->flags);
  h = hash_step(h, (uintptr_t)k->type ^ (uintptr_t)k->str << 1);
  h = hash_step(h, ((uint64_t)k->nints << 32) | k->nelems);
  h = hash_ints(h, k->ints, k->nints);
  h = hash_words(h, (const void *const *)k->elems, k->nelems);
  if (k->names) h = hash_words(h, (const void *const *)k->names, k->nelems);
  uint64_t fb;
  memcpy(&fb, &k->f, 8);
  h = hash_step(h, fb);
  if (k->ndata) h = hash_step(h, hash_bytes(k->data, k->ndata, 7));
  return hash_fold(h);
}

static bool attr_eq(const void *stored, const void *key) {
  const IrAttr *a = stored, *b = key;
  return a->def == b->def && a->flags == b->flags && a->type == b->type &&
         a->nints == b->nints && a->nelems == b->nelems && a->str == b->str &&
         a->ndata == b->ndata && memcmp(&a->f, &b->f, sizeof(double)) == 0 &&
         (a->names == NULL) == (b->names == NULL) && ints_eq(a->ints, b->ints, a->nints) &&
         words_eq((const void *const *)a->elems, (const void *const *)b->elems, a->nelems) &&
         (!a->names ||
          words_eq((const void *const *)a->names, (const void *const *)b->names, a->nelems)) &&
         (!a->ndata || memcmp(a->data, b->data, a->ndata) == 0);
}

/* The file-location case of ir_attr_unique: an inlined probe loop and one
 * allocation for the attribute and its {line, col} payload. */
static const IrAttr *file_loc_unique(IrContext *ctx, const IrAttr *key) {
  int64_t line = key->ints[0], col = key->ints[1];
  uint32_t h = file_loc_hash(key->str, line, col);
  UniqSet *s = &ctx->attrs;
  uniq_reserve(s);
  size_t mask = s->cap - 1, i = h & mask;
  for (;; i = (i + 1) & mask) {
    const IrAttr *a = s->slots[i].obj;
    if (!a) break;
    if (s->slots[i].hash == h && a->def == key->def && a->str == key->str &&
        is_plain_file_loc(a) && a->ints[0] == line && a->ints[1] == col &&
        memcmp(&a->f, &key->f, sizeof(double)) == 0)
      return a;
  }
  IrAttr *na = arena_alloc(&ctx->arena, sizeof(IrAttr) + 2 * sizeof(int64_t), 8);
  *na = *key;
  na->hash = h;
  int64_t *ints = (int64_t *)(na + 1);
  ints[0] = line;
  ints[1] = col;
  na->ints = ints;
  uniq_insert_at(s, i, h, na);
  return na;
}

/* The slot of a scalar key in ctx->scalar_memo, or NULL for other keys. */
static inline const IrAttr **scalar_memo_slot(IrContext *ctx, const IrAttr *k) {
  if (k->nelems || k->names || k->ndata || k->nints > 1) return NULL;
  uint64_t fb;
  memcpy(&fb, &k->f, 8);
  uint64_t h = (uintptr_t)k->def ^ (uintptr_t)k->type * 3 ^ (uintptr_t)k->str * 5 ^ fb ^
               ((uint64_t)k->flags << 32 | k->nints);
  h = (h ^ (k->nints ? (uint64_t)k->ints[0] : 0)) * 0x9E3779B97F4A7C15ull;
  return &ctx->scalar_memo[h >> 54 & (IR_SCALAR_MEMO_SLOTS - 1)];
}

/* Whether the uniqued scalar attribute a is the one `k` describes. */
static inline bool scalar_memo_hit(const IrAttr *a, const IrAttr *k) {
  return a && a->def == k->def && a->type == k->type && a->str == k->str &&
         a->flags == k->flags && a->nints == k->nints && !a->nelems && !a->names &&
         !a->ndata && (!k->nints || a->ints[0] == k->ints[0]) &&
         memcmp(&a->f, &k->f, sizeof(double)) == 0;
}

const IrAttr *ir_attr_unique(IrContext *ctx, const IrAttr *key) {
  if (is_plain_file_loc(key)) return file_loc_unique(ctx, key);
  const IrAttr **memo = scalar_memo_slot(ctx, key);
  if (memo && scalar_memo_hit(*memo, key)) return *memo;
  uint32_t h = attr_hash(key);
  size_t slot;
  uniq_reserve(&ctx->attrs);
  const IrAttr *a = uniq_find(&ctx->attrs, h, key, attr_eq, &slot);
  if (a) {
    if (memo) *memo = a;
    return a;
  }
  IrAttr *na = arena_alloc(&ctx->arena, sizeof(IrAttr), 8);
  *na = *key;
  na->hash = h;
  Arena *ar = &ctx->arena;
  na->ints = key->nints ? arena_dup(ar, key->ints, key->nints * sizeof(int64_t)) : NULL;
  na->elems = key->nelems ? arena_dup(ar, key->elems, key->nelems * sizeof(void *)) : NULL;
  na->names = key->names && key->nelems ? arena_dup(ar, key->names, key->nelems * sizeof(void *)) : NULL;
  na->data = key->ndata ? arena_dup(ar, key->data, key->ndata) : NULL;
  uniq_insert_at(&ctx->attrs, slot, h, na);
  if (memo) *memo = na;
  return na;
}

/* ---- compact file locations ---------------------------------------------- */
/* Bits: 1 (tag) | file index (15 bits) | line (28 bits) | column (20 bits);
 * the layout is IR_LAZY_*_BITS in ir.h. */
#define LAZY_FILE_BITS IR_LAZY_FILE_BITS
#define LAZY_LINE_BITS IR_LAZY_LINE_BITS
#define LAZY_COL_BITS IR_LAZY_COL_BITS

uintptr_t ir_lazy_file_key(IrContext *ctx, const IrIdent *file) {
#if UINTPTR_MAX > 0xffffffffu
  size_t idx = ctx->lazy_files.len;
  /* Newest first: one parse adds one file and asks for it per op. */
  for (size_t i = ctx->lazy_files.len; i-- > 0;)
    if (ctx->lazy_files.data[i] == file) {
      idx = i;
      break;
    }
  if (idx == ctx->lazy_files.len && idx < ((size_t)1 << LAZY_FILE_BITS))
    vec_push(&ctx->lazy_files, file);
  if (idx < ctx->lazy_files.len) return 1u | (uintptr_t)idx << 1;
#else
  (void)ctx;
  (void)file;
#endif
  return 0;
}

uintptr_t ir_lazy_file_loc(IrContext *ctx, const IrIdent *file, int64_t line, int64_t col) {
  if (line >= 0 && line < ((int64_t)1 << LAZY_LINE_BITS) && col >= 0 &&
      col < ((int64_t)1 << LAZY_COL_BITS)) {
    uintptr_t bits = ir_lazy_loc_bits(ir_lazy_file_key(ctx, file), line, col);
    if (bits) return bits;
  }
  return (uintptr_t)ir_file_loc(ctx, file, line, col);
}

const IrLoc *ir_loc_from_bits(IrContext *ctx, uintptr_t bits) {
  if (!(bits & 1)) return (const IrLoc *)bits;
#if UINTPTR_MAX > 0xffffffffu
  size_t idx = (bits >> 1) & (((uintptr_t)1 << LAZY_FILE_BITS) - 1);
  int64_t line = (int64_t)((bits >> (1 + LAZY_FILE_BITS)) & (((uintptr_t)1 << LAZY_LINE_BITS) - 1));
  int64_t col = (int64_t)(bits >> (1 + LAZY_FILE_BITS + LAZY_LINE_BITS));
  return ir_file_loc(ctx, ctx->lazy_files.data[idx], line, col);
#else
  return ir_unknown_loc(ctx); /* never produced on 32-bit hosts */
#endif
}

/* ---- context ---------------------------------------------------------------- */
IrContext *ir_context_create(void) {
  IrContext *ctx = xcalloc(1, sizeof *ctx);
  arena_init(&ctx->arena);
  ctx->index_type = ir_type_unique(ctx, &(IrType){.def = &ir_index_type_def});
  ctx->none_type = ir_type_unique(ctx, &(IrType){.def = &ir_none_type_def});
  ctx->unit_attr = ir_attr_unique(ctx, &(IrAttr){.def = &ir_unit_attr_def});
  ctx->empty_dict = ir_attr_unique(ctx, &(IrAttr){.def = &ir_dict_attr_def});
  ctx->unknown_loc = ir_attr_unique(ctx, &(IrAttr){.def = &ir_unknown_loc_def});
  static const IrDialect builtin = {
      .name = "builtin", .ops = &ir_builtin_module_info, .nops = 1};
  ir_register_dialect(ctx, &builtin);
  return ctx;
}

void ir_context_destroy(IrContext *ctx) {
  if (!ctx) return;
  for (size_t i = ctx->dialects.len; i-- > 0;)
    if (ctx->dialects.data[i]->destroy) ctx->dialects.data[i]->destroy(ctx);
  for (size_t i = 0; i < ctx->dstates.len; i++)
    if (ctx->dstates.data[i].free_fn) ctx->dstates.data[i].free_fn(ctx->dstates.data[i].state);
  for (size_t i = 0; i < ctx->spare_regions.len; i++) free(ctx->spare_regions.data[i]);
  vec_free(&ctx->spare_regions);
  vec_free(&ctx->dstates);
  vec_free(&ctx->dialects);
  vec_free(&ctx->sources);
  vec_free(&ctx->lazy_files);
  u64map_free(&ctx->op_infos);
  u64map_free(&ctx->info_dialects);
  u64map_free(&ctx->heap_operands);
  uniq_free(&ctx->idents);
  uniq_free(&ctx->types);
  uniq_free(&ctx->attrs);
  arena_free(&ctx->arena);
  ir_slab_destroy(&ctx->ops);
  free(ctx);
}

void *ir_ctx_alloc(IrContext *ctx, size_t n) { return arena_alloc(&ctx->arena, n, 16); }
size_t ir_ctx_arena_bytes(IrContext *ctx) { return ctx->arena.total; }

void ir_register_dialect(IrContext *ctx, const IrDialect *d) {
  if (!d->name) return;
  for (size_t i = 0; i < ctx->dialects.len; i++)
    if (ctx->dialects.data[i] == d || !strcmp(ctx->dialects.data[i]->name, d->name)) return;
  vec_push(&ctx->dialects, d);
  for (size_t i = 0; i < d->nops; i++) {
    /* The map keys on the interned name; rows stay the dialect's static
     * objects, so `op->info == &row` identifies an op kind. */
    const IrOpInfo *info = &d->ops[i];
    u64map_put(&ctx->op_infos, (uintptr_t)ir_identz(ctx, info->name), (void *)info);
    u64map_put(&ctx->info_dialects, (uintptr_t)info, (void *)d);
  }
  if (d->init) d->init(ctx);
}

const IrDialect *ir_lookup_dialect(IrContext *ctx, const char *name, size_t n) {
  for (size_t i = 0; i < ctx->dialects.len; i++) {
    const char *dn = ctx->dialects.data[i]->name;
    if (strlen(dn) == n && !memcmp(dn, name, n)) return ctx->dialects.data[i];
  }
  return NULL;
}

const IrDialect *ir_op_info_dialect(IrContext *ctx, const IrOpInfo *info) {
  return u64map_get(&ctx->info_dialects, (uintptr_t)info);
}

void ir_ctx_for_each_dialect(IrContext *ctx, void (*fn)(const IrDialect *, void *),
                             void *user) {
  for (size_t i = 0; i < ctx->dialects.len; i++) fn(ctx->dialects.data[i], user);
}

void ir_ctx_for_each_op_info(IrContext *ctx, void (*fn)(const IrOpInfo *, void *),
                             void *user) {
  for (size_t i = 0; i < ctx->dialects.len; i++) {
    const IrDialect *d = ctx->dialects.data[i];
    for (size_t k = 0; k < d->nops; k++) fn(&d->ops[k], user);
  }
}

const IrOpInfo *ir_op_info_find(IrContext *ctx, const char *name, size_t n) {
  const IrIdent *id = ir_ident(ctx, name, n);
  const IrOpInfo *info = u64map_get(&ctx->op_infos, (uintptr_t)id);
  return info && !(info->traits & IR_TRAIT_UNREGISTERED) ? info : NULL;
}

const IrOpInfo *ir_op_info_lookup(IrContext *ctx, const char *name, size_t n) {
  const IrIdent *id = ir_ident(ctx, name, n);
  const IrOpInfo *info = u64map_get(&ctx->op_infos, (uintptr_t)id);
  if (info) return info;
  IrOpInfo *u = arena_alloc(&ctx->arena, sizeof(IrOpInfo), 8);
  memset(u, 0, sizeof *u);
  u->name = id->str;
  u->traits = IR_TRAIT_UNREGISTERED;
  u->min_operands = 0;
  u->max_operands = -1;
  u->min_results = 0;
  u->max_results = -1;
  u->num_regions = -1;
  u->num_successors = -1;
  u64map_put(&ctx->op_infos, (uintptr_t)id, u);
  return u;
}

/* ir_ctx_dialect_state past its one-entry memo (kept out of line so the
 * memo hit needs no stack frame). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void *dialect_state_search(IrContext *ctx, const char *dialect) {
  /* Callers pass the same literal every time: pointer equality first. */
  for (size_t i = 0; i < ctx->dstates.len; i++)
    if (ctx->dstates.data[i].dialect == dialect) {
      ctx->dstate_last_key = dialect;
      ctx->dstate_last = i;
      return ctx->dstates.data[i].state;
    }
  for (size_t i = 0; i < ctx->dstates.len; i++)
    if (!strcmp(ctx->dstates.data[i].dialect, dialect)) return ctx->dstates.data[i].state;
  return NULL;
}

void *ir_ctx_dialect_state(IrContext *ctx, const char *dialect) {
  /* Hooks ask for their own dialect's state on nearly every op: the last
   * literal matched and its slot first (slots are never removed). */
  if (dialect && dialect == ctx->dstate_last_key) return ctx->dstates.data[ctx->dstate_last].state;
  return dialect_state_search(ctx, dialect);
}

void ir_ctx_set_dialect_state(IrContext *ctx, const char *dialect, void *state,
                              void (*free_fn)(void *)) {
  for (size_t i = 0; i < ctx->dstates.len; i++)
    if (!strcmp(ctx->dstates.data[i].dialect, dialect)) {
      ctx->dstates.data[i].state = state;
      ctx->dstates.data[i].free_fn = free_fn;
      return;
    }
  vec_push(&ctx->dstates, ((DialectState){dialect, state, free_fn}));
}

void *ir_ctx_zeroed_state(IrContext *ctx, const char *key, size_t size) {
  void *st = ir_ctx_dialect_state(ctx, key);
  if (!st) {
    st = xcalloc(1, size);
    ir_ctx_set_dialect_state(ctx, key, st, free);
  }
  return st;
}

void ir_ctx_allow_unregistered(IrContext *ctx, bool allow) { ctx->allow_unregistered = allow; }
bool ir_ctx_allows_unregistered(IrContext *ctx) { return ctx->allow_unregistered; }
