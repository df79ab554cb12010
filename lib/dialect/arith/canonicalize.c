/* canonicalize.c — arith canonicalization patterns of MLIR 22
 * (ArithCanonicalization.td) for arith.select, in MLIR's registration order:
 * RedundantSelectFalse, RedundantSelectTrue, SelectNotCond, SelectI1ToNot,
 * SelectToExtUI.  New ops take the select's location, as DRR results do. */
#include "dialect/arith/std_const.h"

#include "rewrite/rewrite.h"

/* Whether v is an arith.constant (scalar or splat) equal to `want`. */
static bool const_is(IrValue *v, int64_t want) {
  const IrAttr *a = arith_constant_value(v);
  StdConst c;
  if (!a || !std_const_get(a, &c) || c.is_float || !c.splat) return false;
  return std_const_int(&c, 0) == ((uint64_t)want & std_mask(c.width));
}

static IrValue *make_true(RwRewriter *rw, const IrType *i1like, const IrLoc *loc) {
  uint64_t one = 1;
  IrNamedAttr v = {ir_identz(rw->ctx, "value"), std_const_make_ints(rw->ctx, i1like, &one, 1)};
  return ir_op_result(rw_build_op(rw, arith_op(constant), loc, NULL, 0, &i1like, 1,
                                  ir_dict_attr(rw->ctx, &v, 1, NULL), NULL),
                      0);
}

static IrValue *make_op(RwRewriter *rw, ArithOpIndex k, const IrLoc *loc, IrValue *const *ops,
                        size_t n, const IrType *t) {
  return ir_op_result(rw_build_op(rw, &arith_op_infos[k], loc, ops, n, &t, 1, NULL, NULL), 0);
}

/* select(p, a, select(p, b, c)) -> select(p, a, c) */
static bool redundant_select_false(IrOp *op, RwRewriter *rw) {
  IrValue *p = ir_op_operand(op, 0), *f = ir_op_operand(op, 2);
  if (!f->def || !arith_op_is(f->def, ARITH_OP_select) || ir_op_operand(f->def, 0) != p)
    return false;
  rw_start_modification(rw, op);
  ir_op_set_operand(op, 2, ir_op_operand(f->def, 2));
  rw_finalize_modification(rw, op);
  return true;
}

/* select(p, select(p, a, b), c) -> select(p, a, c) */
static bool redundant_select_true(IrOp *op, RwRewriter *rw) {
  IrValue *p = ir_op_operand(op, 0), *t = ir_op_operand(op, 1);
  if (!t->def || !arith_op_is(t->def, ARITH_OP_select) || ir_op_operand(t->def, 0) != p)
    return false;
  rw_start_modification(rw, op);
  ir_op_set_operand(op, 1, ir_op_operand(t->def, 1));
  rw_finalize_modification(rw, op);
  return true;
}

/* select(xori(p, true), a, b) -> select(p, b, a) */
static bool select_not_cond(IrOp *op, RwRewriter *rw) {
  IrValue *c = ir_op_operand(op, 0);
  if (!c->def || !arith_op_is(c->def, ARITH_OP_xori)) return false;
  IrValue *p = NULL;
  if (const_is(ir_op_operand(c->def, 1), 1)) p = ir_op_operand(c->def, 0);
  else if (const_is(ir_op_operand(c->def, 0), 1)) p = ir_op_operand(c->def, 1);
  if (!p) return false;
  rw_set_insertion_point_before(rw, op);
  IrValue *ops[3] = {p, ir_op_operand(op, 2), ir_op_operand(op, 1)};
  IrValue *r = make_op(rw, ARITH_OP_select, ir_op_loc(op), ops, 3, ir_op_result(op, 0)->type);
  rw_replace_op(rw, op, &r);
  return true;
}

/* select(p, false, true) on i1 -> xori(p, true) */
static bool select_i1_to_not(IrOp *op, RwRewriter *rw) {
  const IrType *t = ir_op_result(op, 0)->type;
  if (!ir_type_is_int_width(t, 1) || !const_is(ir_op_operand(op, 1), 0) ||
      !const_is(ir_op_operand(op, 2), 1))
    return false;
  rw_set_insertion_point_before(rw, op);
  IrValue *ops[2] = {ir_op_operand(op, 0), make_true(rw, t, ir_op_loc(op))};
  IrValue *r = make_op(rw, ARITH_OP_xori, ir_op_loc(op), ops, 2, t);
  rw_replace_op(rw, op, &r);
  return true;
}

/* select(p, 1, 0) -> extui(p); select(p, 0, 1) -> extui(xori(p, true)),
 * for scalar integers wider than i1 */
static bool select_to_extui(IrOp *op, RwRewriter *rw) {
  const IrType *t = ir_op_result(op, 0)->type;
  IrValue *p = ir_op_operand(op, 0);
  if (!ir_type_is_integer(t) || t->flags != IR_SIGNLESS || ir_integer_width(t) == 1 ||
      !ir_type_is_int_width(p->type, 1))
    return false;
  bool direct = const_is(ir_op_operand(op, 1), 1) && const_is(ir_op_operand(op, 2), 0);
  bool inverted = const_is(ir_op_operand(op, 1), 0) && const_is(ir_op_operand(op, 2), 1);
  if (!direct && !inverted) return false;
  rw_set_insertion_point_before(rw, op);
  if (inverted) {
    IrValue *ops[2] = {p, make_true(rw, p->type, ir_op_loc(op))};
    p = make_op(rw, ARITH_OP_xori, ir_op_loc(op), ops, 2, p->type);
  }
  IrValue *r = make_op(rw, ARITH_OP_extui, ir_op_loc(op), &p, 1, t);
  rw_replace_op(rw, op, &r);
  return true;
}

void arith_add_canonicalization_patterns(struct RwPatternSet *set, IrContext *ctx) {
  (void)ctx;
  rw_pattern_add(set, "arith.select", 1, redundant_select_false, "RedundantSelectFalse");
  rw_pattern_add(set, "arith.select", 1, redundant_select_true, "RedundantSelectTrue");
  rw_pattern_add(set, "arith.select", 1, select_not_cond, "SelectNotCond");
  rw_pattern_add(set, "arith.select", 1, select_i1_to_not, "SelectI1ToNot");
  rw_pattern_add(set, "arith.select", 1, select_to_extui, "SelectToExtUI");
}
