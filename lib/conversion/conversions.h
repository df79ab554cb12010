/* conversions.h — the conversions libctile ships (lib/conversion/): their
 * pass registration and direct entry points. */
#ifndef CTILE_CONVERSIONS_H
#define CTILE_CONVERSIONS_H

#include "ir/ir.h"

/* Registers every conversion pass (convert-cuda-tile-to-nv-tileaa). */
void cv_register_conversions(IrContext *ctx);
/* Converts every cuda_tile op nested in root to nv_tileaa/arith/math/scf
 * for target SM `sm`; reports "failed to convert cuda_tile to nv_tileaa"
 * and returns false on failure. */
bool c2a_run(IrOp *root, int64_t sm);

#endif
