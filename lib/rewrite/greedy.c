/* greedy.c — the greedy pattern rewrite driver (MLIR's
 * GreedyPatternRewriteDriver / RegionPatternRewriteDriver) with the constant
 * uniquing of MLIR's OperationFolder.
 *
 * One iteration:
 *  1. Seed the worklist with every op nested in the region: post-order
 *     (default) or pre-order reversed (top_down).  While seeding, constants
 *     are uniqued per insertion region and hoisted to the start of that
 *     region's entry block (insert_known_constant below); duplicates are
 *     replaced by the first one and not queued.
 *  2. Pop ops (LIFO, set semantics, erased ops nulled out): erase the op if
 *     trivially dead; else fold it (in place, or replace it by existing
 *     values / constants materialized right before it); else try the
 *     patterns for its name and the any-op patterns, highest benefit first.
 *     Every change is seen through the rewriter's listener: inserted and
 *     modified ops (and their ancestors up to the region) are queued, the
 *     defining ops of an erased op's operands are queued when the value is
 *     left with at most one other user, erased ops are dropped.
 * Iterations repeat while something changed, at most max_iterations.
 * Region simplification (unreachable-block erasure, block merging) is not
 * implemented: ctile's dialects are structured (single-block regions), where
 * MLIR's region DCE removes nothing the worklist doesn't. */
#include "rewrite/rw_internal.h"

void rw_greedy_config_init(RwGreedyConfig *cfg) {
  memset(cfg, 0, sizeof *cfg);
  cfg->top_down = false;
  cfg->fold = true;
  cfg->cse_constants = true;
  cfg->max_iterations = 10;
  cfg->max_num_rewrites = RW_NO_LIMIT;
}

/* ---- worklist: vector + op -> slot map; removal nulls the slot ------------------ */
/* The map is an open-addressing table of op pointers beside 32-bit list
 * positions (12 bytes a slot, where a U64Map took 16), sized once for the
 * seeded ops (wl_reserve) so a large region never holds the old and the new
 * table at once while growing. */
typedef struct Worklist {
  VEC(IrOp *) list;
  IrOp **keys;     /* NULL: empty slot */
  uint32_t *pos;   /* index + 1 into list */
  size_t cap, len; /* slots (a power of two, or 0), entries */
  size_t live;     /* non-null entries */
} Worklist;

static size_t wl_home(const Worklist *w, const IrOp *op) {
  return (size_t)(hash_mix(0, (uintptr_t)op) & (w->cap - 1));
}

/* The slot holding op, or the empty slot where it would go. */
static size_t wl_find(const Worklist *w, const IrOp *op) {
  size_t i = wl_home(w, op);
  while (w->keys[i] && w->keys[i] != op) i = (i + 1) & (w->cap - 1);
  return i;
}

/* Room for n entries at a load of at most 3/4. */
static void wl_reserve(Worklist *w, size_t n) {
  if ((n + 1) * 4 <= w->cap * 3) return;
  size_t cap = w->cap ? w->cap : 64;
  while ((n + 1) * 4 > cap * 3) cap *= 2;
  Worklist old = *w;
  w->keys = xcalloc(cap, sizeof *w->keys);
  w->pos = xmalloc(cap * sizeof *w->pos);
  w->cap = cap;
  for (size_t i = 0; i < old.cap; i++)
    if (old.keys[i]) {
      size_t j = wl_find(w, old.keys[i]);
      w->keys[j] = old.keys[i];
      w->pos[j] = old.pos[i];
    }
  free(old.keys);
  free(old.pos);
}

static uint32_t wl_get(const Worklist *w, const IrOp *op) {
  if (!w->cap) return 0;
  size_t i = wl_find(w, op);
  return w->keys[i] ? w->pos[i] : 0;
}

/* Backward-shift deletion keeps probe chains intact without tombstones. */
static void wl_unmap(Worklist *w, const IrOp *op) {
  if (!w->cap) return;
  size_t mask = w->cap - 1, i = wl_find(w, op);
  if (!w->keys[i]) return;
  w->keys[i] = NULL;
  w->len--;
  for (size_t j = (i + 1) & mask; w->keys[j]; j = (j + 1) & mask) {
    size_t home = wl_home(w, w->keys[j]);
    bool move = (i <= j) ? (home <= i || home > j) : (home <= i && home > j);
    if (move) {
      w->keys[i] = w->keys[j];
      w->pos[i] = w->pos[j];
      w->keys[j] = NULL;
      i = j;
    }
  }
}

static void wl_push(Worklist *w, IrOp *op) {
  wl_reserve(w, w->len + 1);
  size_t i = wl_find(w, op);
  if (w->keys[i]) return;
  w->keys[i] = op;
  w->pos[i] = (uint32_t)(w->list.len + 1);
  w->len++;
  vec_push(&w->list, op);
  w->live++;
}

static IrOp *wl_pop(Worklist *w) {
  while (!vec_last(&w->list)) w->list.len--;
  IrOp *op = vec_pop(&w->list);
  wl_unmap(w, op);
  w->live--;
  while (w->list.len && !vec_last(&w->list)) w->list.len--;
  return op;
}

static void wl_remove(Worklist *w, IrOp *op) {
  uint32_t i = wl_get(w, op);
  if (!i) return;
  w->list.data[i - 1] = NULL;
  wl_unmap(w, op);
  w->live--;
}

static void wl_reverse(Worklist *w) {
  size_t n = w->list.len;
  for (size_t i = 0; i < n / 2; i++) {
    IrOp *t = w->list.data[i];
    w->list.data[i] = w->list.data[n - 1 - i];
    w->list.data[n - 1 - i] = t;
  }
  for (size_t i = 0; i < n; i++)
    if (w->list.data[i]) w->pos[wl_find(w, w->list.data[i])] = (uint32_t)(i + 1);
}

static void wl_clear(Worklist *w) {
  w->list.len = 0;
  w->live = 0;
  if (w->len) memset(w->keys, 0, w->cap * sizeof *w->keys);
  w->len = 0;
}

static void wl_free(Worklist *w) {
  vec_free(&w->list);
  free(w->keys);
  free(w->pos);
  w->keys = NULL;
  w->pos = NULL;
  w->cap = w->len = 0;
}

/* The number of ops nested in a region (what one seeding pushes at most). */
static size_t count_ops(IrRegion *r) {
  size_t n = 0;
  for (IrBlock *b = r->first; b; b = b->next)
    for (IrOp *o = b->first; o; o = o->next) {
      n++;
      for (uint32_t i = 0; i < o->nregions; i++) n += count_ops(&ir_op_regions(o)[i]);
    }
  return n;
}

/* ---- frozen pattern set: per-root lists sorted by benefit ----------------------- */
typedef VEC(const RwPattern *) PatList;

typedef struct Frozen {
  U64Map by_root;        /* IrOpInfo* -> index + 1 into lists */
  VEC(PatList) lists;
  PatList any;
} Frozen;

/* Stable sort by decreasing benefit (insertion sort: lists are short). */
static void sort_by_benefit(PatList *l) {
  for (size_t i = 1; i < l->len; i++) {
    const RwPattern *p = l->data[i];
    size_t j = i;
    while (j > 0 && l->data[j - 1]->benefit < p->benefit) {
      l->data[j] = l->data[j - 1];
      j--;
    }
    l->data[j] = p;
  }
}

static void freeze(Frozen *f, IrContext *ctx, const RwPatternSet *set) {
  memset(f, 0, sizeof *f);
  if (!set) return;
  for (size_t i = 0; i < set->pats.len; i++) {
    const RwPattern *p = &set->pats.data[i];
    if (!p->fn) continue;
    if (!p->root) {
      vec_push(&f->any, p);
      continue;
    }
    const IrOpInfo *info = ir_op_info_lookup(ctx, p->root, strlen(p->root));
    uintptr_t k = (uintptr_t)u64map_get(&f->by_root, (uintptr_t)info);
    if (!k) {
      vec_push(&f->lists, ((PatList){0}));
      k = f->lists.len;
      u64map_put(&f->by_root, (uintptr_t)info, (void *)k);
    }
    vec_push(&f->lists.data[k - 1], p);
  }
  for (size_t i = 0; i < f->lists.len; i++) sort_by_benefit(&f->lists.data[i]);
  sort_by_benefit(&f->any);
}

static void frozen_free(Frozen *f) {
  for (size_t i = 0; i < f->lists.len; i++) vec_free(&f->lists.data[i]);
  vec_free(&f->lists);
  vec_free(&f->any);
  u64map_free(&f->by_root);
}

/* ---- the driver --------------------------------------------------------------------- */
typedef struct Driver {
  IrContext *ctx;
  const RwGreedyConfig *cfg;
  const Frozen *pats;
  IrRegion *scope;       /* ops outside it are never queued */
  Worklist wl;
  RwRewriter rw;
  RwListener listener;
  VEC(IrOp *) ancestors; /* scratch for add_to_worklist */
} Driver;

/* Queues `op` and its ancestors up to the scope region (innermost first);
 * nothing if the op is not inside the scope. */
static void add_to_worklist(Driver *d, IrOp *op) {
  d->ancestors.len = 0;
  for (IrOp *o = op; o;) {
    vec_push(&d->ancestors, o);
    IrRegion *r = o->block ? o->block->parent : NULL;
    if (r == d->scope) {
      for (size_t i = 0; i < d->ancestors.len; i++) wl_push(&d->wl, d->ancestors.data[i]);
      return;
    }
    if (!r) return;
    o = r->parent;
  }
}

/* Queues the producers of `op`'s operands whose value has at most one user
 * besides `op` (it may become dead or foldable once `op` is gone). */
static void add_operands_to_worklist(Driver *d, IrOp *op) {
  for (uint32_t i = 0; i < op->noperands; i++) {
    IrValue *v = ir_op_operands(op)[i].value;
    if (!v || !v->def) continue;
    IrOp *other = NULL;
    bool many = false;
    for (IrUse *u = v->uses; u; u = u->next) {
      if (u->owner == op || u->owner == other) continue;
      if (!other) {
        other = u->owner;
        continue;
      }
      many = true;
      break;
    }
    if (!many) add_to_worklist(d, v->def);
  }
}

static void on_inserted(void *user, IrOp *op) {
  Driver *d = user;
  const RwListener *l = d->cfg->listener;
  if (l && l->op_inserted) l->op_inserted(l->user, op);
  add_to_worklist(d, op);
}

static void on_modified(void *user, IrOp *op) {
  Driver *d = user;
  const RwListener *l = d->cfg->listener;
  if (l && l->op_modified) l->op_modified(l->user, op);
  add_to_worklist(d, op);
}

static void on_replaced(void *user, IrOp *op, IrValue *const *vals) {
  Driver *d = user;
  const RwListener *l = d->cfg->listener;
  if (l && l->op_replaced) l->op_replaced(l->user, op, vals);
}

static void on_erased(void *user, IrOp *op) {
  Driver *d = user;
  const RwListener *l = d->cfg->listener;
  if (l && l->op_erased) l->op_erased(l->user, op);
  add_operands_to_worklist(d, op);
  wl_remove(&d->wl, op);
}

/* ---- constant uniquing (MLIR's OperationFolder, as used by the driver) ------------ */
typedef struct ConstKey {
  IrRegion *region;
  const IrIdent *dialect;
  const IrAttr *value;
  const IrType *type;
} ConstKey;

typedef struct ConstSlot {
  ConstKey key;
  IrOp *op;   /* NULL: empty */
} ConstSlot;

typedef struct Folder {
  ConstSlot *slots;
  size_t cap, len;
  U64Map owned;   /* constants uniqued by this folder */
} Folder;

static uint64_t const_hash(const ConstKey *k) {
  uint64_t h = hash_mix((uintptr_t)k->region, (uintptr_t)k->dialect);
  h = hash_mix(h, (uintptr_t)k->value);
  return hash_mix(h, (uintptr_t)k->type);
}

static bool const_eq(const ConstKey *a, const ConstKey *b) {
  return a->region == b->region && a->dialect == b->dialect && a->value == b->value &&
         a->type == b->type;
}

/* Returns the slot for `k` (empty if absent), growing as needed. */
static ConstSlot *folder_slot(Folder *f, const ConstKey *k) {
  if ((f->len + 1) * 2 > f->cap) {
    size_t ncap = f->cap ? f->cap * 2 : 64;
    ConstSlot *ns = xcalloc(ncap, sizeof *ns);
    for (size_t i = 0; i < f->cap; i++) {
      if (!f->slots[i].op) continue;
      size_t j = const_hash(&f->slots[i].key) & (ncap - 1);
      while (ns[j].op) j = (j + 1) & (ncap - 1);
      ns[j] = f->slots[i];
    }
    free(f->slots);
    f->slots = ns;
    f->cap = ncap;
  }
  size_t j = const_hash(k) & (f->cap - 1);
  while (f->slots[j].op && !const_eq(&f->slots[j].key, k)) j = (j + 1) & (f->cap - 1);
  return &f->slots[j];
}

static void folder_free(Folder *f) {
  free(f->slots);
  u64map_free(&f->owned);
  memset(f, 0, sizeof *f);
}

static bool folder_owns(Folder *f, IrOp *op) {
  return op && u64map_get(&f->owned, (uintptr_t)op) != NULL;
}

/* The region folded constants of `block` are uniqued in: the nearest
 * enclosing region whose parent op is isolated from above, unregistered, or
 * top-level, or that its dialect asks for (shouldMaterializeInto). */
static IrRegion *insertion_region(IrContext *ctx, IrBlock *block) {
  for (;;) {
    IrRegion *r = block->parent;
    IrOp *p = r ? r->parent : NULL;
    if (!p || (p->info->traits & (IR_TRAIT_ISOLATED_FROM_ABOVE | IR_TRAIT_UNREGISTERED)) ||
        !p->block)
      return r;
    const RwFoldIface *fi = rw_fold_iface(ctx, p->info);
    if (fi && fi->into && fi->into(r)) return r;
    block = p->block;
  }
}

static const IrIdent *dialect_ident(IrContext *ctx, const IrOp *op) {
  const char *n = op->info->name, *dot = strchr(n, '.');
  return ir_ident(ctx, n, dot ? (size_t)(dot - n) : strlen(n));
}

static void move_to_front(IrOp *op, IrBlock *b) {
  ir_op_unlink(op);
  if (b->first) ir_block_insert_before(b->first, op);
  else ir_block_append(b, op);
}

/* OperationFolder::insertKnownConstant.  Returns false if `op` was a
 * duplicate and got replaced (erased); true if it is now the uniqued
 * constant (possibly hoisted to the front of its insertion block; its
 * location becomes unknown when it changes block). */
static bool insert_known_constant(Driver *d, Folder *f, IrOp *op, const IrAttr *value) {
  IrBlock *ob = op->block;
  if (!ob) return true;
  if (folder_owns(f, op)) {
    if (ob->first != op && !folder_owns(f, op->prev)) {
      move_to_front(op, ob);
      ir_op_set_loc(op, ir_unknown_loc(d->ctx));
    }
    return true;
  }
  IrRegion *ir = insertion_region(d->ctx, ob);
  if (!ir) return true;
  ConstKey k = {ir, dialect_ident(d->ctx, op), value, ir_op_result(op, 0)->type};
  ConstSlot *s = folder_slot(f, &k);
  if (s->op) {
    IrOp *existing = s->op;
    IrValue *v = ir_op_result(existing, 0);
    rw_replace_op(&d->rw, op, &v);
    ir_op_set_loc(existing, ir_unknown_loc(d->ctx));
    return false;
  }
  IrBlock *ib = ir->first;
  if (ob != ib) {
    move_to_front(op, ib);
    ir_op_set_loc(op, ir_unknown_loc(d->ctx));
  } else if (ib->first != op && !folder_owns(f, op->prev)) {
    move_to_front(op, ib);
  }
  s->key = k;
  s->op = op;
  f->len++;
  u64map_put(&f->owned, (uintptr_t)op, (void *)1);
  return true;
}

typedef struct SeedCtx {
  Driver *d;
  Folder *f;
} SeedCtx;

/* Seeding callback: returns true if the op was erased as a duplicate. */
static bool seed_one(SeedCtx *sc, IrOp *op) {
  if (sc->d->cfg->cse_constants) {
    const IrAttr *v = rw_constant_value(op);
    if (v && !insert_known_constant(sc->d, sc->f, op, v)) return true;
  }
  add_to_worklist(sc->d, op);
  return false;
}

static IrWalkResult seed_pre(IrOp *op, void *user) {
  return seed_one(user, op) ? IR_WALK_SKIP : IR_WALK_ADVANCE;
}

static IrWalkResult seed_post(IrOp *op, void *user) {
  seed_one(user, op);
  return IR_WALK_ADVANCE;
}

/* ---- processing one op ---------------------------------------------------------------- */

/* Folds `op`.  Returns true if the IR changed (op folded in place, or
 * replaced by existing values and/or materialized constants). */
static bool try_fold(Driver *d, IrOp *op) {
  uint32_t n = op->nresults;
  IrFoldResult rbuf[4];
  IrFoldResult *res = n <= 4 ? rbuf : xcalloc(n, sizeof *res);
  if (n) memset(res, 0, n * sizeof *res);
  RwFoldStatus st = rw_fold_op(op, res);
  bool changed = false;
  if (st == RW_FOLD_IN_PLACE) {
    on_modified(d, op);
    changed = true;
  } else if (st == RW_FOLD_REPLACED) {
    IrValue **repl = xcalloc(n ? n : 1, sizeof *repl);
    VEC(IrOp *) made = {0};
    bool ok = true, partial = false;
    RwInsertPoint ip = rw_save_insertion_point(&d->rw);
    rw_set_insertion_point_before(&d->rw, op);
    for (uint32_t i = 0; i < n && ok; i++) {
      if (res[i].value) {
        repl[i] = res[i].value;
      } else if (res[i].attr) {
        IrOp *c = rw_materialize_constant(&d->rw, op->info->name, res[i].attr,
                                          ir_op_result(op, i)->type, ir_op_loc(op));
        if (!c || c->nresults < 1) ok = false;
        else {
          vec_push(&made, c);
          repl[i] = ir_op_result(c, 0);
        }
      } else {
        partial = true;
      }
    }
    rw_restore_insertion_point(&d->rw, ip);
    if (!ok) {
      /* materialization failed: drop the constants built for this fold */
      for (size_t i = made.len; i-- > 0;) rw_erase_op(&d->rw, made.data[i]);
    } else if (!partial) {
      rw_replace_op(&d->rw, op, repl);
      changed = true;
    } else {
      for (uint32_t i = 0; i < n; i++)
        if (repl[i]) rw_replace_all_uses_with(&d->rw, ir_op_result(op, i), repl[i]);
      add_to_worklist(d, op);
      changed = true;
    }
    vec_free(&made);
    free(repl);
  }
  if (res != rbuf) free(res);
  return changed;
}

/* PatternApplicator::matchAndRewrite: the op's patterns and the any-op
 * patterns interleaved by benefit (op-specific first on ties). */
static bool try_patterns(Driver *d, IrOp *op) {
  const Frozen *f = d->pats;
  uintptr_t k = (uintptr_t)u64map_get(&f->by_root, (uintptr_t)op->info);
  const PatList *ol = k ? &f->lists.data[k - 1] : NULL;
  size_t oi = 0, on = ol ? ol->len : 0, ai = 0, an = f->any.len;
  for (;;) {
    const RwPattern *best = NULL;
    size_t *which = &oi;
    if (oi < on) best = ol->data[oi];
    if (ai < an && (!best || best->benefit < f->any.data[ai]->benefit)) {
      best = f->any.data[ai];
      which = &ai;
    }
    if (!best) return false;
    (*which)++;
    RwInsertPoint ip = rw_save_insertion_point(&d->rw);
    rw_set_insertion_point_before(&d->rw, op);
    d->rw.pattern = best;
    bool ok = best->fn(op, &d->rw);
    d->rw.pattern = NULL;
    rw_restore_insertion_point(&d->rw, ip);
    if (ok) return true;
  }
}

/* Processes ops until the worklist is empty or the rewrite budget is spent.
 * Returns true if the IR changed. */
static bool process_worklist(Driver *d) {
  bool changed = false;
  int64_t nrewrites = 0, limit = d->cfg->max_num_rewrites;
  while (d->wl.live && (limit == RW_NO_LIMIT || nrewrites < limit)) {
    IrOp *op = wl_pop(&d->wl);
    if (rw_is_trivially_dead(op)) {
      rw_erase_op(&d->rw, op);
      changed = true;
      continue;
    }
    /* Constants are not folded: they would fold to their own value and be
     * rematerialized forever. */
    if (d->cfg->fold && !(op->info->traits & IR_TRAIT_CONSTANT_LIKE) && try_fold(d, op)) {
      changed = true;
      continue;
    }
    if (try_patterns(d, op)) {
      changed = true;
      nrewrites++;
    }
  }
  return changed;
}

/* RegionPatternRewriteDriver::simplify. */
static bool simplify_region(Driver *d, IrRegion *region, bool *changed) {
  bool more = false;
  int64_t iteration = 0, max = d->cfg->max_iterations;
  do {
    if (++iteration > max && max != RW_NO_LIMIT) break;
    wl_clear(&d->wl);
    if (iteration == 1) wl_reserve(&d->wl, count_ops(region));
    Folder f = {0};
    SeedCtx sc = {d, &f};
    for (IrBlock *b = region->first; b; b = b->next)
      for (IrOp *o = b->first, *n; o; o = n) {
        n = o->next;
        if (d->cfg->top_down) ir_walk_pre(o, seed_pre, &sc);
        else ir_walk_post(o, seed_post, &sc);
      }
    if (d->cfg->top_down) wl_reverse(&d->wl);
    folder_free(&f);
    more = process_worklist(d);
  } while (more);
  if (changed) *changed = iteration > 1;
  return !more;
}

static void driver_init(Driver *d, IrContext *ctx, const RwGreedyConfig *cfg, const Frozen *f) {
  memset(d, 0, sizeof *d);
  d->ctx = ctx;
  d->cfg = cfg;
  d->pats = f;
  d->listener = (RwListener){d, on_inserted, on_modified, on_replaced, on_erased};
  rw_rewriter_init(&d->rw, ctx, &d->listener);
}

static void driver_free(Driver *d) {
  wl_free(&d->wl);
  vec_free(&d->ancestors);
}

bool rw_apply_patterns_greedily_region(IrRegion *region, const RwPatternSet *set,
                                       const RwGreedyConfig *cfg, bool *changed) {
  RwGreedyConfig dflt;
  if (!cfg) {
    rw_greedy_config_init(&dflt);
    cfg = &dflt;
  }
  if (changed) *changed = false;
  if (!region->parent) return true;
  IrContext *ctx = ir_op_context(region->parent);
  Frozen f;
  freeze(&f, ctx, set);
  Driver d;
  driver_init(&d, ctx, cfg, &f);
  d.scope = region;
  bool conv = simplify_region(&d, region, changed);
  driver_free(&d);
  frozen_free(&f);
  return conv;
}

bool rw_apply_patterns_greedily(IrOp *op, const RwPatternSet *set,
                                const RwGreedyConfig *cfg, bool *changed) {
  RwGreedyConfig dflt;
  if (!cfg) {
    rw_greedy_config_init(&dflt);
    cfg = &dflt;
  }
  Frozen f;
  freeze(&f, ir_op_context(op), set);
  bool conv = true, any = false;
  for (uint32_t r = 0; r < op->nregions; r++) {
    Driver d;
    driver_init(&d, ir_op_context(op), cfg, &f);
    d.scope = &ir_op_regions(op)[r];
    bool ch = false;
    conv &= simplify_region(&d, &ir_op_regions(op)[r], &ch);
    any |= ch;
    driver_free(&d);
  }
  frozen_free(&f);
  if (changed) *changed = any;
  return conv;
}
