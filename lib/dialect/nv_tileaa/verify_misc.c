/* verify_misc.c — verifiers of nv_tileaa's elementwise math, shape ops,
 * collectives, assumptions (seed 000 "Assumption Predicate Verification"),
 * region terminators and yield parents (seed 000 "Region Terminator
 * Diagnostics"), and the structure ops: func/call/return, symbols, execute,
 * program ids and queues.  Ends with the module-level check the
 * cuda_tile -> nv_tileaa conversion runs (no cuda_tile ops left). */
#include "dialect/nv_tileaa/aa.h"

static bool same_shape(const IrType *a, const IrType *b) {
  size_t r = aa_rank(a);
  if (aa_rank(b) != r) return false;
  for (size_t i = 0; i < r; i++)
    if (aa_shape(a)[i] != aa_shape(b)[i]) return false;
  return true;
}

static int64_t num_elements(const IrType *t) {
  int64_t n = 1;
  for (size_t i = 0; i < aa_rank(t); i++) {
    int64_t d = aa_shape(t)[i];
    if (d < 0 || (d && n > INT64_MAX / d)) return -1;
    n *= d;
  }
  return n;
}

static bool int_attr(IrOp *op, const char *name, bool required, int64_t *out) {
  const IrAttr *a = ir_op_attrz(op, name);
  if (!a) return required ? ir_op_error(op, "requires attribute '%s'", name) : true;
  if (!ir_attr_is(a, &ir_integer_attr_def))
    return ir_op_error(op, "attribute '%s' failed to satisfy constraint: integer attribute",
                       name);
  *out = a->ints[0];
  return true;
}

/* ---- elementwise ------------------------------------------------------------------ */

static bool verify_same_types(IrOp *op) {
  const IrType *t = ir_op_result(op, 0)->type;
  for (uint32_t i = 0; i < op->noperands; i++)
    if (ir_op_operand(op, i)->type != t)
      return ir_op_error(op, "requires the same type for all operands and results");
  return true;
}

/* Floating elementwise ops: same type everywhere, floating elements,
 * optional rounding_mode / propagate_nan. */
bool aa_verify_elementwise(IrOp *op) {
  for (uint32_t i = 0; i < op->noperands; i++) {
    const IrType *t = ir_op_operand(op, i)->type;
    if (!ir_type_is_float(aa_elem(t)))
      return ir_op_error(op, "operand #%u must be floating-point or a tile of floating-point "
                             "values, but got '%T'", i, t);
  }
  if (!verify_same_types(op)) return false;
  const IrAttr *rm = ir_op_attrz(op, "rounding_mode");
  if (rm && aa_enum_value(rm, &aa_enum_rounding_mode) < 0)
    return ir_op_error(op, "attribute 'rounding_mode' failed to satisfy constraint: rounding "
                           "mode");
  const IrAttr *pn = ir_op_attrz(op, "propagate_nan");
  if (pn && aa_enum_value(pn, &aa_enum_propagate_nan) < 0 && !ir_attr_is(pn, &ir_bool_attr_def))
    return ir_op_error(op, "attribute 'propagate_nan' failed to satisfy constraint: NaN "
                           "propagation");
  return true;
}

/* mulhiui: unsigned high half — integer (signless or unsigned) elements. */
bool aa_verify_mulhiui(IrOp *op) {
  for (uint32_t i = 0; i < op->noperands; i++) {
    const IrType *t = ir_op_operand(op, i)->type, *e = aa_elem(t);
    if (!ir_type_is_integer(e) || e->flags == IR_SIGNED)
      return ir_op_error(op, "operand #%u must be a signless or unsigned integer or a tile of "
                             "them, but got '%T'", i, t);
  }
  return verify_same_types(op);
}

/* ---- shape ops ---------------------------------------------------------------------- */

bool aa_verify_shape(IrOp *op) {
  const IrType *r = ir_op_result(op, 0)->type;
  const IrType *s = op->noperands ? ir_op_operand(op, 0)->type : NULL;
  int64_t v = 0;
  if (aa_op_is(op, AA_OP_splat)) {
    if (aa_is_tile(s)) return ir_op_error(op, "operand #0 must be a scalar, but got '%T'", s);
    if (aa_elem(r) != s) return ir_op_error(op, "expects the result element type to be %T", s);
    return true;
  }
  if (aa_op_is(op, AA_OP_make_range)) {
    int64_t start = 0, end = 0;
    if (!int_attr(op, "start", true, &start) || !int_attr(op, "end", true, &end)) return false;
    if (end <= start) return ir_op_error(op, "expects start < end");
    if (aa_rank(r) != 1 || aa_shape(r)[0] != end - start || !ir_type_is_integer(aa_elem(r)))
      return ir_op_error(op, "expects a 1-D integer tile of %lld elements",
                         (long long)(end - start));
    return true;
  }
  if (aa_op_is(op, AA_OP_get_dim_size)) {
    if (!int_attr(op, "dim", true, &v)) return false;
    size_t rank = aa_is_memref(s) ? aa_memref_rank(s) : aa_rank(s);
    if (v < 0 || (size_t)v >= rank)
      return ir_op_error(op, "expects 'dim' in [0, %zu), but got %lld", rank, (long long)v);
    if (!ir_type_is_index(r) && !ir_type_is_integer(r))
      return ir_op_error(op, "result #0 must be index or integer, but got '%T'", r);
    return true;
  }
  if (aa_op_is(op, AA_OP_histogram)) {
    if (!ir_type_is_integer(aa_elem(s)) || !ir_type_is_integer(aa_elem(r)) || aa_rank(r) != 1)
      return ir_op_error(op, "expects an integer input and a 1-D integer result");
    return true;
  }
  if (aa_elem(r) != aa_elem(s))
    return ir_op_error(op, "expects the result element type to match the operand's");
  size_t rs = aa_rank(s), rr = aa_rank(r);
  if (aa_op_is(op, AA_OP_broadcast)) {
    if (rs != rr) return ir_op_error(op, "expects operand and result of the same rank");
    for (size_t i = 0; i < rs; i++)
      if (aa_shape(s)[i] != aa_shape(r)[i] && aa_shape(s)[i] != 1)
        return ir_op_error(op, "expects operand dimension %zu to be 1 or %lld", i,
                           (long long)aa_shape(r)[i]);
  } else if (aa_op_is(op, AA_OP_expand_dims)) {
    if (!int_attr(op, "axis", true, &v)) return false;
    if (v < 0 || (size_t)v > rs) return ir_op_error(op, "expects 'axis' in [0, %zu]", rs);
    bool ok = rr == rs + 1 && aa_shape(r)[v] == 1;
    for (size_t i = 0, j = 0; ok && i < rr; i++) {
      if (i == (size_t)v) continue;
      ok = aa_shape(r)[i] == aa_shape(s)[j++];
    }
    if (!ok) return ir_op_error(op, "expects the operand shape with a size-one axis at %lld",
                                (long long)v);
  } else if (aa_op_is(op, AA_OP_view)) {
    if (num_elements(s) != num_elements(r))
      return ir_op_error(op, "view requires the same element count: source has %lld, result "
                             "has %lld",
                         (long long)num_elements(s), (long long)num_elements(r));
  } else if (aa_op_is(op, AA_OP_extract)) {
    size_t k = op->noperands - 1;
    if (k > rs || rr != rs - k)
      return ir_op_error(op, "expects the result to drop the %zu indexed leading axes", k);
    for (size_t i = 0; i < rr; i++)
      if (aa_shape(r)[i] != aa_shape(s)[k + i])
        return ir_op_error(op, "expects the result to drop the %zu indexed leading axes", k);
  } else if (aa_op_is(op, AA_OP_extract_slice)) {
    if (op->noperands - 1 != rs || rr != rs)
      return ir_op_error(op, "expects one offset per dimension and a result of the same rank");
    for (size_t i = 0; i < rs; i++)
      if (aa_shape(r)[i] > aa_shape(s)[i])
        return ir_op_error(op, "expects the slice to fit in the source");
  } else if (aa_op_is(op, AA_OP_cat)) {
    const IrType *b = ir_op_operand(op, 1)->type;
    if (b != s) return ir_op_error(op, "expects both operands to have the same type");
    bool ok = rr == rs && rs > 0 && aa_shape(r)[0] == 2 * aa_shape(s)[0];
    for (size_t i = 1; ok && i < rs; i++) ok = aa_shape(r)[i] == aa_shape(s)[i];
    if (!ok) return ir_op_error(op, "expects the result to concatenate the operands along axis 0");
  } else if (aa_op_is(op, AA_OP_permute)) {
    const IrAttr *ord = ir_op_attrz(op, "order");
    if (!ord) return ir_op_error(op, "requires attribute 'order'");
    if (!ir_attr_is(ord, &ir_dense_array_attr_def) || ord->nints != rs || rr != rs)
      return ir_op_error(op, "expects 'order' to be a permutation of the %zu axes", rs);
    uint64_t seen = 0;
    for (size_t i = 0; i < rs; i++) {
      int64_t a = ord->ints[i];
      if (a < 0 || (size_t)a >= rs || a >= 64 || (seen >> a) & 1)
        return ir_op_error(op, "expects 'order' to be a permutation of the %zu axes", rs);
      seen |= 1ull << a;
      if (aa_shape(r)[i] != aa_shape(s)[a])
        return ir_op_error(op, "expects the result shape to be the permuted operand shape");
    }
  }
  return true;
}

/* ---- regions ---------------------------------------------------------------------- */

/* verify_region_terminator: every region ends with nv_tileaa.yield (an
 * execute region may also be a queue region ending in queue.yield). */
bool aa_verify_region_terminator(IrOp *op) {
  bool queue_ok = aa_op_is(op, AA_OP_execute);
  for (uint32_t i = 0; i < op->nregions; i++) {
    IrRegion *r = &ir_op_regions(op)[i];
    IrOp *term = r->last ? r->last->last : NULL;
    if (!term || !(aa_op_is(term, AA_OP_yield) || (queue_ok && aa_op_is(term, AA_OP_queue_yield))))
      return ir_op_error(op, "expects regions to end with 'nv_tileaa.yield'");
  }
  return true;
}

/* reduce / scan: one result per input, axis in range, region ends in yield. */
bool aa_verify_reduce_scan(IrOp *op) {
  if (!aa_verify_region_terminator(op)) return false;
  if (op->nresults != op->noperands)
    return ir_op_error(op, "expects one result per input");
  int64_t axis = 0;
  if (!int_attr(op, "axis", true, &axis)) return false;
  bool reduce = aa_op_is(op, AA_OP_reduce);
  for (uint32_t i = 0; i < op->noperands; i++) {
    const IrType *s = ir_op_operand(op, i)->type, *r = ir_op_result(op, i)->type;
    size_t rank = aa_rank(s);
    if (axis < 0 || (size_t)axis >= rank)
      return ir_op_error(op, "expects 'axis' in [0, %zu), but got %lld", rank, (long long)axis);
    if (aa_elem(r) != aa_elem(s))
      return ir_op_error(op, "expects result #%u to have the input element type", i);
    if (!reduce) {
      if (!same_shape(s, r)) return ir_op_error(op, "expects result #%u to have the input shape", i);
      continue;
    }
    bool ok = aa_rank(r) + 1 == rank;
    for (size_t k = 0, j = 0; ok && k < rank; k++) {
      if (k == (size_t)axis) continue;
      ok = aa_shape(r)[j++] == aa_shape(s)[k];
    }
    if (!ok) return ir_op_error(op, "expects result #%u to drop the reduced axis", i);
  }
  return true;
}

/* ---- assume (seed 000: first failing predicate wins) --------------------------------- */

static bool pointer_like(const IrType *t) { return aa_is_ptr(aa_elem(t)); }
static bool integer_like(const IrType *t) {
  return ir_type_is_integer(aa_elem(t)) || ir_type_is_index(aa_elem(t));
}

static bool verify_div_by(IrOp *op, const IrAttr *a, const IrType *t) {
  if (!integer_like(t) && !pointer_like(t) && !aa_is_memref(t))
    return ir_op_error(op, "div_by requires an integer-, pointer-, or memref-like value");
  int64_t d = a->ints[0];
  if (d <= 0 || (d & (d - 1)) != 0)
    return ir_op_error(op, "div_by divisor must be a positive power of two");
  bool has_every = a->flags & 1, has_along = (a->flags & 2) != 0;
  if (has_every != has_along) return ir_op_error(op, "div_by every and along must appear together");
  if (has_every) {
    if (a->ints[1] <= 0) return ir_op_error(op, "div_by every must be positive");
    size_t rank = aa_is_memref(t) ? aa_memref_rank(t) : aa_rank(t);
    if (a->ints[2] < 0 || (uint64_t)a->ints[2] >= rank)
      return ir_op_error(op, "div_by along must reference a valid axis");
  }
  return true;
}

static bool verify_bounded(IrOp *op, const IrAttr *a, const IrType *t) {
  const IrType *e = aa_elem(t);
  if (!ir_type_is_integer(e) && !ir_type_is_index(e))
    return ir_op_error(op, "bounded requires an integer-like element type");
  unsigned w = ir_type_is_index(e) ? 64 : ir_integer_width(e);
  int64_t lo = w >= 64 ? INT64_MIN : -(INT64_C(1) << (w - 1));
  int64_t hi = w >= 64 ? INT64_MAX : (INT64_C(1) << (w - 1)) - 1;
  bool hl = a->flags & 1, hu = (a->flags & 2) != 0;
  if (hl && (a->ints[0] < lo || a->ints[0] > hi))
    return ir_op_error(op, "bounded lower exceeds the element's representable range");
  if (hu && (a->ints[1] < lo || a->ints[1] > hi))
    return ir_op_error(op, "bounded upper exceeds the element's representable range");
  if (hl && hu && a->ints[0] > a->ints[1])
    return ir_op_error(op, "bounded lower must not exceed upper");
  return true;
}

static bool verify_same_elements(IrOp *op, const IrAttr *a, const IrType *t) {
  size_t rank = aa_is_memref(t) ? aa_memref_rank(t) : aa_rank(t);
  const int64_t *shape = aa_is_memref(t) ? aa_memref_shape(t) : aa_shape(t);
  if (a->nints != rank)
    return ir_op_error(op, "same_elements length must match the constrained value's rank");
  for (size_t i = 0; i < rank; i++) {
    int64_t v = a->ints[i];
    if (v < 0 || (shape[i] != IR_DYNAMIC && v > shape[i]))
      return ir_op_error(op, "same_elements axis bound is out of range");
  }
  return true;
}

/* verify_assume: each predicate of `predicates` in order; non-predicates
 * are skipped. */
bool aa_verify_assume(IrOp *op) {
  const IrType *t = ir_op_operand(op, 0)->type;
  if (ir_op_result(op, 0)->type != t)
    return ir_op_error(op, "failed to verify that all of {value, result} have same type");
  const IrAttr *preds = ir_op_attrz(op, "predicates");
  if (!preds) return true;
  size_t n = ir_attr_is(preds, &ir_array_attr_def) ? preds->nelems : 1;
  for (size_t i = 0; i < n; i++) {
    const IrAttr *a = ir_attr_is(preds, &ir_array_attr_def) ? preds->elems[i] : preds;
    bool ok = true;
    if (a->def == &aa_div_by_attr_def) ok = verify_div_by(op, a, t);
    else if (a->def == &aa_bounded_attr_def) ok = verify_bounded(op, a, t);
    else if (a->def == &aa_same_elements_attr_def) ok = verify_same_elements(op, a, t);
    if (!ok) return false;
  }
  return true;
}

/* ---- functions, symbols, terminators -------------------------------------------------- */

static const IrType *func_type(IrOp *f) {
  const IrAttr *a = ir_op_attrz(f, "function_type");
  return ir_attr_is(a, &ir_type_attr_def) && ir_type_is(a->type, &ir_function_type_def)
             ? a->type : NULL;
}

bool aa_verify_func(IrOp *op) {
  const IrAttr *name = ir_op_attrz(op, "sym_name");
  if (!name) return ir_op_error(op, "requires attribute 'sym_name'");
  if (!ir_attr_is(name, &ir_string_attr_def))
    return ir_op_error(op, "attribute 'sym_name' failed to satisfy constraint: string attribute");
  const IrType *ft = func_type(op);
  if (!ft) return ir_op_error(op, "requires attribute 'function_type'");
  IrBlock *entry = ir_op_regions(op)[0].first;
  if (!entry) return ir_op_error(op, "expects a non-empty body");
  if (entry->nargs != ir_func_num_inputs(ft))
    return ir_op_error(op, "entry block must have %zu arguments to match function signature",
                       ir_func_num_inputs(ft));
  for (uint32_t i = 0; i < entry->nargs; i++)
    if (entry->args[i]->type != ir_func_inputs(ft)[i])
      return ir_op_error(op, "type of entry block argument #%u(%T) must match the type of the "
                             "corresponding argument in function signature(%T)",
                         i, entry->args[i]->type, ir_func_inputs(ft)[i]);
  return true;
}

/* Operands of a terminator against expected types ("what" names the
 * contract in messages). */
static bool match_types(IrOp *op, const IrType *const *want, size_t n, const char *what) {
  if (op->noperands != n)
    return ir_op_error(op, "has %u operands, but %s expects %zu", op->noperands, what, n);
  for (size_t i = 0; i < n; i++)
    if (ir_op_operand(op, (unsigned)i)->type != want[i])
      return ir_op_error(op, "type of operand #%zu (%T) doesn't match the %s type (%T)", i,
                         ir_op_operand(op, (unsigned)i)->type, what, want[i]);
  return true;
}

/* Result types of a function type (no pointer arithmetic on an empty one). */
static const IrType *const *func_results(const IrType *ft) {
  return ir_func_num_results(ft) ? ir_func_results(ft) : NULL;
}

bool aa_verify_return(IrOp *op) {
  IrOp *f = ir_op_parent_op(op);
  const IrType *ft = f ? func_type(f) : NULL;
  if (!ft) return true;
  return match_types(op, func_results(ft), ir_func_num_results(ft), "enclosing function result");
}

/* verify_yield_parent, then the parent's result contract. */
bool aa_verify_yield(IrOp *op) {
  IrOp *parent = ir_op_parent_op(op), *f = parent;
  while (f && !aa_op_is(f, AA_OP_func)) f = ir_op_parent_op(f);
  if (!f) return ir_op_error(op, "expects parent op 'nv_tileaa.func'");
  if (aa_op_is(parent, AA_OP_func)) {
    const IrType *ft = func_type(parent);
    return !ft || match_types(op, func_results(ft), ir_func_num_results(ft),
                              "enclosing function result");
  }
  IrTypeVec want = {0};
  if (aa_op_is(parent, AA_OP_reduce) || aa_op_is(parent, AA_OP_scan)) {
    for (uint32_t i = 0; i < parent->noperands; i++)
      vec_push(&want, aa_elem(ir_op_operand(parent, i)->type));
  } else if (aa_op_is(parent, AA_OP_generate)) {
    vec_push(&want, aa_elem(ir_op_result(parent, 0)->type));
  } else if (aa_op_is(parent, AA_OP_execute) || aa_op_is(parent, AA_OP_pragma)) {
    for (uint32_t i = 0; i < parent->nresults; i++) vec_push(&want, ir_op_result(parent, i)->type);
  } else {
    vec_free(&want);
    return true;
  }
  bool ok = match_types(op, want.data, want.len, "parent result");
  vec_free(&want);
  return ok;
}

bool aa_verify_call(IrOp *op) {
  const IrAttr *c = ir_op_attrz(op, "callee");
  if (!ir_attr_is(c, &ir_symref_attr_def))
    return ir_op_error(op, "requires 'callee' symbol reference attribute");
  IrOp *f = ir_symbol_resolve(op, c);
  if (!f || !aa_op_is(f, AA_OP_func))
    return ir_op_error(op, "'@%s' does not reference a valid function", c->str->str);
  const IrType *ft = func_type(f);
  if (!ft) return true;
  if (ir_func_num_inputs(ft) != op->noperands)
    return ir_op_error(op, "incorrect number of operands for callee");
  for (uint32_t i = 0; i < op->noperands; i++)
    if (ir_op_operand(op, i)->type != ir_func_inputs(ft)[i])
      return ir_op_error(op, "operand type mismatch: expected operand type '%T', but provided "
                             "'%T' for operand number %u",
                         ir_func_inputs(ft)[i], ir_op_operand(op, i)->type, i);
  if (ir_func_num_results(ft) != op->nresults)
    return ir_op_error(op, "incorrect number of results for callee");
  for (uint32_t i = 0; i < op->nresults; i++)
    if (ir_op_result(op, i)->type != ir_func_results(ft)[i])
      return ir_op_error(op, "result type mismatch at index %u", i);
  return true;
}

/* get_global / launch_func / plugin: the symbol resolves (to a global for
 * get_global, to a func for launch_func and plugin). */
bool aa_verify_symbol_ref(IrOp *op) {
  const AaOpDesc *d = aa_desc(op->info);
  const IrAttr *s = ir_op_attrz(op, d->sym_attr);
  if (!ir_attr_is(s, &ir_symref_attr_def))
    return ir_op_error(op, "requires '%s' symbol reference attribute", d->sym_attr);
  IrOp *t = ir_symbol_resolve(op, s);
  bool want_global = aa_op_is(op, AA_OP_get_global);
  if (!t || (want_global ? !aa_op_is(t, AA_OP_global) : !aa_op_is(t, AA_OP_func)))
    return ir_op_error(op, "'@%s' does not reference a valid %s", s->str->str,
                       want_global ? "nv_tileaa.global" : "nv_tileaa.func");
  if (want_global && !aa_is_ptr(aa_elem(ir_op_result(op, 0)->type)))
    return ir_op_error(op, "result #0 must be a pointer, but got '%T'", ir_op_result(op, 0)->type);
  if (aa_op_is(op, AA_OP_plugin) || aa_op_is(op, AA_OP_launch_func)) {
    static const char *const res[] = {"registers", "shared_memory", "tensor_memory",
                                      "named_barriers", NULL};
    for (int i = 0; res[i]; i++) {
      const IrAttr *a = ir_op_attrz(op, res[i]);
      if (a && (!ir_attr_is(a, &ir_integer_attr_def) || a->ints[0] < 0))
        return ir_op_error(op, "attribute '%s' failed to satisfy constraint: non-negative "
                               "integer attribute", res[i]);
    }
    const IrAttr *tm = ir_op_attrz(op, "tensor_memory");
    if (tm && ir_attr_is(tm, &ir_integer_attr_def) && tm->ints[0] > 0 &&
        !aa_sm_supports_block_scaled(aa_target_sm(op)))
      return ir_op_error(op, "tensor memory requires a target that supports it");
  }
  return true;
}

bool aa_verify_global(IrOp *op) {
  const IrAttr *t = ir_op_attrz(op, "type");
  if (!t) return ir_op_error(op, "requires attribute 'type'");
  if (!ir_attr_is(t, &ir_type_attr_def))
    return ir_op_error(op, "attribute 'type' failed to satisfy constraint: type attribute");
  return true;
}

bool aa_verify_execute(IrOp *op) {
  if (!aa_verify_region_terminator(op)) return false;
  const IrAttr *c = ir_op_attrz(op, "callee");
  if (c) {
    IrOp *t = ir_attr_is(c, &ir_symref_attr_def) ? ir_symbol_resolve(op, c) : NULL;
    if (!t) return ir_op_error(op, "'callee' does not reference a valid symbol");
  }
  const IrAttr *tm = ir_op_attrz(op, "tensor_memory");
  if (tm && !aa_sm_supports_block_scaled(aa_target_sm(op)))
    return ir_op_error(op, "tensor memory requires a target that supports it");
  return true;
}

/* ---- grid and queues ------------------------------------------------------------------- */

bool aa_verify_program_id(IrOp *op) {
  int64_t axis = 0;
  if (!int_attr(op, "axis", false, &axis)) return false;
  if (axis < 0 || axis > 2) return ir_op_error(op, "expects 'axis' in [0, 2], but got %lld",
                                               (long long)axis);
  const IrType *r = ir_op_result(op, 0)->type;
  if (aa_op_is(op, AA_OP_is_valid_program_id)) {
    const IrType *s = ir_op_operand(op, 0)->type;
    if (!aa_is_program_id(s) && !ir_type_is_integer(s))
      return ir_op_error(op, "operand #0 must be !nv_tileaa.program_id or integer, but got '%T'",
                         s);
    if (!ir_type_is_int_width(r, 1)) return ir_op_error(op, "result #0 must be i1, but got '%T'", r);
    return true;
  }
  if (aa_op_is(op, AA_OP_get_num_programs)) {
    if (!ir_type_is_integer(r) && !ir_type_is_index(r))
      return ir_op_error(op, "result #0 must be integer or index, but got '%T'", r);
    return true;
  }
  if (!aa_is_program_id(r) && !ir_type_is_integer(r) && !ir_type_is_index(r))
    return ir_op_error(op, "result #0 must be !nv_tileaa.program_id or integer, but got '%T'", r);
  return true;
}

bool aa_verify_queue_op(IrOp *op) {
  if (aa_op_is(op, AA_OP_create_queue)) {
    if (!aa_is_queue(ir_op_result(op, 0)->type))
      return ir_op_error(op, "result #0 must be a queue, but got '%T'", ir_op_result(op, 0)->type);
    return true;
  }
  const IrType *q = ir_op_operand(op, 0)->type;
  if (!aa_is_queue(q)) return ir_op_error(op, "operand #0 must be a queue, but got '%T'", q);
  bool get = aa_op_is(op, AA_OP_queue_get);
  uint32_t n = get ? op->nresults : op->noperands - 1;
  if (n != q->ntypes)
    return ir_op_error(op, "expects %u values to match the queue's types, but got %u",
                       q->ntypes, n);
  for (uint32_t i = 0; i < n; i++) {
    const IrType *t = get ? ir_op_result(op, i)->type : ir_op_operand(op, i + 1)->type;
    if (t != q->types[i])
      return ir_op_error(op, "expects value #%u of type %T to match the queue, but got %T", i,
                         q->types[i], t);
  }
  return true;
}

bool aa_verify_opt_barrier(IrOp *op) {
  if (op->nresults != op->noperands)
    return ir_op_error(op, "expects one result per operand");
  for (uint32_t i = 0; i < op->noperands; i++)
    if (ir_op_result(op, i)->type != ir_op_operand(op, i)->type)
      return ir_op_error(op, "expects result #%u to have the operand's type", i);
  return true;
}

/* Escape hatches: the string attributes naming what they call or inject
 * (extern_elementwise: symbol; elementwise_inline_asm: asm_string and
 * constraints; call_elementwise_intrinsic: intrinsic; inject_ir: ir), and
 * elementwise results shaped like the first operand. */
bool aa_verify_escape(IrOp *op) {
  const char *need[3] = {NULL, NULL, NULL};
  if (aa_op_is(op, AA_OP_extern_elementwise)) need[0] = "symbol";
  else if (aa_op_is(op, AA_OP_call_elementwise_intrinsic)) need[0] = "intrinsic";
  else if (aa_op_is(op, AA_OP_inject_ir)) need[0] = "ir";
  else need[0] = "asm_string", need[1] = "constraints";
  for (int i = 0; need[i]; i++) {
    const IrAttr *a = ir_op_attrz(op, need[i]);
    if (!a) return ir_op_error(op, "requires attribute '%s'", need[i]);
    if (!ir_attr_is(a, &ir_string_attr_def))
      return ir_op_error(op, "attribute '%s' failed to satisfy constraint: string attribute",
                         need[i]);
  }
  if (aa_op_is(op, AA_OP_inject_ir) || !op->noperands) return true;
  const IrType *s = ir_op_operand(op, 0)->type;
  for (uint32_t i = 0; i < op->nresults; i++)
    if (!same_shape(ir_op_result(op, i)->type, s))
      return ir_op_error(op, "expects elementwise results shaped like the operands");
  return true;
}

/* ---- module-level option ------------------------------------------------------------- */

/* The first cuda_tile op under op (op included), in pre-order, or NULL.
 * A direct recursion rather than ir_walk_pre's callback per op, and the
 * name's first byte before the prefix comparison: the conversion runs this
 * over every op it produced. */
static IrOp *find_cuda_tile(IrOp *op) {
  const char *n = op->info->name;
  if (n[0] == 'c' && !strncmp(n, "cuda_tile.", 10)) return op;
  for (uint32_t i = 0; i < op->nregions; i++)
    for (IrBlock *b = ir_op_region(op, i)->first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) {
        if (!o->nregions) {
          const char *m = o->info->name;
          if (m[0] == 'c' && !strncmp(m, "cuda_tile.", 10)) return o;
          continue;
        }
        IrOp *bad = find_cuda_tile(o);
        if (bad) return bad;
      }
  return NULL;
}

bool aa_module_has_no_cuda_tile(IrOp *module) {
  IrOp *bad = find_cuda_tile(module);
  if (!bad) return true;
  return ir_op_error(bad, "cuda_tile operation is not allowed in an nv_tileaa module");
}

bool aa_verify_module(IrOp *module) {
  return aa_module_has_no_cuda_tile(module) && ir_verify(module);
}
