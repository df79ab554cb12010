/* ct_ops.h — the cuda_tile op table: row format of the X-macro .def files,
 * the op index enum, and accessors.  The rows live in family files
 * (ops_core.def: structure, control flow, constants, memory, views, tokens;
 * ops_compute.def: integer/float/math, conversions, shape, reduce/scan, mma),
 * all included into the single table `ct_op_infos` in ops.c.
 *
 * Row format:
 *   CT_OP(cname, "mnemonic", traits, min_operands, max_operands,
 *         min_results, max_results, num_regions, sig, parse, print,
 *         verify, spec, result_names, CT_BC(opcode, major, minor), "summary")
 *   - cname: C identifier; `ct_op(cname)` is the op's IrOpInfo*.
 *   - max_* = -1: variadic.  num_regions = -1: variadic.
 *   - sig: the op's ODS arguments (items below), e.g.
 *     (CTA_OPND("condition"), CTA_ATTR("message", STR)): the inherent
 *     attribute names (stored as properties, printed in `<{...}>` in generic
 *     form) and the op's bytecode encoding row (bc_optable.c) both come
 *     from it.
 *   - parse/print/verify/result_names: hook functions or NULL, declared in
 *     the family's header (ct_ops_core.h / ct_ops_compute.h).
 *   - spec: the CtOdsSpec (ct_ods.h) holding the op's ODS invariants
 *     (operand/result constraints, attributes, segments, regions), e.g.
 *     ct_spec_offset; the verify hook starts with ct_ods_verify_op, which
 *     runs the row's spec, and keeps only the op's own checks.  Rows may
 *     share a spec (yield/break/continue: ct_spec_terminator).
 *   - CT_BC(opcode, major, minor): the op's tileirbc opcode and the bytecode
 *     version that introduced it (ct_op_bc_opcode / ct_op_bc_since).
 *   Compute rows (ops_compute.def) use CT_OPC / CT_OPCX, whose format and
 *   spec columns replace the parse/print/verify hooks (see that file).
 * Everything the layers need about an op is on its row; the other tables
 * (formats, specs, bytecode arguments) are generated from it or keyed by
 * the op's index. */
#ifndef CTILE_CT_OPS_H
#define CTILE_CT_OPS_H

#include "ir/ir.h"

#define CT_ATTRS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* The `sig` column of every row (ops_core.def, ops_compute.def): the op's
 * ODS arguments in ODS order, a parenthesized list of items, each written
 * once:
 *   CTA_OPND("name")           an operand
 *   CTA_VAR("name")            a Variadic<> operand group
 *   CTA_ENUM("name", E)        an enum attribute (E: its bytecode enum,
 *                              BC_E_<E>, e.g. ROUNDING)
 *   CTA_UNIT("name")           an optional UnitAttr
 *   CTA_ATTR("name", K)        any other attribute (bytecode kind BC_A_<K>)
 *   CTA_OPT("name")            an Optional<> operand
 *   CTA_OPT_ENUM("name", E) / CTA_OPT_ATTR("name", K): an OptionalAttr
 *   CTA_SEGS                   AttrSizedOperandSegments (the inherent
 *                              "operandSegmentSizes"; not encoded)
 *   CTR_SINCE(major, minor)    the results' version, where not the op's
 *   CTA_DFLT(maker, item)      a DefaultValuedAttr: `item` with its default,
 *                              made by `maker` (defaults.c: one function per
 *                              default value)
 *   CTA_*_SINCE(..., major, minor): an argument added after the op (or, for
 *                              make_gather_scatter_view, older than it);
 *                              default: the op's CT_BC version
 * The IrOpInfo table takes the attribute names from it (CT_SIG_ATTRS: the
 * inherent attributes, in ODS order); lib/bytecode generates its encoding
 * row from it (bc_optable.c).  The CTA_* names are never macros: each layer
 * pastes its own prefix onto them (CT_MAP). */
#define CT_SIG_ATTRS(...) ((const char *const[]){CT_MAP(CT_SIG_ATTR, ~, __VA_ARGS__) NULL})
#define CT_SIG_ATTR(c, item) CT_SA_##item
#define CT_SA_ /* an empty signature */
#define CT_SA_CTA_OPND(n)
#define CT_SA_CTA_VAR(n)
#define CT_SA_CTA_ENUM(n, e) n,
#define CT_SA_CTA_ENUM_SINCE(n, e, major, minor) n,
#define CT_SA_CTA_UNIT(n) n,
#define CT_SA_CTA_UNIT_SINCE(n, major, minor) n,
#define CT_SA_CTA_ATTR(n, k) n,
#define CT_SA_CTA_OPT(n)
#define CT_SA_CTA_OPT_SINCE(n, major, minor)
#define CT_SA_CTA_OPND_SINCE(n, major, minor)
#define CT_SA_CTA_OPT_ENUM(n, e) n,
#define CT_SA_CTA_OPT_ATTR(n, k) n,
#define CT_SA_CTA_ATTR_SINCE(n, k, major, minor) n,
#define CT_SA_CTA_OPT_ATTR_SINCE(n, k, major, minor) n,
#define CT_SA_CTA_SEGS "operandSegmentSizes",
#define CT_SA_CTR_SINCE(major, minor)
#define CT_SA_CTA_DFLT(mk, item) CT_SA_##item

/* CT_MAP(f, ctx, items...): f(ctx, item) for each of up to 8 items; an empty
 * list gives one f(ctx, ) (the pasted prefix alone, defined by the user). */
#define CT_MAP(f, c, ...)                                                      \
  CT_MAP_PICK_(__VA_ARGS__, CT_MAP8_, CT_MAP7_, CT_MAP6_, CT_MAP5_, CT_MAP4_,  \
               CT_MAP3_, CT_MAP2_, CT_MAP1_, )(f, c, __VA_ARGS__)
#define CT_MAP_PICK_(_1, _2, _3, _4, _5, _6, _7, _8, n, ...) n
#define CT_MAP1_(f, c, x) f(c, x)
#define CT_MAP2_(f, c, x, ...) f(c, x) CT_MAP1_(f, c, __VA_ARGS__)
#define CT_MAP3_(f, c, x, ...) f(c, x) CT_MAP2_(f, c, __VA_ARGS__)
#define CT_MAP4_(f, c, x, ...) f(c, x) CT_MAP3_(f, c, __VA_ARGS__)
#define CT_MAP5_(f, c, x, ...) f(c, x) CT_MAP4_(f, c, __VA_ARGS__)
#define CT_MAP6_(f, c, x, ...) f(c, x) CT_MAP5_(f, c, __VA_ARGS__)
#define CT_MAP7_(f, c, x, ...) f(c, x) CT_MAP6_(f, c, __VA_ARGS__)
#define CT_MAP8_(f, c, x, ...) f(c, x) CT_MAP7_(f, c, __VA_ARGS__)

typedef enum CtOpIndex {
  CT_OP_module, /* row 0, defined in ops.c */
#define CT_OP(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, bc, sum) CT_OP_##c,
#include "dialect/cuda_tile/ops_core.def"
#include "dialect/cuda_tile/ops_compute.def"
#undef CT_OP
  CT_OP_COUNT
} CtOpIndex;

extern const IrOpInfo ct_op_infos[];
extern const size_t ct_num_op_infos;

/* The bytecode column of each row, CT_BC(opcode, major, minor): the op's
 * tileirbc opcode and the version that introduced it, packed in one word
 * (a comma-free expression, so it passes through the row macros as one
 * argument).  lib/bytecode keys its encoding table by op index and reads
 * these through the accessors. */
#define CT_BC_PACK(opcode, major, minor) \
  ((uint32_t)(opcode) << 16 | (uint32_t)(major) << 8 | (uint32_t)(minor))
extern const uint32_t ct_op_bytecode[];
static inline uint32_t ct_op_bc_opcode(CtOpIndex i) { return ct_op_bytecode[i] >> 16; }
/* major << 8 | minor */
static inline uint16_t ct_op_bc_since(CtOpIndex i) { return (uint16_t)(ct_op_bytecode[i] & 0xffff); }

#define ct_op(cname) (&ct_op_infos[CT_OP_##cname])
static inline bool ct_op_is(const IrOp *op, CtOpIndex i) {
  return op && op->info == &ct_op_infos[i];
}

/* Default-valued properties (defaults.c): the IrDialect.populate_defaults
 * hook, and whether the table has any default for `op` (every such row
 * carries IR_TRAIT_DEFAULT_PROPS). */
void ct_populate_defaults(IrOpState *st);
bool ct_op_has_defaults(CtOpIndex op);

#endif
