/* std_const.c — the constant view and result builders of std_const.h, the
 * elementwise binary fold drivers, and the arith constant materializer (the
 * arith and math dialects' materialize_constant hook). */
#include "dialect/std/std_const.h"

#include "rewrite/rewrite.h"

#include <math.h>
#include <stdlib.h>

static unsigned elem_width(const IrType *e) {
  if (ir_type_is_index(e)) return 64;
  if (ir_type_is_integer(e)) return ir_integer_width(e);
  if (ir_type_is_float(e)) return ir_float_storage_bits(ir_float_kind(e));
  return 0;
}

bool std_const_get(const IrAttr *a, StdConst *c) {
  memset(c, 0, sizeof *c);
  if (!a) return false;
  c->attr = a;
  c->splat = true;
  c->n = 1;
  if (ir_attr_is(a, &ir_bool_attr_def)) {
    c->type = c->elem = NULL; /* i1; the caller's types are authoritative */
    c->width = 1;
    return true;
  }
  if (ir_attr_is(a, &ir_integer_attr_def) || ir_attr_is(a, &ir_float_attr_def)) {
    c->type = c->elem = a->type;
    if (!a->type) return false;
    c->is_float = ir_type_is_float(a->type);
    c->width = elem_width(a->type);
    return c->width > 0 && c->width <= 64;
  }
  if (!ir_attr_is(a, &ir_dense_elements_attr_def) || !ir_type_is_shaped(a->type)) return false;
  c->type = a->type;
  c->elem = ir_type_elem_or_self(a->type);
  if (!ir_type_is_integer(c->elem) && !ir_type_is_index(c->elem) && !ir_type_is_float(c->elem))
    return false;
  c->is_float = ir_type_is_float(c->elem);
  c->width = elem_width(c->elem);
  if (!c->width || c->width > 64) return false;
  c->splat = (a->flags & 1) != 0;
  int64_t n = ir_shape_num_elements(a->type->ints, a->type->nints);
  if (n < 0 || n > (1 << 20)) return false;
  c->n = n;
  size_t es = ir_dense_elem_size(c->elem);
  return es && a->ndata >= (c->splat ? es : es * (size_t)n);
}

static uint64_t raw_elem(const StdConst *c, int64_t i) {
  size_t es = ir_dense_elem_size(c->elem);
  const uint8_t *p = c->attr->data + (c->splat ? 0 : (size_t)i * es);
  uint64_t v = 0;
  for (size_t k = 0; k < es; k++) v |= (uint64_t)p[k] << (8 * k);
  return v;
}

uint64_t std_const_int(const StdConst *c, int64_t i) {
  const IrAttr *a = c->attr;
  if (ir_attr_is(a, &ir_bool_attr_def)) return a->ints[0] & 1;
  if (ir_attr_is(a, &ir_integer_attr_def)) return (uint64_t)a->ints[0] & std_mask(c->width);
  if (ir_attr_is(a, &ir_float_attr_def)) return 0;
  return raw_elem(c, i) & std_mask(c->width);
}

double std_const_float(const StdConst *c, int64_t i) {
  const IrAttr *a = c->attr;
  if (ir_attr_is(a, &ir_float_attr_def)) return a->f;
  if (!ir_attr_is(a, &ir_dense_elements_attr_def)) return 0;
  uint64_t bits = raw_elem(c, i);
  IrFloatKind k = ir_float_kind(c->elem);
  if (k == IR_F64) {
    double d;
    memcpy(&d, &bits, 8);
    return d;
  }
  return ir_float_from_bits(k, bits);
}

/* ---- result builders --------------------------------------------------------------- */

static uint64_t float_bits(IrFloatKind k, double v) {
  if (k == IR_F64) {
    uint64_t b;
    memcpy(&b, &v, 8);
    return b;
  }
  return ir_float_to_bits(k, v);
}

/* Dense elements of `type` from n element bit patterns. */
static const IrAttr *make_dense(IrContext *ctx, const IrType *type, const uint64_t *bits,
                                int64_t n) {
  const IrType *e = ir_type_elem_or_self(type);
  size_t es = ir_dense_elem_size(e);
  int64_t total = ir_shape_num_elements(type->ints, type->nints);
  if (!es || total < 0) return NULL;
  bool splat = true;
  for (int64_t i = 1; i < n && splat; i++) splat = bits[i] == bits[0];
  if (n != total && n != 1) return NULL;
  size_t cnt = splat ? 1 : (size_t)n;
  uint8_t *buf = xcalloc(cnt, es);
  for (size_t i = 0; i < cnt; i++)
    for (size_t k = 0; k < es; k++) buf[i * es + k] = (uint8_t)(bits[i] >> (8 * k));
  const IrAttr *a = ir_dense_elements(ctx, type, buf, cnt * es, splat);
  free(buf);
  return a;
}

const IrAttr *std_const_make_ints(IrContext *ctx, const IrType *type, const uint64_t *v,
                                  int64_t n) {
  const IrType *e = ir_type_elem_or_self(type);
  unsigned w = elem_width(e);
  if (!ir_type_is_shaped(type)) {
    if (ir_type_is_int_width(type, 1)) return ir_bool_attr(ctx, v[0] & 1);
    return ir_integer_attr(ctx, type, std_sext(v[0], w));
  }
  uint64_t *m = xmalloc((size_t)(n ? n : 1) * sizeof *m);
  for (int64_t i = 0; i < n; i++) m[i] = v[i] & std_mask(w);
  const IrAttr *a = make_dense(ctx, type, m, n);
  free(m);
  return a;
}

const IrAttr *std_const_make_floats(IrContext *ctx, const IrType *type, const double *v,
                                    int64_t n) {
  const IrType *e = ir_type_elem_or_self(type);
  if (!ir_type_is_float(e)) return NULL;
  IrFloatKind k = ir_float_kind(e);
  if (!ir_type_is_shaped(type)) return ir_float_attr(ctx, type, v[0]);
  uint64_t *bits = xmalloc((size_t)(n ? n : 1) * sizeof *bits);
  for (int64_t i = 0; i < n; i++) bits[i] = float_bits(k, v[i]);
  const IrAttr *a = make_dense(ctx, type, bits, n);
  free(bits);
  return a;
}

/* ---- elementwise binary drivers ------------------------------------------------------- */

/* Both operands constant, of the same shape class; count of result elements
 * (1 when both are splats). */
static bool pair(const IrAttr *a, const IrAttr *b, StdConst *ca, StdConst *cb, int64_t *n) {
  if (!std_const_get(a, ca) || !std_const_get(b, cb)) return false;
  if (ca->splat && cb->splat) *n = 1;
  else if (ca->n == cb->n) *n = ca->n;
  else return false;
  return true;
}

const IrAttr *std_fold_int_binary(IrContext *ctx, const IrAttr *a, const IrAttr *b,
                                  const IrType *rtype, StdIntBinFn fn, const void *ud) {
  StdConst ca, cb;
  int64_t n;
  if (!pair(a, b, &ca, &cb, &n) || ca.is_float || cb.is_float) return NULL;
  uint64_t *out = xmalloc((size_t)n * sizeof *out);
  bool ok = true;
  for (int64_t i = 0; i < n && ok; i++)
    ok = fn(std_const_int(&ca, i), std_const_int(&cb, i), ca.width, &out[i], ud);
  const IrAttr *r = ok ? std_const_make_ints(ctx, rtype, out, n) : NULL;
  free(out);
  return r;
}

const IrAttr *std_fold_float_binary(IrContext *ctx, const IrAttr *a, const IrAttr *b,
                                    const IrType *rtype, StdFloatBinFn fn, const void *ud) {
  StdConst ca, cb;
  int64_t n;
  if (!pair(a, b, &ca, &cb, &n) || !ca.is_float || !cb.is_float) return NULL;
  IrFloatKind k = ir_float_kind(ca.elem);
  double *out = xmalloc((size_t)n * sizeof *out);
  bool ok = true;
  for (int64_t i = 0; i < n && ok; i++)
    ok = fn(std_const_float(&ca, i), std_const_float(&cb, i), k, &out[i], ud);
  const IrAttr *r = ok ? std_const_make_floats(ctx, rtype, out, n) : NULL;
  free(out);
  return r;
}

/* ---- materializer ---------------------------------------------------------------------- */

/* arith::ArithDialect::materializeConstant: arith.constant for an integer,
 * float or elements value of the requested type, built by its registered
 * name (this layer sits below the arith dialect). */
IrOp *std_materialize_constant(RwRewriter *rw, const IrAttr *value, const IrType *type,
                               const IrLoc *loc) {
  if (!value) return NULL;
  const IrType *vt = ir_attr_is(value, &ir_bool_attr_def)
                         ? ir_integer_type(rw->ctx, 1, IR_SIGNLESS)
                         : value->type;
  if (vt != type) return NULL;
  if (!ir_attr_is(value, &ir_bool_attr_def) && !ir_attr_is(value, &ir_integer_attr_def) &&
      !ir_attr_is(value, &ir_float_attr_def) && !ir_attr_is(value, &ir_dense_elements_attr_def))
    return NULL;
  IrNamedAttr v = {ir_identz(rw->ctx, "value"), value};
  const IrAttr *props = ir_dict_attr(rw->ctx, &v, 1, NULL);
  return rw_build_named_op(rw, "arith.constant", loc, NULL, 0, &type, 1, props, NULL);
}
