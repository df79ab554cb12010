/* canonicalize.c — arith canonicalization patterns of MLIR 22
 * (ArithCanonicalization.td), in MLIR's registration order per op:
 *   addi    AddIAddConstant, AddISubConstantRHS, AddISubConstantLHS
 *   subi    SubIRHSAddConstant, SubILHSAddConstant, SubIRHSSubConstantRHS,
 *           SubIRHSSubConstantLHS, SubILHSSubConstantRHS, SubILHSSubConstantLHS
 *   muli    MulIMulIConstant
 *   xori    XOrINotCmpI
 *   select  RedundantSelectFalse, RedundantSelectTrue, SelectNotCond,
 *           SelectI1ToNot, SelectToExtUI
 * New ops take the root's location, as DRR results do; merged overflow
 * flags are the intersection of both ops' (MergeOverflow). */
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

/* ---- integer constant reassociation ------------------------------------------------- */

/* The scalar integer constant behind v (IntegerAttr only, as APIntAttr). */
static bool int_const(IrValue *v, uint64_t *bits, unsigned *w) {
  const IrAttr *a = v->def && (v->def->info->traits & IR_TRAIT_CONSTANT_LIKE)
                        ? ir_op_attrz(v->def, "value")
                        : NULL;
  if (!ir_attr_is(a, &ir_integer_attr_def) || !a->type) return false;
  *w = ir_type_is_index(a->type) ? 64 : ir_type_is_integer(a->type) ? ir_integer_width(a->type) : 0;
  if (!*w || *w > 64) return false;
  *bits = (uint64_t)a->ints[0] & std_mask(*w);
  return true;
}

static IrValue *make_int_const(RwRewriter *rw, const IrType *t, uint64_t v, const IrLoc *loc) {
  IrNamedAttr a = {ir_identz(rw->ctx, "value"), std_const_make_ints(rw->ctx, t, &v, 1)};
  return ir_op_result(rw_build_op(rw, arith_op(constant), loc, NULL, 0, &t, 1,
                                  ir_dict_attr(rw->ctx, &a, 1, NULL), NULL),
                      0);
}

/* Replaces `op` by `k`(l, r) with overflow flags `ovf` (addi/subi/muli). */
static void replace_ovf(RwRewriter *rw, IrOp *op, ArithOpIndex k, IrValue *l, IrValue *r,
                        unsigned ovf) {
  IrValue *ops[2] = {l, r};
  const IrType *t = ir_op_result(op, 0)->type;
  IrNamedAttr a = {ir_identz(rw->ctx, "overflowFlags"), arith_overflow_attr(rw->ctx, ovf)};
  IrValue *res = ir_op_result(rw_build_op(rw, &arith_op_infos[k], ir_op_loc(op), ops, 2, &t, 1,
                                          ir_dict_attr(rw->ctx, &a, 1, NULL), NULL),
                              0);
  rw_replace_op(rw, op, &res);
}

/* The inner op of kind k feeding operand i of op, or NULL. */
static IrOp *inner(IrOp *op, unsigned i, ArithOpIndex k) {
  IrValue *v = ir_op_operand(op, i);
  return v->def && arith_op_is(v->def, k) ? v->def : NULL;
}

typedef enum { RE_ADD_ADD, RE_ADD_SUBR, RE_ADD_SUBL, RE_SUB_ADDR, RE_SUB_ADDL, RE_SUB_SUBRR,
               RE_SUB_SUBRL, RE_SUB_SUBLR, RE_SUB_SUBLL, RE_MUL_MUL } Reassoc;

/* One constant-reassociation pattern (the comments give each rewrite;
 * c0 belongs to the inner op, c1 to the root). */
static bool reassoc(IrOp *op, RwRewriter *rw, Reassoc which) {
  IrOp *in = NULL;
  uint64_t c0, c1, m;
  unsigned w0, w1;
  IrValue *x;
  bool c1_rhs; /* the root's constant is its rhs (else its lhs) */
  bool c0_rhs; /* the inner constant is its rhs */
  ArithOpIndex ik;
  switch (which) {
  case RE_ADD_ADD: case RE_SUB_ADDR: case RE_SUB_ADDL: ik = ARITH_OP_addi; break;
  case RE_MUL_MUL: ik = ARITH_OP_muli; break;
  default: ik = ARITH_OP_subi; break;
  }
  c1_rhs = !(which == RE_SUB_ADDL || which == RE_SUB_SUBLR || which == RE_SUB_SUBLL);
  c0_rhs = !(which == RE_ADD_SUBL || which == RE_SUB_SUBRL || which == RE_SUB_SUBLL);
  in = inner(op, c1_rhs ? 0 : 1, ik);
  if (!in || !int_const(ir_op_operand(op, c1_rhs ? 1 : 0), &c1, &w1) ||
      !int_const(ir_op_operand(in, c0_rhs ? 1 : 0), &c0, &w0))
    return false;
  x = ir_op_operand(in, c0_rhs ? 0 : 1);
  m = std_mask(w1);
  unsigned ovf = arith_op_overflow(op) & arith_op_overflow(in);
  const IrType *t = ir_op_result(op, 0)->type;
  const IrLoc *loc = ir_op_loc(op);
  rw_set_insertion_point_before(rw, op);
  switch (which) {
  case RE_ADD_ADD: /* addi(addi(x, c0), c1) -> addi(x, c0 + c1) */
    replace_ovf(rw, op, ARITH_OP_addi, x, make_int_const(rw, t, (c0 + c1) & m, loc), ovf);
    break;
  case RE_ADD_SUBR: /* addi(subi(x, c0), c1) -> addi(x, c1 - c0) */
    replace_ovf(rw, op, ARITH_OP_addi, x, make_int_const(rw, t, (c1 - c0) & m, loc), ovf);
    break;
  case RE_ADD_SUBL: /* addi(subi(c0, x), c1) -> subi(c0 + c1, x) */
    replace_ovf(rw, op, ARITH_OP_subi, make_int_const(rw, t, (c0 + c1) & m, loc), x, ovf);
    break;
  case RE_SUB_ADDR: /* subi(addi(x, c0), c1) -> addi(x, c0 - c1) */
    replace_ovf(rw, op, ARITH_OP_addi, x, make_int_const(rw, t, (c0 - c1) & m, loc), ovf);
    break;
  case RE_SUB_ADDL: /* subi(c1, addi(x, c0)) -> subi(c1 - c0, x) */
    replace_ovf(rw, op, ARITH_OP_subi, make_int_const(rw, t, (c1 - c0) & m, loc), x, ovf);
    break;
  case RE_SUB_SUBRR: /* subi(subi(x, c0), c1) -> subi(x, c0 + c1) */
    replace_ovf(rw, op, ARITH_OP_subi, x, make_int_const(rw, t, (c0 + c1) & m, loc), ovf);
    break;
  case RE_SUB_SUBRL: /* subi(subi(c0, x), c1) -> subi(c0 - c1, x) */
    replace_ovf(rw, op, ARITH_OP_subi, make_int_const(rw, t, (c0 - c1) & m, loc), x, ovf);
    break;
  case RE_SUB_SUBLR: /* subi(c1, subi(x, c0)) -> subi(c0 + c1, x) */
    replace_ovf(rw, op, ARITH_OP_subi, make_int_const(rw, t, (c0 + c1) & m, loc), x, ovf);
    break;
  case RE_SUB_SUBLL: /* subi(c1, subi(c0, x)) -> addi(x, c1 - c0) */
    replace_ovf(rw, op, ARITH_OP_addi, x, make_int_const(rw, t, (c1 - c0) & m, loc), ovf);
    break;
  case RE_MUL_MUL: /* muli(muli(x, c0), c1) -> muli(x, c0 * c1) */
    replace_ovf(rw, op, ARITH_OP_muli, x, make_int_const(rw, t, (c0 * c1) & m, loc), ovf);
    break;
  }
  return true;
}

#define REASSOC(name, which) \
  static bool name(IrOp *op, RwRewriter *rw) { return reassoc(op, rw, which); }
REASSOC(add_add_constant, RE_ADD_ADD)
REASSOC(add_sub_constant_rhs, RE_ADD_SUBR)
REASSOC(add_sub_constant_lhs, RE_ADD_SUBL)
REASSOC(sub_rhs_add_constant, RE_SUB_ADDR)
REASSOC(sub_lhs_add_constant, RE_SUB_ADDL)
REASSOC(sub_rhs_sub_constant_rhs, RE_SUB_SUBRR)
REASSOC(sub_rhs_sub_constant_lhs, RE_SUB_SUBRL)
REASSOC(sub_lhs_sub_constant_rhs, RE_SUB_SUBLR)
REASSOC(sub_lhs_sub_constant_lhs, RE_SUB_SUBLL)
REASSOC(mul_mul_constant, RE_MUL_MUL)
#undef REASSOC

/* xori(cmpi(p, a, b), true) -> cmpi(!p, a, b) */
static bool xori_not_cmpi(IrOp *op, RwRewriter *rw) {
  IrOp *c = inner(op, 0, ARITH_OP_cmpi);
  uint64_t one;
  unsigned w;
  if (!c || !int_const(ir_op_operand(op, 1), &one, &w) || one != 1) {
    /* `true` is a BoolAttr in ctile */
    const IrAttr *a = arith_constant_value(ir_op_operand(op, 1));
    if (!c || !ir_attr_is(a, &ir_bool_attr_def) || !a->ints[0]) return false;
  }
  static const int inv[ARITH_CMPI_COUNT] = {
      [ARITH_CMPI_EQ] = ARITH_CMPI_NE,   [ARITH_CMPI_NE] = ARITH_CMPI_EQ,
      [ARITH_CMPI_SLT] = ARITH_CMPI_SGE, [ARITH_CMPI_SLE] = ARITH_CMPI_SGT,
      [ARITH_CMPI_SGT] = ARITH_CMPI_SLE, [ARITH_CMPI_SGE] = ARITH_CMPI_SLT,
      [ARITH_CMPI_ULT] = ARITH_CMPI_UGE, [ARITH_CMPI_ULE] = ARITH_CMPI_UGT,
      [ARITH_CMPI_UGT] = ARITH_CMPI_ULE, [ARITH_CMPI_UGE] = ARITH_CMPI_ULT};
  int p = arith_op_predicate(c);
  if (p < 0 || p >= ARITH_CMPI_COUNT) return false;
  rw_set_insertion_point_before(rw, op);
  IrValue *ops[2] = {ir_op_operand(c, 0), ir_op_operand(c, 1)};
  const IrType *t = ir_op_result(op, 0)->type;
  IrNamedAttr a = {ir_identz(rw->ctx, "predicate"), arith_predicate_attr(rw->ctx, inv[p])};
  IrValue *r = ir_op_result(rw_build_op(rw, arith_op(cmpi), ir_op_loc(op), ops, 2, &t, 1,
                                        ir_dict_attr(rw->ctx, &a, 1, NULL), NULL),
                            0);
  rw_replace_op(rw, op, &r);
  return true;
}

/* ---- select ---------------------------------------------------------------------------- */

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
  rw_pattern_add(set, "arith.addi", 1, add_add_constant, "AddIAddConstant");
  rw_pattern_add(set, "arith.addi", 1, add_sub_constant_rhs, "AddISubConstantRHS");
  rw_pattern_add(set, "arith.addi", 1, add_sub_constant_lhs, "AddISubConstantLHS");
  rw_pattern_add(set, "arith.muli", 1, mul_mul_constant, "MulIMulIConstant");
  rw_pattern_add(set, "arith.subi", 1, sub_rhs_add_constant, "SubIRHSAddConstant");
  rw_pattern_add(set, "arith.subi", 1, sub_lhs_add_constant, "SubILHSAddConstant");
  rw_pattern_add(set, "arith.subi", 1, sub_rhs_sub_constant_rhs, "SubIRHSSubConstantRHS");
  rw_pattern_add(set, "arith.subi", 1, sub_rhs_sub_constant_lhs, "SubIRHSSubConstantLHS");
  rw_pattern_add(set, "arith.subi", 1, sub_lhs_sub_constant_rhs, "SubILHSSubConstantRHS");
  rw_pattern_add(set, "arith.subi", 1, sub_lhs_sub_constant_lhs, "SubILHSSubConstantLHS");
  rw_pattern_add(set, "arith.xori", 1, xori_not_cmpi, "XOrINotCmpI");
  rw_pattern_add(set, "arith.select", 1, redundant_select_false, "RedundantSelectFalse");
  rw_pattern_add(set, "arith.select", 1, redundant_select_true, "RedundantSelectTrue");
  rw_pattern_add(set, "arith.select", 1, select_not_cond, "SelectNotCond");
  rw_pattern_add(set, "arith.select", 1, select_i1_to_not, "SelectI1ToNot");
  rw_pattern_add(set, "arith.select", 1, select_to_extui, "SelectToExtUI");
}
