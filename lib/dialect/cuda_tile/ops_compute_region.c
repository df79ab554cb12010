/* ops_compute_region.c — cuda_tile.reduce and cuda_tile.scan: the op
 * verifier (seed 003's verify_aggregate over NVIDIA's verifyAggregateOp,
 * result-type inference as InferTypeOpAdaptor checks it, and the body
 * checks of verifyAggregateOpRegions / the seed's region structure)
 * and the SSA names NVIDIA's printer gives them (`%reduce`, block arguments
 * `%reduce_lhs` / `%reduce_rhs`, numbered when there are several pairs). */
#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_ops_compute.h"
#include "dialect/cuda_tile/ct_types.h"

#include <stdio.h>

static const IrType *opnd_t(IrOp *op, unsigned i) { return ir_op_operand(op, i)->type; }

static bool is_bf16(const IrType *t) { return ir_type_is_float(t) && ir_float_kind(t) == IR_BF16; }
static bool is_f16(const IrType *t) { return ir_type_is_float(t) && ir_float_kind(t) == IR_F16; }

/* Type of a typed attribute (an identity), or NULL. */
static const IrType *attr_type(const IrAttr *a) { return a ? a->type : NULL; }

/* Whether every result has the inferred type (verify_inferred's test, on
 * the types' fields: no type is uniqued for an op that passes). */
static bool inferred_match(IrOp *op, bool reduce, int64_t dim) {
  if (op->noperands != op->nresults) return false;
  for (unsigned i = 0; i < op->noperands; i++) {
    const IrType *t = opnd_t(op, i), *res = ir_op_result(op, i)->type;
    if (!reduce) {
      if (t != res) return false;
      continue;
    }
    int64_t shape[64];
    size_t r = 0;
    for (size_t d = 0; d < ct_tile_type_rank(t) && r < 64; d++)
      if ((int64_t)d != dim) shape[r++] = ct_tile_type_shape(t)[d];
    if (!ct_is_tile_of(res, shape, r, ct_tile_type_elem(t))) return false;
  }
  return true;
}

/* InferTypeOpAdaptor: reduce drops `dim`, scan keeps the operand types. */
static bool verify_inferred(IrOp *op) {
  IrContext *ctx = ir_op_context(op);
  bool reduce = ct_op_is(op, CT_OP_reduce);
  int64_t dim = ir_op_attrz(op, "dim")->ints[0];
  if (inferred_match(op, reduce, dim)) return true;
  IrTypeVec inferred = {0};
  for (unsigned i = 0; i < op->noperands; i++) {
    const IrType *t = opnd_t(op, i);
    if (reduce) {
      int64_t shape[64];
      size_t r = 0;
      for (size_t d = 0; d < ct_tile_type_rank(t) && r < 64; d++)
        if ((int64_t)d != dim) shape[r++] = ct_tile_type_shape(t)[d];
      t = ct_tile_type(ctx, shape, r, ct_tile_type_elem(t));
    }
    vec_push(&inferred, t);
  }
  bool ok = inferred.len == op->nresults;
  for (unsigned i = 0; ok && i < op->nresults; i++)
    ok = inferred.data[i] == ir_op_result(op, i)->type;
  if (!ok) {
    IrDiag *d = ir_op_diag(op, IR_SEV_ERROR, "inferred type(s) ");
    for (size_t i = 0; i < inferred.len; i++)
      ir_diag_append(ctx, d, "%s'%T'", i ? ", " : "", inferred.data[i]);
    ir_diag_append(ctx, d, " are incompatible with return type(s) of operation ");
    for (unsigned i = 0; i < op->nresults; i++)
      ir_diag_append(ctx, d, "%s'%T'", i ? ", " : "", ir_op_result(op, i)->type);
    ir_diag_emit(ctx, d);
    ir_op_error(op, "failed to infer returned types");
  }
  vec_free(&inferred);
  return ok;
}

/* Memory-effect free, as the seed's body walk asks: Pure and NoMemoryEffect
 * ops, terminators, and RecursiveMemoryEffects ops whose nested ops all are. */
static bool effect_free(IrOp *op, int depth);

bool ct_op_is_effect_free(IrOp *op) { return effect_free(op, 0); }

static bool effect_free(IrOp *op, int depth) {
  if (op->info->traits & (IR_TRAIT_PURE | IR_TRAIT_NO_MEMORY_EFFECT | IR_TRAIT_TERMINATOR))
    return true;
  if (!(op->info->traits & IR_TRAIT_RECURSIVE_EFFECTS) || depth > 64) return false;
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
      for (IrOp *in = b->first; in; in = in->next)
        if (!effect_free(in, depth + 1)) return false;
  return true;
}

/* Op kinds a reduce/scan body accepts: cuda_tile ops, and of the
 * terminators only cuda_tile.yield. */
static bool legal_in_body(IrOp *op) {
  /* a row of the dialect's table is named "cuda_tile.<mnemonic>" (checked by
   * test_vfy_rows); any other op by its name */
  bool row = op->info >= ct_op_infos && op->info < ct_op_infos + CT_OP_COUNT;
  if (!row && strncmp(ir_op_name(op), "cuda_tile.", 10) != 0) return false;
  if (op->info->traits & IR_TRAIT_TERMINATOR) return ct_op_is(op, CT_OP_yield);
  return true;
}

/* The body half of seed 003's verify_aggregate, with the region-structure
 * texts (verify_region_structure).  Texts the seed does not give are
 * NVIDIA's (verifyAggregateOpRegions). */
static bool verify_body(IrOp *op) {
  if (op->nregions != 1 || ir_region_empty(ir_op_region(op, 0))) return true;
  IrBlock *b = ir_region_entry(ir_op_region(op, 0));
  unsigned n = op->noperands, want = 2 * n;
  if (!b->first) return ir_op_error(op, "expect non-empty block");
  if (b->nargs != want)
    return ir_op_error(op, "reduce/scan body must take two rank-zero arguments per input");
  for (unsigned i = 0; i < b->nargs; i++) {
    if (ct_type_is_tile(b->args[i]->type)) continue;
    IrDiag *d = ir_op_diag(op, IR_SEV_ERROR,
                           "expected TileType for block arguments but got types: ");
    for (unsigned j = 0; j < b->nargs; j++)
      ir_diag_append(ir_op_context(op), d, "%s%T", j ? ", " : "", b->args[j]->type);
    ir_diag_emit(ir_op_context(op), d);
    return false;
  }
  for (unsigned i = 0; i < b->nargs; i++)
    if (ct_tile_type_rank(b->args[i]->type) != 0)
      return ir_op_error(op, "expect 0-rank tile type at index: %u", i);
  for (unsigned i = 0; i + 1 < want; i += 2) {
    const IrType *a = ct_tile_type_elem(b->args[i]->type);
    const IrType *c = ct_tile_type_elem(b->args[i + 1]->type);
    if (a != c)
      return ir_op_error(op, "expect same element type for block argument at index: %u and %u "
                             "but got: '%T' and '%T'", i, i + 1, a, c);
  }
  for (unsigned i = 0; i < n; i++) {
    const IrType *o = ct_tile_type_elem(opnd_t(op, i));
    const IrType *a = ct_tile_type_elem(b->args[2 * i]->type);
    if (o != a)
      return ir_op_error(op, "expect same type for operand at index: %u and block argument at "
                             "index: %u but got: '%T' and '%T'", i, 2 * i, o, a);
  }
  for (IrOp *in = b->first; in; in = in->next) {
    if (!effect_free(in, 0)) return ir_op_error(op, "only pure operations allowed");
    if (!legal_in_body(in)) return ir_op_error(op, "invalid op: %s", ir_op_name(in));
  }
  IrOp *term = b->last;
  if (!ct_op_is(term, CT_OP_yield))
    return ir_op_error(op, "expects regions to end with 'cuda_tile.yield', found '%s'",
                       ir_op_name(term));
  if (term->noperands != n)
    return ir_op_error(op, "expect number of terminators operands (%u) to match expected (%u)",
                       term->noperands, n);
  for (unsigned i = 0; i < n; i++) {
    const IrType *t = ir_op_operand(term, i)->type;
    const IrType *a = b->args[2 * i]->type;
    if (!ct_type_is_tile(t) || ct_tile_type_elem(t) != ct_tile_type_elem(a))
      return ir_op_error(op, "expected TileType for operand and terminator types but got: %T "
                             "vs %T", t, a);
  }
  return true;
}

/* Generic checks (region constraint, SameOperandsShape),
 * then seed 003's verify_aggregate in its order: inputs, results per input,
 * dimension, identities, then (after result inference) the body.  It runs as the op's
 * own verifier, before the nested ops are verified, as the seed's walk does:
 * a body op of the wrong kind is reported against the reduce/scan. */
static bool verify_block_count(IrOp *op) {
  if (op->nregions == 1) {
    size_t nblocks = 0;
    for (IrBlock *b = ir_op_region(op, 0)->first; b; b = b->next) nblocks++;
    if (nblocks != 1)
      return ir_op_error(op, "region #0 ('body') failed to verify constraint: region with 1 "
                             "blocks");
  }
  return true;
}

static bool verify_aggregate(IrOp *op, bool matching_result_shape) {
  if (!verify_block_count(op)) return false;
  for (unsigned i = 1; i < op->noperands; i++) {
    const IrType *a = opnd_t(op, 0), *b = opnd_t(op, i);
    bool same = ct_tile_type_rank(a) == ct_tile_type_rank(b);
    for (size_t d = 0; same && d < ct_tile_type_rank(a); d++)
      same = ct_tile_type_shape(a)[d] == ct_tile_type_shape(b)[d];
    if (!same) return ir_op_error(op, "requires the same shape for all operands");
  }
  unsigned n = op->noperands;
  if (n == 0) return ir_op_error(op, "reduce/scan requires at least one input");
  if (n != op->nresults) return ir_op_error(op, "reduce/scan must produce one result per input");
  int64_t dim = ir_op_attrz(op, "dim")->ints[0];
  size_t rank = ct_tile_type_rank(opnd_t(op, 0));
  if (dim < 0 || dim >= (int64_t)rank)
    return ir_op_error(op, "reduction dimension is out of range");
  const IrAttr *ids = ir_op_attrz(op, "identities");
  if (ids) {
    if (ids->nelems != n)
      return ir_op_error(op, "expect identities to match the number of operands but got: %u "
                             "operands and %u identities", n, (unsigned)ids->nelems);
    for (unsigned i = 0; i < n; i++) {
      const IrType *e = ct_tile_type_elem(opnd_t(op, i));
      const IrType *it = attr_type(ids->elems[i]);
      if ((is_bf16(e) && is_f16(it)) || (is_f16(e) && is_bf16(it))) continue;
      if (e != it) return ir_op_error(op, "identity element type must match input element type");
    }
  }
  if (matching_result_shape)
    for (unsigned i = 0; i < n; i++)
      if (opnd_t(op, i) != ir_op_result(op, i)->type)
        return ir_op_error(op, "expect same type for operand at index: %u and result at "
                               "index: %u", i, i);
  return verify_inferred(op) && verify_body(op);
}

bool ctc_verify_reduce(IrOp *op) { return verify_aggregate(op, false); }
bool ctc_verify_scan(IrOp *op) { return verify_aggregate(op, true); }

bool ctc_verify_aggregate_region(IrOp *op) { return verify_block_count(op) && verify_body(op); }

/* Region verifier hook: everything is checked by the op verifier above. */
bool ct_verify_compute_regions(IrOp *op) {
  (void)op;
  return true;
}

/* ---- names ---------------------------------------------------------------------- */
void ct_names_bcast(IrOp *op, IrNameSetFn set, void *user) {
  if (op->nresults) set(user, ir_op_result(op, 0), "bcast");
}

void ct_names_reshape(IrOp *op, IrNameSetFn set, void *user) {
  if (op->nresults) set(user, ir_op_result(op, 0), "reshape");
}

void ct_names_reduce(IrOp *op, IrNameSetFn set, void *user) {
  if (op->nresults) set(user, ir_op_result(op, 0), "reduce");
}

void ct_block_names_reduce(IrOp *op, IrBlock *b, IrNameSetFn set, void *user) {
  (void)op;
  StrBuf name = {0}; /* reduce_lhs / reduce_rhs, then N with more than one pair */
  for (unsigned i = 0; i < b->nargs; i++) {
    sb_clear(&name);
    sb_puts(&name, i % 2 ? "reduce_rhs" : "reduce_lhs");
    if (b->nargs > 2) sb_put_uint(&name, i / 2);
    set(user, b->args[i], name.s);
  }
  sb_free(&name);
}
