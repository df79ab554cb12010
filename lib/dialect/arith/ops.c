/* ops.c — the arith dialect object: its op rows (ops.def), driven by the
 * standard op engine (lib/dialect/std: syntax, verifiers, attributes,
 * defaults, constant materializer), the attribute parser hook, and the
 * builders of arith.h. */
#include "dialect/arith/arith_internal.h"

#include <stdlib.h>

/* ---- the op table ------------------------------------------------------------- */

const IrOpInfo arith_op_infos[] = {
#define ARITH_OP(c, m, tr, no, nr, inh, desc, sum)                                     \
  {.name = "arith." m, .traits = (tr), .min_operands = (no), .max_operands = (no),     \
   .min_results = (nr), .max_results = (nr), .num_regions = 0, .num_successors = 0,    \
   .inherent = (inh), .summary = (sum), .parse = std_parse_op, .print = std_print_op,  \
   .result_names = std_result_names, .verify = std_verify_op, .extra = (desc)},
#include "dialect/arith/ops.def"
};

/* #arith.<mnemonic><body> */
static const IrAttr *arith_parse_attr(AsmParser *p, Str m, const IrType *type) {
  (void)type;
  unsigned bits;
  if (str_eqz(m, "overflow"))
    return std_parse_overflow_body(p, &bits) ? arith_overflow_attr(asm_ctx(p), bits) : NULL;
  if (str_eqz(m, "fastmath"))
    return std_parse_fastmath_body(p, &bits) ? arith_fastmath_attr(asm_ctx(p), bits) : NULL;
  asm_error(p, "unknown attribute `%.*s` in dialect `arith`", (int)m.n, m.s);
  return NULL;
}

const IrDialect arith_dialect = {
    .name = "arith",
    .ops = arith_op_infos,
    .nops = ARITH_OP_COUNT,
    .parse_attr = arith_parse_attr,
    .fold = arith_fold_op,
    .canonicalize = arith_add_canonicalization_patterns,
    .populate_defaults = std_populate_defaults,
    .materialize_constant = std_materialize_constant,
};

/* ---- accessors ---------------------------------------------------------------------- */

const IrAttr *arith_constant_value(const IrValue *v) {
  if (!v || !v->def || !arith_op_is(v->def, ARITH_OP_constant)) return NULL;
  return ir_op_attrz(v->def, "value");
}

/* ---- builders ----------------------------------------------------------------------- */

IrOp *arith_build(IrContext *ctx, const IrLoc *loc, ArithOpIndex op, IrValue *const *operands,
                  size_t nops, const IrType *const *result_types, size_t nres) {
  IrOpState st;
  ir_op_state_init(&st, ctx, &arith_op_infos[op], loc ? loc : ir_unknown_loc(ctx));
  for (size_t i = 0; i < nops; i++) vec_push(&st.operands, operands[i]);
  for (size_t i = 0; i < nres; i++) vec_push(&st.result_types, result_types[i]);
  IrOp *o = ir_op_create(&st);
  ir_op_state_free(&st);
  return o;
}

IrOp *arith_build_constant(IrContext *ctx, const IrLoc *loc, const IrAttr *value) {
  const IrType *t = ir_attr_is(value, &ir_bool_attr_def) ? ir_integer_type(ctx, 1, IR_SIGNLESS)
                                                          : value->type;
  IrOp *o = arith_build(ctx, loc, ARITH_OP_constant, NULL, 0, &t, 1);
  ir_op_set_prop(o, "value", value);
  return o;
}

/* A splat dense elements attribute of shaped `type` holding `bits` (the
 * element's little-endian storage). */
static const IrAttr *splat_of(IrContext *ctx, const IrType *type, uint64_t bits) {
  size_t n = ir_dense_elem_size(ir_type_elem_or_self(type));
  uint8_t buf[8] = {0};
  for (size_t i = 0; i < n && i < 8; i++) buf[i] = (uint8_t)(bits >> (8 * i));
  return ir_dense_elements(ctx, type, buf, n, true);
}

IrOp *arith_build_constant_int(IrContext *ctx, const IrLoc *loc, const IrType *type, int64_t v) {
  const IrType *e = ir_type_elem_or_self(type);
  const IrAttr *a;
  if (ir_type_is_shaped(type)) a = splat_of(ctx, type, (uint64_t)v);
  else if (ir_type_is_int_width(e, 1)) a = ir_bool_attr(ctx, v & 1);
  else a = ir_integer_attr(ctx, type, v);
  return arith_build_constant(ctx, loc, a);
}

IrOp *arith_build_constant_float(IrContext *ctx, const IrLoc *loc, const IrType *type, double v) {
  const IrType *e = ir_type_elem_or_self(type);
  const IrAttr *a;
  if (ir_type_is_shaped(type)) {
    IrFloatKind k = ir_float_kind(e);
    uint64_t bits;
    if (k == IR_F64) memcpy(&bits, &v, 8);
    else bits = ir_float_to_bits(k, v);
    a = splat_of(ctx, type, bits);
  } else {
    a = ir_float_attr(ctx, type, v);
  }
  return arith_build_constant(ctx, loc, a);
}

IrOp *arith_build_binary(IrContext *ctx, const IrLoc *loc, ArithOpIndex op, IrValue *lhs,
                         IrValue *rhs) {
  IrValue *ops[2] = {lhs, rhs};
  return arith_build(ctx, loc, op, ops, 2, &lhs->type, 1);
}

static IrOp *build_cmp(IrContext *ctx, const IrLoc *loc, ArithOpIndex op, int pred, IrValue *lhs,
                       IrValue *rhs) {
  IrValue *ops[2] = {lhs, rhs};
  const IrType *rt = ir_shaped_with_elem(ctx, lhs->type, ir_integer_type(ctx, 1, IR_SIGNLESS));
  IrOp *o = arith_build(ctx, loc, op, ops, 2, &rt, 1);
  ir_op_set_prop(o, "predicate", arith_predicate_attr(ctx, pred));
  return o;
}
IrOp *arith_build_cmpi(IrContext *ctx, const IrLoc *loc, ArithCmpIPredicate pred, IrValue *lhs,
                       IrValue *rhs) {
  return build_cmp(ctx, loc, ARITH_OP_cmpi, pred, lhs, rhs);
}
IrOp *arith_build_cmpf(IrContext *ctx, const IrLoc *loc, ArithCmpFPredicate pred, IrValue *lhs,
                       IrValue *rhs) {
  return build_cmp(ctx, loc, ARITH_OP_cmpf, pred, lhs, rhs);
}

IrOp *arith_build_select(IrContext *ctx, const IrLoc *loc, IrValue *cond, IrValue *t,
                         IrValue *f) {
  IrValue *ops[3] = {cond, t, f};
  return arith_build(ctx, loc, ARITH_OP_select, ops, 3, &t->type, 1);
}

IrOp *arith_build_cast(IrContext *ctx, const IrLoc *loc, ArithOpIndex op, IrValue *in,
                       const IrType *result_type) {
  return arith_build(ctx, loc, op, &in, 1, &result_type, 1);
}
