/* verify_mem.c — verifiers of nv_tileaa's pointer, memref, conversion and
 * memory-effect ops (seed 002 "Pointer and Memref Construction", "Memory
 * Effects"; seed 000 fp_to_fp).  Memory ops share verify_memory_op_common:
 * operand segments, indices against the base rank, mask shape, token arity,
 * then the weak/non-weak scope rule with the seed's verbatim texts. */
#include "dialect/nv_tileaa/aa.h"

static bool same_shape(const IrType *a, const IrType *b) {
  size_t r = aa_rank(a);
  if (aa_rank(b) != r) return false;
  for (size_t i = 0; i < r; i++)
    if (aa_shape(a)[i] != aa_shape(b)[i]) return false;
  return true;
}

static bool is_int_like(const IrType *e) { return ir_type_is_integer(e) || ir_type_is_index(e); }

/* ---- memory ops ------------------------------------------------------------------ */

typedef struct MemLayout {
  int value_seg;     /* segment holding the stored value / rmw operand (-1: none) */
  int idx_seg, mask_seg;
  bool value_is_result;  /* load-like: the data value is result 0 */
  bool is_store, is_load;
} MemLayout;

static MemLayout layout_of(IrOp *op) {
  MemLayout l = {-1, 1, 2, true, false, true};
  if (aa_op_is(op, AA_OP_store) || aa_op_is(op, AA_OP_tiled_store)) {
    l = (MemLayout){1, 2, 3, false, true, false};
  } else if (aa_op_is(op, AA_OP_atomic_cas)) {
    l = (MemLayout){1, 3, 4, true, false, false};
  } else if (aa_op_is(op, AA_OP_atomic_rmw) || aa_op_is(op, AA_OP_tiled_atomic_rmw)) {
    l = (MemLayout){1, 2, 3, true, false, false};
  }
  return l;
}

/* Pointee element type of a base (ptr, tile<ptr>, memref); NULL otherwise. */
static const IrType *base_elem(const IrType *t, size_t *rank) {
  *rank = 0;
  if (aa_is_memref(t)) {
    *rank = aa_memref_rank(t);
    return aa_memref_elem(t);
  }
  const IrType *e = aa_elem(t);
  return aa_is_ptr(e) ? aa_ptr_pointee(e) : NULL;
}

/* The mem_semantic / mem_scope rules. */
static bool verify_semantics(IrOp *op, const MemLayout *l) {
  const IrAttr *sa = ir_op_attrz(op, "mem_semantic"), *sc = ir_op_attrz(op, "mem_scope");
  int sem = sa ? aa_enum_value(sa, &aa_enum_mem_semantic) : AA_SEM_WEAK;
  if (sa && sem < 0)
    return ir_op_error(op, "attribute 'mem_semantic' failed to satisfy constraint: memory "
                           "semantic");
  if (sc && aa_enum_value(sc, &aa_enum_mem_scope) < 0)
    return ir_op_error(op, "attribute 'mem_scope' failed to satisfy constraint: memory scope");
  if (l->is_load && (sem == AA_SEM_RELEASE || sem == AA_SEM_ACQ_REL))
    return ir_op_error(op, "load ordering must be weak, relaxed, or acquire");
  if (l->is_store && (sem == AA_SEM_ACQUIRE || sem == AA_SEM_ACQ_REL))
    return ir_op_error(op, "store ordering must be weak, relaxed, or release");
  if (sem != AA_SEM_WEAK) {
    if (!sc) return ir_op_error(op, "non-weak memory ordering requires explicit scope");
  } else if (sc) {
    return ir_op_error(op, "weak memory ordering must not carry a scope");
  }
  return true;
}

/* Token protocol: an optional trailing mem_token operand, mirrored by a
 * trailing mem_token result; the data results come first. */
static bool verify_tokens(IrOp *op, uint32_t seg_total, unsigned data_results) {
  bool tok_in = op->noperands > seg_total;
  if (tok_in && !aa_is_token(ir_op_operand(op, seg_total)->type))
    return ir_op_error(op, "expects the operand after the segments to be a "
                           "!nv_tileaa.mem_token, but got '%T'",
                       ir_op_operand(op, seg_total)->type);
  unsigned want = data_results + (tok_in ? 1 : 0);
  if (op->nresults != want)
    return ir_op_error(op, "expects %u results (a result token exactly when a token operand "
                           "is given), but got %u",
                       want, op->nresults);
  if (tok_in && !aa_is_token(ir_op_result(op, want - 1)->type))
    return ir_op_error(op, "expects the last result to be a !nv_tileaa.mem_token, but got '%T'",
                       ir_op_result(op, want - 1)->type);
  for (unsigned i = 0; i < data_results; i++)
    if (aa_is_token(ir_op_result(op, i)->type))
      return ir_op_error(op, "expects result #%u to carry data, not a token", i);
  return true;
}

/* verify_memory_op_common plus the element-type contract. */
bool aa_verify_memop(IrOp *op) {
  const AaOpDesc *d = aa_desc(op->info);
  int32_t seg[5];
  uint32_t start[5];
  if (!aa_segments(op, d->nseg, seg, start, false)) return false;
  MemLayout l = layout_of(op);
  if (seg[0] != 1) return ir_op_error(op, "expects exactly one base operand");
  if (l.value_seg >= 0 && seg[l.value_seg] != 1)
    return ir_op_error(op, "expects exactly one value operand");
  if (aa_op_is(op, AA_OP_atomic_cas) && seg[2] != 1)
    return ir_op_error(op, "expects exactly one replacement operand");
  for (int i = l.mask_seg; i < d->nseg; i++)
    if (seg[i] > 1)
      return ir_op_error(op, "operand group starting at #%u requires 0 or 1 element, but "
                             "found %d", start[i], seg[i]);
  const IrType *bt = ir_op_operand(op, 0)->type;
  size_t rank;
  const IrType *pe = base_elem(bt, &rank);
  if (!pe)
    return ir_op_error(op, "operand #0 must be a pointer, tile of pointers or memref, but got "
                           "'%T'", bt);
  if ((size_t)seg[l.idx_seg] != rank)
    return ir_op_error(op, "expects %zu indices to match the base rank, but got %d", rank,
                       seg[l.idx_seg]);
  for (int32_t i = 0; i < seg[l.idx_seg]; i++) {
    const IrType *it = ir_op_operand(op, start[l.idx_seg] + (uint32_t)i)->type;
    if (!is_int_like(it)) return ir_op_error(op, "expects index operands, but got '%T'", it);
  }
  uint32_t total = 0;
  for (int i = 0; i < d->nseg; i++) total += (uint32_t)seg[i];
  unsigned data_results = l.is_store ? 0 : 1;
  if (!verify_tokens(op, total, data_results)) return false;
  const IrType *vt = l.value_is_result ? ir_op_result(op, 0)->type
                                       : ir_op_operand(op, start[l.value_seg])->type;
  if (seg[l.mask_seg] == 1) {
    const IrType *mt = ir_op_operand(op, start[l.mask_seg])->type;
    if (!ir_type_is_int_width(aa_elem(mt), 1))
      return ir_op_error(op, "expects an i1 mask, but got '%T'", mt);
    if (!same_shape(mt, vt)) return ir_op_error(op, "expects the mask shape to match the value shape");
  }
  if (aa_elem(vt) != pe)
    return ir_op_error(op, "expects the value element type %T to match the base element type %T",
                       aa_elem(vt), pe);
  if (!aa_is_memref(bt) && aa_is_tile(bt) && !same_shape(bt, vt))
    return ir_op_error(op, "expects the pointer tile shape to match the value shape");
  if (aa_is_memref(bt) && aa_is_tile(vt) && aa_rank(vt) != rank)
    return ir_op_error(op, "expects a value of rank %zu, but got rank %zu", rank, aa_rank(vt));
  if (aa_op_is(op, AA_OP_load) || aa_op_is(op, AA_OP_tiled_load)) {
    if (seg[3] == 1 && ir_op_operand(op, start[3])->type != vt)
      return ir_op_error(op, "expects 'other' to have the result type");
  } else if (!l.is_load && !l.is_store) {
    for (int i = 1; i < (aa_op_is(op, AA_OP_atomic_cas) ? 3 : 2); i++)
      if (ir_op_operand(op, start[i])->type != vt)
        return ir_op_error(op, "expects the operand and old-value types to match");
    const IrAttr *m = ir_op_attrz(op, "rmw_mode");
    if (!aa_op_is(op, AA_OP_atomic_cas)) {
      if (!m) return ir_op_error(op, "requires attribute 'rmw_mode'");
      if (aa_enum_value(m, &aa_enum_rmw_mode) < 0)
        return ir_op_error(op, "attribute 'rmw_mode' failed to satisfy constraint: rmw mode");
    }
  }
  for (int k = 0; k < 2; k++) {
    const char *n = k ? "eviction_policy" : "cache_modifier";
    const IrAttr *a = ir_op_attrz(op, n);
    if (a && aa_enum_value(a, k ? &aa_enum_eviction_policy : &aa_enum_cache_modifier) < 0)
      return ir_op_error(op, "attribute '%s' failed to satisfy constraint: %s", n,
                         k ? "eviction policy" : "cache modifier");
  }
  const IrAttr *ib = ir_op_attrz(op, "in_bounds");
  if (ib && (!ir_attr_is(ib, &ir_dense_array_attr_def) || ib->nints != rank))
    return ir_op_error(op, "expects 'in_bounds' to hold one boolean per base dimension");
  return verify_semantics(op, &l);
}

/* gather_load {ptrs, mask, other} / scatter_store {ptrs, value, mask}. */
bool aa_verify_gather_scatter(IrOp *op) {
  int32_t seg[3];
  uint32_t start[3];
  if (!aa_segments(op, 3, seg, start, false)) return false;
  bool store = aa_op_is(op, AA_OP_scatter_store);
  if (seg[0] != 1 || (store && seg[1] != 1))
    return ir_op_error(op, "expects exactly one pointer%s operand", store ? " and value" : "");
  const IrType *pt = ir_op_operand(op, 0)->type;
  if (!aa_is_ptr(aa_elem(pt)))
    return ir_op_error(op, "operand #0 must be a pointer or tile of pointers, but got '%T'", pt);
  uint32_t total = (uint32_t)(seg[0] + seg[1] + seg[2]);
  if (!verify_tokens(op, total, store ? 0 : 1)) return false;
  const IrType *vt = store ? ir_op_operand(op, 1)->type : ir_op_result(op, 0)->type;
  if (!same_shape(pt, vt)) return ir_op_error(op, "expects the pointer tile shape to match the value shape");
  if (aa_elem(vt) != aa_ptr_pointee(aa_elem(pt)))
    return ir_op_error(op, "expects the value element type to match the pointee type");
  int mseg = store ? 2 : 1;
  if (seg[mseg] == 1 && !same_shape(ir_op_operand(op, start[mseg])->type, vt))
    return ir_op_error(op, "expects the mask shape to match the value shape");
  MemLayout l = {-1, 0, 0, !store, store, !store};
  return verify_semantics(op, &l);
}

/* ---- pointers and memrefs ------------------------------------------------------- */

/* addptr: result keeps the base pointer (element type, address space) and
 * takes the broadcast shape of base and offset. */
bool aa_verify_addptr(IrOp *op) {
  const IrType *b = ir_op_operand(op, 0)->type, *o = ir_op_operand(op, 1)->type;
  const IrType *r = ir_op_result(op, 0)->type;
  if (!aa_is_ptr(aa_elem(b)))
    return ir_op_error(op, "operand #0 must be a pointer or tile of pointers, but got '%T'", b);
  if (!is_int_like(aa_elem(o)))
    return ir_op_error(op, "operand #1 must be index, integer or a tile of them, but got '%T'", o);
  if (aa_elem(r) != aa_elem(b))
    return ir_op_error(op, "expects the result to preserve the base pointer's element type "
                           "and address space");
  const IrType *shape_src = aa_is_tile(b) ? b : o;
  if (aa_is_tile(b) && aa_is_tile(o) && !same_shape(b, o))
    return ir_op_error(op, "expects the offset shape to broadcast against the base shape");
  if (!same_shape(r, shape_src))
    return ir_op_error(op, "expects the result shape to be the broadcast shape of the base and "
                           "offset");
  return true;
}

/* make_memref {base, offset, sizes, strides}. */
bool aa_verify_make_memref(IrOp *op) {
  int32_t seg[4];
  uint32_t start[4];
  if (!aa_segments(op, 4, seg, start, false)) return false;
  if (seg[0] != 1) return ir_op_error(op, "expects exactly one base operand");
  if (seg[1] > 1)
    return ir_op_error(op, "operand group starting at #1 requires 0 or 1 element, but found %d",
                       seg[1]);
  const IrType *b = ir_op_operand(op, 0)->type, *r = ir_op_result(op, 0)->type;
  if (!aa_is_ptr(b)) return ir_op_error(op, "operand #0 must be a pointer, but got '%T'", b);
  if (!aa_is_memref(r)) return ir_op_error(op, "result #0 must be a memref, but got '%T'", r);
  for (uint32_t i = 1; i < op->noperands; i++)
    if (!is_int_like(ir_op_operand(op, i)->type))
      return ir_op_error(op, "operand #%u must be index or integer, but got '%T'", i,
                         ir_op_operand(op, i)->type);
  if (aa_memref_elem(r) != aa_ptr_pointee(b))
    return ir_op_error(op, "expects the memref element type to match the pointee type");
  if (aa_memref_space(r) != aa_ptr_space(b))
    return ir_op_error(op, "expects the memref address space to match the pointer's");
  size_t rank = aa_memref_rank(r), ndyn = 0, nsdyn = 0;
  for (size_t i = 0; i < rank; i++) ndyn += aa_memref_shape(r)[i] == IR_DYNAMIC;
  for (size_t i = 0; i < aa_memref_num_strides(r); i++)
    nsdyn += aa_memref_strides(r)[i] == IR_DYNAMIC;
  if ((size_t)seg[2] != ndyn)
    return ir_op_error(op, "expects %zu size operands (one per dynamic dimension), but got %d",
                       ndyn, seg[2]);
  if (aa_memref_num_strides(r) ? (size_t)seg[3] != nsdyn : (seg[3] != 0 && (size_t)seg[3] != rank))
    return ir_op_error(op, "expects one stride operand per dynamic stride, but got %d", seg[3]);
  const IrAttr *as = ir_op_attrz(op, "alias_scope");
  if (as && !ir_attr_is(as, &ir_integer_attr_def))
    return ir_op_error(op, "attribute 'alias_scope' failed to satisfy constraint: 32-bit "
                           "unsigned integer attribute");
  if (as && aa_memref_alias_scope(r) >= 0 && as->ints[0] != aa_memref_alias_scope(r))
    return ir_op_error(op, "expects the memref alias scope to match 'alias_scope'");
  return true;
}

/* int_to_ptr / ptr_to_int. */
bool aa_verify_ptr_int(IrOp *op) {
  const IrType *s = ir_op_operand(op, 0)->type, *r = ir_op_result(op, 0)->type;
  bool to_ptr = op->info == aa_op(int_to_ptr);
  const IrType *pt = to_ptr ? r : s, *it = to_ptr ? s : r;
  if (!aa_is_ptr(aa_elem(pt)))
    return ir_op_error(op, "expects a pointer or tile of pointers, but got '%T'", pt);
  if (!ir_type_is_integer(aa_elem(it)) || ir_integer_width(aa_elem(it)) != 64)
    return ir_op_error(op, "expects an i64 or tile of i64, but got '%T'", it);
  if (!same_shape(s, r)) return ir_op_error(op, "expects operand and result shapes to match");
  return true;
}

static unsigned width_of(const IrType *e) {
  if (ir_type_is_integer(e)) return ir_integer_width(e);
  if (ir_type_is_index(e)) return 64;
  if (ir_type_is_float(e)) return ir_float_storage_bits(ir_float_kind(e));
  if (aa_is_ptr(e)) return 64;
  return 0;
}

bool aa_verify_bitcast(IrOp *op) {
  const IrType *s = ir_op_operand(op, 0)->type, *r = ir_op_result(op, 0)->type;
  if (!same_shape(s, r)) return ir_op_error(op, "expects operand and result shapes to match");
  if (!width_of(aa_elem(s)) || width_of(aa_elem(s)) != width_of(aa_elem(r)))
    return ir_op_error(op, "bitcast requires equal-width source and destination element types");
  return true;
}

/* ---- fp_to_fp (seed 000 verify_float_conversion) ---------------------------------- */

static bool supported_float(const IrType *e) {
  if (!ir_type_is_float(e)) return false;
  switch (ir_float_kind(e)) {
  case IR_F16: case IR_BF16: case IR_TF32: case IR_F32: case IR_F64:
  case IR_F8E4M3FN: case IR_F8E5M2: case IR_F8E8M0FNU: case IR_F4E2M1FN:
    return true;
  default:
    return false;
  }
}

static bool block_scaled_format(const IrType *e) {
  return ir_type_is_float(e) &&
         (ir_float_kind(e) == IR_F4E2M1FN || ir_float_kind(e) == IR_F8E8M0FNU);
}

bool aa_verify_fp_to_fp(IrOp *op) {
  const IrType *s = aa_elem(ir_op_operand(op, 0)->type), *r = aa_elem(ir_op_result(op, 0)->type);
  if (!supported_float(s)) return ir_op_error(op, "fp_to_fp source element type is not supported");
  if (!supported_float(r)) return ir_op_error(op, "fp_to_fp result element type is not supported");
  if ((block_scaled_format(s) || block_scaled_format(r)) &&
      !aa_sm_supports_block_scaled(aa_target_sm(op)))
    return ir_op_error(op, "fp_to_fp block-scaled format requires a target that supports "
                           "block-scaled MMA");
  if (!same_shape(ir_op_operand(op, 0)->type, ir_op_result(op, 0)->type))
    return ir_op_error(op, "expects operand and result shapes to match");
  const IrAttr *rm = ir_op_attrz(op, "rounding_mode");
  if (rm && aa_enum_value(rm, &aa_enum_rounding_mode) < 0)
    return ir_op_error(op, "attribute 'rounding_mode' failed to satisfy constraint: rounding "
                           "mode");
  return true;
}

/* ---- tokens ----------------------------------------------------------------------- */

bool aa_verify_token_op(IrOp *op) {
  if (aa_op_is(op, AA_OP_assert_)) {
    const IrType *t = ir_op_operand(op, 0)->type;
    if (!ir_type_is_int_width(aa_elem(t), 1))
      return ir_op_error(op, "operand #0 must be i1 or a tile of i1, but got '%T'", t);
    const IrAttr *m = ir_op_attrz(op, "message");
    if (m && !ir_attr_is(m, &ir_string_attr_def))
      return ir_op_error(op, "attribute 'message' failed to satisfy constraint: string "
                             "attribute");
    return true;
  }
  for (uint32_t i = 0; i < op->noperands; i++)
    if (!aa_is_token(ir_op_operand(op, i)->type))
      return ir_op_error(op, "operand #%u must be !nv_tileaa.mem_token, but got '%T'", i,
                         ir_op_operand(op, i)->type);
  if (!aa_is_token(ir_op_result(op, 0)->type))
    return ir_op_error(op, "result #0 must be !nv_tileaa.mem_token, but got '%T'",
                       ir_op_result(op, 0)->type);
  return true;
}
