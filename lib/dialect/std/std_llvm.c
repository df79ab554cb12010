/* std_llvm.c — the one LLVM dialect type the nvvm and nv_tileas subsets
 * share, `!llvm.ptr<addrspace>` (std.h): its definition, printer and
 * uniquer (the llvm dialect's type hook, in nvvm.c, parses it). */
#include "dialect/std/std_ops.h"

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

