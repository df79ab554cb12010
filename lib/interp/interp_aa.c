/* interp_aa.c — the interpreter's handlers for nv_tileaa (the output of the
 * cuda_tile -> nv_tileaa conversion) and the dispatcher for every op that
 * is not cuda_tile: one handler table per dialect (nv_tileaa by op index,
 * arith/math by name in interp_std.c), scf.for/scf.if through cuda_tile's
 * control flow (same semantics, same step budget).
 *
 * Values: nv_tileaa tiles and builtin scalars are ordinary tiles (rank 0 for
 * scalars); pointers are host addresses (VK_INT); a memref is a VK_TVIEW
 * value (base address, shape, strides in elements); tokens are VK_TOKEN.
 * Shape ops, reduce/scan and float dot reuse the cuda_tile kernels, which
 * only look at values; tiled_load/tiled_store give the padding value (zero
 * by default) for out-of-bounds elements and skip them on store, as
 * cuda_tile's partition-view accesses do, with the same bounds and alignment
 * checks per element. */
#include "interp/interp_ops.h"
#include "interp/interp_std.h"
#include "interp/interp_lower.h"
#include "interp/interp_queue.h"
#include "dialect/nv_tileaa/nv_tileaa.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- types ----------------------------------------------------------------- */

const IrType *in_foreign_elem(const IrType *t) {
  if (aa_is_tile(t)) return aa_elem(t);
  if (ir_type_is_integer(t) || ir_type_is_index(t) || ir_type_is_float(t) || aa_is_ptr(t))
    return t;
  return NULL;
}

bool in_foreign_is_ptr(const IrType *t) { return aa_is_ptr(t); }

const IrType *in_foreign_pointee(const IrType *t) { return aa_ptr_pointee(t); }

int in_foreign_ordering(IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "mem_semantic");
  return a ? aa_enum_value(a, &aa_enum_mem_semantic) : -1;
}

bool in_foreign_float_atomic(IrOp *op) {
  return aa_op_is(op, AA_OP_atomic_rmw) && op->nresults &&
         ir_type_is_float(aa_elem(ir_op_result(op, 0)->type));
}

Val *in_foreign_new(const IrType *t) {
  const IrType *e = in_foreign_elem(t);
  if (!e) return NULL;
  Val *v = aa_is_tile(t) ? val_new_shape(e, aa_shape(t), (int)aa_rank(t))
                         : val_new_shape(e, NULL, 0);
  v->type = t;
  return v;
}

bool in_is_foreign_entry(IrOp *op) {
  return aa_op_is(op, AA_OP_func) && ir_op_attrz(op, "nv_tileaa.kernel") != NULL;
}

/* ---- simple ops ----------------------------------------------------------- */

static bool h_aa_token(Exec *e, IrOp *op) {
  in_set_result(e, op, 0, val_new_token());
  return true;
}

static bool h_aa_program(Exec *e, IrOp *op) {
  int64_t axis = in_attr_int(op, "axis", 0);
  if (axis < 0 || axis > 2) return in_fail(e, op, "bad axis");
  Val *v = in_foreign_new(ir_op_result(op, 0)->type);
  ((int64_t *)v->data)[0] = aa_op_is(op, AA_OP_get_program_id) ? e->bid[axis] : e->run->grid[axis];
  in_set_result(e, op, 0, v);
  return true;
}

static bool h_aa_make_memref(Exec *e, IrOp *op) {
  const IrType *t = ir_op_result(op, 0)->type;
  size_t rank = aa_memref_rank(t);
  if (rank > IN_MAX_RANK || aa_memref_num_strides(t) != rank)
    return in_fail(e, op, "memref without static strides per dimension");
  int32_t seg[4];
  uint32_t st[4];
  if (!aa_segments(op, 4, seg, st, true)) return in_fail(e, op, "bad operandSegmentSizes");
  Val *v = xcalloc(1, sizeof(Val));
  v->refs = 1;
  v->kind = VK_TVIEW;
  v->elem = aa_memref_elem(t);
  v->base = in_scalar_int(in_opnd(e, op, 0));
  if (seg[1]) v->base += in_scalar_int(in_opnd(e, op, st[1])) * (int64_t)interp_elem_bytes(v->elem);
  v->vrank = (int)rank;
  unsigned ds = st[2], dt = st[3];
  for (size_t d = 0; d < rank; d++) {
    int64_t s = aa_memref_shape(t)[d], k = aa_memref_strides(t)[d];
    v->vshape[d] = s == IR_DYNAMIC ? in_scalar_int(in_opnd(e, op, ds++)) : s;
    v->vstrides[d] = k == IR_DYNAMIC ? in_scalar_int(in_opnd(e, op, dt++)) : k;
  }
  in_set_result(e, op, 0, v);
  return true;
}

static double pad_value(IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "padding_value");
  switch (a ? aa_enum_value(a, &aa_enum_padding_value) : 0) {
  case 1: return -0.0;
  case 2: return NAN;
  case 3: return INFINITY;
  case 4: return -INFINITY;
  default: return 0.0;
  }
}

static void put(Val *v, int64_t i, int64_t iv, double fv) {
  if (v->kind == VK_INT) ((int64_t *)v->data)[i] = iv;
  else if (v->kind == VK_F32) ((float *)v->data)[i] = (float)fv;
  else ((double *)v->data)[i] = fv;
}

static void get(const Val *v, int64_t i, int64_t *iv, double *fv) {
  if (v->kind == VK_INT) *iv = ((const int64_t *)v->data)[i];
  else *fv = in_elem_f(v, i);
}

/* The in_bounds facts of a tiled access: along a dimension marked true the
 * whole tile (element offsets off .. off + shape - 1) must lie inside the
 * memref, a promise whose violation is undefined behaviour; reported here.
 * The conversion sets the fact where a partition view's tile size divides
 * the dimension, from cuda_tile's rule that a tile index stays inside the
 * view's index space, so a tile-aligned offset is reported as cuda_tile
 * reports the index (offset / tile size of ceil(size / tile size) tiles). */
static bool check_in_bounds(Exec *e, IrOp *op, const Val *m, const int64_t *off,
                            const int64_t *shape, int rank) {
  const IrAttr *ib = ir_op_attrz(op, "in_bounds");
  if (!ib || !ir_attr_is(ib, &ir_dense_array_attr_def) || ib->nints != (size_t)rank) return true;
  for (int d = 0; d < rank; d++) {
    int64_t n = m->vshape[d], t = shape[d], o = off[d];
    if (!ib->ints[d] || t < 1 || (o >= 0 && o <= n - t)) continue;
    if (o % t == 0)
      return in_fail(e, op, "index %lld out of bounds of the partition view's index space "
                     "(dimension %d has %lld tiles)", (long long)(o / t), d,
                     (long long)(n / t + (n % t != 0)));
    return in_fail(e, op, "tile of %lld elements at offset %lld is not in bounds along "
                   "dimension %d of size %lld, against its in_bounds fact", (long long)t,
                   (long long)o, d, (long long)n);
  }
  return true;
}

/* Wrapping offset arithmetic (a huge offset is caught as out of bounds). */
static inline int64_t aa_wadd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static inline int64_t aa_wmul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

/* Bounds (and --check) of the tile of `shape` at element offsets off of
 * memref m, checked as cuda_tile checks a partition-view tile: per row
 * along the innermost dimension, the run from its first to its last
 * in-bounds element is one access (acc: IN_ACC_* kind) of that many
 * elements; rows with an outer coordinate out of bounds are not accessed.
 * *each: the caller checks every element again (--check, innermost stride
 * other than 1), as cuda_tile does. */
static bool tiled_spans(Exec *e, IrOp *op, const Val *m, const int64_t *off,
                        const int64_t *shape, int rank, int acc, bool *each) {
  size_t es = interp_elem_bytes(m->elem);
  int64_t st = rank ? m->vstrides[rank - 1] : 1, inner = rank ? shape[rank - 1] : 1;
  *each = e->run->chk_mem && st != 1;
  if (rank == 0) return in_check_access(e, op, (uintptr_t)m->base, es ? es : 1, es ? es : 1, acc);
  int64_t c[IN_MAX_RANK] = {0}, nrows = 1;
  for (int d = 0; d < rank - 1; d++) nrows *= shape[d];
  for (int64_t r = 0; r < nrows; r++) {
    bool ok = true;
    int64_t ro = 0;
    for (int d = 0; d < rank - 1; d++) {
      int64_t x = aa_wadd(off[d], c[d]);
      if (x < 0 || x >= m->vshape[d]) ok = false;
      ro = aa_wadd(ro, aa_wmul(x, m->vstrides[d]));
    }
    /* in-bounds elements lo_e .. hi_e - 1 of the row (none when the row
     * starts at or past the end, or ends before 0) */
    int64_t c0 = off[rank - 1], lim = m->vshape[rank - 1], lo_e = 0, hi_e = 0;
    if (c0 < lim && c0 > -inner) {
      uint64_t left = (uint64_t)lim - (uint64_t)c0; /* exact: 0 < lim - c0 < 2^64 */
      lo_e = c0 < 0 ? -c0 : 0;
      hi_e = left < (uint64_t)inner ? (int64_t)left : inner;
    }
    if (ok && hi_e > lo_e) {
      int64_t o0 = aa_wadd(ro, aa_wmul(c0 + lo_e, st));
      int64_t o1 = aa_wadd(ro, aa_wmul(c0 + hi_e - 1, st));
      int64_t lo = o0 < o1 ? o0 : o1, hi = o0 < o1 ? o1 : o0;
      uint64_t dist = (uint64_t)hi - (uint64_t)lo;
      /* f4E2M1FN (es 0): packed, the bytes holding the run */
      size_t span = dist >= ((uint64_t)1 << 60) ? SIZE_MAX
                    : es ? (size_t)(dist + 1) * es : (size_t)(dist / 2 + 1);
      uintptr_t a = (uintptr_t)aa_wadd(m->base, es ? aa_wmul(lo, (int64_t)es) : lo / 2);
      if (!in_check_access(e, op, a, span, es ? es : 1, acc | (*each ? IN_ACC_SPAN : 0)))
        return false;
    }
    for (int d = rank - 2; d >= 0; d--) {
      if (++c[d] < shape[d]) break;
      c[d] = 0;
    }
  }
  return true;
}

/* tiled_load / tiled_store: the tile at element offsets idx of the memref. */
static bool tiled_access(Exec *e, IrOp *op, bool store) {
  int32_t seg[4];
  uint32_t st[4];
  if (!aa_segments(op, 4, seg, st, true)) return in_fail(e, op, "bad operandSegmentSizes");
  Val *m = in_opnd(e, op, 0);
  unsigned idx0 = store ? st[2] : st[1];
  Val *tile = store ? in_opnd(e, op, 1) : NULL;
  const IrType *elem = m->elem;
  int rank = m->vrank;
  int64_t off[IN_MAX_RANK];
  for (int d = 0; d < rank; d++) off[d] = in_scalar_int(in_opnd(e, op, idx0 + (unsigned)d));
  if (!store) {
    const IrType *rt = ir_op_result(op, 0)->type;
    tile = in_foreign_new(rt);
  }
  if (tile->rank != rank && !(tile->rank == 0 && rank == 0)) {
    if (!store) val_release(tile);
    return in_fail(e, op, "tile rank does not match the memref rank");
  }
  if (!check_in_bounds(e, op, m, off, tile->shape, rank)) {
    if (!store) val_release(tile);
    return false;
  }
  bool each;
  if (!tiled_spans(e, op, m, off, tile->shape, rank, store ? IN_ACC_WRITE : IN_ACC_READ, &each)) {
    if (!store) val_release(tile);
    return false;
  }
  double padv = pad_value(op);
  size_t es = interp_elem_bytes(elem);
  int64_t c[IN_MAX_RANK] = {0};
  for (int64_t i = 0; i < tile->n; i++) {
    bool ok = true;
    int64_t eo = 0;
    for (int d = 0; d < rank; d++) {
      int64_t x = aa_wadd(off[d], c[d]);
      if (x < 0 || x >= m->vshape[d]) ok = false;
      eo = aa_wadd(eo, aa_wmul(x, m->vstrides[d]));
    }
    if (ok) {
      /* f4E2M1FN (es 0): two elements per byte, low nibble first */
      uintptr_t a = (uintptr_t)aa_wadd(m->base, es ? aa_wmul(eo, (int64_t)es) : eo / 2);
      if (each && !in_check_access(e, op, a, es ? es : 1, es ? es : 1, store)) {
        if (!store) val_release(tile);
        return false;
      }
      if (!es) {
        uint8_t *p = (uint8_t *)a;
        if (store) {
          uint8_t b = (uint8_t)ir_float_to_bits(IR_F4E2M1FN, in_elem_f(tile, i));
          *p = (eo & 1) ? (uint8_t)((*p & 0x0F) | (b << 4)) : (uint8_t)((*p & 0xF0) | (b & 0xF));
        } else {
          put(tile, i, 0, ir_float_from_bits(IR_F4E2M1FN, (eo & 1) ? *p >> 4 : *p & 0xF));
        }
      } else if (store) {
        int64_t iv = 0;
        double fv = 0;
        get(tile, i, &iv, &fv);
        in_mem_write(elem, (uint8_t *)a, iv, fv);
      } else {
        double fv = 0;
        int64_t iv = in_mem_read(elem, (const uint8_t *)a, tile->kind, &fv);
        put(tile, i, iv, fv);
      }
    } else if (!store) {
      put(tile, i, 0, padv);
    }
    for (int d = rank - 1; d >= 0; d--) {
      if (++c[d] < tile->shape[d]) break;
      c[d] = 0;
    }
  }
  if (!store) {
    in_set_result(e, op, 0, tile);
    in_set_result(e, op, 1, val_new_token());
  } else {
    in_set_result(e, op, 0, val_new_token());
  }
  return true;
}

static bool h_aa_tiled_load(Exec *e, IrOp *op) { return tiled_access(e, op, false); }
static bool h_aa_tiled_store(Exec *e, IrOp *op) { return tiled_access(e, op, true); }

/* load / store through a pointer or a tile of pointers, with mask/other. */
static bool ptr_access(Exec *e, IrOp *op, bool store) {
  int32_t seg[4];
  uint32_t st[4];
  if (!aa_segments(op, 4, seg, st, true)) return in_fail(e, op, "bad operandSegmentSizes");
  Val *p = in_opnd(e, op, 0);
  if (seg[store ? 2 : 1]) return in_fail(e, op, "indexed pointer access is not supported");
  const IrType *pt = ir_op_operand(op, 0)->type;
  const IrType *elem = aa_ptr_pointee(aa_elem(pt));
  if (ir_type_is_float(elem) && ir_float_kind(elem) == IR_F4E2M1FN) /* as cuda_tile's */
    return in_fail(e, op, "f4E2M1FN %s through pointers are not supported (f4E2M1FN memory is "
                   "accessible through views only)", store ? "stores" : "loads");
  Val *mask = seg[store ? 3 : 2] ? in_opnd(e, op, st[store ? 3 : 2]) : NULL;
  Val *other = !store && seg[3] ? in_opnd(e, op, st[3]) : NULL;
  Val *v = store ? in_opnd(e, op, 1) : in_foreign_new(ir_op_result(op, 0)->type);
  size_t es = interp_elem_bytes(elem);
  for (int64_t i = 0; i < v->n; i++) {
    int64_t pi = p->n == 1 ? 0 : i;
    bool on = !mask || ((int64_t *)mask->data)[mask->n == 1 ? 0 : i] != 0;
    if (!on) {
      if (!store) {
        int64_t iv = 0;
        double fv = 0;
        if (other) get(other, other->n == 1 ? 0 : i, &iv, &fv);
        put(v, i, iv, fv);
      }
      continue;
    }
    uintptr_t a = (uintptr_t)((int64_t *)p->data)[pi];
    if (!in_check_access(e, op, a, es, es, store)) {
      if (!store) val_release(v);
      return false;
    }
    if (store) {
      int64_t iv = 0;
      double fv = 0;
      get(v, i, &iv, &fv);
      in_mem_write(elem, (uint8_t *)a, iv, fv);
    } else {
      double fv = 0;
      int64_t iv = in_mem_read(elem, (const uint8_t *)a, v->kind, &fv);
      put(v, i, iv, fv);
    }
  }
  if (!store) {
    in_set_result(e, op, 0, v);
    if (op->nresults > 1) in_set_result(e, op, 1, val_new_token());
  } else if (op->nresults) {
    in_set_result(e, op, 0, val_new_token());
  }
  return true;
}

static bool h_aa_load(Exec *e, IrOp *op) { return ptr_access(e, op, false); }
static bool h_aa_store(Exec *e, IrOp *op) { return ptr_access(e, op, true); }

/* addptr: base + offset * sizeof(pointee), broadcasting a scalar side. */
static bool h_aa_addptr(Exec *e, IrOp *op) {
  Val *b = in_opnd(e, op, 0), *o = in_opnd(e, op, 1);
  const IrType *rt = ir_op_result(op, 0)->type;
  int64_t es = (int64_t)interp_elem_bytes(aa_ptr_pointee(aa_elem(rt)));
  if (!es) /* f4E2M1FN: no byte address per element, as cuda_tile's offset */
    return in_fail(e, op, "pointer arithmetic on f4E2M1FN is not supported (f4E2M1FN memory "
                   "is accessible through views only)");
  Val *r = in_foreign_new(rt);
  for (int64_t i = 0; i < r->n; i++)
    ((int64_t *)r->data)[i] = (int64_t)((uint64_t)((int64_t *)b->data)[b->n == 1 ? 0 : i] +
                                        (uint64_t)((int64_t *)o->data)[o->n == 1 ? 0 : i] *
                                            (uint64_t)es);
  in_set_result(e, op, 0, r);
  return true;
}

/* splat: a scalar repeated over the result tile. */
static bool h_aa_splat(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = in_foreign_new(ir_op_result(op, 0)->type);
  size_t es = in_kind_size(r->kind);
  for (int64_t i = 0; i < r->n; i++) memcpy((char *)r->data + (size_t)i * es, a->data, es);
  in_set_result(e, op, 0, r);
  return true;
}

/* expand_dims: a size-one axis inserted at `axis`.  The row-major order of
 * the elements is unchanged, so the result holds the operand's elements in
 * the result shape (the verifier checked the shapes; the count is checked
 * again here so a malformed module cannot overrun). */
static bool h_aa_expand_dims(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = in_foreign_new(ir_op_result(op, 0)->type);
  if (!r) return in_fail(e, op, "unsupported result type");
  if (r->n != a->n || r->kind != a->kind) {
    val_release(r);
    return in_fail(e, op, "expects the operand's elements in the result shape");
  }
  memcpy(r->data, a->data, (size_t)r->n * in_kind_size(r->kind));
  in_set_result(e, op, 0, r);
  return true;
}

/* extract with all-zero... general indices: element at the given indices. */
static bool h_aa_extract(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  const IrType *rt = ir_op_result(op, 0)->type;
  if (aa_is_tile(rt)) return in_fail(e, op, "only scalar extracts are supported");
  if ((int)op->noperands - 1 != a->rank) return in_fail(e, op, "expects one index per axis");
  int64_t lin = 0;
  for (int d = 0; d < a->rank; d++) {
    int64_t x = in_scalar_int(in_opnd(e, op, 1 + (unsigned)d));
    if (x < 0 || x >= a->shape[d]) return in_fail(e, op, "index %lld out of bounds", (long long)x);
    lin = lin * a->shape[d] + x;
  }
  Val *r = in_foreign_new(rt);
  size_t es = in_kind_size(r->kind);
  memcpy(r->data, (char *)a->data + (size_t)lin * es, es);
  in_set_result(e, op, 0, r);
  return true;
}

/* extract_slice: the result-shaped subtile at element offsets. */
static bool h_aa_extract_slice(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = in_foreign_new(ir_op_result(op, 0)->type);
  if ((int)op->noperands - 1 != a->rank || r->rank != a->rank) {
    val_release(r);
    return in_fail(e, op, "expects one offset per axis");
  }
  int64_t off[IN_MAX_RANK], st[IN_MAX_RANK], c[IN_MAX_RANK] = {0};
  for (int d = a->rank - 1, s = 1; d >= 0; d--) {
    st[d] = s;
    s *= (int)a->shape[d];
  }
  for (int d = 0; d < a->rank; d++) {
    off[d] = in_scalar_int(in_opnd(e, op, 1 + (unsigned)d));
    if (off[d] < 0 || off[d] + r->shape[d] > a->shape[d]) {
      val_release(r);
      return in_fail(e, op, "slice at offset %lld out of bounds in dimension %d",
                     (long long)off[d], d);
    }
  }
  size_t es = in_kind_size(r->kind);
  for (int64_t i = 0; i < r->n; i++) {
    int64_t src = 0;
    for (int d = 0; d < a->rank; d++) src += (off[d] + c[d]) * st[d];
    memcpy((char *)r->data + (size_t)i * es, (const char *)a->data + (size_t)src * es, es);
    for (int d = a->rank - 1; d >= 0; d--) {
      if (++c[d] < r->shape[d]) break;
      c[d] = 0;
    }
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* get_dim_size {dim}: a memref's or tile's size along dim. */
static bool h_aa_get_dim_size(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  int64_t d = in_attr_int(op, "dim", 0);
  int rank = a->kind == VK_TVIEW ? a->vrank : a->rank;
  if (d < 0 || d >= rank) return in_fail(e, op, "bad dim");
  Val *r = in_foreign_new(ir_op_result(op, 0)->type);
  int64_t v = a->kind == VK_TVIEW ? a->vshape[d] : a->shape[d];
  ((int64_t *)r->data)[0] = in_sext(v, in_int_width(r->elem));
  in_set_result(e, op, 0, r);
  return true;
}

/* mulhiui: high half of the zero-extended product. */
static bool h_aa_mulhiui(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1);
  Val *r = val_new_raw(a->elem, a->shape, a->rank);
  unsigned w = in_int_width(r->elem);
  for (int64_t i = 0; i < r->n; i++) {
    unsigned __int128 p = (unsigned __int128)in_zext(((int64_t *)a->data)[a->n == 1 ? 0 : i], w) *
                          in_zext(((int64_t *)b->data)[b->n == 1 ? 0 : i], w);
    ((int64_t *)r->data)[i] = in_sext((int64_t)(uint64_t)(p >> w), w);
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* Integer dot: C + sum_k A[i,k] * B[k,j] with each operand extended by its
 * signedness, wrapping at the accumulator width (cuda_tile's mmai). */
static bool h_aa_dot_int(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1), *c = in_opnd(e, op, 2);
  if (a->rank != c->rank || (a->rank != 2 && a->rank != 3))
    return in_fail(e, op, "expects rank-2 or rank-3 operands");
  bool ua = aa_enum_value(ir_op_attrz(op, "signedness_a"), &aa_enum_signedness) == 1;
  bool ub = aa_enum_value(ir_op_attrz(op, "signedness_b"), &aa_enum_signedness) == 1;
  int r = a->rank;
  int64_t nb = r == 3 ? a->shape[0] : 1, M = a->shape[r - 2], K = a->shape[r - 1],
          N = b->shape[r - 1];
  Val *res = val_new_raw(c->elem, c->shape, c->rank);
  unsigned wa = in_int_width(a->elem), wb = in_int_width(b->elem), wr = in_int_width(c->elem);
  const int64_t *A = a->data, *B = b->data, *C = c->data;
  int64_t *R = res->data;
  for (int64_t z = 0; z < nb; z++)
    for (int64_t i = 0; i < M; i++)
      for (int64_t j = 0; j < N; j++) {
        uint64_t acc = (uint64_t)C[z * M * N + i * N + j];
        for (int64_t k = 0; k < K; k++) {
          int64_t p = A[z * M * K + i * K + k], q = B[z * K * N + k * N + j];
          uint64_t pp = ua ? in_zext(p, wa) : (uint64_t)p, qq = ub ? in_zext(q, wb) : (uint64_t)q;
          acc += pp * qq;
        }
        R[z * M * N + i * N + j] = in_sext((int64_t)acc, wr);
      }
  in_set_result(e, op, 0, res);
  return true;
}

/* dot through cuda_tile's kernels: float (mmaf), block-scaled (with sfa and
 * sfb: mmaf_scaled), integer with signedness_a/b (mmai's arithmetic). */
static bool h_aa_dot(Exec *e, IrOp *op) {
  if (op->noperands == 5) return h_mmaf_scaled(e, op);
  if (op->noperands != 3) return in_fail(e, op, "expects 3 or 5 operands");
  if (ir_type_is_float(aa_elem(ir_op_operand(op, 0)->type))) return h_mmaf(e, op);
  return h_aa_dot_int(e, op);
}

/* make_range: start..end-1 (start 0 is cuda_tile's iota). */
static bool h_aa_make_range(Exec *e, IrOp *op) {
  Val *r = in_foreign_new(ir_op_result(op, 0)->type);
  int64_t s = in_attr_int(op, "start", 0);
  unsigned w = in_int_width(r->elem);
  for (int64_t i = 0; i < r->n; i++) ((int64_t *)r->data)[i] = in_sext(s + i, w);
  in_set_result(e, op, 0, r);
  return true;
}

/* assert: fails on the first false element, as cuda_tile's assert. */
static bool h_aa_assert(Exec *e, IrOp *op) {
  Val *c = in_opnd(e, op, 0);
  for (int64_t i = 0; i < c->n; i++)
    if (((int64_t *)c->data)[i] == 0) {
      const IrAttr *m = ir_op_attrz(op, "message");
      return in_fail(e, op, "assertion failed: %s", m && m->str ? m->str->str : "");
    }
  return true;
}

static bool h_aa_nop(Exec *e, IrOp *op) {
  (void)e;
  (void)op;
  return true;
}

/* bitcast: pointers move as 64-bit integers; numbers as arith.bitcast. */
static bool h_aa_bitcast(Exec *e, IrOp *op) {
  if (aa_is_ptr(aa_elem(ir_op_result(op, 0)->type)) ||
      aa_is_ptr(aa_elem(ir_op_operand(op, 0)->type)))
    return h_ptr_cast(e, op);
  return in_std_handler("arith.bitcast")(e, op);
}

/* One read-modify-write step (rmw_mode numbering: add and or xor xchg min
 * max umin umax addf); the same arithmetic as cuda_tile's atomics. */
static void rmw_step(int mode, const IrType *elem, int64_t *oi, double *of, int64_t ai,
                     double af) {
  unsigned w = in_int_width(elem);
  switch (mode) {
  case 0: *oi = in_sext((int64_t)((uint64_t)*oi + (uint64_t)ai), w); break;
  case 1: *oi &= ai; break;
  case 2: *oi |= ai; break;
  case 3: *oi ^= ai; break;
  case 4: *oi = ai; *of = af; break;
  case 5: *oi = *oi < ai ? *oi : ai; break;
  case 6: *oi = *oi > ai ? *oi : ai; break;
  case 7: *oi = in_zext(*oi, w) < in_zext(ai, w) ? *oi : ai; break;
  case 8: *oi = in_zext(*oi, w) > in_zext(ai, w) ? *oi : ai; break;
  default: {
    IrFloatKind k = ir_float_kind(elem);
    *of = in_round_fmt(k, k == IR_F64 ? *of + af : (double)((float)*of + (float)af), -1);
  }
  }
}

/* Applies the atomic at address a (under the run-wide atomics lock, taken
 * by the caller); old value into (oi, of). */
static bool atomic_at(Exec *e, IrOp *op, uintptr_t a, const IrType *elem, ValKind k, bool cas,
                      int mode, int64_t ai, double af, int64_t ci, double cf, int64_t *oi,
                      double *of, bool check) {
  size_t es = interp_elem_bytes(elem);
  if (check) {
    pthread_mutex_unlock(&e->run->amu);
    bool ok = in_check_access(e, op, a, es, es, IN_ACC_WRITE | IN_ACC_ATOMIC);
    pthread_mutex_lock(&e->run->amu);
    if (!ok) return false;
  }
  if (cas) {
    uint8_t cur[8] = {0}, want[8] = {0};
    memcpy(cur, (const void *)a, es);
    in_mem_write(elem, want, ci, cf);
    *oi = in_mem_read(elem, cur, k, of);
    if (memcmp(cur, want, es) == 0) in_mem_write(elem, (uint8_t *)a, ai, af);
    return true;
  }
  *oi = in_mem_read(elem, (const uint8_t *)a, k, of);
  int64_t ni = *oi;
  double nf = *of;
  rmw_step(mode, elem, &ni, &nf, ai, af);
  in_mem_write(elem, (uint8_t *)a, ni, nf);
  return true;
}

/* atomic_rmw / atomic_cas on a pointer or tile of pointers, with a mask
 * (masked-off lanes return the operand, as cuda_tile's atomics do). */
static bool h_aa_atomic(Exec *e, IrOp *op) {
  bool cas = aa_op_is(op, AA_OP_atomic_cas);
  int32_t seg[5];
  uint32_t st[5];
  if (!aa_segments(op, cas ? 5 : 4, seg, st, true)) return in_fail(e, op, "bad operandSegmentSizes");
  if (seg[cas ? 3 : 2]) return in_fail(e, op, "indexed atomics are not supported");
  Val *p = in_opnd(e, op, 0), *arg = in_opnd(e, op, cas ? 2 : 1);
  Val *cmp = cas ? in_opnd(e, op, 1) : NULL;
  unsigned mseg = cas ? 4 : 3;
  Val *mask = seg[mseg] ? in_opnd(e, op, st[mseg]) : NULL;
  int mode = cas ? 0 : aa_enum_value(ir_op_attrz(op, "rmw_mode"), &aa_enum_rmw_mode);
  Val *r = in_foreign_new(ir_op_result(op, 0)->type);
  bool ok = true;
  pthread_mutex_lock(&e->run->amu);
  for (int64_t i = 0; i < r->n && ok; i++) {
    int64_t ai = 0, ci = 0, oi = 0;
    double af = 0, cf = 0, of = 0;
    get(arg, arg->n == 1 ? 0 : i, &ai, &af);
    if (cmp) get(cmp, cmp->n == 1 ? 0 : i, &ci, &cf);
    if (mask && !((const int64_t *)mask->data)[mask->n == 1 ? 0 : i]) {
      if (cas) put(r, i, ci, cf);
      else put(r, i, ai, af);
      continue;
    }
    uintptr_t a = (uintptr_t)((const int64_t *)p->data)[p->n == 1 ? 0 : i];
    ok = atomic_at(e, op, a, r->elem, r->kind, cas, mode, ai, af, ci, cf, &oi, &of, true);
    if (ok) put(r, i, oi, of);
  }
  pthread_mutex_unlock(&e->run->amu);
  if (!ok) return val_release(r), false;
  in_set_result(e, op, 0, r);
  if (op->nresults > 1) in_set_result(e, op, 1, val_new_token());
  return true;
}

/* tiled_atomic_rmw: the rmw on every in-bounds element of the memref tile
 * at element offsets (out-of-bounds elements are skipped). */
static bool h_aa_tiled_atomic(Exec *e, IrOp *op) {
  int32_t seg[4];
  uint32_t st[4];
  if (!aa_segments(op, 4, seg, st, true)) return in_fail(e, op, "bad operandSegmentSizes");
  Val *m = in_opnd(e, op, 0), *v = in_opnd(e, op, 1);
  int mode = aa_enum_value(ir_op_attrz(op, "rmw_mode"), &aa_enum_rmw_mode);
  int rank = m->vrank;
  if (v->rank != rank) return in_fail(e, op, "tile rank does not match the memref rank");
  int64_t off[IN_MAX_RANK], c[IN_MAX_RANK] = {0};
  for (int d = 0; d < rank; d++) off[d] = in_scalar_int(in_opnd(e, op, st[2] + (unsigned)d));
  if (!check_in_bounds(e, op, m, off, v->shape, rank)) return false;
  size_t es = interp_elem_bytes(m->elem);
  Val *r = in_foreign_new(ir_op_result(op, 0)->type);
  /* bounds as cuda_tile's atomic_red_view_tko: the tile read, then written,
   * by rows (under the lock) */
  pthread_mutex_lock(&e->run->amu);
  bool each;
  bool ok = tiled_spans(e, op, m, off, v->shape, rank, IN_ACC_ATOMIC, &each) &&
            tiled_spans(e, op, m, off, v->shape, rank, IN_ACC_WRITE | IN_ACC_ATOMIC, &each);
  for (int64_t i = 0; i < v->n && ok; i++) {
    bool in = true;
    int64_t eo = 0;
    for (int d = 0; d < rank; d++) {
      int64_t x = aa_wadd(off[d], c[d]);
      if (x < 0 || x >= m->vshape[d]) in = false;
      eo = aa_wadd(eo, aa_wmul(x, m->vstrides[d]));
    }
    if (in) {
      int64_t ai = 0, oi = 0;
      double af = 0, of = 0;
      get(v, i, &ai, &af);
      uintptr_t a = (uintptr_t)aa_wadd(m->base, aa_wmul(eo, (int64_t)es));
      ok = atomic_at(e, op, a, m->elem, v->kind, false, mode, ai, af, 0, 0, &oi, &of, each);
      if (ok) put(r, i, oi, of);
    }
    for (int d = rank - 1; d >= 0; d--) {
      if (++c[d] < v->shape[d]) break;
      c[d] = 0;
    }
  }
  pthread_mutex_unlock(&e->run->amu);
  if (!ok) return val_release(r), false;
  in_set_result(e, op, 0, r);
  in_set_result(e, op, 1, val_new_token());
  return true;
}

/* assume: checks each predicate as cuda_tile's assume does (violations are
 * runtime errors), then forwards the value. */
static bool h_aa_assume(Exec *e, IrOp *op) {
  Val *v = in_opnd(e, op, 0);
  const IrAttr *preds = ir_op_attrz(op, "predicates");
  size_t np = preds ? (ir_attr_is(preds, &ir_array_attr_def) ? preds->nelems : 1) : 0;
  for (size_t k = 0; k < np && v->kind == VK_INT; k++) {
    const IrAttr *p = ir_attr_is(preds, &ir_array_attr_def) ? preds->elems[k] : preds;
    if (p->def == &aa_div_by_attr_def) {
      if (!in_check_div_by(e, op, v, (uint64_t)p->ints[0], (p->flags & 1) ? p->ints[1] : 1,
                           (p->flags & 2) ? (int)p->ints[2] : -1))
        return false;
    } else if (p->def == &aa_bounded_attr_def) {
      if (!in_check_bounded(e, op, v, p->flags & 1, p->ints[0], p->flags & 2, p->ints[1]))
        return false;
    } else if (p->def == &aa_same_elements_attr_def && v->rank == (int)p->nints) {
      if (!in_check_same_elements(e, op, v, p->ints)) return false;
    }
  }
  in_set_result(e, op, 0, val_retain(v));
  return true;
}

/* get_global: the global's address; a global marked nv_tileaa.alloca /
 * nv_tileaa.alloca_global (a converted cuda_tile.alloca) is per-execution
 * storage instead: each execution yields a fresh zeroed buffer of its
 * type, private to the tile block and freed when it ends, exactly as
 * cuda_tile's alloca (same --check=uninit shadow, reported at this op's
 * location, which is the alloca's). */
static bool h_aa_get_global(Exec *e, IrOp *op) {
  const IrAttr *name = ir_op_attrz(op, "name");
  IrOp *g = name ? ir_symbol_resolve(op, name) : NULL;
  if (!g || (!ir_op_attrz(g, "nv_tileaa.alloca") && !ir_op_attrz(g, "nv_tileaa.alloca_global")))
    return h_get_global(e, op);
  const IrAttr *ta = ir_op_attrz(g, "type");
  const IrType *t = ta ? ta->type : NULL;
  if (!t || !aa_is_tile(t) || aa_rank(t) != 1 || aa_shape(t)[0] < 1)
    return in_fail(e, op, "alloca global without a rank-1 tile type");
  size_t bytes = interp_buffer_bytes(aa_elem(t), (size_t)aa_shape(t)[0]);
  void *mem = aligned_alloc(256, (bytes + 255) & ~(size_t)255);
  if (!mem) return in_fail(e, op, "out of memory allocating %zu bytes", bytes);
  memset(mem, 0, bytes);
  if (e->run->chk) in_chk_alloca(e, op, mem, bytes);
  vec_push(&e->local_mem, mem);
  MemRegion m = {(uintptr_t)mem, (uintptr_t)mem + bytes, false, 0};
  vec_push(&e->local, m);
  Val *v = in_foreign_new(ir_op_result(op, 0)->type);
  ((int64_t *)v->data)[0] = (int64_t)(uintptr_t)mem;
  in_set_result(e, op, 0, v);
  return true;
}

static const InHandler aa_handlers[AA_OP_COUNT] = {
    [AA_OP_assume] = h_aa_assume,
    [AA_OP_atomic_rmw] = h_aa_atomic,
    [AA_OP_atomic_cas] = h_aa_atomic,
    [AA_OP_tiled_atomic_rmw] = h_aa_tiled_atomic,
    [AA_OP_print] = h_print,
    [AA_OP_assert_] = h_aa_assert,
    [AA_OP_create_mem_token] = h_aa_token,
    [AA_OP_join_mem_token] = h_aa_token,
    [AA_OP_get_program_id] = h_aa_program,
    [AA_OP_get_num_programs] = h_aa_program,
    [AA_OP_make_memref] = h_aa_make_memref,
    [AA_OP_tiled_load] = h_aa_tiled_load,
    [AA_OP_tiled_store] = h_aa_tiled_store,
    [AA_OP_load] = h_aa_load,
    [AA_OP_store] = h_aa_store,
    [AA_OP_addptr] = h_aa_addptr,
    [AA_OP_splat] = h_aa_splat,
    [AA_OP_broadcast] = h_broadcast,
    [AA_OP_view] = h_reshape,
    [AA_OP_expand_dims] = h_aa_expand_dims,
    [AA_OP_extract] = h_aa_extract,
    [AA_OP_extract_slice] = h_aa_extract_slice,
    [AA_OP_get_dim_size] = h_aa_get_dim_size,
    [AA_OP_mulhiui] = h_aa_mulhiui,
    [AA_OP_global] = h_aa_nop,
    [AA_OP_get_global] = h_aa_get_global,
    [AA_OP_int_to_ptr] = h_ptr_cast,
    [AA_OP_ptr_to_int] = h_ptr_cast,
    [AA_OP_bitcast] = h_aa_bitcast,
    [AA_OP_cat] = h_cat,
    [AA_OP_permute] = h_permute,
    [AA_OP_reduce] = h_reduce,
    [AA_OP_scan] = h_scan,
    [AA_OP_dot] = h_aa_dot,
    [AA_OP_make_range] = h_aa_make_range,
    [AA_OP_addf] = in_std_float_aa,
    [AA_OP_subf] = in_std_float_aa,
    [AA_OP_mulf] = in_std_float_aa,
    [AA_OP_divf] = in_std_float_aa,
    [AA_OP_fma] = in_std_float_aa,
    [AA_OP_sqrt] = in_std_float_aa,
    [AA_OP_rsqrt] = in_std_float_aa,
    [AA_OP_exp2] = in_std_float_aa,
    [AA_OP_fp_to_fp] = in_std_float_aa,
};

/* Takes the values of the last terminator (references move to the caller). */
static Val **take_term(Exec *e, size_t *n) {
  *n = e->term.len;
  Val **v = xmalloc((e->term.len + 1) * sizeof(Val *));
  for (size_t i = 0; i < e->term.len; i++) v[i] = e->term.data[i];
  e->term.len = 0;
  return v;
}

static void free_vals(Val **v, size_t n) {
  for (size_t i = 0; i < n; i++) val_release(v[i]);
  free(v);
}

/* scf.while: the before region computes scf.condition(c) values; while c
 * holds the after region maps them to the next arguments, else they are
 * the results.  Counts against the step budget like cuda_tile.loop. */
static ExecCode exec_while(Exec *e, IrOp *op) {
  IrBlock *before = ir_region_entry(ir_op_region(op, 0));
  IrBlock *after = ir_region_entry(ir_op_region(op, 1));
  size_t n = op->noperands;
  Val **cur = xmalloc((n + 1) * sizeof(Val *));
  for (size_t i = 0; i < n; i++) cur[i] = val_retain(in_opnd(e, op, (unsigned)i));
  IrOp *outer = e->cur_loop;
  e->cur_loop = op;
  ExecCode code = X_OK;
  for (;;) {
    if (__atomic_load_n(&e->run->fail_min, __ATOMIC_RELAXED) < e->linear) {
      code = X_ERR;
      break;
    }
    for (size_t i = 0; i < n && i < before->nargs; i++) in_set(e, before->args[i], val_retain(cur[i]));
    code = in_exec_block(e, before);
    if (code != X_YIELD) break;
    size_t m;
    Val **tv = take_term(e, &m);
    bool go = m > 0 && in_scalar_int(tv[0]) != 0;
    if (!go) {
      for (unsigned i = 0; i < op->nresults && i + 1 < m; i++)
        in_set_result(e, op, i, val_retain(tv[i + 1]));
      free_vals(tv, m);
      code = X_OK;
      break;
    }
    for (size_t i = 1; i < m && i - 1 < after->nargs; i++)
      in_set(e, after->args[i - 1], val_retain(tv[i]));
    free_vals(tv, m);
    code = in_exec_block(e, after);
    if (code != X_YIELD) break;
    Val **nv = take_term(e, &m);
    for (size_t i = 0; i < n && i < m; i++) {
      val_release(cur[i]);
      cur[i] = val_retain(nv[i]);
    }
    free_vals(nv, m);
  }
  e->cur_loop = outer;
  free_vals(cur, n);
  if (code == X_OK && e->failed) code = X_ERR;
  return code == X_YIELD ? X_ERR : code;
}

/* nv_tileaa.pragma: its directives only steer the backend's code generator,
 * so the region runs once and its yield gives the results. */
static ExecCode exec_pragma(Exec *e, IrOp *op) {
  ExecCode code = in_exec_block(e, ir_region_entry(ir_op_region(op, 0)));
  if (code != X_YIELD && code != X_OK) return code;
  size_t n;
  Val **v = take_term(e, &n);
  if (n != op->nresults) {
    free_vals(v, n);
    in_fail(e, op, "expects one yielded value per result");
    return X_ERR;
  }
  for (unsigned i = 0; i < op->nresults; i++) in_set_result(e, op, i, val_retain(v[i]));
  free_vals(v, n);
  return e->failed ? X_ERR : X_OK;
}

ExecCode in_exec_foreign(Exec *e, IrOp *op) {
  InHandler h = NULL;
  if (op->info >= aa_op_infos && op->info < aa_op_infos + AA_OP_COUNT) {
    AaOpIndex idx = (AaOpIndex)(op->info - aa_op_infos);
    if (idx == AA_OP_yield || idx == AA_OP_queue_yield) {
      in_set_term(e, op);
      return X_YIELD;
    }
    if (idx == AA_OP_return_) {
      in_set_term(e, op);
      return X_RETURN;
    }
    if (idx == AA_OP_pragma) return exec_pragma(e, op);
    h = aa_handlers[idx];
    if (!h) h = in_queue_handler(op); /* queues, execute (interp_queue.c) */
  } else {
    const char *n = ir_op_name(op);
    if (!strncmp(n, "scf.", 4)) {
      if (!strcmp(n, "scf.yield") || !strcmp(n, "scf.condition")) {
        in_set_term(e, op);
        return X_YIELD;
      }
      if (!strcmp(n, "scf.for")) return in_exec_for(e, op);
      if (!strcmp(n, "scf.if")) return in_exec_if(e, op);
      if (!strcmp(n, "scf.while")) return exec_while(e, op);
    }
    if (in_queue_is_terminator(op)) {
      in_set_term(e, op);
      return X_YIELD;
    }
    h = in_std_handler(n);
    if (!h) h = in_lower_handler(op); /* hop-2 lowered ops */
    if (!h) h = in_queue_handler(op); /* pipelines, agents (interp_queue.c) */
  }
  if (!h) {
    in_fail(e, op, "is not supported by the interpreter");
    return X_ERR;
  }
  if (!h(e, op)) {
    if (!e->failed) in_fail(e, op, "failed");
    return X_ERR;
  }
  return X_OK;
}
