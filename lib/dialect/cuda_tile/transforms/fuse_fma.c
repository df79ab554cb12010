/* fuse_fma.c — the `fuse-fma` pass (NVIDIA's FuseFMAPass, an interface pass
 * on function-like ops): fuses a single-use mulf into the addf / subf that
 * consumes it as left operand,
 *   addf (mulf a, b), c  ->  fma a, b, c
 *   subf (mulf a, b), c  ->  fma a, b, (negf c)
 * when the rounding mode and flush_to_zero of both ops agree (the fma takes
 * them over).  Not numerics-preserving: one rounding instead of two.  addf's
 * canonicalization (mulf operand moved to the left) runs alongside, in the
 * greedy driver with its default (bottom-up) configuration. */
#include "dialect/cuda_tile/ct_transforms.h"

/* Rounding mode of a float op (absent: the IEEE default). */
static const IrAttr *rounding_of(IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "rounding_mode");
  return a ? a : ct_enum_attr(ir_op_context(op), &ct_enum_rounding, ct_rounding_default(CT_RSYN_IEEE));
}

/* Shared by both patterns: `op` is the addf/subf, `c` the addend. */
static bool fuse(IrOp *op, RwRewriter *rw, bool negate) {
  IrValue *lhs = ir_op_operand(op, 0);
  IrOp *mul = lhs->def;
  if (!mul || !ct_op_is(mul, CT_OP_mulf) || !ir_value_has_one_use(lhs))
    return rw_notify_match_failure(rw, op, "no mulf op with one use");
  bool ftz = ir_op_attrz(op, "flush_to_zero") != NULL;
  if (ftz != (ir_op_attrz(mul, "flush_to_zero") != NULL) || rounding_of(op) != rounding_of(mul))
    return rw_notify_match_failure(rw, op, "rounding modes and modifiers are not the same");
  IrValue *c = ir_op_operand(op, 1);
  if (negate) {
    c = ct_build_binary(rw, CT_OP_negf, ir_op_loc(op), c, NULL, c->type, NULL);
    if (!c) return false;
  }
  IrNamedAttr props[2] = {{ir_ident(ir_op_context(op), "rounding_mode", 13), rounding_of(op)},
                          {ir_ident(ir_op_context(op), "flush_to_zero", 13), ir_unit_attr(ir_op_context(op))}};
  const IrAttr *pd = ir_dict_attr(ir_op_context(op), props, ftz ? 2 : 1, NULL);
  IrValue *ops[3] = {ir_op_operand(mul, 0), ir_op_operand(mul, 1), c};
  const IrType *t = ir_op_result(op, 0)->type;
  IrOp *fma = rw_build_op(rw, ct_op(fma), ir_op_loc(op), ops, 3, &t, 1, pd, NULL);
  if (!fma) return false;
  IrValue *r = ir_op_result(fma, 0);
  rw_replace_op(rw, op, &r);
  rw_erase_op(rw, mul);
  return true;
}

static bool mul_add(IrOp *op, RwRewriter *rw) { return fuse(op, rw, false); }
static bool mul_sub(IrOp *op, RwRewriter *rw) { return fuse(op, rw, true); }

static bool run_fuse_fma(IrOp *op, const char *options) {
  (void)options;
  if (!ir_op_info_has(op->info, IR_TRAIT_FUNCTION_LIKE)) {
    ir_op_error(op, "trying to schedule a pass on an unsupported operation");
    return false;
  }
  RwPatternSet set;
  rw_pattern_set_init(&set, ir_op_context(op));
  ct_add_addf_canonicalization(&set);
  rw_pattern_add(&set, "cuda_tile.addf", 1, mul_add, "MulAddPattern");
  rw_pattern_add(&set, "cuda_tile.subf", 1, mul_sub, "MulSubPattern");
  bool converged = rw_apply_patterns_greedily(op, &set, NULL, NULL);
  rw_pattern_set_free(&set);
  return converged;
}

static const RwPassOption no_opts[] = {{NULL, RW_OPT_BOOL, NULL, NULL}};

static const RwPassInfo fuse_fma_pass = {
    .name = "fuse-fma",
    .summary = "Fuse multiply-add and multiply-subtract operations into FMA operations "
               "(non-numeric-preserving)",
    .anchor = NULL,
    .run = run_fuse_fma,
    .class_name = "FuseFMAPass",
    .opts = no_opts,
};

void ct_register_fuse_fma(IrContext *ctx) { rw_register_pass(ctx, &fuse_fma_pass); }
