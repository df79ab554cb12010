/* fold.c — the cuda_tile fold hook and the helpers shared by the
 * canonicalization patterns and passes.
 *
 * NVIDIA folds only four ops (CudaTile.cpp): constant (to its value), assume
 * (an assume of an assume with the same predicate is the inner one), if
 * (`if xori(c, true)` swaps its branches in place) and select (same arms,
 * constant condition, boolean identity, cmpi eq/ne of the arms, a negated
 * condition and a redundant nested select).  Arithmetic is deliberately not
 * constant-folded: NVIDIA's canonicalizer leaves `addi %c0, %c2` alone, and
 * ctile must print exactly what NVIDIA prints.  The dialect has no constant
 * materializer upstream either; ct_register_transforms installs one that
 * builds `cuda_tile.constant` for dense tile values, which none of these
 * folds needs (they return existing values only). */
#include "dialect/cuda_tile/ct_transforms.h"

/* ---- shared helpers ------------------------------------------------------------ */

/* The dense value of a cuda_tile.constant defining v, if it is a splat or
 * has one element; *elem gets the element type. */
static const IrAttr *single_const(IrValue *v, const IrType **elem) {
  if (!v || !v->def || !ct_op_is(v->def, CT_OP_constant)) return NULL;
  const IrAttr *a = ir_op_attrz(v->def, "value");
  const IrType *t = v->type;
  if (!a || !ct_type_is_tile(t)) return NULL;
  if (!ct_dense_is_splat(a) && ct_dense_num_elements(a) != 1) return NULL;
  *elem = ct_tile_type_elem(t);
  return a;
}

bool ct_const_bool(IrValue *v, bool *out) {
  const IrType *e;
  const IrAttr *a = single_const(v, &e);
  if (!a || !ir_type_is_integer(e) || ir_integer_width(e) != 1) return false;
  *out = ct_dense_int(a, 0) != 0;
  return true;
}

bool ct_const_int_is(IrValue *v, int64_t want) {
  const IrType *e;
  const IrAttr *a = single_const(v, &e);
  if (!a || !ir_type_is_integer(e)) return false;
  /* APInt == want: compare the element's bits zero-extended from its width. */
  unsigned w = ir_integer_width(e);
  uint64_t bits = ct_dense_bits(a, 0);
  if (w < 64) bits &= (UINT64_C(1) << w) - 1;
  return bits == (uint64_t)want;
}

IrRegion *ct_value_region(IrValue *v) {
  IrBlock *b = v->def ? v->def->block : ir_value_arg_block(v);
  return b ? b->parent : NULL;
}

bool ct_region_is_ancestor(IrRegion *outer, IrRegion *r) {
  while (r) {
    if (r == outer) return true;
    IrOp *p = r->parent;
    if (!p || !p->block) return false;
    r = p->block->parent;
  }
  return false;
}

bool ct_is_terminator_for_parent(IrOp *op) {
  return op && (ct_op_is(op, CT_OP_return_) || ct_op_is(op, CT_OP_continue_) ||
                ct_op_is(op, CT_OP_break_));
}

IrOp *ct_build_constant(RwRewriter *rw, const IrLoc *loc, const IrType *type,
                        const IrAttr *value) {
  IrOpState st;
  ir_op_state_init(&st, rw->ctx, ct_op(constant), loc);
  vec_push(&st.result_types, type);
  ir_op_state_add_prop(&st, "value", value);
  return rw_create_op(rw, &st);
}

IrValue *ct_build_binary(RwRewriter *rw, CtOpIndex which, const IrLoc *loc, IrValue *a,
                         IrValue *b, const IrType *type, const IrAttr *props) {
  IrValue *ops[2] = {a, b};
  IrOp *op = rw_build_op(rw, &ct_op_infos[which], loc, ops, b ? 2 : 1, &type, 1, props, NULL);
  return op ? ir_op_result(op, 0) : NULL;
}

/* tile<i1> with the shape of tile type t. */
static const IrType *i1_same_shape(IrContext *ctx, const IrType *t) {
  return ct_tile_type(ctx, ct_tile_type_shape(t), ct_tile_type_rank(t),
                      ir_integer_type(ctx, 1, IR_SIGNLESS));
}

IrValue *ct_build_not(RwRewriter *rw, const IrLoc *loc, IrValue *cond) {
  const IrType *ty = i1_same_shape(rw->ctx, cond->type);
  uint8_t one = 1;
  IrOp *c = ct_build_constant(rw, loc, ty, ct_dense_attr(rw->ctx, ty, &one, 1));
  if (!c) return NULL;
  return ct_build_binary(rw, CT_OP_xori, loc, cond, ir_op_result(c, 0), cond->type, NULL);
}

IrValue *ct_build_select(RwRewriter *rw, const IrLoc *loc, IrValue *cond, IrValue *t,
                         IrValue *f) {
  const IrType *ty = t->type;
  size_t rank = ct_tile_type_rank(ty);
  if (rank) {
    int64_t ones[64];
    size_t r = rank < 64 ? rank : 64;
    for (size_t i = 0; i < r; i++) ones[i] = 1;
    const IrType *rt = ct_tile_type(rw->ctx, ones, r, ct_tile_type_elem(cond->type));
    cond = ct_build_binary(rw, CT_OP_reshape, loc, cond, NULL, rt, NULL);
    if (!cond) return NULL;
    cond = ct_build_binary(rw, CT_OP_broadcast, loc, cond, NULL,
                           i1_same_shape(rw->ctx, ty), NULL);
    if (!cond) return NULL;
  }
  IrValue *ops[3] = {cond, t, f};
  IrOp *op = rw_build_op(rw, ct_op(select), loc, ops, 3, &ty, 1, NULL, NULL);
  return op ? ir_op_result(op, 0) : NULL;
}

IrOp *ct_build_if(RwRewriter *rw, const IrLoc *loc, IrValue *cond,
                  const IrType *const *types, size_t n) {
  IrOpState st;
  ir_op_state_init(&st, rw->ctx, ct_op(if_), loc);
  vec_push(&st.operands, cond);
  for (size_t i = 0; i < n; i++) vec_push(&st.result_types, types[i]);
  ir_op_state_add_region(&st);
  ir_op_state_add_region(&st);
  return rw_create_op(rw, &st);
}

IrOp *ct_build_yield(RwRewriter *rw, const IrLoc *loc, IrBlock *b, IrValue *const *vals,
                     size_t n) {
  RwInsertPoint ip = rw_save_insertion_point(rw);
  rw_set_insertion_point_end(rw, b);
  IrOp *y = rw_build_op(rw, ct_op(yield), loc, vals, n, NULL, 0, NULL, NULL);
  rw_restore_insertion_point(rw, ip);
  return y;
}

/* ---- folds ------------------------------------------------------------------------ */

/* assume P, (assume P, x) -> assume P, x */
static bool fold_assume(IrOp *op, IrFoldResult *r) {
  IrValue *v = ir_op_operand(op, 0);
  IrOp *p = v ? v->def : NULL;
  if (!ct_op_is(p, CT_OP_assume)) return false;
  const IrAttr *a = ir_op_attrz(op, "predicate"), *b = ir_op_attrz(p, "predicate");
  if (!a || a != b) return false;
  r[0].value = ir_op_result(p, 0);
  return true;
}

/* if (xori c, true) then A else B -> if c then B else A (in place). */
static bool fold_if(IrOp *op, IrFoldResult *r) {
  if (op->nregions < 2 || ir_region_empty(&ir_op_regions(op)[1])) return false;
  IrValue *c = ir_op_operand(op, 0);
  if (!c || !c->def || !ct_op_is(c->def, CT_OP_xori)) return false;
  bool one;
  if (!ct_const_bool(ir_op_operand(c->def, 1), &one) || !one) return false;
  ir_op_set_operand(op, 0, ir_op_operand(c->def, 0));
  IrRegion tmp;
  ir_region_init(&tmp, op);
  ir_region_take(&tmp, &ir_op_regions(op)[0]);
  ir_region_take(&ir_op_regions(op)[0], &ir_op_regions(op)[1]);
  ir_region_take(&ir_op_regions(op)[1], &tmp);
  for (uint32_t i = 0; i < op->nresults; i++) r[i].value = ir_op_result(op, i);
  return true;
}

/* The select rules, in NVIDIA's order.  In-place rewrites report the op's own
 * result. */
static bool fold_select(IrOp *op, IrFoldResult *r) {
  IrValue *c = ir_op_operand(op, 0), *t = ir_op_operand(op, 1), *f = ir_op_operand(op, 2);
  IrValue *self = ir_op_result(op, 0);
  bool b;
  /* select c, x, x -> x */
  if (t == f) return r[0].value = t, true;
  /* select true/false, x, y */
  if (ct_const_bool(c, &b)) return r[0].value = b ? t : f, true;
  /* select c, true, false -> c (i1 results) */
  const IrType *rt = self->type;
  if (ct_type_is_tile(rt) && ir_type_is_integer(ct_tile_type_elem(rt)) &&
      ir_integer_width(ct_tile_type_elem(rt)) == 1) {
    bool tb, fb;
    if (ct_const_bool(t, &tb) && tb && ct_const_bool(f, &fb) && !fb) return r[0].value = c, true;
  }
  /* select (cmpi eq/ne a, b), a, b */
  if (c->def && ct_op_is(c->def, CT_OP_cmpi)) {
    int pred = ct_enum_value(ir_op_attrz(c->def, "comparison_predicate"),
                             &ct_enum_comparison_predicate);
    if (pred == CT_CMP_EQUAL || pred == CT_CMP_NOT_EQUAL) {
      IrValue *l = ir_op_operand(c->def, 0), *rr = ir_op_operand(c->def, 1);
      if ((l == t && rr == f) || (rr == t && l == f))
        return r[0].value = pred == CT_CMP_NOT_EQUAL ? t : f, true;
    }
  }
  /* select (xori p, true), a, b -> select p, b, a */
  if (c->def && ct_op_is(c->def, CT_OP_xori)) {
    bool one;
    if (ct_const_bool(ir_op_operand(c->def, 1), &one) && one) {
      ir_op_set_operand(op, 0, ir_op_operand(c->def, 0));
      ir_op_set_operand(op, 1, f);
      ir_op_set_operand(op, 2, t);
      return r[0].value = self, true;
    }
  }
  /* select p, (select p, a, b), c -> select p, a, c */
  if (t->def && ct_op_is(t->def, CT_OP_select) && ir_op_operand(t->def, 0) == c) {
    ir_op_set_operand(op, 1, ir_op_operand(t->def, 1));
    return r[0].value = self, true;
  }
  /* select p, a, (select p, b, c) -> select p, a, c */
  if (f->def && ct_op_is(f->def, CT_OP_select) && ir_op_operand(f->def, 0) == c) {
    ir_op_set_operand(op, 2, ir_op_operand(f->def, 2));
    return r[0].value = self, true;
  }
  return false;
}

/* The kinds ct_fold_op below handles; it fails on every other op. */
bool ct_fold_kinds(const IrOpInfo *info) {
  return info == &ct_op_infos[CT_OP_constant] || info == &ct_op_infos[CT_OP_assume] ||
         info == &ct_op_infos[CT_OP_if_] || info == &ct_op_infos[CT_OP_select];
}

bool ct_fold_op(IrOp *op, const IrAttr *const *operand_consts, IrFoldResult *results) {
  (void)operand_consts;
  if (ct_op_is(op, CT_OP_constant)) {
    const IrAttr *v = ir_op_attrz(op, "value");
    if (!v) return false;
    results[0].attr = v;
    return true;
  }
  if (ct_op_is(op, CT_OP_assume)) return fold_assume(op, results);
  if (ct_op_is(op, CT_OP_if_)) return fold_if(op, results);
  if (ct_op_is(op, CT_OP_select)) return op->noperands == 3 && fold_select(op, results);
  return false;
}
