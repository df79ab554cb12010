/* ops.c — nv_tileas op rows and verifiers (see tileas.h). */
#include "dialect/nv_tileas/tileas.h"

#include "dialect/nvvm/nvvm.h"

int64_t tas_mbarrier_slot(IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "slot");
  if (!a || !ir_attr_is(a, &ir_integer_attr_def)) return -1;
  return a->ints[0];
}

static bool verify_alloc_mbarrier(IrOp *op) {
  int64_t s = tas_mbarrier_slot(op);
  if (s < 0 || s >= TAS_MBARRIER_POOL)
    return ir_op_error(op, "requires an integer 'slot' attribute in [0, %d)", TAS_MBARRIER_POOL);
  const IrType *t = ir_op_result(op, 0)->type;
  if (!llvm_is_ptr(t) || t->ints[0] != 3)
    return ir_op_error(op, "result #0 must be LLVM pointer in address space 3, but got '%T'", t);
  return true;
}

static const char *const alloc_inherent[] = {"slot", NULL};

const IrOpInfo tas_op_infos[TAS_OP_COUNT] = {
    [TAS_OP_alloc_mbarrier] = {.name = "nv_tileas.alloc_mbarrier", .traits = 0,
                               .min_operands = 0, .max_operands = 0, .min_results = 1,
                               .max_results = 1, .num_regions = 0, .num_successors = 0,
                               .inherent = alloc_inherent,
                               .summary = "the mbarrier of one slot of the per-CTA pool",
                               .parse = nvvm_parse_simple, .print = nvvm_print_simple,
                               .verify = verify_alloc_mbarrier},
};

const IrDialect tas_dialect = {
    .name = "nv_tileas",
    .ops = tas_op_infos,
    .nops = TAS_OP_COUNT,
};
