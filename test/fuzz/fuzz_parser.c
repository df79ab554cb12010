/* fuzz_parser.c — libFuzzer target for the MLIR text parser, the verifier
 * and the printer: any input must yield either a module that verifies and
 * prints, or located diagnostics — never a crash, hang, leak or UB. */
#include "asm/asm.h"
#include "dialect/dialects.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void quiet(void *user, const IrDiag *d) {
  (void)user;
  (void)d;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > (1u << 20)) return 0;
  char *buf = malloc(size + 1);
  memcpy(buf, data, size);
  buf[size] = 0;
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_set_diag_handler(ctx, quiet, NULL);
  /* first byte picks parser options so both module modes get coverage */
  bool unreg = size && (data[0] & 1);
  ir_ctx_allow_unregistered(ctx, unreg);
  AsmParseOptions opts = {.no_implicit_module = size && (data[0] & 2)};
  IrOp *m = asm_parse_buffer(ctx, "fuzz.mlir", buf, size, &opts);
  if (m) {
    if (ir_verify(m)) {
      StrBuf out = {0};
      asm_print_op_to(&out, m, &(AsmPrintOptions){.generic = size && (data[0] & 4)});
      sb_free(&out);
    }
    ir_op_destroy(m);
  }
  ir_context_destroy(ctx);
  free(buf);
  return 0;
}
