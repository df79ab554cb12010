/* ops_misc.c — custom syntax, result names and ODS-level checks of the
 * small cuda_tile ops: constant, assume, get_tile_block_id /
 * get_num_tile_blocks, the pointer casts, offset, make_token, join_tokens,
 * print_tko and the bytecode testing ops of TestingOps.td. */
#include "dialect/cuda_tile/ct_attrdict.h"
#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_opcache.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_ops_core.h"

#include <math.h>
#include <stdio.h>

/* ---- constant ---------------------------------------------------------------- */

/* constant ::= dense-constant attr-dict */
bool ct_parse_constant(AsmParser *p, IrOpState *st) {
  const IrAttr *v = NULL;
  const IrType *t = NULL;
  if (!ct_parse_dense_constant(p, &v, &t)) return false;
  ir_op_state_add_prop(st, "value", v);
  vec_push(&st->result_types, t);
  return asm_parse_optional_attr_dict(p, st);
}

void ct_print_constant(AsmPrinter *p, IrOp *op) {
  const IrAttr *v = ir_op_attrz(op, "value");
  asm_putc(p, ' ');
  if (v && v->def == &ir_dense_elements_attr_def && ct_type_is_tile(v->type))
    ct_print_dense_constant(p, v);
  else if (v)
    asm_print_attr(p, v);
  static const char *const elided[] = {"value", NULL};
  ct_print_attr_dict(p, op, elided);
}

static bool is_dense(const IrAttr *a) { return ct_attr_is_dense_elements(a); }

const CtOdsSpec ct_spec_constant = {
    .attrs = {{"value", is_dense, "dense typed elements attribute", true}},
    .results = {CT_ODS_V(ONE, ct_is_number_tile, CT_DESC_NUMBER_TILE)},
};

bool ct_verify_constant(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  const IrAttr *v = ir_op_attrz(op, "value");
  if (v->type != ir_op_result(op, 0)->type)
    return ct_ods_fail_that(op, "all of {value, result} have same type");
  return true;
}

/* Writes v's decimal digits at d; returns the end. */
static char *put_uint(char *d, uint64_t v) {
  char tmp[20];
  size_t n = 0;
  do {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) *d++ = tmp[--n];
  return d;
}

/* ConstantOp::getAsmResultNames: `true` / `false` / `cst_i1` for i1, else
 * `cst` [_value] _type with the value only for splats (integers signed,
 * floats when exactly convertible to an unsigned 64-bit integer).  Called
 * for every constant when numbering values, so the name is formed in a
 * stack buffer, without printf or a heap string, and the usual element
 * types are spelled without a printer. */
void ct_names_constant(IrOp *op, IrNameSetFn set, void *user) {
  const IrAttr *v = ir_op_attrz(op, "value");
  if (!op->nresults || !v || v->def != &ir_dense_elements_attr_def ||
      !ct_type_is_tile(v->type))
    return;
  const IrType *elem = ct_tile_type_elem(v->type);
  if (ir_type_is_int_width(elem, 1)) {
    int64_t n = ct_dense_num_elements(v);
    bool all_t = true, all_f = true;
    for (int64_t i = 0; i < n && (all_t || all_f); i++) {
      if (ct_dense_int(v, i)) all_f = false;
      else all_t = false;
      if (ct_dense_is_splat(v)) break;
    }
    set(user, ir_op_result(op, 0), all_t ? "true" : all_f ? "false" : "cst_i1");
    return;
  }
  /* "cst" + "_-" + 20 digits + "_" + type (at most 94 bytes) + NUL */
  char name[128] = "cst", *d = name + 3;
  bool is_int = ir_type_is_integer(elem), is_float = !is_int && ir_type_is_float(elem);
  if ((is_int || is_float) && (ct_dense_is_splat(v) || ct_dense_num_elements(v) == 1)) {
    if (is_int) {
      int64_t x = ct_dense_int(v, 0);
      *d++ = '_';
      if (x < 0) *d++ = '-';
      d = put_uint(d, x < 0 ? 0 - (uint64_t)x : (uint64_t)x);
    } else {
      double f = ct_dense_float(v, 0);
      if (isnan(f)) {
        memcpy(d, "_NaN", 4);
        d += 4;
      } else if (f >= 0 && !signbit(f) && f == floor(f) && f < 18446744073709551616.0) {
        *d++ = '_';
        d = put_uint(d, (uint64_t)f);
      }
    }
  }
  *d++ = '_';
  if (is_int) {
    if (elem->flags == IR_SIGNED) *d++ = 's';
    else if (elem->flags == IR_UNSIGNED) *d++ = 'u';
    *d++ = 'i';
    d = put_uint(d, ir_integer_width(elem));
    *d = 0;
  } else if (is_float) {
    const char *k = ir_float_kind_name(ir_float_kind(elem));
    size_t len = strlen(k);
    if (len > 94) len = 94;
    memcpy(d, k, len);
    d[len] = 0;
  } else { /* the type's text, at most 94 bytes of it */
    StrBuf tb = {0};
    asm_print_type_str(&tb, elem);
    snprintf(d, 95, "%s", sb_cstr(&tb));
    sb_free(&tb);
  }
  set(user, ir_op_result(op, 0), name);
}

/* ---- assume ------------------------------------------------------------------ */

/* assume ::= predicate `,` operand attr-dict `:` type */
bool ct_parse_assume(AsmParser *p, IrOpState *st) {
  const IrAttr *pred = NULL;
  AsmOperand v;
  const IrType *t = NULL;
  if (!ct_parse_assume_predicate(p, &pred)) return false;
  ir_op_state_add_prop(st, "predicate", pred);
  if (!asm_parse_punct(p, ASM_COMMA) || !asm_parse_operand(p, &v) ||
      !asm_parse_optional_attr_dict(p, st) || !asm_parse_punct(p, ASM_COLON) ||
      !ct_parse_type(p, &t))
    return false;
  vec_push(&st->result_types, t);
  return asm_resolve_operand(p, &v, t, st);
}

void ct_print_assume(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  const IrAttr *pred = ir_op_attrz(op, "predicate");
  if (pred) ct_print_assume_predicate(p, pred);
  asm_puts(p, ", ");
  asm_print_operand(p, ir_op_operand(op, 0));
  static const char *const elided[] = {"predicate", NULL};
  ct_print_attr_dict(p, op, elided);
  asm_puts(p, " : ");
  ct_print_type(p, ir_op_operand(op, 0)->type);
}

const CtOdsSpec ct_spec_assume = {
    .attrs = {{"predicate", ct_attr_is_assume_predicate, "AssumePredicateAttrInterface instance",
               true}},
};

bool ct_verify_assume(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  if (!ct_ods_same_type_vals(op, "{value, result}", ir_op_operand(op, 0),
                             ir_op_result(op, 0), NULL, NULL))
    return false;
  return ct_verify_assume_predicate(op, ir_op_attrz(op, "predicate"),
                                    ir_op_operand(op, 0)->type);
}

/* Collects the name an op's result_names hook gives one value. */
typedef struct NameProbe {
  IrValue *want;
  char *name;
} NameProbe;

static void probe_set(void *user, IrValue *v, const char *name) {
  NameProbe *np = user;
  if (v == np->want && !np->name) np->name = xstrndup(name, strlen(name));
}

/* AssumeOp::getAsmResultNames: "assume_" + the producer's name for the value
 * when the producer implements OpAsmOpInterface (has a result_names hook
 * here), else "assume".  Ops with two or more named ODS results (grid
 * queries, the token-returning memory ops) implement the interface too: ODS
 * generates their getAsmResultNames, so `assume` of `%blockId_x` is
 * `%assume_blockId_x`.  Ops that declare the interface without naming their
 * results (if, loop, scan) give "assume_". */
void ct_names_assume(IrOp *op, IrNameSetFn set, void *user) {
  if (!op->nresults || !op->noperands) return;
  IrValue *v = ir_op_operand(op, 0);
  IrOp *prod = v->def;
  if (prod && prod->info->result_names) {
    NameProbe np = {v, NULL};
    prod->info->result_names(prod, probe_set, &np);
    StrBuf b = {0};
    sb_puts(&b, "assume_");
    if (np.name) sb_puts(&b, np.name);
    set(user, ir_op_result(op, 0), sb_cstr(&b));
    sb_free(&b);
    free(np.name);
    return;
  }
  set(user, ir_op_result(op, 0), "assume");
}

/* ---- get_tile_block_id / get_num_tile_blocks ---------------------------------- */

/* grid-query ::= attr-dict `:` type   (three results of that type) */
bool ct_parse_grid_query(AsmParser *p, IrOpState *st) {
  const IrType *t = NULL;
  if (!asm_parse_optional_attr_dict(p, st) || !asm_parse_punct(p, ASM_COLON) ||
      !ct_parse_type(p, &t))
    return false;
  for (int i = 0; i < 3; i++) vec_push(&st->result_types, t);
  return true;
}

void ct_print_grid_query(AsmPrinter *p, IrOp *op) {
  ct_print_attr_dict(p, op, NULL);
  asm_puts(p, " : ");
  ct_print_type(p, ir_op_result(op, 0)->type);
}

#define SCALAR_I32 CT_ODS_V(ONE, ct_is_scalar_i32_tile, CT_DESC_SCALAR_I32)
const CtOdsSpec ct_spec_grid_query = {.results = {SCALAR_I32, SCALAR_I32, SCALAR_I32}};

bool ct_verify_grid_query(IrOp *op) { return ct_ods_verify_op(op, NULL); }

static void name3(IrOp *op, IrNameSetFn set, void *user, const char *base) {
  static const char xyz[] = "xyz";
  char buf[32];
  size_t n = strlen(base); /* base is one of the short literals below */
  memcpy(buf, base, n);
  buf[n] = '_';
  buf[n + 2] = 0;
  for (unsigned i = 0; i < op->nresults && i < 3; i++) {
    buf[n + 1] = xyz[i];
    set(user, ir_op_result(op, i), buf);
  }
}
void ct_names_block_id(IrOp *op, IrNameSetFn set, void *user) {
  name3(op, set, user, "blockId");
}
void ct_names_grid_size(IrOp *op, IrNameSetFn set, void *user) {
  name3(op, set, user, "gridSize");
}

/* ---- int_to_ptr / ptr_to_int / ptr_to_ptr --------------------------------------- */

/* cast ::= operand attr-dict `:` type `->` type */
bool ct_parse_unary_cast(AsmParser *p, IrOpState *st) {
  AsmOperand src;
  const IrType *from = NULL, *to = NULL;
  if (!asm_parse_operand(p, &src) || !asm_parse_optional_attr_dict(p, st) ||
      !asm_parse_punct(p, ASM_COLON) || !ct_parse_type(p, &from) ||
      !asm_parse_punct(p, ASM_ARROW) || !ct_parse_type(p, &to))
    return false;
  vec_push(&st->result_types, to);
  return asm_resolve_operand(p, &src, from, st);
}

void ct_print_unary_cast(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  ct_print_attr_dict(p, op, NULL);
  asm_puts(p, " : ");
  ct_print_type(p, ir_op_operand(op, 0)->type);
  asm_puts(p, " -> ");
  ct_print_type(p, ir_op_result(op, 0)->type);
}


/* int_to_ptr / ptr_to_int / ptr_to_ptr: one source and one result of the
 * given kinds, with the same shape. */
static bool verify_ptr_cast(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  const IrType *t[2] = {ir_op_operand(op, 0)->type, ir_op_result(op, 0)->type};
  return ct_ods_all_same_shape(op, "{source, result}", t, 2);
}

#define PTR_TILE CT_ODS_V(ONE, ct_is_ptr_tile, CT_DESC_PTR_TILE)
#define I64_TILE CT_ODS_V(ONE, ct_is_i64_tile, CT_DESC_I64_TILE)
const CtOdsSpec ct_spec_int_to_ptr = {.operands = {I64_TILE}, .results = {PTR_TILE}};
const CtOdsSpec ct_spec_ptr_to_int = {.operands = {PTR_TILE}, .results = {I64_TILE}};
const CtOdsSpec ct_spec_ptr_to_ptr = {.operands = {PTR_TILE}, .results = {PTR_TILE}};

bool ct_verify_int_to_ptr(IrOp *op) { return verify_ptr_cast(op); }
bool ct_verify_ptr_to_int(IrOp *op) { return verify_ptr_cast(op); }
bool ct_verify_ptr_to_ptr(IrOp *op) { return verify_ptr_cast(op); }

/* ---- offset ---------------------------------------------------------------------- */

/* offset ::= operand `,` operand attr-dict `:` type `,` type `->` type */
bool ct_parse_offset(AsmParser *p, IrOpState *st) {
  AsmOperand ptr, off;
  const IrType *tp = NULL, *to = NULL, *tr = NULL;
  if (!asm_parse_operand(p, &ptr) || !asm_parse_punct(p, ASM_COMMA) ||
      !asm_parse_operand(p, &off) || !asm_parse_optional_attr_dict(p, st) ||
      !asm_parse_punct(p, ASM_COLON) || !ct_parse_type(p, &tp) ||
      !asm_parse_punct(p, ASM_COMMA) || !ct_parse_type(p, &to) ||
      !asm_parse_punct(p, ASM_ARROW) || !ct_parse_type(p, &tr))
    return false;
  vec_push(&st->result_types, tr);
  return asm_resolve_operand(p, &ptr, tp, st) && asm_resolve_operand(p, &off, to, st);
}

void ct_print_offset(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  asm_print_operands(p, ir_op_operands(op), op->noperands);
  ct_print_attr_dict(p, op, NULL);
  asm_puts(p, " : ");
  ct_print_value_types(p, ir_op_operands(op), op->noperands);
  asm_puts(p, " -> ");
  ct_print_type(p, ir_op_result(op, 0)->type);
}

const CtOdsSpec ct_spec_offset = {
    .operands = {PTR_TILE, CT_ODS_V(ONE, ct_is_int_tile, CT_DESC_INT_TILE)},
    .results = {PTR_TILE},
};

bool ct_verify_offset(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  /* AllTypesMatch (an ODS invariant), then the SameOperandsAndResultShape
   * trait. */
  if (!ct_ods_same_type_vals(op, "{result, ptr}", ir_op_result(op, 0), ir_op_operand(op, 0),
                             NULL, NULL))
    return false;
  const IrType *t0 = ir_op_operand(op, 0)->type, *t1 = ir_op_operand(op, 1)->type;
  const IrType *tr = ir_op_result(op, 0)->type;
  size_t r = ct_tile_type_rank(t0);
  bool same = ct_tile_type_rank(t1) == r && ct_tile_type_rank(tr) == r &&
              (r == 0 || (!memcmp(ct_tile_type_shape(t0), ct_tile_type_shape(t1), r * 8) &&
                          !memcmp(ct_tile_type_shape(t0), ct_tile_type_shape(tr), r * 8)));
  if (!same) return ir_op_error(op, "requires the same shape for all operands and results");
  return true;
}

/* ---- make_token / join_tokens ------------------------------------------------------ */

/* make_token ::= attr-dict `:` type */
bool ct_parse_make_token(AsmParser *p, IrOpState *st) {
  const IrType *t = NULL;
  if (!asm_parse_optional_attr_dict(p, st) || !asm_parse_punct(p, ASM_COLON) ||
      !ct_parse_type(p, &t))
    return false;
  vec_push(&st->result_types, t);
  return true;
}

void ct_print_make_token(AsmPrinter *p, IrOp *op) {
  ct_print_attr_dict(p, op, NULL);
  asm_puts(p, " : ");
  ct_print_type(p, ir_op_result(op, 0)->type);
}

const CtOdsSpec ct_spec_make_token = {.results = {CT_ODS_TOKEN}};

bool ct_verify_make_token(IrOp *op) { return ct_ods_verify_op(op, NULL); }

/* join_tokens ::= operand-list attr-dict `:` type */
bool ct_parse_join_tokens(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperandVec ops = {0};
  const IrType *t = NULL;
  bool ok = asm_parse_operand_list(p, &ops) && asm_parse_optional_attr_dict(p, st) &&
            asm_parse_punct(p, ASM_COLON) && ct_parse_type(p, &t);
  if (ok) {
    vec_push(&st->result_types, t);
    const IrType *tok = ct_cached_token(ctx);
    for (size_t i = 0; ok && i < ops.len; i++) ok = asm_resolve_operand(p, &ops.data[i], tok, st);
  }
  vec_free(&ops);
  return ok;
}

void ct_print_join_tokens(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  asm_print_operands(p, ir_op_operands(op), op->noperands);
  ct_print_attr_dict(p, op, NULL);
  asm_puts(p, " : ");
  ct_print_type(p, ir_op_result(op, 0)->type);
}

#define TOKENS CT_ODS_V(MANY, ct_is_token, CT_VARIADIC(CT_DESC_TOKEN))
const CtOdsSpec ct_spec_join_tokens = {.operands = {TOKENS}, .results = {CT_ODS_TOKEN}};

bool ct_verify_join_tokens(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  if (op->noperands < 2) return ir_op_error(op, "expect two or more tokens");
  return true;
}

/* ---- print_tko ------------------------------------------------------------------ */

/* print_tko ::= string (`,` operand-list)? (`token` `=` operand)? attr-dict
 *               (`:` type-list)? `->` type */
bool ct_parse_print_tko(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  const IrAttr *str = NULL;
  if (!ct_parse_str_attr(p, &str)) return false;
  ir_op_state_add_prop(st, "str", str);
  AsmOperandVec args = {0};
  IrTypeVec types = {0};
  AsmOperand tok;
  bool has_tok = false, ok = true;
  AsmLoc args_at = asm_cur_loc(p);
  /* A comma before `token` belongs to the token group (`"fmt", %x, token =
   * %t`), as the memory ops accept NVIDIA's documented `%v, token = %t`. */
  if (!asm_peek_punct_keyword(p, ASM_COMMA, "token") && asm_parse_optional_punct(p, ASM_COMMA)) {
    args_at = asm_cur_loc(p);
    /* asm_parse_operand_list's zero-or-more list, stopping at `, token`. */
    if (asm_peek_operand(p)) {
      do {
        AsmOperand a;
        ok = asm_parse_operand(p, &a);
        if (ok) vec_push(&args, a);
      } while (ok && !asm_peek_punct_keyword(p, ASM_COMMA, "token") &&
               asm_parse_optional_punct(p, ASM_COMMA));
    }
  }
  if (ok && asm_peek_punct_keyword(p, ASM_COMMA, "token")) asm_parse_punct(p, ASM_COMMA);
  if (ok && asm_parse_optional_keyword(p, "token")) {
    has_tok = true;
    ok = asm_parse_punct(p, ASM_EQUAL) && asm_parse_operand(p, &tok);
  }
  if (ok) ok = asm_parse_optional_attr_dict(p, st);
  if (ok && asm_parse_optional_punct(p, ASM_COLON)) ok = ct_parse_types_into(p, &types);
  const IrType *rt = NULL;
  if (ok) ok = asm_parse_punct(p, ASM_ARROW) && ct_parse_type(p, &rt);
  if (ok) {
    vec_push(&st->result_types, rt);
    ok = asm_resolve_operands(p, args.data, args.len, types.data, types.len, args_at, st);
  }
  if (ok && has_tok) ok = asm_resolve_operand(p, &tok, ct_cached_token(ctx), st);
  if (ok) {
    int32_t seg[2] = {(int32_t)args.len, has_tok ? 1 : 0};
    ir_op_state_add_prop(st, "operandSegmentSizes", ct_cached_segments(ctx, seg, 2));
  }
  vec_free(&args);
  vec_free(&types);
  return ok;
}

void ct_print_print_tko(AsmPrinter *p, IrOp *op) {
  uint32_t as = 0, an = 0, ts = 0, tn = 0;
  ct_ods_segment_range(op, 0, 2, &as, &an);
  ct_ods_segment_range(op, 1, 2, &ts, &tn);
  const IrAttr *s = ir_op_attrz(op, "str");
  asm_putc(p, ' ');
  if (ir_attr_is(s, &ir_string_attr_def)) asm_print_string_literal(p, s->str->str, s->str->len);
  if (an) {
    asm_puts(p, ", ");
    asm_print_operands(p, ir_op_operands(op) + as, an);
  }
  if (tn) {
    asm_puts(p, " token=");
    asm_print_operand(p, ir_op_operand(op, ts));
  }
  static const char *const elided[] = {"str", "operandSegmentSizes", NULL};
  ct_print_attr_dict(p, op, elided);
  if (an) {
    asm_puts(p, " : ");
    ct_print_value_types(p, ir_op_operands(op) + as, an);
  }
  asm_puts(p, " -> ");
  ct_print_type(p, ir_op_result(op, 0)->type);
}

#define TILES CT_ODS_V(MANY, ct_is_tile, CT_VARIADIC(CT_DESC_TILE))
const CtOdsSpec ct_spec_print_tko = {
    .segments = true,
    .attrs = {{"str", ct_attr_is_string, "string attribute", true}},
    .operands = {TILES, CT_ODS_OPT_TOKEN},
    .results = {CT_ODS_TOKEN},
};

bool ct_verify_print_tko(IrOp *op) {
  CtOdsGroups g;
  if (!ct_ods_verify_op(op, &g)) return false;
  const int32_t *seg = g.size;
  /* PrintTkoOp::verify: one operand per format expression (`%%` escapes). */
  const IrIdent *fmt = ir_op_attrz(op, "str")->str;
  int expected = 0;
  for (uint32_t pos = 0; pos < fmt->len; pos++) {
    if (fmt->str[pos] != '%') continue;
    uint32_t end = 0;
    for (uint32_t i = pos + 1; i < fmt->len && !end; i++)
      if (fmt->str[i] && strchr("diuoxXeEfFgGaAcsSpn%", fmt->str[i])) end = i + 1;
    if (!end) return ir_op_error(op, "found unterminated format expression");
    if (end - pos == 2 && fmt->str[pos + 1] == '%') {
      pos++;
      continue;
    }
    expected++;
  }
  if (expected != seg[0])
    return ir_op_error(op, "incorrect number of operands: expected %d, found %d", expected,
                       seg[0]);
  return true;
}

/* ---- testing$bytecode_test_new_attribute --------------------------------------------- */

/* op ::= (`new_flag`)? (`new_param` `=` int)? attr-dict */
bool ct_parse_bc_new_attr(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  if (asm_parse_optional_keyword(p, "new_flag"))
    ir_op_state_add_prop(st, "new_flag", ir_unit_attr(ctx));
  const IrAttr *v = NULL;
  if (asm_parse_optional_keyword(p, "new_param")) {
    if (!asm_parse_punct(p, ASM_EQUAL) || !asm_parse_attr(p, i32, &v)) return false;
  } else {
    v = ir_integer_attr(ctx, i32, 42);
  }
  ir_op_state_add_prop(st, "new_param", v);
  return asm_parse_optional_attr_dict(p, st);
}

void ct_print_bc_new_attr(AsmPrinter *p, IrOp *op) {
  if (ir_op_attrz(op, "new_flag")) asm_puts(p, " new_flag");
  const IrAttr *v = ir_op_attrz(op, "new_param");
  if (v && ct_attr_int(v, 42) != 42) asm_printf(p, " new_param = %lld", (long long)ct_attr_int(v, 42));
  static const char *const elided[] = {"new_flag", "new_param", NULL};
  ct_print_attr_dict(p, op, elided);
}

#define I32_ATTR "32-bit signless integer attribute"
const CtOdsSpec ct_spec_testing_bytecode_test_new_attribute = {
    .attrs = {{"new_flag", ct_attr_is_unit, "unit attribute", false},
              {"new_param", ct_attr_is_i32, I32_ATTR, false}},
};

bool ct_verify_bc_new_attr(IrOp *op) { return ct_ods_verify_op(op, NULL); }

/* ---- testing$bytecode_test_evolution ------------------------------------------------- */

/* Dialect attribute with ODS's "custom attribute with fallback": a full
 * attribute after `#`, else the body of #cuda_tile.<mnemonic>. */
static bool parse_attr_fallback(AsmParser *p, const char *mnemonic, const IrAttr **out) {
  bool present = false;
  if (!asm_parse_optional_attr(p, NULL, out, &present)) return false;
  if (present) return true;
  *out = ct_parse_attr_mnemonic(p, str_z(mnemonic), NULL);
  return *out != NULL;
}

/* op ::= `(` operands `:` types `)` (`new_attr` `=` int)? (`token` `=` operand
 *        `:` type)? (`priority` `=` attr)? (`test_attr` `=` attr)? `->` type attr-dict */
bool ct_parse_bc_evolution(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperandVec ins = {0};
  IrTypeVec types = {0};
  AsmOperand tok;
  const IrType *tok_t = NULL, *rt = NULL;
  bool has_tok = false;
  AsmLoc at = asm_cur_loc(p);
  bool ok = asm_parse_punct(p, ASM_LPAREN) && asm_parse_operand_list(p, &ins) &&
            asm_parse_punct(p, ASM_COLON);
  if (ok && ins.len) ok = asm_parse_type_list(p, &types);
  if (ok) ok = asm_parse_punct(p, ASM_RPAREN);
  if (ok && asm_parse_optional_keyword(p, "new_attr")) {
    const IrAttr *a = NULL;
    ok = asm_parse_punct(p, ASM_EQUAL) &&
         asm_parse_attr(p, ir_integer_type(ctx, 32, IR_SIGNLESS), &a);
    if (ok) ir_op_state_add_prop(st, "new_attr", a);
  }
  if (ok && asm_peek_punct_keyword(p, ASM_COMMA, "token")) asm_parse_punct(p, ASM_COMMA);
  if (ok && asm_parse_optional_keyword(p, "token")) {
    has_tok = true;
    ok = asm_parse_punct(p, ASM_EQUAL) && asm_parse_operand(p, &tok) &&
         asm_parse_punct(p, ASM_COLON) && ct_parse_type(p, &tok_t);
  }
  if (ok && asm_parse_optional_keyword(p, "priority")) {
    const IrAttr *a = NULL;
    ok = asm_parse_punct(p, ASM_EQUAL) && parse_attr_fallback(p, "bytecode_test_priority", &a);
    if (ok) ir_op_state_add_prop(st, "priority", a);
  }
  if (ok && asm_parse_optional_keyword(p, "test_attr")) {
    const IrAttr *a = NULL;
    ok = asm_parse_punct(p, ASM_EQUAL) && parse_attr_fallback(p, "bytecode_test_value", &a);
    if (ok) ir_op_state_add_prop(st, "test_attr", a);
  }
  if (ok) ok = asm_parse_punct(p, ASM_ARROW) && ct_parse_type(p, &rt);
  if (ok) ok = asm_parse_optional_attr_dict(p, st);
  if (ok) {
    vec_push(&st->result_types, rt);
    ok = asm_resolve_operands(p, ins.data, ins.len, types.data, types.len, at, st);
  }
  if (ok && has_tok) ok = asm_resolve_operand(p, &tok, tok_t, st);
  if (ok) {
    int32_t seg[2] = {(int32_t)ins.len, has_tok ? 1 : 0};
    ir_op_state_add_prop(st, "operandSegmentSizes", ct_cached_segments(ctx, seg, 2));
  }
  vec_free(&ins);
  vec_free(&types);
  return ok;
}

void ct_print_bc_evolution(AsmPrinter *p, IrOp *op) {
  uint32_t is = 0, in = 0, ts = 0, tn = 0;
  ct_ods_segment_range(op, 0, 2, &is, &in);
  ct_ods_segment_range(op, 1, 2, &ts, &tn);
  asm_putc(p, '(');
  asm_print_operands(p, ir_op_operands(op) + is, in);
  asm_puts(p, " : ");
  /* type($inputs) is a plain type directive: long form (`!cuda_tile.tile<..>`)
   * even inside the cuda_tile default dialect. */
  StrBuf b = {0};
  for (uint32_t i = 0; i < in; i++) {
    if (i) sb_puts(&b, ", ");
    asm_print_type_str(&b, ir_op_operand(op, is + i)->type);
  }
  asm_puts(p, sb_cstr(&b));
  sb_free(&b);
  asm_putc(p, ')');
  const IrAttr *a = ir_op_attrz(op, "new_attr");
  if (a) asm_printf(p, " new_attr = %lld", (long long)ct_attr_int(a, 0));
  if (tn) {
    asm_puts(p, " token = ");
    asm_print_operand(p, ir_op_operand(op, ts));
    asm_puts(p, " : ");
    ct_print_type(p, ir_op_operand(op, ts)->type);
  }
  if ((a = ir_op_attrz(op, "priority"))) {
    asm_puts(p, " priority = ");
    ct_print_attr_stripped(p, a);
  }
  if ((a = ir_op_attrz(op, "test_attr"))) {
    asm_puts(p, " test_attr = ");
    ct_print_attr_stripped(p, a);
  }
  asm_puts(p, " -> ");
  ct_print_type(p, ir_op_result(op, 0)->type);
  static const char *const elided[] = {"new_attr", "priority", "test_attr",
                                       "operandSegmentSizes", NULL};
  ct_print_attr_dict(p, op, elided);
}

const CtOdsSpec ct_spec_testing_bytecode_test_evolution = {
    .segments = true,
    .attrs = {{"new_attr", ct_attr_is_i32, I32_ATTR, false}},
    .operands = {TILES, CT_ODS_OPT_TOKEN},
    .results = {CT_ODS_TOKEN},
};

bool ct_verify_bc_evolution(IrOp *op) { return ct_ods_verify_op(op, NULL); }
