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

/* ---- worklist: vector + op -> position index; removal nulls the entry --------------- */
/* The index is an open-addressing table of slots {position + 1, tag}
 * (0: empty; tag: 32 bits of the op's hash).  A slot proves membership
 * only while it is current: its position is below the list's length and
 * the list holds the op there.  Popping touches only the list: the popped
 * op's slot goes stale by itself (its position is past the end, or is
 * reused by a later push), so the index never deletes.  A push probes the
 * op's chain: a current slot of the op means it is queued already; else
 * the first stale slot met (position past the end) is reused, which keeps
 * occupancy and chains intact, or an empty one taken.  When the occupied
 * slots pass 3/4 of the table it is rebuilt from the live entries (the
 * list compacted of its nulls first), growing when they would fill more
 * than half of it: each rebuild follows at least a quarter table of new
 * occupancy, so a run stays linear however many pushes, pops and erasures
 * it makes.  (A rebuild to a quarter at half full probes less, -20 M of
 * 320 M on the post-conversion canonicalize of the benchmark module, but
 * doubles the table: +5 MiB peak there.)
 *
 * The index is built lazily: only list positions below `indexed` are in it.
 * Seeding appends ops it knows are not queued (wl_append: each op is
 * visited once, and no listener push has happened in this seeding yet)
 * without touching the table, and reversing the list just drops the index;
 * the first push or removal after that indexes the unindexed tail (wl_sync).
 * An iteration that changes nothing never builds it.  Dropping the index
 * starts a new epoch (slots written in an older one read as empty) instead
 * of clearing the table. */
typedef struct WlSlot {
  uint32_t pos; /* list position + 1, 0: empty */
  uint32_t tag; /* epoch << 24 | 24 bits of the op's hash */
} WlSlot;

typedef struct Worklist {
  VEC(IrOp *) list;
  WlSlot *slots;
  size_t cap, used; /* slots (a power of two, or 0), occupied slots */
  unsigned shift;   /* 64 - log2(cap) */
  uint32_t epoch;   /* a slot of another epoch is empty (1..255; 0: none yet) */
  uint32_t ebits;   /* epoch << 24 */
  size_t live;      /* non-null entries */
  size_t indexed;   /* list positions below this one are in the index */
  /* The last op pushed per 6 bits of hash and its position + 1: an entry
   * whose position still holds the op proves it queued (like a current
   * slot) without probing the index or indexing the list's tail; the
   * outer ancestors that every push of a nested op queues again hit it. */
  struct {
    IrOp *op;
    size_t pos;
  } recent[64];
} Worklist;

/* Fibonacci hashing of the op's address (ops are 16-byte aligned): the
 * high bits pick the home slot, the low 24 the tag. */
static inline uint64_t wl_hash(const IrOp *op) {
  return ((uint64_t)(uintptr_t)op >> 4) * 0x9e3779b97f4a7c15ull;
}

static inline uint32_t wl_tag(const Worklist *w, uint64_t h) {
  return w->ebits | ((uint32_t)h & 0xffffff);
}

/* Whether slot s is occupied: written in this epoch (a written slot's
 * position is never 0; a zeroed one has epoch 0, never current). */
static inline bool wl_occupied(const Worklist *w, WlSlot s) {
  return (s.tag ^ w->ebits) < (1u << 24);
}

/* Whether slot s is current for `op` (tag already compared). */
static inline bool wl_current(const Worklist *w, WlSlot s, const IrOp *op) {
  return s.pos <= w->list.len && w->list.data[s.pos - 1] == op;
}

/* Whether occupied slot s is free for reuse: its position is past the end
 * (one whose position holds another op is left alone: it may be that op's;
 * one of a nulled entry waits for the next rebuild). */
static inline bool wl_stale(const Worklist *w, WlSlot s) {
  return s.pos > w->list.len;
}

/* Inserts a slot for the op at list position pos (0-based), known to have
 * no current slot, into an empty slot of its chain. */
static void wl_place(Worklist *w, IrOp *op, size_t pos) {
  uint64_t h = wl_hash(op);
  size_t i = (size_t)(h >> w->shift), mask = w->cap - 1;
  while (wl_occupied(w, w->slots[i])) i = (i + 1) & mask;
  w->slots[i] = (WlSlot){(uint32_t)(pos + 1), wl_tag(w, h)};
  w->used++;
}

/* Empties the index in O(1) by starting a new epoch (clearing the table
 * once every 255). */
static void wl_new_epoch(Worklist *w) {
  if (w->epoch == 255) {
    memset(w->slots, 0, w->cap * sizeof *w->slots);
    w->epoch = 0;
  }
  w->epoch++;
  w->ebits = w->epoch << 24;
  w->used = 0;
}

/* Rebuilds the index from all of the list's live entries (dropping its
 * nulls), with room for at least `n` entries at a load of at most 1/2. */
static void wl_rebuild(Worklist *w, size_t n) {
  size_t k = w->list.len;
  if (w->live != k) {
    k = 0;
    for (size_t j = 0; j < w->list.len; j++)
      if (w->list.data[j]) w->list.data[k++] = w->list.data[j];
    w->list.len = k;
  }
  if (n < k) n = k;
  size_t cap = w->cap ? w->cap : 64;
  while ((n + 1) * 2 > cap) cap *= 2;
  if (cap != w->cap) {
    unsigned bits = 0;
    while (((size_t)1 << bits) < cap) bits++;
    free(w->slots);
    w->slots = xcalloc(cap, sizeof *w->slots);
    w->cap = cap;
    w->shift = 64 - bits;
    w->epoch = 1;
    w->ebits = 1u << 24;
    w->used = 0;
  } else {
    wl_new_epoch(w);
  }
  for (size_t j = 0; j < k; j++) wl_place(w, w->list.data[j], j);
  w->indexed = k;
}

/* Indexes the list's unindexed tail (entries there are distinct and not
 * indexed), making room for one more push. */
static void wl_sync(Worklist *w) {
  size_t tail = w->list.len - w->indexed;
  if ((w->used + tail + 1) * 4 > w->cap * 3) {
    wl_rebuild(w, w->live + 1);
    return;
  }
  for (size_t j = w->indexed; j < w->list.len; j++)
    if (w->list.data[j]) wl_place(w, w->list.data[j], j);
  w->indexed = w->list.len;
}

/* Queues `op` unless it is queued already. */
static void wl_push(Worklist *w, IrOp *op) {
  uint64_t h = wl_hash(op);
  size_t r = (size_t)(h >> 58), rp = w->recent[r].pos;
  if (w->recent[r].op == op && rp <= w->list.len && w->list.data[rp - 1] == op) return;
  if (w->indexed != w->list.len || (w->used + 1) * 4 > w->cap * 3) wl_sync(w);
  uint32_t tag = wl_tag(w, h);
  size_t i = (size_t)(h >> w->shift), mask = w->cap - 1, reuse = SIZE_MAX;
  for (WlSlot s; wl_occupied(w, s = w->slots[i]); i = (i + 1) & mask) {
    if (s.tag == tag && wl_current(w, s, op)) {
      w->recent[r].op = op;
      w->recent[r].pos = s.pos;
      return;
    }
    if (reuse == SIZE_MAX && wl_stale(w, s)) reuse = i;
  }
  vec_push(&w->list, op);
  w->recent[r].op = op;
  w->recent[r].pos = w->list.len;
  if (reuse == SIZE_MAX) {
    reuse = i;
    w->used++;
  }
  w->slots[reuse] = (WlSlot){(uint32_t)w->list.len, tag};
  w->indexed = w->list.len;
  w->live++;
}

/* Queues `op`, known not to be queued, without indexing it. */
static inline void wl_append(Worklist *w, IrOp *op) {
  vec_push(&w->list, op);
  w->live++;
}

/* Pops the last live entry (the list must hold one). */
static inline IrOp *wl_pop(Worklist *w) {
  while (!vec_last(&w->list)) w->list.len--;
  IrOp *op = w->list.data[--w->list.len];
  if (w->indexed > w->list.len) w->indexed = w->list.len;
  w->live--;
  return op;
}

static void wl_remove(Worklist *w, IrOp *op) {
  if (!w->live) return;
  if (w->indexed != w->list.len) wl_sync(w);
  uint64_t h = wl_hash(op);
  uint32_t tag = wl_tag(w, h);
  size_t mask = w->cap - 1;
  for (size_t i = (size_t)(h >> w->shift); wl_occupied(w, w->slots[i]); i = (i + 1) & mask) {
    WlSlot s = w->slots[i];
    if (s.tag == tag && wl_current(w, s, op)) {
      w->list.data[s.pos - 1] = NULL;
      w->live--;
      return;
    }
  }
}

/* Empties the index (the list's entries all become unindexed). */
static void wl_unindex(Worklist *w) {
  if (w->used) wl_new_epoch(w);
  w->indexed = 0;
}

/* Reverses the list; the index is dropped (rebuilt when next needed). */
static void wl_reverse(Worklist *w) {
  size_t n = w->list.len;
  for (size_t i = 0; i < n / 2; i++) {
    IrOp *t = w->list.data[i];
    w->list.data[i] = w->list.data[n - 1 - i];
    w->list.data[n - 1 - i] = t;
  }
  wl_unindex(w);
}

static void wl_clear(Worklist *w) {
  w->list.len = 0;
  w->live = 0;
  wl_unindex(w);
}

static void wl_free(Worklist *w) {
  vec_free(&w->list);
  free(w->slots);
  w->slots = NULL;
  w->cap = w->used = w->indexed = 0;
  w->epoch = w->ebits = 0;
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
/* What the driver needs of an op kind, looked up once per kind: its
 * patterns, fold hook and dialect (constant uniquing key). */
typedef struct OpKind {
  const IrOpInfo *info;    /* NULL: empty slot */
  const PatList *pats;     /* patterns rooted at the kind, or NULL */
  RwFoldFn fold;           /* rw_fold_hook_for_kind */
  const IrIdent *dialect;
  bool foldable;           /* a fold hook or a folding trait, registered, not
                              constant-like: worth calling rw_fold_op_with */
  const RwFoldIface *fold_iface; /* rw_fold_iface of the kind (insertion_region) */
} OpKind;

typedef struct Driver {
  IrContext *ctx;
  const RwGreedyConfig *cfg;
  const Frozen *pats;
  IrRegion *scope;       /* ops outside it are never queued */
  Worklist wl;
  RwRewriter rw;
  RwListener listener;
  const IrIdent *id_value; /* "value" */
  OpKind *kinds;         /* open addressing by info pointer, load <= 1/4 */
  size_t kcap, klen;
  unsigned kshift;       /* 64 - log2(kcap) */
  bool seeding;          /* top-down seeding in progress */
  /* Listener pushes while seeding (see early_push): pushed op -> its list
   * position + 1, times 2, plus 1 once the walk has met the op; and a
   * filter of their ops: bit wl_hash >> (64 - EARLY_BITS) set for each
   * (allocated on first use). */
  U64Map early;
  uint64_t *early_bits;
  bool early_lost;       /* an op left `early` this seeding (seeding_remove) */
  VEC(IrOp *) walk;      /* top-down seeding: the ops whose regions it is in,
                            outermost (in the scope region) first */
  /* What the processing of this iteration changed (see note_change), so
   * that the next top-down seeding can leave out the insides of isolated
   * ops it did not touch: the nearest isolated-from-above proper ancestors
   * of changed ops (op -> 1), or everything. */
  U64Map dirty;
  IrOp *last_dirty;      /* the last op put in `dirty` */
  bool dirty_all;
  bool processing;       /* process_worklist is running (not seeding) */
  size_t nnotes;         /* listener notifications so far */
  IrOp *unqueued;        /* a leaf op being erased that is known not to be
                            queued: on_erased skips its removal */
  IrBlock *ir_block;     /* insertion_region's last query and answer */
  IrRegion *ir_region;
} Driver;

#define EARLY_BITS 18

static size_t kind_home(const IrOpInfo *info, unsigned shift) {
  return (size_t)((((uint64_t)(uintptr_t)info >> 3) * 0x9e3779b97f4a7c15ull) >> shift);
}

static const IrIdent *dialect_ident(IrContext *ctx, const IrOpInfo *info) {
  const char *n = info->name, *dot = strchr(n, '.');
  return ir_ident(ctx, n, dot ? (size_t)(dot - n) : strlen(n));
}

/* Adds the kind entry of `op` (not in the table yet). */
static const OpKind *op_kind_add(Driver *d, IrOp *op) {
  const IrOpInfo *info = op->info;
  if ((d->klen + 1) * 4 > d->kcap) {
    size_t cap = d->kcap ? d->kcap * 2 : 256;
    unsigned shift = 64;
    while (((size_t)1 << (64 - shift)) < cap) shift--;
    OpKind *nk = xcalloc(cap, sizeof *nk);
    for (size_t i = 0; i < d->kcap; i++)
      if (d->kinds[i].info) {
        size_t j = kind_home(d->kinds[i].info, shift);
        while (nk[j].info) j = (j + 1) & (cap - 1);
        nk[j] = d->kinds[i];
      }
    free(d->kinds);
    d->kinds = nk;
    d->kcap = cap;
    d->kshift = shift;
  }
  size_t i = kind_home(info, d->kshift);
  while (d->kinds[i].info) i = (i + 1) & (d->kcap - 1);
  uintptr_t k = (uintptr_t)u64map_get(&d->pats->by_root, (uintptr_t)info);
  RwFoldFn fold = rw_fold_hook_for_kind(op);
  uint64_t t = info->traits;
  bool foldable = !(t & (IR_TRAIT_CONSTANT_LIKE | IR_TRAIT_UNREGISTERED)) &&
                  (fold || (t & (IR_TRAIT_COMMUTATIVE | IR_TRAIT_IDEMPOTENT | IR_TRAIT_INVOLUTION)));
  d->kinds[i] = (OpKind){info, k ? &d->pats->lists.data[k - 1] : NULL, fold,
                         dialect_ident(d->ctx, info), foldable, rw_fold_iface(d->ctx, info)};
  d->klen++;
  return &d->kinds[i];
}

/* The kind entry of `op` (filled on first sight). */
static inline const OpKind *op_kind(Driver *d, IrOp *op) {
  const IrOpInfo *info = op->info;
  if (d->kcap) {
    size_t i = kind_home(info, d->kshift);
    if (d->kinds[i].info == info) return &d->kinds[i]; /* the usual case at load <= 1/4 */
    for (; d->kinds[i].info; i = (i + 1) & (d->kcap - 1))
      if (d->kinds[i].info == info) return &d->kinds[i];
  }
  return op_kind_add(d, op);
}

/* A listener push of `a` while seeding (a user of a replaced duplicate
 * constant, or an ancestor of one).  Seeding appends every op it visits,
 * and a push with a set puts each op at its first event, a push or the
 * visit, later ones dropped.  The users of a constant follow it in the
 * walk (they are dominated by it), and so do their ancestors below the
 * ops the walk is in; so a pushed op is usually not visited yet: it is
 * appended now, and its visit will be dropped (seed_visit).  One visited
 * already (graph regions, say) is appended too, and that entry dropped
 * when seeding ends (drop_early), as its visit was its first event.
 * (Pushing through the index while seeding meant indexing the whole list
 * so far at each push.) */
static void early_push(Driver *d, IrOp *a) {
  if (!d->early_bits) d->early_bits = xcalloc((size_t)1 << (EARLY_BITS - 6), sizeof(uint64_t));
  unsigned b = (unsigned)(wl_hash(a) >> (64 - EARLY_BITS));
  uint64_t bit = (uint64_t)1 << (b & 63);
  if ((d->early_bits[b >> 6] & bit) && u64map_get(&d->early, (uintptr_t)a)) return; /* queued */
  d->early_bits[b >> 6] |= bit;
  u64map_put(&d->early, (uintptr_t)a, (void *)(uintptr_t)((d->wl.list.len + 1) * 2));
  wl_append(&d->wl, a);
}

/* Queues `op` and its ancestors up to the scope region (innermost first);
 * nothing if the op is not inside the scope.  One walk up finds the scope
 * (and the number of ancestors), a second queues them. */
static void add_to_worklist(Driver *d, IrOp *op) {
  size_t n = 1; /* op and its ancestors up to the scope */
  for (IrOp *o = op;; n++) {
    IrRegion *r = o->block ? o->block->parent : NULL;
    if (r == d->scope) break;
    if (!r || !(o = r->parent)) return;
  }
  IrOp *a = op;
  if (!d->seeding) {
    for (size_t i = 0; i < n; i++, a = a->block->parent->parent) wl_push(&d->wl, a);
    return;
  }
  for (size_t i = 0; i < n; i++, a = a->block->parent->parent) {
    /* an op the walk is inside was seeded before its regions: so were its
     * ancestors, the rest of the list */
    size_t depth = n - 1 - i;
    if (depth < d->walk.len && d->walk.data[depth] == a) break;
    early_push(d, a);
  }
}

/* Whether `op` may be among the listener's pushes of this seeding. */
static inline bool maybe_early(const Driver *d, const IrOp *op) {
  unsigned b = (unsigned)(wl_hash(op) >> (64 - EARLY_BITS));
  return d->early_bits && (d->early_bits[b >> 6] >> (b & 63) & 1);
}

/* The walk's visit of `o`: appended, unless a push queued it earlier in
 * this seeding (early_push). */
static inline void seed_visit(Driver *d, IrOp *o) {
  if (maybe_early(d, o)) {
    uintptr_t v = (uintptr_t)u64map_get(&d->early, (uintptr_t)o);
    if (v) {
      u64map_put(&d->early, (uintptr_t)o, (void *)(v | 1));
      return;
    }
  }
  wl_append(&d->wl, o);
}

/* Ends a seeding with pushes: the entry of a pushed op the walk had met
 * before its push (its visit was its first event) is dropped. */
static void drop_early(Driver *d) {
  Worklist *w = &d->wl;
  for (size_t i = 0; i < d->early.cap; i++) {
    uintptr_t v = (uintptr_t)d->early.vals[i];
    if (!v || (v & 1)) continue;
    size_t pos = v / 2 - 1;
    if (w->list.data[pos] == (IrOp *)(uintptr_t)d->early.keys[i]) {
      w->list.data[pos] = NULL;
      w->live--;
    }
  }
  /* the filter's bits are those of the map's ops (cleared one by one: a
   * scope of the split canonicalize has a few), unless an op left the map
   * (seeding_remove) or there are many */
  size_t words = (size_t)1 << (EARLY_BITS - 6);
  if (d->early_lost || d->early.cap * 8 >= words) {
    memset(d->early_bits, 0, words * sizeof(uint64_t));
  } else {
    for (size_t i = 0; i < d->early.cap; i++)
      if (d->early.vals[i]) {
        unsigned b = (unsigned)(wl_hash((IrOp *)(uintptr_t)d->early.keys[i]) >> (64 - EARLY_BITS));
        d->early_bits[b >> 6] = 0;
      }
  }
  d->early_lost = false;
  u64map_free(&d->early);
}

/* on_erased while seeding, for an op not known to be unqueued: drops it
 * from the list and the recorded pushes.  Seeding erases only duplicate
 * constants, and those with no operands or regions are known unqueued, so
 * this linear scan serves only unusual constant-like ops. */
static void seeding_remove(Driver *d, IrOp *op) {
  Worklist *w = &d->wl;
  for (size_t i = 0; i < w->list.len; i++)
    if (w->list.data[i] == op) {
      w->list.data[i] = NULL;
      w->live--;
    }
  if (d->early.len) {
    u64map_remove(&d->early, (uintptr_t)op);
    d->early_lost = true; /* its filter bit stays: drop_early clears them all */
  }
  wl_unindex(w);
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

/* Records a change of `op` (a notification, while processing).  Patterns
 * and folds change nothing outside the nearest isolated-from-above
 * ancestor of the op they run on (MLIR's rule for patterns: that ancestor
 * is where a pass may run in parallel with others), and what they do there
 * depends on nothing outside it that an unchanged ancestor does not
 * cover; so the nearest isolated proper ancestor of a changed op is
 * recorded, or everything when that is the op the driver runs on (or
 * none).  A change to an isolated op itself marks its own isolated
 * ancestor, whose whole inside is then seeded again. */
static void note_change(Driver *d, IrOp *op) {
  d->nnotes++;
  if (d->dirty_all || !d->processing) return;
  IrOp *p = op;
  do {
    IrRegion *r = p->block ? p->block->parent : NULL;
    p = r ? r->parent : NULL;
  } while (p && !(p->info->traits & IR_TRAIT_ISOLATED_FROM_ABOVE));
  if (!p || p == d->scope->parent) {
    d->dirty_all = true;
  } else if (p != d->last_dirty) {
    u64map_put(&d->dirty, (uintptr_t)p, (void *)1);
    d->last_dirty = p;
    /* the isolated ops around it are entered, not seeded whole (2) */
    for (IrOp *a = ir_op_parent_op(p); a && a != d->scope->parent; a = ir_op_parent_op(a))
      if ((a->info->traits & IR_TRAIT_ISOLATED_FROM_ABOVE) && !u64map_get(&d->dirty, (uintptr_t)a))
        u64map_put(&d->dirty, (uintptr_t)a, (void *)2);
  }
}

static void on_inserted(void *user, IrOp *op) {
  Driver *d = user;
  note_change(d, op);
  const RwListener *l = d->cfg->listener;
  if (l && l->op_inserted) l->op_inserted(l->user, op);
  add_to_worklist(d, op);
}

static void on_modified(void *user, IrOp *op) {
  Driver *d = user;
  note_change(d, op);
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
  note_change(d, op);
  const RwListener *l = d->cfg->listener;
  if (l && l->op_erased) l->op_erased(l->user, op);
  add_operands_to_worklist(d, op);
  if (op == d->unqueued) d->unqueued = NULL;
  else if (d->seeding) seeding_remove(d, op);
  else wl_remove(&d->wl, op);
}

/* ---- constant uniquing (MLIR's OperationFolder, as used by the driver) ------------ */
/* Constants are keyed by (insertion region, dialect, value, type).  A slot
 * holds the uniqued op and its value; the rest of the key is read off the
 * op: it stays in the entry block of its insertion region while seeding
 * (the folder lives for one seeding), its dialect is its kind's and its
 * type its result's.  An op is uniqued ("owned") iff the slot of its own
 * key holds it, so no separate set is kept. */
typedef struct ConstKey {
  IrRegion *region;
  const IrIdent *dialect;
  const IrAttr *value;
  const IrType *type;
} ConstKey;

typedef struct ConstSlot {
  IrOp *op;   /* NULL: empty */
  const IrAttr *value;
  uint64_t hash; /* const_hash of the key */
} ConstSlot;

typedef struct Folder {
  ConstSlot *slots;
  size_t cap, len;
} Folder;

/* Multiplicative mixing of the four pointers (the slot index is taken
 * from the high bits' fold into the low ones). */
static uint64_t const_hash(const ConstKey *k) {
  uint64_t h = ((uint64_t)(uintptr_t)k->value >> 3) * 0x9e3779b97f4a7c15ull;
  h ^= ((uint64_t)(uintptr_t)k->type >> 3) * 0xc2b2ae3d27d4eb4full;
  h ^= ((uint64_t)(uintptr_t)k->region >> 3) * 0x165667b19e3779f9ull;
  h ^= ((uint64_t)(uintptr_t)k->dialect >> 3) * 0xff51afd7ed558ccdull;
  return h ^ (h >> 32) ^ (h >> 47);
}

static bool slot_matches(Driver *d, const ConstSlot *s, const ConstKey *k, uint64_t h) {
  return s->hash == h && s->value == k->value && s->op->block->parent == k->region &&
         ir_op_result(s->op, 0)->type == k->type && op_kind(d, s->op)->dialect == k->dialect;
}

/* Room for n entries at a load of at most 3/4. */
static void folder_reserve(Folder *f, size_t n) {
  if ((n + 1) * 4 <= f->cap * 3) return;
  size_t ncap = f->cap ? f->cap : 64;
  while ((n + 1) * 4 > ncap * 3) ncap *= 2;
  ConstSlot *ns = xcalloc(ncap, sizeof *ns);
  for (size_t i = 0; i < f->cap; i++) {
    if (!f->slots[i].op) continue;
    size_t j = f->slots[i].hash & (ncap - 1);
    while (ns[j].op) j = (j + 1) & (ncap - 1);
    ns[j] = f->slots[i];
  }
  free(f->slots);
  f->slots = ns;
  f->cap = ncap;
}

/* Returns the slot for `k` of hash h (empty if absent), growing as needed. */
static ConstSlot *folder_slot(Driver *d, Folder *f, const ConstKey *k, uint64_t h) {
  if ((f->len + 2) * 4 > f->cap * 3) folder_reserve(f, f->len + 1);
  size_t j = h & (f->cap - 1);
  while (f->slots[j].op && !slot_matches(d, &f->slots[j], k, h)) j = (j + 1) & (f->cap - 1);
  return &f->slots[j];
}

static void folder_free(Folder *f) {
  free(f->slots);
  memset(f, 0, sizeof *f);
}

/* The region folded constants of `block` are uniqued in: the nearest
 * enclosing region whose parent op is isolated from above, unregistered, or
 * top-level, or that its dialect asks for (shouldMaterializeInto).  The
 * last answer is remembered (constants come in runs from one block). */
static IrRegion *insertion_region(Driver *d, IrBlock *block) {
  if (block == d->ir_block) return d->ir_region;
  IrBlock *start = block;
  IrRegion *res;
  for (;;) {
    IrRegion *r = block->parent;
    IrOp *p = r ? r->parent : NULL;
    if (!p || (p->info->traits & (IR_TRAIT_ISOLATED_FROM_ABOVE | IR_TRAIT_UNREGISTERED)) ||
        !p->block) {
      res = r;
      break;
    }
    const RwFoldIface *fi = op_kind(d, p)->fold_iface;
    if (fi && fi->into && fi->into(r)) {
      res = r;
      break;
    }
    block = p->block;
  }
  d->ir_block = start;
  d->ir_region = res;
  return res;
}

static void move_to_front(IrOp *op, IrBlock *b) {
  ir_op_unlink(op);
  if (b->first) ir_block_insert_before(b->first, op);
  else ir_block_append(b, op);
}

/* Whether `prev`, an op before a not yet uniqued constant in that
 * constant's insertion block, is a uniqued constant.  Seeding calls
 * insert_known_constant once per op, in walk order, and every op before the
 * constant in that block has been visited by then (ops precede it in walk
 * order, or are constants hoisted there after their visit); a visited
 * constant with a value was either uniqued or erased as a duplicate.  So
 * `prev` is uniqued iff it is a constant with a value: no folder lookup. */
static bool prev_is_uniqued(Driver *d, IrOp *prev) {
  return prev && (prev->info->traits & IR_TRAIT_CONSTANT_LIKE) &&
         rw_constant_value_id(prev, d->id_value);
}

/* OperationFolder::insertKnownConstant, as seeding calls it: once per op,
 * so `op` is not uniqued yet.  Returns false if `op` was a duplicate and got
 * replaced (erased); true if it is now the uniqued constant (possibly
 * hoisted to the front of its insertion block; its location becomes
 * unknown when it changes block). */
static bool insert_known_constant(Driver *d, Folder *f, IrOp *op, const IrAttr *value) {
  IrBlock *ob = op->block;
  if (!ob) return true;
  IrRegion *ir = insertion_region(d, ob);
  if (!ir) return true;
  ConstKey k = {ir, op_kind(d, op)->dialect, value, ir_op_result(op, 0)->type};
  uint64_t h = const_hash(&k);
  ConstSlot *s = folder_slot(d, f, &k, h);
  if (s->op) {
    IrOp *existing = s->op;
    IrValue *v = ir_op_result(existing, 0);
    /* `op` is not queued: seeding queues an op after this call, and while
     * seeding the listener queues only users and ancestors of ops it
     * modifies and producers of erased ops' operands (the only erasures are
     * such duplicates): never an op without operands and regions */
    if (!op->nregions && !op->noperands) d->unqueued = op;
    rw_replace_op(&d->rw, op, &v);
    d->unqueued = NULL;
    ir_op_set_loc(existing, ir_unknown_loc(d->ctx));
    return false;
  }
  IrBlock *ib = ir->first;
  if (ob != ib) {
    move_to_front(op, ib);
    ir_op_set_loc(op, ir_unknown_loc(d->ctx));
  } else if (ib->first != op && !prev_is_uniqued(d, op->prev)) {
    move_to_front(op, ib);
  }
  s->op = op;
  s->value = value;
  s->hash = h;
  f->len++;
  return true;
}

typedef struct SeedCtx {
  Driver *d;
  Folder *f;
  bool inside_dirty; /* the walk is inside an op in d->dirty (or all is) */
} SeedCtx;

/* Uniques `op` if it is a constant: returns true if it was erased as a
 * duplicate. */
static bool seed_constant(SeedCtx *sc, IrOp *op) {
  if (!sc->d->cfg->cse_constants || !(op->info->traits & IR_TRAIT_CONSTANT_LIKE)) return false;
  const IrAttr *v = rw_constant_value_id(op, sc->d->id_value);
  return v && !insert_known_constant(sc->d, sc->f, op, v);
}

/* Pre-order seeding of a block's ops (ir_walk_pre's order, the next op
 * taken before the visit) appends each op alone: its ancestors up to the
 * scope were seeded before it, so add_to_worklist would find them all
 * queued already.  The walk meets each op once; an op the listener pushed
 * earlier in this seeding (a user of a replaced duplicate constant, or its
 * ancestor) is appended too, and seed_visit keeps its first event. */
static void seed_pre_ops(SeedCtx *sc, IrBlock *b) {
  for (IrOp *o = b->first, *n; o; o = n) {
    n = o->next;
    if (seed_constant(sc, o)) continue;
    seed_visit(sc->d, o);
    if (!o->nregions) continue;
    /* The inside of an isolated op that the last processing did not change
     * is left out: seeding it again would change nothing (its constants are
     * unique and in place), and every op in it was processed, with no
     * change, on the IR it has now, so processing it would change nothing
     * either. */
    bool outer = sc->inside_dirty;
    if (!outer && (o->info->traits & IR_TRAIT_ISOLATED_FROM_ABOVE)) {
      uintptr_t st = (uintptr_t)u64map_get(&sc->d->dirty, (uintptr_t)o);
      if (!st) continue;
      sc->inside_dirty = st == 1;
    }
    vec_push(&sc->d->walk, o);
    for (uint32_t i = 0; i < o->nregions; i++)
      for (IrBlock *nb = ir_op_regions(o)[i].first; nb; nb = nb->next) seed_pre_ops(sc, nb);
    sc->d->walk.len--;
    sc->inside_dirty = outer;
  }
}

static IrWalkResult seed_post(IrOp *op, void *user) {
  SeedCtx *sc = user;
  if (!seed_constant(sc, op)) add_to_worklist(sc->d, op);
  return IR_WALK_ADVANCE;
}

/* ---- processing one op ---------------------------------------------------------------- */

/* Folds `op`.  Returns true if the IR changed (op folded in place, or
 * replaced by existing values and/or materialized constants). */
static bool try_fold(Driver *d, IrOp *op, const OpKind *kind) {
  uint32_t n = op->nresults;
  IrFoldResult rbuf[4];
  IrFoldResult *res = n <= 4 ? rbuf : xcalloc(n, sizeof *res);
  RwFoldStatus st = rw_fold_op_with(op, kind->fold, d->id_value, res);
  bool changed = false;
  if (st == RW_FOLD_IN_PLACE) {
    on_modified(d, op);
    changed = true;
  } else if (st == RW_FOLD_REPLACED) {
    /* the replacements and the constants made (at most one a result); small
     * folds, the usual ones, keep them on the stack */
    IrValue *rsmall[4] = {0};
    IrOp *msmall[4];
    IrValue **repl = n <= 4 ? rsmall : xcalloc(n, sizeof *repl);
    IrOp **made = n <= 4 ? msmall : xmalloc(n * sizeof *made);
    size_t nmade = 0;
    bool ok = true, partial = false;
    RwInsertPoint ip = rw_save_insertion_point(&d->rw);
    rw_set_insertion_point_before(&d->rw, op);
    for (uint32_t i = 0; i < n && ok; i++) {
      if (res[i].value) {
        repl[i] = res[i].value;
      } else if (res[i].attr) {
        IrOp *c = rw_materialize_constant_for(&d->rw, op->info, res[i].attr,
                                              ir_op_result(op, i)->type, ir_op_loc(op));
        if (!c || c->nresults < 1) ok = false;
        else {
          made[nmade++] = c;
          repl[i] = ir_op_result(c, 0);
        }
      } else {
        partial = true;
      }
    }
    rw_restore_insertion_point(&d->rw, ip);
    if (!ok) {
      /* materialization failed: drop the constants built for this fold */
      for (size_t i = nmade; i-- > 0;) rw_erase_op(&d->rw, made[i]);
    } else if (!partial) {
      rw_replace_op(&d->rw, op, repl);
      changed = true;
    } else {
      for (uint32_t i = 0; i < n; i++)
        if (repl[i]) rw_replace_all_uses_with(&d->rw, ir_op_result(op, i), repl[i]);
      add_to_worklist(d, op);
      changed = true;
    }
    if (made != msmall) free(made);
    if (repl != rsmall) free(repl);
  }
  if (res != rbuf) free(res);
  return changed;
}

/* Runs one pattern on op, its insertion point before the op (a failed
 * pattern may have moved it; nothing reads the driver's point between ops,
 * so it is not restored); returns whether it matched. */
static inline bool run_pattern(Driver *d, IrOp *op, const RwPattern *p) {
  d->rw.block = op->block;
  d->rw.before = op;
  d->rw.pattern = p;
  bool ok = p->fn(op, &d->rw);
  d->rw.pattern = NULL;
  return ok;
}

/* PatternApplicator::matchAndRewrite: the op's patterns and the any-op
 * patterns interleaved by benefit (op-specific first on ties). */
static bool try_patterns(Driver *d, IrOp *op, const OpKind *kind) {
  const Frozen *f = d->pats;
  const PatList *ol = kind->pats;
  size_t oi = 0, on = ol ? ol->len : 0, ai = 0, an = f->any.len;
  if (!on && !an) return false;
  if (!an) {
    /* the usual set: no any-op patterns, the op's list in order */
    for (; oi < on; oi++)
      if (run_pattern(d, op, ol->data[oi])) return true;
    return false;
  }
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
    if (run_pattern(d, op, best)) return true;
  }
}

/* Processes ops until the worklist is empty or the rewrite budget is spent.
 * Returns true if the IR changed. */
static bool process_worklist(Driver *d) {
  bool changed = false;
  int64_t nrewrites = 0, limit = d->cfg->max_num_rewrites;
  while (d->wl.live && (limit == RW_NO_LIMIT || nrewrites < limit)) {
    IrOp *op = wl_pop(&d->wl);
    /* rw_is_trivially_dead, its usual answer (a used first result) inline */
    if (!(op->nresults && ir_op_result(op, 0)->uses) && rw_is_trivially_dead(op)) {
      /* Just popped, so not queued; a leaf with unused results is not queued
       * again by its own erasure (add_operands_to_worklist queues the
       * producers of its operands and their ancestors, never the op), so
       * looking it up (and building the index for that) is skipped. */
      if (!op->nregions) d->unqueued = op;
      rw_erase_op(&d->rw, op);
      d->unqueued = NULL;
      changed = true;
      continue;
    }
    /* Constants are not folded: they would fold to their own value and be
     * rematerialized forever. */
    const OpKind *kind = op_kind(d, op);
    if (d->cfg->fold && kind->foldable && try_fold(d, op, kind)) {
      changed = true;
      continue;
    }
    size_t notes = d->nnotes;
    if ((kind->pats || d->pats->any.len) && try_patterns(d, op, kind)) {
      changed = true;
      nrewrites++;
      /* a pattern that changed the IR without telling the listener: where
       * is unknown */
      if (notes == d->nnotes) d->dirty_all = true;
    }
  }
  return changed;
}

/* RegionPatternRewriteDriver::simplify. */
static bool simplify_region(Driver *d, IrRegion *region, bool *changed) {
  bool more = false;
  int64_t iteration = 0, max = d->cfg->max_iterations;
  size_t nseeded = 0, nuniqued = 0; /* by the last seeding: the next one's reserves */
  do {
    if (++iteration > max && max != RW_NO_LIMIT) break;
    wl_clear(&d->wl);
    vec_reserve(&d->wl.list, nseeded);
    Folder f = {0};
    if (nuniqued) folder_reserve(&f, nuniqued);
    SeedCtx sc = {d, &f, d->dirty_all};
    d->ir_block = NULL; /* blocks may have been freed and reused since */
    d->seeding = d->cfg->top_down;
    for (IrBlock *b = region->first; b; b = b->next) {
      if (d->cfg->top_down) {
        seed_pre_ops(&sc, b);
        continue;
      }
      for (IrOp *o = b->first, *n; o; o = n) {
        n = o->next;
        ir_walk_post(o, seed_post, &sc);
      }
    }
    d->seeding = false;
    if (d->early.len || d->early_lost) drop_early(d);
    /* what seeding changed, this iteration's processing sees */
    if (d->dirty.len) u64map_free(&d->dirty);
    d->last_dirty = NULL;
    d->dirty_all = false;
    nseeded = d->wl.list.len;
    nuniqued = f.len;
    if (d->cfg->top_down) wl_reverse(&d->wl);
    folder_free(&f);
    d->processing = true;
    more = process_worklist(d);
    d->processing = false;
    /* an op left unprocessed (the rewrite budget ran out) is seeded again */
    if (d->wl.live) d->dirty_all = true;
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
  d->dirty_all = true; /* the first seeding sees everything */
  d->id_value = rw_state(ctx)->id_value;
  rw_rewriter_init(&d->rw, ctx, &d->listener);
}

static void driver_free(Driver *d) {
  wl_free(&d->wl);
  u64map_free(&d->early);
  vec_free(&d->walk);
  u64map_free(&d->dirty);
  free(d->early_bits);
  free(d->kinds);
}

static bool run_scope(Driver *d, IrRegion *r, bool whole, bool *any);

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
  bool any = false, conv = run_scope(&d, region, true, &any);
  driver_free(&d);
  frozen_free(&f);
  if (changed) *changed = any;
  return conv;
}

/* Runs driver d over region r as its scope (simplify_region); `whole`:
 * the first seeding enters every isolated op (else none: their insides
 * are done, see apply_split).  One driver serves the scopes of a run in
 * turn, keeping its per-kind cache, filters and tables. */
static bool run_scope(Driver *d, IrRegion *r, bool whole, bool *any) {
  d->scope = r;
  d->dirty_all = whole;
  if (d->dirty.len) u64map_free(&d->dirty);
  d->last_dirty = NULL;
  d->ir_block = NULL;
  d->unqueued = NULL;
  bool ch = false, conv = simplify_region(d, r, &ch);
  *any |= ch;
  return conv;
}

/* Whether no pattern, fold hook or folding trait applies to op's kind (so
 * the driver can only leave it as it is, or erase it when dead). */
static bool kind_inert(const Frozen *f, const IrOp *op) {
  uint64_t t = op->info->traits;
  return !f->any.len && !u64map_get(&f->by_root, (uintptr_t)op->info) &&
         !rw_fold_hook_for_kind((IrOp *)op) &&
         !(t & (IR_TRAIT_COMMUTATIVE | IR_TRAIT_IDEMPOTENT | IR_TRAIT_INVOLUTION));
}

/* Whether op's regions can be simplified an isolated op at a time
 * (apply_split): op is inert, and so is every op directly in its regions
 * that has regions, each of which is isolated from above, with no rewrite
 * budget to share among them. */
static bool split_ok(const Frozen *f, const RwGreedyConfig *cfg, const IrOp *op) {
  if (!op->nregions || cfg->max_num_rewrites != RW_NO_LIMIT || !kind_inert(f, op)) return false;
  bool some = false;
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
      for (IrOp *c = b->first; c; c = c->next) {
        if (!c->nregions) continue;
        if (!(c->info->traits & IR_TRAIT_ISOLATED_FROM_ABOVE) || !kind_inert(f, c)) return false;
        some = true;
      }
  return some;
}

/* Simplifies op's regions one isolated op at a time: driver d runs over
 * each isolated op directly in them in turn (split again when it allows),
 * then over each region with a first seeding that leaves their insides
 * out.
 * The result is the whole-region driver's: patterns and folds change
 * nothing outside the nearest isolated ancestor of the op they run on (the
 * rule note_change relies on), the ops between are inert (split_ok), and
 * a driver over one isolated op processes its ops in the order, and with
 * the iterations, that the whole-region driver gives them (top-down, a
 * push is processed next); but its worklist and index hold one function's
 * ops, not the module's (--canonicalize of the 126k-op benchmark module:
 * about 1.5 MiB less at its peak). */
static bool apply_split(Driver *d, IrOp *op, bool *any) {
  bool conv = true;
  for (uint32_t r = 0; r < op->nregions; r++) {
    IrRegion *reg = &ir_op_regions(op)[r];
    for (IrBlock *b = reg->first; b; b = b->next)
      for (IrOp *c = b->first; c; c = c->next) {
        if (!c->nregions) continue;
        if (split_ok(d->pats, d->cfg, c)) {
          conv &= apply_split(d, c, any);
          continue;
        }
        for (uint32_t i = 0; i < c->nregions; i++)
          conv &= run_scope(d, &ir_op_regions(c)[i], true, any);
      }
    conv &= run_scope(d, reg, false, any);
  }
  return conv;
}

bool rw_apply_patterns_greedily(IrOp *op, const RwPatternSet *set,
                                const RwGreedyConfig *cfg, bool *changed) {
  RwGreedyConfig dflt;
  if (!cfg) {
    rw_greedy_config_init(&dflt);
    cfg = &dflt;
  }
  IrContext *ctx = ir_op_context(op);
  Frozen f;
  freeze(&f, ctx, set);
  bool conv = true, any = false;
  if (cfg->split_isolated && !cfg->listener && cfg->top_down && split_ok(&f, cfg, op)) {
    Driver d;
    driver_init(&d, ctx, cfg, &f);
    conv = apply_split(&d, op, &any);
    driver_free(&d);
  } else {
    for (uint32_t r = 0; r < op->nregions; r++) {
      Driver d;
      driver_init(&d, ctx, cfg, &f);
      conv &= run_scope(&d, &ir_op_regions(op)[r], true, &any);
      driver_free(&d);
    }
  }
  frozen_free(&f);
  if (changed) *changed = any;
  return conv;
}
