/* ops.c — builds the nv_tileaa op table from ops.def.  Every row uses the
 * shared custom-format hooks of syntax.c; its AaOpDesc (IrOpInfo.extra)
 * says which format. */
#include "dialect/nv_tileaa/aa.h"

const IrOpInfo aa_op_infos[] = {
#define AA_OP(c, m, tr, a, b, rc, rd, nr, inh, desc, ve, vr, par, sum)              \
  {.name = "nv_tileaa." m, .traits = (tr), .min_operands = (a), .max_operands = (b), \
   .min_results = (rc), .max_results = (rd), .num_regions = (nr),                   \
   .num_successors = 0, .inherent = (inh), .parent = (par), .summary = (sum),       \
   .parse = aa_parse_op, .print = aa_print_op, .verify = (ve),                      \
   .verify_regions = (vr), .extra = (desc)},
#include "dialect/nv_tileaa/ops.def"
#undef AA_OP
};
