/* pat_memory.c — cuda_tile -> nv_tileaa patterns for pointers, views and
 * memory effects:
 *   make_tensor_view       nv_tileaa.make_memref (static sizes/strides in the
 *                          memref type, dynamic ones as index operands)
 *   make_partition_view, make_strided_view, make_gather_scatter_view
 *                          the memref itself (the tiling is carried by the
 *                          accesses)
 *   load_view_tko          nv_tileaa.tiled_load %memref[elem offsets], %tok
 *   store_view_tko         nv_tileaa.tiled_store %memref[elem offsets], %v, %tok
 *                          (element offset = tile index * tile size or
 *                          traversal stride, as index; padding_value and
 *                          in_bounds facts from the view); on a gather/scatter
 *                          view: nv_tileaa.load / store of a tile of element
 *                          pointers with an in-bounds mask (over a memref
 *                          argument or f4E2M1FN: one tiled access per
 *                          sparse coordinate); a non-identity dim_map:
 *                          the tiled access in tensor order + permute
 *   load_ptr_tko           nv_tileaa.load %ptrs, mask, other, %tok
 *   store_ptr_tko          nv_tileaa.store %ptrs, %v, mask, %tok
 *   atomic_rmw_tko / atomic_cas_tko / atomic_red_view_tko
 *                          nv_tileaa.atomic_rmw / atomic_cas / tiled_atomic_rmw
 *   offset                 nv_tileaa.addptr %ptr, index_cast(%off)
 *   int_to_ptr / ptr_to_int / ptr_to_ptr   nv_tileaa int_to_ptr / ptr_to_int /
 *                          bitcast
 *   global / get_global    nv_tileaa.global / get_global
 *   alloca                 nv_tileaa.get_global of a per-execution global
 *                          (nv_tileaa.alloca: a fresh block-private buffer)
 *   get_tensor_shape / get_index_space_shape   nv_tileaa.get_dim_size (+
 *                          ceildiv by the step, index_cast)
 * Every memory op takes a token: the cuda_tile op's own token when it has
 * one, else the current token of the enclosing chain (c2a_chain_get); its
 * result token becomes the chain's current token.  memory_ordering_semantics
 * / memory_scope become mem_semantic / mem_scope (weak: none). */
#include "conversion/cuda_tile_to_nv_tileaa/c2a.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const IrAttr *c2a_mem_semantic(CvConversion *cv, IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "memory_ordering_semantics");
  if (!a || !ir_attr_is(a, &ir_integer_attr_def) || a->ints[0] <= CT_MEM_WEAK) return NULL;
  return aa_enum_attr(cv->ctx, &aa_enum_mem_semantic, (int)a->ints[0]);
}

const IrAttr *c2a_mem_scope(CvConversion *cv, IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "memory_scope");
  if (!a || !ir_attr_is(a, &ir_integer_attr_def)) return NULL;
  int v = a->ints[0] == CT_SCOPE_TL_BLK ? 0 : a->ints[0] == CT_SCOPE_DEVICE ? 2 : 3;
  return aa_enum_attr(cv->ctx, &aa_enum_mem_scope, v);
}

/* index_cast of a tile of integers to a tile of index (scalars: index). */
static IrValue *to_index(CvConversion *cv, const IrLoc *loc, IrValue *v) {
  if (!v) return NULL;
  if (!aa_is_tile(v->type)) return c2a_index_cast(cv, loc, v);
  if (ir_type_is_index(aa_elem(v->type))) return v;
  const IrType *t = aa_tile_type(cv->ctx, aa_shape(v->type), aa_rank(v->type),
                                 ir_index_type(cv->ctx));
  IrOp *c = cv_build_named(cv, "arith.index_cast", loc, &v, 1, &t, 1, NULL);
  return c ? ir_op_result(c, 0) : NULL;
}

static bool p_make_tensor_view(CvConversion *cv, IrOp *op) {
  const IrType *rt = c2a_res_type(cv, op, 0);
  if (!rt) return false;
  IrValue *ops[32];
  size_t n = 0;
  ops[n++] = cv_operand(cv, op, 0);
  for (unsigned i = 1; i < op->noperands && n < 32; i++)
    ops[n++] = to_index(cv, NULL, cv_operand(cv, op, i));
  int32_t seg[4] = {1, 0, 0, 0};
  const IrAttr *ss = ir_op_attrz(op, "operandSegmentSizes");
  if (!ss || ss->nints < 3) return false;
  seg[2] = (int32_t)ss->ints[1];
  seg[3] = (int32_t)ss->ints[2];
  const char *nm = "operandSegmentSizes";
  const IrAttr *sa = c2a_segment_attr(cv, seg, 4);
  IrOp *m = cv_build(cv, aa_op(make_memref), NULL, ops, n, &rt, 1,
                     c2a_dictc(cv, &nm, &sa, 1), NULL);
  if (!m) return false;
  IrValue *r = ir_op_result(m, 0);
  cv_replace(cv, op, &r);
  return true;
}

/* The dim_map of a partition or strided view when it is a permutation of
 * the tensor view's dimensions (view dimension d walks tensor dimension
 * map[d]); false otherwise.  The identity when the view has none. */
static bool view_dim_map(const IrType *view, int64_t *map, size_t n) {
  const IrType *tv = ct_view_tensor_view(view);
  size_t nm = ct_view_dim_map_size(view);
  if (n > 8 || !tv || ct_tensor_view_rank(tv) != n || (nm && nm != n)) return false;
  bool seen[8] = {false};
  for (size_t d = 0; d < n; d++) {
    map[d] = nm ? ct_view_dim_map(view)[d] : (int64_t)d;
    if (map[d] < 0 || map[d] >= (int64_t)n || seen[map[d]]) return false;
    seen[map[d]] = true;
  }
  return true;
}

/* A non-identity dim_map accesses the tile in tensor order: the memref
 * access has shape[map[d]] = tile[d], and nv_tileaa.permute moves between
 * it and the view's order (load: order = map, the result's dimension d
 * being the access's map[d]; store: the inverse).  Returns v unchanged for
 * the identity. */
static IrValue *permute_tile(CvConversion *cv, IrValue *v, const int64_t *map, size_t n,
                             bool to_view) {
  if (!v || !aa_is_tile(v->type) || aa_rank(v->type) != n) return v;
  int64_t order[8], sh[8];
  bool id = true;
  for (size_t d = 0; d < n; d++) {
    if (to_view) order[d] = map[d];
    else order[map[d]] = (int64_t)d;
    id = id && map[d] == (int64_t)d;
  }
  if (id) return v;
  for (size_t d = 0; d < n; d++) sh[d] = aa_shape(v->type)[order[d]];
  const IrType *t = aa_tile_type(cv->ctx, sh, n, aa_elem(v->type));
  const char *nm = "order";
  const IrAttr *o =
      ir_dense_i64_array(cv->ctx, ir_integer_type(cv->ctx, 64, IR_SIGNLESS), order, n);
  IrOp *p = cv_build(cv, aa_op(permute), NULL, &v, 1, &t, 1, NULL, c2a_dictc(cv, &nm, &o, 1));
  return p ? ir_op_result(p, 0) : NULL;
}

/* The tile type of a view access in tensor order (shape[map[d]] = t[d]). */
static const IrType *tensor_order_type(CvConversion *cv, const IrType *t, const int64_t *map,
                                       size_t n) {
  if (!t || !aa_is_tile(t) || aa_rank(t) != n) return t;
  int64_t sh[8];
  for (size_t d = 0; d < n; d++) sh[map[d]] = aa_shape(t)[d];
  return aa_tile_type(cv->ctx, sh, n, aa_elem(t));
}

static bool p_make_partition_view(CvConversion *cv, IrOp *op) {
  /* any dim_map: the accesses check it (view_offsets) */
  IrValue *m = cv_operand(cv, op, 0);
  if (!m) return false;
  cv_map(cv, ir_op_result(op, 0), &m, 1);
  return true;
}

/* Element offsets of a view access: index_cast(idx_d) * step_d, the step
 * being the tile size (partition views) or the traversal stride (strided
 * views). */
static bool view_offsets(CvConversion *cv, IrOp *op, const IrType *view, unsigned first,
                         unsigned n, IrValue **out) {
  bool strided = ct_type_is_strided_view(view);
  int64_t map[8];
  if ((!ct_type_is_partition_view(view) && !strided) || !view_dim_map(view, map, n))
    return false;
  const int64_t *step = strided ? ct_view_traversal_strides(view) : ct_view_tile_shape(view);
  if (ct_view_tile_rank(view) != n || (strided && ct_view_num_traversal_strides(view) != n))
    return false;
  for (unsigned d = 0; d < n; d++) {
    IrValue *i = to_index(cv, NULL, cv_operand(cv, op, first + d));
    if (!i) return false;
    if (step[d] != 1) {
      IrValue *ts = c2a_const_int(cv, NULL, ir_index_type(cv->ctx), step[d]);
      i = c2a_binop(cv, "arith.muli", NULL, i, ts);
      if (!i) return false;
    }
    out[map[d]] = i; /* view dimension d walks tensor dimension map[d] */
  }
  return true;
}

/* in_bounds facts of a partition-view access: cuda_tile rejects a tile
 * index outside the view's index space, so every executed access is in
 * bounds along a dimension whose static size the tile size divides.  NULL
 * for other views. */
static const IrAttr *in_bounds(CvConversion *cv, const IrType *view) {
  if (!view || !ct_type_is_partition_view(view)) return NULL;
  const IrType *tv = ct_view_tensor_view(view);
  size_t r = ct_view_tile_rank(view);
  int64_t b[8], map[8];
  if (r > 8 || !view_dim_map(view, map, r)) return NULL;
  for (size_t d = 0; d < r; d++) { /* per memref (tensor) dimension */
    int64_t n = ct_tensor_view_shape(tv)[map[d]], t = ct_view_tile_shape(view)[d];
    b[map[d]] = n != IR_DYNAMIC && t > 0 && n % t == 0;
  }
  return ir_dense_i64_array(cv->ctx, ir_integer_type(cv->ctx, 1, IR_SIGNLESS), b, r);
}

/* The token a memory op is ordered after: its own token operand (operand
 * idx) when `present`, else the current token of the enclosing chain. */
static IrValue *in_token(CvConversion *cv, IrOp *op, int64_t present, unsigned idx) {
  return present ? cv_operand(cv, op, idx) : c2a_chain_get(cv, op);
}

/* Replaces op, whose only result is its token, by tok (nw's token result)
 * and makes tok the chain's current token. */
static bool replace_chained(CvConversion *cv, IrOp *op, IrOp *nw, IrValue *tok) {
  cv_replace(cv, op, &tok);
  c2a_chain_set(cv, nw, tok);
  return true;
}

/* Common attributes of a memory op. */
static const IrAttr *mem_attrs(CvConversion *cv, IrOp *op, const int32_t *seg, size_t nseg,
                               const IrType *view) {
  const char *names[5] = {"operandSegmentSizes", "mem_semantic", "mem_scope", "padding_value",
                          "in_bounds"};
  const IrAttr *sem = c2a_mem_semantic(cv, op);
  const IrAttr *vals[5] = {c2a_segment_attr(cv, seg, nseg), sem,
                           sem ? c2a_mem_scope(cv, op) : NULL, NULL, in_bounds(cv, view)};
  if (view && view->attr) {
    int pad = ct_enum_value(view->attr, &ct_enum_padding_value);
    if (pad >= 0) vals[3] = aa_enum_attr(cv->ctx, &aa_enum_padding_value, pad);
  }
  return c2a_dictc(cv, names, vals, 5);
}

static bool gather_access(CvConversion *cv, IrOp *op, bool store);

static bool p_load_view(CvConversion *cv, IrOp *op) {
  if (ct_type_is_gather_scatter_view(cv_original_type(cv, ir_op_operand(op, 0))))
    return gather_access(cv, op, false);
  const IrAttr *ss = ir_op_attrz(op, "operandSegmentSizes");
  if (!ss || ss->nints < 3) return false;
  unsigned nidx = (unsigned)ss->ints[1];
  const IrType *view = cv_original_type(cv, ir_op_operand(op, 0));
  IrValue *ops[16];
  if (nidx > 12) return false;
  ops[0] = cv_operand(cv, op, 0);
  if (!view_offsets(cv, op, view, 1, nidx, ops + 1)) return false;
  IrValue *tok = in_token(cv, op, ss->ints[2], 1 + nidx);
  if (!tok) return false;
  ops[1 + nidx] = tok;
  int64_t map[8];
  if (!view_dim_map(view, map, nidx)) return false;
  const IrType *rts[2] = {tensor_order_type(cv, c2a_res_type(cv, op, 0), map, nidx),
                          aa_mem_token_type(cv->ctx)};
  if (!rts[0]) return false;
  int32_t seg[4] = {1, (int32_t)nidx, 0, 0};
  IrOp *l = cv_build(cv, aa_op(tiled_load), NULL, ops, nidx + 2, rts, 2,
                     mem_attrs(cv, op, seg, 4, view), NULL);
  if (!l) return false;
  IrValue *res[2] = {permute_tile(cv, ir_op_result(l, 0), map, nidx, true), ir_op_result(l, 1)};
  if (!res[0]) return false;
  cv_replace(cv, op, res);
  c2a_chain_set(cv, l, res[1]);
  return true;
}

static bool p_store_view(CvConversion *cv, IrOp *op) {
  if (ct_type_is_gather_scatter_view(cv_original_type(cv, ir_op_operand(op, 1))))
    return gather_access(cv, op, true);
  const IrAttr *ss = ir_op_attrz(op, "operandSegmentSizes");
  if (!ss || ss->nints < 4) return false;
  unsigned nidx = (unsigned)ss->ints[2];
  const IrType *view = cv_original_type(cv, ir_op_operand(op, 1));
  IrValue *ops[16];
  if (nidx > 12) return false;
  int64_t map[8];
  if (nidx > 8 || !view_dim_map(view, map, nidx)) return false;
  ops[0] = cv_operand(cv, op, 1);
  ops[1] = permute_tile(cv, cv_operand(cv, op, 0), map, nidx, false);
  if (!ops[1] || !view_offsets(cv, op, view, 2, nidx, ops + 2)) return false;
  IrValue *tok = in_token(cv, op, ss->ints[3], 2 + nidx);
  if (!tok) return false;
  ops[2 + nidx] = tok;
  const IrType *rt = aa_mem_token_type(cv->ctx);
  int32_t seg[4] = {1, 1, (int32_t)nidx, 0};
  IrOp *s = cv_build(cv, aa_op(tiled_store), NULL, ops, nidx + 3, &rt, 1,
                     mem_attrs(cv, op, seg, 4, view), NULL);
  return s && replace_chained(cv, op, s, ir_op_result(s, 0));
}

/* load_ptr_tko {ptrs, mask, padding, token} -> load {base, -, mask, other} + token. */
static bool p_load_ptr(CvConversion *cv, IrOp *op) {
  const IrAttr *ss = ir_op_attrz(op, "operandSegmentSizes");
  if (!ss || ss->nints < 4) return false;
  IrValue *ops[5];
  size_t n = 0;
  unsigned k = 0;
  ops[n++] = cv_operand(cv, op, k++);
  int32_t seg[4] = {1, 0, (int32_t)ss->ints[1], (int32_t)ss->ints[2]};
  for (int s = 1; s <= 2; s++)
    for (int64_t j = 0; j < ss->ints[s]; j++) ops[n++] = cv_operand(cv, op, k++);
  IrValue *tok = in_token(cv, op, ss->ints[3], k);
  if (!tok) return false;
  ops[n++] = tok;
  const IrType *rts[2] = {c2a_res_type(cv, op, 0), aa_mem_token_type(cv->ctx)};
  if (!rts[0]) return false;
  IrOp *l = cv_build(cv, aa_op(load), NULL, ops, n, rts, 2,
                     mem_attrs(cv, op, seg, 4, NULL), NULL);
  if (!l) return false;
  IrValue *res[2] = {ir_op_result(l, 0), ir_op_result(l, 1)};
  cv_replace(cv, op, res);
  c2a_chain_set(cv, l, res[1]);
  return true;
}

/* store_ptr_tko {ptrs, value, mask, token} -> store {base, value, -, mask} + token. */
static bool p_store_ptr(CvConversion *cv, IrOp *op) {
  const IrAttr *ss = ir_op_attrz(op, "operandSegmentSizes");
  if (!ss || ss->nints < 4) return false;
  IrValue *ops[5];
  size_t n = 0;
  unsigned k = 0;
  ops[n++] = cv_operand(cv, op, k++);
  ops[n++] = cv_operand(cv, op, k++);
  int32_t seg[4] = {1, 1, 0, (int32_t)ss->ints[2]};
  for (int64_t j = 0; j < ss->ints[2]; j++) ops[n++] = cv_operand(cv, op, k++);
  IrValue *tok = in_token(cv, op, ss->ints[3], k);
  if (!tok) return false;
  ops[n++] = tok;
  const IrType *rt = aa_mem_token_type(cv->ctx);
  IrOp *s = cv_build(cv, aa_op(store), NULL, ops, n, &rt, 1,
                     mem_attrs(cv, op, seg, 4, NULL), NULL);
  return s && replace_chained(cv, op, s, ir_op_result(s, 0));
}

static bool p_offset(CvConversion *cv, IrOp *op) {
  const IrType *rt = c2a_res_type(cv, op, 0);
  IrValue *ops[2] = {cv_operand(cv, op, 0), to_index(cv, NULL, cv_operand(cv, op, 1))};
  if (!rt || !ops[0] || !ops[1]) return false;
  IrOp *a = cv_build(cv, aa_op(addptr), NULL, ops, 2, &rt, 1, NULL, NULL);
  if (!a) return false;
  IrValue *r = ir_op_result(a, 0);
  cv_replace(cv, op, &r);
  return true;
}

/* get_tensor_shape: nv_tileaa.get_dim_size {dim = d} of the memref per
 * result; get_index_space_shape: the same (as index) ceil-divided by the
 * view's tile size, cast to the result type. */
static bool p_get_shape(CvConversion *cv, IrOp *op) {
  bool space = ct_op_is(op, CT_OP_get_index_space_shape);
  const IrType *view = cv_original_type(cv, ir_op_operand(op, 0));
  if (space && !ct_type_is_view(view)) return false;
  IrValue *m = cv_operand(cv, op, 0);
  IrValue *res[16];
  if (!m || op->nresults > 16) return false;
  const IrType *i32 = ir_integer_type(cv->ctx, 32, IR_SIGNLESS);
  const IrType *idx = ir_index_type(cv->ctx);
  const int64_t *dm = space ? ct_view_dim_map(view) : NULL;
  size_t ndm = space ? ct_view_dim_map_size(view) : 0;
  for (unsigned d = 0; d < op->nresults; d++) {
    const IrType *rt = c2a_res_type(cv, op, d);
    if (!rt) return false;
    /* a view's dimension d walks tensor dimension dim_map[d] by its tile
     * size (strided: traversal stride); a gather dimension by elements */
    int64_t td = dm && ndm > d ? dm[d] : d, step = 1;
    if (space) {
      step = ct_view_tile_shape(view)[d];
      if (ct_type_is_strided_view(view) && ct_view_num_traversal_strides(view) > d)
        step = ct_view_traversal_strides(view)[d];
      if (ct_type_is_gather_scatter_view(view) && d == ct_view_sparse_dim(view)) step = 1;
      if (step < 1) step = 1;
    }
    const char *n = "dim";
    const IrAttr *a = c2a_int_attr(cv, i32, td);
    IrOp *g = cv_build(cv, aa_op(get_dim_size), NULL, &m, 1, space ? &idx : &rt, 1, NULL,
                       c2a_dictc(cv, &n, &a, 1));
    if (!g) return false;
    IrValue *v = ir_op_result(g, 0);
    if (space) {
      if (step != 1)
        v = c2a_binop(cv, "arith.ceildivsi", NULL, v, c2a_const_int(cv, NULL, idx, step));
      IrOp *c = v ? cv_build_named(cv, "arith.index_cast", NULL, &v, 1, &rt, 1, NULL) : NULL;
      if (!c) return false;
      v = ir_op_result(c, 0);
    }
    res[d] = v;
  }
  cv_replace(cv, op, res);
  return true;
}

/* global: nv_tileaa.global @g {type = tile type, value = dense retyped,
 * constant, alignment}; get_global: nv_tileaa.get_global @g. */
static bool p_global(CvConversion *cv, IrOp *op) {
  const IrAttr *v = ir_op_attrz(op, "value");
  if (!v || !ir_attr_is(v, &ir_dense_elements_attr_def) || !ct_type_is_tile(v->type)) return false;
  const IrType *t = cv_convert_type1(cv, v->type);
  if (!t || !aa_is_tile(t)) return false;
  const IrAttr *nv = ir_dense_elements(cv->ctx, t, v->data, v->ndata, ct_dense_is_splat(v));
  const char *pn = "sym_name";
  const IrAttr *pv = ir_op_attrz(op, "sym_name");
  const char *an[4] = {"type", "value", "constant", "alignment"};
  const IrAttr *av[4] = {ir_type_attr(cv->ctx, t), nv, ir_op_attrz(op, "constant"),
                         ir_op_attrz(op, "alignment")};
  return cv_build(cv, aa_op(global), NULL, NULL, 0, NULL, 0, c2a_dictc(cv, &pn, &pv, 1),
                  c2a_dictc(cv, an, av, 4)) != NULL;
}

static bool p_get_global(CvConversion *cv, IrOp *op) {
  return c2a_one_to_one(cv, op, aa_op(get_global), NULL, (const char *const[]){"name", NULL}) !=
         NULL;
}

/* alloca num_elem = N, alignment = A [global]: the roster has no allocating
 * op, so the buffer is declared the way NVPTX declares per-CTA storage: a
 * module-level symbol instantiated per execution.  Before the enclosing
 * function: nv_tileaa.global @alloca_K {type = tile<N x T>, alignment = A}
 * with no initial value (alloca memory is uninitialized) and the unit
 * attribute nv_tileaa.alloca (nv_tileaa.alloca_global for `global`), which
 * tells consumers (ctile-run) that every get_global of it yields a fresh
 * buffer private to the executing tile block, alive until the block ends;
 * the alloca itself becomes nv_tileaa.get_global @alloca_K. */
static bool p_alloca(CvConversion *cv, IrOp *op) {
  IrContext *ctx = cv->ctx;
  const IrType *rt = c2a_res_type(cv, op, 0);
  IrBlock *body = c2a(cv)->fn_body;
  IrOp *fn = body ? ir_block_parent_op(body) : NULL;
  IrOp *table = fn ? ir_symbol_table_of(fn) : NULL;
  const IrAttr *na = ir_op_attrz(op, "num_elem");
  if (!rt || !aa_is_ptr(rt) || !table || !na || !ir_attr_is(na, &ir_integer_attr_def))
    return false;
  const IrType *elem = aa_ptr_pointee(rt);
  if (!ir_type_is_integer(elem) && !ir_type_is_float(elem)) return false;
  int64_t n = na->ints[0] > 0 ? na->ints[0] : 1;
  char name[32];
  const IrIdent *id = NULL;
  for (unsigned k = 0; !id || ir_symbol_lookup(table, id); k++) {
    int len = snprintf(name, sizeof name, "alloca_%u", k);
    id = ir_ident(ctx, name, (size_t)len);
  }
  const char *pn = "sym_name";
  const IrAttr *pv = ir_string_attr(ctx, id->str, id->len);
  const char *an[4] = {"type", "alignment", "nv_tileaa.alloca", "nv_tileaa.alloca_global"};
  bool global = ir_op_attrz(op, "global") != NULL;
  const IrAttr *av[4] = {ir_type_attr(ctx, aa_tile_type(ctx, &n, 1, elem)),
                         ir_op_attrz(op, "alignment"), global ? NULL : ir_unit_attr(ctx),
                         global ? ir_unit_attr(ctx) : NULL};
  RwInsertPoint ip = rw_save_insertion_point(&cv->rw);
  rw_set_insertion_point_before(&cv->rw, fn);
  IrOp *g = cv_build(cv, aa_op(global), NULL, NULL, 0, NULL, 0, c2a_dictc(cv, &pn, &pv, 1),
                     c2a_dictc(cv, an, av, 4));
  rw_restore_insertion_point(&cv->rw, ip);
  if (!g) return false;
  const char *gn = "name";
  const IrAttr *gv = ir_symref_attr(ctx, id, NULL, 0);
  IrOp *r = cv_build(cv, aa_op(get_global), NULL, NULL, 0, &rt, 1, NULL,
                     c2a_dictc(cv, &gn, &gv, 1));
  if (!r) return false;
  IrValue *v = ir_op_result(r, 0);
  cv_replace(cv, op, &v);
  return true;
}

/* int_to_ptr / ptr_to_int one-for-one; ptr_to_ptr: nv_tileaa.bitcast. */
static bool p_ptr_cast(CvConversion *cv, IrOp *op) {
  const IrOpInfo *info = ct_op_is(op, CT_OP_int_to_ptr)   ? aa_op(int_to_ptr)
                         : ct_op_is(op, CT_OP_ptr_to_int) ? aa_op(ptr_to_int)
                                                          : aa_op(bitcast);
  return c2a_one_to_one(cv, op, info, NULL, NULL) != NULL;
}

/* cuda_tile's atomic mode -> nv_tileaa rmw_mode (add and or xor xchg min
 * max umin umax addf). */
static const IrAttr *rmw_mode(CvConversion *cv, IrOp *op) {
  static const int map[10] = {[CT_RMW_AND] = 1, [CT_RMW_OR] = 2, [CT_RMW_XOR] = 3,
                              [CT_RMW_ADD] = 0, [CT_RMW_ADDF] = 9, [CT_RMW_MAX] = 6,
                              [CT_RMW_MIN] = 5, [CT_RMW_UMAX] = 8, [CT_RMW_UMIN] = 7,
                              [CT_RMW_XCHG] = 4};
  const IrAttr *m = ir_op_attrz(op, "mode");
  if (!m || !ir_attr_is(m, &ir_integer_attr_def) || m->ints[0] < 0 || m->ints[0] > 9) return NULL;
  return aa_enum_attr(cv->ctx, &aa_enum_rmw_mode, map[m->ints[0]]);
}

/* Memory-op attributes plus rmw_mode. */
static const IrAttr *atomic_attrs(CvConversion *cv, IrOp *op, const int32_t *seg, size_t nseg,
                                  bool rmw) {
  const IrAttr *a = mem_attrs(cv, op, seg, nseg, NULL);
  if (!rmw) return a;
  const IrAttr *m = rmw_mode(cv, op);
  return m ? ir_dict_set(cv->ctx, a, ir_identz(cv->ctx, "rmw_mode"), m) : NULL;
}

/* atomic_rmw_tko {ptrs, arg, mask, token} -> atomic_rmw {base, value, -, mask} + token;
 * atomic_cas_tko {ptrs, cmp, val, mask, token} -> atomic_cas {base, cmp, val, -, mask}. */
static bool p_atomic(CvConversion *cv, IrOp *op) {
  bool cas = ct_op_is(op, CT_OP_atomic_cas_tko);
  const IrAttr *ss = ir_op_attrz(op, "operandSegmentSizes");
  unsigned nfix = cas ? 3 : 2;
  if (!ss || ss->nints != nfix + 2) return false;
  IrValue *ops[8];
  size_t n = 0;
  unsigned k = 0;
  for (unsigned i = 0; i < nfix; i++) ops[n++] = cv_operand(cv, op, k++);
  int64_t nmask = ss->ints[nfix];
  for (int64_t j = 0; j < nmask; j++) ops[n++] = cv_operand(cv, op, k++);
  IrValue *tok = in_token(cv, op, ss->ints[nfix + 1], k);
  if (!tok) return false;
  ops[n++] = tok;
  const IrType *rts[2] = {c2a_res_type(cv, op, 0), aa_mem_token_type(cv->ctx)};
  if (!rts[0]) return false;
  int32_t seg[5] = {1, 1, cas ? 1 : 0, 0, 0};
  if (cas) seg[4] = (int32_t)nmask;
  else seg[3] = (int32_t)nmask;
  const IrAttr *at = atomic_attrs(cv, op, seg, cas ? 5 : 4, !cas);
  if (!at) return false;
  IrOp *a = cv_build(cv, cas ? aa_op(atomic_cas) : aa_op(atomic_rmw), NULL, ops, n, rts,
                     2, at, NULL);
  if (!a) return false;
  IrValue *res[2] = {ir_op_result(a, 0), ir_op_result(a, 1)};
  cv_replace(cv, op, res);
  c2a_chain_set(cv, a, res[1]);
  return true;
}

/* atomic_red_view_tko {view, indices, value, token} -> tiled_atomic_rmw
 * %memref[offsets], %value (old values unused) + token. */
static bool p_atomic_red_view(CvConversion *cv, IrOp *op) {
  const IrAttr *ss = ir_op_attrz(op, "operandSegmentSizes");
  if (!ss || ss->nints < 4) return false;
  unsigned nidx = (unsigned)ss->ints[1];
  const IrType *view = cv_original_type(cv, ir_op_operand(op, 0));
  IrValue *ops[16];
  if (nidx > 12) return false;
  int64_t map[8];
  if (nidx > 8 || !view_dim_map(view, map, nidx)) return false;
  ops[0] = cv_operand(cv, op, 0);
  ops[1] = permute_tile(cv, cv_operand(cv, op, 1 + nidx), map, nidx, false);
  if (!view_offsets(cv, op, view, 1, nidx, ops + 2)) return false;
  IrValue *tok = in_token(cv, op, ss->ints[3], 2 + nidx);
  if (!tok || !ops[1]) return false;
  ops[2 + nidx] = tok;
  const IrType *rts[2] = {ops[1]->type, aa_mem_token_type(cv->ctx)};
  int32_t seg[4] = {1, 1, (int32_t)nidx, 0};
  const IrAttr *at = atomic_attrs(cv, op, seg, 4, true);
  if (!at) return false;
  IrOp *a = cv_build(cv, aa_op(tiled_atomic_rmw), NULL, ops, nidx + 3, rts, 2, at, NULL);
  return a && replace_chained(cv, op, a, ir_op_result(a, 1));
}

/* ---- gather/scatter views: per-element pointers ----------------------------- */

/* A splat constant of tile type t from raw element bits. */
static IrValue *splat_bits(CvConversion *cv, const IrType *t, uint64_t bits) {
  const char *n = "value";
  const IrAttr *a = ir_dense_elements(cv->ctx, t, &bits, ir_dense_elem_size(aa_elem(t)), true);
  IrOp *c = cv_build_named(cv, "arith.constant", NULL, NULL, 0, &t, 1, c2a_dictc(cv, &n, &a, 1));
  return c ? ir_op_result(c, 0) : NULL;
}

static IrValue *build1(CvConversion *cv, const IrOpInfo *info, const char *name, IrValue *a,
                       const IrType *t, const IrAttr *attrs) {
  if (!a) return NULL;
  if (!info) info = cv_op_info(cv, name);
  IrOp *o = cv_build(cv, info, NULL, &a, 1, &t, 1, NULL, attrs);
  return o ? ir_op_result(o, 0) : NULL;
}

static IrValue *build2(CvConversion *cv, const char *name, IrValue *a, IrValue *b,
                       const IrType *t, const IrAttr *attrs) {
  if (!a || !b) return NULL;
  IrValue *ops[2] = {a, b};
  IrOp *o = cv_build(cv, cv_op_info(cv, name), NULL, ops, 2, &t, 1, NULL, attrs);
  return o ? ir_op_result(o, 0) : NULL;
}

/* Pointers and in-bounds mask of a gather/scatter view access: along the
 * sparse dimension the index operand is a tile of element coordinates,
 * along the others a tile index (coordinate = index * tile size + c). */
static bool gather_ptrs(CvConversion *cv, IrOp *op, const IrType *view, unsigned vop,
                        unsigned first, IrValue **ptrs, IrValue **mask) {
  IrContext *ctx = cv->ctx;
  const IrType *tv = ct_view_tensor_view(view);
  size_t r = ct_view_tile_rank(view);
  const int64_t *ts = ct_view_tile_shape(view), *shape = ct_tensor_view_shape(tv),
                *strides = ct_tensor_view_strides(tv);
  if (r > 8 || ct_tensor_view_rank(tv) != r || ct_tensor_view_num_strides(tv) != r) return false;
  for (size_t d = 0; d < r; d++)
    if (shape[d] == IR_DYNAMIC || strides[d] == IR_DYNAMIC) return false;
  IrValue *m = cv_operand(cv, op, vop);
  IrOp *mk = m ? m->def : NULL; /* the memref's make_memref gives the base pointer */
  if (!mk || !aa_op_is(mk, AA_OP_make_memref) || mk->noperands != 1) return false;
  IrValue *base = ir_op_operand(mk, 0);
  unsigned sparse = ct_view_sparse_dim(view);
  const IrType *idx = ir_index_type(ctx), *i1 = ir_integer_type(ctx, 1, IR_SIGNLESS);
  const IrType *full = aa_tile_type(ctx, ts, r, idx), *fullb = aa_tile_type(ctx, ts, r, i1);
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  const char *pn = "predicate";
  IrValue *off = NULL, *ok = NULL;
  for (size_t d = 0; d < r; d++) {
    /* the coordinates along d as a 1-D index tile of ts[d] elements */
    const IrType *line = aa_tile_type(ctx, &ts[d], 1, idx);
    IrValue *c;
    if (d == sparse) {
      c = cv_operand(cv, op, first + (unsigned)d);
      if (!c || !aa_is_tile(c->type) || aa_rank(c->type) != 1 || aa_shape(c->type)[0] != ts[d])
        return false;
      c = to_index(cv, NULL, c);
    } else {
      const char *rn[2] = {"start", "end"};
      const IrAttr *rv[2] = {c2a_int_attr(cv, i32, 0), c2a_int_attr(cv, i32, ts[d])};
      const IrType *lt = aa_tile_type(ctx, &ts[d], 1, i32);
      IrOp *rg = cv_build(cv, aa_op(make_range), NULL, NULL, 0, &lt, 1, NULL, c2a_dictc(cv, rn, rv, 2));
      c = rg ? to_index(cv, NULL, ir_op_result(rg, 0)) : NULL;
      IrValue *i = to_index(cv, NULL, cv_operand(cv, op, first + (unsigned)d));
      if (i && ts[d] != 1) i = c2a_binop(cv, "arith.muli", NULL, i, c2a_const_int(cv, NULL, idx, ts[d]));
      c = build2(cv, "arith.addi", c, build1(cv, aa_op(splat), NULL, i, line, NULL), line, NULL);
    }
    /* to the full tile: size-one axes everywhere else, then broadcast */
    int64_t sh[8];
    for (size_t k = 0; k < r; k++) sh[k] = k == d ? ts[d] : 1;
    c = build1(cv, aa_op(view), NULL, c, aa_tile_type(ctx, sh, r, idx), NULL);
    c = build1(cv, aa_op(broadcast), NULL, c, full, NULL);
    /* bounds: 0 <= c < shape[d] (unsigned compare) */
    const IrAttr *ult = c2a_int_attr(cv, ir_integer_type(ctx, 64, IR_SIGNLESS), 6);
    IrValue *lim = splat_bits(cv, full, (uint64_t)shape[d]);
    IrValue *in = build2(cv, "arith.cmpi", c, lim, fullb, c2a_dictc(cv, &pn, &ult, 1));
    ok = ok ? build2(cv, "arith.andi", ok, in, fullb, NULL) : in;
    IrValue *t = build2(cv, "arith.muli", c, splat_bits(cv, full, (uint64_t)strides[d]), full, NULL);
    off = off ? build2(cv, "arith.addi", off, t, full, NULL) : t;
    if (!off || !ok) return false;
  }
  const IrType *pt = aa_tile_type(ctx, ts, r, base->type);
  IrValue *bs = build1(cv, aa_op(splat), NULL, base, pt, NULL);
  *ptrs = build2(cv, "nv_tileaa.addptr", bs, off, pt, NULL);
  *mask = ok;
  return *ptrs != NULL;
}

/* Raw bits of cuda_tile's padding value p for element type e (0 without one). */
static uint64_t pad_bits(const IrType *e, int p) {
  if (!ir_type_is_float(e) || p <= 0) return 0;
  double v = p == 1 ? -0.0 : p == 2 ? NAN : p == 3 ? INFINITY : -INFINITY;
  return ir_float_to_bits(ir_float_kind(e), v);
}

/* Gather/scatter through a memref whose base pointer is not at hand (a
 * function argument: no make_memref to take it from): one tiled access per
 * coordinate j of the sparse dimension s, of the tile's slice at j (size one
 * along s) at element offsets (coords[j] along s, index * tile size along
 * the others).  A load concatenates the slices along s (each viewed with s
 * in front, pairwise nv_tileaa.cat, then a permute moving s back); a store
 * writes extract_slice j of the value.
 * tiled_load pads (and tiled_store skips) out-of-bounds elements, as the
 * masked pointer form does; the accesses run on the token chain in order. */
static bool gather_rows(CvConversion *cv, IrOp *op, const IrType *view, bool store) {
  IrContext *ctx = cv->ctx;
  const IrAttr *ss = ir_op_attrz(op, "operandSegmentSizes");
  unsigned vi = store ? 1 : 0, first = vi + 1;
  size_t r = ct_view_tile_rank(view);
  const int64_t *ts = ct_view_tile_shape(view);
  unsigned s = ct_view_sparse_dim(view);
  if (!ss || r < 1 || r > 8 || s >= r || ss->nints < (store ? 4u : 3u) ||
      ss->ints[store ? 2 : 1] != (int64_t)r)
    return false;
  IrValue *m = cv_operand(cv, op, vi), *coords = cv_operand(cv, op, first + s);
  if (!m || !coords || !aa_is_tile(coords->type) || aa_rank(coords->type) != 1 ||
      aa_shape(coords->type)[0] != ts[s])
    return false;
  const IrType *idx = ir_index_type(ctx);
  IrValue *ops[12];
  ops[0] = m;
  unsigned o = store ? 2 : 1; /* first offset operand of the tiled access */
  for (size_t d = 0; d < r; d++) {
    if (d == s) continue;
    IrValue *i = to_index(cv, NULL, cv_operand(cv, op, first + (unsigned)d));
    if (i && ts[d] != 1)
      i = c2a_binop(cv, "arith.muli", NULL, i, c2a_const_int(cv, NULL, idx, ts[d]));
    if (!(ops[o + d] = i)) return false;
  }
  IrValue *tok = ss->ints[store ? 3 : 2] ? cv_operand(cv, op, first + (unsigned)r)
                                         : c2a_chain_get(cv, op);
  IrValue *val = store ? cv_operand(cv, op, 0) : NULL;
  const IrType *full = store ? (val ? val->type : NULL) : c2a_res_type(cv, op, 0);
  if (!tok || !full || !aa_is_tile(full)) return false;
  int64_t ps[8];
  for (size_t d = 0; d < r; d++) ps[d] = d == s ? 1 : ts[d];
  const IrType *pt = aa_tile_type(ctx, ps, r, aa_elem(full)), *tt = aa_mem_token_type(ctx);
  const IrType *ce = aa_elem(coords->type);
  int32_t seg[4] = {1, store ? 1 : (int32_t)r, store ? (int32_t)r : 0, 0};
  const IrAttr *attrs = mem_attrs(cv, op, seg, 4, view);
  /* front-axis shape of a slice: [1, ts without s] */
  int64_t fs[8] = {1};
  for (size_t d = 0, k = 1; d < r; d++)
    if (d != s) fs[k++] = ts[d];
  const IrType *ft = aa_tile_type(ctx, fs, r, aa_elem(full));
  if (ts[s] < 1 || (ts[s] & (ts[s] - 1))) return false;
  VEC(IrValue *) pieces = {0};
  for (int64_t j = 0; j < ts[s]; j++) {
    IrValue *jv = c2a_const_int(cv, NULL, idx, j);
    IrOp *x = cv_build(cv, aa_op(extract), NULL, (IrValue *[]){coords, jv}, 2, &ce, 1, NULL, NULL);
    IrValue *c = x ? to_index(cv, NULL, ir_op_result(x, 0)) : NULL;
    if (!(ops[o + s] = c)) goto fail;
    ops[o + r] = tok;
    if (store) {
      IrValue *so[9] = {val};
      for (size_t d = 0; d < r; d++) so[1 + d] = c2a_const_int(cv, NULL, idx, d == s ? j : 0);
      IrOp *sl = cv_build(cv, aa_op(extract_slice), NULL, so, 1 + r, &pt, 1, NULL, NULL);
      if (!(ops[1] = sl ? ir_op_result(sl, 0) : NULL)) goto fail;
      IrOp *st = cv_build(cv, aa_op(tiled_store), NULL, ops, 3 + r, &tt, 1, attrs, NULL);
      if (!st) goto fail;
      tok = ir_op_result(st, 0);
      continue;
    }
    const IrType *rts[2] = {pt, tt};
    IrOp *l = cv_build(cv, aa_op(tiled_load), NULL, ops, 2 + r, rts, 2, attrs, NULL);
    if (!l) goto fail;
    tok = ir_op_result(l, 1);
    /* the slice with s moved to the front: a view (s has size one) */
    IrValue *piece = ir_op_result(l, 0);
    if (s != 0) piece = build1(cv, aa_op(view), NULL, piece, ft, NULL);
    if (!piece) goto fail;
    vec_push(&pieces, piece);
  }
  IrValue *acc = NULL;
  if (!store) {
    /* concatenate along the front axis, pairwise (ts[s] is a power of two:
     * every cat joins two tiles of one type), then move the axis back */
    for (size_t n = pieces.len; n > 1; n /= 2) {
      int64_t sh[8];
      for (size_t d = 0; d < r; d++) sh[d] = aa_shape(pieces.data[0]->type)[d];
      sh[0] *= 2;
      const IrType *ct = aa_tile_type(ctx, sh, r, aa_elem(full));
      for (size_t i = 0; i < n / 2; i++) {
        IrValue *two[2] = {pieces.data[2 * i], pieces.data[2 * i + 1]};
        IrOp *c = cv_build(cv, aa_op(cat), NULL, two, 2, &ct, 1, NULL, NULL);
        if (!(pieces.data[i] = c ? ir_op_result(c, 0) : NULL)) goto fail;
      }
    }
    acc = pieces.data[0];
    if (s != 0) {
      int64_t ord[8];
      for (size_t d = 0; d < r; d++) ord[d] = d < s ? (int64_t)d + 1 : d == s ? 0 : (int64_t)d;
      const char *on = "order";
      const IrAttr *oa = ir_dense_i64_array(ctx, ir_integer_type(ctx, 64, IR_SIGNLESS), ord, r);
      IrOp *pm = cv_build(cv, aa_op(permute), NULL, &acc, 1, &full, 1, NULL,
                          c2a_dictc(cv, &on, &oa, 1));
      acc = pm ? ir_op_result(pm, 0) : NULL;
    }
  }
  vec_free(&pieces);
  IrValue *res[2] = {store ? tok : acc, tok};
  if (!res[0]) return false;
  cv_replace(cv, op, res);
  c2a_chain_set(cv, tok->def, tok);
  return true;
fail:
  vec_free(&pieces);
  return false;
}

/* load/store through a gather_scatter_view: nv_tileaa.load / store of the
 * element pointers, masked to the in-bounds elements (loads: `other` is the
 * padding value). */
static bool gather_access(CvConversion *cv, IrOp *op, bool store) {
  const IrAttr *ss = ir_op_attrz(op, "operandSegmentSizes");
  unsigned vi = store ? 1 : 0;
  const IrType *view = cv_original_type(cv, ir_op_operand(op, vi));
  if (!ct_type_is_gather_scatter_view(view) || !ss) return false;
  unsigned nidx = (unsigned)ss->ints[store ? 2 : 1];
  bool has_tok = ss->ints[store ? 3 : 2] != 0;
  IrValue *mv = cv_operand(cv, op, vi);
  /* no base pointer at hand, or f4E2M1FN elements (packed: no element has
   * a byte address to point at): tiled accesses */
  const IrType *me = mv && aa_is_memref(mv->type) ? aa_memref_elem(mv->type) : NULL;
  if (mv && (!(mv->def && aa_op_is(mv->def, AA_OP_make_memref) && mv->def->noperands == 1) ||
             (me && ir_type_is_float(me) && ir_float_kind(me) == IR_F4E2M1FN)))
    return gather_rows(cv, op, view, store);
  IrValue *ptrs, *mask;
  if (!gather_ptrs(cv, op, view, vi, vi + 1, &ptrs, &mask)) return false;
  unsigned tokop = (store ? 2 : 1) + nidx;
  IrValue *tok = has_tok ? cv_operand(cv, op, tokop) : c2a_chain_get(cv, op);
  if (!tok) return false;
  const IrType *tt = aa_mem_token_type(cv->ctx);
  IrOp *a;
  if (store) {
    IrValue *ops[4] = {ptrs, cv_operand(cv, op, 0), mask, tok};
    int32_t seg[4] = {1, 1, 0, 1};
    a = cv_build(cv, aa_op(store), NULL, ops, 4, &tt, 1, mem_attrs(cv, op, seg, 4, NULL), NULL);
  } else {
    const IrType *rt = c2a_res_type(cv, op, 0);
    if (!rt) return false;
    int pad = view->attr ? ct_enum_value(view->attr, &ct_enum_padding_value) : -1;
    IrValue *other = splat_bits(cv, rt, pad_bits(aa_elem(rt), pad));
    IrValue *ops[4] = {ptrs, mask, other, tok};
    int32_t seg[4] = {1, 0, 1, 1};
    const IrType *rts[2] = {rt, tt};
    a = cv_build(cv, aa_op(load), NULL, ops, 4, rts, 2, mem_attrs(cv, op, seg, 4, NULL), NULL);
  }
  if (!a) return false;
  IrValue *res[2];
  res[0] = ir_op_result(a, 0);
  if (!store) res[1] = ir_op_result(a, 1);
  cv_replace(cv, op, res);
  c2a_chain_set(cv, a, store ? res[0] : res[1]);
  return true;
}

void c2a_add_memory_patterns(CvConversion *cv) {
  cv_add_pattern(cv, ct_op(atomic_rmw_tko), p_atomic);
  cv_add_pattern(cv, ct_op(atomic_cas_tko), p_atomic);
  cv_add_pattern(cv, ct_op(atomic_red_view_tko), p_atomic_red_view);
  cv_add_pattern(cv, ct_op(global), p_global);
  cv_add_pattern(cv, ct_op(get_global), p_get_global);
  cv_add_pattern(cv, ct_op(alloca), p_alloca);
  cv_add_pattern(cv, ct_op(int_to_ptr), p_ptr_cast);
  cv_add_pattern(cv, ct_op(ptr_to_int), p_ptr_cast);
  cv_add_pattern(cv, ct_op(ptr_to_ptr), p_ptr_cast);
  cv_add_pattern(cv, ct_op(get_tensor_shape), p_get_shape);
  cv_add_pattern(cv, ct_op(get_index_space_shape), p_get_shape);
  cv_add_pattern(cv, ct_op(make_tensor_view), p_make_tensor_view);
  cv_add_pattern(cv, ct_op(make_partition_view), p_make_partition_view);
  cv_add_pattern(cv, ct_op(make_strided_view), p_make_partition_view);
  cv_add_pattern(cv, ct_op(make_gather_scatter_view), p_make_partition_view);
  cv_add_pattern(cv, ct_op(load_view_tko), p_load_view);
  cv_add_pattern(cv, ct_op(store_view_tko), p_store_view);
  cv_add_pattern(cv, ct_op(load_ptr_tko), p_load_ptr);
  cv_add_pattern(cv, ct_op(store_ptr_tko), p_store_ptr);
  cv_add_pattern(cv, ct_op(offset), p_offset);
}
