/* interp_mem.c — memory for the interpreter: the checked access path to the
 * registered host buffers, globals and allocas; pointer tiles (offset,
 * casts, gather load / scatter store with masks and padding values); tensor
 * and partition views (load/store with padding and edge masking); atomics
 * (every rmw mode and compare-and-swap, through one run-wide lock so that
 * racing blocks stay well defined); and print_tko's printf-style output.
 *
 * Memory formats: see interp.h (InterpArg).  f4E2M1FN memory (two elements
 * per byte, low nibble first; buffers, globals and allocas) is accessible
 * through views only: an f4E2M1FN element has no byte address, so pointer
 * arithmetic, pointer loads/stores and atomics on it are runtime errors.
 *
 * Borrowed loads: where no block can order its memory accesses against
 * another's (Run.borrow_ok), a dense f32 view load whose tile is one packed
 * run of memory gives a tile over that memory instead of a copy, and an
 * element-wise op whose result the next op stores through such a view
 * computes it straight into that memory (in_ew_store_dest).  Every write
 * first gives the live borrowed tiles it overlaps copies of their own
 * (in_borrow_write), so a tile never sees a later store of its block. */
#include <math.h>
#include <stdio.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define HAVE_LOAD_AVX 1
#endif

#include "interp/interp_gemm.h"
#include "interp/interp_ops.h"

/* ======================================================================== */
/* Checked access                                                            */
/* ======================================================================== */

static const MemRegion *find_region(const MemRegion *r, size_t n, uintptr_t a) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (r[mid].lo <= a) lo = mid + 1;
    else hi = mid;
  }
  if (lo == 0) return NULL;
  const MemRegion *m = &r[lo - 1];
  return a < m->hi ? m : NULL;
}

/* Notes a store into region m (see MemRegion): a load and no write once
 * the flag is up. */
static inline void mark_written(const MemRegion *m) {
  int *w = (int *)&m->written; /* regions are const to readers; the flag alone changes */
  if (!__atomic_load_n(w, __ATOMIC_RELAXED)) __atomic_store_n(w, 1, __ATOMIC_RELAXED);
}

bool in_check_access(Exec *e, IrOp *op, uintptr_t addr, size_t bytes, size_t align,
                     int kind) {
  bool write = (kind & IN_ACC_WRITE) != 0;
  if (align > 1 && addr % align)
    return in_fail(e, op, "misaligned %zu-byte access at address 0x%llx", align,
                   (unsigned long long)addr);
  const MemRegion *m = find_region(e->run->regions.data, e->run->regions.len, addr);
  if (!m)
    for (size_t i = 0; i < e->local.len; i++)
      if (addr >= e->local.data[i].lo && addr < e->local.data[i].hi) m = &e->local.data[i];
  if (!m || bytes > m->hi - addr)
    return in_fail(e, op, "out-of-bounds %s of %zu byte(s) at address 0x%llx", write ? "store" : "load",
                   bytes, (unsigned long long)addr);
  if (write && m->readonly)
    return in_fail(e, op, "store to constant global memory at address 0x%llx",
                   (unsigned long long)addr);
  if (write) mark_written(m);
  if (e->run->chk_mem && !(kind & IN_ACC_SPAN))
    return in_chk_access(e, op, addr, bytes, align ? align : 1, kind, m);
  return true;
}

/* Reads one element of type elem at p into the compute representation:
 * integers returned, floats stored in *fout. */
int64_t in_mem_read(const IrType *elem, const uint8_t *p, ValKind k, double *fout) {
  if (k == VK_INT) {
    size_t nb = interp_elem_bytes(elem);
    uint64_t v = 0;
    memcpy(&v, p, nb);
    unsigned w = in_int_width(elem);
    if (w == 1) return (v & 1) ? -1 : 0;
    return in_sext((int64_t)v, w);
  }
  IrFloatKind fk = ir_float_kind(elem);
  switch (fk) {
  case IR_F32: {
    float f;
    memcpy(&f, p, 4);
    *fout = f;
    return 0;
  }
  case IR_F64: memcpy(fout, p, 8); return 0;
  case IR_TF32: {
    uint32_t u;
    memcpy(&u, p, 4);
    *fout = ir_float_from_bits(fk, u >> 13);
    return 0;
  }
  default: {
    size_t nb = interp_elem_bytes(elem);
    uint64_t v = 0;
    memcpy(&v, p, nb);
    *fout = ir_float_from_bits(fk, v);
    return 0;
  }
  }
}

/* Writes one element (compute representation -> memory format). */
void in_mem_write(const IrType *elem, uint8_t *p, int64_t iv, double fv) {
  if (!ir_type_is_float(elem)) {
    size_t nb = interp_elem_bytes(elem);
    uint64_t v = (uint64_t)iv;
    if (in_int_width(elem) == 1) v = iv ? 1 : 0;
    memcpy(p, &v, nb);
    return;
  }
  IrFloatKind fk = ir_float_kind(elem);
  switch (fk) {
  case IR_F32: {
    float f = (float)fv;
    memcpy(p, &f, 4);
    return;
  }
  case IR_F64: memcpy(p, &fv, 8); return;
  case IR_TF32: {
    uint32_t u = (uint32_t)ir_float_to_bits(fk, fv) << 13;
    memcpy(p, &u, 4);
    return;
  }
  default: {
    uint64_t v = ir_float_to_bits(fk, fv);
    memcpy(p, &v, interp_elem_bytes(elem));
    return;
  }
  }
}

static void val_put(Val *v, int64_t i, int64_t iv, double fv) {
  if (v->kind == VK_INT) ((int64_t *)v->data)[i] = iv;
  else if (v->kind == VK_F32) ((float *)v->data)[i] = (float)fv;
  else ((double *)v->data)[i] = fv;
}

static void val_get(const Val *v, int64_t i, int64_t *iv, double *fv) {
  if (v->kind == VK_INT) *iv = ((const int64_t *)v->data)[i];
  else *fv = in_elem_f(v, i);
}

/* ======================================================================== */
/* Globals, alloca                                                           */
/* ======================================================================== */

static IrWalkResult collect_globals(IrOp *op, void *user) {
  Run *r = user;
  if (!ct_op_is(op, CT_OP_global) && !ir_op_isz(op, "nv_tileaa.global")) return IR_WALK_ADVANCE;
  const IrAttr *v = ir_op_attrz(op, "value");
  /* cuda_tile tiles, or nv_tileaa tiles (the converted global) */
  const IrType *elem = v ? in_res_elem_of(v->type) : NULL;
  if (!elem || !ir_type_is_shaped(v->type)) return IR_WALK_ADVANCE;
  size_t es = interp_elem_bytes(elem);
  int64_t n = ir_shape_num_elements(v->type->ints, v->type->nints);
  size_t bytes = interp_buffer_bytes(elem, (size_t)n);
  uint8_t *mem = aligned_alloc(256, (bytes + 255) & ~(size_t)255);
  if (!mem) abort();
  memset(mem, 0, bytes);
  Val *tmp = in_val_from_dense(v, v->type);
  for (int64_t i = 0; i < n; i++) {
    int64_t iv = 0;
    double fv = 0;
    val_get(tmp, i, &iv, &fv);
    if (!es) interp_store_elem(elem, mem, (size_t)i, fv); /* f4E2M1FN: packed */
    else in_mem_write(elem, mem + (size_t)i * es, iv, fv);
  }
  val_release(tmp);
  vec_push(&r->owned, mem);
  in_add_region(r, (uintptr_t)mem, bytes, in_attr_present(op, "constant"));
  u64map_put(&r->globals, (uint64_t)(uintptr_t)op, mem);
  return IR_WALK_ADVANCE;
}

bool in_setup_globals(Run *r) {
  ir_walk_pre(r->module, collect_globals, r);
  return true;
}

bool h_get_global(Exec *e, IrOp *op) {
  const IrAttr *name = ir_op_attrz(op, "name");
  IrOp *g = name ? ir_symbol_resolve(op, name) : NULL;
  void *mem = g ? u64map_get(&e->run->globals, (uint64_t)(uintptr_t)g) : NULL;
  if (!mem) return in_fail(e, op, "unknown global");
  Val *v = val_new_tile(ir_op_result(op, 0)->type);
  ((int64_t *)v->data)[0] = (int64_t)(uintptr_t)mem;
  in_set_result(e, op, 0, v);
  return true;
}

bool h_alloca(Exec *e, IrOp *op) {
  const IrType *t = ir_op_result(op, 0)->type;
  const IrType *pt = ct_tile_type_elem(t);
  const IrType *elem = ct_ptr_type_pointee(pt);
  int64_t n = in_attr_int(op, "num_elem", 1);
  size_t bytes = interp_buffer_bytes(elem, (size_t)(n > 0 ? n : 1));
  void *mem = aligned_alloc(256, (bytes + 255) & ~(size_t)255);
  if (!mem) abort();
  memset(mem, 0, bytes);
  if (e->run->chk) in_chk_alloca(e, op, mem, bytes);
  vec_push(&e->local_mem, mem);
  MemRegion m = {(uintptr_t)mem, (uintptr_t)mem + bytes, false, 0};
  vec_push(&e->local, m);
  Val *v = val_new_tile(t);
  ((int64_t *)v->data)[0] = (int64_t)(uintptr_t)mem;
  in_set_result(e, op, 0, v);
  return true;
}

/* ======================================================================== */
/* Pointer tiles                                                             */
/* ======================================================================== */

static const IrType *pointee_of(const Val *v) {
  const IrType *pt = v->elem;
  return ct_type_is_ptr(pt) ? ct_ptr_type_pointee(pt) : pt;
}

bool h_offset(Exec *e, IrOp *op) {
  Val *p = in_opnd(e, op, 0), *o = in_opnd(e, op, 1);
  const IrType *rt = ir_op_result(op, 0)->type;
  Val *r = val_new_tile(rt);
  size_t es = interp_elem_bytes(pointee_of(r));
  if (!es)
    return val_release(r), in_fail(e, op, "pointer arithmetic on f4E2M1FN is not supported "
                                          "(f4E2M1FN memory is accessible through views only)");
  const int64_t *pd = p->data, *od = o->data;
  int64_t *z = r->data;
  size_t sp = p->n == 1 ? 0 : 1, so = o->n == 1 ? 0 : 1;
  for (int64_t i = 0; i < r->n; i++)
    z[i] = (int64_t)((uint64_t)pd[i * (int64_t)sp] + (uint64_t)od[i * (int64_t)so] * es);
  in_set_result(e, op, 0, r);
  return true;
}

bool h_ptr_cast(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = val_new_tile(ir_op_result(op, 0)->type);
  memcpy(r->data, a->data, (size_t)r->n * 8);
  in_set_result(e, op, 0, r);
  return true;
}

/* load_ptr_tko: gather through a pointer tile; masked-off lanes take the
 * padding value (or 0).  Every address is checked. */
bool h_load_ptr(Exec *e, IrOp *op) {
  unsigned ms, ml, ps, pl, ts, tl;
  in_segment_x(e, op, 1, &ms, &ml);
  in_segment_x(e, op, 2, &ps, &pl);
  in_segment_x(e, op, 3, &ts, &tl);
  Val *p = in_opnd(e, op, 0);
  Val *mask = ml ? in_opnd(e, op, ms) : NULL;
  Val *pad = pl ? in_opnd(e, op, ps) : NULL;
  Val *r = val_new_tile(ir_op_result(op, 0)->type);
  const IrType *elem = r->elem;
  size_t es = interp_elem_bytes(elem);
  if (!es)
    return val_release(r), in_fail(e, op, "f4E2M1FN loads through pointers are not supported "
                                          "(f4E2M1FN memory is accessible through views only)");
  const int64_t *pd = p->data;
  for (int64_t i = 0; i < r->n; i++) {
    const int64_t *md = mask ? mask->data : NULL;
    if (md && !md[mask->n == 1 ? 0 : i]) {
      if (pad) {
        int64_t iv = 0;
        double fv = 0;
        val_get(pad, pad->n == 1 ? 0 : i, &iv, &fv);
        val_put(r, i, iv, fv);
      }
      continue;
    }
    uintptr_t a = (uintptr_t)pd[p->n == 1 ? 0 : i];
    if (!in_check_access(e, op, a, es, es, false)) return val_release(r), false;
    double fv = 0;
    int64_t iv = in_mem_read(elem, (const uint8_t *)a, r->kind, &fv);
    val_put(r, i, iv, fv);
  }
  in_set_result(e, op, 0, r);
  in_set_result(e, op, 1, val_new_token());
  return true;
}

/* store_ptr_tko: scatter through a pointer tile, skipping masked lanes. */
bool h_store_ptr(Exec *e, IrOp *op) {
  unsigned ms, ml;
  in_segment_x(e, op, 2, &ms, &ml);
  Val *p = in_opnd(e, op, 0), *v = in_opnd(e, op, 1);
  Val *mask = ml ? in_opnd(e, op, ms) : NULL;
  const IrType *elem = v->elem;
  size_t es = interp_elem_bytes(elem);
  if (!es) return in_fail(e, op, "f4E2M1FN stores through pointers are not supported "
                                 "(f4E2M1FN memory is accessible through views only)");
  const int64_t *pd = p->data;
  in_borrow_write(e, 0, UINTPTR_MAX); /* borrowed tiles (v among them) get copies first */
  for (int64_t i = 0; i < p->n; i++) {
    if (mask && !((const int64_t *)mask->data)[mask->n == 1 ? 0 : i]) continue;
    uintptr_t a = (uintptr_t)pd[i];
    if (!in_check_access(e, op, a, es, es, true)) return false;
    int64_t iv = 0;
    double fv = 0;
    val_get(v, v->n == 1 ? 0 : i, &iv, &fv);
    in_mem_write(elem, (uint8_t *)a, iv, fv);
  }
  in_set_result(e, op, 0, val_new_token());
  return true;
}

/* ======================================================================== */
/* Views                                                                     */
/* ======================================================================== */

/* make_tensor_view: base address plus static/dynamic shape and strides. */
bool h_make_tensor_view(Exec *e, IrOp *op) {
  Val *memo = in_view_memo_get(e, op);
  if (memo) {
    in_set_result(e, op, 0, memo);
    return true;
  }
  const IrType *t = ir_op_result(op, 0)->type;
  Val *base = in_opnd(e, op, 0);
  Val *v = val_new_token();
  v->kind = VK_TVIEW;
  v->elem = ct_tensor_view_elem(t);
  v->base = in_scalar_int(base);
  v->vrank = (int)ct_tensor_view_rank(t);
  unsigned ss, sl, ts, tl;
  in_segment_x(e, op, 1, &ss, &sl);
  in_segment_x(e, op, 2, &ts, &tl);
  const int64_t *sh = ct_tensor_view_shape(t), *st = ct_tensor_view_strides(t);
  for (int d = 0; d < v->vrank; d++) {
    v->vshape[d] = sh[d] == IR_DYNAMIC ? in_scalar_int(in_opnd(e, op, ss++)) : sh[d];
    v->vstrides[d] = st[d] == IR_DYNAMIC ? in_scalar_int(in_opnd(e, op, ts++)) : st[d];
    if (v->vshape[d] < 0) {
      val_release(v);
      return in_fail(e, op, "negative dynamic shape %lld", (long long)v->vshape[d]);
    }
  }
  in_view_memo_put(e, op, v);
  in_set_result(e, op, 0, v);
  return true;
}

bool h_make_view(Exec *e, IrOp *op) {
  Val *memo = in_view_memo_get(e, op);
  if (memo) {
    in_set_result(e, op, 0, memo);
    return true;
  }
  Val *tv = in_opnd(e, op, 0);
  Val *v = val_new_token();
  *v = *tv;
  v->refs = 1;
  v->data = NULL;
  v->borrowed = false;
  v->kind = VK_PVIEW;
  v->type = ir_op_result(op, 0)->type;
  in_view_memo_put(e, op, v);
  in_set_result(e, op, 0, v);
  return true;
}

bool h_get_tensor_shape(Exec *e, IrOp *op) {
  Val *tv = in_opnd(e, op, 0);
  for (unsigned i = 0; i < op->nresults; i++) {
    Val *r = val_new_tile(ir_op_result(op, i)->type);
    ((int64_t *)r->data)[0] = in_sext(tv->vshape[i], in_int_width(r->elem));
    in_set_result(e, op, i, r);
  }
  return true;
}

/* Per tile dimension d of a view: the tensor dimension it walks, and the
 * step between consecutive tile indices (partition: the tile size; strided:
 * the traversal stride). */
static void view_dim(const IrType *t, int d, int64_t *tdim, int64_t *step) {
  const int64_t *ts = ct_view_tile_shape(t);
  const int64_t *dm = ct_view_dim_map(t);
  *tdim = dm && (int)ct_view_dim_map_size(t) > d ? dm[d] : d;
  *step = ts[d];
  if (ct_type_is_strided_view(t) && (int)ct_view_num_traversal_strides(t) > d)
    *step = ct_view_traversal_strides(t)[d];
  if (*step < 1) *step = 1;
}

bool h_get_index_space_shape(Exec *e, IrOp *op) {
  Val *pv = in_opnd(e, op, 0);
  const IrType *t = pv->type;
  size_t tr = ct_view_tile_rank(t);
  for (unsigned i = 0; i < op->nresults && i < tr; i++) {
    int64_t td, step;
    view_dim(t, (int)i, &td, &step);
    int64_t n = in_ceil_div(pv->vshape[td], step);
    if (ct_type_is_gather_scatter_view(t) && i == ct_view_sparse_dim(t)) n = pv->vshape[td];
    Val *r = val_new_tile(ir_op_result(op, i)->type);
    ((int64_t *)r->data)[0] = in_sext(n, in_int_width(r->elem));
    in_set_result(e, op, i, r);
  }
  return true;
}

/* A decoded view access: for every tile dimension d and tile coordinate
 * 0 <= c < tshape[d], the tensor coordinate coord_at(d, c) along tensor
 * dimension with stride tstride[d] and extent tlimit[d].  Elements with a
 * coordinate outside [0, tlimit) are out of bounds (padded on load, masked on
 * store). */
typedef struct ViewAcc {
  int rank;
  int64_t tshape[IN_MAX_RANK];
  int64_t *coord[IN_MAX_RANK]; /* NULL when contig: coordinate = origin + c */
  int64_t origin[IN_MAX_RANK];
  int64_t tstride[IN_MAX_RANK];
  int64_t tlimit[IN_MAX_RANK];
  bool contig[IN_MAX_RANK];    /* coordinate(c) == origin + c */
  int pad;
  int64_t *buf;
} ViewAcc;

static void view_free(ViewAcc *va) { free(va->buf); }

/* Decodes the view access of op (its tile indices from operand idx0 on).
 * With quiet, an index outside the index space returns false without a
 * report (in_ew_store_dest asks ahead of the store). */
static bool view_decode_q(Exec *e, IrOp *op, Val *pv, unsigned idx0, unsigned nidx, ViewAcc *va,
                          bool quiet) {
  const IrType *t = pv->type;
  memset(va, 0, sizeof *va);
  va->rank = (int)ct_view_tile_rank(t);
  const int64_t *ts = ct_view_tile_shape(t);
  va->pad = ct_view_padding(t);
  bool gs = ct_type_is_gather_scatter_view(t);
  int sparse = gs ? (int)ct_view_sparse_dim(t) : -1;
  if ((int)nidx != va->rank) return in_fail(e, op, "expected %d indices", va->rank);
  int64_t total = sparse >= 0 ? ts[sparse] : 0;
  va->buf = sparse >= 0 ? xmalloc((size_t)(total + 1) * sizeof(int64_t)) : NULL;
  int64_t *p = va->buf;
  for (int i = 0; i < va->rank; i++) {
    int64_t td, step;
    view_dim(t, i, &td, &step);
    va->tshape[i] = ts[i];
    va->tstride[i] = pv->vstrides[td];
    va->tlimit[i] = pv->vshape[td];
    Val *iv = in_opnd(e, op, idx0 + (unsigned)i);
    if (i == sparse) {
      va->coord[i] = p;
      p += ts[i];
      /* gather/scatter dimension: a 1-D tile of row indices */
      for (int64_t c = 0; c < ts[i]; c++)
        va->coord[i][c] = iv->n == ts[i] ? ((const int64_t *)iv->data)[c] : in_scalar_int(iv);
      va->contig[i] = false;
      continue;
    }
    int64_t ix = in_scalar_int(iv);
    int64_t nspace = in_ceil_div(pv->vshape[td], step);
    if (ix < 0 || ix >= nspace) {
      view_free(va);
      if (quiet) return false;
      return in_fail(e, op, "index %lld out of bounds of the %s's index space "
                            "(dimension %d has %lld tiles)", (long long)ix,
                     gs ? "gather_scatter_view" : ct_type_is_strided_view(t) ? "strided view"
                                                                          : "partition view",
                     i, (long long)nspace);
    }
    va->origin[i] = ix * step;
    va->coord[i] = NULL;
    va->contig[i] = true;
  }
  return true;
}

static bool view_decode(Exec *e, IrOp *op, Val *pv, unsigned idx0, unsigned nidx, ViewAcc *va) {
  return view_decode_q(e, op, pv, idx0, nidx, va, false);
}

static double pad_value(int pad) {
  switch (pad) {
  case CT_PAD_NEG_ZERO: return -0.0;
  case CT_PAD_NAN: return NAN;
  case CT_PAD_POS_INF: return INFINITY;
  case CT_PAD_NEG_INF: return -INFINITY;
  default: return 0.0;
  }
}

/* Wrapping address arithmetic: huge dynamic strides must not be undefined
 * behaviour; a wrapped address is caught by in_check_access. */
static inline int64_t wmul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static inline int64_t wadd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }

/* Tensor coordinate of tile coordinate c along d (wrapping: a coordinate
 * past INT64_MAX becomes negative, which is out of bounds like it). */
static inline int64_t coord_at(const ViewAcc *va, int d, int64_t c) {
  return va->coord[d] ? va->coord[d][c] : wadd(va->origin[d], c);
}

static inline bool coord_ok(const ViewAcc *va, int d, int64_t c) {
  int64_t x = coord_at(va, d, c);
  return x >= 0 && x < va->tlimit[d];
}

/* The registered region (or alloca) that holds all of [addr, addr + bytes)
 * and that a store may write, when `write` (marking it written): the test
 * of in_check_access without its report; NULL if none.  *local: whether it
 * is an alloca. */
static const MemRegion *span_region(Exec *e, uintptr_t addr, size_t bytes, bool write,
                                    bool *local) {
  const MemRegion *m = find_region(e->run->regions.data, e->run->regions.len, addr);
  *local = !m;
  if (!m)
    for (size_t i = 0; i < e->local.len; i++)
      if (addr >= e->local.data[i].lo && addr < e->local.data[i].hi) m = &e->local.data[i];
  if (!m || bytes > m->hi - addr || (write && m->readonly)) return NULL;
  if (write) mark_written(m);
  return m;
}

/* Whether [addr, addr + bytes) lies in one registered region (or alloca)
 * that a store may write (see span_region). */
static bool span_in_region(Exec *e, uintptr_t addr, size_t bytes, bool write) {
  bool local;
  return span_region(e, addr, bytes, write, &local) != NULL;
}

/* d[0..n) = s[0..n) for one row of a dense view access: the rows of a
 * typical tile are short (32 or 64 floats), where a call to memcpy per row
 * costs more than the copy; long rows go to memcpy. */
static inline void copy_f32(float *restrict d, const float *restrict s, int64_t n) {
  if (n >= 256) {
    memcpy(d, s, (size_t)n * 4);
    return;
  }
  int64_t j = 0;
#ifdef __SSE2__
  for (; j + 16 <= n; j += 16) {
    __m128 x0 = _mm_loadu_ps(s + j), x1 = _mm_loadu_ps(s + j + 4), x2 = _mm_loadu_ps(s + j + 8),
           x3 = _mm_loadu_ps(s + j + 12);
    _mm_storeu_ps(d + j, x0);
    _mm_storeu_ps(d + j + 4, x1);
    _mm_storeu_ps(d + j + 8, x2);
    _mm_storeu_ps(d + j + 12, x3);
  }
  for (; j + 4 <= n; j += 4) _mm_storeu_ps(d + j, _mm_loadu_ps(s + j));
#endif
  for (; j < n; j++) d[j] = s[j];
}

/* The rows of a dense 2-D f32 tile load: rows of `inner` floats, `stride`
 * floats apart from p, into t (packed).  With AVX, 32 floats per step in
 * ymm registers, the whole tile in one call (one vzeroupper); otherwise
 * copy_f32 per row.  Short rows (the typical 32- or 64-float operand rows of
 * an mmaf) never reach memcpy. */
#ifdef HAVE_LOAD_AVX
enum { CPU_AVX = 1, CPU_AVX2 = 2 };

/* The CPU_* features this CPU has (__builtin_cpu_supports, asked once). */
static int cpu_features(void) {
  static int cached = -1;
  int f = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (f < 0) {
    f = (__builtin_cpu_supports("avx") ? CPU_AVX : 0) | (__builtin_cpu_supports("avx2") ? CPU_AVX2 : 0);
    __atomic_store_n(&cached, f, __ATOMIC_RELAXED);
  }
  return f;
}
#endif

#ifdef HAVE_LOAD_AVX
__attribute__((target("avx"))) static void load_rows_f32_avx(float *restrict t,
                                                             const float *restrict p,
                                                             int64_t rows, int64_t inner,
                                                             int64_t stride) {
  for (int64_t r = 0; r < rows; r++, t += inner, p += stride) {
    int64_t j = 0;
    for (; j + 32 <= inner; j += 32) {
      __m256 x0 = _mm256_loadu_ps(p + j), x1 = _mm256_loadu_ps(p + j + 8),
             x2 = _mm256_loadu_ps(p + j + 16), x3 = _mm256_loadu_ps(p + j + 24);
      _mm256_storeu_ps(t + j, x0);
      _mm256_storeu_ps(t + j + 8, x1);
      _mm256_storeu_ps(t + j + 16, x2);
      _mm256_storeu_ps(t + j + 24, x3);
    }
    for (; j + 8 <= inner; j += 8) _mm256_storeu_ps(t + j, _mm256_loadu_ps(p + j));
    for (; j < inner; j++) t[j] = p[j];
  }
}
#endif

static void load_rows_f32(float *restrict t, const float *restrict p, int64_t rows,
                          int64_t inner, int64_t stride) {
#ifdef HAVE_LOAD_AVX
  if ((cpu_features() & CPU_AVX) && inner < 4096) {
    load_rows_f32_avx(t, p, rows, inner, stride);
    return;
  }
#endif
  for (int64_t r = 0; r < rows; r++) copy_f32(t + r * inner, p + r * stride, inner);
}

/* The same for bf16 memory: each element widened to its f32 bit pattern
 * (bits << 16), with AVX2 8 elements per step; whether any is a NaN (the
 * caller redoes those: see view_access_dense).  Returns -1, having done
 * nothing, without AVX2. */
#ifdef HAVE_LOAD_AVX
__attribute__((target("avx2"))) static int load_rows_bf16_avx2(float *restrict t,
                                                               const uint16_t *restrict p,
                                                               int64_t rows, int64_t inner,
                                                               int64_t stride) {
  const __m128i mag = _mm_set1_epi16(0x7FFF), inf = _mm_set1_epi16(0x7F80);
  __m128i any = _mm_setzero_si128();
  bool nan = false;
  for (int64_t r = 0; r < rows; r++, t += inner, p += stride) {
    int64_t j = 0;
    for (; j + 8 <= inner; j += 8) {
      __m128i h = _mm_loadu_si128((const __m128i *)(p + j));
      _mm256_storeu_si256((__m256i *)(t + j), _mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
      any = _mm_or_si128(any, _mm_cmpgt_epi16(_mm_and_si128(h, mag), inf));
    }
    for (; j < inner; j++) {
      uint32_t u = (uint32_t)p[j] << 16;
      memcpy(&t[j], &u, 4);
      nan |= (p[j] & 0x7FFFu) > 0x7F80u;
    }
  }
  return nan || _mm_movemask_epi8(any) != 0;
}
#endif

static int load_rows_bf16(float *restrict t, const uint16_t *restrict p, int64_t rows,
                          int64_t inner, int64_t stride) {
#ifdef HAVE_LOAD_AVX
  if (cpu_features() & CPU_AVX2) return load_rows_bf16_avx2(t, p, rows, inner, stride);
#endif
  (void)t, (void)p, (void)rows, (void)inner, (void)stride;
  return -1;
}

/* Rows of at least this many floats are stored with non-temporal stores,
 * and so are tiles of at least NT_TILE_MIN floats marked `stream` (Val)
 * whose rows are whole 64-byte lines: with 64x64 f32 output tiles of a
 * 1024^3 GEMM, storing C without first reading its lines measured 2-3%
 * faster. */
#define NT_STORE_MIN 4096
#define NT_TILE_MIN 4096

/* d[0..n) = s[0..n) with non-temporal stores (SSE2) for a long row of a
 * store: the row goes to memory without first reading its lines into the
 * cache (a third of the memory traffic of a streaming element-wise kernel)
 * and without evicting the tiles in use.  The caller ends the access with
 * nt_fence(). */
static void copy_f32_nt(float *restrict d, const float *restrict s, int64_t n) {
  int64_t j = 0;
#ifdef __SSE2__
  for (; j < n && ((uintptr_t)(d + j) & 15); j++) d[j] = s[j];
  for (; j + 16 <= n; j += 16) {
    __m128 x0 = _mm_loadu_ps(s + j), x1 = _mm_loadu_ps(s + j + 4), x2 = _mm_loadu_ps(s + j + 8),
           x3 = _mm_loadu_ps(s + j + 12);
    _mm_stream_ps(d + j, x0);
    _mm_stream_ps(d + j + 4, x1);
    _mm_stream_ps(d + j + 8, x2);
    _mm_stream_ps(d + j + 12, x3);
  }
#endif
  for (; j < n; j++) d[j] = s[j];
}

static void nt_fence(void) {
#ifdef __SSE2__
  _mm_sfence();
#endif
}

/* t[0..n) = the bf16 values p[0..n) as f32 bit patterns (bits << 16);
 * whether any is a NaN.  SSE2 (x86-64's baseline) when available. */
static bool widen_bf16(const uint16_t *p, float *t, int64_t n) {
  int64_t j = 0;
  bool nan = false;
#ifdef __SSE2__
  const __m128i zero = _mm_setzero_si128(), mag = _mm_set1_epi16(0x7FFF),
                inf = _mm_set1_epi16(0x7F80);
  __m128i any = zero;
  for (; j + 8 <= n; j += 8) {
    __m128i h = _mm_loadu_si128((const __m128i *)(p + j));
    _mm_storeu_si128((__m128i *)(t + j), _mm_unpacklo_epi16(zero, h));
    _mm_storeu_si128((__m128i *)(t + j + 4), _mm_unpackhi_epi16(zero, h));
    any = _mm_or_si128(any, _mm_cmpgt_epi16(_mm_and_si128(h, mag), inf));
  }
  nan = _mm_movemask_epi8(any) != 0;
#endif
  for (; j < n; j++) {
    uint32_t u = (uint32_t)p[j] << 16;
    memcpy(&t[j], &u, 4);
    nan |= (p[j] & 0x7FFFu) > 0x7F80u;
  }
  return nan;
}

/* The span [*a0, *a0 + *bytes) of a view access whose tile dimensions are
 * all contiguous and wholly in bounds, with non-negative strides and
 * elements of es bytes, when it lies in one registered region (writable
 * for a store) and is aligned to es; false otherwise.  One check covers
 * the span from the first element to the last (every element lies between
 * them, so in the same region). */
static bool dense_span(Exec *e, const Val *pv, const ViewAcc *va, size_t es, bool store,
                       uint64_t *a0, uint64_t *bytes) {
  int64_t first = 0, extent = 0; /* element offsets of the first element, last - first */
  for (int d = 0; d < va->rank; d++) {
    int64_t o = va->origin[d], t = va->tshape[d], st = va->tstride[d], x;
    if (!va->contig[d] || o < 0 || t < 1 || st < 0 || o > va->tlimit[d] - t) return false;
    if (__builtin_mul_overflow(o, st, &x) || __builtin_add_overflow(first, x, &first)) return false;
    if (__builtin_mul_overflow(t - 1, st, &x) || __builtin_add_overflow(extent, x, &extent))
      return false;
  }
  return !(__builtin_mul_overflow((uint64_t)first, (uint64_t)es, a0) ||
           __builtin_add_overflow(*a0, (uint64_t)pv->base, a0) ||
           __builtin_mul_overflow((uint64_t)extent + 1, (uint64_t)es, bytes) || *a0 % es ||
           !span_in_region(e, (uintptr_t)*a0, (size_t)*bytes, store));
}

/* Whether the tile of a dense access is laid out in memory as a tile
 * buffer is (row-major, no gaps): unit inner stride and each outer stride
 * the size of the dimensions inside it (or a dimension of one). */
static bool va_packed(const ViewAcc *va) {
  int64_t packed = 1;
  for (int d = va->rank - 1; d >= 0; d--) {
    if (va->tshape[d] != 1 && va->tstride[d] != packed) return false;
    packed *= va->tshape[d];
  }
  return true;
}

/* A load whose tile is one packed run of f32 memory (every tile dimension
 * contiguous and in bounds, unit inner stride, each outer stride the size
 * of the dimensions inside it, or a dimension of one) as a borrowed value
 * (in_val_borrow) over that memory instead of a copy: the elements are the
 * same bits a copy would hold, and a later store to them first gives the
 * value its own copy (in_borrow_write).  NULL, having done nothing, when
 * it does not apply. */
static Val *view_borrow(Exec *e, Val *pv, const ViewAcc *va, const IrType *rt) {
  int rank = va->rank;
  const IrType *elem = pv->elem;
  if (!e->run->borrow_ok || rank == 0 || !ir_type_is_float(elem) ||
      ir_float_kind(elem) != IR_F32 || ct_tile_type_elem(rt) != elem ||
      (int)ct_tile_type_rank(rt) != rank)
    return NULL;
  uint64_t a0, bytes;
  if (!va_packed(va) || !dense_span(e, pv, va, 4, false, &a0, &bytes)) return NULL;
  Val *r = in_val_borrow(e, elem, ct_tile_type_shape(rt), rank, (void *)(uintptr_t)a0);
  if (r && rank == 2) /* as view_access_dense notes a 2-D load (interp_gemm.c) */
    in_gemm_note_tile(pv, (const void *)(uintptr_t)a0, va->tshape[0], va->tshape[1] * 4,
                      va->tstride[0] * 4);
  return r;
}

/* The common case of view_access without its per-row bookkeeping: every
 * tile dimension contiguous and wholly in bounds, unit innermost stride,
 * non-negative strides, f32 memory (bf16 too on load), and no --check
 * memory tracking.  One check covers the span from the first element to the
 * last (every element lies between them, so in the same region).  Returns
 * false, having done nothing, when it does not apply; the general path then
 * runs (and reports any bad access at the exact element). */
static bool view_access_dense(Exec *e, Val *pv, const ViewAcc *va, Val *tile, bool store) {
  int rank = va->rank;
  const IrType *elem = pv->elem;
  if (rank == 0 || tile->n == 0 || e->run->chk_mem || tile->kind != VK_F32 ||
      !ir_type_is_float(elem) || va->tstride[rank - 1] != 1)
    return false;
  IrFloatKind fk = ir_float_kind(elem);
  if (!(fk == IR_F32 || (fk == IR_BF16 && !store))) return false;
  size_t es = fk == IR_F32 ? 4 : 2;
  uint64_t a0, bytes;
  if (!dense_span(e, pv, va, es, store, &a0, &bytes)) return false;
  /* a borrowed tile stored where it lies (in_ew_store_dest's result, or a
   * load stored back): memory already holds every element */
  if (store && tile->borrowed && tile->data == (void *)(uintptr_t)a0 && fk == IR_F32 &&
      va_packed(va))
    return true;
  if (store) in_borrow_write(e, (uintptr_t)a0, (uintptr_t)(a0 + bytes));
  int64_t inner = va->tshape[rank - 1], idx[IN_MAX_RANK] = {0};
  float *t = tile->data;
  if (rank == 2 && !store) { /* an mmaf operand, typically */
    int64_t rows = va->tshape[0], st0 = va->tstride[0];
    int nan = 0;
    if (fk == IR_F32) load_rows_f32(t, (const float *)(uintptr_t)a0, rows, inner, st0);
    else nan = load_rows_bf16(t, (const uint16_t *)(uintptr_t)a0, rows, inner, st0);
    if (nan >= 0) {
      /* NaNs: the general decoder's payload and quieting, as below */
      for (int64_t r = 0; nan && r < rows; r++) {
        const uint16_t *p = (const uint16_t *)(uintptr_t)a0 + r * st0;
        for (int64_t j = 0; j < inner; j++)
          if ((p[j] & 0x7FFFu) > 0x7F80u)
            t[r * inner + j] = (float)ir_float_from_bits(IR_BF16, p[j]);
      }
      in_gemm_note_tile(pv, (const void *)(uintptr_t)a0, rows, inner * (int64_t)es,
                        st0 * (int64_t)es);
      return true;
    }
  }
  bool ntst = store && (inner >= NT_STORE_MIN ||
                        (tile->stream && tile->n >= NT_TILE_MIN && inner % 16 == 0));
  for (int64_t i = 0, row = 0; i < tile->n; i += inner, row++) {
    int64_t off = 0;
    if (rank == 2) off = row * va->tstride[0];
    else
      for (int d = 0; d < rank - 1; d++) off += idx[d] * va->tstride[d];
    if (fk == IR_F32) {
      float *p = (float *)(uintptr_t)a0 + off;
      if (ntst) copy_f32_nt(p, t + i, inner);
      else if (store) copy_f32(p, t + i, inner);
      else copy_f32(t + i, p, inner);
    } else {
      /* bf16 is the top half of an f32: widen the row, then let the
       * general decoder redo any NaN (payload and quieting as in_mem_read
       * gives them). */
      const uint16_t *p = (const uint16_t *)(uintptr_t)a0 + off;
      bool nan = widen_bf16(p, t + i, inner);
      for (int64_t j = 0; nan && j < inner; j++)
        if ((p[j] & 0x7FFFu) > 0x7F80u) t[i + j] = (float)ir_float_from_bits(IR_BF16, p[j]);
    }
    for (int d = rank - 2; d >= 0; d--) {
      if (++idx[d] < va->tshape[d]) break;
      idx[d] = 0;
    }
  }
  if (ntst) nt_fence();
  /* the next tile of a k loop is likely the same step again (interp_gemm.c);
   * only matrices feed an mmaf, so 1-D loads (elementwise streams) skip it */
  if (!store && rank == 2)
    in_gemm_note_tile(pv, (const void *)(uintptr_t)a0, va->tshape[0], inner * (int64_t)es,
                      va->tstride[0] * (int64_t)es);
  return true;
}

/* Loads or stores (acc: IN_ACC_* kind) one tile through a decoded view. */
static bool view_access(Exec *e, IrOp *op, Val *pv, ViewAcc *va, Val *tile, int acc) {
  bool store = (acc & IN_ACC_WRITE) != 0;
  if (!(acc & IN_ACC_ATOMIC) && view_access_dense(e, pv, va, tile, store)) return true;
  if (store) in_borrow_write(e, 0, UINTPTR_MAX);
  const IrType *elem = pv->elem;
  size_t es = interp_elem_bytes(elem);
  bool f4 = es == 0;
  int64_t idx[IN_MAX_RANK] = {0};
  int rank = va->rank;
  int64_t inner = rank ? va->tshape[rank - 1] : 1;
  int64_t n = tile->n;
  double padv = va->pad == CT_NO_PADDING ? 0.0 : pad_value(va->pad);
  bool fast_f32 = !f4 && ir_type_is_float(elem) && ir_float_kind(elem) == IR_F32;
  int64_t st = rank ? va->tstride[rank - 1] : 1;
  for (int64_t i = 0; i < n; i += inner) {
    int64_t off = 0;
    bool outer_ok = true;
    for (int d = 0; d < rank - 1; d++) {
      if (!coord_ok(va, d, idx[d])) outer_ok = false;
      off = wadd(off, wmul(coord_at(va, d, idx[d]), va->tstride[d]));
    }
    if (rank && va->contig[rank - 1] && outer_ok) {
      /* a contiguous run of tile elements: [first valid, last valid] */
      int64_t c0 = va->origin[rank - 1], lim = va->tlimit[rank - 1];
      int64_t lo_e = c0 < 0 ? -c0 : 0;
      int64_t hi_e = lim - c0 < inner ? lim - c0 : inner;
      if (hi_e > lo_e) {
        int64_t o0 = wadd(off, wmul(c0 + lo_e, st)), o1 = wadd(off, wmul(c0 + hi_e - 1, st));
        int64_t lo = o0 < o1 ? o0 : o1, hi = o0 < o1 ? o1 : o0;
        uint64_t dist = (uint64_t)hi - (uint64_t)lo;
        size_t span = dist >= ((uint64_t)1 << 60) ? SIZE_MAX
                      : f4 ? (size_t)(dist / 2 + 1) : (size_t)(dist + 1) * es;
        uintptr_t a = (uintptr_t)wadd(pv->base, f4 ? lo / 2 : wmul(lo, (int64_t)es));
        bool each = e->run->chk_mem && st != 1; /* --check: a strided run element by element */
        if (!in_check_access(e, op, a, span, f4 ? 1 : es, acc | (each ? IN_ACC_SPAN : 0)))
          return false;
        for (int64_t j = lo_e; each && j < hi_e; j++) {
          int64_t eo = wadd(off, wmul(c0 + j, st));
          uintptr_t aj = (uintptr_t)wadd(pv->base, f4 ? eo / 2 : wmul(eo, (int64_t)es));
          if (!in_check_access(e, op, aj, f4 ? 1 : es, f4 ? 1 : es, acc)) return false;
        }
      }
      if (!store) {
        int64_t a0 = lo_e < inner ? lo_e : inner, b0 = hi_e > a0 ? hi_e : a0;
        for (int64_t j = 0; j < a0; j++) val_put(tile, i + j, 0, padv);
        for (int64_t j = b0; j < inner; j++) val_put(tile, i + j, 0, padv);
      }
      if (fast_f32 && st == 1 && hi_e > lo_e) {
        float *p = (float *)(uintptr_t)wadd(pv->base, wmul(wadd(off, c0 + lo_e), 4));
        float *t = (float *)tile->data + i + lo_e;
        size_t nb = (size_t)(hi_e - lo_e) * 4;
        if (store) memcpy(p, t, nb);
        else memcpy(t, p, nb);
      } else {
        for (int64_t j = lo_e; j < hi_e; j++) {
          int64_t eo = wadd(off, wmul(c0 + j, st));
          if (f4) {
            uint8_t *p = (uint8_t *)(uintptr_t)wadd(pv->base, eo / 2);
            if (store) {
              uint8_t b = (uint8_t)ir_float_to_bits(IR_F4E2M1FN, in_elem_f(tile, i + j));
              *p = (eo & 1) ? (uint8_t)((*p & 0x0F) | (b << 4)) : (uint8_t)((*p & 0xF0) | (b & 0xF));
            } else {
              uint8_t b = (eo & 1) ? (uint8_t)(*p >> 4) : (uint8_t)(*p & 0xF);
              ((float *)tile->data)[i + j] = (float)ir_float_from_bits(IR_F4E2M1FN, b);
            }
            continue;
          }
          uint8_t *p = (uint8_t *)(uintptr_t)wadd(pv->base, wmul(eo, (int64_t)es));
          if (store) {
            int64_t iv = 0;
            double fv = 0;
            val_get(tile, i + j, &iv, &fv);
            in_mem_write(elem, p, iv, fv);
          } else {
            double fv = 0;
            int64_t iv = in_mem_read(elem, p, tile->kind, &fv);
            val_put(tile, i + j, iv, fv);
          }
        }
      }
    } else {
      /* element by element (gathered innermost dimension, or an outer
       * coordinate out of bounds) */
      for (int64_t j = 0; j < inner; j++) {
        bool ok = outer_ok && (rank == 0 || coord_ok(va, rank - 1, j));
        if (!ok) {
          if (!store) val_put(tile, i + j, 0, padv);
          continue;
        }
        int64_t eo = wadd(off, rank ? wmul(coord_at(va, rank - 1, j), st) : 0);
        uintptr_t a = (uintptr_t)wadd(pv->base, f4 ? eo / 2 : wmul(eo, (int64_t)es));
        if (!in_check_access(e, op, a, f4 ? 1 : es, f4 ? 1 : es, acc)) return false;
        if (f4) {
          uint8_t *p = (uint8_t *)a;
          if (store) {
            uint8_t b = (uint8_t)ir_float_to_bits(IR_F4E2M1FN, in_elem_f(tile, i + j));
            *p = (eo & 1) ? (uint8_t)((*p & 0x0F) | (b << 4)) : (uint8_t)((*p & 0xF0) | (b & 0xF));
          } else {
            uint8_t b = (eo & 1) ? (uint8_t)(*p >> 4) : (uint8_t)(*p & 0xF);
            ((float *)tile->data)[i + j] = (float)ir_float_from_bits(IR_F4E2M1FN, b);
          }
        } else if (store) {
          int64_t iv = 0;
          double fv = 0;
          val_get(tile, i + j, &iv, &fv);
          in_mem_write(elem, (uint8_t *)a, iv, fv);
        } else {
          double fv = 0;
          int64_t iv = in_mem_read(elem, (const uint8_t *)a, tile->kind, &fv);
          val_put(tile, i + j, iv, fv);
        }
      }
    }
    for (int d = rank - 2; d >= 0; d--) {
      if (++idx[d] < va->tshape[d]) break;
      idx[d] = 0;
    }
  }
  return true;
}

/* load_view_tko: a tile from a partition/strided/gather view. */
bool h_load_view(Exec *e, IrOp *op) {
  unsigned is, il;
  in_segment_x(e, op, 1, &is, &il);
  Val *pv = in_opnd(e, op, 0);
  if (pv->kind != VK_PVIEW) return in_fail(e, op, "expects a tile view");
  ViewAcc va;
  if (!view_decode(e, op, pv, is, il, &va)) return false;
  const IrType *rt = ir_op_result(op, 0)->type;
  Val *r = view_borrow(e, pv, &va, rt);
  if (r) {
    view_free(&va);
    in_set_result(e, op, 0, r);
    in_set_result(e, op, 1, in_token(e, op, 1));
    return true;
  }
  r = val_new_raw(ct_tile_type_elem(rt), ct_tile_type_shape(rt), (int)ct_tile_type_rank(rt));
  bool ok = view_access(e, op, pv, &va, r, false);
  view_free(&va);
  if (!ok) return val_release(r), false;
  in_set_result(e, op, 0, r);
  in_set_result(e, op, 1, in_token(e, op, 1));
  return true;
}

/* store_view_tko: a tile into a view; out-of-bounds elements are masked. */
bool h_store_view(Exec *e, IrOp *op) {
  Val *t = in_opnd(e, op, 0);
  if (op == e->ew_store && t == e->ew_store_val && t->borrowed) {
    /* the op before computed t into this store's memory (in_ew_store_dest):
     * its checks are this store's, and nothing ran in between */
    e->ew_store = NULL;
    in_set_result(e, op, 0, in_token(e, op, 0));
    return true;
  }
  unsigned is, il;
  in_segment_x(e, op, 2, &is, &il);
  Val *pv = in_opnd(e, op, 1);
  if (pv->kind != VK_PVIEW) return in_fail(e, op, "expects a tile view");
  ViewAcc va;
  if (!view_decode(e, op, pv, is, il, &va)) return false;
  bool ok = view_access(e, op, pv, &va, t, true);
  view_free(&va);
  if (!ok) return false;
  in_set_result(e, op, 0, in_token(e, op, 0));
  return true;
}

/* For an element-wise op whose next op is store_view_tko st of its result
 * (interp_ops.c): a borrowed tile over the memory that st will write, for
 * the op to compute its result into, when st would take the dense path
 * with a packed f32 tile of the given element type and shape and cannot
 * fail (no step or time limit reached at it either); live borrowed tiles
 * over that memory get their own copies first, as before any store.  st
 * then finds its tile already in place (view_access_dense).  NULL, having
 * done nothing, otherwise. */
Val *in_ew_store_dest(Exec *e, IrOp *st, const IrType *elem, const int64_t *shape, int rank) {
  if (!e->run->borrow_ok || !ir_type_is_float(elem) || ir_float_kind(elem) != IR_F32 ||
      !in_next_op_fits(e, st))
    return NULL;
  Val *pv = in_opnd(e, st, 1);
  if (!pv || pv->kind != VK_PVIEW || pv->elem != elem || ct_type_is_gather_scatter_view(pv->type) ||
      (int)ct_view_tile_rank(pv->type) != rank)
    return NULL;
  unsigned is, il;
  in_segment_x(e, st, 2, &is, &il);
  ViewAcc va;
  if (!view_decode_q(e, st, pv, is, il, &va, true)) return NULL;
  view_free(&va); /* no gather dimension: nothing allocated */
  for (int d = 0; d < rank; d++)
    if (va.tshape[d] != shape[d]) return NULL;
  uint64_t a0, bytes;
  if (!va_packed(&va) || !dense_span(e, pv, &va, 4, true, &a0, &bytes)) return NULL;
  in_borrow_write(e, (uintptr_t)a0, (uintptr_t)(a0 + bytes));
  Val *r = in_val_borrow(e, elem, shape, rank, (void *)(uintptr_t)a0);
  e->ew_store = r ? st : NULL;
  e->ew_store_val = r;
  return r;
}

/* For a fused k loop (interp_core.c): the address of the first element and
 * the row stride (elements) of the 2-D tile that a load through pv with
 * tile indices ix reads, when that load would take view_access_dense's path
 * and cannot fail: indices inside the index space, a partition or strided
 * view (no gather), f32 or bf16 elements, the whole tile in bounds with a
 * unit inner stride and non-negative strides, and its span inside one
 * registered region (or alloca), whose written flag *written gives (NULL
 * for an alloca).  The same tests as view_decode and view_access_dense
 * (the caller has ruled out --check); false, reporting nothing, otherwise
 * (the interpreter then runs the loop op by op). */
bool in_view_dense_tile(Exec *e, Val *pv, const int64_t ix[2], const void **base, int64_t *ld,
                        const int **written) {
  const IrType *t = pv->type, *elem = pv->elem;
  if (pv->kind != VK_PVIEW || ct_view_tile_rank(t) != 2 || ct_type_is_gather_scatter_view(t) ||
      !ir_type_is_float(elem))
    return false;
  IrFloatKind fk = ir_float_kind(elem);
  if (fk != IR_F32 && fk != IR_BF16) return false;
  size_t es = fk == IR_F32 ? 4 : 2;
  const int64_t *ts = ct_view_tile_shape(t);
  int64_t first = 0, extent = 0, st[2];
  for (int d = 0; d < 2; d++) {
    int64_t td, step, x;
    view_dim(t, d, &td, &step);
    int64_t o, tn = ts[d], lim = pv->vshape[td];
    st[d] = pv->vstrides[td];
    if (ix[d] < 0 || ix[d] >= in_ceil_div(lim, step)) return false;
    o = ix[d] * step; /* < lim: no overflow */
    if (tn < 1 || st[d] < 0 || o > lim - tn) return false;
    if (__builtin_mul_overflow(o, st[d], &x) || __builtin_add_overflow(first, x, &first))
      return false;
    if (__builtin_mul_overflow(tn - 1, st[d], &x) || __builtin_add_overflow(extent, x, &extent))
      return false;
  }
  if (st[1] != 1) return false;
  uint64_t a0, bytes;
  if (__builtin_mul_overflow((uint64_t)first, (uint64_t)es, &a0) ||
      __builtin_add_overflow(a0, (uint64_t)pv->base, &a0) ||
      __builtin_mul_overflow((uint64_t)extent + 1, (uint64_t)es, &bytes) || a0 % es)
    return false;
  bool local;
  const MemRegion *m = span_region(e, (uintptr_t)a0, (size_t)bytes, false, &local);
  if (!m) return false;
  *base = (const void *)(uintptr_t)a0;
  *ld = st[0];
  *written = local ? NULL : &m->written;
  return true;
}

/* The f32 value of bf16 NaN bits h as a load gives it (the general
 * decoder's payload and quieting): the fused k loop's packing hook. */
float in_bf16_nan_value(uint16_t h) { return (float)ir_float_from_bits(IR_BF16, h); }

/* ======================================================================== */
/* Atomics                                                                   */
/* ======================================================================== */

/* Applies rmw `mode` to old value (memory) and arg; both in compute form. */
static void rmw_apply(int mode, const IrType *elem, int64_t *oi, double *of, int64_t ai,
                      double af) {
  unsigned w = in_int_width(elem);
  switch (mode) {
  case CT_RMW_AND: *oi &= ai; break;
  case CT_RMW_OR: *oi |= ai; break;
  case CT_RMW_XOR: *oi ^= ai; break;
  case CT_RMW_ADD: *oi = in_sext((int64_t)((uint64_t)*oi + (uint64_t)ai), w); break;
  case CT_RMW_ADDF: {
    IrFloatKind k = ir_float_kind(elem);
    *of = in_round_fmt(k, k == IR_F64 ? *of + af : (double)((float)*of + (float)af), -1);
    break;
  }
  case CT_RMW_MAX: *oi = *oi > ai ? *oi : ai; break;
  case CT_RMW_MIN: *oi = *oi < ai ? *oi : ai; break;
  case CT_RMW_UMAX: *oi = in_zext(*oi, w) > in_zext(ai, w) ? *oi : ai; break;
  case CT_RMW_UMIN: *oi = in_zext(*oi, w) < in_zext(ai, w) ? *oi : ai; break;
  case CT_RMW_XCHG: *oi = ai; *of = af; break;
  default: break;
  }
}

/* atomic_rmw_tko: one read-modify-write per lane, in lane order, under the
 * run-wide atomics lock; masked lanes return their argument. */
bool h_atomic_rmw(Exec *e, IrOp *op) {
  in_borrow_write(e, 0, UINTPTR_MAX); /* none while atomics run (Run.borrow_ok) */
  unsigned as, al, ms, ml;
  in_segment_x(e, op, 1, &as, &al);
  in_segment_x(e, op, 2, &ms, &ml);
  Val *p = in_opnd(e, op, 0), *arg = in_opnd(e, op, as);
  Val *mask = ml ? in_opnd(e, op, ms) : NULL;
  int mode = (int)in_attr_int(op, "mode", 0);
  Val *r = val_new_tile(ir_op_result(op, 0)->type);
  const IrType *elem = r->elem;
  size_t es = interp_elem_bytes(elem);
  bool ok = true;
  pthread_mutex_lock(&e->run->amu);
  for (int64_t i = 0; i < r->n && ok; i++) {
    int64_t ai = 0;
    double af = 0;
    val_get(arg, arg->n == 1 ? 0 : i, &ai, &af);
    if (mask && !((const int64_t *)mask->data)[mask->n == 1 ? 0 : i]) {
      val_put(r, i, ai, af);
      continue;
    }
    uintptr_t a = (uintptr_t)((const int64_t *)p->data)[p->n == 1 ? 0 : i];
    pthread_mutex_unlock(&e->run->amu);
    ok = in_check_access(e, op, a, es, es, IN_ACC_WRITE | IN_ACC_ATOMIC);
    pthread_mutex_lock(&e->run->amu);
    if (!ok) break;
    double of = 0;
    int64_t oi = in_mem_read(elem, (const uint8_t *)a, r->kind, &of);
    val_put(r, i, oi, of);
    rmw_apply(mode, elem, &oi, &of, ai, af);
    in_mem_write(elem, (uint8_t *)a, oi, of);
  }
  pthread_mutex_unlock(&e->run->amu);
  if (!ok) return val_release(r), false;
  in_set_result(e, op, 0, r);
  in_set_result(e, op, 1, val_new_token());
  return true;
}

/* atomic_cas_tko: per lane, replaces the stored value by `val` when its bit
 * pattern equals `cmp`; returns the old value (masked lanes: cmp). */
bool h_atomic_cas(Exec *e, IrOp *op) {
  in_borrow_write(e, 0, UINTPTR_MAX); /* none while atomics run (Run.borrow_ok) */
  unsigned ms, ml;
  in_segment_x(e, op, 3, &ms, &ml);
  Val *p = in_opnd(e, op, 0), *cmp = in_opnd(e, op, 1), *val = in_opnd(e, op, 2);
  Val *mask = ml ? in_opnd(e, op, ms) : NULL;
  Val *r = val_new_tile(ir_op_result(op, 0)->type);
  const IrType *elem = r->elem;
  size_t es = interp_elem_bytes(elem);
  bool ok = true;
  pthread_mutex_lock(&e->run->amu);
  for (int64_t i = 0; i < r->n && ok; i++) {
    int64_t ci = 0, vi = 0;
    double cf = 0, vf = 0;
    val_get(cmp, i, &ci, &cf);
    val_get(val, i, &vi, &vf);
    if (mask && !((const int64_t *)mask->data)[mask->n == 1 ? 0 : i]) {
      val_put(r, i, ci, cf);
      continue;
    }
    uintptr_t a = (uintptr_t)((const int64_t *)p->data)[i];
    pthread_mutex_unlock(&e->run->amu);
    ok = in_check_access(e, op, a, es, es, IN_ACC_WRITE | IN_ACC_ATOMIC);
    pthread_mutex_lock(&e->run->amu);
    if (!ok) break;
    /* compare the stored bit patterns */
    uint8_t cur[8] = {0}, want[8] = {0};
    memcpy(cur, (const void *)a, es);
    in_mem_write(elem, want, ci, cf);
    double of = 0;
    int64_t oi = in_mem_read(elem, cur, r->kind, &of);
    val_put(r, i, oi, of);
    if (memcmp(cur, want, es) == 0) in_mem_write(elem, (uint8_t *)a, vi, vf);
  }
  pthread_mutex_unlock(&e->run->amu);
  if (!ok) return val_release(r), false;
  in_set_result(e, op, 0, r);
  in_set_result(e, op, 1, val_new_token());
  return true;
}

/* atomic_red_view_tko: read-modify-write of a whole view tile under the
 * atomics lock (out-of-bounds elements are skipped). */
bool h_atomic_red_view(Exec *e, IrOp *op) {
  unsigned is, il, vs, vl;
  in_segment_x(e, op, 1, &is, &il);
  in_segment_x(e, op, 2, &vs, &vl);
  Val *pv = in_opnd(e, op, 0), *val = in_opnd(e, op, vs);
  if (pv->kind != VK_PVIEW) return in_fail(e, op, "expects a tile view");
  ViewAcc va;
  if (!view_decode(e, op, pv, is, il, &va)) return false;
  int mode = (int)in_attr_int(op, "mode", 0);
  /* read-modify-write the tile under the run lock */
  Val *cur = val_new_shape(val->elem, val->shape, val->rank);
  pthread_mutex_lock(&e->run->amu);
  bool ok = view_access(e, op, pv, &va, cur, IN_ACC_ATOMIC);
  if (ok) {
    for (int64_t i = 0; i < cur->n; i++) {
      int64_t oi = 0, ai = 0;
      double of = 0, af = 0;
      val_get(cur, i, &oi, &of);
      val_get(val, i, &ai, &af);
      rmw_apply(mode, cur->elem, &oi, &of, ai, af);
      val_put(cur, i, oi, of);
    }
    ok = view_access(e, op, pv, &va, cur, IN_ACC_WRITE | IN_ACC_ATOMIC);
  }
  pthread_mutex_unlock(&e->run->amu);
  val_release(cur);
  view_free(&va);
  if (!ok) return false;
  in_set_result(e, op, 0, val_new_token());
  return true;
}

/* ======================================================================== */
/* print_tko                                                                 */
/* ======================================================================== */

/* Formats one element with the conversion spec `spec` (without length
 * modifiers), as C's printf would for the value's kind. */
static void print_elem(StrBuf *out, const char *spec, size_t sl, char conv, const Val *v,
                       int64_t i) {
  char fmt[64];
  if (sl > 40) sl = 40;
  bool fconv = strchr("fFeEgGaA", conv) != NULL;
  if (fconv) {
    snprintf(fmt, sizeof fmt, "%.*s%c", (int)sl, spec, conv);
    sb_printf(out, fmt, in_elem_f(v, i));
  } else {
    char c = conv == 'i' ? 'd' : conv;
    snprintf(fmt, sizeof fmt, "%.*sll%c", (int)sl, spec, c);
    long long x = v->kind == VK_INT ? (long long)((const int64_t *)v->data)[i]
                                    : (long long)in_elem_f(v, i);
    if (v->kind == VK_INT && ir_type_is_integer(v->elem) && ir_integer_width(v->elem) == 1)
      x = x ? 1 : 0;
    if (strchr("uxXo", c) && v->kind == VK_INT)
      x = (long long)in_zext(x, in_int_width(v->elem));
    sb_printf(out, fmt, x);
  }
}

/* print_tko: printf-style formatting per argument (tiles print as nested
 * bracketed lists, each element with the conversion), into the block's
 * output buffer. */
bool h_print(Exec *e, IrOp *op) {
  const IrAttr *s = ir_op_attrz(op, "str");
  const char *f = s && s->str ? s->str->str : "";
  unsigned as, al;
  in_segment_x(e, op, 0, &as, &al);
  StrBuf *out = e->out;
  unsigned argi = 0;
  for (const char *p = f; *p;) {
    if (*p != '%') {
      sb_putc(out, *p++);
      continue;
    }
    if (p[1] == '%') {
      sb_putc(out, '%');
      p += 2;
      continue;
    }
    const char *spec = p++;
    while (*p && strchr("-+ #0123456789.", *p)) p++;
    size_t sl = (size_t)(p - spec);
    while (*p && strchr("hljztL", *p)) p++;
    char conv = *p ? *p++ : 'd';
    if (argi >= al) continue;
    Val *v = in_opnd(e, op, as + argi++);
    if (v->kind != VK_INT && v->kind != VK_F32 && v->kind != VK_F64) continue;
    if (v->rank == 0) {
      print_elem(out, spec, sl, conv, v, 0);
      continue;
    }
    /* tiles print as nested brackets */
    int64_t idx[IN_MAX_RANK] = {0};
    for (int d = 0; d < v->rank; d++) sb_putc(out, '[');
    for (int64_t i = 0; i < v->n; i++) {
      print_elem(out, spec, sl, conv, v, i);
      int d = v->rank - 1;
      for (; d >= 0; d--) {
        if (++idx[d] < v->shape[d]) break;
        idx[d] = 0;
        sb_putc(out, ']');
      }
      if (i + 1 < v->n) {
        sb_puts(out, ", ");
        for (int k = d + 1; k < v->rank; k++) sb_putc(out, '[');
      }
    }
  }
  if (op->nresults) in_set_result(e, op, 0, val_new_token()); /* nv_tileaa.print: none */
  return true;
}

/* ======================================================================== */
/* Host-side element access (interp.h)                                       */
/* ======================================================================== */

size_t interp_buffer_bytes(const IrType *elem, size_t n) {
  size_t es = interp_elem_bytes(elem);
  return es ? n * es : (n + 1) / 2;
}

double interp_load_elem(const IrType *elem, const void *buf, size_t i) {
  size_t es = interp_elem_bytes(elem);
  if (!es) {
    uint8_t b = ((const uint8_t *)buf)[i / 2];
    return ir_float_from_bits(IR_F4E2M1FN, (i & 1) ? b >> 4 : b & 0xF);
  }
  const uint8_t *p = (const uint8_t *)buf + i * es;
  if (!ir_type_is_float(elem)) {
    int64_t v = in_mem_read(elem, p, VK_INT, NULL);
    if (ir_type_is_integer(elem) && ir_integer_width(elem) == 1) v = v ? 1 : 0;
    return (double)v;
  }
  double f = 0;
  in_mem_read(elem, p, ir_float_kind(elem) == IR_F64 ? VK_F64 : VK_F32, &f);
  return f;
}

void interp_store_elem(const IrType *elem, void *buf, size_t i, double v) {
  size_t es = interp_elem_bytes(elem);
  if (!es) {
    uint8_t *p = (uint8_t *)buf + i / 2;
    uint8_t b = (uint8_t)(ir_float_to_bits(IR_F4E2M1FN, v) & 0xF);
    *p = (i & 1) ? (uint8_t)((*p & 0x0F) | (b << 4)) : (uint8_t)((*p & 0xF0) | b);
    return;
  }
  uint8_t *p = (uint8_t *)buf + i * es;
  if (!ir_type_is_float(elem)) {
    /* saturating (a double past the int64 range must not be UB); NaN -> 0 */
    int64_t iv = v != v ? 0 : v >= 0x1p63 ? INT64_MAX : v < -0x1p63 ? INT64_MIN : (int64_t)v;
    in_mem_write(elem, p, in_sext(iv, in_int_width(elem)), 0);
    return;
  }
  in_mem_write(elem, p, 0, v);
}

void interp_store_int(const IrType *elem, void *buf, size_t i, int64_t v) {
  size_t es = interp_elem_bytes(elem);
  if (!es || ir_type_is_float(elem)) {
    interp_store_elem(elem, buf, i, (double)v);
    return;
  }
  in_mem_write(elem, (uint8_t *)buf + i * es, in_sext(v, in_int_width(elem)), 0);
}
