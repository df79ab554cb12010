/* ops.c — builds the cuda_tile op table from the family .def files. */
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_ops_core.h"
#include "dialect/cuda_tile/ct_ops_compute.h"

const IrOpInfo ct_op_infos[] = {
    /* The module: ops and types inside it may omit the "cuda_tile." prefix. */
    {.name = "cuda_tile.module",
     .traits = IR_TRAIT_ISOLATED_FROM_ABOVE | IR_TRAIT_SYMBOL_TABLE | IR_TRAIT_SYMBOL |
               IR_TRAIT_NO_TERMINATOR | IR_TRAIT_SINGLE_BLOCK,
     .min_operands = 0, .max_operands = 0, .min_results = 0, .max_results = 0,
     .num_regions = 1, .num_successors = 0, .inherent = CT_ATTRS("sym_name", "producer"),
     .parse = ct_parse_module, .print = ct_print_module, .verify = ct_verify_module,
     .default_dialect = "cuda_tile",
     .summary = "a module of kernels, globals and functions"},
#define CT_OP(c, m, tr, a, b, rc, rd, nr, sig, pa, pr, ve, sp, nm, bc, sum)      \
  {.name = "cuda_tile." m, .traits = (tr), .min_operands = (a),                \
   .max_operands = (b), .min_results = (rc), .max_results = (rd),              \
   .num_regions = (nr), .num_successors = 0, .inherent = CT_SIG_ATTRS sig,       \
   .parse = (pa), .print = (pr), .verify = (ve), .result_names = (nm),         \
   .summary = (sum)},
#define CT_OPX(c, m, tr, a, b, rc, rd, nr, sig, pa, pr, ve, sp, nm, par, dd, ban, vr, bc, sum) \
  {.name = "cuda_tile." m, .traits = (tr), .min_operands = (a),                \
   .max_operands = (b), .min_results = (rc), .max_results = (rd),              \
   .num_regions = (nr), .num_successors = 0, .inherent = CT_SIG_ATTRS sig,       \
   .parse = (pa), .print = (pr), .verify = (ve), .result_names = (nm),         \
   .parent = (par), .default_dialect = (dd), .block_arg_names = (ban),         \
   .verify_regions = (vr), .summary = (sum)},
#include "dialect/cuda_tile/ops_core.def"
#include "dialect/cuda_tile/ops_compute.def"
#undef CT_OPX
#undef CT_OP
};

const size_t ct_num_op_infos = sizeof ct_op_infos / sizeof ct_op_infos[0];

/* The bytecode column of the rows: opcode and the version that introduced
 * the op (BytecodeOpcodes.td; opcodes are frozen by the format). */
#define CT_BC(opcode, major, minor) CT_BC_PACK(opcode, major, minor)
const uint32_t ct_op_bytecode[] = {
    CT_BC(0x4B, 13, 1), /* module */
#define CT_OP(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, bc, sum) bc,
#define CT_OPX(c, m, tr, a, b, rc, rd, nr, sig, pa, pr, ve, sp, nm, par, dd, ban, vr, bc, sum) bc,
#include "dialect/cuda_tile/ops_core.def"
#include "dialect/cuda_tile/ops_compute.def"
#undef CT_OPX
#undef CT_OP
};
#undef CT_BC
_Static_assert(sizeof ct_op_bytecode / sizeof ct_op_bytecode[0] == CT_OP_COUNT,
               "one bytecode column per op row");
