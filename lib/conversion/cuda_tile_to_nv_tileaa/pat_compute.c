/* pat_compute.c — cuda_tile -> nv_tileaa/arith/math patterns for compute
 * ops.  The mapping (docs/conversion.md has the full table):
 *   addf subf mulf divf fma sqrt rsqrt exp2   nv_tileaa op of the same name;
 *                                 rounding_mode -> #nv_tileaa.rounding_mode,
 *                                 flush_to_zero kept
 *   maxf / minf                   arith.maxnumf / minnumf, or arith.maximumf /
 *                                 minimumf under propagate_nan
 *   negf remf                     arith.negf / arith.remf
 *   absf ceil floor exp log log2 sin cos tan sinh cosh tanh pow atan2
 *                                 math.<name> (pow: math.powf)
 *   addi subi muli andi ori xori shli   arith op of the same name; the
 *                                 overflow<...> flag of addi subi muli shli
 *                                 trunci negi -> overflowFlags <nsw, nuw>
 *   maxi mini shri divi remi      arith.{max,min}{si,ui}, shr{si,ui},
 *                                 div{si,ui} / ceildivsi / floordivsi,
 *                                 rem{si,ui} by signedness and rounding
 *   mulhii                        nv_tileaa.mulhiui (cuda_tile's is unsigned)
 *   cmpi cmpf select              arith.cmpi / cmpf {predicate} / select
 *   exti trunci itof ftoi bitcast arith.ext{s,u}i / trunci / {s,u}itofp /
 *                                 fpto{s,u}i / bitcast
 *   ftof                          arith.extf / arith.truncf
 *   reshape broadcast permute     nv_tileaa.view / broadcast (splat from a
 *                                 scalar) / permute {order}
 *   iota                          nv_tileaa.make_range {start = 0, end = n}
 *   reduce scan                   nv_tileaa.reduce / scan {axis, identities,
 *                                 reverse}, combiner region moved
 *   mmaf mmai mmaf_scaled         nv_tileaa.dot (mmai: signedness_a/b;
 *                                 mmaf_scaled: the sfa/sfb operands) */
#include "conversion/cuda_tile_to_nv_tileaa/c2a.h"
#include "dialect/arith/arith.h"

#include <stdlib.h>
#include <string.h>

#define C2A_MAX_RANK 8

/* ct rounding case -> nv_tileaa rounding_mode case (rn rz rm rp approx full). */
static const IrAttr *rounding(CvConversion *cv, IrOp *op, const char *name) {
  const IrAttr *a = ir_op_attrz(op, name);
  int v = a ? ct_enum_value(a, &ct_enum_rounding) : -1;
  if (v < 0 || v > CT_ROUNDING_FULL) return NULL;
  return aa_enum_attr(cv->ctx, &aa_enum_rounding_mode, v);
}

static bool is_unsigned(IrOp *op, const char *name) {
  return ct_enum_value(ir_op_attrz(op, name), &ct_enum_signedness) == CT_SIGNEDNESS_UNSIGNED;
}

/* Builds `info`/`name` with op's converted operands and results plus up to
 * three attributes, as op's replacement (cv_build_replace). */
static bool emit(CvConversion *cv, IrOp *op, const IrOpInfo *info, const char *name,
                 const char *n0, const IrAttr *a0, const char *n1, const IrAttr *a1,
                 const char *n2, const IrAttr *a2) {
  IrValue *ops[8];
  const IrType *rts[4];
  if (op->noperands > 8 || op->nresults > 4) return false;
  for (unsigned i = 0; i < op->noperands; i++)
    if (!(ops[i] = cv_operand(cv, op, i))) return false;
  for (unsigned i = 0; i < op->nresults; i++)
    if (!(rts[i] = c2a_res_type(cv, op, i))) return false;
  const char *names[3] = {n0, n1, n2};
  const IrAttr *vals[3] = {n0 ? a0 : NULL, n1 ? a1 : NULL, n2 ? a2 : NULL};
  /* (no values: no dictionary, without asking the memo) */
  const IrAttr *attrs = vals[0] || vals[1] || vals[2] ? c2a_dictc(cv, names, vals, 3) : NULL;
  if (!info) info = ir_op_info_lookup(cv->ctx, name, strlen(name));
  /* (built last: op may become the new op in place) */
  return cv_build_replace(cv, op, info, ops, op->noperands, rts, op->nresults, NULL, attrs) != NULL;
}

/* ---- floating point ---------------------------------------------------------- */

static bool p_aa_float(CvConversion *cv, IrOp *op) {
  const IrOpInfo *info = NULL;
  switch ((CtOpIndex)(op->info - ct_op_infos)) {
  case CT_OP_addf: info = aa_op(addf); break;
  case CT_OP_subf: info = aa_op(subf); break;
  case CT_OP_mulf: info = aa_op(mulf); break;
  case CT_OP_divf: info = aa_op(divf); break;
  case CT_OP_fma: info = aa_op(fma); break;
  case CT_OP_sqrt: info = aa_op(sqrt); break;
  case CT_OP_rsqrt: info = aa_op(rsqrt); break;
  case CT_OP_exp2: info = aa_op(exp2); break;
  default: return false;
  }
  return emit(cv, op, info, NULL, "rounding_mode", rounding(cv, op, "rounding_mode"),
              "flush_to_zero", ir_op_attrz(op, "flush_to_zero"), NULL, NULL);
}

static bool p_maxmin(CvConversion *cv, IrOp *op) {
  bool max = ct_op_is(op, CT_OP_maxf);
  bool prop = ir_op_attrz(op, "propagate_nan") != NULL;
  const char *n = prop ? (max ? "arith.maximumf" : "arith.minimumf")
                       : (max ? "arith.maxnumf" : "arith.minnumf");
  return emit(cv, op, NULL, n, "flush_to_zero", ir_op_attrz(op, "flush_to_zero"), NULL, NULL,
              NULL, NULL);
}

/* One-for-one ops of arith/math without attributes of interest. */
static const struct { CtOpIndex ct; const char *name; } plain[] = {
    {CT_OP_negf, "arith.negf"},   {CT_OP_remf, "arith.remf"},   {CT_OP_absf, "math.absf"},
    {CT_OP_ceil, "math.ceil"},    {CT_OP_floor, "math.floor"},  {CT_OP_exp, "math.exp"},
    {CT_OP_log, "math.log"},      {CT_OP_log2, "math.log2"},    {CT_OP_sin, "math.sin"},
    {CT_OP_cos, "math.cos"},      {CT_OP_tan, "math.tan"},      {CT_OP_sinh, "math.sinh"},
    {CT_OP_cosh, "math.cosh"},    {CT_OP_tanh, "math.tanh"},    {CT_OP_pow, "math.powf"},
    {CT_OP_atan2, "math.atan2"},  {CT_OP_addi, "arith.addi"},   {CT_OP_subi, "arith.subi"},
    {CT_OP_muli, "arith.muli"},   {CT_OP_andi, "arith.andi"},   {CT_OP_ori, "arith.ori"},
    {CT_OP_xori, "arith.xori"},   {CT_OP_shli, "arith.shli"},   {CT_OP_select, "arith.select"},
    {CT_OP_trunci, "arith.trunci"}, {CT_OP_bitcast, "arith.bitcast"}, {CT_OP_absi, "math.absi"},
};

/* cuda_tile's overflow<...> flag of op as arith's overflowFlags
 * (#arith.overflow<nsw, nuw>: no_signed_wrap -> nsw, no_unsigned_wrap ->
 * nuw, no_wrap -> both); NULL when op has none, so the arith default
 * (none) applies. */
static const IrAttr *c2a_overflow(CvConversion *cv, IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "overflow");
  int f = ct_enum_value(a, &ct_enum_overflow);
  if (f < 0 && a && ir_attr_is(a, &ir_integer_attr_def)) f = (int)a->ints[0];
  unsigned bits = f == CT_OVERFLOW_NSW  ? ARITH_OVF_NSW
                  : f == CT_OVERFLOW_NUW ? ARITH_OVF_NUW
                  : f == CT_OVERFLOW_NW  ? ARITH_OVF_NSW | ARITH_OVF_NUW
                                         : 0;
  return bits ? arith_overflow_attr(cv->ctx, bits) : NULL;
}

static bool p_plain(CvConversion *cv, IrOp *op) {
  CtOpIndex idx = (CtOpIndex)(op->info - ct_op_infos);
  for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
    if (plain[i].ct == idx) {
      /* flush_to_zero is kept (the interpreter refuses it); the overflow
       * flag of addi/subi/muli/shli/trunci becomes overflowFlags */
      const IrAttr *ovf = c2a_overflow(cv, op);
      return emit(cv, op, NULL, plain[i].name, "flush_to_zero", ir_op_attrz(op, "flush_to_zero"),
                  ovf ? "overflowFlags" : NULL, ovf, NULL, NULL);
    }
  return false;
}

/* ---- integers ------------------------------------------------------------------ */

static bool p_signed_int(CvConversion *cv, IrOp *op) {
  bool u = is_unsigned(op, "signedness");
  const char *n = NULL;
  switch ((CtOpIndex)(op->info - ct_op_infos)) {
  case CT_OP_maxi: n = u ? "arith.maxui" : "arith.maxsi"; break;
  case CT_OP_mini: n = u ? "arith.minui" : "arith.minsi"; break;
  case CT_OP_shri: n = u ? "arith.shrui" : "arith.shrsi"; break;
  case CT_OP_remi: n = u ? "arith.remui" : "arith.remsi"; break;
  case CT_OP_exti: n = u ? "arith.extui" : "arith.extsi"; break;
  case CT_OP_itof: {
    /* arith's int-to-float conversions round to nearest */
    const IrAttr *ra = ir_op_attrz(op, "rounding_mode");
    if (ra && ct_enum_value(ra, &ct_enum_rounding) != CT_ROUNDING_NEAREST_EVEN) return false;
    n = u ? "arith.uitofp" : "arith.sitofp";
    break;
  }
  case CT_OP_ftoi: {
    /* arith's float-to-int conversions truncate: other roundings first
     * round with math.roundeven / floor / ceil */
    const IrAttr *ra = ir_op_attrz(op, "rounding_mode");
    int r = ra ? ct_enum_value(ra, &ct_enum_rounding) : CT_ROUNDING_NEAREST_INT_TO_ZERO;
    const char *pre = r == CT_ROUNDING_NEAREST_EVEN ? "math.roundeven"
                      : r == CT_ROUNDING_NEGATIVE_INF ? "math.floor"
                      : r == CT_ROUNDING_POSITIVE_INF ? "math.ceil" : NULL;
    IrValue *x = cv_operand(cv, op, 0);
    const IrType *rt = c2a_res_type(cv, op, 0);
    if (!x || !rt) return false;
    if (pre) {
      const IrType *xt = x->type;
      IrOp *p = cv_build_named(cv, pre, NULL, &x, 1, &xt, 1, NULL);
      if (!p) return false;
      x = ir_op_result(p, 0);
    }
    IrOp *c = cv_build_named(cv, u ? "arith.fptoui" : "arith.fptosi", NULL, &x, 1, &rt,
                             1, NULL);
    if (!c) return false;
    IrValue *v = ir_op_result(c, 0);
    cv_replace(cv, op, &v);
    return true;
  }
  case CT_OP_mulhii: /* cuda_tile's mulhii is the unsigned high half */
    return emit(cv, op, aa_op(mulhiui), NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  case CT_OP_divi: {
    const IrAttr *ra = ir_op_attrz(op, "rounding");
    int r = ra ? ct_enum_value(ra, &ct_enum_rounding) : CT_ROUNDING_ZERO;
    if (u) n = r == CT_ROUNDING_POSITIVE_INF ? "arith.ceildivui" : "arith.divui";
    else n = r == CT_ROUNDING_POSITIVE_INF ? "arith.ceildivsi"
             : r == CT_ROUNDING_NEGATIVE_INF ? "arith.floordivsi" : "arith.divsi";
    break;
  }
  default: return false;
  }
  return emit(cv, op, NULL, n, NULL, NULL, NULL, NULL, NULL, NULL);
}

/* cmpi: MLIR's predicate numbering eq ne slt sle sgt sge ult ule ugt uge. */
static bool p_cmpi(CvConversion *cv, IrOp *op) {
  int p = ct_enum_value(ir_op_attrz(op, "comparison_predicate"), &ct_enum_comparison_predicate);
  if (p < 0) return false;
  static const int sgn[6] = {0, 1, 2, 3, 4, 5}, uns[6] = {0, 1, 6, 7, 8, 9};
  int v = is_unsigned(op, "signedness") ? uns[p] : sgn[p];
  const IrAttr *a = c2a_int_attr(cv, ir_integer_type(cv->ctx, 64, IR_SIGNLESS), v);
  return emit(cv, op, NULL, "arith.cmpi", "predicate", a, NULL, NULL, NULL, NULL);
}

/* cmpf: MLIR's numbering false oeq ogt oge olt ole one ord ueq ugt uge ult
 * ule une uno true. */
static bool p_cmpf(CvConversion *cv, IrOp *op) {
  int p = ct_enum_value(ir_op_attrz(op, "comparison_predicate"), &ct_enum_comparison_predicate);
  int o = ct_enum_value(ir_op_attrz(op, "comparison_ordering"), &ct_enum_comparison_ordering);
  if (p < 0 || o < 0) return false;
  static const int ord[6] = {1, 6, 4, 5, 2, 3}, unord[6] = {8, 13, 11, 12, 9, 10};
  int v = o == CT_ORDERING_ORDERED ? ord[p] : unord[p];
  const IrAttr *a = c2a_int_attr(cv, ir_integer_type(cv->ctx, 64, IR_SIGNLESS), v);
  return emit(cv, op, NULL, "arith.cmpf", "predicate", a, NULL, NULL, NULL, NULL);
}

static bool p_ftof(CvConversion *cv, IrOp *op) {
  const IrType *s = ct_tile_type_elem(cv_original_type(cv, ir_op_operand(op, 0)));
  const IrType *d = ct_tile_type_elem(ir_op_result(op, 0)->type);
  if (!ir_type_is_float(s) || !ir_type_is_float(d)) return false;
  bool ext = ir_float_kind_width(ir_float_kind(d)) > ir_float_kind_width(ir_float_kind(s));
  return emit(cv, op, aa_op(fp_to_fp), NULL, "rounding_mode", ext ? NULL : rounding(cv, op, "rounding_mode"),
              NULL, NULL, NULL, NULL);
}

/* ---- shape ---------------------------------------------------------------------- */

static bool p_reshape(CvConversion *cv, IrOp *op) {
  const IrType *st = cv_convert_type1(cv, ir_op_operand(op, 0)->type);
  const IrType *rt = c2a_res_type(cv, op, 0);
  if (!st || !rt) return false;
  if (!aa_is_tile(st) && aa_is_tile(rt)) /* a scalar to a 1x..x1 tile */
    return emit(cv, op, aa_op(splat), NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  if (aa_is_tile(st) && !aa_is_tile(rt)) {
    /* a 1x..x1 tile to a scalar: extract at zeros */
    IrValue *ops[1 + C2A_MAX_RANK];
    size_t r = aa_rank(st);
    if (r > C2A_MAX_RANK) return false;
    ops[0] = cv_operand(cv, op, 0);
    IrValue *z = c2a_const_int(cv, NULL, ir_index_type(cv->ctx), 0);
    for (size_t i = 0; i < r; i++) ops[1 + i] = z;
    IrOp *x = cv_build(cv, aa_op(extract), NULL, ops, 1 + r, &rt, 1, NULL, NULL);
    if (!x) return false;
    IrValue *v = ir_op_result(x, 0);
    cv_replace(cv, op, &v);
    return true;
  }
  if (!aa_is_tile(st)) { /* scalar to scalar */
    IrValue *v = cv_operand(cv, op, 0);
    cv_replace(cv, op, &v);
    return v != NULL;
  }
  return emit(cv, op, aa_op(view), NULL, NULL, NULL, NULL, NULL, NULL, NULL);
}

static bool p_broadcast(CvConversion *cv, IrOp *op) {
  const IrType *st = cv_convert_type1(cv, ir_op_operand(op, 0)->type);
  const IrType *rt = c2a_res_type(cv, op, 0);
  if (!st || !rt) return false;
  if (st == rt) {
    IrValue *v = cv_operand(cv, op, 0);
    cv_replace(cv, op, &v);
    return v != NULL;
  }
  return emit(cv, op, aa_is_tile(st) ? aa_op(broadcast) : aa_op(splat), NULL, NULL, NULL, NULL,
              NULL, NULL, NULL);
}

static bool p_permute(CvConversion *cv, IrOp *op) {
  const IrAttr *p = ir_op_attrz(op, "permutation");
  if (!p || !ir_attr_is(p, &ir_dense_array_attr_def)) return false;
  const IrAttr *o = ir_dense_i64_array(cv->ctx, ir_integer_type(cv->ctx, 64, IR_SIGNLESS),
                                       p->ints, p->nints);
  return emit(cv, op, aa_op(permute), NULL, "order", o, NULL, NULL, NULL, NULL);
}

/* negi: arith.subi of a zero constant of the same type. */
static bool p_negi(CvConversion *cv, IrOp *op) {
  const IrType *t = c2a_res_type(cv, op, 0);
  IrValue *x = cv_operand(cv, op, 0);
  if (!t || !x) return false;
  const IrAttr *z;
  if (aa_is_tile(t)) {
    uint8_t zero[8] = {0};
    z = ir_dense_elements(cv->ctx, t, zero, ir_dense_elem_size(aa_elem(t)), true);
  } else {
    z = ir_integer_attr(cv->ctx, t, 0);
  }
  const char *n = "value";
  IrOp *c = cv_build_named(cv, "arith.constant", NULL, NULL, 0, &t, 1,
                           c2a_dictc(cv, &n, &z, 1));
  IrValue *r = NULL;
  if (c) {
    /* negi's overflow flag rides on the subi: 0 - x wraps exactly when -x does */
    const IrAttr *ovf = c2a_overflow(cv, op);
    IrValue *ops[2] = {ir_op_result(c, 0), x};
    n = "overflowFlags";
    IrOp *s = cv_build_named(cv, "arith.subi", NULL, ops, 2, &t, 1,
                             ovf ? c2a_dictc(cv, &n, &ovf, 1) : NULL);
    r = s ? ir_op_result(s, 0) : NULL;
  }
  if (!r) return false;
  cv_replace(cv, op, &r);
  return true;
}

/* Permutes v so that axis `dim` comes first (or back, when `back`). */
static IrValue *move_axis(CvConversion *cv, const IrLoc *loc, IrValue *v, int dim, bool back) {
  size_t r = aa_rank(v->type);
  int64_t ord[C2A_MAX_RANK], shape[C2A_MAX_RANK];
  if (r > C2A_MAX_RANK) return NULL;
  /* forward: [dim, 0, .., dim-1, dim+1, ..]; back: its inverse */
  int64_t fwd[C2A_MAX_RANK];
  fwd[0] = dim;
  for (size_t i = 0, k = 1; i < r; i++)
    if ((int)i != dim) fwd[k++] = (int64_t)i;
  for (size_t i = 0; i < r; i++) {
    if (back) ord[fwd[i]] = (int64_t)i;
    else ord[i] = fwd[i];
  }
  for (size_t i = 0; i < r; i++) shape[i] = aa_shape(v->type)[ord[i]];
  const IrType *t = aa_tile_type(cv->ctx, shape, r, aa_elem(v->type));
  const char *n = "order";
  const IrAttr *o = ir_dense_i64_array(cv->ctx, ir_integer_type(cv->ctx, 64, IR_SIGNLESS), ord, r);
  IrOp *p = cv_build(cv, aa_op(permute), loc, &v, 1, &t, 1, NULL, c2a_dictc(cv, &n, &o, 1));
  return p ? ir_op_result(p, 0) : NULL;
}

/* cat along dim: nv_tileaa.cat concatenates equal tiles along axis 0, so
 * other axes go through permutes. */
static bool p_cat(CvConversion *cv, IrOp *op) {
  IrValue *a = cv_operand(cv, op, 0), *b = cv_operand(cv, op, 1);
  const IrType *rt = c2a_res_type(cv, op, 0);
  const IrAttr *da = ir_op_attrz(op, "dim");
  if (!a || !b || !rt || a->type != b->type || !aa_is_tile(rt)) return false;
  int dim = da ? (int)da->ints[0] : 0;
  const IrLoc *loc = NULL;
  if (dim != 0) {
    a = move_axis(cv, loc, a, dim, false);
    b = a ? move_axis(cv, loc, b, dim, false) : NULL;
    if (!b) return false;
  }
  int64_t shape[C2A_MAX_RANK];
  size_t r = aa_rank(a->type);
  for (size_t i = 0; i < r; i++) shape[i] = aa_shape(a->type)[i];
  shape[0] *= 2;
  const IrType *ct = aa_tile_type(cv->ctx, shape, r, aa_elem(rt));
  IrValue *ops[2] = {a, b};
  IrOp *c = cv_build(cv, aa_op(cat), loc, ops, 2, &ct, 1, NULL, NULL);
  IrValue *v = c ? ir_op_result(c, 0) : NULL;
  if (v && dim != 0) v = move_axis(cv, loc, v, dim, true);
  if (!v) return false;
  cv_replace(cv, op, &v);
  return true;
}

/* extract: slice idx[d] in units of the result shape -> extract_slice at
 * element offsets idx[d] * shape[d]. */
static bool p_extract(CvConversion *cv, IrOp *op) {
  const IrType *rt = c2a_res_type(cv, op, 0);
  IrValue *ops[1 + C2A_MAX_RANK];
  ops[0] = cv_operand(cv, op, 0);
  if (!rt || !ops[0]) return false;
  size_t r = op->noperands - 1;
  if (r > C2A_MAX_RANK) return false;
  const int64_t *rs = aa_is_tile(rt) ? aa_shape(rt) : NULL;
  for (size_t d = 0; d < r; d++) {
    IrValue *i = c2a_index_cast(cv, NULL, cv_operand(cv, op, 1 + (unsigned)d));
    int64_t k = rs ? rs[d] : 1;
    if (i && k != 1)
      i = c2a_binop(cv, "arith.muli", NULL, i,
                    c2a_const_int(cv, NULL, ir_index_type(cv->ctx), k));
    if (!(ops[1 + d] = i)) return false;
  }
  IrOp *x = cv_build(cv, aa_is_tile(rt) ? aa_op(extract_slice) : aa_op(extract), NULL,
                     ops, 1 + r, &rt, 1, NULL, NULL);
  if (!x) return false;
  IrValue *v = ir_op_result(x, 0);
  cv_replace(cv, op, &v);
  return true;
}

/* ---- pack / unpack ---------------------------------------------------------------- */
/* pack (tile<N x T> -> tile<M x i8>) and unpack (the reverse) reinterpret
 * the little-endian bit stream of the elements.  The roster has no op that
 * changes the element count (bitcast and view keep the shape or the count),
 * so they are composed of shape and integer ops on the elements' bits
 * (T as the integer iW of its width W through nv_tileaa.bitcast):
 *   W > 8:  an element is W/8 bytes: pack views the iW tile as N x 1,
 *           broadcasts it to N x W/8, shifts column j right by 8j and
 *           truncates to i8; unpack extends N x W/8 bytes to iW, shifts
 *           column j left by 8j and ors the columns;
 *   W < 8:  a byte holds 8/W elements (i1, i4, f4E2M1FN): pack extends the
 *           elements to i8, views them as M x 8/W, shifts column j left by
 *           Wj and ors the columns; unpack broadcasts each byte to 8/W
 *           columns, shifts column j right by Wj and truncates to iW;
 *   W = 8:  a bitcast (or nothing). */

/* Bit width of a packable element type (0: none). */
static unsigned pack_width(const IrType *t) {
  if (ir_type_is_integer(t)) return ir_integer_width(t);
  if (!ir_type_is_float(t)) return 0;
  IrFloatKind k = ir_float_kind(t);
  return k == IR_F4E2M1FN ? 4 : k == IR_TF32 ? 0 : ir_float_storage_bits(k);
}

static IrValue *pk_op(CvConversion *cv, const IrOpInfo *info, const char *name, IrValue *a,
                      IrValue *b, const IrType *t) {
  if (!a) return NULL;
  IrValue *ops[2] = {a, b};
  IrOp *o = cv_build(cv, info ? info : cv_op_info(cv, name), NULL, ops, b ? 2 : 1, &t, 1, NULL,
                     NULL);
  return o ? ir_op_result(o, 0) : NULL;
}

/* Constant tile<rows x k x e> whose column j holds step * j. */
static IrValue *pk_shifts(CvConversion *cv, int64_t rows, int64_t k, const IrType *e,
                          int64_t step) {
  size_t es = ir_dense_elem_size(e), n = (size_t)(rows * k);
  uint8_t *buf = xcalloc(n, es);
  for (size_t i = 0; i < n; i++) {
    uint64_t v = (uint64_t)(step * (int64_t)(i % (size_t)k));
    memcpy(buf + i * es, &v, es); /* little-endian host */
  }
  int64_t sh[2] = {rows, k};
  const IrType *t = aa_tile_type(cv->ctx, sh, 2, e);
  const char *nm = "value";
  const IrAttr *a = ir_dense_elements(cv->ctx, t, buf, n * es, false);
  free(buf);
  IrOp *c = cv_build_named(cv, "arith.constant", NULL, NULL, 0, &t, 1, c2a_dictc(cv, &nm, &a, 1));
  return c ? ir_op_result(c, 0) : NULL;
}

/* The or of the k columns of v (tile<rows x k x e>), as tile<rows x e>. */
static IrValue *pk_or_columns(CvConversion *cv, IrValue *v, int64_t rows, int64_t k,
                              const IrType *e) {
  int64_t sh[2] = {rows, 1};
  const IrType *ct = aa_tile_type(cv->ctx, sh, 2, e);
  IrValue *z = c2a_const_int(cv, NULL, ir_index_type(cv->ctx), 0), *acc = NULL;
  for (int64_t j = 0; j < k && v; j++) {
    IrValue *ops[3] = {v, z, c2a_const_int(cv, NULL, ir_index_type(cv->ctx), j)};
    IrOp *x = cv_build(cv, aa_op(extract_slice), NULL, ops, 3, &ct, 1, NULL, NULL);
    IrValue *col = x ? ir_op_result(x, 0) : NULL;
    acc = acc ? pk_op(cv, NULL, "arith.ori", acc, col, ct) : col;
  }
  return pk_op(cv, aa_op(view), NULL, acc, NULL, aa_tile_type(cv->ctx, &rows, 1, e));
}

static bool p_pack(CvConversion *cv, IrOp *op) {
  IrContext *ctx = cv->ctx;
  bool pack = ct_op_is(op, CT_OP_pack);
  IrValue *x = cv_operand(cv, op, 0);
  const IrType *rt = c2a_res_type(cv, op, 0);
  if (!x || !rt || !aa_is_tile(x->type) || aa_rank(x->type) != 1 || aa_rank(rt) != 1)
    return false;
  const IrType *et = pack ? aa_elem(x->type) : aa_elem(rt); /* T */
  int64_t n = pack ? aa_shape(x->type)[0] : aa_shape(rt)[0];  /* N elements of T */
  int64_t m = pack ? aa_shape(rt)[0] : aa_shape(x->type)[0];  /* M bytes */
  unsigned w = pack_width(et);
  if (!w || (w > 8 ? w % 8 : 8 % w) || n * (int64_t)w != m * 8) return false;
  const IrType *iw = ir_integer_type(ctx, w, IR_SIGNLESS), *i8 = ir_integer_type(ctx, 8, IR_SIGNLESS);
  const IrType *nw = aa_tile_type(ctx, &n, 1, iw), *m8 = aa_tile_type(ctx, &m, 1, i8);
  int64_t k = w > 8 ? w / 8 : 8 / w, rows = w > 8 ? n : m;
  int64_t s1[2] = {rows, 1}, sk[2] = {rows, k};
  IrValue *v = x;
  if (pack) {
    if (ir_type_is_float(et)) v = pk_op(cv, aa_op(bitcast), NULL, v, NULL, nw);
    if (w > 8) {
      v = pk_op(cv, aa_op(view), NULL, v, NULL, aa_tile_type(ctx, s1, 2, iw));
      v = pk_op(cv, aa_op(broadcast), NULL, v, NULL, aa_tile_type(ctx, sk, 2, iw));
      v = pk_op(cv, NULL, "arith.shrui", v, pk_shifts(cv, rows, k, iw, 8), v ? v->type : NULL);
      v = pk_op(cv, NULL, "arith.trunci", v, NULL, aa_tile_type(ctx, sk, 2, i8));
      v = pk_op(cv, aa_op(view), NULL, v, NULL, m8);
    } else if (w < 8) {
      v = pk_op(cv, NULL, "arith.extui", v, NULL, aa_tile_type(ctx, &n, 1, i8));
      v = pk_op(cv, aa_op(view), NULL, v, NULL, aa_tile_type(ctx, sk, 2, i8));
      v = pk_op(cv, NULL, "arith.shli", v, pk_shifts(cv, rows, k, i8, w), v ? v->type : NULL);
      v = v ? pk_or_columns(cv, v, rows, k, i8) : NULL;
    }
  } else {
    if (w > 8) {
      v = pk_op(cv, aa_op(view), NULL, v, NULL, aa_tile_type(ctx, sk, 2, i8));
      v = pk_op(cv, NULL, "arith.extui", v, NULL, aa_tile_type(ctx, sk, 2, iw));
      v = pk_op(cv, NULL, "arith.shli", v, pk_shifts(cv, rows, k, iw, 8), v ? v->type : NULL);
      v = v ? pk_or_columns(cv, v, rows, k, iw) : NULL;
    } else if (w < 8) {
      v = pk_op(cv, aa_op(view), NULL, v, NULL, aa_tile_type(ctx, s1, 2, i8));
      v = pk_op(cv, aa_op(broadcast), NULL, v, NULL, aa_tile_type(ctx, sk, 2, i8));
      v = pk_op(cv, NULL, "arith.shrui", v, pk_shifts(cv, rows, k, i8, w), v ? v->type : NULL);
      v = pk_op(cv, NULL, "arith.trunci", v, NULL, aa_tile_type(ctx, sk, 2, iw));
      v = pk_op(cv, aa_op(view), NULL, v, NULL, nw);
    }
    if (v && ir_type_is_float(et)) v = pk_op(cv, aa_op(bitcast), NULL, v, NULL, rt);
  }
  if (!v || v->type != rt) return false;
  cv_replace(cv, op, &v);
  return true;
}

static bool p_iota(CvConversion *cv, IrOp *op) {
  const IrType *rt = c2a_res_type(cv, op, 0);
  if (!rt || !aa_is_tile(rt) || aa_rank(rt) != 1) return false;
  const IrType *i32 = ir_integer_type(cv->ctx, 32, IR_SIGNLESS);
  return emit(cv, op, aa_op(make_range), NULL, "start", c2a_int_attr(cv, i32, 0), "end",
              c2a_int_attr(cv, i32, aa_shape(rt)[0]), NULL, NULL);
}

static bool p_reduce_scan(CvConversion *cv, IrOp *op) {
  bool reduce = ct_op_is(op, CT_OP_reduce);
  IrValue *ops[16];
  const IrType *rts[16];
  if (op->noperands > 16 || op->nresults > 16) return false;
  for (unsigned i = 0; i < op->noperands; i++)
    if (!(ops[i] = cv_operand(cv, op, i))) return false;
  for (unsigned i = 0; i < op->nresults; i++)
    if (!(rts[i] = c2a_res_type(cv, op, i))) return false;
  const IrAttr *dim = ir_op_attrz(op, "dim");
  if (!dim) return false;
  const IrType *i32 = ir_integer_type(cv->ctx, 32, IR_SIGNLESS);
  const char *names[3] = {"axis", "identities", "reverse"};
  const IrAttr *rev = ir_op_attrz(op, "reverse");
  const IrAttr *vals[3] = {c2a_int_attr(cv, i32, dim->ints[0]),
                           ir_op_attrz(op, "identities"),
                           NULL};
  /* reverse only when set: the interpreter reads its presence */
  if (!reduce && rev && (!ir_attr_is(rev, &ir_bool_attr_def) || rev->ints[0]))
    vals[2] = ir_bool_attr(cv->ctx, true);
  /* (the names are in order: the dictionary's entries are those the
   * attributes were given as one by one) */
  IrOp *r = c2a_build_regions(cv, reduce ? aa_op(reduce) : aa_op(scan), ops, op->noperands, rts,
                              op->nresults, c2a_dictc(cv, names, vals, 3), 1);
  if (!r) return false;
  cv_take_region(cv, op, 0, ir_op_region(r, 0));
  IrValue *res[16];
  for (unsigned i = 0; i < op->nresults; i++) res[i] = ir_op_result(r, i);
  cv_replace(cv, op, res);
  return true;
}

static bool p_mma(CvConversion *cv, IrOp *op) {
  IrValue *ops[5];
  unsigned n = ct_op_is(op, CT_OP_mmaf_scaled) ? 5 : 3; /* + scale factors of A and B */
  for (unsigned i = 0; i < n; i++)
    if (!(ops[i] = cv_operand(cv, op, i))) return false;
  const IrType *rt = c2a_res_type(cv, op, 0);
  if (!rt) return false;
  int32_t seg[5] = {1, 1, 1, n == 5, n == 5};
  const char *pn = "operandSegmentSizes";
  const IrAttr *pv = c2a_segment_attr(cv, seg, 5);
  const char *an[2] = {"signedness_a", "signedness_b"};
  const IrAttr *av[2] = {NULL, NULL};
  if (ct_op_is(op, CT_OP_mmai)) {
    av[0] = aa_enum_attr(cv->ctx, &aa_enum_signedness, is_unsigned(op, "signedness_lhs"));
    av[1] = aa_enum_attr(cv->ctx, &aa_enum_signedness, is_unsigned(op, "signedness_rhs"));
  }
  IrOp *d = cv_build(cv, aa_op(dot), NULL, ops, n, &rt, 1, c2a_dictc(cv, &pn, &pv, 1),
                     c2a_dictc(cv, an, av, 2));
  if (!d) return false;
  IrValue *r = ir_op_result(d, 0);
  cv_replace(cv, op, &r);
  return true;
}

void c2a_add_compute_patterns(CvConversion *cv) {
  static const CtOpIndex aa_float[] = {CT_OP_addf, CT_OP_subf, CT_OP_mulf, CT_OP_divf,
                                       CT_OP_fma, CT_OP_sqrt, CT_OP_rsqrt, CT_OP_exp2};
  for (size_t i = 0; i < sizeof aa_float / sizeof aa_float[0]; i++)
    cv_add_pattern(cv, &ct_op_infos[aa_float[i]], p_aa_float);
  for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
    cv_add_pattern(cv, &ct_op_infos[plain[i].ct], p_plain);
  static const CtOpIndex sgn[] = {CT_OP_maxi, CT_OP_mini, CT_OP_shri, CT_OP_remi, CT_OP_exti,
                                  CT_OP_itof, CT_OP_ftoi, CT_OP_mulhii, CT_OP_divi};
  for (size_t i = 0; i < sizeof sgn / sizeof sgn[0]; i++)
    cv_add_pattern(cv, &ct_op_infos[sgn[i]], p_signed_int);
  cv_add_pattern(cv, ct_op(maxf), p_maxmin);
  cv_add_pattern(cv, ct_op(minf), p_maxmin);
  cv_add_pattern(cv, ct_op(cmpi), p_cmpi);
  cv_add_pattern(cv, ct_op(cmpf), p_cmpf);
  cv_add_pattern(cv, ct_op(ftof), p_ftof);
  cv_add_pattern(cv, ct_op(reshape), p_reshape);
  cv_add_pattern(cv, ct_op(broadcast), p_broadcast);
  cv_add_pattern(cv, ct_op(permute), p_permute);
  cv_add_pattern(cv, ct_op(iota), p_iota);
  cv_add_pattern(cv, ct_op(negi), p_negi);
  cv_add_pattern(cv, ct_op(cat), p_cat);
  cv_add_pattern(cv, ct_op(extract), p_extract);
  cv_add_pattern(cv, ct_op(pack), p_pack);
  cv_add_pattern(cv, ct_op(unpack), p_pack);
  cv_add_pattern(cv, ct_op(reduce), p_reduce_scan);
  cv_add_pattern(cv, ct_op(scan), p_reduce_scan);
  cv_add_pattern(cv, ct_op(mmaf), p_mma);
  cv_add_pattern(cv, ct_op(mmai), p_mma);
  cv_add_pattern(cv, ct_op(mmaf_scaled), p_mma);
}
