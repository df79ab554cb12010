/* dialect.c — the cuda_tile IrDialect: its op table (ops.c), the mnemonic
 * dispatch for `!cuda_tile.<type>` and `#cuda_tile.<attr>`, and the
 * per-context dialect state. */
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/cuda_tile/ct_transforms.h"

/* ---- per-context state ------------------------------------------------------ */

CtDialectState *ct_dialect_state(IrContext *ctx) {
  return ir_ctx_zeroed_state(ctx, "cuda_tile", sizeof(CtDialectState));
}

static void ct_dialect_init(IrContext *ctx) { (void)ct_dialect_state(ctx); }

/* ---- attribute dispatch ------------------------------------------------------ */

static const CtEnumInfo *const mnemonic_enums[] = {
    &ct_enum_signedness, &ct_enum_overflow, &ct_enum_rounding,
    &ct_enum_comparison_ordering, &ct_enum_comparison_predicate, &ct_enum_padding_value,
    &ct_enum_symbol_visibility};

/* attr := enum-mnemonic `<` kw `>` | `optimization_hints` body
 *       | assume-predicate body | debug-info body */
const IrAttr *ct_parse_attr_mnemonic(AsmParser *p, Str m, const IrType *type) {
  (void)type;
  IrContext *ctx = asm_ctx(p);
  for (size_t i = 0; i < sizeof mnemonic_enums / sizeof mnemonic_enums[0]; i++)
    if (str_eqz(m, mnemonic_enums[i]->mnemonic)) {
      int v;
      return ct_parse_enum_body(p, mnemonic_enums[i], &v)
                 ? ct_enum_attr(ctx, mnemonic_enums[i], v)
                 : NULL;
    }
  const IrAttr *a = NULL;
  bool known = true;
  if (!ct_parse_enter(p)) return NULL;
  if (str_eqz(m, "optimization_hints")) {
    if (!ct_parse_opt_hints_body(p, &a)) a = NULL;
  } else if (str_eqz(m, "div_by")) {
    a = ct_parse_div_by_body(p);
  } else if (str_eqz(m, "same_elements")) {
    a = ct_parse_same_elements_body(p);
  } else if (str_eqz(m, "bounded")) {
    a = ct_parse_bounded_body(p);
  } else if (str_eqz(m, "di_file") || str_eqz(m, "di_compile_unit") ||
             str_eqz(m, "di_lexical_block") || str_eqz(m, "di_subprogram") ||
             str_eqz(m, "di_loc")) {
    a = ct_parse_di_body(p, m);
  } else {
    known = false;
  }
  ct_parse_leave(p);
  if (!known)
    asm_error(p, "unknown attribute `%.*s` in dialect `cuda_tile`", (int)m.n, m.s);
  return a;
}

static const IrType *parse_type_hook(AsmParser *p, Str mnemonic) {
  return ct_parse_type_mnemonic(p, mnemonic);
}

static const IrAttr *parse_attr_hook(AsmParser *p, Str mnemonic, const IrType *type) {
  return ct_parse_attr_mnemonic(p, mnemonic, type);
}

const IrDialect ct_dialect = {
    .name = "cuda_tile",
    .ops = ct_op_infos,
    .nops = CT_OP_COUNT,
    .parse_type = parse_type_hook,
    .parse_attr = parse_attr_hook,
    .init = ct_dialect_init,
    .fold = ct_fold_op,
    .canonicalize = ct_add_canonicalization_patterns,
    .populate_defaults = ct_populate_defaults,
};
