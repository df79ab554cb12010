/* ops.c — the scf dialect object: its op rows (ops.def), accessors and the
 * builders of scf.h. */
#include "dialect/scf/scf_internal.h"

const IrOpInfo scf_op_infos[] = {
#define SCF_OP(c, m, tr, a, b, rc, rd, nr, inh, par, pa, pr, ve, vr, sum)                \
  {.name = "scf." m, .traits = (tr), .min_operands = (a), .max_operands = (b),            \
   .min_results = (rc), .max_results = (rd), .num_regions = (nr), .num_successors = 0,    \
   .inherent = (inh), .parent = (par), .summary = (sum), .parse = (pa), .print = (pr),    \
   .verify = (ve), .verify_regions = (vr)},
#include "dialect/scf/ops.def"
};

const IrDialect scf_dialect = {
    .name = "scf",
    .ops = scf_op_infos,
    .nops = SCF_OP_COUNT,
    .canonicalize = scf_add_canonicalization_patterns,
};

bool scf_for_is_unsigned(const IrOp *op) { return ir_op_attrz(op, "unsignedCmp") != NULL; }

const int64_t *scf_switch_cases(const IrOp *op, size_t *n) {
  const IrAttr *a = ir_op_attrz(op, "cases");
  if (!ir_attr_is(a, &ir_dense_array_attr_def)) {
    *n = 0;
    return NULL;
  }
  *n = a->nints;
  return a->ints;
}

IrOp *scf_region_terminator(IrOp *op, unsigned r) {
  if (r >= op->nregions) return NULL;
  IrBlock *b = ir_op_region(op, r)->first;
  return b && b->last && (b->last->info->traits & IR_TRAIT_TERMINATOR) ? b->last : NULL;
}

/* ---- builders -------------------------------------------------------------------- */

static IrOp *build(IrContext *ctx, const IrLoc *loc, ScfOpIndex k, IrValue *const *ops,
                   size_t nops, const IrType *const *res, size_t nres, IrOpState *st,
                   unsigned nregions) {
  ir_op_state_init(st, ctx, &scf_op_infos[k], loc ? loc : ir_unknown_loc(ctx));
  for (size_t i = 0; i < nops; i++) vec_push(&st->operands, ops[i]);
  for (size_t i = 0; i < nres; i++) vec_push(&st->result_types, res[i]);
  for (unsigned i = 0; i < nregions; i++) ir_op_state_add_region(st);
  return NULL;
}

static IrOp *finish(IrOpState *st) {
  IrOp *o = ir_op_create(st);
  ir_op_state_free(st);
  return o;
}

static const IrLoc *loc_or_unknown(IrContext *ctx, const IrLoc *loc) {
  return loc ? loc : ir_unknown_loc(ctx);
}

IrOp *scf_build_yield(IrContext *ctx, const IrLoc *loc, IrValue *const *vals, size_t n) {
  IrOpState st;
  build(ctx, loc, SCF_OP_yield, vals, n, NULL, 0, &st, 0);
  return finish(&st);
}

IrOp *scf_build_condition(IrContext *ctx, const IrLoc *loc, IrValue *cond,
                          IrValue *const *args, size_t n) {
  IrOpState st;
  build(ctx, loc, SCF_OP_condition, &cond, 1, NULL, 0, &st, 0);
  for (size_t i = 0; i < n; i++) vec_push(&st.operands, args[i]);
  return finish(&st);
}

IrOp *scf_build_for(IrContext *ctx, const IrLoc *loc, IrValue *lb, IrValue *ub, IrValue *step,
                    IrValue *const *inits, size_t ninit) {
  IrOpState st;
  IrValue *b3[3] = {lb, ub, step};
  build(ctx, loc, SCF_OP_for, b3, 3, NULL, 0, &st, 1);
  IrBlock *b = ir_block_new();
  ir_block_add_arg(b, lb->type, loc_or_unknown(ctx, loc));
  for (size_t i = 0; i < ninit; i++) {
    vec_push(&st.operands, inits[i]);
    vec_push(&st.result_types, inits[i]->type);
    ir_block_add_arg(b, inits[i]->type, loc_or_unknown(ctx, loc));
  }
  ir_region_append(st.regions.data[0], b);
  return finish(&st);
}

IrOp *scf_build_if(IrContext *ctx, const IrLoc *loc, IrValue *cond,
                   const IrType *const *result_types, size_t nres, bool with_else) {
  IrOpState st;
  build(ctx, loc, SCF_OP_if, &cond, 1, result_types, nres, &st, 2);
  ir_region_append(st.regions.data[0], ir_block_new());
  if (with_else) ir_region_append(st.regions.data[1], ir_block_new());
  return finish(&st);
}

IrOp *scf_build_while(IrContext *ctx, const IrLoc *loc, IrValue *const *inits, size_t ninit,
                      const IrType *const *result_types, size_t nres) {
  IrOpState st;
  build(ctx, loc, SCF_OP_while, inits, ninit, result_types, nres, &st, 2);
  IrBlock *before = ir_block_new(), *after = ir_block_new();
  for (size_t i = 0; i < ninit; i++)
    ir_block_add_arg(before, inits[i]->type, loc_or_unknown(ctx, loc));
  for (size_t i = 0; i < nres; i++)
    ir_block_add_arg(after, result_types[i], loc_or_unknown(ctx, loc));
  ir_region_append(st.regions.data[0], before);
  ir_region_append(st.regions.data[1], after);
  return finish(&st);
}

IrOp *scf_build_execute_region(IrContext *ctx, const IrLoc *loc,
                               const IrType *const *result_types, size_t nres) {
  IrOpState st;
  build(ctx, loc, SCF_OP_execute_region, NULL, 0, result_types, nres, &st, 1);
  ir_region_append(st.regions.data[0], ir_block_new());
  return finish(&st);
}
