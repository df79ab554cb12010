/* std_verify.c — the verifier of every arith and math op, driven by the
 * row's StdOpDesc, in MLIR's order: required attributes and their values,
 * operand then result type constraints (ODS summaries), then the traits
 * (SameOperandsAndResultType, SameTypeOperands, the i1-result and shape
 * constraints, AllTypesMatch), then the op's own verify (cast
 * compatibility).  Messages are MLIR 22's, byte for byte. */
#include "dialect/std/std_ops.h"

/* ---- type classes ---------------------------------------------------------------- */

static bool elem_is(const IrType *e, StdClass c) {
  switch (c) {
  case STD_C_ANY: return true;
  case STD_C_INT:
  case STD_C_INT_MEM:
    return ir_type_is_index(e) || (ir_type_is_integer(e) && e->flags == IR_SIGNLESS);
  case STD_C_FIXED: return ir_type_is_integer(e) && e->flags == IR_SIGNLESS;
  case STD_C_FLOAT: return ir_type_is_float(e);
  case STD_C_BOOL: return ir_type_is_integer(e) && e->flags == IR_SIGNLESS && ir_integer_width(e) == 1;
  case STD_C_INT_FLOAT_MEM:
    return ir_type_is_float(e) || (ir_type_is_integer(e) && e->flags == IR_SIGNLESS);
  }
  return false;
}

static bool type_is(const IrType *t, StdClass c) {
  if (c == STD_C_ANY) return true;
  if (ir_type_is_shaped(t)) return t->ntypes && elem_is(t->types[0], c);
  return elem_is(t, c);
}

static const char *class_summary(StdClass c) {
  switch (c) {
  case STD_C_ANY: return "any type";
  case STD_C_INT: return "signless-integer-like";
  case STD_C_FIXED: return "signless-fixed-width-integer-like";
  case STD_C_FLOAT: return "floating-point-like";
  case STD_C_BOOL: return "bool-like";
  case STD_C_INT_MEM: return "signless-integer-like or memref of signless-integer";
  case STD_C_INT_FLOAT_MEM:
    return "signless-integer-or-float-like or memref of signless-integer or float";
  }
  return "?";
}

/* ---- attributes --------------------------------------------------------------------- */

/* MLIR reports these while converting the parsed properties, before the
 * defaults are added (so the dictionary is shown without default values)
 * and with no current-operation note. */
static bool invalid_prop(IrOp *op, const char *name, const IrAttr *a) {
  const IrAttr *props = op->props;
  const IrAttr *fm = ir_op_attrz(op, "fastmath"), *ovf = ir_op_attrz(op, "overflowFlags");
  if (ir_attr_is(fm, &arith_fastmath_attr_def) && !fm->ints[0])
    props = ir_dict_set(op->ctx, props, ir_identz(op->ctx, "fastmath"), NULL);
  if (ir_attr_is(ovf, &arith_overflow_attr_def) && !ovf->ints[0])
    props = ir_dict_set(op->ctx, props, ir_identz(op->ctx, "overflowFlags"), NULL);
  return ir_error(op->ctx, ir_op_loc(op),
                  "invalid properties %A for op %s: Invalid attribute `%s` in property "
                  "conversion: %A",
                  props, op->info->name, name, a);
}

static bool verify_attrs(IrOp *op, const StdOpDesc *d) {
  const IrAttr *a;
  if (d->kind == STD_K_CONSTANT) {
    if (!ir_op_attrz(op, "value")) return ir_op_error(op, "requires attribute 'value'");
    return true;
  }
  if (d->kind == STD_K_CMPI || d->kind == STD_K_CMPF) {
    a = ir_op_attrz(op, "predicate");
    if (!a) return ir_op_error(op, "requires attribute 'predicate'");
    int n = d->kind == STD_K_CMPI ? ARITH_CMPI_COUNT : ARITH_CMPF_COUNT;
    if (!ir_attr_is(a, &ir_integer_attr_def) || !ir_type_is_int_width(a->type, 64) ||
        a->ints[0] < 0 || a->ints[0] >= n)
      return invalid_prop(op, "predicate", a);
  }
  if ((d->flags & STD_F_OVF) && (a = ir_op_attrz(op, "overflowFlags")) &&
      !ir_attr_is(a, &arith_overflow_attr_def))
    return invalid_prop(op, "overflowFlags", a);
  if ((d->flags & STD_F_FM) && (a = ir_op_attrz(op, "fastmath")) &&
      !ir_attr_is(a, &arith_fastmath_attr_def))
    return invalid_prop(op, "fastmath", a);
  if ((d->flags & STD_F_EXACT) && (a = ir_op_attrz(op, "isExact")) &&
      !ir_attr_is(a, &ir_unit_attr_def))
    return invalid_prop(op, "isExact", a);
  if ((d->flags & STD_F_RND) && (a = ir_op_attrz(op, "roundingmode")) &&
      (!ir_attr_is(a, &ir_integer_attr_def) || !ir_type_is_int_width(a->type, 32) ||
       a->ints[0] < 0 || a->ints[0] >= ARITH_RND_COUNT))
    return invalid_prop(op, "roundingmode", a);
  return true;
}

/* ---- casts -------------------------------------------------------------------------- */

static unsigned bit_width(const IrType *e) {
  if (ir_type_is_integer(e)) return ir_integer_width(e);
  if (ir_type_is_float(e)) return ir_float_kind_width(ir_float_kind(e));
  return 0;
}

/* MLIR's areCastCompatible of each cast family, on the element types. */
static bool cast_compatible(StdCast c, const IrType *in, const IrType *out) {
  const IrType *a = ir_type_elem_or_self(in), *b = ir_type_elem_or_self(out);
  switch (c) {
  case STD_CAST_EXTI:
  case STD_CAST_EXTF: return bit_width(b) > bit_width(a);
  case STD_CAST_TRUNCI:
  case STD_CAST_TRUNCF: return bit_width(b) < bit_width(a);
  case STD_CAST_ITOF: return ir_type_is_integer(a) && ir_type_is_float(b);
  case STD_CAST_FTOI: return ir_type_is_float(a) && ir_type_is_integer(b);
  case STD_CAST_INDEX:
    return (ir_type_is_index(a) && ir_type_is_integer(b)) ||
           (ir_type_is_integer(a) && ir_type_is_index(b));
  case STD_CAST_BITCAST:
    return !ir_type_is_index(a) && !ir_type_is_index(b) && bit_width(a) == bit_width(b) &&
           bit_width(a) != 0;
  case STD_CAST_NONE: return true;
  }
  return false;
}

/* ---- the verifier ------------------------------------------------------------------ */

static bool all_same(IrOp *op) {
  const IrType *t = op->nresults ? ir_op_result(op, 0)->type : ir_op_operand(op, 0)->type;
  for (uint32_t i = 0; i < op->noperands; i++)
    if (ir_op_operand(op, i)->type != t) return false;
  for (uint32_t i = 0; i < op->nresults; i++)
    if (ir_op_result(op, i)->type != t) return false;
  return true;
}

/* result is i1-like with the operands' shape */
static bool i1_result_ok(IrOp *op) {
  const IrType *in = ir_op_operand(op, 0)->type, *r = ir_op_result(op, 0)->type;
  return r == ir_shaped_with_elem(op->ctx, in, ir_integer_type(op->ctx, 1, IR_SIGNLESS));
}

bool std_verify_op(IrOp *op) {
  const StdOpDesc *d = std_desc(op->info);
  if (!verify_attrs(op, d)) return false;
  for (uint32_t i = 0; i < op->noperands; i++) {
    StdClass c = (StdClass)(i ? d->cn : d->c0);
    const IrType *t = ir_op_operand(op, i)->type;
    if (!type_is(t, c))
      return ir_op_error(op, "operand #%u must be %s, but got '%T'", i, class_summary(c), t);
  }
  for (uint32_t i = 0; i < op->nresults; i++) {
    StdClass c = (StdClass)d->cres;
    const IrType *t = ir_op_result(op, i)->type;
    if (!type_is(t, c))
      return ir_op_error(op, "result #%u must be %s, but got '%T'", i, class_summary(c), t);
  }
  switch ((StdKind)d->kind) {
  case STD_K_CONSTANT: {
    const IrAttr *v = ir_op_attrz(op, "value");
    const IrType *vt = ir_attr_is(v, &ir_bool_attr_def) ? ir_integer_type(op->ctx, 1, IR_SIGNLESS)
                                                         : v->type;
    if (vt != ir_op_result(op, 0)->type)
      return ir_op_error(op, "failed to verify that all of {value, result} have same type");
    const IrType *t = vt;
    if (ir_type_is_integer(t) && t->flags != IR_SIGNLESS)
      return ir_op_error(op, "integer return type must be signless");
    if (!ir_attr_is(v, &ir_integer_attr_def) && !ir_attr_is(v, &ir_bool_attr_def) &&
        !ir_attr_is(v, &ir_float_attr_def) && !ir_attr_is(v, &ir_dense_elements_attr_def))
      return ir_op_error(op, "value must be an integer, float, or elements attribute");
    return true;
  }
  case STD_K_UNARY:
  case STD_K_BINARY:
  case STD_K_TERNARY:
    if (!all_same(op)) return ir_op_error(op, "requires the same type for all operands and results");
    return true;
  case STD_K_CMPI:
  case STD_K_CMPF:
    if (ir_op_operand(op, 0)->type != ir_op_operand(op, 1)->type)
      return ir_op_error(op, "requires all operands to have the same type");
    if (!i1_result_ok(op))
      return ir_op_error(op, "failed to verify that result type has i1 element type and same "
                             "shape as operands");
    return true;
  case STD_K_TEST:
    if (!i1_result_ok(op))
      return ir_op_error(op, "failed to verify that result type has i1 element type and same "
                             "shape as operands");
    return true;
  case STD_K_SELECT: {
    const IrType *c = ir_op_operand(op, 0)->type, *r = ir_op_result(op, 0)->type;
    if (ir_op_operand(op, 1)->type != r || ir_op_operand(op, 2)->type != r)
      return ir_op_error(op, "failed to verify that all of {true_value, false_value, result} "
                             "have same type");
    if (ir_type_is_shaped(c) && !ir_type_same_shape(c, r))
      return ir_op_error(op, "failed to verify that condition is signless i1 or has matching "
                             "shape");
    return true;
  }
  case STD_K_CAST: {
    const IrType *in = ir_op_operand(op, 0)->type, *out = ir_op_result(op, 0)->type;
    if (!ir_type_same_shape(in, out))
      return ir_op_error(op, "failed to verify that input and output have the same tensor "
                             "dimensions");
    if (!cast_compatible((StdCast)d->cast, in, out))
      return ir_op_error(op, "operand type '%T' and result type '%T' are cast incompatible", in,
                         out);
    return true;
  }
  case STD_K_MULEXT:
    if (!all_same(op))
      return ir_op_error(op, "failed to verify that all of {lhs, rhs, low, high} have same type");
    return true;
  case STD_K_FPOWI:
    if (!ir_type_same_shape(ir_op_operand(op, 0)->type, ir_op_operand(op, 1)->type) ||
        !ir_type_same_shape(ir_op_operand(op, 0)->type, ir_op_result(op, 0)->type))
      return ir_op_error(op, "requires the same shape for all operands and results");
    if (ir_op_operand(op, 0)->type != ir_op_result(op, 0)->type)
      return ir_op_error(op, "failed to verify that all of {lhs, result} have same type");
    return true;
  }
  return true;
}
