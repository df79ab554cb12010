/* fold.c — folding (MLIR's Operation::fold and the trait folds) and constant
 * recognition (m_Constant).  The greedy driver calls rw_fold_op on every op
 * it visits; constant materialization for attribute results is done by the
 * driver through the dialects' registered materializers. */
#include "rewrite/rw_internal.h"

/* The op's fold hook: its row's, else its dialect's fallback. */
RwFoldFn rw_fold_hook(IrOp *op) {
  if (op->info->fold) return op->info->fold;
  const IrDialect *d = ir_op_info_dialect(ir_op_context(op), op->info);
  return d ? d->fold : NULL;
}

RwFoldFn rw_fold_hook_for_kind(IrOp *op) {
  if (op->info->fold) return op->info->fold;
  const IrDialect *d = ir_op_info_dialect(ir_op_context(op), op->info);
  if (!d || !d->fold) return NULL;
  const RwFoldIface *fi = rw_fold_iface(ir_op_context(op), op->info);
  return fi && fi->folds && !fi->folds(op->info) ? NULL : d->fold;
}

/* The value of constant-like `op` (one result): its "value" attribute
 * (`id_value` is that name's ident), else what its fold hook returns. */
const IrAttr *rw_constant_value_id(IrOp *op, const IrIdent *id_value) {
  if (!op || !(op->info->traits & IR_TRAIT_CONSTANT_LIKE) || op->nresults != 1) return NULL;
  /* the usual constant: "value" is its first property (a dictionary's keys
   * are unique, so that is the entry ir_op_attr would find) */
  const IrAttr *p = op->props;
  if (p && p->nelems && p->names[0] == id_value) return p->elems[0];
  const IrAttr *a = ir_op_attr(op, id_value);
  if (a) return a;
  RwFoldFn fold = rw_fold_hook(op);
  if (!fold) return NULL;
  /* MLIR's m_Constant folds the op: a constant op folds to its value. */
  const IrAttr *none[8] = {0};
  const IrAttr **consts = op->noperands <= 8 ? none : xcalloc(op->noperands, sizeof *consts);
  IrFoldResult r = {0};
  bool ok = fold(op, consts, &r);
  if (consts != none) free(consts);
  return ok ? r.attr : NULL;
}

const IrAttr *rw_constant_value(IrOp *op) {
  if (!op || !(op->info->traits & IR_TRAIT_CONSTANT_LIKE) || op->nresults != 1) return NULL;
  return rw_constant_value_id(op, rw_state(ir_op_context(op))->id_value);
}

const IrAttr *rw_value_constant(IrValue *v) {
  return v && v->def ? rw_constant_value(v->def) : NULL;
}

/* OpTrait::impl::foldCommutative: moves constant operands to the end,
 * keeping the relative order of both groups (a stable partition).  Succeeds
 * (in place) iff the order changed. */
static bool fold_commutative(IrOp *op, const IrAttr *const *consts) {
  uint32_t n = op->noperands, first = 0;
  if (n < 2) return false;
  while (first < n && !consts[first]) first++;
  bool moved = false;
  for (uint32_t i = first; i < n; i++)
    if (!consts[i]) moved = true;
  if (!moved) return false;
  IrValue **order = xmalloc(n * sizeof *order);
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!consts[i]) order[k++] = ir_op_operands(op)[i].value;
  for (uint32_t i = 0; i < n; i++)
    if (consts[i]) order[k++] = ir_op_operands(op)[i].value;
  for (uint32_t i = 0; i < n; i++)
    if (ir_op_operands(op)[i].value != order[i]) ir_op_set_operand(op, i, order[i]);
  free(order);
  return true;
}

/* OpTrait::impl::foldIdempotent: f(f(x)) -> f(x); g(x, x) -> x. */
static IrValue *fold_idempotent(IrOp *op) {
  if (op->nresults != 1 || op->noperands == 0) return NULL;
  if (op->noperands == 1) {
    IrOp *arg = ir_op_operands(op)[0].value ? ir_op_operands(op)[0].value->def : NULL;
    return arg && arg->info == op->info ? ir_op_operands(op)[0].value : NULL;
  }
  if (op->noperands == 2 && ir_op_operands(op)[0].value == ir_op_operands(op)[1].value)
    return ir_op_operands(op)[0].value;
  return NULL;
}

/* OpTrait::impl::foldInvolution: f(f(x)) -> x. */
static IrValue *fold_involution(IrOp *op) {
  if (op->nresults != 1 || op->noperands != 1 || !ir_op_operands(op)[0].value) return NULL;
  IrOp *arg = ir_op_operands(op)[0].value->def;
  if (!arg || arg->info != op->info || arg->noperands < 1) return NULL;
  return ir_op_operands(arg)[0].value;
}

/* The trait folds, first success wins (order: Commutative, Idempotent,
 * Involution).  The results are cleared when one succeeds (and left as they
 * are when none does). */
static RwFoldStatus fold_traits(IrOp *op, const IrAttr *const *consts, IrFoldResult *results) {
  uint64_t t = op->info->traits;
  RwFoldStatus st = RW_FOLD_FAILED;
  IrValue *v = NULL;
  if ((t & IR_TRAIT_COMMUTATIVE) && fold_commutative(op, consts)) st = RW_FOLD_IN_PLACE;
  else if ((t & IR_TRAIT_IDEMPOTENT) && (v = fold_idempotent(op)) != NULL) st = RW_FOLD_REPLACED;
  else if ((t & IR_TRAIT_INVOLUTION) && (v = fold_involution(op)) != NULL) st = RW_FOLD_REPLACED;
  if (st == RW_FOLD_FAILED) return st;
  for (uint32_t i = 0; i < op->nresults; i++) results[i] = (IrFoldResult){0};
  if (st == RW_FOLD_REPLACED && v == ir_op_result(op, 0)) st = RW_FOLD_IN_PLACE;
  else if (st == RW_FOLD_REPLACED) results[0].value = v;
  return st;
}

/* rw_fold_op with the op's fold hook (rw_fold_hook) and the ident of
 * "value" given: the greedy driver looks both up once per op kind.  Operand
 * constants are looked for only when something folds: an op with neither a
 * hook nor a folding trait fails at once. */
RwFoldStatus rw_fold_op_with(IrOp *op, RwFoldFn fold, const IrIdent *id_value,
                             IrFoldResult *results) {
  uint64_t t = op->info->traits;
  if (t & IR_TRAIT_UNREGISTERED) return RW_FOLD_FAILED;
  if (!fold && !(t & (IR_TRAIT_COMMUTATIVE | IR_TRAIT_IDEMPOTENT | IR_TRAIT_INVOLUTION))) {
    for (uint32_t i = 0; i < op->nresults; i++) results[i] = (IrFoldResult){0};
    return RW_FOLD_FAILED;
  }
  uint32_t n = op->noperands;
  const IrAttr *buf[8];
  const IrAttr **consts = n <= 8 ? buf : xmalloc(n * sizeof *consts);
  for (uint32_t i = 0; i < n; i++) {
    IrValue *v = ir_op_operands(op)[i].value;
    IrOp *def = v ? v->def : NULL;
    consts[i] = def && (def->info->traits & IR_TRAIT_CONSTANT_LIKE)
                    ? rw_constant_value_id(def, id_value)
                    : NULL;
  }
  RwFoldStatus st = RW_FOLD_FAILED;
  uint32_t nres = op->nresults;
  if (fold) {
    if (nres == 1) results[0] = (IrFoldResult){0}; /* the usual op: no memset call */
    else
      for (uint32_t i = 0; i < nres; i++) results[i] = (IrFoldResult){0};
    if (fold(op, consts, results)) {
      st = RW_FOLD_IN_PLACE;
      for (uint32_t i = 0; i < op->nresults; i++) {
        IrFoldResult *r = &results[i];
        if (r->attr || (r->value && r->value != ir_op_result(op, i))) st = RW_FOLD_REPLACED;
        else r->value = NULL;
      }
    }
  }
  if (st != RW_FOLD_REPLACED) {
    /* MLIR tries the trait folds when the op's fold failed or was in place
     * (they clear the results when one succeeds; after a failure the
     * results mean nothing) */
    RwFoldStatus ts = fold_traits(op, consts, results);
    if (ts != RW_FOLD_FAILED) st = ts;
  }
  if (consts != buf) free(consts);
  return st;
}

RwFoldStatus rw_fold_op(IrOp *op, IrFoldResult *results) {
  if (op->info->traits & IR_TRAIT_UNREGISTERED) return RW_FOLD_FAILED;
  return rw_fold_op_with(op, rw_fold_hook(op), rw_state(ir_op_context(op))->id_value, results);
}
