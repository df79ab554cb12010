/* register.c — the one place that lists every dialect libctile ships.  Each
 * dialect exposes `const IrDialect <name>_dialect` from its own folder. */
#include "dialect/dialects.h"

#include "asm/asm.h"
#include "conversion/conversions.h"
#include "conversion/nv_tileaa_lowering/lower.h"
#include "dialect/arith/arith.h"
#include "dialect/cuda_tile/cuda_tile.h"
#include "dialect/math/math.h"
#include "dialect/nv_tileaa/nv_tileaa.h"
#include "dialect/nv_tileas/nv_tileas.h"
#include "dialect/nvvm/nvvm.h"
#include "dialect/scf/scf.h"

void ctile_register_all(IrContext *ctx) {
  asm_install_printers(ctx);
  ir_register_dialect(ctx, &ct_dialect);
  ir_register_dialect(ctx, &aa_dialect);
  ir_register_dialect(ctx, &arith_dialect);
  ir_register_dialect(ctx, &math_dialect);
  ir_register_dialect(ctx, &scf_dialect);
  ir_register_dialect(ctx, &llvm_dialect);
  ir_register_dialect(ctx, &nvvm_dialect);
  ir_register_dialect(ctx, &tas_dialect);
  ct_register_transforms(ctx);
  cv_register_conversions(ctx);
  lw_register_passes(ctx);
}
