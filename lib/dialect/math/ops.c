/* ops.c — the math dialect object: its op rows (ops.def), all driven by the
 * standard op engine (lib/dialect/std, the StdOpDesc rows arith's use too;
 * its materializer makes arith.constant, as MLIR's math dialect does), and
 * the builder of math.h. */
#include "dialect/math/math_internal.h"

const IrOpInfo math_op_infos[] = {
#define MATH_OP(c, m, tr, no, nr, inh, desc, sum)                                      \
  {.name = "math." m, .traits = (tr), .min_operands = (no), .max_operands = (no),      \
   .min_results = (nr), .max_results = (nr), .num_regions = 0, .num_successors = 0,    \
   .inherent = (inh), .summary = (sum), .parse = std_parse_op, .print = std_print_op,  \
   .verify = std_verify_op, .extra = (desc)},
#include "dialect/math/ops.def"
};

const IrDialect math_dialect = {
    .name = "math",
    .ops = math_op_infos,
    .nops = MATH_OP_COUNT,
    .fold = math_fold_op,
    .populate_defaults = std_populate_defaults,
    .materialize_constant = std_materialize_constant,
};

IrOp *math_build(IrContext *ctx, const IrLoc *loc, MathOpIndex op, IrValue *const *operands,
                 size_t nops) {
  const IrOpInfo *info = &math_op_infos[op];
  IrOpState st;
  ir_op_state_init(&st, ctx, info, loc ? loc : ir_unknown_loc(ctx));
  for (size_t i = 0; i < nops; i++) vec_push(&st.operands, operands[i]);
  const IrType *t = nops ? operands[0]->type : NULL;
  if (std_desc(info)->kind == STD_K_TEST)
    t = ir_shaped_with_elem(ctx, t, ir_integer_type(ctx, 1, IR_SIGNLESS));
  if (t) vec_push(&st.result_types, t);
  IrOp *o = ir_op_create(&st);
  ir_op_state_free(&st);
  return o;
}
