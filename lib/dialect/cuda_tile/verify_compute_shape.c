/* verify_compute_shape.c — the op verifiers (NVIDIA's `verify()`) of the
 * cuda_tile shape-manipulation ops (broadcast, reshape, permute, cat,
 * extract, iota, select, pack/unpack) and of the mma ops.  They run after
 * the ODS checks of verify_compute.c, so operand/result kinds, ranks
 * and element types that ODS constrains can be relied on here.  Messages are
 * NVIDIA's, including their spacing quirks (" shape error: ..."). */
#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_ops_compute.h"
#include "dialect/cuda_tile/ct_types.h"

static const IrType *opnd_t(IrOp *op, unsigned i) { return ir_op_operand(op, i)->type; }
static const IrType *res_t(IrOp *op, unsigned i) { return ir_op_result(op, i)->type; }
static size_t rank_of(const IrType *t) { return ct_tile_type_rank(t); }
static const int64_t *shape_of(const IrType *t) { return ct_tile_type_shape(t); }
static const IrType *elem_of(const IrType *t) { return ct_tile_type_elem(t); }

/* A shape as MLIR streams an ArrayRef<int64_t>: "4, 8". */
static const char *shape_str(StrBuf *b, const IrType *t) {
  sb_clear(b);
  for (size_t i = 0; i < rank_of(t); i++)
    sb_printf(b, "%s%lld", i ? ", " : "", (long long)shape_of(t)[i]);
  return sb_cstr(b);
}

static unsigned bit_width(const IrType *e) {
  if (ir_type_is_integer(e)) return ir_integer_width(e);
  if (ir_type_is_float(e)) return ir_float_kind_width(ir_float_kind(e));
  return 0;
}
static bool is_float_kind(const IrType *e, IrFloatKind k) {
  return ir_type_is_float(e) && ir_float_kind(e) == k;
}

/* ---- broadcast / reshape / permute / cat ----------------------------------- */
bool ctc_verify_broadcast(IrOp *op) {
  const IrType *s = opnd_t(op, 0), *r = res_t(op, 0);
  for (size_t i = 0; i < rank_of(s) && i < rank_of(r); i++) {
    if (shape_of(s)[i] != shape_of(r)[i] && shape_of(s)[i] != 1) {
      StrBuf a = {0}, b = {0};
      shape_str(&a, s);
      shape_str(&b, r);
      ir_op_error(op, "expects the shape of source tile to be compatible with that of the "
                      "result tile, but got: %s and %s", sb_cstr(&a), sb_cstr(&b));
      sb_free(&a);
      sb_free(&b);
      return false;
    }
  }
  return true;
}

/* seed 003 verify_reshape: the element counts, in the seed's words (NVIDIA:
 * "expected source tile and result tile to have the same number of
 * elements"). */
bool ctc_verify_reshape(IrOp *op) {
  int64_t in = ct_tile_type_num_elements(opnd_t(op, 0));
  int64_t out = ct_tile_type_num_elements(res_t(op, 0));
  if (in != out)
    return ir_op_error(op, "reshape element-count mismatch: source has %lld elements, result "
                           "has %lld", (long long)in, (long long)out);
  return true;
}

bool ctc_verify_permute(IrOp *op) {
  const IrType *s = opnd_t(op, 0), *r = res_t(op, 0);
  const IrAttr *perm = ir_op_attrz(op, "permutation");
  size_t rank = rank_of(s);
  if (rank < 2) return ir_op_error(op, "expects at least rank 2, but got: %zu", rank);
  size_t n = perm->nints;
  if (n != rank)
    return ir_op_error(op, "expect permutation size (%zu) to equal the rank of the source "
                           "(%zu)", n, rank);
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++)
      if (perm->ints[i] == perm->ints[j])
        return ir_op_error(op, "expect permutation elements to be unique");
  for (size_t i = 0; i < n; i++)
    if (perm->ints[i] < 0 || perm->ints[i] >= (int64_t)rank)
      return ir_op_error(op, "permutation element at index %zu (%lld) is out of bound [0, "
                             "%zu)", i, (long long)perm->ints[i], rank);
  for (size_t i = 0; i < n; i++) {
    int64_t want = shape_of(s)[perm->ints[i]];
    if (shape_of(r)[i] != want)
      return ir_op_error(op, "result shape invalid at index %zu, expected: %lld, but got: "
                             "%lld", i, (long long)want, (long long)shape_of(r)[i]);
  }
  return true;
}

bool ctc_verify_cat(IrOp *op) {
  const IrType *l = opnd_t(op, 0), *rh = opnd_t(op, 1), *res = res_t(op, 0);
  int64_t dim = ir_op_attrz(op, "dim")->ints[0];
  int64_t rank = (int64_t)rank_of(l);
  if (dim < 0 || dim >= rank)
    return ir_op_error(op, "expect dim to be [0, %lld), but got: %lld", (long long)rank,
                       (long long)dim);
  const int64_t *ls = shape_of(l), *rs = shape_of(rh), *os = shape_of(res);
  if (ls[dim] + rs[dim] != os[dim])
    return ir_op_error(op, "invalid concat at position %lld, expected: %lld but got: %lld",
                       (long long)dim, (long long)(ls[dim] + rs[dim]), (long long)os[dim]);
  for (int64_t i = 0; i < rank; i++) {
    if (i == dim) continue;
    if (ls[i] != rs[i])
      return ir_op_error(op, "expect lhs and rhs shapes to match at non-concat position "
                             "%lld, expected: %lld but got: %lld",
                         (long long)i, (long long)ls[i], (long long)rs[i]);
    if (ls[i] != os[i])
      return ir_op_error(op, "expect lhs and result shapes to match at non-concat position "
                             "%lld, expected: %lld but got: %lld",
                         (long long)i, (long long)ls[i], (long long)os[i]);
  }
  return true;
}

/* ---- extract ----------------------------------------------------------------- */
/* A splat integer constant feeding `v`, if any. */
static bool const_index(IrValue *v, int64_t *out) {
  IrOp *d = v->def;
  if (!d || strcmp(ir_op_name(d), "cuda_tile.constant") != 0) return false;
  const IrAttr *a = ir_op_attrz(d, "value");
  if (!ir_attr_is(a, &ir_dense_elements_attr_def) || !ct_dense_is_splat(a)) return false;
  if (!ct_type_is_tile(a->type) || !ir_type_is_integer(ct_tile_type_elem(a->type))) return false;
  *out = ct_dense_int(a, 0);
  return true;
}

bool ctc_verify_extract(IrOp *op) {
  const IrType *s = opnd_t(op, 0), *r = res_t(op, 0);
  if (elem_of(s) != elem_of(r))
    return ir_op_error(op, "source and result element type do not match");
  if (rank_of(s) != rank_of(r))
    return ir_op_error(op, "source and result must have the same rank");
  for (size_t i = 0; i < rank_of(s); i++) {
    int64_t sd = shape_of(s)[i], rd = shape_of(r)[i];
    if (rd == 0 || sd % rd != 0)
      return ir_op_error(op, "source dimension %zu size (%lld) must be evenly divisible by "
                             "result dimension %zu size (%lld)",
                         i, (long long)sd, i, (long long)rd);
  }
  size_t nidx = op->noperands - 1;
  if (nidx != rank_of(s))
    return ir_op_error(op, "expected %zu indices, but got %zu", rank_of(s), nidx);
  for (size_t i = 0; i < nidx; i++) {
    const IrType *it = opnd_t(op, (unsigned)i + 1);
    if (!ct_type_is_tile(it)) return ir_op_error(op, "index %zu must be a Tile type", i);
    if (rank_of(it) != 0)
      return ir_op_error(op, "index %zu must be a scalar tile, got rank %zu", i, rank_of(it));
    if (!ir_type_is_int_width(elem_of(it), 32))
      return ir_op_error(op, "index %zu must have i32 element type", i);
    int64_t v;
    if (!const_index(ir_op_operand(op, (unsigned)i + 1), &v)) continue;
    int64_t maxv = shape_of(s)[i] / shape_of(r)[i] - 1;
    if (v < 0)
      ir_warning(ir_op_context(op), ir_op_loc(op), "extract index %zu has negative value %lld, which may "
                                   "cause undefined behavior", i, (long long)v);
    if (v > maxv)
      ir_warning(ir_op_context(op), ir_op_loc(op), "extract index %zu value %lld may be out of bounds (max "
                                   "valid index: %lld)", i, (long long)v, (long long)maxv);
  }
  return true;
}

/* ---- iota / select / pack ------------------------------------------------------ */
bool ctc_verify_iota(IrOp *op) {
  const IrType *r = res_t(op, 0);
  if (rank_of(r) != 1) return ir_op_error(op, "expects result type to be 1-d tile");
  uint64_t n = (uint64_t)shape_of(r)[0];
  unsigned w = bit_width(elem_of(r));
  if (w < 64 && n > ((uint64_t)1 << w))
    return ir_op_error(op, "the number of elements %llu exceeds the maximum value of element "
                           "type '%T'", (unsigned long long)n, elem_of(r));
  return true;
}

bool ctc_verify_select(IrOp *op) {
  if (is_float_kind(elem_of(res_t(op, 0)), IR_F4E2M1FN))
    return ir_op_error(op, "cannot operate on sub-byte type F4E2M1FN");
  return true;
}

/* Tile size in bits (i1 counts 1 bit, tf32 32). */
static uint64_t tile_bits(const IrType *t) {
  const IrType *e = elem_of(t);
  unsigned w = is_float_kind(e, IR_TF32) ? 32 : bit_width(e);
  return (uint64_t)w * (uint64_t)ct_tile_type_num_elements(t);
}

bool ctc_verify_pack(IrOp *op) {
  const IrType *s = opnd_t(op, 0), *r = res_t(op, 0);
  if (rank_of(s) != 1) return ir_op_error(op, "expects source and result to be rank-1 tiles");
  if (bit_width(elem_of(s)) == bit_width(elem_of(r)))
    return ir_op_error(op, "expects source and result to have different element type widths");
  uint64_t sb = tile_bits(s), rb = tile_bits(r);
  if (sb % 8) return ir_op_error(op, "expects source tile to be byte-aligned");
  if (rb % 8) return ir_op_error(op, "expects result tile to be byte-aligned");
  if (sb != rb)
    return ir_op_error(op, "expects source and result to have the same size in bytes, but got "
                           "source tile size %llu bytes and result tile size %llu bytes",
                       (unsigned long long)(sb / 8), (unsigned long long)(rb / 8));
  return true;
}

/* ---- mma ------------------------------------------------------------------------ */
/* "dim A of X (n) and dim B of Y (m) must match, but got X shape (..) and Y shape (..)" */
static bool dim_mismatch(IrOp *op, const char *lead, int da, const char *xa, const IrType *a,
                         int db, const char *xb, const IrType *b) {
  StrBuf sa = {0}, sbb = {0};
  shape_str(&sa, a);
  shape_str(&sbb, b);
  ir_op_error(op, "%sshape error: dim %d of %s (%lld) and dim %d of %s (%lld) must match, but "
                  "got %s shape (%s) and %s shape (%s)",
              lead, da, xa, (long long)shape_of(a)[da], db, xb, (long long)shape_of(b)[db],
              xa, sb_cstr(&sa), xb, sb_cstr(&sbb));
  sb_free(&sa);
  sb_free(&sbb);
  return false;
}

/* Shape rules shared by mmaf, mmai and mmaf_scaled, in seed 003's words
 * (verify_mma; NVIDIA: "operands must 2D or 3D tiles" and the "shape error:
 * dim A of X (n) and dim B of Y (m) must match, ..." texts).  The batch
 * dimension of rank-3 operands, which the seed does not cover, keeps
 * NVIDIA's text. */
static bool verify_mma_shapes(IrOp *op) {
  const IrType *l = opnd_t(op, 0), *r = opnd_t(op, 1), *acc = opnd_t(op, 2);
  if (rank_of(l) != 2 && rank_of(l) != 3)
    return ir_op_error(op, "mma operand A must be rank-2 or rank-3");
  if (rank_of(r) != rank_of(l) || rank_of(acc) != rank_of(l))
    return ir_op_error(op, "mma operands must share rank");
  int b = rank_of(l) == 3;
  if (b) {
    if (shape_of(l)[0] != shape_of(r)[0]) return dim_mismatch(op, "", 0, "lhs", l, 0, "rhs", r);
    if (shape_of(l)[0] != shape_of(acc)[0])
      return dim_mismatch(op, "", 0, "lhs", l, 0, "acc", acc);
  }
  int row = b, col = b + 1;
  if (shape_of(l)[col] != shape_of(r)[row])
    return ir_op_error(op, "mma contracting dimension mismatch");
  if (shape_of(l)[row] != shape_of(acc)[row] || shape_of(r)[col] != shape_of(acc)[col])
    return ir_op_error(op, "mma accumulator must agree with A and B on M and N");
  return true;
}

/* seed 003 verify_mma's shape half for mmaf / mmai, run before the
 * type-matching traits (AllRanksMatch, AllTypesMatch<acc, result>): rank,
 * shared rank (result included), contraction, M/N, accumulator vs result. */
bool ctc_verify_mma_seed_shapes(IrOp *op) {
  if (op->noperands < 3 || op->nresults < 1) return true;
  const IrType *res = res_t(op, 0);
  if (!verify_mma_shapes(op)) return false;
  if (rank_of(res) != rank_of(opnd_t(op, 0)))
    return ir_op_error(op, "mma operands must share rank");
  const IrType *acc = opnd_t(op, 2);
  for (size_t i = 0; i < rank_of(acc); i++)
    if (shape_of(acc)[i] != shape_of(res)[i])
      return ir_op_error(op, "mma accumulator and result shapes must match");
  return true;
}

bool ctc_verify_mmaf(IrOp *op) {
  if (!verify_mma_shapes(op)) return false;
  const IrType *in = elem_of(opnd_t(op, 0)), *acc = elem_of(opnd_t(op, 2));
  static const struct { IrFloatKind in; IrFloatKind out[2]; int nout; } table[] = {
      {IR_F4E2M1FN, {IR_F16, IR_F32}, 2}, {IR_F8E4M3FN, {IR_F16, IR_F32}, 2},
      {IR_F8E5M2, {IR_F16, IR_F32}, 2},   {IR_F16, {IR_F16, IR_F32}, 2},
      {IR_BF16, {IR_F32, IR_F32}, 1},     {IR_TF32, {IR_F32, IR_F32}, 1},
      {IR_F32, {IR_F32, IR_F32}, 1},      {IR_F64, {IR_F64, IR_F64}, 1},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
    if (!is_float_kind(in, table[i].in)) continue;
    for (int j = 0; j < table[i].nout; j++)
      if (is_float_kind(acc, table[i].out[j])) return true;
    /* NVIDIA: "unsupported combination of element types. Input type 'X'
     * expects accumulator/result type to be one of {...}, but got 'Y'" */
    return ir_op_error(op, "floating mma input/accumulator pair is not supported on the "
                           "target");
  }
  return ir_op_error(op, "floating mma input/accumulator pair is not supported on the target");
}

bool ctc_verify_mmai(IrOp *op) { return verify_mma_shapes(op); }

bool ctc_verify_mmaf_scaled(IrOp *op) {
  const IrType *l = opnd_t(op, 0), *r = opnd_t(op, 1);
  const IrType *ls = opnd_t(op, 3), *rs = opnd_t(op, 4);
  /* AllRanksMatch (the spec table holds three PredOpTraits; this is the 4th) */
  for (unsigned i = 1; i < 5; i++)
    if (rank_of(opnd_t(op, i)) != rank_of(l))
      return ir_op_error(op, "failed to verify that all of {lhs, rhs, acc, lhs_scale, "
                             "rhs_scale} have same rank");
  if (!verify_mma_shapes(op)) return false;
  int b = rank_of(l) == 3, row = b, col = b + 1;
  if (b) {
    if (shape_of(l)[0] != shape_of(ls)[0])
      return dim_mismatch(op, "", 0, "lhs", l, 0, "lhs_scale", ls);
    if (shape_of(r)[0] != shape_of(rs)[0])
      return dim_mismatch(op, "", 0, "rhs", r, 0, "rhs_scale", rs);
  }
  if (shape_of(l)[row] != shape_of(ls)[row])
    return dim_mismatch(op, "", row, "lhs", l, row, "lhs_scale", ls);
  if (shape_of(r)[col] != shape_of(rs)[col])
    return dim_mismatch(op, "", col, "rhs", r, col, "rhs_scale", rs);
  if (shape_of(ls)[col] != shape_of(rs)[row])
    return dim_mismatch(op, "", col, "lhs_scale", ls, row, "rhs_scale", rs);
  const IrType *le = elem_of(l), *se = elem_of(ls);
  if (is_float_kind(se, IR_F8E4M3FN) && !is_float_kind(le, IR_F4E2M1FN))
    return ir_op_error(op, "unsupported combination of element types. Scale type '%T' expects "
                           "lhs and rhs element types to be 'f4E2M1FN', but got '%T'", se, le);
  if (is_float_kind(se, IR_F8E8M0FNU) && !is_float_kind(le, IR_F8E4M3FN) &&
      !is_float_kind(le, IR_F8E5M2) && !is_float_kind(le, IR_F4E2M1FN))
    return ir_op_error(op, "unsupported combination of element types. Scale type '%T' expects "
                           "lhs and rhs element types to be one of {'f8E4M3FN', 'f8E5M2', "
                           "'f4E2M1FN'}, but got '%T'", se, le);
  int64_t k = shape_of(l)[col], sk = shape_of(ls)[col];
  if (sk == 0 || k % sk != 0) {
    StrBuf a = {0}, c = {0};
    shape_str(&a, ls);
    shape_str(&c, l);
    ir_op_error(op, "shape error: dim %d of lhs_scale (%lld) must be a divisor of dim %d of "
                    "lhs (%lld), but got lhs_scale shape (%s) and lhs shape (%s)",
                col, (long long)sk, col, (long long)k, sb_cstr(&a), sb_cstr(&c));
    sb_free(&a);
    sb_free(&c);
    return false;
  }
  int64_t vec = k / sk;
  if ((is_float_kind(le, IR_F8E4M3FN) || is_float_kind(le, IR_F8E5M2)) && vec != 32)
    return ir_op_error(op, "shape error: f8 element type requires block scale factor of "
                           "lhs_scale and rhs_scale to be 32, but got %lld", (long long)vec);
  if (is_float_kind(le, IR_F4E2M1FN)) {
    if (is_float_kind(se, IR_F8E4M3FN) && vec != 16)
      return ir_op_error(op, "shape error: f4E2M1FN element type with f8E4M3FN scales requires "
                             "block scale factor of lhs_scale and rhs_scale to be 16, but got "
                             "%lld", (long long)vec);
    if (is_float_kind(se, IR_F8E8M0FNU) && vec != 16 && vec != 32)
      return ir_op_error(op, "shape error: f4E2M1FN element type with f8E8M0FNU scales "
                             "requires block scale factor of lhs_scale and rhs_scale to be 16 "
                             "or 32, but got %lld", (long long)vec);
  }
  return true;
}
