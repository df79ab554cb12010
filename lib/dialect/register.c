/* register.c — the one place that lists every dialect libctile ships.  Each
 * dialect exposes `const IrDialect <name>_dialect` from its own folder. */
#include "dialect/dialects.h"

#include "asm/asm.h"
#include "dialect/cuda_tile/cuda_tile.h"
#include "dialect/nv_tileaa/nv_tileaa.h"

void ctile_register_all(IrContext *ctx) {
  asm_install_printers(ctx);
  ir_register_dialect(ctx, &ct_dialect);
  ir_register_dialect(ctx, &aa_dialect);
  ct_register_transforms(ctx);
}
