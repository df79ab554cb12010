/* ct_ops.h — the cuda_tile op table: row format of the X-macro .def files,
 * the op index enum, and accessors.  The rows live in family files
 * (ops_core.def: structure, control flow, constants, memory, views, tokens;
 * ops_compute.def: integer/float/math, conversions, shape, reduce/scan, mma),
 * all included into the single table `ct_op_infos` in ops.c.
 *
 * Row format:
 *   CT_OP(cname, "mnemonic", traits, min_operands, max_operands,
 *         min_results, max_results, num_regions, inherent, parse, print,
 *         verify, result_names, CT_BC(opcode, major, minor), "summary")
 *   - cname: C identifier; `ct_op(cname)` is the op's IrOpInfo*.
 *   - max_* = -1: variadic.  num_regions = -1: variadic.
 *   - inherent: CT_ATTRS("a", "b") or CT_NO_ATTRS — inherent attribute
 *     names (stored as properties, printed in `<{...}>` in generic form).
 *   - parse/print/verify/result_names: hook functions or NULL, declared in
 *     the family's header (ct_ops_core.h / ct_ops_compute.h).
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
#define CT_NO_ATTRS NULL

typedef enum CtOpIndex {
  CT_OP_module, /* row 0, defined in ops.c */
#define CT_OP(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, nm, bc, sum) CT_OP_##c,
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
