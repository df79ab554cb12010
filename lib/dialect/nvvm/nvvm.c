/* nvvm.c — the nvvm mbarrier ops (rows, verifiers; the simple syntax is the
 * standard op engine's, std_ops.h) and the minimal llvm dialect that parses
 * !llvm.ptr<N> (the type is defined one layer down, dialect/std/std.h, as
 * nv_tileas uses it too).  Operand contracts follow MLIR's NVVMOps.td: the
 * barrier is a pointer into shared memory (address space 3), counts, phases
 * and tick hints are i32, arrive returns the i64 state. */
#include "dialect/nvvm/nvvm.h"

#include "dialect/std/std_ops.h"

#include <string.h>

/* ---- the llvm dialect: parses !llvm.ptr<N> (std_llvm.c defines the type) ---------- */

static const IrType *llvm_parse_type(AsmParser *p, Str m) {
  if (!str_eqz(m, "ptr")) {
    asm_error(p, "unknown type `%.*s` in dialect `llvm`", (int)m.n, m.s);
    return NULL;
  }
  int64_t as = 0;
  if (asm_parse_optional_punct(p, ASM_LESS)) {
    if (!asm_parse_integer(p, &as) || !asm_parse_punct(p, ASM_GREATER)) return NULL;
    if (as < 0 || as > 0xFFFFFF) {
      asm_error(p, "invalid address space %lld", (long long)as);
      return NULL;
    }
  }
  return llvm_ptr_type(asm_ctx(p), as);
}

const IrDialect llvm_dialect = {
    .name = "llvm",
    .ops = NULL,
    .nops = 0,
    .parse_type = llvm_parse_type,
};

/* ---- verifiers --------------------------------------------------------------------- */

static bool is_shared_ptr(const IrType *t) { return llvm_is_ptr(t) && t->ints[0] == 3; }

static bool verify_bar(IrOp *op) {
  if (!is_shared_ptr(ir_op_operand(op, 0)->type))
    return ir_op_error(op, "operand #0 must be LLVM pointer in address space 3, but got '%T'",
                       ir_op_operand(op, 0)->type);
  for (unsigned i = 1; i < op->noperands; i++)
    if (!ir_type_is_int_width(ir_op_operand(op, i)->type, 32))
      return ir_op_error(op, "operand #%u must be 32-bit signless integer, but got '%T'", i,
                         ir_op_operand(op, i)->type);
  if (op->nresults && !ir_type_is_int_width(ir_op_result(op, 0)->type, 64))
    return ir_op_error(op, "result #0 must be 64-bit signless integer, but got '%T'",
                       ir_op_result(op, 0)->type);
  return true;
}

#define NVVM_ROW(m, no, nr, sum)                                                          \
  {.name = "nvvm." m, .traits = 0, .min_operands = (no), .max_operands = (no),          \
   .min_results = (nr), .max_results = (nr), .num_regions = 0, .num_successors = 0,     \
   .summary = (sum), .parse = std_parse_simple, .print = std_print_simple,              \
   .verify = verify_bar}

const IrOpInfo nvvm_op_infos[NVVM_OP_COUNT] = {
    [NVVM_OP_init_shared] = NVVM_ROW("mbarrier.init.shared", 2, 0,
                                     "initialize a shared-memory mbarrier with an arrival count"),
    [NVVM_OP_arrive_shared] = NVVM_ROW("mbarrier.arrive.shared", 1, 1,
                                       "arrive on a shared-memory mbarrier"),
    [NVVM_OP_try_wait_parity_shared] =
        NVVM_ROW("mbarrier.try_wait.parity.shared", 3, 0,
                 "wait until the mbarrier phase of the given parity has completed"),
    [NVVM_OP_init] = NVVM_ROW("mbarrier.init", 2, 0, "initialize an mbarrier (MLIR 22 form)"),
    [NVVM_OP_arrive] = NVVM_ROW("mbarrier.arrive", 1, 1, "arrive on an mbarrier (MLIR 22 form)"),
    [NVVM_OP_try_wait_parity] =
        NVVM_ROW("mbarrier.try_wait.parity", 3, 0, "parity wait on an mbarrier (MLIR 22 form)"),
};

const IrDialect nvvm_dialect = {
    .name = "nvvm",
    .ops = nvvm_op_infos,
    .nops = NVVM_OP_COUNT,
};
