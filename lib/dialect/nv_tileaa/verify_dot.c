/* verify_dot.c — the verifiers of nv_tileaa's dot, convolution and tiling
 * ops (seed 000 "Dot and Block-Scaled MMA Diagnostics", "Convolution and
 * Tile Blocking").  The seed's phase order is kept exactly: the first
 * failing phase reports, with its verbatim text. */
#include "dialect/nv_tileaa/aa.h"

#include <stdio.h>

static bool is_fp4(const IrType *t) {
  return ir_type_is_float(t) && ir_float_kind(t) == IR_F4E2M1FN;
}

static unsigned bit_width(const IrType *t) {
  if (ir_type_is_integer(t)) return ir_integer_width(t);
  if (ir_type_is_index(t)) return 64;
  if (ir_type_is_float(t)) return ir_float_kind_width(ir_float_kind(t));
  return 0;
}

/* A and B are MMA-compatible: same rank (2 or 3), equal batch, K agrees. */
static bool shapes_compatible_for_mma(const IrType *a, const IrType *b) {
  size_t r = aa_rank(a);
  if ((r != 2 && r != 3) || aa_rank(b) != r) return false;
  const int64_t *sa = aa_shape(a), *sb = aa_shape(b);
  if (r == 3 && sa[0] != sb[0]) return false;
  return sa[r - 1] == sb[r - 2];
}

/* C (and D) is [batch,] M x N with M from A and N from B. */
static bool shapes_compatible_for_acc(const IrType *a, const IrType *b, const IrType *c,
                                      const IrType *d) {
  size_t r = aa_rank(a);
  if (aa_rank(c) != r || aa_rank(d) != r) return false;
  const int64_t *sa = aa_shape(a), *sb = aa_shape(b), *sc = aa_shape(c), *sd = aa_shape(d);
  if (r == 3 && sc[0] != sa[0]) return false;
  if (sc[r - 2] != sa[r - 2] || sc[r - 1] != sb[r - 1]) return false;
  for (size_t i = 0; i < r; i++)
    if (sd[i] != sc[i]) return false;
  return true;
}

/* verify_dot: element tuple, integer width/signedness, accumulator type,
 * result rank, A/B shapes, accumulator shape, scale factors, then the
 * target gate of block-scaled MMA. */
bool aa_verify_dot(IrOp *op) {
  int32_t seg[5];
  uint32_t start[5];
  if (!aa_segments(op, 5, seg, start, false)) return false;
  if (seg[0] != 1 || seg[1] != 1 || seg[2] != 1)
    return ir_op_error(op, "expects exactly one A, B and C operand");
  for (int i = 3; i < 5; i++)
    if (seg[i] > 1)
      return ir_op_error(op, "operand group starting at #%u requires 0 or 1 element, but "
                             "found %d", start[i], seg[i]);
  const IrType *ta = ir_op_operand(op, 0)->type, *tb = ir_op_operand(op, 1)->type;
  const IrType *tc = ir_op_operand(op, 2)->type, *td = ir_op_result(op, 0)->type;
  const IrType *a = aa_elem(ta), *b = aa_elem(tb), *c = aa_elem(tc), *d = aa_elem(td);
  bool all_int = ir_type_is_integer(a) && ir_type_is_integer(b) && ir_type_is_integer(c) &&
                 ir_type_is_integer(d);
  bool all_float = ir_type_is_float(a) && ir_type_is_float(b) && ir_type_is_float(c) &&
                   ir_type_is_float(d);
  if (!all_int && !all_float)
    return ir_op_error(op, "expected the element types of A, B, C, and D to be either all "
                           "integers or all floats.");
  if (all_int) {
    if (bit_width(a) != bit_width(b))
      return ir_op_error(op, "expects #A and #B have same bit width but got %u vs %u",
                         bit_width(a), bit_width(b));
    if (!ir_op_attrz(op, "signedness_a"))
      return ir_op_error(op, "expect signedness attribute for operand A");
  }
  if (all_float) {
    const IrType *f32 = ir_float_type(ir_op_context(op), IR_F32), *f16 = ir_float_type(ir_op_context(op), IR_F16);
    if (is_fp4(a)) {
      if (c != f32 && c != f16)
        return ir_op_error(op, "expects #C element type to be either f32 or f16, but got %T", c);
    } else if (c != f32) {
      return ir_op_error(op, "expects #C element type to be f32, but got %T", c);
    }
  }
  size_t rank = aa_rank(td);
  if (rank != 2 && rank != 3)
    return ir_op_error(op, "expects rank-2 or rank-3 tensor for result, but got (%zu)", rank);
  if (!shapes_compatible_for_mma(ta, tb))
    return ir_op_error(op, "expects the shape of operand #A and #B to be compatible");
  if (!shapes_compatible_for_acc(ta, tb, tc, td))
    return ir_op_error(op, "expects the shape of operand #C is compatible with operands #A "
                           "and #B");
  bool has_sfa = seg[3] == 1, has_sfb = seg[4] == 1;
  if (has_sfa || has_sfb) {
    if (!has_sfa || !has_sfb) return ir_op_error(op, "expects both SFA and SFB to be present");
    for (int i = 3; i < 5; i++) {
      const IrType *e = aa_elem(ir_op_operand(op, start[i])->type);
      /* MX formats scale by E8M0; NV-FP4 (f4E2M1FN A and B) may also scale
       * by E4M3 (seed 000's format table lists both; cuda_tile's mmaf_scaled
       * accepts either). */
      bool nvfp4 = is_fp4(a) && is_fp4(b) && ir_type_is_float(e) &&
                   ir_float_kind(e) == IR_F8E4M3FN;
      if (!nvfp4 && (!ir_type_is_float(e) || ir_float_kind(e) != IR_F8E8M0FNU))
        return ir_op_error(op, "expects scale factors of element type f8E8M0FNU%s, but got %T",
                           is_fp4(a) && is_fp4(b) ? " or f8E4M3FN" : "", e);
    }
    if (!aa_sm_supports_block_scaled(aa_target_sm(op)))
      return ir_op_error(op, "block-scaled dot requires a target that supports block-scaled "
                             "MMA");
  }
  for (int i = 0; i < 2; i++) {
    const IrAttr *s = ir_op_attrz(op, i ? "signedness_b" : "signedness_a");
    if (s && aa_enum_value(s, &aa_enum_signedness) < 0)
      return ir_op_error(op, "attribute '%s' failed to satisfy constraint: signedness",
                         i ? "signedness_b" : "signedness_a");
  }
  return true;
}

/* ---- block_tile / conv_tile ------------------------------------------------------ */

static bool is_i64_array(const IrAttr *a) {
  return ir_attr_is(a, &ir_dense_array_attr_def) && ir_type_is_integer(a->type);
}

/* dimGroups: an array of dense integer arrays.  false after an error. */
static bool dim_groups(IrOp *op, const IrAttr **out) {
  const IrAttr *g = ir_op_attrz(op, "dimGroups");
  *out = NULL;
  if (!g) return true;
  bool ok = ir_attr_is(g, &ir_array_attr_def);
  for (uint32_t i = 0; ok && i < g->nelems; i++) ok = is_i64_array(g->elems[i]);
  if (!ok)
    return ir_op_error(op, "attribute 'dimGroups' failed to satisfy constraint: array of "
                           "i64 dense arrays");
  *out = g;
  return true;
}

/* verify_block_tile: non-empty tileSizes and dimGroups, equal ranks,
 * positive sizes, each dim tiled once. */
bool aa_verify_block_tile(IrOp *op) {
  const IrAttr *ts = ir_op_attrz(op, "tileSizes"), *g;
  if (ts && !is_i64_array(ts))
    return ir_op_error(op, "attribute 'tileSizes' failed to satisfy constraint: i64 dense "
                           "array attribute");
  if (!dim_groups(op, &g)) return false;
  if (!ts || ts->nints == 0) return ir_op_error(op, "expects non-empty tileSizes");
  if (!g || g->nelems == 0) return ir_op_error(op, "expects non-empty dimGroups");
  if (ts->nints != g->nelems)
    return ir_op_error(op, "expects rank of tileSizes be equal to rank of dimGroups, but got "
                           "%u vs %u",
                       (unsigned)ts->nints, (unsigned)g->nelems);
  for (uint32_t i = 0; i < ts->nints; i++)
    if (ts->ints[i] <= 0) return ir_op_error(op, "expects all tile size bigger than zero");
  U64Map seen = {0};
  bool ok = true;
  for (uint32_t i = 0; ok && i < g->nelems; i++)
    for (uint32_t j = 0; ok && j < g->elems[i]->nints; j++) {
      int64_t axis = g->elems[i]->ints[j];
      uint64_t key = (uint64_t)axis ^ 0x8000000000000000ull;
      if (u64map_get(&seen, key)) {
        ok = ir_op_error(op, "expects dim is being tiled only one time, but got %lld",
                         (long long)axis);
      } else {
        u64map_put(&seen, key, op);
      }
    }
  u64map_free(&seen);
  if (ok && ir_op_result(op, 0)->type != ir_op_operand(op, 0)->type &&
      aa_elem(ir_op_result(op, 0)->type) != aa_elem(ir_op_operand(op, 0)->type))
    return ir_op_error(op, "expects the result element type to match the source");
  return ok;
}

/* verify_conv_tile: filter sizes in 1..3, consistent conv params, channel
 * axis in exactly a singleton dim group. */
bool aa_verify_conv_tile(IrOp *op) {
  const IrAttr *fs = ir_op_attrz(op, "filterSizes"), *g;
  if (fs && !is_i64_array(fs))
    return ir_op_error(op, "attribute 'filterSizes' failed to satisfy constraint: i64 dense "
                           "array attribute");
  for (uint32_t i = 0; fs && i < fs->nints; i++)
    if (fs->ints[i] < 1 || fs->ints[i] > 3)
      return ir_op_error(op, "expects filter size must be in range 1 to 3");
  const IrAttr *cp = ir_op_attrz(op, "conv_params");
  if (cp && cp->def != &aa_conv_params_attr_def)
    return ir_op_error(op, "attribute 'conv_params' failed to satisfy constraint: "
                           "convolution parameters");
  if (cp) {
    int64_t ns = cp->ints[0], np = cp->ints[1], nd = cp->ints[2];
    bool same = ns == np && np == nd;
    if (fs && fs->nints && (int64_t)fs->nints != ns) same = false;
    if (!same) return ir_op_error(op, "expects conv params size matched with each other");
  }
  if (!dim_groups(op, &g)) return false;
  const IrAttr *ch = ir_op_attrz(op, "channel");
  if (ch && !ir_attr_is(ch, &ir_integer_attr_def))
    return ir_op_error(op, "attribute 'channel' failed to satisfy constraint: 64-bit signless "
                           "integer attribute");
  int64_t channel = ch ? ch->ints[0] : (int64_t)aa_rank(ir_op_operand(op, 0)->type) - 1;
  const IrAttr *cg = NULL;
  for (uint32_t i = 0; g && i < g->nelems && !cg; i++)
    for (uint32_t j = 0; j < g->elems[i]->nints; j++)
      if (g->elems[i]->ints[j] == channel) cg = g->elems[i];
  if (!cg) return ir_op_error(op, "expects channel must be a dimGroup");
  if (cg->nints != 1) return ir_op_error(op, "expects channel dimGroup should contain only channel");
  return true;
}

/* conv_dot: input, filter and accumulator tiles; D has C's type. */
bool aa_verify_conv_dot(IrOp *op) {
  for (unsigned i = 0; i < 3; i++)
    if (!aa_is_tile(ir_op_operand(op, i)->type))
      return ir_op_error(op, "operand #%u must be a tile, but got '%T'", i,
                         ir_op_operand(op, i)->type);
  if (ir_op_result(op, 0)->type != ir_op_operand(op, 2)->type)
    return ir_op_error(op, "expects the result type to match the accumulator type");
  const IrAttr *cp = ir_op_attrz(op, "conv_params");
  if (cp && cp->def != &aa_conv_params_attr_def)
    return ir_op_error(op, "attribute 'conv_params' failed to satisfy constraint: "
                           "convolution parameters");
  if (cp && (cp->ints[0] != cp->ints[1] || cp->ints[1] != cp->ints[2]))
    return ir_op_error(op, "expects conv params size matched with each other");
  const IrAttr *pv = ir_op_attrz(op, "padding_value");
  if (pv && aa_enum_value(pv, &aa_enum_padding_value) < 0)
    return ir_op_error(op, "attribute 'padding_value' failed to satisfy constraint: padding "
                           "value");
  const IrAttr *al = ir_op_attrz(op, "activation_layout");
  if (al && aa_enum_value(al, &aa_enum_activation_layout) < 0)
    return ir_op_error(op, "attribute 'activation_layout' failed to satisfy constraint: "
                           "activation layout");
  return true;
}
