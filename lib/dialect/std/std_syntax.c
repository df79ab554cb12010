/* std_syntax.c — the custom assembly of every arith and math op, driven by
 * the row's StdOpDesc (std_ops.h): MLIR 22's assemblyFormats, printed byte
 * for byte as mlir-opt prints them, and the result names MLIR suggests
 * (`%c42_i32`, `%true`, `%cst`, `%low, %high`); and the simple
 * "operands attr-dict : types [-> result]" syntax of the nvvm and
 * nv_tileas rows. */
#include "dialect/std/std_ops.h"

#include <stdlib.h>

static const IrType *i1_like(IrContext *ctx, const IrType *t) {
  return ir_shaped_with_elem(ctx, t, ir_integer_type(ctx, 1, IR_SIGNLESS));
}

/* ---- printing ----------------------------------------------------------------------- */

/* The optional flag groups, in format order. */
static void print_flags(AsmPrinter *p, IrOp *op, const StdOpDesc *d) {
  if ((d->flags & STD_F_EXACT) && ir_op_attrz(op, "isExact")) asm_puts(p, " exact");
  if (d->flags & STD_F_RND) {
    int m = arith_op_rounding(op);
    const char *name = arith_rounding_name((ArithRoundingMode)m);
    if (name) {
      asm_putc(p, ' ');
      asm_puts(p, name);
    }
  }
  if (d->flags & STD_F_OVF) {
    const IrAttr *a = ir_op_attrz(op, "overflowFlags");
    if (ir_attr_is(a, &arith_overflow_attr_def) && a->ints[0]) {
      asm_putc(p, ' ');
      arith_overflow_attr_def.print(p, a);
    }
  }
  if ((d->flags & STD_F_FM) && d->kind != STD_K_TEST) {
    const IrAttr *a = ir_op_attrz(op, "fastmath");
    /* default-valued (printed unless none), or optional on casts */
    if (ir_attr_is(a, &arith_fastmath_attr_def) && (a->ints[0] || d->kind == STD_K_CAST)) {
      asm_putc(p, ' ');
      arith_fastmath_attr_def.print(p, a);
    }
  }
}

static void print_pred(AsmPrinter *p, IrOp *op, bool is_f) {
  int v = arith_op_predicate(op);
  const char *name = is_f ? arith_cmpf_name((ArithCmpFPredicate)v)
                          : arith_cmpi_name((ArithCmpIPredicate)v);
  asm_putc(p, ' ');
  if (name) asm_puts(p, name);
  else asm_print_int(p, v);
  asm_putc(p, ',');
}

void std_print_op(AsmPrinter *p, IrOp *op) {
  const StdOpDesc *d = std_desc(op->info);
  if (d->kind == STD_K_CONSTANT) {
    static const char *const elided[] = {"value", NULL};
    asm_print_attr_dict(p, op, elided);
    const IrAttr *v = ir_op_attrz(op, "value");
    asm_putc(p, ' ');
    if (v) asm_print_attr(p, v);
    return;
  }
  if (d->kind == STD_K_CMPI || d->kind == STD_K_CMPF) print_pred(p, op, d->kind == STD_K_CMPF);
  asm_putc(p, ' ');
  asm_print_operands(p, ir_op_operands(op), op->noperands);
  print_flags(p, op, d);
  /* isnan/isinf/isfinite: fastmath is not in the format; attr-dict shows
   * it unless it has its default value */
  static const char *const fm_only[] = {"fastmath", NULL};
  if (d->kind == STD_K_TEST)
    asm_print_attr_dict(p, op, arith_op_fastmath(op) ? NULL : fm_only);
  else
    asm_print_attr_dict(p, op, op->info->inherent);
  asm_puts(p, " : ");
  switch ((StdKind)d->kind) {
  case STD_K_CAST:
    asm_print_type(p, ir_op_operand(op, 0)->type);
    asm_puts(p, " to ");
    asm_print_type(p, ir_op_result(op, 0)->type);
    break;
  case STD_K_FPOWI:
    asm_print_type(p, ir_op_operand(op, 0)->type);
    asm_puts(p, ", ");
    asm_print_type(p, ir_op_operand(op, 1)->type);
    break;
  case STD_K_SELECT:
    if (ir_type_is_shaped(ir_op_operand(op, 0)->type)) {
      asm_print_type(p, ir_op_operand(op, 0)->type);
      asm_puts(p, ", ");
    }
    asm_print_type(p, ir_op_result(op, 0)->type);
    break;
  case STD_K_CMPI:
  case STD_K_CMPF:
  case STD_K_MULEXT:
  case STD_K_TEST:
    asm_print_type(p, ir_op_operand(op, 0)->type);
    break;
  default:
    asm_print_type(p, ir_op_result(op, 0)->type);
    break;
  }
}

/* ---- parsing ------------------------------------------------------------------------ */

static bool parse_flags(AsmParser *p, IrOpState *st, const StdOpDesc *d) {
  IrContext *ctx = st->ctx;
  if ((d->flags & STD_F_EXACT) && asm_parse_optional_keyword(p, "exact"))
    ir_op_state_add_prop(st, "isExact", ir_unit_attr(ctx));
  if (d->flags & STD_F_RND) {
    for (int m = 0; m < ARITH_RND_COUNT; m++)
      if (asm_parse_optional_keyword(p, arith_rounding_name((ArithRoundingMode)m))) {
        ir_op_state_add_prop(st, "roundingmode", arith_rounding_attr(ctx, (ArithRoundingMode)m));
        break;
      }
  }
  unsigned bits;
  if ((d->flags & STD_F_OVF) && asm_parse_optional_keyword(p, "overflow")) {
    if (!std_parse_overflow_body(p, &bits)) return false;
    ir_op_state_add_prop(st, "overflowFlags", arith_overflow_attr(ctx, bits));
  }
  if ((d->flags & STD_F_FM) && d->kind != STD_K_TEST &&
      asm_parse_optional_keyword(p, "fastmath")) {
    if (!std_parse_fastmath_body(p, &bits)) return false;
    ir_op_state_add_prop(st, "fastmath", arith_fastmath_attr(ctx, bits));
  }
  return true;
}

/* Resolves every operand with type t. */
static bool resolve_same(AsmParser *p, const AsmOperandVec *ops, const IrType *t, IrOpState *st) {
  for (size_t i = 0; i < ops->len; i++)
    if (!asm_resolve_operand(p, &ops->data[i], t, st)) return false;
  return true;
}

/* `pred ,`: a keyword of the predicate enum. */
static bool parse_pred(AsmParser *p, IrOpState *st, bool is_f) {
  AsmLoc l = asm_cur_loc(p);
  Str kw = {0};
  char *str = NULL;
  size_t len = 0;
  int n = is_f ? ARITH_CMPF_COUNT : ARITH_CMPI_COUNT;
  if (asm_peek_string(p)) { /* MLIR also accepts the predicate as a string */
    if (!asm_parse_string(p, &str, &len)) return false;
    kw = str_make(str, len);
  } else if (!asm_parse_optional_keyword_any(p, &kw)) {
    kw = str_make("", 0);
  }
  int found = -1;
  for (int i = 0; i < n && found < 0; i++)
    if (str_eqz(kw, is_f ? arith_cmpf_name((ArithCmpFPredicate)i)
                         : arith_cmpi_name((ArithCmpIPredicate)i)))
      found = i;
  free(str);
  if (found >= 0) {
    ir_op_state_add_prop(st, "predicate", arith_predicate_attr(st->ctx, found));
    return asm_parse_punct(p, ASM_COMMA);
  }
  StrBuf b = {0};
  for (int i = 0; i < n; i++) {
    if (i) sb_puts(&b, ", ");
    sb_puts(&b, is_f ? arith_cmpf_name((ArithCmpFPredicate)i)
                     : arith_cmpi_name((ArithCmpIPredicate)i));
  }
  asm_error_at(p, l, "expected string or keyword containing one of the following enum values "
                     "for attribute 'predicate' [%s]",
               b.s);
  sb_free(&b);
  return false;
}

/* `value` with an optional `: T`; the result type is the attribute's. */
static bool parse_constant(AsmParser *p, IrOpState *st) {
  if (!asm_parse_optional_attr_dict(p, st)) return false;
  AsmLoc l = asm_cur_loc(p);
  const IrAttr *v;
  if (!asm_parse_attr(p, NULL, &v)) return false;
  const IrType *t = ir_attr_is(v, &ir_bool_attr_def) ? ir_integer_type(st->ctx, 1, IR_SIGNLESS)
                                                      : v->type;
  if (!t) return asm_error_at(p, l, "expected attribute to have a type");
  ir_op_state_add_prop(st, "value", v);
  vec_push(&st->result_types, t);
  return true;
}

bool std_parse_op(AsmParser *p, IrOpState *st) {
  const StdOpDesc *d = std_desc(st->info);
  if (d->kind == STD_K_CONSTANT) return parse_constant(p, st);
  if ((d->kind == STD_K_CMPI || d->kind == STD_K_CMPF) &&
      !parse_pred(p, st, d->kind == STD_K_CMPF))
    return false;
  AsmLoc oploc = asm_cur_loc(p);
  AsmOperandVec ops = {0};
  bool ok = true;
  /* exactly the row's operands, `,`-separated, as ODS's `$a, $b` */
  for (int i = 0; ok && i < st->info->min_operands; i++) {
    AsmOperand o;
    ok = (i == 0 || asm_parse_punct(p, ASM_COMMA)) && asm_parse_operand(p, &o);
    if (ok) vec_push(&ops, o);
  }
  ok = ok && parse_flags(p, st, d) && asm_parse_optional_attr_dict(p, st) &&
       asm_parse_punct(p, ASM_COLON);
  const IrType *t0 = NULL, *t1 = NULL;
  IrContext *ctx = st->ctx;
  if (ok) ok = asm_parse_type(p, &t0);
  if (ok) {
    switch ((StdKind)d->kind) {
    case STD_K_CAST:
      ok = asm_parse_keyword(p, "to") && asm_parse_type(p, &t1);
      if (ok) ok = resolve_same(p, &ops, t0, st);
      if (ok) vec_push(&st->result_types, t1);
      break;
    case STD_K_FPOWI: {
      ok = asm_parse_punct(p, ASM_COMMA) && asm_parse_type(p, &t1);
      const IrType *ts[2] = {t0, t1};
      if (ok) ok = asm_resolve_operands(p, ops.data, ops.len, ts, 2, oploc, st);
      if (ok) vec_push(&st->result_types, t0);
      break;
    }
    case STD_K_SELECT: {
      const IrType *cond = ir_integer_type(ctx, 1, IR_SIGNLESS), *res = t0;
      if (asm_parse_optional_punct(p, ASM_COMMA)) {
        cond = t0;
        ok = asm_parse_type(p, &res);
      }
      const IrType *ts[3] = {cond, res, res};
      if (ok) ok = asm_resolve_operands(p, ops.data, ops.len, ts, 3, oploc, st);
      if (ok) vec_push(&st->result_types, res);
      break;
    }
    case STD_K_CMPI:
    case STD_K_CMPF:
    case STD_K_TEST:
      ok = resolve_same(p, &ops, t0, st);
      if (ok) vec_push(&st->result_types, i1_like(ctx, t0));
      break;
    case STD_K_MULEXT:
      ok = resolve_same(p, &ops, t0, st);
      if (ok) {
        vec_push(&st->result_types, t0);
        vec_push(&st->result_types, t0);
      }
      break;
    default:
      ok = resolve_same(p, &ops, t0, st);
      if (ok) vec_push(&st->result_types, t0);
      break;
    }
  }
  vec_free(&ops);
  return ok;
}

/* ---- result names ----------------------------------------------------------------------- */

/* arith.constant: `true`/`false` for i1, `c<value>` (+ `_<type>` unless
 * index) for integers, `cst` otherwise; mulsi/mului_extended: low, high. */
void std_result_names(IrOp *op, IrNameSetFn set, void *user) {
  const StdOpDesc *d = std_desc(op->info);
  if (d->kind == STD_K_MULEXT && op->nresults == 2) {
    set(user, ir_op_result(op, 0), "low");
    set(user, ir_op_result(op, 1), "high");
    return;
  }
  if (d->kind != STD_K_CONSTANT || op->nresults != 1) return;
  const IrAttr *v = ir_op_attrz(op, "value");
  const IrType *t = ir_op_result(op, 0)->type;
  if (ir_attr_is(v, &ir_bool_attr_def)) {
    set(user, ir_op_result(op, 0), v->ints[0] ? "true" : "false");
    return;
  }
  if (!ir_attr_is(v, &ir_integer_attr_def)) {
    set(user, ir_op_result(op, 0), "cst");
    return;
  }
  if (ir_type_is_int_width(t, 1)) {
    set(user, ir_op_result(op, 0), v->ints[0] ? "true" : "false");
    return;
  }
  StrBuf b = {0};
  sb_putc(&b, 'c');
  if (ir_type_is_integer(t) && t->flags == IR_UNSIGNED && ir_integer_width(t) == 64)
    sb_put_uint(&b, (uint64_t)v->ints[0]);
  else
    sb_put_int(&b, v->ints[0]);
  if (ir_type_is_integer(t)) {
    sb_putc(&b, '_');
    asm_print_type_str(&b, t);
  }
  set(user, ir_op_result(op, 0), b.s);
  sb_free(&b);
}

/* ---- the simple syntax of nvvm and nv_tileas rows --------------------------------------------------------- */

bool std_parse_simple(AsmParser *p, IrOpState *st) {
  AsmOperandVec ops = {0};
  IrTypeVec types = {0};
  AsmLoc at = asm_cur_loc(p);
  bool ok = asm_parse_operand_list(p, &ops) && asm_parse_optional_attr_dict(p, st) &&
            asm_parse_punct(p, ASM_COLON) && asm_parse_type_list(p, &types);
  if (ok && ops.len == 0) {
    /* "attr-dict : result-type" */
    for (size_t i = 0; i < types.len; i++) vec_push(&st->result_types, types.data[i]);
  } else if (ok) {
    ok = asm_resolve_operands(p, ops.data, ops.len, types.data, types.len, at, st);
    if (ok && asm_parse_optional_punct(p, ASM_ARROW)) {
      const IrType *rt;
      ok = asm_parse_type(p, &rt);
      if (ok) vec_push(&st->result_types, rt);
    }
  }
  vec_free(&ops);
  vec_free(&types);
  return ok;
}

void std_print_simple(AsmPrinter *p, IrOp *op) {
  if (op->noperands) {
    asm_puts(p, " ");
    asm_print_operands(p, ir_op_operands(op), op->noperands);
  }
  asm_print_attr_dict(p, op, NULL);
  asm_puts(p, " : ");
  if (op->noperands) {
    for (unsigned i = 0; i < op->noperands; i++) {
      if (i) asm_puts(p, ", ");
      asm_print_type(p, ir_op_operand(op, i)->type);
    }
    if (op->nresults) {
      asm_puts(p, " -> ");
      asm_print_type(p, ir_op_result(op, 0)->type);
    }
  } else if (op->nresults) {
    asm_print_type(p, ir_op_result(op, 0)->type);
  }
}
