/* register.c — installs the cuda_tile transformation machinery in a context:
 * the passes of NVIDIA's Transforms/Passes.td (one per file in this folder)
 * and a constant materializer for folds that produce dense tile values. */
#include "dialect/cuda_tile/ct_transforms.h"

/* Builds `cuda_tile.constant` for a dense value of tile type `type`. */
static IrOp *materialize(RwRewriter *rw, const IrAttr *value, const IrType *type,
                         const IrLoc *loc) {
  if (!value || value->def != &ir_dense_elements_attr_def || !ct_type_is_tile(type) ||
      value->type != type)
    return NULL;
  return ct_build_constant(rw, loc, type, value);
}

void ct_register_transforms(IrContext *ctx) {
  rw_register_constant_materializer(ctx, "cuda_tile", materialize);
  rw_register_fold_kinds(ctx, "cuda_tile", ct_fold_kinds);
  ct_register_fuse_fma(ctx);
  ct_register_loop_split(ctx);
  ct_register_synthesize_debuginfo_scopes(ctx);
  ct_register_test_debuginfo_update_symbol_name(ctx);
}
