/* nvvm.c — the nvvm mbarrier ops (rows, syntax, verifiers) and the minimal
 * llvm dialect that provides !llvm.ptr<N>.  Operand contracts follow MLIR's
 * NVVMOps.td: the barrier is a pointer into shared memory (address space 3),
 * counts, phases and tick hints are i32, arrive returns the i64 state. */
#include "dialect/nvvm/nvvm.h"

#include "asm/asm.h"

#include <string.h>

/* ---- !llvm.ptr<N> ---------------------------------------------------------------- */

static void print_ptr(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "ptr");
  if (t->ints[0] != 0) asm_printf(p, "<%lld>", (long long)t->ints[0]);
}

const IrTypeDef llvm_ptr_type_def = {"ptr", "llvm", print_ptr, false};

const IrType *llvm_ptr_type(IrContext *ctx, int64_t addrspace) {
  int64_t as = addrspace;
  IrType k = {.def = &llvm_ptr_type_def, .nints = 1, .ints = &as};
  return ir_type_unique(ctx, &k);
}

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

/* ---- shared simple syntax --------------------------------------------------------- */

bool nvvm_parse_simple(AsmParser *p, IrOpState *st) {
  AsmOperandVec ops = {0};
  IrTypeVec types = {0};
  AsmLoc at = asm_cur_loc(p);
  bool ok = asm_parse_operand_list(p, &ops) && asm_parse_optional_attr_dict(p, st) &&
            asm_parse_punct(p, ASM_COLON) && asm_parse_type_list(p, &types);
  if (ok && ops.len == 0) {
    /* "attr-dict : result-type" */
    for (size_t i = 0; i < types.len; i++) vec_push(&st->result_types, types.data[i]);
  } else if (ok) {
    ok = asm_resolve_operands(p, ops.data, ops.len, types.data, types.len, at, st);
    if (ok && asm_parse_optional_punct(p, ASM_ARROW)) {
      const IrType *rt;
      ok = asm_parse_type(p, &rt);
      if (ok) vec_push(&st->result_types, rt);
    }
  }
  vec_free(&ops);
  vec_free(&types);
  return ok;
}

void nvvm_print_simple(AsmPrinter *p, IrOp *op) {
  if (op->noperands) {
    asm_puts(p, " ");
    asm_print_operands(p, op->operands, op->noperands);
  }
  asm_print_attr_dict(p, op, NULL);
  asm_puts(p, " : ");
  if (op->noperands) {
    for (unsigned i = 0; i < op->noperands; i++) {
      if (i) asm_puts(p, ", ");
      asm_print_type(p, ir_op_operand(op, i)->type);
    }
    if (op->nresults) {
      asm_puts(p, " -> ");
      asm_print_type(p, ir_op_result(op, 0)->type);
    }
  } else if (op->nresults) {
    asm_print_type(p, ir_op_result(op, 0)->type);
  }
}

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
   .summary = (sum), .parse = nvvm_parse_simple, .print = nvvm_print_simple,            \
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
