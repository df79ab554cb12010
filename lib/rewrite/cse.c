/* cse.c — common subexpression elimination (MLIR's CSE pass) and operation
 * equivalence (MLIR's OperationEquivalence::isEquivalentTo).
 *
 * A scoped hash table of known ops is carried down the region tree: a
 * value computed earlier in an enclosing block is available inside the
 * regions of later ops, except across ops isolated from above, which start
 * a fresh table.  Nested regions are simplified before their parent op is
 * looked up.  An op is a candidate when it is memory-effect free; read-only
 * ops are also merged with an identical earlier op of the same block when no
 * op in between may write.  Trivially dead ops met on the way are erased
 * too.  Multi-block regions: each block gets its own scope (values from the
 * entry block are not reused in other blocks — conservative, since ctile
 * has no dominance tree; MLIR walks the dominator tree). */
#include "rewrite/rw_internal.h"

/* ---- equivalence ---------------------------------------------------------------- */
static const IrAttr *norm_dict(const IrAttr *d) { return d && d->nelems ? d : NULL; }

/* Orders values like MLIR's commutative operand sort: block arguments first
 * (by block, then position), then op results by address. */
static int value_cmp(const void *pa, const void *pb) {
  const IrValue *a = *(IrValue *const *)pa, *b = *(IrValue *const *)pb;
  bool aa = a && !a->def, ba = b && !b->def;
  if (aa && ba) {
    unsigned ia = ir_value_index(a), ib = ir_value_index(b);
    if (ir_value_arg_block(a) == ir_value_arg_block(b)) return ia < ib ? -1 : ia > ib;
    return (uintptr_t)ir_value_arg_block(a) < (uintptr_t)ir_value_arg_block(b) ? -1 : 1;
  }
  if (aa != ba) return aa ? -1 : 1;
  return (uintptr_t)a < (uintptr_t)b ? -1 : (uintptr_t)a > (uintptr_t)b;
}

typedef struct Equiv {
  U64Map values;  /* lhs value -> equivalent rhs value */
  U64Map blocks;  /* lhs block -> rhs block */
} Equiv;

static bool values_equiv(Equiv *e, IrValue *l, IrValue *r) {
  return l == r || (l && u64map_get(&e->values, (uintptr_t)l) == (void *)r);
}

static bool ops_equiv(Equiv *e, IrOp *a, IrOp *b, bool mark);

static bool regions_equiv(Equiv *e, IrRegion *l, IrRegion *r) {
  IrBlock *lb = l->first, *rb = r->first;
  for (; lb && rb; lb = lb->next, rb = rb->next) {
    if (lb->nargs != rb->nargs) return false;
    IrBlock *m = u64map_get(&e->blocks, (uintptr_t)lb);
    if (m && m != rb) return false;
    if (!m) u64map_put(&e->blocks, (uintptr_t)lb, rb);
    for (uint32_t i = 0; i < lb->nargs; i++) {
      if (lb->args[i]->type != rb->args[i]->type) return false;
      u64map_put(&e->values, (uintptr_t)lb->args[i], rb->args[i]);
    }
    IrOp *lo = lb->first, *ro = rb->first;
    for (; lo && ro; lo = lo->next, ro = ro->next) {
      if (!ops_equiv(e, lo, ro, true)) return false;
      for (uint32_t i = 0; i < lo->nsuccessors; i++) {
        IrBlock *s = u64map_get(&e->blocks, (uintptr_t)ir_op_successors(lo)[i]);
        if (s && s != ir_op_successors(ro)[i]) return false;
        if (!s) u64map_put(&e->blocks, (uintptr_t)ir_op_successors(lo)[i], ir_op_successors(ro)[i]);
      }
    }
    if (lo || ro) return false;
  }
  return !lb && !rb;
}

static bool ops_equiv(Equiv *e, IrOp *a, IrOp *b, bool mark) {
  if (a == b) return true;
  if (a->info != b->info || norm_dict(a->attrs) != norm_dict(b->attrs) ||
      a->nregions != b->nregions || a->nsuccessors != b->nsuccessors ||
      a->noperands != b->noperands || a->nresults != b->nresults ||
      norm_dict(a->props) != norm_dict(b->props))
    return false;
  uint32_t n = a->noperands;
  bool ok = true;
  if ((a->info->traits & IR_TRAIT_COMMUTATIVE) && n > 1) {
    IrValue **la = xmalloc(2 * n * sizeof *la), **rb = la + n;
    for (uint32_t i = 0; i < n; i++) {
      la[i] = ir_op_operands(a)[i].value;
      rb[i] = ir_op_operands(b)[i].value;
    }
    qsort(la, n, sizeof *la, value_cmp);
    qsort(rb, n, sizeof *rb, value_cmp);
    for (uint32_t i = 0; i < n && ok; i++) ok = values_equiv(e, la[i], rb[i]);
    free(la);
  } else {
    for (uint32_t i = 0; i < n && ok; i++)
      ok = values_equiv(e, ir_op_operands(a)[i].value, ir_op_operands(b)[i].value);
  }
  if (!ok) return false;
  for (uint32_t i = 0; i < a->nresults; i++)
    if (ir_op_result(a, i)->type != ir_op_result(b, i)->type) return false;
  for (uint32_t i = 0; i < a->nregions; i++)
    if (!regions_equiv(e, &ir_op_regions(a)[i], &ir_op_regions(b)[i])) return false;
  for (uint32_t i = 0; mark && i < a->nresults; i++)
    u64map_put(&e->values, (uintptr_t)ir_op_result(a, i), ir_op_result(b, i));
  return true;
}

bool rw_ops_equivalent(IrOp *a, IrOp *b) {
  if (a == b) return true;
  Equiv e = {0};
  bool r = ops_equiv(&e, a, b, false);
  u64map_free(&e.values);
  u64map_free(&e.blocks);
  return r;
}

/* Hash consistent with rw_ops_equivalent (operands ignored order-wise for
 * commutative ops; regions not hashed). */
static uint64_t op_hash(IrOp *op) {
  uint64_t h = hash_mix((uintptr_t)op->info, (uintptr_t)norm_dict(op->attrs));
  h = hash_mix(h, (uintptr_t)norm_dict(op->props));
  h = hash_mix(h, ((uint64_t)op->noperands << 32) | op->nresults);
  for (uint32_t i = 0; i < op->nresults; i++) h = hash_mix(h, (uintptr_t)ir_op_result(op, i)->type);
  if (op->info->traits & IR_TRAIT_COMMUTATIVE) {
    uint64_t s = 0;
    for (uint32_t i = 0; i < op->noperands; i++) s += hash_mix(0, (uintptr_t)ir_op_operands(op)[i].value);
    h = hash_mix(h, s);
  } else {
    for (uint32_t i = 0; i < op->noperands; i++) h = hash_mix(h, (uintptr_t)ir_op_operands(op)[i].value);
  }
  return h;
}

/* ---- scoped table ----------------------------------------------------------------- */
typedef struct KnownEntry {
  IrOp *op;
  uint64_t hash;
  size_t prev;     /* index + 1 of the previous entry with the same hash */
} KnownEntry;

typedef struct Known {
  VEC(KnownEntry) ents;
  U64Map head;     /* hash -> index + 1 of the newest entry */
} Known;

static IrOp *known_lookup(Known *k, IrOp *op, uint64_t h) {
  for (size_t i = (uintptr_t)u64map_get(&k->head, h); i; i = k->ents.data[i - 1].prev)
    if (rw_ops_equivalent(k->ents.data[i - 1].op, op)) return k->ents.data[i - 1].op;
  return NULL;
}

static void known_insert(Known *k, IrOp *op, uint64_t h) {
  size_t prev = (uintptr_t)u64map_get(&k->head, h);
  vec_push(&k->ents, ((KnownEntry){op, h, prev}));
  u64map_put(&k->head, h, (void *)(uintptr_t)k->ents.len);
}

static void known_pop_to(Known *k, size_t mark) {
  while (k->ents.len > mark) {
    KnownEntry e = vec_pop(&k->ents);
    if (e.prev) u64map_put(&k->head, e.hash, (void *)(uintptr_t)e.prev);
    else u64map_remove(&k->head, e.hash);
  }
}

static void known_free(Known *k) {
  vec_free(&k->ents);
  u64map_free(&k->head);
}

/* ---- the driver ----------------------------------------------------------------------- */
typedef struct Cse {
  VEC(IrOp *) to_erase;
  bool changed;
} Cse;

static bool write_between(IrOp *from, IrOp *to) {
  for (IrOp *o = from->next; o && o != to; o = o->next)
    if (!rw_has_no_writes(o)) return true;
  return false;
}

static void replace_and_delete(Cse *c, IrOp *op, IrOp *existing) {
  for (uint32_t i = 0; i < op->nresults; i++)
    ir_value_replace_all_uses(ir_op_result(op, i), ir_op_result(existing, i));
  vec_push(&c->to_erase, op);
  /* keep a real location when the survivor lost its own (folded constants) */
  if (ir_attr_is(ir_op_loc(existing), &ir_unknown_loc_def) && !ir_attr_is(ir_op_loc(op), &ir_unknown_loc_def))
    ir_op_set_loc(existing, ir_op_loc(op));
  c->changed = true;
}

static void simplify_op(Cse *c, Known *k, IrOp *op) {
  uint64_t t = op->info->traits;
  if (t & IR_TRAIT_TERMINATOR) return;
  if (rw_is_trivially_dead(op)) {
    vec_push(&c->to_erase, op);
    c->changed = true;
    return;
  }
  for (uint32_t r = 0; r < op->nregions; r++)
    if (ir_op_regions(op)[r].first && ir_op_regions(op)[r].first->next) return;
  if (!rw_is_memory_effect_free(op)) {
    if (!(t & IR_TRAIT_MEMORY_READ) || (t & IR_TRAIT_MEMORY_WRITE)) return;
    uint64_t h = op_hash(op);
    IrOp *ex = known_lookup(k, op, h);
    if (ex && ex->block == op->block && !write_between(ex, op)) {
      replace_and_delete(c, op, ex);
      return;
    }
    known_insert(k, op, h);
    return;
  }
  uint64_t h = op_hash(op);
  IrOp *ex = known_lookup(k, op, h);
  if (ex) {
    replace_and_delete(c, op, ex);
    return;
  }
  known_insert(k, op, h);
}

static void simplify_region(Cse *c, Known *k, IrRegion *r);

static void simplify_block(Cse *c, Known *k, IrBlock *b) {
  for (IrOp *op = b->first; op; op = op->next) {
    if (op->nregions) {
      if (op->info->traits & (IR_TRAIT_ISOLATED_FROM_ABOVE | IR_TRAIT_UNREGISTERED)) {
        Known fresh = {0};
        for (uint32_t r = 0; r < op->nregions; r++) simplify_region(c, &fresh, &ir_op_regions(op)[r]);
        known_free(&fresh);
      } else {
        for (uint32_t r = 0; r < op->nregions; r++) simplify_region(c, k, &ir_op_regions(op)[r]);
      }
    }
    simplify_op(c, k, op);
  }
}

static void simplify_region(Cse *c, Known *k, IrRegion *r) {
  for (IrBlock *b = r->first; b; b = b->next) {
    size_t mark = k->ents.len;
    simplify_block(c, k, b);
    known_pop_to(k, mark);
  }
}

bool rw_cse(IrOp *root) {
  Cse c = {0};
  Known k = {0};
  for (uint32_t r = 0; r < root->nregions; r++) simplify_region(&c, &k, &ir_op_regions(root)[r]);
  known_free(&k);
  for (size_t i = 0; i < c.to_erase.len; i++) ir_op_erase(c.to_erase.data[i]);
  vec_free(&c.to_erase);
  return c.changed;
}

/* ---- the pass -------------------------------------------------------------------------- */
static bool cse_run(IrOp *op, const char *options) {
  (void)options;
  rw_cse(op);
  return true;
}

static const RwPassOption cse_opts[] = {{NULL, RW_OPT_BOOL, NULL, NULL}};

const RwPassInfo rw_cse_pass = {
    .name = "cse",
    .summary = "Eliminate common sub-expressions",
    .anchor = NULL,
    .run = cse_run,
    .class_name = "CSE",
    .opts = cse_opts,
};
