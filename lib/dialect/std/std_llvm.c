/* std_llvm.c — the one LLVM dialect type the nvvm and nv_tileas subsets
 * share, `!llvm.ptr<addrspace>` (std.h): its definition, printer and
 * uniquer, and the body parser behind the llvm dialect's type hook. */
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

/* `<N>` after `ptr` (optional; address space 0 when absent). */
const IrType *std_parse_llvm_ptr_body(AsmParser *p) {
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
