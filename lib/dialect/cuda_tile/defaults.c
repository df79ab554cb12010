/* defaults.c — the default values of the cuda_tile ops' DefaultValuedAttr
 * arguments (NVIDIA's Ops.td / TestingOps.td), and the dialect hook that
 * adds them to an op being created, as MLIR's populateDefaultProperties does:
 * an op parsed from the generic form without `<{overflow = ...}>`, or built
 * by a rewrite, gets the same properties as one parsed from the custom form
 * (whose parsers fill these defaults in themselves).
 *
 * ir_op_create calls the hook only for rows with IR_TRAIT_DEFAULT_PROPS;
 * every op listed here must have that trait in ops_core.def /
 * ops_compute.def (a unit test checks the two agree). */
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_types.h"

#include <stdlib.h>
#include <string.h>

/* ---- default value makers ------------------------------------------------------ */

static const IrAttr *overflow_none(IrContext *ctx) {
  return ct_enum_attr(ctx, &ct_enum_overflow, CT_OVERFLOW_NONE);
}
static const IrAttr *rounding_zero(IrContext *ctx) {
  return ct_enum_attr(ctx, &ct_enum_rounding, CT_ROUNDING_ZERO);
}
static const IrAttr *rounding_full(IrContext *ctx) {
  return ct_enum_attr(ctx, &ct_enum_rounding, CT_ROUNDING_FULL);
}
static const IrAttr *rounding_nearest_even(IrContext *ctx) {
  return ct_enum_attr(ctx, &ct_enum_rounding, CT_ROUNDING_NEAREST_EVEN);
}
static const IrAttr *visibility_public(IrContext *ctx) {
  return ct_enum_attr(ctx, &ct_enum_symbol_visibility, CT_VISIBILITY_PUBLIC);
}
static const IrAttr *i64_zero(IrContext *ctx) {
  return ir_integer_attr(ctx, ir_integer_type(ctx, 64, IR_SIGNLESS), 0);
}
static const IrAttr *i32_42(IrContext *ctx) {
  return ir_integer_attr(ctx, ir_integer_type(ctx, 32, IR_SIGNLESS), 42);
}

/* ---- the table ------------------------------------------------------------------ */

/* One DefaultValuedAttr: the op's row, the property name, its default. */
typedef struct CtDefault {
  CtOpIndex op;
  const char *name;
  const IrAttr *(*make)(IrContext *ctx);
} CtDefault;

/* Generated from the CTA_DFLT items of the rows' `sig` column (ct_ops.h),
 * where each default is written once, next to its attribute; in row order
 * (an op's defaults in its ODS argument order).  The version each was
 * introduced in is the bytecode table's business, not this one's. */
#define CT_DF(c, item) CT_DF_ITEM_(c, CT_DF_##item)
#define CT_DF_ITEM_(c, ...) CT_DF_ITEM__(c, __VA_ARGS__)
#define CT_DF_ITEM__(c, emit, mk, name) emit(c, mk, name)
#define CT_DF_EMIT_(c, mk, name) {CT_OP_##c, name, mk},
#define CT_DF_SKIP_(c, mk, name)
#define CT_DF_CTA_DFLT(mk, item) CT_DF_EMIT_, mk, CT_DFN_##item
#define CT_DFN_CTA_ENUM(n, e) n
#define CT_DFN_CTA_ENUM_SINCE(n, e, major, minor) n
#define CT_DFN_CTA_ATTR(n, k) n
#define CT_DFN_CTA_ATTR_SINCE(n, k, major, minor) n
#define CT_DF_ CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_OPND(n) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_VAR(n) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_OPT(n) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_OPT_SINCE(n, major, minor) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_OPND_SINCE(n, major, minor) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_ENUM(n, e) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_ENUM_SINCE(n, e, major, minor) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_UNIT(n) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_UNIT_SINCE(n, major, minor) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_ATTR(n, k) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_ATTR_SINCE(n, k, major, minor) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_OPT_ENUM(n, e) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_OPT_ATTR(n, k) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_OPT_ATTR_SINCE(n, k, major, minor) CT_DF_SKIP_, 0, 0
#define CT_DF_CTA_SEGS CT_DF_SKIP_, 0, 0
#define CT_DF_CTR_SINCE(major, minor) CT_DF_SKIP_, 0, 0
#define CT_DF_UNPAREN_(...) __VA_ARGS__
#define CT_DF_ROW(c, ...) CT_MAP(CT_DF, c, __VA_ARGS__)
#define CT_OP(c, m, tr, a, b, rc, rd, nr, sig, pa, pr, ve, sp, nm, bc, sum) \
  CT_DF_ROW(c, CT_DF_UNPAREN_ sig)
#define CT_OPX(c, m, tr, a, b, rc, rd, nr, sig, pa, pr, ve, sp, nm, par, dd, ban, vr, bc, sum) \
  CT_DF_ROW(c, CT_DF_UNPAREN_ sig)
static const CtDefault ct_defaults[] = {
#include "dialect/cuda_tile/ops_core.def"
#include "dialect/cuda_tile/ops_compute.def"
};
#undef CT_OPX
#undef CT_OP

enum { CT_NDEFAULTS = sizeof ct_defaults / sizeof ct_defaults[0] };

/* Per-context cache of the table's interned names and default attributes
 * (dialect state "cuda_tile.defaults", made on first use): the hook then
 * compares names by pointer and adds a default without hashing anything. */
typedef struct CtDefaultsCache {
  const IrIdent *names[CT_NDEFAULTS];
  const IrAttr *values[CT_NDEFAULTS];
} CtDefaultsCache;

static const char ct_defaults_key[] = "cuda_tile.defaults";

static const CtDefaultsCache *defaults_cache(IrContext *ctx) {
  CtDefaultsCache *c = ir_ctx_dialect_state(ctx, ct_defaults_key);
  if (c) return c;
  c = xcalloc(1, sizeof *c);
  for (size_t i = 0; i < CT_NDEFAULTS; i++) {
    c->names[i] = ir_identz(ctx, ct_defaults[i].name);
    c->values[i] = ct_defaults[i].make(ctx);
  }
  ir_ctx_set_dialect_state(ctx, ct_defaults_key, c, free);
  return c;
}

const IrAttr *ct_op_default_attr(IrContext *ctx, CtOpIndex op, const char *name) {
  for (size_t i = 0; i < CT_NDEFAULTS; i++)
    if (ct_defaults[i].op == op && !strcmp(ct_defaults[i].name, name))
      return defaults_cache(ctx)->values[i];
  return NULL;
}

/* True when `list` (the state's properties or attributes) has `name`. */
static bool list_has(const IrNamedAttrVec *list, const IrIdent *name) {
  for (size_t i = 0; i < list->len; i++)
    if (list->data[i].name == name) return true;
  return false;
}

/* The IrDialect.populate_defaults hook: adds, as a property, each default
 * of st's op that is in neither its properties (st->props_dict, st->props)
 * nor its attributes (an inherent attribute given in the generic `{...}`
 * dictionary moves to the properties in ir_op_create, and keeps its value). */
void ct_populate_defaults(IrOpState *st) {
  if (st->info < ct_op_infos || st->info >= ct_op_infos + CT_OP_COUNT) return;
  CtOpIndex op = (CtOpIndex)(st->info - ct_op_infos);
  const CtDefaultsCache *c = NULL;
  for (size_t i = 0; i < CT_NDEFAULTS; i++) {
    if (ct_defaults[i].op != op) continue;
    if (!c) c = defaults_cache(st->ctx);
    if (ir_dict_get(st->props_dict, c->names[i]) || list_has(&st->props, c->names[i]) ||
        list_has(&st->attrs, c->names[i]))
      continue;
    vec_push(&st->props, ((IrNamedAttr){c->names[i], c->values[i]}));
  }
}

/* Whether the table lists a default for `op` (for the unit test that ties the
 * table to the rows' IR_TRAIT_DEFAULT_PROPS). */
bool ct_op_has_defaults(CtOpIndex op) {
  for (size_t i = 0; i < CT_NDEFAULTS; i++)
    if (ct_defaults[i].op == op) return true;
  return false;
}
