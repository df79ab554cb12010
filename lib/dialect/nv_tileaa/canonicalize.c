/* canonicalize.c — nv_tileaa canonicalization (seed 001 "Canonicalization
 * Surface"): the dialect's folds and rewrite patterns, registered through the
 * dialect's `fold` and `canonicalize` hooks so that `--canonicalize` (the
 * greedy driver of lib/rewrite) applies them together with every other fold —
 * shape and memory folds live in one pattern set, since a shape fold often
 * exposes a memory fold on the next iteration.
 *
 * Rewrites (name: safety condition, checked exactly):
 *   fold_constant_dot       A or B a zero tile -> C; A, B, C all constant ->
 *                           a constant, accumulated in C's element type
 *   fuse_addptr_chain       addptr(addptr(p, a), b) -> addptr(p, a + b): same
 *                           address space and pointee (element units), offsets
 *                           of one shape, normalized to one 64-bit type (index
 *                           if either is index, else i64) before adding
 *   push_assume_through_splat  assume(splat x) -> splat(assume x): every
 *                           predicate elementwise (div_by without every/along,
 *                           bounded; never same_elements)
 *   push_select_through_splat  splat(select(c, t, f)) -> select(splat c,
 *                           splat t, splat f): the three splats have the
 *                           original result shape (c, t, f scalars)
 *   canonicalize_masked_load   constant mask: true -> unmasked; false -> the
 *                           `other` operand (exact result type required), the
 *                           incoming token replaces the token result
 *   canonicalize_masked_store  true -> unmasked; false -> erased, token users
 *                           get the incoming token
 *   fold_expand_dims_of_splat / fold_view_chain / fold_broadcast_of_splat
 *                           the rebuilt op has exactly the original result type
 *   hoist_extract_through_elementwise  extract(ew(a, b), i) -> ew(extract a,
 *                           extract b): ew is an nv_tileaa elementwise op whose
 *                           operands all have the result's shape (lanes map
 *                           one-to-one) and whose result has no other use;
 *                           and through a matching expand_dims: the size-one
 *                           axis indexed by the constant 0 (dropped), or lying
 *                           after the indices (the extract moves first)
 *   prune_queue_get_results    queue positions no queue.get uses leave the
 *                           queue type and every put and get (any number; the
 *                           queue must not escape), order kept; a queue region
 *                           (execute ending in queue.yield) drops unused
 *                           results and its queue.yield yields the survivors
 *   prune_pragma_results    unused pragma results dropped, its yield updated,
 *                           order kept (the directives belong to the region)
 *   fold_atomic_cas         equal constant compare and replacement -> an atomic
 *                           load with the same ordering and scope
 *   fold_atomic_rmw         identity operand (0 for add/or/xor/umax, all-ones
 *                           for and/umin, -0.0 for addf, min/max extremes;
 *                           never xchg) -> atomic load, token preserved
 * Memory rewrites never drop a token edge: the replacing op takes the same
 * incoming token and its token result replaces the old one.  Ops with
 * acquire/release semantics are never erased (the ordering is an effect), and
 * atomics are only weakened to loads when their ordering is a legal load
 * ordering (weak/relaxed/acquire).
 *
 * The arith ops these rewrites make (constants, index_cast / extsi, addi,
 * select) are made through the registry, never through arith's header (no
 * dialect includes another, docs/architecture.md): constants through the
 * arith dialect's materialize_constant hook (rw_materialize_constant with
 * an arith op name), the other ops by their registered names
 * (rw_build_named_op, rw_op_is_named).  Without arith registered they do
 * not apply. */
#include "dialect/nv_tileaa/aa.h"
#include "rewrite/rewrite.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ----------------------------------------------------------------------- */

static IrOp *def_of(IrValue *v, AaOpIndex i) {
  return v && v->def && aa_op_is(v->def, i) ? v->def : NULL;
}

/* Segment sizes and starts of a segmented op (quietly; false if malformed). */
static bool segs(IrOp *op, int32_t *sz, uint32_t *st) {
  const AaOpDesc *d = aa_desc(op->info);
  return aa_segments(op, d->nseg, sz, st, true);
}
static uint32_t seg_total(const int32_t *sz, int n) {
  uint32_t t = 0;
  for (int i = 0; i < n; i++) t += (uint32_t)sz[i];
  return t;
}

/* The incoming token of a memory op (NULL if none). */
static IrValue *token_in(IrOp *op, uint32_t total) {
  return op->noperands > total ? ir_op_operand(op, total) : NULL;
}
/* The token result of a memory op (NULL if none). */
static IrValue *token_out(IrOp *op) {
  if (!op->nresults) return NULL;
  IrValue *r = ir_op_result(op, op->nresults - 1);
  return aa_is_token(r->type) ? r : NULL;
}

static int mem_semantic(IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "mem_semantic");
  return a ? aa_enum_value(a, &aa_enum_mem_semantic) : AA_SEM_WEAK;
}

/* Raw little-endian integer at p of `size` bytes, sign- or zero-extended. */
static int64_t read_int(const uint8_t *p, size_t size, bool sext) {
  uint64_t v = 0;
  for (size_t i = 0; i < size; i++) v |= (uint64_t)p[i] << (8 * i);
  if (size < 8) {
    uint64_t m = (uint64_t)1 << (8 * size - 1);
    if (sext && (v & m)) v |= ~(((uint64_t)1 << (8 * size)) - 1);
  }
  return (int64_t)v;
}

/* Element i of a constant (scalar integer/float/bool attribute or dense
 * elements attribute) as raw bits of `size` bytes; false if unsupported. */
typedef struct Const {
  const IrAttr *a;
  const IrType *elem;
  size_t esize;
  size_t n;       /* element count (1 for scalars and splats) */
  bool splat;
} Const;

/* A constant-like view of v: an arith.constant, or a splat of one.  The
 * element count is that of v's type. */
static bool const_of(IrValue *v, Const *c) {
  memset(c, 0, sizeof *c);
  IrOp *sp = def_of(v, AA_OP_splat);
  const IrAttr *a = rw_value_constant(sp ? ir_op_operand(sp, 0) : v);
  if (!a) return false;
  c->a = a;
  if (ir_attr_is(a, &ir_dense_elements_attr_def)) {
    c->elem = ir_type_elem_or_self(a->type);
    c->esize = c->elem ? ir_dense_elem_size(c->elem) : 0;
    if (!c->esize) return false;
    c->splat = (a->flags & 1) || sp;
    c->n = a->ndata / c->esize;
    return c->n >= 1;
  }
  if (ir_attr_is(a, &ir_integer_attr_def) || ir_attr_is(a, &ir_float_attr_def) ||
      ir_attr_is(a, &ir_bool_attr_def)) {
    c->elem = a->type;
    c->n = 1;
    c->splat = true;
    return true;
  }
  return false;
}

static bool const_is_float(const Const *c) { return c->elem && ir_type_is_float(c->elem); }
static bool is_f32_or_f64(const IrType *t) {
  return ir_type_is_float(t) && (ir_float_kind(t) == IR_F32 || ir_float_kind(t) == IR_F64);
}
static unsigned int_width(const IrType *t) {
  return ir_type_is_integer(t) ? ir_integer_width(t) : 64; /* index: 64 */
}

/* Element i as an integer (sign-extended unless zext) / as a double. */
static int64_t const_int(const Const *c, size_t i, bool zext) {
  const IrAttr *a = c->a;
  if (!ir_attr_is(a, &ir_dense_elements_attr_def)) return a->ints[0];
  size_t k = c->n == 1 ? 0 : i;
  return read_int(a->data + k * c->esize, c->esize, !zext);
}
static double const_float(const Const *c, size_t i) {
  const IrAttr *a = c->a;
  if (!ir_attr_is(a, &ir_dense_elements_attr_def)) return a->f;
  size_t k = c->n == 1 ? 0 : i;
  if (c->esize == 4) {
    float f;
    memcpy(&f, a->data + k * 4, 4);
    return f;
  }
  double d;
  memcpy(&d, a->data + k * 8, 8);
  return d;
}
/* Float elements are readable only as f32/f64 storage. */
static bool const_float_ok(const Const *c) {
  if (!const_is_float(c)) return false;
  if (!ir_attr_is(c->a, &ir_dense_elements_attr_def)) return true; /* held as a double */
  return is_f32_or_f64(c->elem);
}

/* Whether every element of constant c equals the integer/bit pattern `bits`
 * (integers, compared in the element width). */
static bool const_all_int(const Const *c, int64_t bits) {
  if (const_is_float(c)) return false;
  unsigned w = int_width(c->elem);
  uint64_t m = w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
  size_t n = c->splat ? 1 : c->n;
  for (size_t i = 0; i < n; i++)
    if (((uint64_t)const_int(c, i, false) & m) != ((uint64_t)bits & m)) return false;
  return true;
}

/* Whether every element of a float constant has exactly the bits of `d`
 * (so +0.0 and -0.0 differ). */
static bool const_all_float(const Const *c, double d) {
  if (!const_float_ok(c)) return false;
  size_t n = c->splat ? 1 : c->n;
  for (size_t i = 0; i < n; i++) {
    double x = const_float(c, i);
    if (x != d || signbit(x) != signbit(d)) return false;
  }
  return true;
}

/* A constant i1 mask: 1 all true, 0 all false, -1 unknown or mixed. */
static int mask_value(IrValue *m) {
  Const c;
  if (!const_of(m, &c) || const_is_float(&c)) return -1;
  size_t n = c.splat ? 1 : c.n;
  int v = (int)(const_int(&c, 0, true) & 1);
  for (size_t i = 1; i < n; i++)
    if ((int)(const_int(&c, i, true) & 1) != v) return -1;
  return v;
}

/* Props of `op` with operandSegmentSizes replaced by sz[0..n). */
static const IrAttr *props_with_segs(IrOp *op, const int32_t *sz, size_t n) {
  IrContext *ctx = ir_op_context(op);
  return ir_dict_set(ctx, op->props ? op->props : ir_empty_dict(ctx),
                     ir_identz(ctx, "operandSegmentSizes"), aa_segment_attr(ctx, sz, n));
}

/* Result types of op as an array (caller frees). */
static const IrType **result_types(IrOp *op) {
  const IrType **t = xcalloc(op->nresults ? op->nresults : 1, sizeof *t);
  for (uint32_t i = 0; i < op->nresults; i++) t[i] = ir_op_result(op, i)->type;
  return t;
}

static IrValue *build1(RwRewriter *rw, const IrOpInfo *info, IrOp *at, IrValue *const *ops,
                       size_t nops, const IrType *rt, const IrAttr *props,
                       const IrAttr *attrs) {
  IrOp *n = rw_build_op(rw, info, ir_op_loc(at), ops, nops, &rt, 1, props, attrs);
  return n ? ir_op_result(n, 0) : NULL;
}

/* The arith op `name` (e.g. "arith.addi") with one result of type rt at the
 * insertion point, built by its registered name; its result, or NULL. */
static IrValue *arith1(RwRewriter *rw, const char *name, IrOp *at, IrValue *const *ops,
                       size_t nops, const IrType *rt) {
  IrOp *n = rw_build_named_op(rw, name, ir_op_loc(at), ops, nops, &rt, 1, NULL, NULL);
  return n ? ir_op_result(n, 0) : NULL;
}

/* ---- 1. fold_constant_dot ------------------------------------------------------------ */

static bool is_zero_tile(IrValue *v) {
  Const c;
  if (!const_of(v, &c)) return false;
  if (const_is_float(&c)) return const_all_float(&c, 0.0) || const_all_float(&c, -0.0);
  return const_all_int(&c, 0);
}

/* Rounds x to the storage of a float element type (f32 or f64). */
static double round_to(const IrType *t, double x) {
  return ir_float_kind(t) == IR_F32 ? (double)(float)x : x;
}

/* All three operands constant: computes D = A*B + C in C's element type. */
static bool dot_fold_constants(IrOp *op, RwRewriter *rw) {
  Const a, b, c;
  IrValue *va = ir_op_operand(op, 0), *vb = ir_op_operand(op, 1), *vc = ir_op_operand(op, 2);
  if (!const_of(va, &a) || !const_of(vb, &b) || !const_of(vc, &c)) return false;
  const IrType *rt = ir_op_result(op, 0)->type;
  if (aa_rank(va->type) != 2 || aa_rank(vb->type) != 2 || aa_rank(rt) != 2) return false;
  int64_t M = aa_shape(va->type)[0], K = aa_shape(va->type)[1], N = aa_shape(vb->type)[1];
  if (M * N > 65536 || M * N * K > (1 << 22)) return false; /* bounded work */
  const IrType *ce = aa_elem(rt);
  size_t es = ir_dense_elem_size(ce);
  bool fl = ir_type_is_float(ce);
  if (!es || (fl && !is_f32_or_f64(ce)))
    return false;
  if (fl && (!const_float_ok(&a) || !const_float_ok(&b) || !const_float_ok(&c))) return false;
  if (!fl && (const_is_float(&a) || const_is_float(&b) || const_is_float(&c))) return false;
  const IrAttr *sa = ir_op_attrz(op, "signedness_a"), *sb = ir_op_attrz(op, "signedness_b");
  bool ua = sa && aa_enum_value(sa, &aa_enum_signedness) == 1;
  bool ub = sb && aa_enum_value(sb, &aa_enum_signedness) == 1;
  uint8_t *out = xcalloc((size_t)(M * N), es);
  for (int64_t m = 0; m < M; m++)
    for (int64_t n = 0; n < N; n++) {
      size_t ci = (size_t)(m * N + n);
      if (fl) {
        double acc = const_float(&c, ci);
        for (int64_t k = 0; k < K; k++) {
          double p = round_to(ce, const_float(&a, (size_t)(m * K + k)) *
                                      const_float(&b, (size_t)(k * N + n)));
          acc = round_to(ce, acc + p);
        }
        if (es == 4) {
          float f = (float)acc;
          memcpy(out + ci * 4, &f, 4);
        } else {
          memcpy(out + ci * 8, &acc, 8);
        }
      } else {
        uint64_t acc = (uint64_t)const_int(&c, ci, false);
        for (int64_t k = 0; k < K; k++)
          acc += (uint64_t)const_int(&a, (size_t)(m * K + k), ua) *
                 (uint64_t)const_int(&b, (size_t)(k * N + n), ub);
        for (size_t i = 0; i < es; i++) out[ci * es + i] = (uint8_t)(acc >> (8 * i));
      }
    }
  const IrAttr *val = ir_dense_elements(rw_context(rw), rt, out, (size_t)(M * N) * es, false);
  free(out);
  IrOp *k = rw_materialize_constant(rw, "arith.constant", val, rt, ir_op_loc(op));
  if (!k) return false;
  IrValue *v = ir_op_result(k, 0);
  rw_replace_op(rw, op, &v);
  return true;
}

static bool fold_constant_dot(IrOp *op, RwRewriter *rw) {
  int32_t sz[5];
  uint32_t st[5];
  if (!segs(op, sz, st) || sz[0] != 1 || sz[1] != 1 || sz[2] != 1 || sz[3] || sz[4])
    return false; /* block-scaled dots have scale operands: never folded */
  IrValue *vc = ir_op_operand(op, 2);
  if (vc->type != ir_op_result(op, 0)->type) return false;
  if (is_zero_tile(ir_op_operand(op, 0)) || is_zero_tile(ir_op_operand(op, 1))) {
    rw_replace_op(rw, op, &vc);
    return true;
  }
  return dot_fold_constants(op, rw);
}

/* ---- 2. fuse_addptr_chain -------------------------------------------------------------- */

/* Offset v converted to the common offset type `wide` (index_cast to index,
 * extsi to i64; element units are unchanged: both offsets count elements of
 * the same pointee). */
static IrValue *widen_offset(RwRewriter *rw, IrOp *at, IrValue *v, const IrType *wide) {
  if (v->type == wide) return v;
  const char *k = ir_type_is_index(ir_type_elem_or_self(wide)) ? "arith.index_cast"
                                                               : "arith.extsi";
  return arith1(rw, k, at, &v, 1, wide);
}

static bool fuse_addptr_chain(IrOp *op, RwRewriter *rw) {
  IrOp *inner = def_of(ir_op_operand(op, 0), AA_OP_addptr);
  if (!inner) return false;
  const IrType *ri = ir_op_result(inner, 0)->type, *ro = ir_op_result(op, 0)->type;
  if (!aa_is_ptr(aa_elem(ri)) || !aa_is_ptr(aa_elem(ro))) return false;
  if (aa_ptr_space(aa_elem(ri)) != aa_ptr_space(aa_elem(ro)) ||
      aa_ptr_pointee(aa_elem(ri)) != aa_ptr_pointee(aa_elem(ro)))
    return rw_notify_match_failure(rw, op, "different address space or element units");
  IrValue *a = ir_op_operand(inner, 1), *b = ir_op_operand(op, 1);
  IrValue *p = ir_op_operand(inner, 0);
  /* Both offsets must have one shape, and the fused addptr must keep the
   * outer result type with base p. */
  size_t r = aa_rank(a->type);
  if (aa_rank(b->type) != r) return false;
  for (size_t i = 0; i < r; i++)
    if (aa_shape(a->type)[i] != aa_shape(b->type)[i]) return false;
  if (p->type != ri && aa_rank(p->type) != 0) return false;
  if (aa_rank(p->type) == 0 && aa_rank(ro) != r) return false;
  /* Normalize: both offsets to one 64-bit element-unit integer type. */
  IrContext *ctx = rw_context(rw);
  const IrType *ea = aa_elem(a->type), *eb = aa_elem(b->type);
  const IrType *we = ea == eb && (ir_type_is_index(ea) || int_width(ea) == 64) ? ea
                     : ir_type_is_index(ea) || ir_type_is_index(eb)
                         ? ir_index_type(ctx)
                         : ir_integer_type(ctx, 64, IR_SIGNLESS);
  const IrType *wt = r ? aa_tile_type(ctx, aa_shape(a->type), r, we) : we;
  rw_set_insertion_point_before(rw, op);
  IrValue *wa = widen_offset(rw, op, a, wt), *wb = widen_offset(rw, op, b, wt);
  if (!wa || !wb) return false;
  IrValue *wab[2] = {wa, wb};
  IrValue *sum = arith1(rw, "arith.addi", op, wab, 2, wa->type);
  if (!sum) return false;
  IrValue *ops[2] = {p, sum};
  IrValue *v = build1(rw, op->info, op, ops, 2, ro, op->props, op->attrs);
  if (!v) return false;
  rw_replace_op(rw, op, &v);
  return true;
}

/* ---- 3. push_assume_through_splat ------------------------------------------------------- */

/* Elementwise, lane-independent predicates: bounded, and div_by without an
 * `every`/`along` lane structure. */
static bool predicates_elementwise(IrOp *op) {
  const IrAttr *preds = ir_op_attrz(op, "predicates");
  if (!preds || !ir_attr_is(preds, &ir_array_attr_def)) return false;
  for (uint32_t i = 0; i < preds->nelems; i++) {
    const IrAttr *p = preds->elems[i];
    if (ir_attr_is(p, &aa_bounded_attr_def)) continue;
    if (ir_attr_is(p, &aa_div_by_attr_def) && (p->flags & 3) == 0) continue;
    return false;
  }
  return true;
}

static bool push_assume_through_splat(IrOp *op, RwRewriter *rw) {
  IrOp *sp = def_of(ir_op_operand(op, 0), AA_OP_splat);
  if (!sp) return false;
  if (!predicates_elementwise(op))
    return rw_notify_match_failure(rw, op, "a predicate is not elementwise");
  IrValue *x = ir_op_operand(sp, 0);
  rw_set_insertion_point_before(rw, op);
  IrValue *ax = build1(rw, op->info, op, &x, 1, x->type, op->props, op->attrs);
  if (!ax) return false;
  IrValue *v = build1(rw, sp->info, op, &ax, 1, ir_op_result(op, 0)->type, sp->props, sp->attrs);
  if (!v) return false;
  rw_replace_op(rw, op, &v);
  return true;
}

/* ---- 4. push_select_through_splat ---------------------------------------------------------- */

static bool push_select_through_splat(IrOp *op, RwRewriter *rw) {
  IrValue *s = ir_op_operand(op, 0);
  if (!rw_op_is_named(s->def, "arith.select")) return false;
  IrOp *sel = s->def;
  const IrType *rt = ir_op_result(op, 0)->type;
  if (!aa_is_tile(rt)) return false;
  IrValue *c = ir_op_operand(sel, 0), *t = ir_op_operand(sel, 1), *f = ir_op_operand(sel, 2);
  if (aa_rank(c->type) || aa_rank(t->type) || aa_rank(f->type))
    return rw_notify_match_failure(rw, op, "select operands are not scalars");
  IrContext *ctx = rw_context(rw);
  const IrType *ct = aa_tile_type(ctx, aa_shape(rt), aa_rank(rt), c->type);
  /* all three splats have the original result shape */
  if (aa_tile_type(ctx, aa_shape(rt), aa_rank(rt), t->type) != rt ||
      aa_tile_type(ctx, aa_shape(rt), aa_rank(rt), f->type) != rt)
    return false;
  rw_set_insertion_point_before(rw, op);
  IrValue *sc = build1(rw, op->info, op, &c, 1, ct, op->props, op->attrs);
  IrValue *st = build1(rw, op->info, op, &t, 1, rt, op->props, op->attrs);
  IrValue *sf = build1(rw, op->info, op, &f, 1, rt, op->props, op->attrs);
  if (!sc || !st || !sf) return false;
  IrValue *sel_ops[3] = {sc, st, sf};
  IrValue *v = arith1(rw, "arith.select", op, sel_ops, 3, st->type);
  if (!v) return false;
  rw_replace_op(rw, op, &v);
  return true;
}

/* Rebuilds the masked load/store `op` without its mask: its first `keep`
 * operands, then the incoming token tin (if any), with segment sizes ns;
 * the new op's results replace op's. */
static bool rebuild_unmasked(RwRewriter *rw, IrOp *op, uint32_t keep, IrValue *tin,
                             const int32_t ns[4]) {
  IrValue **ops = xcalloc(keep + 1, sizeof *ops);
  size_t n = 0;
  for (uint32_t i = 0; i < keep; i++) ops[n++] = ir_op_operand(op, i);
  if (tin) ops[n++] = tin;
  const IrType **rts = result_types(op);
  rw_set_insertion_point_before(rw, op);
  IrOp *nop = rw_build_op(rw, op->info, ir_op_loc(op), ops, n, rts, op->nresults,
                          props_with_segs(op, ns, 4), op->attrs);
  free(ops);
  free(rts);
  if (!nop) return false;
  IrValue **vals = xcalloc(op->nresults + 1, sizeof *vals);
  for (unsigned i = 0; i < op->nresults; i++) vals[i] = ir_op_result(nop, i);
  rw_replace_op(rw, op, vals);
  free(vals);
  return true;
}

/* ---- 5. canonicalize_masked_load ------------------------------------------------------------ */

static bool canonicalize_masked_load(IrOp *op, RwRewriter *rw) {
  int32_t sz[4];
  uint32_t st[4];
  if (!segs(op, sz, st) || sz[2] != 1) return false;
  int m = mask_value(ir_op_operand(op, st[2]));
  if (m < 0) return false;
  uint32_t total = seg_total(sz, 4);
  IrValue *tin = token_in(op, total), *tout = token_out(op);
  if (m == 1) {
    /* unmasked load: base, indices, token; `other` is dead */
    int32_t ns[4] = {sz[0], sz[1], 0, 0};
    return rebuild_unmasked(rw, op, (uint32_t)(sz[0] + sz[1]), tin, ns);
  }
  /* constant false: no read happens; the fallback must have the exact type */
  if (sz[3] != 1) return rw_notify_match_failure(rw, op, "no fallback value");
  IrValue *other = ir_op_operand(op, st[3]);
  if (other->type != ir_op_result(op, 0)->type)
    return rw_notify_match_failure(rw, op, "fallback type differs from the result type");
  if (mem_semantic(op) != AA_SEM_WEAK)
    return rw_notify_match_failure(rw, op, "ordered load is an effect");
  if (tout && !tin) return false;
  IrValue *vals[2] = {other, tout ? tin : NULL};
  rw_replace_op(rw, op, vals);
  return true;
}

/* ---- 6. canonicalize_masked_store ----------------------------------------------------------- */

static bool canonicalize_masked_store(IrOp *op, RwRewriter *rw) {
  int32_t sz[4];
  uint32_t st[4];
  if (!segs(op, sz, st) || sz[3] != 1) return false;
  int m = mask_value(ir_op_operand(op, st[3]));
  if (m < 0) return false;
  uint32_t total = seg_total(sz, 4);
  IrValue *tin = token_in(op, total), *tout = token_out(op);
  if (m == 1) {
    int32_t ns[4] = {sz[0], sz[1], sz[2], 0};
    return rebuild_unmasked(rw, op, (uint32_t)(sz[0] + sz[1] + sz[2]), tin, ns);
  }
  /* constant false: the write is the store's only effect */
  if (mem_semantic(op) != AA_SEM_WEAK)
    return rw_notify_match_failure(rw, op, "ordered store is an effect");
  if (tout && !tin) return false;
  IrValue *val = tout ? tin : NULL;
  rw_replace_op(rw, op, &val);
  return true;
}

/* ---- 7-9. shape wrappers ---------------------------------------------------------------------- */

/* op(splat x) -> splat x with op's exact result type. */
static bool fold_wrapper_of_splat(IrOp *op, RwRewriter *rw) {
  IrOp *sp = def_of(ir_op_operand(op, 0), AA_OP_splat);
  if (!sp) return false;
  const IrType *rt = ir_op_result(op, 0)->type;
  if (!aa_is_tile(rt) || aa_elem(rt) != aa_elem(ir_op_result(sp, 0)->type)) return false;
  IrValue *x = ir_op_operand(sp, 0);
  rw_set_insertion_point_before(rw, op);
  IrValue *v = build1(rw, sp->info, op, &x, 1, rt, sp->props, sp->attrs);
  if (!v) return false;
  rw_replace_op(rw, op, &v);
  return true;
}

static bool fold_expand_dims_of_splat(IrOp *op, RwRewriter *rw) {
  return fold_wrapper_of_splat(op, rw);
}
static bool fold_broadcast_of_splat(IrOp *op, RwRewriter *rw) {
  return fold_wrapper_of_splat(op, rw);
}

/* view(view x) -> view x (or x itself when its type is the result type);
 * view(splat x) -> splat x. */
static bool fold_view_chain(IrOp *op, RwRewriter *rw) {
  if (fold_wrapper_of_splat(op, rw)) return true;
  IrOp *inner = def_of(ir_op_operand(op, 0), AA_OP_view);
  if (!inner) return false;
  IrValue *x = ir_op_operand(inner, 0);
  const IrType *rt = ir_op_result(op, 0)->type;
  if (x->type == rt) {
    rw_replace_op(rw, op, &x);
    return true;
  }
  rw_set_insertion_point_before(rw, op);
  IrValue *v = build1(rw, op->info, op, &x, 1, rt, op->props, op->attrs);
  if (!v) return false;
  rw_replace_op(rw, op, &v);
  return true;
}

/* ---- 10. hoist_extract_through_elementwise ----------------------------------------------------- */

/* extract(expand_dims(x, a), i_0..i_{k-1}) where `a` is the inserted
 * size-one axis.  When a < k the extract indexes that axis: its index must
 * be the constant 0 (the axis's only lane; a dynamic or other index blocks),
 * and the extract reads x at the remaining indices (x itself when k == 1).
 * When a >= k the extract moves before the expand_dims, which then inserts
 * its axis at a - k; only when the expand_dims has no other use and x keeps
 * at least one axis after the extract.  Either way each result lane is
 * exactly one lane of x (one-to-one), and the result type is op's. */
static bool hoist_extract_through_expand_dims(IrOp *op, RwRewriter *rw, IrOp *ed) {
  IrContext *ctx = rw_context(rw);
  IrValue *x = ir_op_operand(ed, 0), *src = ir_op_result(ed, 0);
  const IrAttr *ax = ir_op_attrz(ed, "axis");
  if (!ax || !ir_attr_is(ax, &ir_integer_attr_def)) return false;
  int64_t a = ax->ints[0];
  uint32_t k = op->noperands - 1;
  size_t xr = aa_rank(x->type);
  const IrType *rt = ir_op_result(op, 0)->type;
  if (a < 0 || (size_t)a > xr || !aa_is_tile(x->type)) return false;
  if ((uint32_t)a < k) {
    const IrAttr *c = rw_value_constant(ir_op_operand(op, 1 + (uint32_t)a));
    if (!c || !ir_attr_is(c, &ir_integer_attr_def) || c->ints[0] != 0)
      return rw_notify_match_failure(rw, op, "the size-one axis is not indexed by the constant 0");
    if (k == 1) {
      if (x->type != rt) return false;
      rw_replace_op(rw, op, &x);
      return true;
    }
    IrValue **xops = xcalloc(k, sizeof *xops);
    uint32_t n = 0;
    xops[n++] = x;
    for (uint32_t i = 0; i < k; i++)
      if (i != (uint32_t)a) xops[n++] = ir_op_operand(op, 1 + i);
    rw_set_insertion_point_before(rw, op);
    IrValue *v = build1(rw, op->info, op, xops, n, rt, op->props, op->attrs);
    free(xops);
    if (!v) return false;
    rw_replace_op(rw, op, &v);
    return true;
  }
  if (!src->uses || src->uses->next)
    return rw_notify_match_failure(rw, op, "expand_dims result has other uses");
  if (k >= xr) return false; /* the extract would yield a scalar: no axis to insert into */
  const IrType *et = aa_tile_type(ctx, aa_shape(x->type) + k, xr - k, aa_elem(x->type));
  IrValue **xops = xcalloc(k + 1, sizeof *xops);
  xops[0] = x;
  for (uint32_t i = 0; i < k; i++) xops[1 + i] = ir_op_operand(op, 1 + i);
  rw_set_insertion_point_before(rw, op);
  IrValue *ex = build1(rw, op->info, op, xops, k + 1, et, op->props, op->attrs);
  free(xops);
  if (!ex) return false;
  const IrAttr *attrs = ir_dict_set(ctx, ed->attrs ? ed->attrs : ir_empty_dict(ctx),
                                    ir_identz(ctx, "axis"),
                                    ir_integer_attr(ctx, ax->type, a - (int64_t)k));
  IrValue *v = build1(rw, ed->info, op, &ex, 1, rt, ed->props, attrs);
  if (!v) return false;
  rw_replace_op(rw, op, &v);
  return true;
}

static bool hoist_extract_through_elementwise(IrOp *op, RwRewriter *rw) {
  IrValue *src = ir_op_operand(op, 0);
  IrOp *ew = src->def;
  if (def_of(src, AA_OP_expand_dims)) return hoist_extract_through_expand_dims(op, rw, ew);
  if (!ew || ir_op_info_dialect(rw_context(rw), ew->info) != &aa_dialect ||
      !(ew->info->traits & IR_TRAIT_ELEMENTWISE) || ew->nresults != 1 || ew->nregions)
    return false;
  if (!src->uses || src->uses->next)
    return rw_notify_match_failure(rw, op, "elementwise result has other uses");
  const IrType *st = src->type, *rt = ir_op_result(op, 0)->type;
  IrContext *ctx = rw_context(rw);
  /* one-to-one lanes: every operand has the elementwise result's shape */
  for (uint32_t i = 0; i < ew->noperands; i++) {
    const IrType *t = ir_op_operand(ew, i)->type;
    if (!aa_is_tile(t) || aa_rank(t) != aa_rank(st) ||
        memcmp(aa_shape(t), aa_shape(st), aa_rank(st) * sizeof(int64_t)))
      return rw_notify_match_failure(rw, op, "operand lanes are not one-to-one");
  }
  rw_set_insertion_point_before(rw, op);
  IrValue **nops = xcalloc(ew->noperands, sizeof *nops);
  IrValue **xops = xcalloc(op->noperands, sizeof *xops);
  for (uint32_t k = 1; k < op->noperands; k++) xops[k] = ir_op_operand(op, k);
  bool ok = true;
  for (uint32_t i = 0; i < ew->noperands && ok; i++) {
    IrValue *a = ir_op_operand(ew, i);
    const IrType *et = aa_rank(rt) ? aa_tile_type(ctx, aa_shape(rt), aa_rank(rt), aa_elem(a->type))
                                   : aa_elem(a->type);
    xops[0] = a;
    nops[i] = build1(rw, op->info, op, xops, op->noperands, et, op->props, op->attrs);
    ok = nops[i] != NULL;
  }
  IrValue *v = ok ? build1(rw, ew->info, op, nops, ew->noperands, rt, ew->props, ew->attrs) : NULL;
  free(nops);
  free(xops);
  if (!v) return false;
  rw_replace_op(rw, op, &v);
  return true;
}

/* ---- 11-12. prune_queue_get_results, prune_pragma_results ------------------------------- */

/* The terminator of region r of op when the region is one block ending in
 * an op of kind `term` with one operand per result of op; else NULL. */
static IrOp *result_terminator(IrOp *op, unsigned r, AaOpIndex term) {
  IrRegion *rg = ir_op_region(op, r);
  if (!rg->first || rg->first != rg->last) return NULL;
  IrOp *t = ir_block_terminator(rg->first);
  return t && aa_op_is(t, term) && t->noperands == op->nresults ? t : NULL;
}

/* Seed 001's prune_region_results: region op `op` (every region a single
 * block ending in `term`, which yields the results) is rebuilt with only
 * its used results, in their order; its regions move into the new op and
 * each terminator yields only the survivors.  Operands, properties and
 * attributes are kept.  False if every result is used. */
static bool prune_region_results(IrOp *op, RwRewriter *rw, AaOpIndex term) {
  uint32_t live = 0;
  for (uint32_t i = 0; i < op->nresults; i++) live += ir_op_result(op, i)->uses != NULL;
  if (live == op->nresults) return false;
  for (unsigned r = 0; r < op->nregions; r++)
    if (!result_terminator(op, r, term)) return false;
  IrOpState st;
  ir_op_state_init(&st, rw_context(rw), op->info, ir_op_loc(op));
  for (uint32_t i = 0; i < op->noperands; i++) vec_push(&st.operands, ir_op_operand(op, i));
  for (uint32_t i = 0; i < op->nresults; i++)
    if (ir_op_result(op, i)->uses) vec_push(&st.result_types, ir_op_result(op, i)->type);
  for (uint32_t i = 0; op->props && i < op->props->nelems; i++)
    vec_push(&st.props, ((IrNamedAttr){op->props->names[i], op->props->elems[i]}));
  for (uint32_t i = 0; op->attrs && i < op->attrs->nelems; i++)
    vec_push(&st.attrs, ((IrNamedAttr){op->attrs->names[i], op->attrs->elems[i]}));
  for (unsigned r = 0; r < op->nregions; r++) ir_op_state_add_region(&st);
  rw_set_insertion_point_before(rw, op);
  IrOp *n = rw_create_op(rw, &st);
  if (!n) return false;
  IrValue **keep = xcalloc(op->nresults + 1, sizeof *keep);
  for (unsigned r = 0; r < op->nregions; r++) {
    IrOp *t = result_terminator(op, r, term);
    uint32_t k = 0;
    for (uint32_t i = 0; i < op->nresults; i++)
      if (ir_op_result(op, i)->uses) keep[k++] = ir_op_operand(t, i);
    rw_inline_region_before(rw, ir_op_region(op, r), ir_op_region(n, r), NULL);
    rw_start_modification(rw, t);
    ir_op_set_operands(t, keep, k);
    rw_finalize_modification(rw, t);
  }
  for (uint32_t i = 0, k = 0; i < op->nresults; i++)
    keep[i] = ir_op_result(op, i)->uses ? ir_op_result(n, k++) : NULL;
  rw_replace_op(rw, op, keep);
  free(keep);
  return true;
}

/* queue.get's results are the queue's value list, one position each.  A
 * position no queue.get of the queue uses is dead: it is dropped from the
 * queue type (create_queue), from every queue.put's values and from every
 * queue.get's results — any number of puts and gets — and the survivors
 * keep their order.  Only when the queue comes from a create_queue and is
 * used by nothing but the queue operand of puts and gets (a queue passed
 * to a call, an execute region or a terminator keeps its type). */
static bool prune_queue_positions(IrOp *op, RwRewriter *rw) {
  IrValue *q = ir_op_operand(op, 0);
  IrOp *cq = def_of(q, AA_OP_create_queue);
  if (!cq) return rw_notify_match_failure(rw, op, "queue not created by create_queue");
  const IrType *qt = q->type;
  uint32_t n = qt->ntypes;
  VEC(IrOp *) users = {0};
  bool ok = true;
  for (IrUse *u = q->uses; u && ok; u = u->next) {
    IrOp *o = u->owner;
    ok = (aa_op_is(o, AA_OP_queue_get) || aa_op_is(o, AA_OP_queue_put)) &&
         ir_op_operand(o, 0) == q;
    for (uint32_t i = 1; ok && i < o->noperands; i++) ok = ir_op_operand(o, i) != q;
    if (ok) {
      bool seen = false;
      for (size_t k = 0; k < users.len; k++) seen |= users.data[k] == o;
      if (!seen) vec_push(&users, o);
    }
  }
  bool *live = xcalloc(n + 1, sizeof *live);
  uint32_t nlive = 0;
  for (size_t k = 0; ok && k < users.len; k++) {
    IrOp *o = users.data[k];
    if (aa_op_is(o, AA_OP_queue_get) && o->nresults != n) ok = false;
    if (aa_op_is(o, AA_OP_queue_put) && o->noperands != n + 1) ok = false;
    for (uint32_t i = 0; ok && aa_op_is(o, AA_OP_queue_get) && i < n; i++)
      live[i] |= ir_op_result(o, i)->uses != NULL;
  }
  for (uint32_t i = 0; i < n; i++) nlive += live[i];
  if (!ok || nlive == n) {
    free(live);
    vec_free(&users);
    return ok ? false : rw_notify_match_failure(rw, op, "queue used by other ops");
  }
  IrContext *ctx = rw_context(rw);
  const IrType **nt = xcalloc(n + 1, sizeof *nt);
  for (uint32_t i = 0, k = 0; i < n; i++)
    if (live[i]) nt[k++] = qt->types[i];
  rw_set_insertion_point_before(rw, cq);
  IrValue *nq = build1(rw, cq->info, cq, NULL, 0, aa_queue_type(ctx, nt, nlive, qt->flags != 0),
                       cq->props, cq->attrs);
  IrValue **vals = xcalloc(n + 2, sizeof *vals);
  for (size_t k = 0; nq && k < users.len; k++) {
    IrOp *o = users.data[k];
    rw_set_insertion_point_before(rw, o);
    if (aa_op_is(o, AA_OP_queue_put)) {
      uint32_t m = 0;
      vals[m++] = nq;
      for (uint32_t i = 0; i < n; i++)
        if (live[i]) vals[m++] = ir_op_operand(o, 1 + i);
      if (rw_build_op(rw, o->info, ir_op_loc(o), vals, m, NULL, 0, o->props, o->attrs))
        rw_erase_op(rw, o);
      continue;
    }
    IrOp *ng = rw_build_op(rw, o->info, ir_op_loc(o), &nq, 1, nt, nlive, o->props, o->attrs);
    if (!ng) continue;
    for (uint32_t i = 0, m = 0; i < n; i++) vals[i] = live[i] ? ir_op_result(ng, m++) : NULL;
    rw_replace_op(rw, o, vals);
  }
  if (nq && !q->uses) rw_erase_op(rw, cq);
  free(vals);
  free(nt);
  free(live);
  vec_free(&users);
  return nq != NULL;
}

/* Whether op carries an attribute that describes its results one by one
 * (an output layout list, result attributes): pruning would desync it. */
static bool has_per_result_attr(IrOp *op) {
  const IrAttr *d[2] = {op->props, op->attrs};
  for (int k = 0; k < 2; k++)
    for (uint32_t i = 0; d[k] && i < d[k]->nelems; i++) {
      const char *n = d[k]->names[i]->str;
      if (strstr(n, "output") || !strncmp(n, "res_", 4)) return true;
    }
  return false;
}

static bool prune_queue_get_results(IrOp *op, RwRewriter *rw) {
  if (aa_op_is(op, AA_OP_queue_get)) return prune_queue_positions(op, rw);
  /* a queue region: an execute whose region ends in queue.yield */
  if (ir_op_attrz(op, "callee") || has_per_result_attr(op))
    return rw_notify_match_failure(rw, op, "execute results tied to a callee or attributes");
  return prune_region_results(op, rw, AA_OP_queue_yield);
}

/* pragma: a region op whose terminator (nv_tileaa.yield) yields its
 * results; the directives (ocgEnterDirectives / ocgLeaveDirectives) apply
 * to the region, never to a particular result, so unused results go. */
static bool prune_pragma_results(IrOp *op, RwRewriter *rw) {
  return prune_region_results(op, rw, AA_OP_yield);
}

/* ---- 13-14. atomics ---------------------------------------------------------------------------- */

/* Replaces atomic `op` (data result 0, optional token result) by a load of
 * base[indices] with op's ordering and scope, the same incoming token and a
 * token result in the same position. */
static bool replace_with_atomic_load(IrOp *op, RwRewriter *rw, uint32_t base_n,
                                     uint32_t idx_start, uint32_t idx_n, uint32_t total) {
  int sem = mem_semantic(op);
  if (sem == AA_SEM_RELEASE || sem == AA_SEM_ACQ_REL)
    return rw_notify_match_failure(rw, op, "release ordering has no load form");
  IrContext *ctx = rw_context(rw);
  IrValue *tin = token_in(op, total);
  IrValue **ops = xcalloc(op->noperands, sizeof *ops);
  size_t n = 0;
  for (uint32_t i = 0; i < base_n; i++) ops[n++] = ir_op_operand(op, i);
  for (uint32_t i = 0; i < idx_n; i++) ops[n++] = ir_op_operand(op, idx_start + i);
  if (tin) ops[n++] = tin;
  int32_t ns[4] = {(int32_t)base_n, (int32_t)idx_n, 0, 0};
  const IrAttr *props = aa_segment_attr(ctx, ns, 4);
  IrNamedAttr e[3];
  size_t ne = 0;
  const IrAttr *sc = ir_op_attrz(op, "mem_scope"), *sm = ir_op_attrz(op, "mem_semantic");
  if (sc) e[ne++] = (IrNamedAttr){ir_identz(ctx, "mem_scope"), sc};
  if (sm) e[ne++] = (IrNamedAttr){ir_identz(ctx, "mem_semantic"), sm};
  e[ne++] = (IrNamedAttr){ir_identz(ctx, "operandSegmentSizes"), props};
  const IrAttr *dict = ir_dict_attr(ctx, e, ne, false);
  const IrType **rts = result_types(op);
  rw_set_insertion_point_before(rw, op);
  IrOp *ld = rw_build_op(rw, aa_op(load), ir_op_loc(op), ops, n, rts, op->nresults, dict, NULL);
  free(ops);
  free(rts);
  if (!ld) return false;
  IrValue *vals[2] = {ir_op_result(ld, 0), op->nresults > 1 ? ir_op_result(ld, 1) : NULL};
  rw_replace_op(rw, op, vals);
  return true;
}

static bool fold_atomic_cas(IrOp *op, RwRewriter *rw) {
  int32_t sz[5];
  uint32_t st[5];
  if (!segs(op, sz, st) || sz[1] != 1 || sz[2] != 1) return false;
  if (sz[4]) return rw_notify_match_failure(rw, op, "masked atomic");
  Const c, r;
  if (!const_of(ir_op_operand(op, st[1]), &c) || !const_of(ir_op_operand(op, st[2]), &r))
    return false;
  /* bitwise-equal constants (one attribute: attributes are uniqued) */
  if (c.a != r.a) return false;
  return replace_with_atomic_load(op, rw, (uint32_t)sz[0], st[3], (uint32_t)sz[3],
                                  seg_total(sz, 5));
}

enum { RMW_ADD, RMW_AND, RMW_OR, RMW_XOR, RMW_XCHG, RMW_MIN, RMW_MAX, RMW_UMIN, RMW_UMAX, RMW_ADDF };

/* Whether constant c is a true identity of rmw `mode` for its element type. */
static bool rmw_identity(int mode, const Const *c) {
  if (mode == RMW_ADDF) return const_all_float(c, -0.0);
  if (const_is_float(c)) return false;
  unsigned w = int_width(c->elem);
  int64_t smax = w >= 64 ? INT64_MAX : (int64_t)(((uint64_t)1 << (w - 1)) - 1);
  switch (mode) {
    case RMW_ADD: case RMW_OR: case RMW_XOR: case RMW_UMAX: return const_all_int(c, 0);
    case RMW_AND: case RMW_UMIN: return const_all_int(c, -1);
    case RMW_MIN: return const_all_int(c, smax);
    case RMW_MAX: return const_all_int(c, -smax - 1);
    default: return false; /* xchg: never without a proof of the stored value */
  }
}

static bool fold_atomic_rmw(IrOp *op, RwRewriter *rw) {
  int32_t sz[4];
  uint32_t st[4];
  if (!segs(op, sz, st) || sz[1] != 1) return false;
  if (sz[3]) return rw_notify_match_failure(rw, op, "masked atomic");
  int mode = aa_enum_value(ir_op_attrz(op, "rmw_mode"), &aa_enum_rmw_mode);
  Const c;
  if (mode < 0 || !const_of(ir_op_operand(op, st[1]), &c) || !rmw_identity(mode, &c))
    return false;
  return replace_with_atomic_load(op, rw, (uint32_t)sz[0], st[2], (uint32_t)sz[2],
                                  seg_total(sz, 4));
}

/* ---- registration -------------------------------------------------------------------------------- */

void aa_add_canonicalization_patterns(RwPatternSet *set, IrContext *ctx) {
  (void)ctx;
  rw_pattern_add(set, "nv_tileaa.dot", 1, fold_constant_dot, "fold_constant_dot");
  rw_pattern_add(set, "nv_tileaa.addptr", 1, fuse_addptr_chain, "fuse_addptr_chain");
  rw_pattern_add(set, "nv_tileaa.assume", 1, push_assume_through_splat,
                 "push_assume_through_splat");
  rw_pattern_add(set, "nv_tileaa.splat", 1, push_select_through_splat,
                 "push_select_through_splat");
  rw_pattern_add(set, "nv_tileaa.load", 1, canonicalize_masked_load, "canonicalize_masked_load");
  rw_pattern_add(set, "nv_tileaa.store", 1, canonicalize_masked_store,
                 "canonicalize_masked_store");
  rw_pattern_add(set, "nv_tileaa.expand_dims", 1, fold_expand_dims_of_splat,
                 "fold_expand_dims_of_splat");
  rw_pattern_add(set, "nv_tileaa.view", 1, fold_view_chain, "fold_view_chain");
  rw_pattern_add(set, "nv_tileaa.broadcast", 1, fold_broadcast_of_splat,
                 "fold_broadcast_of_splat");
  rw_pattern_add(set, "nv_tileaa.extract", 1, hoist_extract_through_elementwise,
                 "hoist_extract_through_elementwise");
  rw_pattern_add(set, "nv_tileaa.queue.get", 1, prune_queue_get_results,
                 "prune_queue_get_results");
  rw_pattern_add(set, "nv_tileaa.execute", 1, prune_queue_get_results,
                 "prune_queue_get_results");
  rw_pattern_add(set, "nv_tileaa.pragma", 1, prune_pragma_results, "prune_pragma_results");
  rw_pattern_add(set, "nv_tileaa.atomic_cas", 1, fold_atomic_cas, "fold_atomic_cas");
  rw_pattern_add(set, "nv_tileaa.atomic_rmw", 1, fold_atomic_rmw, "fold_atomic_rmw");
}
