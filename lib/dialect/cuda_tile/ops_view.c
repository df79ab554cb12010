/* ops_view.c — custom syntax, result names and checks of the cuda_tile
 * view ops: make_tensor_view (static/dynamic shape and strides mixed in one
 * list), make_partition_view / make_strided_view / make_gather_scatter_view,
 * and the shape queries get_tensor_shape / get_index_space_shape. */
#include "dialect/cuda_tile/ct_attrdict.h"
#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_opcache.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_ops_core.h"
#include "dialect/cuda_tile/ct_segments.h"
#include "dialect/cuda_tile/ct_svec.h"

#include <stdio.h>

/* ---- make_tensor_view --------------------------------------------------------- */

typedef struct MixedElem {
  int64_t v;  /* IR_DYNAMIC for an SSA value */
  AsmLoc loc;
} MixedElem;
typedef CT_SVEC(MixedElem, 8) MixedVec;    /* inline up to rank 8 */
typedef CT_SVEC(AsmOperand, 8) DynOperands;

/* `[` (int | operand),* `]` */
static bool parse_mixed_list(AsmParser *p, MixedVec *elems, DynOperands *dyn) {
  if (!asm_parse_punct(p, ASM_LSQUARE)) return false;
  if (asm_parse_optional_punct(p, ASM_RSQUARE)) return true;
  do {
    MixedElem e = {0, asm_cur_loc(p)};
    bool present = false;
    if (!asm_parse_optional_integer(p, &e.v, &present)) return false;
    if (!present) {
      AsmOperand o;
      bool is_op = false;
      if (!asm_parse_optional_operand(p, &o, &is_op)) return false;
      if (!is_op) return asm_error_at(p, e.loc, "expected either integer or SSA value");
      ct_svec_push(dyn, o);
      e.v = IR_DYNAMIC;
    }
    ct_svec_push(elems, e);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return asm_parse_punct(p, ASM_RSQUARE);
}

/* "expected shape declaration to contain N elements due to tensor_view type,
 * but M were provided" / "input shape dimension i does not match tensor_view
 * type (expected X, got Y)". */
static bool compare_mixed(AsmParser *p, const MixedVec *from, const int64_t *tv, size_t n,
                          AsmLoc decl, const char *name) {
  if (from->len != n)
    return asm_error_at(p, decl, "expected %s declaration to contain %zu elements due to "
                                 "tensor_view type, but %zu were provided",
                        name, n, from->len);
  for (size_t i = 0; i < n; i++) {
    int64_t a = from->data[i].v, b = tv[i];
    if (a == b) continue;
    char eb[32], gb[32];
    if (b == IR_DYNAMIC) snprintf(eb, sizeof eb, "dynamic");
    else snprintf(eb, sizeof eb, "%lld", (long long)b);
    if (a == IR_DYNAMIC) snprintf(gb, sizeof gb, "dynamic");
    else snprintf(gb, sizeof gb, "%lld", (long long)a);
    return asm_error_at(p, from->data[i].loc, "input %s dimension %zu does not match "
                                              "tensor_view type (expected %s, got %s)",
                        name, i, eb, gb);
  }
  return true;
}

/* make_tensor_view ::= operand `,` `shape` `=` mixed-list `,` `strides` `=`
 *                      mixed-list attr-dict `:` (type `->`)? tensor-view-type
 * The lists live in small vectors on the stack (no malloc below rank 9). */
bool ct_parse_make_tensor_view(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperand base;
  MixedVec shape, strides;
  DynOperands dshape, dstrides;
  ct_svec_init(&shape);
  ct_svec_init(&strides);
  ct_svec_init(&dshape);
  ct_svec_init(&dstrides);
  const IrType *itype = NULL, *tv = NULL;
  AsmLoc shape_at = {0}, stride_at = {0}, tv_at = {0};
  bool ok = asm_parse_operand(p, &base) && asm_parse_punct(p, ASM_COMMA) &&
            asm_parse_keyword(p, "shape") && asm_parse_punct(p, ASM_EQUAL);
  if (ok) {
    shape_at = asm_cur_loc(p);
    ok = parse_mixed_list(p, &shape, &dshape) && asm_parse_punct(p, ASM_COMMA) &&
         asm_parse_keyword(p, "strides") && asm_parse_punct(p, ASM_EQUAL);
  }
  if (ok) {
    stride_at = asm_cur_loc(p);
    ok = parse_mixed_list(p, &strides, &dstrides) && asm_parse_optional_attr_dict(p, st) &&
         asm_parse_punct(p, ASM_COLON);
  }
  if (ok && (dshape.len || dstrides.len))
    ok = ct_parse_type(p, &itype) && asm_parse_punct(p, ASM_ARROW);
  if (ok) {
    ok = ct_parse_type(p, &tv);
    tv_at = asm_cur_loc(p);
  }
  if (ok && !ct_type_is_tensor_view(tv)) {
    StrBuf b = {0};
    asm_print_type_str(&b, tv);
    ok = asm_error_at(p, tv_at, "expected 'tensor_view' type, but got '%s'", sb_cstr(&b));
    sb_free(&b);
  }
  if (ok) {
    const IrType *bt = ct_cached_ptr_tile(ctx, ct_tensor_view_elem(tv));
    ok = asm_resolve_operand(p, &base, bt, st) &&
         compare_mixed(p, &shape, ct_tensor_view_shape(tv), ct_tensor_view_rank(tv),
                       shape_at, "shape") &&
         compare_mixed(p, &strides, ct_tensor_view_strides(tv),
                       ct_tensor_view_num_strides(tv), stride_at, "stride");
  }
  if (ok && itype) {
    for (size_t i = 0; ok && i < dshape.len; i++)
      ok = asm_resolve_operand(p, &dshape.data[i], itype, st);
    for (size_t i = 0; ok && i < dstrides.len; i++)
      ok = asm_resolve_operand(p, &dstrides.data[i], itype, st);
  }
  if (ok) {
    int32_t seg[3] = {1, (int32_t)dshape.len, (int32_t)dstrides.len};
    ir_op_state_add_prop(st, "operandSegmentSizes", ct_cached_segments(ctx, seg, 3));
    vec_push(&st->result_types, tv);
  }
  ct_svec_free(&shape);
  ct_svec_free(&strides);
  ct_svec_free(&dshape);
  ct_svec_free(&dstrides);
  return ok;
}

static void print_mixed(AsmPrinter *p, const int64_t *v, size_t n, IrUse *dyn, size_t ndyn) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (i) asm_puts(p, ", ");
    if (v[i] != IR_DYNAMIC) asm_print_int(p, v[i]);
    else if (k < ndyn) asm_print_operand(p, dyn[k++].value);
    else asm_puts(p, "?");
  }
}

void ct_print_make_tensor_view(AsmPrinter *p, IrOp *op) {
  CtSegs sg = ct_op_segments(op, 3);
  uint32_t ss = sg.start[1], sn = sg.size[1], ts = sg.start[2], tn = sg.size[2];
  const IrType *tv = ir_op_result(op, 0)->type;
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  asm_puts(p, ", shape = [");
  if (ct_type_is_tensor_view(tv))
    print_mixed(p, ct_tensor_view_shape(tv), ct_tensor_view_rank(tv), ir_op_operands(op) + ss, sn);
  asm_puts(p, "], strides = [");
  if (ct_type_is_tensor_view(tv))
    print_mixed(p, ct_tensor_view_strides(tv), ct_tensor_view_num_strides(tv),
                ir_op_operands(op) + ts, tn);
  asm_putc(p, ']');
  static const char *const elided[] = {"operandSegmentSizes", NULL};
  ct_print_attr_dict(p, op, elided);
  asm_puts(p, " : ");
  if (sn || tn) {
    ct_print_type(p, ir_op_operand(op, sn ? ss : ts)->type);
    asm_puts(p, " -> ");
  }
  ct_print_type(p, tv);
}

#define SCALAR_INTS CT_ODS_V(MANY, ct_is_scalar_int_tile, CT_VARIADIC(CT_DESC_SCALAR_INT))
#define TENSOR_VIEW CT_ODS_V(ONE, ct_type_is_tensor_view, CT_DESC_TENSOR_VIEW)
const CtOdsSpec ct_spec_make_tensor_view = {
    .segments = true,
    .operands = {CT_ODS_V(ONE, ct_is_scalar_ptr_tile, CT_DESC_SCALAR_PTR), SCALAR_INTS,
                 SCALAR_INTS},
    .results = {TENSOR_VIEW},
};

bool ct_verify_make_tensor_view(IrOp *op) {
  CtOdsGroups g;
  if (!ct_ods_verify_op(op, &g)) return false;
  const uint32_t *st = g.start;
  const int32_t *seg = g.size;
  /* MakeTensorViewOp::verify */
  const IrType *tv = ir_op_result(op, 0)->type;
  const IrType *pointee =
      ct_ptr_type_pointee(ct_tile_type_elem(ir_op_operand(op, 0)->type));
  if (ct_tensor_view_elem(tv) != pointee)
    return ir_op_error(op, "expected pointer to '%T' to build tensor_view of this type, "
                           "got '%T'",
                       ct_tensor_view_elem(tv), pointee);
  size_t nds = ct_tensor_view_num_dynamic_shape(tv), ndt = ct_tensor_view_num_dynamic_strides(tv);
  if (nds != (size_t)seg[1])
    return ir_op_error(op, "expected %zu dynamic shape operands, got %d", nds, seg[1]);
  if (ndt != (size_t)seg[2])
    return ir_op_error(op, "expected %zu dynamic stride operands, got %d", ndt, seg[2]);
  const IrType *dt = NULL;
  for (int32_t i = 0; i < seg[1]; i++) {
    const IrType *t = ir_op_operand(op, st[1] + (uint32_t)i)->type;
    if (!dt) dt = t;
    if (t != dt)
      return ir_op_error(op, "expected dynamic shape index %d to be of the same type as the "
                             "other dynamic values ('%T'), got '%T'",
                         i, dt, t);
  }
  for (int32_t i = 0; i < seg[2]; i++) {
    const IrType *t = ir_op_operand(op, st[2] + (uint32_t)i)->type;
    if (!dt) dt = t;
    if (t != dt)
      return ir_op_error(op, "expected dynamic stride index %d to be of the same type as "
                             "the other dynamic values ('%T'), got '%T'",
                         i, dt, t);
  }
  return true;
}

void ct_names_tview(IrOp *op, IrNameSetFn set, void *user) {
  if (op->nresults) set(user, ir_op_result(op, 0), "tview");
}

/* ---- make_partition_view / make_strided_view / make_gather_scatter_view --------- */

/* make_*_view ::= operand attr-dict `:` view-type  (the operand takes the
 * view's tensor_view type) */
bool ct_parse_make_view(AsmParser *p, IrOpState *st) {
  AsmOperand tv;
  const IrType *t = NULL;
  if (!asm_parse_operand(p, &tv) || !asm_parse_optional_attr_dict(p, st) ||
      !asm_parse_punct(p, ASM_COLON))
    return false;
  AsmLoc at = asm_cur_loc(p);
  if (!ct_parse_type(p, &t)) return false;
  const IrOpInfo *info = asm_current_op_info(p);
  bool good = info == ct_op(make_partition_view)   ? ct_type_is_partition_view(t)
              : info == ct_op(make_strided_view)   ? ct_type_is_strided_view(t)
                                                   : ct_type_is_gather_scatter_view(t);
  if (!good) {
    const char *want = info == ct_op(make_partition_view) ? "partition_view"
                       : info == ct_op(make_strided_view) ? "strided_view"
                                                          : "gather_scatter_view";
    StrBuf b = {0};
    asm_print_type_str(&b, t);
    bool r = asm_error_at(p, at, "expected '%s' type, but got '%s'", want, sb_cstr(&b));
    sb_free(&b);
    return r;
  }
  vec_push(&st->result_types, t);
  return asm_resolve_operand(p, &tv, ct_view_tensor_view(t), st);
}

void ct_print_make_view(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  ct_print_attr_dict(p, op, NULL);
  asm_puts(p, " : ");
  ct_print_type(p, ir_op_result(op, 0)->type);
}

const CtOdsSpec ct_spec_make_partition_view = {
    .operands = {TENSOR_VIEW},
    .results = {CT_ODS_V(ONE, ct_is_partition_view, CT_DESC_PARTITION_VIEW)},
};
const CtOdsSpec ct_spec_make_strided_view = {
    .operands = {TENSOR_VIEW},
    .results = {CT_ODS_V(ONE, ct_is_strided_view, CT_DESC_STRIDED_VIEW)},
};
const CtOdsSpec ct_spec_make_gather_scatter_view = {
    .operands = {TENSOR_VIEW},
    .results = {CT_ODS_V(ONE, ct_is_gather_scatter_view, CT_DESC_GATHER_SCATTER_VIEW)},
};

bool ct_verify_make_view(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  const IrType *rt = ir_op_result(op, 0)->type;
  const IrType *tv = ir_op_operand(op, 0)->type;
  if (tv != ct_view_tensor_view(rt))
    return ir_op_error(op, "expected the type of the provided tensor_view value ('%T') to be "
                           "the same as the view's tensor_view type ('%T')",
                       tv, ct_view_tensor_view(rt));
  return true;
}

void ct_names_pview(IrOp *op, IrNameSetFn set, void *user) {
  if (op->nresults) set(user, ir_op_result(op, 0), "pview");
}
void ct_names_sview(IrOp *op, IrNameSetFn set, void *user) {
  if (op->nresults) set(user, ir_op_result(op, 0), "sview");
}
void ct_names_gsview(IrOp *op, IrNameSetFn set, void *user) {
  if (op->nresults) set(user, ir_op_result(op, 0), "gsview");
}

/* ---- get_tensor_shape / get_index_space_shape ------------------------------------ */

/* get_*_shape ::= operand `:` src-type `->` result-type  (one result per
 * dimension of the tensor_view / view index space) */
bool ct_parse_get_shape(AsmParser *p, IrOpState *st) {
  AsmOperand src;
  const IrType *st_t = NULL, *rt = NULL;
  if (!asm_parse_operand(p, &src) || !asm_parse_punct(p, ASM_COLON)) return false;
  AsmLoc at = asm_cur_loc(p);
  if (!ct_parse_type(p, &st_t) || !asm_parse_punct(p, ASM_ARROW) || !ct_parse_type(p, &rt))
    return false;
  bool tensor = asm_current_op_info(p) == ct_op(get_tensor_shape);
  size_t rank;
  if (tensor) {
    if (!ct_type_is_tensor_view(st_t)) {
      StrBuf b = {0};
      asm_print_type_str(&b, st_t);
      bool r = asm_error_at(p, at, "expected tensor_view, got '%s'", sb_cstr(&b));
      sb_free(&b);
      return r;
    }
    rank = ct_tensor_view_rank(st_t);
  } else {
    if (!ct_type_is_view(st_t)) {
      StrBuf b = {0};
      asm_print_type_str(&b, st_t);
      bool r = asm_error_at(p, at, "expected tile view, got '%s'", sb_cstr(&b));
      sb_free(&b);
      return r;
    }
    rank = ct_view_index_rank(st_t);
  }
  if (!asm_resolve_operand(p, &src, st_t, st)) return false;
  for (size_t i = 0; i < rank; i++) vec_push(&st->result_types, rt);
  return true;
}

void ct_print_get_shape(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  asm_puts(p, " : ");
  ct_print_type(p, ir_op_operand(op, 0)->type);
  asm_puts(p, " -> ");
  if (op->nresults) ct_print_type(p, ir_op_result(op, 0)->type);
}

const CtOdsSpec ct_spec_get_tensor_shape = {.operands = {TENSOR_VIEW},
                                                 .results = {SCALAR_INTS}};

bool ct_verify_get_tensor_shape(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  size_t rank = ct_tensor_view_rank(ir_op_operand(op, 0)->type);
  if (op->nresults != rank)
    return ir_op_error(op, "expected %zu results due to tensor rank, but got %u", rank,
                       op->nresults);
  return true;
}

const CtOdsSpec ct_spec_get_index_space_shape = {
    .operands = {CT_ODS_V(ONE, ct_type_is_view, CT_DESC_TILE_VIEW)},
    .results = {SCALAR_INTS},
};

bool ct_verify_get_index_space_shape(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  size_t rank = ct_view_index_rank(ir_op_operand(op, 0)->type);
  if (op->nresults != rank)
    return ir_op_error(op, "expected %zu results due to view index space rank, but got %u",
                       rank, op->nresults);
  return true;
}
