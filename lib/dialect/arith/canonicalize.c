/* canonicalize.c — arith canonicalization patterns of MLIR 22
 * (ArithCanonicalization.td and ArithOps.cpp's registrations), each op's
 * patterns in MLIR's registration order:
 *   addi    AddIAddConstant, AddISubConstantRHS/LHS, AddIMulNegativeOneRhs/Lhs
 *   subi    SubIRHSAddConstant (flags dropped), SubILHSAddConstant,
 *           SubIRHSSubConstantRHS/LHS, SubILHSSubConstantRHS/LHS, SubISubILHSRHSLHS
 *   muli    MulIMulIConstant;  mulsi/mului_extended  MulSIExtendedToMulI,
 *           MulSIExtendedRHSOne, MulUIExtendedToMulI
 *   andi/ori/xori  XOrINotCmpI, {And,Or,XOrI}Of{ExtUI,ExtSI};  cmpi  CmpIExtSI/UI
 *   casts   IndexCast(UI)Of{IndexCast(UI),ExtSI/ExtUI}, BitcastOfBitcast,
 *           ExtSIOfExtUI, TruncIExtSIToExtSI, TruncIExtUIToExtUI,
 *           TruncIShrSIToTrunciShrUI, TruncF{SI,UI}ToFP...
 *   mulf/divf  MulFOfNegF, DivFOfNegF
 *   select  RedundantSelectFalse, RedundantSelectTrue, SelectNotCond,
 *           SelectI1ToNot, SelectToExtUI
 * New ops take the root's location, as DRR results do; merged overflow
 * flags are the intersection of both ops' (MergeOverflow). */
#include "dialect/arith/arith_internal.h"

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
  case RE_SUB_ADDR: /* subi(addi(x, c0), c1) -> addi(x, c0 - c1), flags dropped (MLIR's TODO) */
    replace_ovf(rw, op, ARITH_OP_addi, x, make_int_const(rw, t, (c0 - c1) & m, loc), 0);
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

/* ---- more DRR patterns ------------------------------------------------------------------ */

/* The result of a new arith op k(ops) of type t with properties `props`
 * (NULL for none), at the insertion point, located at `loc`. */
static IrValue *build(RwRewriter *rw, ArithOpIndex k, const IrLoc *loc, IrValue *const *ops,
                      size_t n, const IrType *t, const IrAttr *props) {
  return ir_op_result(rw_build_op(rw, &arith_op_infos[k], loc, ops, n, &t, 1, props, NULL), 0);
}

static const IrAttr *one_prop(RwRewriter *rw, const char *name, const IrAttr *v) {
  IrNamedAttr a = {ir_identz(rw->ctx, name), v};
  return ir_dict_attr(rw->ctx, &a, 1, NULL);
}

/* Whether v is a constant whose scalar or splat value is -1 (1: `one`). */
static bool splat_is(IrValue *v, int64_t want) {
  const IrAttr *a = rw_value_constant(v);
  StdConst c;
  if (!std_const_get(a, &c) || c.is_float || !c.splat) return false;
  return std_const_int(&c, 0) == ((uint64_t)want & std_mask(c.width));
}

/* subi(subi(x, y), x) -> subi(0, y) */
static bool sub_sub_lhs_rhs_lhs(IrOp *op, RwRewriter *rw) {
  IrOp *in = inner(op, 0, ARITH_OP_subi);
  if (!in || ir_op_operand(in, 0) != ir_op_operand(op, 1)) return false;
  IrValue *y = ir_op_operand(in, 1);
  unsigned ovf = arith_op_overflow(op) & arith_op_overflow(in);
  rw_set_insertion_point_before(rw, op);
  IrValue *zero = make_int_const(rw, y->type, 0, ir_op_loc(op));
  replace_ovf(rw, op, ARITH_OP_subi, zero, y, ovf);
  return true;
}

/* addi(x, muli(y, -1)) -> subi(x, y); addi(muli(x, -1), y) -> subi(y, x) */
static bool add_mul_neg_one(IrOp *op, RwRewriter *rw, bool rhs) {
  IrOp *m = inner(op, rhs ? 1 : 0, ARITH_OP_muli);
  if (!m || !splat_is(ir_op_operand(m, 1), -1)) return false;
  IrValue *other = ir_op_operand(op, rhs ? 0 : 1), *neg = ir_op_operand(m, 0);
  rw_set_insertion_point_before(rw, op);
  replace_ovf(rw, op, ARITH_OP_subi, other, neg, 0);
  return true;
}
static bool add_mul_neg_one_rhs(IrOp *op, RwRewriter *rw) { return add_mul_neg_one(op, rw, true); }
static bool add_mul_neg_one_lhs(IrOp *op, RwRewriter *rw) { return add_mul_neg_one(op, rw, false); }

/* mulsi/mului_extended whose high half is unused -> [muli(x, y), x] */
static bool mul_extended_to_muli(IrOp *op, RwRewriter *rw) {
  if (ir_value_has_uses(ir_op_result(op, 1))) return false;
  rw_set_insertion_point_before(rw, op);
  IrValue *ops[2] = {ir_op_operand(op, 0), ir_op_operand(op, 1)};
  IrValue *r[2] = {build(rw, ARITH_OP_muli, ir_op_loc(op), ops, 2, ir_op_result(op, 0)->type,
                         one_prop(rw, "overflowFlags", arith_overflow_attr(rw->ctx, 0))),
                   ops[0]};
  rw_replace_op(rw, op, r);
  return true;
}

/* mulsi_extended(x, 1) -> [x, extsi(cmpi slt, x, 0)] */
static bool mulsi_extended_rhs_one(IrOp *op, RwRewriter *rw) {
  IrValue *x = ir_op_operand(op, 0);
  const IrAttr *a = rw_value_constant(ir_op_operand(op, 1));
  StdConst c;
  if (!std_const_get(a, &c) || c.is_float || !c.splat || std_const_int(&c, 0) != 1) return false;
  rw_set_insertion_point_before(rw, op);
  const IrLoc *loc = ir_op_loc(op);
  IrValue *zero = make_int_const(rw, x->type, 0, loc);
  const IrType *i1 = ir_shaped_with_elem(rw->ctx, x->type, ir_integer_type(rw->ctx, 1, IR_SIGNLESS));
  IrValue *ops[2] = {x, zero};
  IrValue *cmp = build(rw, ARITH_OP_cmpi, loc, ops, 2, i1,
                       one_prop(rw, "predicate", arith_predicate_attr(rw->ctx, ARITH_CMPI_SLT)));
  IrValue *r[2] = {x, build(rw, ARITH_OP_extsi, loc, &cmp, 1, x->type, NULL)};
  rw_replace_op(rw, op, r);
  return true;
}

/* k(ext(x), ext(y)) -> ext(k(x, y)) for andi/ori/xori and one ext kind */
static bool bitop_of_ext(IrOp *op, RwRewriter *rw, ArithOpIndex ext) {
  IrOp *a = inner(op, 0, ext), *b = inner(op, 1, ext);
  if (!a || !b || ir_op_operand(a, 0)->type != ir_op_operand(b, 0)->type) return false;
  rw_set_insertion_point_before(rw, op);
  IrValue *ops[2] = {ir_op_operand(a, 0), ir_op_operand(b, 0)};
  IrValue *v = build(rw, (ArithOpIndex)arith_op_index(op), ir_op_loc(op), ops, 2, ops[0]->type, NULL);
  IrValue *r = build(rw, ext, ir_op_loc(op), &v, 1, ir_op_result(op, 0)->type, NULL);
  rw_replace_op(rw, op, &r);
  return true;
}
static bool of_extui(IrOp *op, RwRewriter *rw) { return bitop_of_ext(op, rw, ARITH_OP_extui); }
static bool of_extsi(IrOp *op, RwRewriter *rw) { return bitop_of_ext(op, rw, ARITH_OP_extsi); }

/* cmpi(eq/ne, ext(a), ext(b)) -> cmpi(eq/ne, a, b) */
static bool cmpi_of_ext(IrOp *op, RwRewriter *rw, ArithOpIndex ext) {
  int p = arith_op_predicate(op);
  IrOp *a = inner(op, 0, ext), *b = inner(op, 1, ext);
  if ((p != ARITH_CMPI_EQ && p != ARITH_CMPI_NE) || !a || !b ||
      ir_op_operand(a, 0)->type != ir_op_operand(b, 0)->type)
    return false;
  rw_set_insertion_point_before(rw, op);
  IrValue *ops[2] = {ir_op_operand(a, 0), ir_op_operand(b, 0)};
  IrValue *r = build(rw, ARITH_OP_cmpi, ir_op_loc(op), ops, 2, ir_op_result(op, 0)->type,
                     one_prop(rw, "predicate", arith_predicate_attr(rw->ctx, p)));
  rw_replace_op(rw, op, &r);
  return true;
}
static bool cmpi_ext_si(IrOp *op, RwRewriter *rw) { return cmpi_of_ext(op, rw, ARITH_OP_extsi); }
static bool cmpi_ext_ui(IrOp *op, RwRewriter *rw) { return cmpi_of_ext(op, rw, ARITH_OP_extui); }

/* outer(inner(x)) -> `to`(x) with the outer op's result type (and
 * properties `props`): index_cast(extsi x), index_castui(extui x),
 * bitcast(bitcast x), extsi(extui x) */
static bool cast_of_cast(IrOp *op, RwRewriter *rw, ArithOpIndex in_k, ArithOpIndex to) {
  IrOp *in = inner(op, 0, in_k);
  if (!in) return false;
  rw_set_insertion_point_before(rw, op);
  IrValue *x = ir_op_operand(in, 0);
  IrValue *r = build(rw, to, ir_op_loc(op), &x, 1, ir_op_result(op, 0)->type, NULL);
  rw_replace_op(rw, op, &r);
  return true;
}
static bool index_cast_of_extsi(IrOp *op, RwRewriter *rw) {
  return cast_of_cast(op, rw, ARITH_OP_extsi, ARITH_OP_index_cast);
}
static bool index_castui_of_extui(IrOp *op, RwRewriter *rw) {
  return cast_of_cast(op, rw, ARITH_OP_extui, ARITH_OP_index_castui);
}
static bool bitcast_of_bitcast(IrOp *op, RwRewriter *rw) {
  return cast_of_cast(op, rw, ARITH_OP_bitcast, ARITH_OP_bitcast);
}
static bool extsi_of_extui(IrOp *op, RwRewriter *rw) {
  return cast_of_cast(op, rw, ARITH_OP_extui, ARITH_OP_extui);
}

/* index_cast(index_cast(x)) -> x when the types agree (both kinds) */
static bool index_cast_round_trip(IrOp *op, RwRewriter *rw) {
  IrValue *in = ir_op_operand(op, 0);
  if (!in->def || in->def->info != op->info ||
      ir_op_operand(in->def, 0)->type != ir_op_result(op, 0)->type)
    return false;
  IrValue *x = ir_op_operand(in->def, 0);
  rw_replace_op(rw, op, &x);
  return true;
}

static unsigned elem_width(const IrType *t) {
  const IrType *e = ir_type_elem_or_self(t);
  return ir_type_is_integer(e) ? ir_integer_width(e) : ir_type_is_index(e) ? 64 : 0;
}

/* trunci(ext(x)) -> ext(x) when the truncation keeps x's bits */
static bool trunci_of_ext(IrOp *op, RwRewriter *rw, ArithOpIndex ext) {
  IrOp *e = inner(op, 0, ext);
  if (!e) return false;
  unsigned we = elem_width(ir_op_result(e, 0)->type), wt = elem_width(ir_op_result(op, 0)->type),
           wx = elem_width(ir_op_operand(e, 0)->type);
  if (!(we > wt && wt > 0 && wt > wx && wx > 0)) return false;
  rw_set_insertion_point_before(rw, op);
  IrValue *x = ir_op_operand(e, 0);
  IrValue *r = build(rw, ext, ir_op_loc(op), &x, 1, ir_op_result(op, 0)->type, NULL);
  rw_replace_op(rw, op, &r);
  return true;
}
static bool trunci_extsi(IrOp *op, RwRewriter *rw) { return trunci_of_ext(op, rw, ARITH_OP_extsi); }
static bool trunci_extui(IrOp *op, RwRewriter *rw) { return trunci_of_ext(op, rw, ARITH_OP_extui); }

/* trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when c = width(x) - width(result) */
static bool trunci_shrsi(IrOp *op, RwRewriter *rw) {
  IrOp *sh = inner(op, 0, ARITH_OP_shrsi);
  if (!sh) return false;
  IrValue *x = ir_op_operand(sh, 0), *cv = ir_op_operand(sh, 1);
  const IrAttr *c = cv->def && (cv->def->info->traits & IR_TRAIT_CONSTANT_LIKE)
                        ? ir_op_attrz(cv->def, "value")
                        : NULL;
  StdConst k;
  if (!c || !std_const_get(c, &k) || k.is_float || !k.splat) return false;
  unsigned wx = elem_width(x->type), wt = elem_width(ir_op_result(op, 0)->type);
  if (std_const_int(&k, 0) != (uint64_t)(wx - wt)) return false;
  rw_set_insertion_point_before(rw, op);
  const IrLoc *loc = ir_op_loc(op);
  const IrType *ct = ir_attr_is(c, &ir_bool_attr_def) ? ir_integer_type(rw->ctx, 1, IR_SIGNLESS)
                                                       : c->type;
  IrValue *cst = ir_op_result(rw_build_op(rw, arith_op(constant), loc, NULL, 0, &ct, 1,
                                          one_prop(rw, "value", c), NULL),
                              0);
  IrValue *ops[2] = {x, cst};
  IrValue *s = build(rw, ARITH_OP_shrui, loc, ops, 2, x->type, NULL);
  IrValue *r = build(rw, ARITH_OP_trunci, loc, &s, 1, ir_op_result(op, 0)->type,
                     one_prop(rw, "overflowFlags", arith_overflow_attr(rw->ctx, arith_op_overflow(op))));
  rw_replace_op(rw, op, &r);
  return true;
}

/* truncf(sitofp/uitofp(x)) -> sitofp/uitofp(x) without a rounding mode */
static bool truncf_of_itofp(IrOp *op, RwRewriter *rw, ArithOpIndex k) {
  IrOp *in = inner(op, 0, k);
  if (!in || ir_op_attrz(op, "roundingmode")) return false;
  return cast_of_cast(op, rw, k, k);
}
static bool truncf_sitofp(IrOp *op, RwRewriter *rw) { return truncf_of_itofp(op, rw, ARITH_OP_sitofp); }
static bool truncf_uitofp(IrOp *op, RwRewriter *rw) { return truncf_of_itofp(op, rw, ARITH_OP_uitofp); }

/* mulf/divf(negf(x), negf(y)) -> mulf/divf(x, y), keeping the fastmath */
static bool f_of_negf(IrOp *op, RwRewriter *rw) {
  IrOp *a = inner(op, 0, ARITH_OP_negf), *b = inner(op, 1, ARITH_OP_negf);
  if (!a || !b || ir_op_operand(a, 0)->type != ir_op_operand(b, 0)->type) return false;
  rw_set_insertion_point_before(rw, op);
  IrValue *ops[2] = {ir_op_operand(a, 0), ir_op_operand(b, 0)};
  IrValue *r = build(rw, (ArithOpIndex)arith_op_index(op), ir_op_loc(op), ops, 2,
                     ir_op_result(op, 0)->type,
                     one_prop(rw, "fastmath", arith_fastmath_attr(rw->ctx, arith_op_fastmath(op))));
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
  rw_pattern_add(set, "arith.addi", 1, add_mul_neg_one_rhs, "AddIMulNegativeOneRhs");
  rw_pattern_add(set, "arith.addi", 1, add_mul_neg_one_lhs, "AddIMulNegativeOneLhs");
  rw_pattern_add(set, "arith.andi", 1, of_extui, "AndOfExtUI");
  rw_pattern_add(set, "arith.andi", 1, of_extsi, "AndOfExtSI");
  rw_pattern_add(set, "arith.bitcast", 1, bitcast_of_bitcast, "BitcastOfBitcast");
  rw_pattern_add(set, "arith.cmpi", 1, cmpi_ext_si, "CmpIExtSI");
  rw_pattern_add(set, "arith.cmpi", 1, cmpi_ext_ui, "CmpIExtUI");
  rw_pattern_add(set, "arith.divf", 1, f_of_negf, "DivFOfNegF");
  rw_pattern_add(set, "arith.extsi", 1, extsi_of_extui, "ExtSIOfExtUI");
  rw_pattern_add(set, "arith.index_cast", 1, index_cast_round_trip, "IndexCastOfIndexCast");
  rw_pattern_add(set, "arith.index_cast", 1, index_cast_of_extsi, "IndexCastOfExtSI");
  rw_pattern_add(set, "arith.index_castui", 1, index_cast_round_trip, "IndexCastUIOfIndexCastUI");
  rw_pattern_add(set, "arith.index_castui", 1, index_castui_of_extui, "IndexCastUIOfExtUI");
  rw_pattern_add(set, "arith.mulf", 1, f_of_negf, "MulFOfNegF");
  rw_pattern_add(set, "arith.muli", 1, mul_mul_constant, "MulIMulIConstant");
  rw_pattern_add(set, "arith.mulsi_extended", 1, mul_extended_to_muli, "MulSIExtendedToMulI");
  rw_pattern_add(set, "arith.mulsi_extended", 1, mulsi_extended_rhs_one, "MulSIExtendedRHSOne");
  rw_pattern_add(set, "arith.mului_extended", 1, mul_extended_to_muli, "MulUIExtendedToMulI");
  rw_pattern_add(set, "arith.ori", 1, of_extui, "OrOfExtUI");
  rw_pattern_add(set, "arith.ori", 1, of_extsi, "OrOfExtSI");
  rw_pattern_add(set, "arith.subi", 1, sub_rhs_add_constant, "SubIRHSAddConstant");
  rw_pattern_add(set, "arith.subi", 1, sub_lhs_add_constant, "SubILHSAddConstant");
  rw_pattern_add(set, "arith.subi", 1, sub_rhs_sub_constant_rhs, "SubIRHSSubConstantRHS");
  rw_pattern_add(set, "arith.subi", 1, sub_rhs_sub_constant_lhs, "SubIRHSSubConstantLHS");
  rw_pattern_add(set, "arith.subi", 1, sub_lhs_sub_constant_rhs, "SubILHSSubConstantRHS");
  rw_pattern_add(set, "arith.subi", 1, sub_lhs_sub_constant_lhs, "SubILHSSubConstantLHS");
  rw_pattern_add(set, "arith.subi", 1, sub_sub_lhs_rhs_lhs, "SubISubILHSRHSLHS");
  rw_pattern_add(set, "arith.truncf", 1, truncf_sitofp, "TruncFSIToFPToSIToFP");
  rw_pattern_add(set, "arith.truncf", 1, truncf_uitofp, "TruncFUIToFPToUIToFP");
  rw_pattern_add(set, "arith.trunci", 1, trunci_extsi, "TruncIExtSIToExtSI");
  rw_pattern_add(set, "arith.trunci", 1, trunci_extui, "TruncIExtUIToExtUI");
  rw_pattern_add(set, "arith.trunci", 1, trunci_shrsi, "TruncIShrSIToTrunciShrUI");
  rw_pattern_add(set, "arith.xori", 1, xori_not_cmpi, "XOrINotCmpI");
  rw_pattern_add(set, "arith.xori", 1, of_extui, "XOrIOfExtUI");
  rw_pattern_add(set, "arith.xori", 1, of_extsi, "XOrIOfExtSI");
  rw_pattern_add(set, "arith.select", 1, redundant_select_false, "RedundantSelectFalse");
  rw_pattern_add(set, "arith.select", 1, redundant_select_true, "RedundantSelectTrue");
  rw_pattern_add(set, "arith.select", 1, select_not_cond, "SelectNotCond");
  rw_pattern_add(set, "arith.select", 1, select_i1_to_not, "SelectI1ToNot");
  rw_pattern_add(set, "arith.select", 1, select_to_extui, "SelectToExtUI");
}
