/* interp_shape.c — shape ops (broadcast, reshape, permute, cat, extract,
 * iota, pack/unpack), matrix multiply-accumulate (mmaf, mmai, mmaf_scaled)
 * and reductions/scans with their bodies.
 *
 * reduce/scan run their body on whole slices: for a reduction over dim d the
 * body is called once per position k along d with (slice_k, accumulator),
 * both tiles of the result shape, so the body's element-wise ops process
 * every independent reduction at once (the body only contains pure
 * element-wise ops on 0-d tiles, and element-wise handlers broadcast 1-element
 * operands such as constants).  The order is sequential in k (scan: reversed
 * when `reverse`), starting from the identity, so results are deterministic.
 *
 * mmaf accumulates in the accumulator's format with one fused multiply-add per
 * k step in increasing k order; with an f32 accumulator the blocked kernel of
 * interp_gemm.c does it (same results with or without AVX2+FMA). */
#include <math.h>

#include "interp/interp_gemm.h"
#include "interp/interp_ops.h"

static int64_t strides_of(const int64_t *shape, int rank, int64_t *st) {
  int64_t s = 1;
  for (int i = rank - 1; i >= 0; i--) {
    st[i] = s;
    s *= shape[i];
  }
  return s;
}

/* Copies src elements to dst where dst index i maps to the source offset
 * sum(idx[d] * sst[d]) (generic strided gather, element size es). */
static void gather(char *dst, const char *src, const int64_t *shape, int rank,
                   const int64_t *sst, int64_t soff, size_t es) {
  int64_t idx[IN_MAX_RANK] = {0};
  int64_t n = 1;
  for (int i = 0; i < rank; i++) n *= shape[i];
  if (rank == 0) {
    memcpy(dst, src + soff * (int64_t)es, es);
    return;
  }
  int64_t inner = shape[rank - 1], ist = sst[rank - 1];
  for (int64_t i = 0; i < n; i += inner) {
    int64_t off = soff;
    for (int d = 0; d < rank - 1; d++) off += idx[d] * sst[d];
    if (ist == 1) {
      memcpy(dst + i * (int64_t)es, src + off * (int64_t)es, (size_t)inner * es);
    } else if (es == 4) {
      uint32_t *o = (uint32_t *)(dst + i * 4);
      const uint32_t *s = (const uint32_t *)src + off;
      for (int64_t j = 0; j < inner; j++) o[j] = s[j * ist];
    } else {
      uint64_t *o = (uint64_t *)(dst + i * 8);
      const uint64_t *s = (const uint64_t *)src + off;
      for (int64_t j = 0; j < inner; j++) o[j] = s[j * ist];
    }
    for (int d = rank - 2; d >= 0; d--) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

static Val *new_res(IrOp *op, unsigned i) { return val_new_tile(ir_op_result(op, i)->type); }

/* broadcast: size-1 dimensions repeat (stride 0 gather). */
bool h_broadcast(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = new_res(op, 0);
  int64_t ast[IN_MAX_RANK], sst[IN_MAX_RANK];
  strides_of(a->shape, a->rank, ast);
  for (int d = 0; d < r->rank; d++) sst[d] = (d < a->rank && a->shape[d] != 1) ? ast[d] : 0;
  gather(r->data, a->data, r->shape, r->rank, sst, 0, in_kind_size(r->kind));
  in_set_result(e, op, 0, r);
  return true;
}

bool h_reshape(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = new_res(op, 0);
  memcpy(r->data, a->data, (size_t)r->n * in_kind_size(r->kind));
  in_set_result(e, op, 0, r);
  return true;
}

/* permute: result dim i is source dim permutation[i]. */
bool h_permute(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = new_res(op, 0);
  const IrAttr *p = ir_op_attrz(op, "permutation");
  if (!p) p = ir_op_attrz(op, "order"); /* nv_tileaa.permute */
  int64_t ast[IN_MAX_RANK], sst[IN_MAX_RANK];
  strides_of(a->shape, a->rank, ast);
  for (int d = 0; d < r->rank; d++) sst[d] = ast[p && (int)p->nints > d ? p->ints[d] : d];
  gather(r->data, a->data, r->shape, r->rank, sst, 0, in_kind_size(r->kind));
  in_set_result(e, op, 0, r);
  return true;
}

/* cat: concatenation along `dim`. */
bool h_cat(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1);
  Val *r = new_res(op, 0);
  int dim = (int)in_attr_int(op, "dim", in_attr_int(op, "axis", 0)); /* nv_tileaa: axis */
  size_t es = in_kind_size(r->kind);
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < dim; d++) outer *= r->shape[d];
  for (int d = dim + 1; d < r->rank; d++) inner *= r->shape[d];
  size_t ca = (size_t)(a->shape[dim] * inner) * es, cb = (size_t)(b->shape[dim] * inner) * es;
  char *o = r->data;
  for (int64_t i = 0; i < outer; i++) {
    memcpy(o, (const char *)a->data + (size_t)i * ca, ca);
    o += ca;
    memcpy(o, (const char *)b->data + (size_t)i * cb, cb);
    o += cb;
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* extract: slice number idx[d] (in units of the result shape) per dim. */
bool h_extract(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = new_res(op, 0);
  int64_t ast[IN_MAX_RANK];
  strides_of(a->shape, a->rank, ast);
  int64_t off = 0;
  for (int d = 0; d < a->rank; d++) {
    int64_t ix = in_scalar_int(in_opnd(e, op, 1 + (unsigned)d));
    if (ix < 0 || ix >= a->shape[d] / r->shape[d]) {
      val_release(r);
      return in_fail(e, op, "slice index %lld out of bounds in dimension %d",
                     (long long)ix, d);
    }
    off += ix * r->shape[d] * ast[d];
  }
  gather(r->data, a->data, r->shape, r->rank, ast, off, in_kind_size(r->kind));
  in_set_result(e, op, 0, r);
  return true;
}

bool h_iota(Exec *e, IrOp *op) {
  Val *r = new_res(op, 0);
  unsigned w = in_int_width(r->elem);
  int64_t *z = r->data;
  for (int64_t i = 0; i < r->n; i++) z[i] = in_sext(i, w);
  in_set_result(e, op, 0, r);
  return true;
}

/* Element width in bits of the packed memory layout. */
static unsigned bit_width(const IrType *t) {
  if (ir_type_is_float(t)) {
    IrFloatKind k = ir_float_kind(t);
    return k == IR_F4E2M1FN ? 4 : k == IR_TF32 ? 32 : ir_float_storage_bits(k);
  }
  return ir_type_is_integer(t) ? ir_integer_width(t) : 64;
}

/* Storage bits of element i (memory format of the element type). */
static uint64_t val_bits(const Val *v, int64_t i) {
  if (v->kind == VK_INT) return in_zext(((const int64_t *)v->data)[i], bit_width(v->elem));
  if (v->kind == VK_F64) {
    uint64_t b;
    memcpy(&b, (const double *)v->data + i, 8);
    return b;
  }
  float f = ((const float *)v->data)[i];
  IrFloatKind k = ir_float_kind(v->elem);
  if (k == IR_F32) {
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
  }
  uint64_t b = ir_float_to_bits(k, f);
  if (k == IR_TF32) b <<= 13; /* tf32 stored in the high 19 bits of 32 */
  return b;
}

static void val_set_bits(Val *v, int64_t i, uint64_t b) {
  if (v->kind == VK_INT) {
    ((int64_t *)v->data)[i] = in_sext((int64_t)b, bit_width(v->elem));
  } else if (v->kind == VK_F64) {
    memcpy((double *)v->data + i, &b, 8);
  } else {
    IrFloatKind k = ir_float_kind(v->elem);
    if (k == IR_F32) {
      uint32_t u = (uint32_t)b;
      memcpy((float *)v->data + i, &u, 4);
    } else {
      if (k == IR_TF32) b >>= 13;
      ((float *)v->data)[i] = (float)ir_float_from_bits(k, b);
    }
  }
}

/* pack/unpack: the little-endian bit stream of the elements. */
static void repack(const Val *src, Val *dst) {
  unsigned ws = bit_width(src->elem), wd = bit_width(dst->elem);
  uint64_t pos = 0;
  for (int64_t i = 0; i < dst->n; i++) {
    uint64_t acc = 0;
    for (unsigned got = 0; got < wd;) {
      int64_t si = (int64_t)(pos / ws);
      unsigned off = (unsigned)(pos % ws);
      unsigned take = ws - off < wd - got ? ws - off : wd - got;
      uint64_t bits = si < src->n ? val_bits(src, si) : 0;
      bits = (bits >> off) & (take >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << take) - 1));
      acc |= bits << got;
      got += take;
      pos += take;
    }
    val_set_bits(dst, i, acc);
  }
}

bool h_pack(Exec *e, IrOp *op) {
  Val *r = new_res(op, 0);
  repack(in_opnd(e, op, 0), r);
  in_set_result(e, op, 0, r);
  return true;
}

bool h_unpack(Exec *e, IrOp *op) {
  Val *r = new_res(op, 0);
  repack(in_opnd(e, op, 0), r);
  in_set_result(e, op, 0, r);
  return true;
}

/* ======================================================================== */
/* mma                                                                       */
/* ======================================================================== */

/* Common shape decoding: [B,]M,K x [B,]K,N -> [B,]M,N. */
static void mma_dims(const Val *a, const Val *b, int64_t *nb, int64_t *M, int64_t *N,
                     int64_t *K) {
  int r = a->rank;
  *nb = r == 3 ? a->shape[0] : 1;
  *M = a->shape[r - 2];
  *K = a->shape[r - 1];
  *N = b->shape[r - 1];
}

/* The accumulator c itself (a new reference) when the mma may write its
 * result over it: nothing else can see c afterwards, because the operand is
 * used by this op alone, in the block that defines it (so it runs once per
 * definition, not once per iteration of a nested loop), and c's only
 * reference is that value's slot; NULL otherwise.  The stale value of the
 * result's slot (the previous iteration's result, often c itself) is let go
 * first: this op overwrites the slot anyway.  A k loop's accumulator then
 * stays in one buffer instead of moving to a new one per step (half the L1
 * misses of a tiled GEMM). */
static Val *mma_acc_in_place(Exec *e, IrOp *op, Val *c) {
  IrValue *cv = ir_op_operand(op, 2);
  if (e->run->chk_deps || !c->cap || !ir_value_has_one_use(cv)) return NULL;
  IrBlock *home = ir_value_is_block_arg(cv) ? ir_block_arg(cv)->block : cv->def->block;
  if (home != op->block) return NULL;
  in_set(e, ir_op_result(op, 0), NULL);
  if (__atomic_load_n(&c->refs, __ATOMIC_ACQUIRE) != 1) return NULL;
  return val_retain(c);
}

/* mmaf: [B,]MxK x [B,]KxN + acc, accumulating in the accumulator type. */
bool h_mmaf(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1), *c = in_opnd(e, op, 2);
  int64_t nb, M, N, K;
  mma_dims(a, b, &nb, &M, &N, &K);
  IrFloatKind rk = ir_float_kind(c->elem);
  bool fast = c->kind == VK_F32 && rk == IR_F32 && a->kind == VK_F32;
  Val *r = fast ? mma_acc_in_place(e, op, c) : NULL;
  if (!r) r = val_new_raw(c->elem, c->shape, c->rank); /* every element written below */
  if (fast) {
    /* Narrow inputs are already exact floats; tf32 inputs likewise.  The
     * kernel reads the accumulator from c and writes r (interp_gemm.c). */
    for (int64_t z = 0; z < nb; z++)
      in_gemm_f32((const float *)a->data + z * M * K, (const float *)b->data + z * K * N,
                  (const float *)c->data + z * M * N, (float *)r->data + z * M * N, M, N, K);
  } else {
    memcpy(r->data, c->data, (size_t)r->n * in_kind_size(r->kind));
    for (int64_t z = 0; z < nb; z++)
      for (int64_t i = 0; i < M; i++)
        for (int64_t j = 0; j < N; j++) {
          int64_t ci = z * M * N + i * N + j;
          double acc = in_elem_f(r, ci);
          for (int64_t k = 0; k < K; k++) {
            double p = in_elem_f(a, z * M * K + i * K + k), q = in_elem_f(b, z * K * N + k * N + j);
            acc = r->kind == VK_F64 ? fma(p, q, acc) : in_round_fmt(rk, fma(p, q, acc), -1);
          }
          if (r->kind == VK_F32) ((float *)r->data)[ci] = (float)acc;
          else ((double *)r->data)[ci] = acc;
        }
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* mmai: integer mma with per-operand signedness, wrapping accumulator. */
bool h_mmai(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1), *c = in_opnd(e, op, 2);
  Val *r = new_res(op, 0);
  int64_t nb, M, N, K;
  mma_dims(a, b, &nb, &M, &N, &K);
  bool ua = in_attr_enum(op, "signedness_lhs", &ct_enum_signedness, 1) == CT_SIGNEDNESS_UNSIGNED;
  bool ub = in_attr_enum(op, "signedness_rhs", &ct_enum_signedness, 1) == CT_SIGNEDNESS_UNSIGNED;
  unsigned wa = in_int_width(a->elem), wb = in_int_width(b->elem), wr = in_int_width(r->elem);
  const int64_t *A = a->data, *B = b->data, *C = c->data;
  int64_t *R = r->data;
  for (int64_t z = 0; z < nb; z++)
    for (int64_t i = 0; i < M; i++)
      for (int64_t j = 0; j < N; j++) {
        uint64_t acc = (uint64_t)C[z * M * N + i * N + j];
        for (int64_t k = 0; k < K; k++) {
          int64_t p = A[z * M * K + i * K + k], q = B[z * K * N + k * N + j];
          if (ua) p = (int64_t)in_zext(p, wa);
          if (ub) q = (int64_t)in_zext(q, wb);
          acc += (uint64_t)p * (uint64_t)q;
        }
        R[z * M * N + i * N + j] = in_sext((int64_t)acc, wr);
      }
  in_set_result(e, op, 0, r);
  return true;
}

/* mmaf_scaled: block-scaled mma; block size V = K / number of scales. */
bool h_mmaf_scaled(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1), *c = in_opnd(e, op, 2);
  Val *sa = in_opnd(e, op, 3), *sb = in_opnd(e, op, 4);
  Val *r = new_res(op, 0);
  int64_t nb, M, N, K;
  mma_dims(a, b, &nb, &M, &N, &K);
  int rk = sa->rank;
  int64_t nsc = sa->shape[rk - 1];
  int64_t V = nsc ? K / nsc : K;
  if (V < 1) V = 1;
  for (int64_t z = 0; z < nb; z++)
    for (int64_t i = 0; i < M; i++)
      for (int64_t j = 0; j < N; j++) {
        int64_t ci = z * M * N + i * N + j;
        float acc = (float)in_elem_f(c, ci);
        for (int64_t k = 0; k < K; k++) {
          float p = (float)(in_elem_f(a, z * M * K + i * K + k) *
                            in_elem_f(sa, z * M * nsc + i * nsc + k / V));
          float q = (float)(in_elem_f(b, z * K * N + k * N + j) *
                            in_elem_f(sb, z * nsc * N + (k / V) * N + j));
          acc = fmaf(p, q, acc);
        }
        ((float *)r->data)[ci] = acc;
      }
  in_set_result(e, op, 0, r);
  return true;
}

/* ======================================================================== */
/* reduce / scan                                                             */
/* ======================================================================== */

/* Slice k along dim of v into a new value of shape `oshape` (v's shape with
 * dim removed when `drop`, else set to 1). */
static Val *slice_of(const Val *v, int dim, int64_t k) {
  int64_t os[IN_MAX_RANK] = {0};
  int orank = 0;
  for (int d = 0; d < v->rank; d++)
    if (d != dim) os[orank++] = v->shape[d];
  Val *s = val_new_shape(v->elem, os, orank);
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < dim; d++) outer *= v->shape[d];
  for (int d = dim + 1; d < v->rank; d++) inner *= v->shape[d];
  size_t es = in_kind_size(v->kind);
  for (int64_t o = 0; o < outer; o++)
    memcpy((char *)s->data + (size_t)(o * inner) * es,
           (const char *)v->data + (size_t)((o * v->shape[dim] + k) * inner) * es,
           (size_t)inner * es);
  return s;
}

/* Writes slice s (shape without dim) at position k along dim of dst. */
static void unslice_into(Val *dst, const Val *s, int dim, int64_t k) {
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < dim; d++) outer *= dst->shape[d];
  for (int d = dim + 1; d < dst->rank; d++) inner *= dst->shape[d];
  size_t es = in_kind_size(dst->kind);
  bool bc = s->n == 1 && outer * inner > 1;
  for (int64_t o = 0; o < outer; o++) {
    char *to = (char *)dst->data + (size_t)((o * dst->shape[dim] + k) * inner) * es;
    if (bc)
      for (int64_t j = 0; j < inner; j++) memcpy(to + (size_t)j * es, s->data, es);
    else
      memcpy(to, (const char *)s->data + (size_t)(o * inner) * es, (size_t)inner * es);
  }
}

/* A tile of shape (v's shape without dim) filled with identity attr `id`. */
static Val *identity_val(const Val *v, int dim, const IrAttr *id) {
  int64_t os[IN_MAX_RANK] = {0};
  int orank = 0;
  for (int d = 0; d < v->rank; d++)
    if (d != dim) os[orank++] = v->shape[d];
  Val *s = val_new_shape(v->elem, os, orank);
  for (int64_t i = 0; i < s->n; i++) {
    if (s->kind == VK_INT)
      ((int64_t *)s->data)[i] = id && id->nints ? in_sext(id->ints[0], in_int_width(v->elem)) : 0;
    else if (s->kind == VK_F32) ((float *)s->data)[i] = id ? (float)id->f : 0.0f;
    else ((double *)s->data)[i] = id ? id->f : 0.0;
  }
  return s;
}

/* Whether every op of the body is element-wise (so the body can run on whole
 * slices at once); anything else runs the body one element at a time. */
static bool body_is_elementwise(IrRegion *r) {
  IrBlock *b = ir_region_entry(r);
  if (!b) return false;
  for (IrOp *o = b->first; o; o = o->next) {
    if (o->nregions) return false;
    if (ct_op_is(o, CT_OP_yield)) continue;
    if (ct_op_is(o, CT_OP_constant)) {
      const IrType *t = ir_op_result(o, 0)->type;
      if (!ct_type_is_tile(t) || ct_tile_type_num_elements(t) != 1) return false;
      continue;
    }
    InHandler h = in_handler_for(o);
    if (h != h_int_unary && h != h_int_binary && h != h_cmpi && h != h_float_unary &&
        h != h_float_binary && h != h_fma && h != h_cmpf && h != h_select && h != h_bitcast &&
        h != h_exti && h != h_trunci && h != h_ftof && h != h_ftoi && h != h_itof)
      return false;
  }
  return true;
}

/* One element of v as a 0-d tile. */
static Val *elem_val(const Val *v, int64_t i) {
  Val *s = val_new_shape(v->elem, NULL, 0);
  size_t es = in_kind_size(v->kind);
  memcpy(s->data, (const char *)v->data + (size_t)i * es, es);
  return s;
}

/* Element-at-a-time reduce/scan for bodies that are not element-wise. */
static bool reduce_scan_scalar(Exec *e, IrOp *op, bool scan, Val **in, Val **acc, Val **res,
                               unsigned n, int dim, bool rev) {
  int64_t len = in[0]->shape[dim], outer = 1, inner = 1;
  for (int d = 0; d < dim; d++) outer *= in[0]->shape[d];
  for (int d = dim + 1; d < in[0]->rank; d++) inner *= in[0]->shape[d];
  Val **args = xcalloc(2 * n + 1, sizeof(Val *));
  Val **cur = xcalloc(n + 1, sizeof(Val *));
  bool ok = true;
  for (int64_t o = 0; o < outer && ok; o++)
    for (int64_t q = 0; q < inner && ok; q++) {
      int64_t oi = o * inner + q;
      for (unsigned i = 0; i < n; i++) cur[i] = elem_val(acc[i], oi);
      for (int64_t t = 0; t < len && ok; t++) {
        int64_t k = rev ? len - 1 - t : t;
        int64_t ii = (o * len + k) * inner + q;
        for (unsigned i = 0; i < n; i++) {
          args[2 * i] = elem_val(in[i], ii);
          args[2 * i + 1] = cur[i];
        }
        ok = in_call_region(e, op, ir_op_region(op, 0), args, 2 * n);
        for (unsigned i = 0; i < n; i++) val_release(args[2 * i]);
        if (!ok) break;
        for (unsigned i = 0; i < n && i < e->term.len; i++) {
          Val *nv = e->term.data[i];
          Val *c = val_new_shape(cur[i]->elem, NULL, 0);
          memcpy(c->data, nv->data, in_kind_size(c->kind));
          val_release(cur[i]);
          cur[i] = c;
          if (scan) memcpy((char *)res[i]->data + (size_t)ii * in_kind_size(c->kind), c->data,
                           in_kind_size(c->kind));
        }
      }
      for (unsigned i = 0; i < n; i++) {
        if (ok) memcpy((char *)acc[i]->data + (size_t)oi * in_kind_size(acc[i]->kind),
                       cur[i]->data, in_kind_size(acc[i]->kind));
        val_release(cur[i]);
        cur[i] = NULL;
      }
    }
  free(args);
  free(cur);
  return ok;
}

/* reduce/scan driver: identities, sequential combination along dim with
 * the body run on whole slices (or per element, see body_is_elementwise). */
static bool reduce_scan(Exec *e, IrOp *op, bool scan) {
  unsigned n = op->noperands;
  int dim = (int)in_attr_int(op, "dim", in_attr_int(op, "axis", 0)); /* nv_tileaa: axis */
  bool rev = scan && in_attr_present(op, "reverse");
  const IrAttr *ids = ir_op_attrz(op, "identities");
  Val **in = xcalloc(n + 1, sizeof(Val *));
  Val **acc = xcalloc(n + 1, sizeof(Val *));
  Val **args = xcalloc(2 * n + 1, sizeof(Val *));
  Val **res = xcalloc(n + 1, sizeof(Val *));
  for (unsigned i = 0; i < n; i++) {
    in[i] = in_opnd(e, op, i);
    acc[i] = identity_val(in[i], dim, ids && i < ids->nelems ? ids->elems[i] : NULL);
    if (scan) res[i] = val_new_shape(in[i]->elem, in[i]->shape, in[i]->rank);
  }
  int64_t len = n ? in[0]->shape[dim] : 0;
  bool ok = true;
  if (n && !body_is_elementwise(ir_op_region(op, 0))) {
    ok = reduce_scan_scalar(e, op, scan, in, acc, res, n, dim, rev);
    len = 0; /* done */
  }
  for (int64_t t = 0; t < len && ok; t++) {
    int64_t k = rev ? len - 1 - t : t;
    for (unsigned i = 0; i < n; i++) {
      args[2 * i] = slice_of(in[i], dim, k);
      args[2 * i + 1] = acc[i];
    }
    ok = in_call_region(e, op, ir_op_region(op, 0), args, 2 * n);
    for (unsigned i = 0; i < n; i++) val_release(args[2 * i]);
    if (!ok) break;
    for (unsigned i = 0; i < n && i < e->term.len; i++) {
      Val *nv = e->term.data[i];
      if (nv->n != acc[i]->n) {
        /* a 1-element result (e.g. a constant yield): broadcast */
        Val *b = val_new_shape(acc[i]->elem, acc[i]->shape, acc[i]->rank);
        size_t es = in_kind_size(b->kind);
        for (int64_t j = 0; j < b->n; j++) memcpy((char *)b->data + (size_t)j * es, nv->data, es);
        val_release(acc[i]);
        acc[i] = b;
      } else {
        val_release(acc[i]);
        acc[i] = val_retain(nv);
      }
      if (scan) unslice_into(res[i], acc[i], dim, k);
    }
  }
  for (size_t i = 0; i < e->term.len; i++) val_release(e->term.data[i]);
  e->term.len = 0;
  for (unsigned i = 0; i < n; i++) {
    if (ok && i < op->nresults) {
      Val *out = scan ? res[i] : acc[i];
      in_set_result(e, op, i, val_retain(out));
    }
    val_release(acc[i]);
    val_release(res[i]);
  }
  free(in);
  free(acc);
  free(args);
  free(res);
  return ok;
}

bool h_reduce(Exec *e, IrOp *op) { return reduce_scan(e, op, false); }
bool h_scan(Exec *e, IrOp *op) { return reduce_scan(e, op, true); }
