/* attrs_enum.c — the enums of NVIDIA's AttrDefs.td as closed sets: their
 * case tables, the #cuda_tile.<mnemonic><kw> attributes (EnumAttr kinds),
 * the builtin-i32 storage of the I32EnumAttr kinds, and every syntax form in
 * which ops spell them (bare keywords, `rounding<kw>`, memory ordering and
 * scope, symbol visibility), each with NVIDIA's exact error text. */
#include "dialect/cuda_tile/ct_types.h"

/* ---- case tables ---------------------------------------------------------- */

static const char *const signedness_cases[] = {"unsigned", "signed"};
static const char *const overflow_cases[] = {"none", "no_signed_wrap", "no_unsigned_wrap",
                                             "no_wrap"};
static const char *const rounding_cases[] = {"nearest_even", "zero", "negative_inf",
                                             "positive_inf", "approx", "full",
                                             "nearest_int_to_zero"};
static const char *const ordering_cases[] = {"unordered", "ordered"};
static const char *const predicate_cases[] = {"equal", "not_equal", "less_than",
                                              "less_than_or_equal", "greater_than",
                                              "greater_than_or_equal"};
static const char *const padding_cases[] = {"zero", "neg_zero", "nan", "pos_inf", "neg_inf"};
static const char *const visibility_cases[] = {"public", "private"};
static const char *const rmw_cases[] = {"and", "or", "xor", "add", "addf",
                                        "max", "min", "umax", "umin", "xchg"};
static const char *const scope_cases[] = {"tl_blk", "device", "sys"};
static const char *const memory_cases[] = {"weak", "relaxed", "acquire", "release",
                                           "acq_rel"};

#define NCASES(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* `<mnemonic><kw>` */
static void print_enum_attr(AsmPrinter *p, const IrAttr *a) {
  const CtEnumInfo *e = ct_enum_of_attr(a);
  asm_puts(p, e->mnemonic);
  ct_print_enum_body(p, e, (int)a->ints[0]);
}

#define ENUM_DEF(c, m) \
  static const IrAttrDef c##_def = {.name = m, .dialect = "cuda_tile", .print = print_enum_attr};
ENUM_DEF(signedness, "signedness")
ENUM_DEF(overflow, "overflow")
ENUM_DEF(rounding, "rounding")
ENUM_DEF(comparison_ordering, "comparison_ordering")
ENUM_DEF(comparison_predicate, "comparison_predicate")
ENUM_DEF(padding_value, "padding_value")
ENUM_DEF(symbol_visibility, "symbol_visibility")
#undef ENUM_DEF

const CtEnumInfo ct_enum_signedness = {
    "signedness", "::mlir::cuda_tile::Signedness", "CudaTile_SignednessAttr", "signedness",
    signedness_cases, NCASES(signedness_cases), &signedness_def};
const CtEnumInfo ct_enum_overflow = {
    "overflow", "::mlir::cuda_tile::IntegerOverflow", "CudaTile_IntegerOverflowAttr",
    "integer overflow", overflow_cases, NCASES(overflow_cases), &overflow_def};
const CtEnumInfo ct_enum_rounding = {
    "rounding", "::mlir::cuda_tile::RoundingMode", "CudaTile_RoundingModeAttr",
    "rounding mode", rounding_cases, NCASES(rounding_cases), &rounding_def};
const CtEnumInfo ct_enum_comparison_ordering = {
    "comparison_ordering", "::mlir::cuda_tile::ComparisonOrdering",
    "CudaTile_ComparisonOrderingAttr", "comparison_ordering", ordering_cases,
    NCASES(ordering_cases), &comparison_ordering_def};
const CtEnumInfo ct_enum_comparison_predicate = {
    "comparison_predicate", "::mlir::cuda_tile::ComparisonPredicate",
    "CudaTile_ComparisonPredicateAttr", "cmp_predicate", predicate_cases,
    NCASES(predicate_cases), &comparison_predicate_def};
const CtEnumInfo ct_enum_padding_value = {
    "padding_value", "::mlir::cuda_tile::PaddingValue", "CudaTile_PaddingValueAttr",
    "load padding value for out of bound access", padding_cases, NCASES(padding_cases),
    &padding_value_def};
const CtEnumInfo ct_enum_symbol_visibility = {
    "symbol_visibility", "::mlir::cuda_tile::SymbolVisibility",
    "CudaTile_SymbolVisibilityAttr", "symbol visibility", visibility_cases,
    NCASES(visibility_cases), &symbol_visibility_def};
const CtEnumInfo ct_enum_atomic_rmw_mode = {
    NULL, "::mlir::cuda_tile::AtomicRMWMode", "CudaTile_AtomicRMWModeAttr",
    "allowed 32-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9", rmw_cases,
    NCASES(rmw_cases), NULL};
const CtEnumInfo ct_enum_memory_scope = {
    NULL, "::mlir::cuda_tile::MemoryScope", "CudaTile_MemoryScopeAttr", "memory scope",
    scope_cases, NCASES(scope_cases), NULL};
const CtEnumInfo ct_enum_memory_ordering_semantics = {
    NULL, "::mlir::cuda_tile::MemoryOrderingSemantics",
    "CudaTile_MemoryOrderingSemanticsAttr", "memory ordering semantics", memory_cases,
    NCASES(memory_cases), NULL};

static const CtEnumInfo *const attr_enums[] = {
    &ct_enum_signedness, &ct_enum_overflow, &ct_enum_rounding,
    &ct_enum_comparison_ordering, &ct_enum_comparison_predicate, &ct_enum_padding_value,
    &ct_enum_symbol_visibility};

/* ---- attributes and lookups ---------------------------------------------- */

const IrAttr *ct_enum_attr(IrContext *ctx, const CtEnumInfo *e, int v) {
  if (v < 0 || v >= e->ncases) return NULL;
  if (!e->def) return ir_integer_attr(ctx, ir_integer_type(ctx, 32, IR_SIGNLESS), v);
  int64_t x = v;
  return ir_attr_unique(ctx, &(IrAttr){.def = e->def, .nints = 1, .ints = &x});
}

int ct_enum_value(const IrAttr *a, const CtEnumInfo *e) {
  if (!a) return -1;
  int64_t v;
  if (e->def) {
    if (a->def != e->def || a->nints != 1) return -1;
    v = a->ints[0];
  } else {
    if (a->def != &ir_integer_attr_def || !ir_type_is_int_width(a->type, 32) ||
        a->type->flags != IR_SIGNLESS)
      return -1;
    v = a->ints[0];
  }
  return v >= 0 && v < e->ncases ? (int)v : -1;
}

const CtEnumInfo *ct_enum_of_attr(const IrAttr *a) {
  if (!a) return NULL;
  for (size_t i = 0; i < sizeof attr_enums / sizeof attr_enums[0]; i++)
    if (a->def == attr_enums[i]->def) return attr_enums[i];
  return NULL;
}

const char *ct_enum_keyword(const CtEnumInfo *e, int v) {
  return v >= 0 && v < e->ncases ? e->cases[v] : NULL;
}

int ct_enum_lookup(const CtEnumInfo *e, Str kw) {
  for (int i = 0; i < e->ncases; i++)
    if (str_eqz(kw, e->cases[i])) return i;
  return -1;
}

/* ---- attribute body `<kw>` ------------------------------------------------ */

/* enum-body := `<` keyword `>` — ODS's generated parser for `<` $value `>`. */
bool ct_parse_enum_body(AsmParser *p, const CtEnumInfo *e, int *out) {
  if (!asm_parse_punct(p, ASM_LESS)) return false;
  AsmLoc l = asm_cur_loc(p);
  Str kw;
  int v = -1;
  if (!ct_parse_optional_word(p, &kw)) {
    asm_error_at(p, l, "expected valid keyword");
  } else if ((v = ct_enum_lookup(e, kw)) < 0) {
    StrBuf b = {0};
    for (int i = 0; i < e->ncases; i++) {
      if (i) sb_puts(&b, ", ");
      sb_puts(&b, e->cases[i]);
    }
    asm_error_at(p, l, "expected %s to be one of: %s", e->cpp_name, sb_cstr(&b));
    sb_free(&b);
  }
  if (v < 0)
    return asm_error(p, "failed to parse %s parameter 'value' which is to be a `%s`",
                     e->ods_name, e->cpp_name);
  if (!asm_parse_punct(p, ASM_GREATER)) return false;
  *out = v;
  return true;
}

void ct_print_enum_body(AsmPrinter *p, const CtEnumInfo *e, int v) {
  asm_putc(p, '<');
  asm_puts(p, ct_enum_keyword(e, v) ? ct_enum_keyword(e, v) : "?");
  asm_putc(p, '>');
}

void ct_print_enum_keyword(AsmPrinter *p, const CtEnumInfo *e, int v) {
  const char *k = ct_enum_keyword(e, v);
  asm_puts(p, k ? k : "?");
}

/* ---- custom<...> keyword directives --------------------------------------- */

/* keyword naming a case of e; `msg` on any failure (after MLIR's own
 * "expected valid keyword" when there is no keyword at all). */
static bool parse_kw_case(AsmParser *p, const CtEnumInfo *e, const char *msg, int *out) {
  AsmLoc l = asm_cur_loc(p);
  Str kw;
  if (!ct_parse_optional_word(p, &kw)) {
    asm_error_at(p, l, "expected valid keyword");
    return asm_error_at(p, l, "%s", msg);
  }
  int v = ct_enum_lookup(e, kw);
  if (v < 0) return asm_error_at(p, l, "%s", msg);
  *out = v;
  return true;
}

bool ct_parse_signedness_kw(AsmParser *p, int *out) {
  return parse_kw_case(p, &ct_enum_signedness,
                       "expected signedness to be one of: {'signed', 'unsigned'}", out);
}

bool ct_parse_comparison_predicate_kw(AsmParser *p, int *out) {
  return parse_kw_case(p, &ct_enum_comparison_predicate,
                       "expected 'comparison_predicate' to be one of: {'equal', "
                       "'not_equal', 'less_than', 'less_than_or_equal', 'greater_than', "
                       "'greater_than_or_equal'}",
                       out);
}

bool ct_parse_comparison_ordering_kw(AsmParser *p, int *out) {
  return parse_kw_case(p, &ct_enum_comparison_ordering,
                       "expected 'comparison_ordering' to be one of: {'ordered', "
                       "'unordered'}",
                       out);
}

/* ---- rounding modes -------------------------------------------------------- */

typedef struct RoundingSyntax {
  int dflt;
  const char *allowed;   /* as listed in the error message */
  bool with_got;         /* message ends with ", got: 'x'" */
  bool validate;         /* only the listed modes are accepted */
} RoundingSyntax;

static const RoundingSyntax rounding_syntax[] = {
    [CT_RSYN_DIVF] = {CT_ROUNDING_NEAREST_EVEN,
                      "'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', "
                      "'full'",
                      false, false},
    [CT_RSYN_SQRT] = {CT_ROUNDING_NEAREST_EVEN,
                      "'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx'",
                      false, false},
    [CT_RSYN_TANH] = {CT_ROUNDING_FULL, "'approx', 'full'", false, false},
    [CT_RSYN_EXP] = {CT_ROUNDING_FULL, "'approx', 'full'", false, false},
    [CT_RSYN_IEEE] = {CT_ROUNDING_NEAREST_EVEN,
                      "'nearest_even', 'zero', 'negative_inf', 'positive_inf'", true, true},
    [CT_RSYN_INTEGER] = {CT_ROUNDING_NEAREST_INT_TO_ZERO, "'nearest_int_to_zero'", true,
                         true},
};

int ct_rounding_default(CtRoundingSyntax s) { return rounding_syntax[s].dflt; }

static bool rounding_allowed(CtRoundingSyntax s, int v) {
  if (s == CT_RSYN_IEEE)
    return v == CT_ROUNDING_NEAREST_EVEN || v == CT_ROUNDING_ZERO ||
           v == CT_ROUNDING_NEGATIVE_INF || v == CT_ROUNDING_POSITIVE_INF;
  if (s == CT_RSYN_INTEGER) return v == CT_ROUNDING_NEAREST_INT_TO_ZERO;
  return true;
}

/* rounding := (`rounding` `<` keyword `>`)? */
bool ct_parse_rounding(AsmParser *p, CtRoundingSyntax s, int *out) {
  const RoundingSyntax *rs = &rounding_syntax[s];
  if (!asm_parse_optional_keyword(p, "rounding")) {
    *out = rs->dflt;
    return true;
  }
  Str kw;
  AsmLoc l;
  if (!asm_parse_punct(p, ASM_LESS)) return false;
  l = asm_cur_loc(p);
  if (!ct_parse_optional_word(p, &kw)) return asm_error_at(p, l, "expected valid keyword");
  if (!asm_parse_punct(p, ASM_GREATER)) return false;
  int v = ct_enum_lookup(&ct_enum_rounding, kw);
  if (v < 0 || (rs->validate && !rounding_allowed(s, v))) {
    if (rs->with_got)
      return asm_error(p, "expected rounding mode to be one of: %s, got: '%.*s'", rs->allowed,
                       (int)kw.n, kw.s);
    return asm_error(p, "expected rounding mode to be one of: %s", rs->allowed);
  }
  *out = v;
  return true;
}

void ct_print_rounding(AsmPrinter *p, CtRoundingSyntax s, int v) {
  if (v == rounding_syntax[s].dflt) return;
  asm_puts(p, "rounding");
  ct_print_enum_body(p, &ct_enum_rounding, v);
}

/* ---- memory ordering / scope ----------------------------------------------- */

/* memory-attrs := ordering-keyword scope-keyword? */
bool ct_parse_memory_attrs(AsmParser *p, int *ordering, int *scope) {
  AsmLoc l = asm_cur_loc(p);
  Str kw = {"", 0};
  if (!ct_parse_optional_word(p, &kw)) asm_error_at(p, l, "expected valid keyword");
  int o = ct_enum_lookup(&ct_enum_memory_ordering_semantics, kw);
  if (o < 0)
    return asm_error_at(p, l, "invalid memory_ordering_semantics attribute specification. "
                              "Got \"%.*s\" but expect one of: weak, relaxed, acquire, "
                              "release, acq_rel",
                        (int)kw.n, kw.s);
  *ordering = o;
  *scope = -1;
  l = asm_cur_loc(p);
  if (ct_parse_optional_word(p, &kw)) {
    if (o == CT_MEM_WEAK)
      return asm_error_at(p, l, "operation specifies weak memory ordering semantics, but "
                                "then provides \"%.*s\" scope, expected no memory scope.",
                          (int)kw.n, kw.s);
    int s = ct_enum_lookup(&ct_enum_memory_scope, kw);
    if (s < 0)
      return asm_error_at(p, l, "invalid memory_scope attribute specification. Got \"%.*s\" "
                                "but expect one of: tl_blk, device, sys",
                          (int)kw.n, kw.s);
    *scope = s;
  }
  return true;
}

void ct_print_memory_attrs(AsmPrinter *p, int ordering, int scope) {
  asm_putc(p, ' ');
  ct_print_enum_keyword(p, &ct_enum_memory_ordering_semantics, ordering);
  if (scope >= 0) {
    asm_putc(p, ' ');
    ct_print_enum_keyword(p, &ct_enum_memory_scope, scope);
  }
}

/* ---- symbol visibility ------------------------------------------------------ */

void ct_parse_symbol_visibility(AsmParser *p, int *out) {
  if (asm_parse_optional_keyword(p, "private")) *out = CT_VISIBILITY_PRIVATE;
  else {
    (void)asm_parse_optional_keyword(p, "public");
    *out = CT_VISIBILITY_PUBLIC;
  }
}

void ct_print_symbol_visibility(AsmPrinter *p, int v) {
  if (v == CT_VISIBILITY_PRIVATE) asm_puts(p, "private ");
}

/* ---- I32EnumAttr in a declarative format ----------------------------------- */

/* "expected string or keyword ..." at l, listing e's cases. */
static bool enum_keyword_expected(AsmParser *p, AsmLoc l, const CtEnumInfo *e,
                                  const char *attr_name) {
  StrBuf b = {0};
  for (int i = 0; i < e->ncases; i++) {
    if (i) sb_puts(&b, ", ");
    sb_puts(&b, e->cases[i]);
  }
  asm_error_at(p, l, "expected string or keyword containing one of the following enum "
                     "values for attribute '%s' [%s]",
               attr_name, sb_cstr(&b));
  sb_free(&b);
  return false;
}

/* enum-keyword := case-keyword | string-literal
 * A keyword is looked up from the lexed token once (not compared with each
 * case in turn); a word that is no case is reported as before, as neither a
 * case nor a string. */
bool ct_parse_enum_keyword_attr(AsmParser *p, const CtEnumInfo *e, const char *attr_name,
                                int *out) {
  AsmLoc l = asm_cur_loc(p);
  Str kw;
  if (asm_parse_optional_keyword_any(p, &kw)) {
    int v = ct_enum_lookup(e, kw);
    if (v < 0) return enum_keyword_expected(p, l, e, attr_name);
    *out = v;
    return true;
  }
  char *s = NULL;
  size_t n = 0;
  bool present = false;
  if (!asm_parse_optional_string(p, &s, &n, &present)) return false;
  if (!present) return enum_keyword_expected(p, l, e, attr_name);
  int v = ct_enum_lookup(e, str_make(s, n));
  if (v < 0) asm_error_at(p, l, "invalid %s attribute specification: \"%.*s\"", attr_name,
                          (int)n, s);
  free(s);
  if (v < 0) return false;
  *out = v;
  return true;
}
