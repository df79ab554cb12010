/* rewriter.c — pattern sets and the rewriter (MLIR's RewritePatternSet and
 * RewriterBase/PatternRewriter): building, replacing, erasing, moving,
 * inlining and cloning ops, each change reported to the listener so the
 * greedy driver can re-queue affected ops.  Also the value mapping used for
 * cloning. */
#include "rewrite/rw_internal.h"

/* ---- pattern sets ------------------------------------------------------------ */
void rw_pattern_set_init(RwPatternSet *set, IrContext *ctx) {
  memset(set, 0, sizeof *set);
  set->ctx = ctx;
}

void rw_pattern_set_free(RwPatternSet *set) { vec_free(&set->pats); }

void rw_pattern_add(RwPatternSet *set, const char *root, unsigned benefit,
                    RwMatchFn fn, const char *name) {
  vec_push(&set->pats, ((RwPattern){root, benefit, fn, name, NULL}));
}

void rw_pattern_add_pattern(RwPatternSet *set, const RwPattern *p) {
  vec_push(&set->pats, *p);
}

/* ---- rewriter basics ----------------------------------------------------------- */
void rw_rewriter_init(RwRewriter *rw, IrContext *ctx, const RwListener *listener) {
  memset(rw, 0, sizeof *rw);
  rw->ctx = ctx;
  rw->listener = listener;
}

static void notify_inserted(RwRewriter *rw, IrOp *op) {
  if (rw->listener && rw->listener->op_inserted) rw->listener->op_inserted(rw->listener->user, op);
}
static void notify_modified(RwRewriter *rw, IrOp *op) {
  if (rw->listener && rw->listener->op_modified) rw->listener->op_modified(rw->listener->user, op);
}

void rw_set_insertion_point_before(RwRewriter *rw, IrOp *op) {
  rw->block = op->block;
  rw->before = op;
}
void rw_set_insertion_point_after(RwRewriter *rw, IrOp *op) {
  rw->block = op->block;
  rw->before = op->next;
}
void rw_set_insertion_point_start(RwRewriter *rw, IrBlock *b) {
  rw->block = b;
  rw->before = b->first;
}
void rw_set_insertion_point_end(RwRewriter *rw, IrBlock *b) {
  rw->block = b;
  rw->before = NULL;
}

/* Links a detached op at the insertion point; false if there is none. */
static bool link_at_ip(RwRewriter *rw, IrOp *op) {
  if (!rw->block) return false;
  if (rw->before) ir_block_insert_before(rw->before, op);
  else ir_block_append(rw->block, op);
  return true;
}

void rw_insert_op(RwRewriter *rw, IrOp *op) {
  if (link_at_ip(rw, op)) notify_inserted(rw, op);
}

IrOp *rw_create_op(RwRewriter *rw, IrOpState *st) {
  IrOp *op = ir_op_create(st);
  ir_op_state_free(st);
  if (op) rw_insert_op(rw, op);
  return op;
}

/* rw_build_op's usual case: no default properties to add (which would
 * push into the state) and no discardable attributes.  The state's operand
 * and result type vectors borrow the caller's arrays and its properties are
 * `props` itself (a dictionary, taken whole by ir_op_create), so building
 * allocates nothing but the op; the borrowed vectors are detached before
 * the state is freed. */
static IrOp *build_borrowed(RwRewriter *rw, const IrOpInfo *info, const IrLoc *loc,
                            IrValue *const *operands, size_t noperands,
                            const IrType *const *result_types, size_t nresults,
                            const IrAttr *props) {
  IrOpState st;
  ir_op_state_init(&st, rw->ctx, info, loc);
  st.operands.data = (IrValue **)operands;
  st.operands.len = st.operands.cap = noperands;
  st.result_types.data = (const IrType **)result_types;
  st.result_types.len = st.result_types.cap = nresults;
  st.props_dict = props;
  IrOp *op = ir_op_create(&st);
  st.operands = (IrValueVec){0};
  st.result_types = (IrTypeVec){0};
  ir_op_state_free(&st);
  if (op) rw_insert_op(rw, op);
  return op;
}

IrOp *rw_build_op(RwRewriter *rw, const IrOpInfo *info, const IrLoc *loc,
                  IrValue *const *operands, size_t noperands,
                  const IrType *const *result_types, size_t nresults,
                  const IrAttr *props, const IrAttr *attrs) {
  if (!(info->traits & IR_TRAIT_DEFAULT_PROPS) && (!attrs || !attrs->nelems))
    return build_borrowed(rw, info, loc, operands, noperands, result_types, nresults,
                          props && props->nelems ? props : NULL);
  IrOpState st;
  ir_op_state_init(&st, rw->ctx, info, loc);
  for (size_t i = 0; i < noperands; i++) vec_push(&st.operands, operands[i]);
  for (size_t i = 0; i < nresults; i++) vec_push(&st.result_types, result_types[i]);
  for (uint32_t i = 0; props && i < props->nelems; i++)
    vec_push(&st.props, ((IrNamedAttr){props->names[i], props->elems[i]}));
  for (uint32_t i = 0; attrs && i < attrs->nelems; i++)
    vec_push(&st.attrs, ((IrNamedAttr){attrs->names[i], attrs->elems[i]}));
  return rw_create_op(rw, &st);
}

IrOp *rw_build_named_op(RwRewriter *rw, const char *name, const IrLoc *loc,
                        IrValue *const *operands, size_t noperands,
                        const IrType *const *result_types, size_t nresults,
                        const IrAttr *props, const IrAttr *attrs) {
  /* patterns build a few kinds by literal names, again and again: the
   * same pointers, checked against the info's name (a caller may reuse a
   * buffer for another name) */
  const IrOpInfo *info = NULL;
  for (int i = 0; i < 2 && !info; i++)
    if (rw->named_key[i] == name && strcmp(rw->named_info[i]->name, name) == 0)
      info = rw->named_info[i];
  if (!info) {
    info = ir_op_info_find(rw->ctx, name, strlen(name));
    if (!info) return NULL;
    rw->named_key[1] = rw->named_key[0];
    rw->named_info[1] = rw->named_info[0];
    rw->named_key[0] = name;
    rw->named_info[0] = info;
  }
  return rw_build_op(rw, info, loc, operands, noperands, result_types, nresults, props, attrs);
}

bool rw_op_is_named(const IrOp *op, const char *name) {
  return op && !(op->info->traits & IR_TRAIT_UNREGISTERED) && strcmp(op->info->name, name) == 0;
}

void rw_finalize_modification(RwRewriter *rw, IrOp *op) { notify_modified(rw, op); }

void rw_set_operand(RwRewriter *rw, IrOp *op, unsigned i, IrValue *v) {
  ir_op_set_operand(op, i, v);
  notify_modified(rw, op);
}

void rw_set_attr(RwRewriter *rw, IrOp *op, const char *name, const IrAttr *a) {
  if (a) ir_op_set_attr(op, name, a);
  else ir_op_remove_attr(op, name);
  notify_modified(rw, op);
}

bool rw_notify_match_failure(RwRewriter *rw, IrOp *op, const char *fmt, ...) {
  (void)rw;
  (void)op;
  (void)fmt;
  return false;
}

/* ---- replacement and erasure ---------------------------------------------------- */
void rw_replace_all_uses_with(RwRewriter *rw, IrValue *from, IrValue *to) {
  if (from == to) return;
  /* Users in use-list order, as MLIR's early-increment walk over uses. */
  while (from->uses) {
    IrUse *u = from->uses;
    IrOp *owner = u->owner;
    ir_use_set(u, to);
    notify_modified(rw, owner);
  }
}

/* Erases `op` and its nested ops one by one so the listener always sees
 * consistent IR: regions in reverse, blocks from last to first, ops from
 * last to first (users before definitions), then the op itself. */
static void erase_tree(RwRewriter *rw, IrOp *op) {
  for (uint32_t r = op->nregions; r-- > 0;) {
    IrRegion *reg = &ir_op_regions(op)[r];
    while (reg->last) {
      IrBlock *b = reg->last;
      for (IrOp *o = b->last, *p; o; o = p) {
        p = o->prev;
        erase_tree(rw, o);
      }
      ir_region_remove_block(reg, b);
      ir_block_destroy(b);
    }
  }
  rw->listener->op_erased(rw->listener->user, op);
  ir_op_erase(op);
}

void rw_erase_op(RwRewriter *rw, IrOp *op) {
  if (!rw->listener || !rw->listener->op_erased) {
    ir_op_erase(op);
    return;
  }
  erase_tree(rw, op);
}

void rw_erase_block(RwRewriter *rw, IrBlock *b) {
  for (IrOp *o = b->last, *p; o; o = p) {
    p = o->prev;
    /* uses from inside the block (graph regions) must not keep it alive */
    for (uint32_t i = 0; i < o->nresults; i++)
      while (ir_op_result(o, i)->uses) ir_use_set(ir_op_result(o, i)->uses, NULL);
    rw_erase_op(rw, o);
  }
  if (b->parent) ir_region_remove_block(b->parent, b);
  ir_block_destroy(b);
}

void rw_replace_op(RwRewriter *rw, IrOp *op, IrValue *const *values) {
  if (rw->listener && rw->listener->op_replaced)
    rw->listener->op_replaced(rw->listener->user, op, values);
  for (uint32_t i = 0; i < op->nresults; i++)
    if (values[i]) rw_replace_all_uses_with(rw, ir_op_result(op, i), values[i]);
  rw_erase_op(rw, op);
}

IrOp *rw_replace_op_with_new(RwRewriter *rw, IrOp *op, IrOpState *st) {
  RwInsertPoint ip = rw_save_insertion_point(rw);
  rw_set_insertion_point_before(rw, op);
  IrOp *n = rw_create_op(rw, st);
  rw_restore_insertion_point(rw, ip);
  if (!n) return NULL;
  IrValue *buf[8];
  IrValue **vals = n->nresults <= 8 ? buf : xmalloc(n->nresults * sizeof *vals);
  for (uint32_t i = 0; i < n->nresults; i++) vals[i] = ir_op_result(n, i);
  rw_replace_op(rw, op, vals);
  if (vals != buf) free(vals);
  return n;
}

/* ---- moving and inlining -------------------------------------------------------- */
void rw_move_op_before(RwRewriter *rw, IrOp *op, IrOp *pos) {
  ir_op_unlink(op);
  ir_block_insert_before(pos, op);
  notify_inserted(rw, op);
}

void rw_move_op_to_end(RwRewriter *rw, IrOp *op, IrBlock *b) {
  ir_op_unlink(op);
  ir_block_append(b, op);
  notify_inserted(rw, op);
}

void rw_inline_block_before(RwRewriter *rw, IrBlock *src, IrBlock *dest,
                            IrOp *before, IrValue *const *args) {
  for (uint32_t i = 0; i < src->nargs; i++)
    rw_replace_all_uses_with(rw, src->args[i], args[i]);
  while (src->first) {
    IrOp *o = src->first;
    ir_op_unlink(o);
    if (before) ir_block_insert_before(before, o);
    else ir_block_append(dest, o);
    notify_inserted(rw, o);
  }
  if (src->parent) ir_region_remove_block(src->parent, src);
  ir_block_destroy(src);
}

/* Links detached block `b` into `r` before `before` (NULL: at the end). */
static void region_insert_before(IrRegion *r, IrBlock *before, IrBlock *b) {
  if (!before) {
    ir_region_append(r, b);
    return;
  }
  b->parent = r;
  b->next = before;
  b->prev = before->prev;
  if (before->prev) before->prev->next = b;
  else r->first = b;
  before->prev = b;
}

void rw_inline_region_before(RwRewriter *rw, IrRegion *src, IrRegion *dest,
                             IrBlock *before) {
  (void)rw;
  while (src->first) {
    IrBlock *b = src->first;
    ir_region_remove_block(src, b);
    region_insert_before(dest, before, b);
  }
}

/* ---- mapping and cloning -------------------------------------------------------- */
void rw_mapping_map(RwMapping *m, const void *from, void *to) {
  u64map_put(&m->map, (uintptr_t)from, to);
}

IrValue *rw_mapping_lookup_value(RwMapping *m, IrValue *v) {
  IrValue *r = m ? u64map_get(&m->map, (uintptr_t)v) : NULL;
  return r ? r : v;
}

IrBlock *rw_mapping_lookup_block(RwMapping *m, IrBlock *b) {
  IrBlock *r = m ? u64map_get(&m->map, (uintptr_t)b) : NULL;
  return r ? r : b;
}

static IrOp *clone_detached(IrContext *ctx, IrOp *op, RwMapping *m);

/* Clones the blocks of `src` into detached blocks appended to `dst` (whose
 * parent may still be NULL): blocks and arguments first, then ops, then a
 * fix-up of operands that referred to values cloned later (blocks listed
 * after the blocks they dominate). */
static void clone_blocks(IrContext *ctx, IrRegion *src, IrRegion *dst, IrBlock *before,
                         RwMapping *m) {
  size_t nb = 0;
  for (IrBlock *b = src->first; b; b = b->next) nb++;
  IrBlock **nbs = xmalloc((nb ? nb : 1) * sizeof *nbs);
  size_t k = 0;
  for (IrBlock *b = src->first; b; b = b->next, k++) {
    IrBlock *c = ir_block_new();
    for (uint32_t i = 0; i < b->nargs; i++)
      rw_mapping_map(m, b->args[i], ir_block_add_arg(c, b->args[i]->type, ir_value_arg_loc(b->args[i])));
    rw_mapping_map(m, b, c);
    nbs[k] = c;
  }
  k = 0;
  for (IrBlock *b = src->first; b; b = b->next, k++)
    for (IrOp *o = b->first; o; o = o->next) ir_block_append(nbs[k], clone_detached(ctx, o, m));
  for (k = 0; k < nb; k++) {
    region_insert_before(dst, before, nbs[k]);
  }
  free(nbs);
}

/* Remaps operands of cloned ops whose values got a mapping only after the op
 * was cloned. */
static IrWalkResult fixup_operands(IrOp *op, void *user) {
  RwMapping *m = user;
  for (uint32_t i = 0; i < op->noperands; i++) {
    IrValue *v = ir_op_operands(op)[i].value, *nv = rw_mapping_lookup_value(m, v);
    if (nv != v) ir_op_set_operand(op, i, nv);
  }
  return IR_WALK_ADVANCE;
}

static IrOp *clone_detached(IrContext *ctx, IrOp *op, RwMapping *m) {
  IrOpState st;
  ir_op_state_init(&st, ctx, op->info, ir_op_loc(op));
  for (uint32_t i = 0; i < op->noperands; i++)
    vec_push(&st.operands, rw_mapping_lookup_value(m, ir_op_operands(op)[i].value));
  for (uint32_t i = 0; i < op->nresults; i++) vec_push(&st.result_types, ir_op_result(op, i)->type);
  for (uint32_t i = 0; i < op->nsuccessors; i++)
    vec_push(&st.successors, rw_mapping_lookup_block(m, ir_op_successors(op)[i]));
  for (uint32_t r = 0; r < op->nregions; r++) {
    IrRegion *nr = ir_op_state_add_region(&st);
    clone_blocks(ctx, &ir_op_regions(op)[r], nr, NULL, m);
  }
  IrOp *n = ir_op_create(&st); /* no attributes in the state: cannot fail */
  ir_op_state_free(&st);
  n->props = op->props;
  n->attrs = op->attrs;
  for (uint32_t i = 0; i < op->nresults; i++) rw_mapping_map(m, ir_op_result(op, i), ir_op_result(n, i));
  return n;
}

static IrWalkResult notify_walk(IrOp *op, void *user) {
  notify_inserted(user, op);
  return IR_WALK_ADVANCE;
}

IrOp *rw_clone_op(RwRewriter *rw, IrOp *op, RwMapping *m) {
  RwMapping local;
  rw_mapping_init(&local);
  if (!m) m = &local;
  IrOp *n = clone_detached(rw->ctx, op, m);
  for (uint32_t r = 0; r < n->nregions; r++)
    for (IrBlock *b = ir_op_regions(n)[r].first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) ir_walk_pre(o, fixup_operands, m);
  if (link_at_ip(rw, n)) {
    notify_inserted(rw, n);
    /* ops created inside the clone's regions, pre-order (as MLIR) */
    for (uint32_t r = 0; r < n->nregions; r++)
      for (IrBlock *b = ir_op_regions(n)[r].first; b; b = b->next)
        for (IrOp *o = b->first; o; o = o->next) ir_walk_pre(o, notify_walk, rw);
  }
  rw_mapping_free(&local);
  return n;
}

void rw_clone_region_before(RwRewriter *rw, IrRegion *src, IrRegion *dest,
                            IrBlock *before, RwMapping *m) {
  RwMapping local;
  rw_mapping_init(&local);
  if (!m) m = &local;
  IrBlock *first_new = NULL;
  IrBlock *prev_last = before ? before->prev : dest->last;
  clone_blocks(rw->ctx, src, dest, before, m);
  first_new = prev_last ? prev_last->next : dest->first;
  for (IrBlock *b = first_new; b && b != before; b = b->next)
    for (IrOp *o = b->first; o; o = o->next) ir_walk_pre(o, fixup_operands, m);
  for (IrBlock *b = first_new; b && b != before; b = b->next)
    for (IrOp *o = b->first; o; o = o->next) ir_walk_pre(o, notify_walk, rw);
  rw_mapping_free(&local);
}
