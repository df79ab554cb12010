/* verify.c — the scf verifiers, with MLIR 22's messages: the ODS operand
 * constraints, each op's verify / verifyRegions, and the checks of MLIR's
 * RegionBranchOpInterface on every control-flow edge ("along control flow
 * edge from Operation scf.yield to parent: ..."). */
#include "dialect/scf/scf_internal.h"

#include <stdio.h>

static bool is_i1(const IrType *t) { return ir_type_is_int_width(t, 1) && t->flags == IR_SIGNLESS; }

/* One edge of the region-branch graph: `vals` (n operands of the branch
 * point `from`, NULL for the parent's own operands) flowing into inputs of
 * types `types` (m).  `src` / `dst` name the ends as MLIR does. */
static bool edge(IrOp *op, IrOp *from, const char *src, const char *dst, IrUse *vals, size_t n,
                 const IrType *const *types, size_t m) {
  IrDiag *d = NULL;
  if (n != m) {
    d = ir_op_diag(op, IR_SEV_ERROR,
                   "along control flow edge from %s to %s: region branch point has %zu "
                   "operands, but region successor needs %zu inputs",
                   src, dst, n, m);
  } else {
    for (size_t i = 0; i < n && !d; i++)
      if (vals[i].value->type != types[i])
        d = ir_op_diag(op, IR_SEV_ERROR,
                       "along control flow edge from %s to %s: successor operand type #%zu "
                       "'%T' should match successor input type #%zu '%T'",
                       src, dst, i, vals[i].value->type, i, types[i]);
  }
  if (!d) return true;
  ir_diag_add_note(ir_op_context(op), d, ir_op_loc(from ? from : op), "region branch point");
  ir_diag_emit(ir_op_context(op), d);
  return false;
}

/* Types of values (results or block args) as a flat array in `buf`. */
typedef VEC(const IrType *) TypeBuf;
static const IrType *const *result_types(IrOp *op, TypeBuf *buf) {
  buf->len = 0;
  for (uint32_t i = 0; i < op->nresults; i++) vec_push(buf, ir_op_result(op, i)->type);
  return buf->data;
}
static const IrType *const *arg_types(IrBlock *b, unsigned skip, TypeBuf *buf) {
  buf->len = 0;
  for (uint32_t i = skip; b && i < b->nargs; i++) vec_push(buf, b->args[i]->type);
  return buf->data;
}

/* Edge from a terminator `t` (named by its op name) to the parent results. */
static bool edge_to_parent(IrOp *op, IrOp *t, TypeBuf *buf, unsigned skip_operands) {
  char src[96];
  snprintf(src, sizeof src, "Operation %s", t->info->name);
  result_types(op, buf);
  return edge(op, t, src, "parent", ir_op_operands(t) + skip_operands, t->noperands - skip_operands,
              buf->data, op->nresults);
}

static bool edge_to_region(IrOp *op, IrOp *t, unsigned r, unsigned skip_args, TypeBuf *buf,
                           unsigned skip_operands) {
  char src[96], dst[32];
  snprintf(src, sizeof src, "Operation %s", t->info->name);
  snprintf(dst, sizeof dst, "Region #%u", r);
  IrBlock *b = ir_op_region(op, r)->first;
  arg_types(b, skip_args, buf);
  return edge(op, t, src, dst, ir_op_operands(t) + skip_operands, t->noperands - skip_operands,
              buf->data, buf->len);
}

/* ---- structural traits ---------------------------------------------------------- */

/* SingleBlock and SingleBlockImplicitTerminator<scf.yield> over the op's
 * regions, then NoRegionArguments when `no_args`. */
static bool single_block_yield(IrOp *op, bool no_args) {
  for (unsigned r = 0; r < op->nregions; r++) {
    IrRegion *rg = ir_op_region(op, r);
    if (rg->first && rg->first != rg->last)
      return ir_op_error(op, "expects region #%u to have 0 or 1 blocks", r);
  }
  for (unsigned r = 0; r < op->nregions; r++) {
    IrBlock *b = ir_op_region(op, r)->first;
    if (!b) continue;
    if (!b->last) return ir_op_error(op, "expects a non-empty block");
    if (b->last->info != scf_op(yield)) {
      IrDiag *d = ir_op_diag(op, IR_SEV_ERROR, "expects regions to end with 'scf.yield', found '%s'",
                             b->last->info->name);
      ir_diag_add_note(ir_op_context(op), d, ir_op_loc(op),
                       "in custom textual format, the absence of terminator implies 'scf.yield'");
      ir_diag_emit(ir_op_context(op), d);
      return false;
    }
  }
  for (unsigned r = 0; no_args && r < op->nregions; r++) {
    IrBlock *b = ir_op_region(op, r)->first;
    if (b && b->nargs) return ir_op_error(op, "region #%u should have no arguments", r);
  }
  return true;
}

/* ---- scf.condition -------------------------------------------------------------- */

bool scf_verify_condition(IrOp *op) {
  const IrType *t = ir_op_operand(op, 0)->type;
  if (!is_i1(t)) return ir_op_error(op, "operand #0 must be 1-bit signless integer, but got '%T'", t);
  return true;
}

/* ---- scf.execute_region ------------------------------------------------------------ */

bool scf_verify_execute_region(IrOp *op) {
  IrRegion *r = ir_op_region(op, 0);
  if (!r->first) return ir_op_error(op, "region needs to have at least one block");
  if (r->first->nargs) return ir_op_error(op, "region cannot have any arguments");
  TypeBuf buf = {0};
  bool ok = true;
  for (IrBlock *b = r->first; b && ok; b = b->next) {
    IrOp *t = b->last;
    if (t && (t->info == scf_op(yield))) ok = edge_to_parent(op, t, &buf, 0);
  }
  vec_free(&buf);
  return ok;
}

/* ---- scf.for ------------------------------------------------------------------------ */

bool scf_verify_for(IrOp *op) {
  if (!single_block_yield(op, false)) return false;
  for (unsigned i = 0; i < 3; i++) {
    const IrType *t = ir_op_operand(op, i)->type;
    if (!ir_type_is_index(t) && !(ir_type_is_integer(t) && t->flags == IR_SIGNLESS))
      return ir_op_error(op, "operand #%u must be signless integer or index, but got '%T'", i, t);
  }
  if (ir_op_operand(op, 0)->type != ir_op_operand(op, 1)->type ||
      ir_op_operand(op, 0)->type != ir_op_operand(op, 2)->type)
    return ir_op_error(op, "failed to verify that all of {lowerBound, upperBound, step} have "
                           "same type");
  if (ir_region_empty(ir_op_region(op, 0)))
    return ir_op_error(op, "region #0 ('region') failed to verify constraint: region with 1 blocks");
  if (op->nresults != scf_for_num_inits(op))
    return ir_op_error(op, "mismatch in number of loop-carried values and defined values");
  return true;
}

bool scf_verify_for_regions(IrOp *op) {
  IrBlock *b = ir_op_region(op, 0)->first;
  if (!b) return true;
  if (b->nargs == 0 || b->args[0]->type != ir_op_operand(op, 0)->type)
    return ir_op_error(op, "expected induction variable to be same type as bounds and step");
  unsigned ninit = scf_for_num_inits(op), niter = b->nargs - 1;
  if (ninit != niter)
    return ir_op_error(op, "different number of inits and region iter_args: %u != %u", ninit,
                       niter);
  if (op->nresults != niter)
    return ir_op_error(op, "different number of region iter_args and loop results: %u != %u",
                       niter, op->nresults);
  for (unsigned i = 0; i < niter; i++) {
    const IrType *init = ir_op_operand(op, 3 + i)->type, *arg = b->args[1 + i]->type,
                 *res = ir_op_result(op, i)->type;
    if (init != arg)
      return ir_op_error(op, "%u-th init and %u-th region iter_arg have different type: '%T' != "
                             "'%T'",
                         i, i, init, arg);
    if (arg != res)
      return ir_op_error(op, "%u-th region iter_arg and %u-th loop result have different type: "
                             "'%T' != '%T'",
                         i, i, arg, res);
  }
  IrOp *y = scf_region_terminator(op, 0);
  if (!y || y->info != scf_op(yield)) return true;
  /* ForOp::verifyRegions pairs the yielded values with the iter args, then
   * the region-branch edges are checked */
  for (unsigned i = 0; i < niter && i < y->noperands; i++) {
    const IrType *arg = b->args[1 + i]->type, *yv = ir_op_operand(y, i)->type;
    if (arg != yv)
      return ir_op_error(op, "%u-th region iter_arg and %u-th yielded value have different type: "
                             "'%T' != '%T'",
                         i, i, arg, yv);
  }
  TypeBuf buf = {0};
  bool ok = edge_to_region(op, y, 0, 1, &buf, 0);
  if (ok) ok = edge_to_parent(op, y, &buf, 0);
  vec_free(&buf);
  return ok;
}

/* ---- scf.if ------------------------------------------------------------------------- */

bool scf_verify_if(IrOp *op) {
  if (!single_block_yield(op, true)) return false;
  const IrType *t = ir_op_operand(op, 0)->type;
  if (!is_i1(t)) return ir_op_error(op, "operand #0 must be 1-bit signless integer, but got '%T'", t);
  if (op->nresults && ir_region_empty(ir_op_region(op, 1)))
    return ir_op_error(op, "must have an else block if defining values");
  return true;
}

bool scf_verify_if_regions(IrOp *op) {
  TypeBuf buf = {0};
  bool ok = true;
  for (unsigned r = 0; r < 2 && ok; r++) {
    IrOp *y = scf_region_terminator(op, r);
    if (y && y->info == scf_op(yield)) ok = edge_to_parent(op, y, &buf, 0);
  }
  vec_free(&buf);
  return ok;
}

/* ---- scf.index_switch ----------------------------------------------------------------- */

bool scf_verify_index_switch(IrOp *op) {
  const IrType *t = ir_op_operand(op, 0)->type;
  if (!ir_type_is_index(t)) return ir_op_error(op, "operand #0 must be index, but got '%T'", t);
  const IrAttr *a = ir_op_attrz(op, "cases");
  if (!a) return ir_op_error(op, "requires attribute 'cases'");
  if (!ir_attr_is(a, &ir_dense_array_attr_def) || !ir_type_is_int_width(a->type, 64))
    return ir_op_error(op, "attribute 'cases' failed to satisfy constraint: i64 dense array "
                           "attribute");
  if (op->nregions < 1) return ir_op_error(op, "expected 1 or more regions");
  size_t n;
  const int64_t *cases = scf_switch_cases(op, &n);
  if ((size_t)op->nregions - 1 != n)
    return ir_op_error(op, "has %u case regions but %zu case values", op->nregions - 1, n);
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < i; j++)
      if (cases[i] == cases[j]) return ir_op_error(op, "has duplicate case value: %lld", (long long)cases[i]);
  /* IndexSwitchOp::verify's region checks, default region first */
  for (unsigned r = 0; r < op->nregions; r++) {
    IrBlock *blk = ir_op_region(op, r)->first;
    if (!blk) return ir_op_error(op, "region #%u ('%s') failed to verify constraint: region with 1 "
                                     "blocks", r, r ? "caseRegions" : "defaultRegion");
    IrOp *y = blk->last;
    if (!y) return ir_op_error(op, "expected region to end with scf.yield, but got nothing");
    if (y->info != scf_op(yield))
      return ir_op_error(op, "expected region to end with scf.yield, but got %s", y->info->name);
    char name[40];
    if (r == 0) snprintf(name, sizeof name, "default region");
    else snprintf(name, sizeof name, "case region #%u", r - 1);
    if (y->noperands != op->nresults) {
      IrDiag *d = ir_op_diag(op, IR_SEV_ERROR,
                             "expected each region to return %u values, but %s returns %u",
                             op->nresults, name, y->noperands);
      ir_diag_add_note(ir_op_context(op), d, ir_op_loc(y), "see yield operation here");
      ir_diag_emit(ir_op_context(op), d);
      return false;
    }
    for (uint32_t i = 0; i < y->noperands; i++)
      if (ir_op_operand(y, i)->type != ir_op_result(op, i)->type) {
        IrDiag *d = ir_op_diag(op, IR_SEV_ERROR, "expected result #%u of each region to be '%T'",
                               i, ir_op_result(op, i)->type);
        ir_diag_add_note(ir_op_context(op), d, ir_op_loc(y), "%s returns '%T' here", name,
                         ir_op_operand(y, i)->type);
        ir_diag_emit(ir_op_context(op), d);
        return false;
      }
  }
  return true;
}

/* ---- scf.while ------------------------------------------------------------------------- */

/* MLIR's getTerminatorOfType: the error, with a note at the terminator
 * that is there instead. */
static bool wrong_terminator(IrOp *op, unsigned r, const char *msg) {
  IrDiag *d = ir_op_diag(op, IR_SEV_ERROR, "%s", msg);
  IrBlock *b = ir_op_region(op, r)->first;
  if (b && b->last) ir_diag_add_note(ir_op_context(op), d, ir_op_loc(b->last), "terminator here");
  ir_diag_emit(ir_op_context(op), d);
  return false;
}

bool scf_verify_while_regions(IrOp *op) {
  IrOp *c = scf_region_terminator(op, 0), *y = scf_region_terminator(op, 1);
  if (!c || c->info != scf_op(condition))
    return wrong_terminator(op, 0, "expects the 'before' region to terminate with 'scf.condition'");
  if (!y || y->info != scf_op(yield))
    return wrong_terminator(op, 1, "expects the 'after' region to terminate with 'scf.yield'");
  TypeBuf buf = {0};
  /* parent -> before */
  arg_types(ir_op_region(op, 0)->first, 0, &buf);
  bool ok = edge(op, NULL, "parent", "Region #0", ir_op_operands(op), op->noperands, buf.data, buf.len);
  /* condition -> parent, condition -> after */
  if (ok) ok = edge_to_parent(op, c, &buf, 1);
  if (ok) ok = edge_to_region(op, c, 1, 0, &buf, 1);
  /* yield -> before */
  if (ok) ok = edge_to_region(op, y, 0, 0, &buf, 0);
  vec_free(&buf);
  return ok;
}
