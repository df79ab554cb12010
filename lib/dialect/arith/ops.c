/* ops.c — the arith dialect object: its op rows (ops.def), the
 * #arith.overflow / #arith.fastmath attributes, enum names, the default
 * properties hook shared with math, accessors and builders (arith.h). */
#include "dialect/arith/std_const.h"

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

/* ---- enum names ----------------------------------------------------------------- */

static const char *const cmpi_names[] = {
#define X(e, s) s,
    ARITH_CMPI_PREDICATES(X)
#undef X
};
static const char *const cmpf_names[] = {
#define X(e, s) s,
    ARITH_CMPF_PREDICATES(X)
#undef X
};
static const char *const rounding_names[] = {
#define X(e, s) s,
    ARITH_ROUNDING_MODES(X)
#undef X
};

const char *arith_cmpi_name(ArithCmpIPredicate p) {
  return (unsigned)p < ARITH_CMPI_COUNT ? cmpi_names[p] : NULL;
}
const char *arith_cmpf_name(ArithCmpFPredicate p) {
  return (unsigned)p < ARITH_CMPF_COUNT ? cmpf_names[p] : NULL;
}
const char *arith_rounding_name(ArithRoundingMode m) {
  return (unsigned)m < ARITH_RND_COUNT ? rounding_names[m] : NULL;
}

/* ---- #arith.overflow / #arith.fastmath ------------------------------------------- */

/* `<nsw, nuw>` / `<none>`: the cases in declaration order, ", "-separated. */
static void print_overflow(AsmPrinter *p, const IrAttr *a) {
  unsigned v = (unsigned)a->ints[0];
  asm_puts(p, "overflow<");
  if (!v) asm_puts(p, "none");
  else if (v == (ARITH_OVF_NSW | ARITH_OVF_NUW)) asm_puts(p, "nsw, nuw");
  else asm_puts(p, v & ARITH_OVF_NSW ? "nsw" : "nuw");
  asm_puts(p, ">");
}

static const char *const fm_names[] = {"reassoc", "nnan", "ninf", "nsz", "arcp", "contract",
                                       "afn"};

/* `<fast>` when every bit is set, else the set cases ","-separated (MLIR's
 * stringifyFastMathFlags), `<none>` for none. */
static void print_fastmath(AsmPrinter *p, const IrAttr *a) {
  unsigned v = (unsigned)a->ints[0];
  asm_puts(p, "fastmath<");
  if (!v) asm_puts(p, "none");
  else if ((v & ARITH_FM_FAST) == ARITH_FM_FAST) asm_puts(p, "fast");
  else {
    bool first = true;
    for (unsigned i = 0; i < 7; i++)
      if (v & (1u << i)) {
        if (!first) asm_puts(p, ",");
        asm_puts(p, fm_names[i]);
        first = false;
      }
  }
  asm_puts(p, ">");
}

const IrAttrDef arith_overflow_attr_def = {.name = "overflow", .dialect = "arith",
                                           .print = print_overflow};
const IrAttrDef arith_fastmath_attr_def = {.name = "fastmath", .dialect = "arith",
                                           .print = print_fastmath};

static const IrAttr *bits_attr(IrContext *ctx, const IrAttrDef *def, unsigned bits) {
  int64_t v = bits;
  return ir_attr_unique(ctx, &(IrAttr){.def = def, .nints = 1, .ints = &v});
}
const IrAttr *arith_overflow_attr(IrContext *ctx, unsigned bits) {
  return bits_attr(ctx, &arith_overflow_attr_def, bits & 3);
}
const IrAttr *arith_fastmath_attr(IrContext *ctx, unsigned bits) {
  return bits_attr(ctx, &arith_fastmath_attr_def, bits & ARITH_FM_FAST);
}
const IrAttr *arith_predicate_attr(IrContext *ctx, int pred) {
  return ir_integer_attr(ctx, ir_integer_type(ctx, 64, IR_SIGNLESS), pred);
}
const IrAttr *arith_rounding_attr(IrContext *ctx, ArithRoundingMode m) {
  return ir_integer_attr(ctx, ir_integer_type(ctx, 32, IR_SIGNLESS), m);
}

/* Bit-enum body: `<` kw (`,` kw)* `>`; `none` is 0.  An unknown keyword
 * gets MLIR's two errors: the enum's, then the attribute parameter's. */
static bool parse_bits_body(AsmParser *p, const char *const *names, const unsigned *values,
                            size_t n, const char *enum_name, const char *attr_name,
                            unsigned *bits) {
  *bits = 0;
  if (!asm_parse_punct(p, ASM_LESS)) return false;
  do {
    AsmLoc l = asm_cur_loc(p);
    Str kw;
    if (!asm_parse_keyword_any(p, &kw)) return false;
    size_t i = 0;
    while (i < n && !str_eqz(kw, names[i])) i++;
    if (i == n) {
      StrBuf b = {0};
      for (size_t k = 0; k < n; k++) {
        if (k) sb_puts(&b, ", ");
        sb_puts(&b, names[k]);
      }
      asm_error_at(p, l, "expected %s to be one of: %s", enum_name, b.s);
      sb_free(&b);
      return asm_error(p, "failed to parse %s parameter 'value' which is to be a `%s`", attr_name,
                       enum_name);
    }
    *bits |= values[i];
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return asm_parse_punct(p, ASM_GREATER);
}

bool std_parse_overflow_body(AsmParser *p, unsigned *bits) {
  static const char *const names[] = {"none", "nsw", "nuw"};
  static const unsigned values[] = {0, ARITH_OVF_NSW, ARITH_OVF_NUW};
  return parse_bits_body(p, names, values, 3, "::mlir::arith::IntegerOverflowFlags",
                         "Arith_IntegerOverflowAttr", bits);
}

bool std_parse_fastmath_body(AsmParser *p, unsigned *bits) {
  static const char *const names[] = {"none", "reassoc", "nnan", "ninf", "nsz",
                                      "arcp", "contract", "afn", "fast"};
  static const unsigned values[] = {0, 1, 2, 4, 8, 16, 32, 64, ARITH_FM_FAST};
  return parse_bits_body(p, names, values, 9, "::mlir::arith::FastMathFlags",
                         "Arith_FastMathAttr", bits);
}

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

/* ---- default properties ------------------------------------------------------------ */

static bool state_has(IrOpState *st, const char *name) {
  const IrIdent *id = ir_identz(st->ctx, name);
  return ir_dict_get(st->props_dict, id) || ir_op_state_get_attr(st, name);
}

/* overflowFlags = #arith.overflow<none> and fastmath = #arith.fastmath<none>
 * (DefaultValuedAttr) for the rows whose format has them. */
void std_populate_defaults(IrOpState *st) {
  const StdOpDesc *d = std_desc(st->info);
  if (!d) return;
  if ((d->flags & STD_F_OVF) && !state_has(st, "overflowFlags"))
    ir_op_state_add_prop(st, "overflowFlags", arith_overflow_attr(st->ctx, 0));
  /* extf / truncf: fastmath is an OptionalAttr there, no default */
  if ((d->flags & STD_F_FM) && d->kind != STD_K_CAST && !state_has(st, "fastmath"))
    ir_op_state_add_prop(st, "fastmath", arith_fastmath_attr(st->ctx, 0));
}


const IrDialect arith_dialect = {
    .name = "arith",
    .ops = arith_op_infos,
    .nops = ARITH_OP_COUNT,
    .parse_attr = arith_parse_attr,
    .fold = arith_fold_op,
    .canonicalize = arith_add_canonicalization_patterns,
    .populate_defaults = std_populate_defaults,
};

/* ---- accessors ---------------------------------------------------------------------- */

unsigned arith_op_overflow(const IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "overflowFlags");
  return ir_attr_is(a, &arith_overflow_attr_def) ? (unsigned)a->ints[0] : 0;
}
unsigned arith_op_fastmath(const IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "fastmath");
  return ir_attr_is(a, &arith_fastmath_attr_def) ? (unsigned)a->ints[0] : 0;
}
int arith_op_predicate(const IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "predicate");
  return ir_attr_is(a, &ir_integer_attr_def) ? (int)a->ints[0] : -1;
}
int arith_op_rounding(const IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "roundingmode");
  return ir_attr_is(a, &ir_integer_attr_def) ? (int)a->ints[0] : -1;
}
bool arith_op_is_exact(const IrOp *op) { return ir_op_attrz(op, "isExact") != NULL; }

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
