/* fuzz_bytecode.c — libFuzzer target for the Tile IR bytecode reader: any
 * input must yield either a module that verifies, prints and writes back, or
 * diagnostics — never a crash, hang, leak, UB or an allocation proportional
 * to a lying length field.  When the input does not start with the magic,
 * the first byte picks a version and the rest is appended to a valid header
 * so that mutations reach past the header checks. */
#include "asm/asm.h"
#include "bytecode/bytecode.h"
#include "dialect/dialects.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void quiet(void *user, const IrDiag *d) {
  (void)user;
  (void)d;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const uint8_t magic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};
  if (size > (1u << 20)) return 0;
  uint8_t *buf;
  size_t n;
  if (size >= 8 && !memcmp(data, magic, 8)) {
    buf = malloc(size ? size : 1);
    memcpy(buf, data, size);
    n = size;
  } else {
    n = 12 + (size ? size - 1 : 0);
    buf = malloc(n);
    memcpy(buf, magic, 8);
    buf[8] = 13;
    buf[9] = (uint8_t)(1 + (size ? data[0] % 3 : 0));
    buf[10] = buf[11] = 0;
    if (size > 1) memcpy(buf + 12, data + 1, size - 1);
  }
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_set_diag_handler(ctx, quiet, NULL);
  IrOp *m = bc_read_module(ctx, "fuzz.tileirbc", buf, n);
  if (m) {
    if (ir_verify(m)) {
      StrBuf out = {0};
      asm_print_op_to(&out, m, &(AsmPrintOptions){0});
      sb_free(&out);
      uint8_t *bytes = NULL;
      size_t len = 0;
      if (bc_write_module(m, 13, 3, &bytes, &len)) free(bytes);
    }
    ir_op_destroy(m);
  }
  ir_context_destroy(ctx);
  free(buf);
  return 0;
}
