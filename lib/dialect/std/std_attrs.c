/* std_attrs.c — the enums and attributes arith and math share (std.h):
 * predicate and rounding-mode names, #arith.overflow / #arith.fastmath
 * (printers, makers, the bodies the custom forms and arith's attribute
 * parser read), the default-properties hook of both dialects and the
 * attribute accessors. */
#include "dialect/std/std_ops.h"

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
