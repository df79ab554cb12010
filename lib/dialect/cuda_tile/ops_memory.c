/* ops_memory.c — custom syntax, result names and checks of cuda_tile's
 * memory ops: alloca, load_ptr_tko / store_ptr_tko (declarative formats),
 * load_view_tko / store_view_tko / atomic_red_view_tko (NVIDIA's hand-
 * written parsers) and atomic_cas_tko / atomic_rmw_tko.
 *
 * memory_ordering_semantics, memory_scope and mode are I32 enums stored as
 * `N : i32` properties; operand groups are described by operandSegmentSizes. */
#include "dialect/cuda_tile/ct_attrdict.h"
#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_opcache.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_ops_core.h"
#include "dialect/cuda_tile/ct_segments.h"
#include "dialect/cuda_tile/ct_svec.h"

/* ---- shared pieces ----------------------------------------------------------- */

static int enum_prop(IrOp *op, const char *name) {
  const IrAttr *a = ir_op_attrn(op, name, strlen(name));
  return a ? (int)ct_attr_int(a, -1) : -1;
}

static bool is_enum_i32(const IrAttr *a, const CtEnumInfo *e) {
  return ct_attr_is_i32(a) && a->ints[0] >= 0 && a->ints[0] < e->ncases;
}
static bool is_ordering(const IrAttr *a) {
  return is_enum_i32(a, &ct_enum_memory_ordering_semantics);
}
static bool is_scope(const IrAttr *a) { return is_enum_i32(a, &ct_enum_memory_scope); }
static bool is_mode(const IrAttr *a) { return is_enum_i32(a, &ct_enum_atomic_rmw_mode); }
static bool is_hints(const IrAttr *a) { return a && a->def == &ct_opt_hints_attr_def; }

/* ODS attribute specs of the memory ops (alphabetical, as ODS emits). */
#define MEM_ORDERING {"memory_ordering_semantics", is_ordering, "memory ordering semantics", true}
#define MEM_SCOPE(req) {"memory_scope", is_scope, "memory scope", req}
#define MEM_MODE                                                                             \
  {"mode", is_mode, "allowed 32-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",   \
   true}
#define MEM_HINTS {"optimization_hints", is_hints, "optimization hints attribute", false}
#define PTR_TILE CT_ODS_V(ONE, ct_is_ptr_tile, CT_DESC_PTR_TILE)
#define ANY_TILE CT_ODS_V(ONE, ct_is_tile, CT_DESC_TILE)
#define OPT_MASK CT_ODS_V(OPT, ct_is_i1_tile, CT_DESC_I1_TILE)
#define VIEW CT_ODS_V(ONE, ct_type_is_view, CT_DESC_TILE_VIEW)
#define INDICES CT_ODS_V(MANY, ct_is_int_tile, CT_VARIADIC(CT_DESC_INT_TILE))

/* verifyMemoryModelLoad / verifyMemoryModelStore, in seed 003's words
 * (verify_token_memory; NVIDIA: "expect one of: weak, relaxed, or acquire,
 * but got: X", "weak load must not have memory scope", "memory scope is
 * required for X load" — the same conditions, so the seed wins). */
static bool verify_memory_model(IrOp *op, bool load) {
  const IrAttr *oa = ir_op_attrz(op, "memory_ordering_semantics");
  int ord = oa ? (int)ct_attr_int(oa, -1) : -1; /* as enum_prop */
  bool has_scope = ir_op_attrz(op, "memory_scope") != NULL;
  int allowed = load ? CT_MEM_ACQUIRE : CT_MEM_RELEASE;
  if (ord != CT_MEM_WEAK && ord != CT_MEM_RELAXED && ord != allowed)
    return ir_op_error(op, load ? "load ordering must be weak, relaxed, or acquire"
                                : "store ordering must be weak, relaxed, or release");
  if (ord == CT_MEM_WEAK) {
    if (has_scope) return ir_op_error(op, "weak memory ordering must not carry a scope");
  } else if (!has_scope) {
    return ir_op_error(op, "non-weak memory ordering requires an explicit scope");
  }
  return true;
}

/* seed 003 verify_token_memory: pointee, then pointer-tile shape, against the
 * value tile (NVIDIA folds both into one TypesMatchWith message). */
static bool verify_ptr_value(IrOp *op, const IrType *ptrs, const IrType *vals) {
  if (!ct_type_is_tile(ptrs) || !ct_type_is_tile(vals)) return true;
  const IrType *pe = ct_tile_type_elem(ptrs);
  if (ct_type_is_ptr(pe) && ct_ptr_type_pointee(pe) != ct_tile_type_elem(vals))
    return ir_op_error(op, "pointer pointee element type must match value element type");
  size_t r = ct_tile_type_rank(ptrs);
  if (r != ct_tile_type_rank(vals) ||
      (r && memcmp(ct_tile_type_shape(ptrs), ct_tile_type_shape(vals), r * sizeof(int64_t))))
    return ir_op_error(op, "pointer tile shape must match value shape");
  return true;
}

static bool verify_hints(IrOp *op) {
  const IrAttr *h = ir_op_attrz(op, "optimization_hints");
  if (!h || h->def != &ct_opt_hints_attr_def || ct_opt_hints_empty(h)) return true;
  return ct_verify_opt_hints_common(op, h);
}

/* Optional memory scope of the declarative formats: one of the case
 * keywords or a string naming one; absent otherwise. */
static bool parse_optional_scope(AsmParser *p, IrOpState *st) {
  const CtEnumInfo *e = &ct_enum_memory_scope;
  for (int i = 0; i < e->ncases; i++)
    if (asm_peek_keyword(p, e->cases[i])) {
      int v = 0;
      if (!ct_parse_enum_keyword_attr(p, e, "memory_scope", &v)) return false;
      ir_op_state_add_prop(st, "memory_scope", ct_cached_i32(asm_ctx(p), v));
      return true;
    }
  if (asm_peek_string(p)) {
    int v = 0;
    if (!ct_parse_enum_keyword_attr(p, e, "memory_scope", &v)) return false;
    ir_op_state_add_prop(st, "memory_scope", ct_cached_i32(asm_ctx(p), v));
  }
  return true;
}

static bool parse_required_enum(AsmParser *p, IrOpState *st, const CtEnumInfo *e,
                                const char *name) {
  int v = 0;
  if (!ct_parse_enum_keyword_attr(p, e, name, &v)) return false;
  ir_op_state_add_prop(st, name, ct_cached_i32(asm_ctx(p), v));
  return true;
}

static void print_enum_prop(AsmPrinter *p, IrOp *op, const CtEnumInfo *e, const char *name) {
  const IrAttr *a = ir_op_attrn(op, name, strlen(name));
  if (!a) return;
  asm_putc(p, ' ');
  const char *kw = ct_enum_keyword(e, (int)ct_attr_int(a, -1));
  if (kw) asm_puts(p, kw);
  else asm_print_attr(p, a);
}

/* `(token` `` `=` `` operand)? in declarative formats.  NVIDIA's documented
 * atomic_rmw_tko example writes `%vals, token = %token`: a comma directly
 * before the `token` keyword is accepted here (and never read as the start of
 * an optional `, operand` group: see parse_opt_comma_operand).  The printer
 * writes the canonical comma-less form. */
static bool parse_opt_token(AsmParser *p, AsmOperand *tok, bool *has) {
  *has = false;
  if (asm_peek_punct_keyword(p, ASM_COMMA, "token")) asm_parse_punct(p, ASM_COMMA);
  if (!asm_parse_optional_keyword(p, "token")) return true;
  *has = true;
  return asm_parse_punct(p, ASM_EQUAL) && asm_parse_operand(p, tok);
}

/* `(`,` operand^)?`: an optional operand group, unless the comma starts the
 * token group (`, token = %t`). */
static bool parse_opt_comma_operand(AsmParser *p, AsmOperand *v, bool *has) {
  *has = false;
  if (asm_peek_punct_keyword(p, ASM_COMMA, "token") ||
      !asm_parse_optional_punct(p, ASM_COMMA))
    return true;
  *has = true;
  return asm_parse_operand(p, v);
}

static void set_segments(AsmParser *p, IrOpState *st, const int32_t *seg, size_t n) {
  ir_op_state_add_prop(st, "operandSegmentSizes", ct_cached_segments(asm_ctx(p), seg, n));
}

void ct_names_result_token(IrOp *op, IrNameSetFn set, void *user) {
  if (op->nresults == 2) {
    set(user, ir_op_result(op, 0), "result");
    set(user, ir_op_result(op, 1), "result_token");
  }
}

void ct_names_tile_token(IrOp *op, IrNameSetFn set, void *user) {
  if (op->nresults == 2) {
    set(user, ir_op_result(op, 0), "tile");
    set(user, ir_op_result(op, 1), "result_token");
  }
}

/* verifyAtomicRMWMode */
static bool verify_rmw_mode(IrOp *op, int mode, const IrType *el) {
  switch (mode) {
  case CT_RMW_ADDF:
    if (!ir_type_is_float(el) ||
        (ir_float_kind(el) != IR_F32 && ir_float_kind(el) != IR_F64 &&
         ir_float_kind(el) != IR_F16 && ir_float_kind(el) != IR_BF16))
      return ir_op_error(op, "floating-add rmw requires a target-supported floating width");
    return true;
  case CT_RMW_XCHG: {
    unsigned w = ir_type_is_integer(el) ? ir_integer_width(el)
                 : ir_type_is_float(el) ? ir_float_kind_width(ir_float_kind(el))
                                        : 0;
    if (w != 32 && w != 64)
      return ir_op_error(op, "xchg rmw requires a target-supported atomic width");
    return true;
  }
  default:
    if (!ir_type_is_int_width(el, 32) && !ir_type_is_int_width(el, 64))
      return ir_op_error(op, "integer rmw mode requires i32 or i64 element type");
    return true;
  }
}

/* verifyAtomicMemoryOrdering */
static bool verify_atomic_ordering(IrOp *op) {
  int ord = enum_prop(op, "memory_ordering_semantics");
  if (ord != CT_MEM_RELAXED && ord != CT_MEM_ACQUIRE && ord != CT_MEM_RELEASE &&
      ord != CT_MEM_ACQ_REL)
    return ir_op_error(op, "memory ordering semantics must be one of: relaxed, acquire, "
                           "release, acq_rel");
  return true;
}

/* ---- alloca --------------------------------------------------------------------- */

/* alloca ::= `num_elem` `=` int `,` `alignment` `=` int (`global`)? attr-dict `:` type */
bool ct_parse_alloca(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  const IrType *i64 = ir_integer_type(ctx, 64, IR_SIGNLESS);
  const IrAttr *n = NULL, *a = NULL;
  const IrType *t = NULL;
  if (!asm_parse_keyword(p, "num_elem") || !asm_parse_punct(p, ASM_EQUAL) ||
      !asm_parse_attr(p, i64, &n) || !asm_parse_punct(p, ASM_COMMA) ||
      !asm_parse_keyword(p, "alignment") || !asm_parse_punct(p, ASM_EQUAL) ||
      !asm_parse_attr(p, i64, &a))
    return false;
  ir_op_state_add_prop(st, "num_elem", n);
  ir_op_state_add_prop(st, "alignment", a);
  if (asm_parse_optional_keyword(p, "global"))
    ir_op_state_add_prop(st, "global", ir_unit_attr(ctx));
  if (!asm_parse_optional_attr_dict(p, st) || !asm_parse_punct(p, ASM_COLON) ||
      !ct_parse_type(p, &t))
    return false;
  vec_push(&st->result_types, t);
  return true;
}

void ct_print_alloca(AsmPrinter *p, IrOp *op) {
  asm_printf(p, " num_elem = %lld, alignment = %lld",
             (long long)ct_attr_int(ir_op_attrz(op, "num_elem"), 0),
             (long long)ct_attr_int(ir_op_attrz(op, "alignment"), 0));
  if (ir_op_attrz(op, "global")) asm_puts(p, " global");
  static const char *const elided[] = {"num_elem", "alignment", "global", NULL};
  ct_print_attr_dict(p, op, elided);
  asm_puts(p, " : ");
  ct_print_type(p, ir_op_result(op, 0)->type);
}

static bool is_nonneg_i64(const IrAttr *a) { return ct_attr_is_i64(a) && a->ints[0] >= 0; }

#define NONNEG_I64 "64-bit signless integer attribute whose minimum value is 0"
const CtOdsSpec ct_spec_alloca = {
    .attrs = {{"alignment", is_nonneg_i64, NONNEG_I64, true},
              {"global", ct_attr_is_unit, "unit attribute", false},
              {"num_elem", is_nonneg_i64, NONNEG_I64, true}},
    .results = {CT_ODS_V(ONE, ct_is_scalar_ptr_tile, CT_DESC_SCALAR_PTR)},
};

bool ct_verify_alloca(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  /* verifyAlloca */
  int64_t align = ir_op_attrz(op, "alignment")->ints[0];
  if (!(align > 0 && (align & (align - 1)) == 0))
    return ir_op_error(op, "'alignment' must be power of two");
  const IrType *pointee = ct_ptr_type_pointee(ct_tile_type_elem(ir_op_result(op, 0)->type));
  int64_t size = 0;
  if (ir_type_is_integer(pointee))
    size = ir_integer_width(pointee) == 1 ? 1 : ir_integer_width(pointee) / 8;
  else if (ir_type_is_float(pointee))
    size = ir_float_kind_width(ir_float_kind(pointee)) / 8;
  if (align < size)
    return ir_op_error(op, "'alignment' (%lld) must be at least the natural size (%lld "
                           "bytes) for element type '%T'",
                       (long long)align, (long long)size, pointee);
  return true;
}

/* ---- load_ptr_tko / store_ptr_tko ---------------------------------------------------- */

/* Parses `optimization_hints = <...>` when present. */
static bool parse_opt_hints_eq(AsmParser *p, IrOpState *st) {
  if (!asm_parse_optional_keyword(p, "optimization_hints")) return true;
  const IrAttr *h = NULL;
  if (!asm_parse_punct(p, ASM_EQUAL) || !ct_parse_opt_hints_body(p, &h)) return false;
  ir_op_state_add_prop(st, "optimization_hints", h);
  return true;
}

static void print_opt_hints_eq(AsmPrinter *p, IrOp *op) {
  const IrAttr *h = ir_op_attrz(op, "optimization_hints");
  if (!h) return;
  asm_puts(p, " optimization_hints = ");
  if (h->def == &ct_opt_hints_attr_def) ct_print_opt_hints_body(p, h);
  else asm_print_attr(p, h);
}

/* load_ptr_tko ::= ordering scope? operand (`,` mask)? (`,` pad)? (`token` `=` tok)?
 *   (`optimization_hints` `=` hints)? attr-dict `:` type (`,` type)? (`,` type)?
 *   `->` type `,` type */
bool ct_parse_load_ptr(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperand src, mask, pad, tok;
  bool has_mask = false, has_pad = false, has_tok = false;
  const IrType *ts = NULL, *tm = NULL, *tp = NULL, *tr = NULL, *tt = NULL;
  if (!parse_required_enum(p, st, &ct_enum_memory_ordering_semantics,
                           "memory_ordering_semantics") ||
      !parse_optional_scope(p, st) || !asm_parse_operand(p, &src))
    return false;
  if (!parse_opt_comma_operand(p, &mask, &has_mask)) return false;
  if (!parse_opt_comma_operand(p, &pad, &has_pad)) return false;
  if (!parse_opt_token(p, &tok, &has_tok) || !parse_opt_hints_eq(p, st) ||
      !asm_parse_optional_attr_dict(p, st) || !asm_parse_punct(p, ASM_COLON) ||
      !ct_parse_type(p, &ts))
    return false;
  if (asm_parse_optional_punct(p, ASM_COMMA) && !ct_parse_type(p, &tm)) return false;
  if (tm && asm_parse_optional_punct(p, ASM_COMMA) && !ct_parse_type(p, &tp)) return false;
  if (!asm_parse_punct(p, ASM_ARROW) || !ct_parse_type(p, &tr) ||
      !asm_parse_punct(p, ASM_COMMA) || !ct_parse_type(p, &tt))
    return false;
  vec_push(&st->result_types, tr);
  vec_push(&st->result_types, tt);
  if (!asm_resolve_operand(p, &src, ts, st)) return false;
  if (has_mask) {
    if (!tm) return asm_error_at(p, mask.loc, "expected type for the mask operand");
    if (!asm_resolve_operand(p, &mask, tm, st)) return false;
  }
  if (has_pad) {
    if (!tp) return asm_error_at(p, pad.loc, "expected type for the padding operand");
    if (!asm_resolve_operand(p, &pad, tp, st)) return false;
  }
  if (has_tok && !asm_resolve_operand(p, &tok, ct_cached_token(ctx), st)) return false;
  int32_t seg[4] = {1, has_mask, has_pad, has_tok};
  set_segments(p, st, seg, 4);
  return true;
}

void ct_print_load_ptr(AsmPrinter *p, IrOp *op) {
  print_enum_prop(p, op, &ct_enum_memory_ordering_semantics, "memory_ordering_semantics");
  print_enum_prop(p, op, &ct_enum_memory_scope, "memory_scope");
  CtSegs sg = ct_op_segments(op, 4);
  IrValue *src = ct_seg_first(op, &sg, 0), *mask = ct_seg_first(op, &sg, 1);
  IrValue *pad = ct_seg_first(op, &sg, 2), *tok = ct_seg_first(op, &sg, 3);
  asm_putc(p, ' ');
  if (src) asm_print_operand(p, src);
  if (mask) { asm_puts(p, ", "); asm_print_operand(p, mask); }
  if (pad) { asm_puts(p, ", "); asm_print_operand(p, pad); }
  if (tok) { asm_puts(p, " token="); asm_print_operand(p, tok); }
  print_opt_hints_eq(p, op);
  static const char *const elided[] = {"memory_ordering_semantics", "memory_scope",
                                       "optimization_hints", "operandSegmentSizes", NULL};
  ct_print_attr_dict(p, op, elided);
  asm_puts(p, " : ");
  if (src) ct_print_type(p, src->type);
  if (mask) { asm_puts(p, ", "); ct_print_type(p, mask->type); }
  if (pad) { asm_puts(p, ", "); ct_print_type(p, pad->type); }
  asm_puts(p, " -> ");
  ct_print_type(p, ir_op_result(op, 0)->type);
  asm_puts(p, ", ");
  ct_print_type(p, ir_op_result(op, 1)->type);
}

/* TypesMatchWith "`source` type is expected a pointer type of `result` type"
 * (verifyLoadStoreType): same shape, pointee = element. */
static bool ptr_matches(const IrType *ptrs, const IrType *vals) {
  if (!ct_type_is_tile(ptrs) || !ct_type_is_tile(vals)) return false;
  size_t r = ct_tile_type_rank(ptrs);
  if (r != ct_tile_type_rank(vals) ||
      (r && memcmp(ct_tile_type_shape(ptrs), ct_tile_type_shape(vals), r * sizeof(int64_t))))
    return false;
  const IrType *pe = ct_tile_type_elem(ptrs);
  return ct_type_is_ptr(pe) && ct_ptr_type_pointee(pe) == ct_tile_type_elem(vals);
}
static bool same_tile_shape(const IrType *a, const IrType *b) {
  return ct_type_is_tile(a) && ct_type_is_tile(b) && ct_tile_same_shape(a, b);
}

const CtOdsSpec ct_spec_load_ptr_tko = {
    .segments = true,
    .attrs = {MEM_ORDERING, MEM_SCOPE(false), MEM_HINTS},
    .operands = {PTR_TILE, OPT_MASK, CT_ODS_V(OPT, ct_is_number_tile, CT_DESC_NUMBER_TILE),
                 CT_ODS_OPT_TOKEN},
    .results = {ANY_TILE, CT_ODS_TOKEN},
};

bool ct_verify_load_ptr(IrOp *op) {
  CtOdsGroups g;
  if (!ct_ods_verify_op(op, &g)) return false;
  const uint32_t *st = g.start;
  const int32_t *seg = g.size;
  const IrType *src = ir_op_operand(op, st[0])->type;
  if (!verify_ptr_value(op, src, ir_op_result(op, 0)->type)) return false;
  if (!ptr_matches(src, ir_op_result(op, 0)->type))
    return ct_ods_fail_that(op, "`source` type is expected a pointer type of `result` type");
  if (seg[1] && !same_tile_shape(src, ir_op_operand(op, st[1])->type))
    return ir_op_error(op, "mask shape must match value shape");
  if (seg[2] && ir_op_operand(op, st[2])->type != ir_op_result(op, 0)->type)
    return ct_ods_fail_that(op, "type of 'paddingValue' must match the type of 'result'");
  return verify_hints(op) && verify_memory_model(op, true);
}

/* store_ptr_tko ::= ordering scope? dest `,` value (`,` mask)? (`token` `=` tok)?
 *   (`optimization_hints` `=` hints)? attr-dict `:` type `,` type (`,` type)?
 *   `->` type */
bool ct_parse_store_ptr(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperand dst, val, mask, tok;
  bool has_mask = false, has_tok = false;
  const IrType *td = NULL, *tv = NULL, *tm = NULL, *tt = NULL;
  if (!parse_required_enum(p, st, &ct_enum_memory_ordering_semantics,
                           "memory_ordering_semantics") ||
      !parse_optional_scope(p, st) || !asm_parse_operand(p, &dst) ||
      !asm_parse_punct(p, ASM_COMMA) || !asm_parse_operand(p, &val))
    return false;
  if (!parse_opt_comma_operand(p, &mask, &has_mask)) return false;
  if (!parse_opt_token(p, &tok, &has_tok) || !parse_opt_hints_eq(p, st) ||
      !asm_parse_optional_attr_dict(p, st) || !asm_parse_punct(p, ASM_COLON) ||
      !ct_parse_type(p, &td) || !asm_parse_punct(p, ASM_COMMA) || !ct_parse_type(p, &tv))
    return false;
  if (asm_parse_optional_punct(p, ASM_COMMA) && !ct_parse_type(p, &tm)) return false;
  if (!asm_parse_punct(p, ASM_ARROW) || !ct_parse_type(p, &tt)) return false;
  vec_push(&st->result_types, tt);
  if (!asm_resolve_operand(p, &dst, td, st) || !asm_resolve_operand(p, &val, tv, st))
    return false;
  if (has_mask) {
    if (!tm) return asm_error_at(p, mask.loc, "expected type for the mask operand");
    if (!asm_resolve_operand(p, &mask, tm, st)) return false;
  }
  if (has_tok && !asm_resolve_operand(p, &tok, ct_cached_token(ctx), st)) return false;
  int32_t seg[4] = {1, 1, has_mask, has_tok};
  set_segments(p, st, seg, 4);
  return true;
}

void ct_print_store_ptr(AsmPrinter *p, IrOp *op) {
  print_enum_prop(p, op, &ct_enum_memory_ordering_semantics, "memory_ordering_semantics");
  print_enum_prop(p, op, &ct_enum_memory_scope, "memory_scope");
  CtSegs sg = ct_op_segments(op, 4);
  IrValue *dst = ct_seg_first(op, &sg, 0), *val = ct_seg_first(op, &sg, 1);
  IrValue *mask = ct_seg_first(op, &sg, 2), *tok = ct_seg_first(op, &sg, 3);
  asm_putc(p, ' ');
  if (dst) asm_print_operand(p, dst);
  asm_puts(p, ", ");
  if (val) asm_print_operand(p, val);
  if (mask) { asm_puts(p, ", "); asm_print_operand(p, mask); }
  if (tok) { asm_puts(p, " token="); asm_print_operand(p, tok); }
  print_opt_hints_eq(p, op);
  static const char *const elided[] = {"memory_ordering_semantics", "memory_scope",
                                       "optimization_hints", "operandSegmentSizes", NULL};
  ct_print_attr_dict(p, op, elided);
  asm_puts(p, " : ");
  if (dst) ct_print_type(p, dst->type);
  asm_puts(p, ", ");
  if (val) ct_print_type(p, val->type);
  if (mask) { asm_puts(p, ", "); ct_print_type(p, mask->type); }
  asm_puts(p, " -> ");
  ct_print_type(p, ir_op_result(op, 0)->type);
}

const CtOdsSpec ct_spec_store_ptr_tko = {
    .segments = true,
    .attrs = {MEM_ORDERING, MEM_SCOPE(false), MEM_HINTS},
    .operands = {PTR_TILE, ANY_TILE, OPT_MASK, CT_ODS_OPT_TOKEN},
    .results = {CT_ODS_TOKEN},
};

bool ct_verify_store_ptr(IrOp *op) {
  CtOdsGroups g;
  if (!ct_ods_verify_op(op, &g)) return false;
  const uint32_t *st = g.start;
  const int32_t *seg = g.size;
  const IrType *dst = ir_op_operand(op, st[0])->type;
  if (!verify_ptr_value(op, dst, ir_op_operand(op, st[1])->type)) return false;
  if (!ptr_matches(dst, ir_op_operand(op, st[1])->type))
    return ct_ods_fail_that(op, "`destination` type is expected a pointer type of `value` "
                                "type");
  if (seg[2] && !same_tile_shape(dst, ir_op_operand(op, st[2])->type))
    return ir_op_error(op, "mask shape must match value shape");
  return verify_hints(op) && verify_memory_model(op, false);
}

/* ---- load_view_tko / store_view_tko / atomic_red_view_tko -------------------------- */

/* (`token` `=` tok)? (`optimization_hints` `=` hints)? attr-dict-with-keyword */
static bool parse_view_common(AsmParser *p, IrOpState *st, AsmOperand *tok, bool *has_tok,
                              bool hints) {
  if (!parse_opt_token(p, tok, has_tok)) return false;
  if (hints && !parse_opt_hints_eq(p, st)) return false;
  return asm_parse_optional_attr_dict_with_keyword(p, st);
}

/* A view access's indices and their types, inline up to 8 (no malloc for
 * the usual ranks). */
typedef CT_SVEC(AsmOperand, 8) IndexOperands;
typedef CT_SVEC(const IrType *, 8) IndexTypes;

/* Index types after the view type: `, T` (splat over all indices) or
 * `, T1, T2, ...` (one per index). */
static bool parse_index_types(AsmParser *p, size_t nidx, IndexTypes *out, AsmLoc *at) {
  if (!asm_parse_optional_punct(p, ASM_COMMA)) return true;
  *at = asm_cur_loc(p);
  const IrType *t = NULL;
  if (!ct_parse_type(p, &t)) return asm_error_at(p, *at, "expected index type after comma");
  if (asm_parse_optional_punct(p, ASM_COMMA)) {
    ct_svec_push(out, t);
    do {
      if (!ct_parse_type(p, &t)) return false;
      ct_svec_push(out, t);
    } while (asm_parse_optional_punct(p, ASM_COMMA));
  } else {
    for (size_t i = 0; i < nidx; i++) ct_svec_push(out, t);
  }
  return true;
}

static bool resolve_indices(AsmParser *p, IrOpState *st, const IndexOperands *idx,
                            const IndexTypes *types, AsmLoc type_at) {
  if (idx->len && !types->len)
    return asm_error(p, "index types must be specified when indices are present");
  if (types->len && types->len != idx->len)
    return asm_error_at(p, type_at, "expected %zu index types, got %zu", idx->len,
                        types->len);
  return asm_resolve_operands(p, idx->data, idx->len, types->data, types->len,
                              asm_cur_loc(p), st);
}

static void print_index_types(AsmPrinter *p, IrUse *idx, size_t n) {
  if (!n) return;
  bool same = true;
  for (size_t i = 1; i < n; i++) same = same && idx[i].value->type == idx[0].value->type;
  for (size_t i = 0; i < (same ? 1 : n); i++) {
    asm_puts(p, ", ");
    ct_print_type(p, idx[i].value->type);
  }
}

static bool parse_mem_attrs_into(AsmParser *p, IrOpState *st) {
  int ord = 0, scope = -1;
  if (!ct_parse_memory_attrs(p, &ord, &scope)) return false;
  ir_op_state_add_prop(st, "memory_ordering_semantics", ct_cached_i32(asm_ctx(p), ord));
  if (scope >= 0) ir_op_state_add_prop(st, "memory_scope", ct_cached_i32(asm_ctx(p), scope));
  return true;
}

static void print_mem_attrs(AsmPrinter *p, IrOp *op) {
  int ord = enum_prop(op, "memory_ordering_semantics");
  int scope = enum_prop(op, "memory_scope");
  ct_print_memory_attrs(p, ord < 0 ? 0 : ord, scope);
}

/* `%view[%i, ...]` (the list as asm_parse_operand_list reads it: zero or
 * more comma-separated operands) */
static bool parse_view_and_indices(AsmParser *p, AsmOperand *view, IndexOperands *idx) {
  if (!asm_parse_operand(p, view) || !asm_parse_punct(p, ASM_LSQUARE)) return false;
  if (asm_peek_operand(p)) {
    do {
      AsmOperand o = {0};
      if (!asm_parse_operand(p, &o)) return false;
      ct_svec_push(idx, o);
    } while (asm_parse_optional_punct(p, ASM_COMMA));
  }
  return asm_parse_punct(p, ASM_RSQUARE);
}

static void print_view_and_indices(AsmPrinter *p, IrValue *view, IrUse *idx, size_t n) {
  asm_putc(p, ' ');
  asm_print_operand(p, view);
  asm_putc(p, '[');
  asm_print_operands(p, idx, n);
  asm_putc(p, ']');
}

static void print_view_optionals(AsmPrinter *p, IrOp *op, IrValue *tok) {
  if (tok) {
    asm_puts(p, " token = ");
    asm_print_operand(p, tok);
  }
  print_opt_hints_eq(p, op);
  static const char *const elided[] = {"memory_ordering_semantics", "memory_scope",
                                       "optimization_hints", "operandSegmentSizes", NULL};
  ct_print_attr_dict_kw(p, op, elided);
}

/* load_view_tko ::= mem-attrs view `[` indices `]` view-common `:` view-type
 *                   index-types? `->` type `,` type */
bool ct_parse_load_view(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperand view, tok;
  IndexOperands idx;
  IndexTypes itypes;
  ct_svec_init(&idx);
  ct_svec_init(&itypes);
  bool has_tok = false;
  const IrType *tv = NULL, *tr = NULL, *tt = NULL;
  AsmLoc type_at = asm_cur_loc(p);
  bool ok = parse_mem_attrs_into(p, st) && parse_view_and_indices(p, &view, &idx) &&
            parse_view_common(p, st, &tok, &has_tok, true) &&
            asm_parse_punct(p, ASM_COLON) && ct_parse_type(p, &tv) &&
            parse_index_types(p, idx.len, &itypes, &type_at) &&
            asm_parse_punct(p, ASM_ARROW) && ct_parse_type(p, &tr) &&
            asm_parse_punct(p, ASM_COMMA) && ct_parse_type(p, &tt) &&
            asm_resolve_operand(p, &view, tv, st) &&
            resolve_indices(p, st, &idx, &itypes, type_at) &&
            (!has_tok || asm_resolve_operand(p, &tok, ct_cached_token(ctx), st));
  if (ok) {
    int32_t seg[3] = {1, (int32_t)idx.len, has_tok};
    set_segments(p, st, seg, 3);
    vec_push(&st->result_types, tr);
    vec_push(&st->result_types, tt);
  }
  ct_svec_free(&idx);
  ct_svec_free(&itypes);
  return ok;
}

/* What the three view accesses end with: ` : ` (value-type `, `)?
 * view-type index-types ` -> ` result-types. */
static void print_view_types(AsmPrinter *p, IrOp *op, IrValue *value, IrValue *view,
                             IrUse *idx, size_t n) {
  asm_puts(p, " : ");
  if (value) {
    ct_print_type(p, value->type);
    asm_puts(p, ", ");
  }
  ct_print_type(p, view->type);
  print_index_types(p, idx, n);
  asm_puts(p, " -> ");
  for (uint32_t i = 0; i < op->nresults; i++) {
    if (i) asm_puts(p, ", ");
    ct_print_type(p, ir_op_result(op, i)->type);
  }
}

/* load_view_tko (segments: view, indices, token) and store_view_tko
 * (tile, view, indices, token):
 *   mem-attrs (tile `,`)? view `[` indices `]` view-common `:` types */
static void print_view_access(AsmPrinter *p, IrOp *op, bool store) {
  unsigned nseg = store ? 4 : 3, vseg = store ? 1 : 0;
  CtSegs sg = ct_op_segments(op, nseg);
  print_mem_attrs(p, op);
  IrValue *tile = store ? ct_seg_first(op, &sg, 0) : NULL, *view = ct_seg_first(op, &sg, vseg);
  if (store && (!tile || !view)) return;
  if (!view) view = ir_op_operand(op, 0);
  if (tile) {
    asm_putc(p, ' ');
    asm_print_operand(p, tile);
    asm_putc(p, ',');
  }
  IrUse *idx = ir_op_operands(op) + sg.start[vseg + 1];
  size_t n = sg.size[vseg + 1];
  print_view_and_indices(p, view, idx, n);
  print_view_optionals(p, op, ct_seg_first(op, &sg, nseg - 1));
  print_view_types(p, op, tile, view, idx, n);
}

void ct_print_load_view(AsmPrinter *p, IrOp *op) { print_view_access(p, op, false); }

/* verifyViewLoadStoreCommon. */
static bool verify_view_common(IrOp *op, IrValue *view, IrUse *idx, size_t n,
                               const IrType *tile) {
  const IrType *vt = view->type;
  size_t rank = ct_view_index_rank(vt);
  if (n != rank)
    return ir_op_error(op, "expected %zu index operands (based on view type), got %zu",
                       rank, n);
  /* tile == ct_view_tile_type(ctx, vt), without uniquing it for every op */
  if (!ct_is_tile_of(tile, ct_view_tile_shape(vt), ct_view_tile_rank(vt),
                     ct_tensor_view_elem(ct_view_tensor_view(vt))))
    return ir_op_error(op, "expected tile type to be '%T' (based on view type), got '%T'",
                       ct_view_tile_type(ir_op_context(op), vt), tile);
  const IrType *types[64];
  const IrType **tv = n <= 64 ? types : xmalloc(n * sizeof *tv);
  for (size_t i = 0; i < n; i++) tv[i] = idx[i].value->type;
  /* a silent check first; the report is NVIDIA's op->emitOpError() (the
   * op-name prefix and the current-operation note) */
  bool ok = ct_view_verify_indices(NULL, vt, tv, n);
  if (!ok) {
    CtEmitter e = ct_emitter_op(op);
    ok = ct_view_verify_indices(&e, vt, tv, n);
  }
  if (tv != types) free(tv);
  if (!ok) return false;
  return verify_hints(op);
}

const CtOdsSpec ct_spec_load_view_tko = {
    .segments = true,
    .attrs = {MEM_ORDERING, MEM_SCOPE(false), MEM_HINTS},
    .operands = {VIEW, INDICES, CT_ODS_OPT_TOKEN},
    .results = {ANY_TILE, CT_ODS_TOKEN},
};

bool ct_verify_load_view(IrOp *op) {
  CtOdsGroups g;
  if (!ct_ods_verify_op(op, &g)) return false;
  const uint32_t *st = g.start;
  const int32_t *seg = g.size;
  if (!verify_view_common(op, ir_op_operand(op, st[0]), ir_op_operands(op) + st[1],
                          (size_t)seg[1], ir_op_result(op, 0)->type))
    return false;
  return verify_memory_model(op, true);
}

/* store_view_tko ::= mem-attrs tile `,` view `[` indices `]` view-common `:`
 *                    tile-type `,` view-type index-types? `->` type */
bool ct_parse_store_view(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperand tile, view, tok;
  IndexOperands idx;
  IndexTypes itypes;
  ct_svec_init(&idx);
  ct_svec_init(&itypes);
  bool has_tok = false;
  const IrType *ttile = NULL, *tv = NULL, *tt = NULL;
  AsmLoc type_at = asm_cur_loc(p);
  bool ok = parse_mem_attrs_into(p, st) && asm_parse_operand(p, &tile) &&
            asm_parse_punct(p, ASM_COMMA) && parse_view_and_indices(p, &view, &idx) &&
            parse_view_common(p, st, &tok, &has_tok, true) &&
            asm_parse_punct(p, ASM_COLON) && ct_parse_type(p, &ttile) &&
            asm_parse_punct(p, ASM_COMMA) && ct_parse_type(p, &tv) &&
            parse_index_types(p, idx.len, &itypes, &type_at) &&
            asm_parse_punct(p, ASM_ARROW) && ct_parse_type(p, &tt) &&
            asm_resolve_operand(p, &tile, ttile, st) &&
            asm_resolve_operand(p, &view, tv, st) &&
            resolve_indices(p, st, &idx, &itypes, type_at) &&
            (!has_tok || asm_resolve_operand(p, &tok, ct_cached_token(ctx), st));
  if (ok) {
    int32_t seg[4] = {1, 1, (int32_t)idx.len, has_tok};
    set_segments(p, st, seg, 4);
    vec_push(&st->result_types, tt);
  }
  ct_svec_free(&idx);
  ct_svec_free(&itypes);
  return ok;
}

void ct_print_store_view(AsmPrinter *p, IrOp *op) { print_view_access(p, op, true); }

const CtOdsSpec ct_spec_store_view_tko = {
    .segments = true,
    .attrs = {MEM_ORDERING, MEM_SCOPE(false), MEM_HINTS},
    .operands = {ANY_TILE, VIEW, INDICES, CT_ODS_OPT_TOKEN},
    .results = {CT_ODS_TOKEN},
};

bool ct_verify_store_view(IrOp *op) {
  CtOdsGroups g;
  if (!ct_ods_verify_op(op, &g)) return false;
  const uint32_t *st = g.start;
  const int32_t *seg = g.size;
  if (!verify_view_common(op, ir_op_operand(op, st[1]), ir_op_operands(op) + st[2],
                          (size_t)seg[2], ir_op_operand(op, st[0])->type))
    return false;
  return verify_memory_model(op, false);
}

/* atomic_red_view_tko ::= ordering scope? view `[` indices `]` `,` mode `,`
 *   value (`token` `=` tok)? attr-dict-with-keyword `:` value-type `,` view-type
 *   index-types? `->` type */
bool ct_parse_atomic_red_view(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmLoc at = asm_cur_loc(p);
  Str kw;
  if (!asm_parse_keyword_any(p, &kw)) return false;
  int ord = ct_enum_lookup(&ct_enum_memory_ordering_semantics, kw);
  if (ord < 0)
    return asm_error_at(p, at, "invalid memory_ordering_semantics: '%.*s'; expected one "
                               "of: weak, relaxed, acquire, release, acq_rel",
                        (int)kw.n, kw.s);
  ir_op_state_add_prop(st, "memory_ordering_semantics", ct_cached_i32(ctx, ord));
  at = asm_cur_loc(p);
  if (asm_parse_optional_keyword_any(p, &kw)) {
    int scope = ct_enum_lookup(&ct_enum_memory_scope, kw);
    if (scope < 0)
      return asm_error_at(p, at, "invalid memory_scope: '%.*s'; expected one of: tl_blk, "
                                 "device, sys",
                          (int)kw.n, kw.s);
    ir_op_state_add_prop(st, "memory_scope", ct_cached_i32(ctx, scope));
  }
  AsmOperand view, value, tok;
  IndexOperands idx;
  IndexTypes itypes;
  ct_svec_init(&idx);
  ct_svec_init(&itypes);
  bool has_tok = false;
  const IrType *tval = NULL, *tv = NULL, *tt = NULL;
  AsmLoc type_at = asm_cur_loc(p);
  bool ok = parse_view_and_indices(p, &view, &idx) && asm_parse_punct(p, ASM_COMMA);
  if (ok) {
    AsmLoc mat = asm_cur_loc(p);
    ok = asm_parse_keyword_any(p, &kw) && asm_parse_punct(p, ASM_COMMA) &&
         asm_parse_operand(p, &value);
    if (ok) {
      int mode = ct_enum_lookup(&ct_enum_atomic_rmw_mode, kw);
      if (mode < 0)
        ok = asm_error_at(p, mat, "unknown atomic RMW mode: '%.*s'; expected one of: and, "
                                  "or, xor, add, addf, max, min, umax, umin",
                          (int)kw.n, kw.s);
      else
        ir_op_state_add_prop(st, "mode", ct_cached_i32(ctx, mode));
    }
  }
  ok = ok && parse_view_common(p, st, &tok, &has_tok, false) &&
       asm_parse_punct(p, ASM_COLON);
  if (ok) type_at = asm_cur_loc(p);
  ok = ok && ct_parse_type(p, &tval) && asm_parse_punct(p, ASM_COMMA) &&
       ct_parse_type(p, &tv) && parse_index_types(p, idx.len, &itypes, &type_at) &&
       asm_parse_punct(p, ASM_ARROW) && ct_parse_type(p, &tt) &&
       asm_resolve_operand(p, &view, tv, st) &&
       resolve_indices(p, st, &idx, &itypes, type_at) &&
       asm_resolve_operand(p, &value, tval, st) &&
       (!has_tok || asm_resolve_operand(p, &tok, ct_cached_token(ctx), st));
  if (ok) {
    int32_t seg[4] = {1, (int32_t)idx.len, 1, has_tok};
    set_segments(p, st, seg, 4);
    vec_push(&st->result_types, tt);
  }
  ct_svec_free(&idx);
  ct_svec_free(&itypes);
  return ok;
}

void ct_print_atomic_red_view(AsmPrinter *p, IrOp *op) {
  CtSegs sg = ct_op_segments(op, 4);
  print_mem_attrs(p, op);
  IrValue *view = ct_seg_first(op, &sg, 0), *value = ct_seg_first(op, &sg, 2);
  IrValue *tok = ct_seg_first(op, &sg, 3);
  if (!view || !value) return;
  IrUse *idx = ir_op_operands(op) + sg.start[1];
  print_view_and_indices(p, view, idx, sg.size[1]);
  const char *mode = ct_enum_keyword(&ct_enum_atomic_rmw_mode, enum_prop(op, "mode"));
  asm_puts(p, ", ");
  asm_puts(p, mode ? mode : "");
  asm_puts(p, ", ");
  asm_print_operand(p, value);
  if (tok) {
    asm_puts(p, " token = ");
    asm_print_operand(p, tok);
  }
  static const char *const elided[] = {"memory_ordering_semantics", "memory_scope", "mode",
                                       "operandSegmentSizes", NULL};
  ct_print_attr_dict_kw(p, op, elided);
  print_view_types(p, op, value, view, idx, sg.size[1]);
}

const CtOdsSpec ct_spec_atomic_red_view_tko = {
    .segments = true,
    .attrs = {MEM_ORDERING, MEM_SCOPE(true), MEM_MODE},
    .operands = {VIEW, INDICES, ANY_TILE, CT_ODS_OPT_TOKEN},
    .results = {CT_ODS_TOKEN},
};

bool ct_verify_atomic_red_view(IrOp *op) {
  CtOdsGroups g;
  if (!ct_ods_verify_op(op, &g)) return false;
  const uint32_t *st = g.start;
  const int32_t *seg = g.size;
  /* AtomicRedViewTkoOp::verify */
  const IrType *vt = ir_op_operand(op, st[0])->type;
  if (ct_type_is_gather_scatter_view(vt))
    return ir_op_error(op, "gather_scatter_view is not supported; use partition_view instead");
  if (ct_view_padding(vt) != CT_NO_PADDING)
    return ir_op_error(op, "views with padding_value are not supported for atomic reductions");
  const IrType *tt = ct_view_tile_type(ir_op_context(op), vt);
  const IrType *val = ir_op_operand(op, st[2])->type;
  if (ct_tile_type_elem(tt) != ct_tile_type_elem(val))
    return ir_op_error(op, "view element type ('%T') must match value element type ('%T')",
                       ct_tile_type_elem(tt), ct_tile_type_elem(val));
  if (!same_tile_shape(tt, val)) {
    StrBuf a = {0}, b = {0};
    ct_sb_int_list(&a, ct_tile_type_shape(tt), ct_tile_type_rank(tt), ", ");
    ct_sb_int_list(&b, ct_tile_type_shape(val), ct_tile_type_rank(val), ", ");
    bool r = ir_op_error(op, "view tile shape %s must match value shape %s for element-wise "
                             "atomic operations",
                         sb_cstr(&a), sb_cstr(&b));
    sb_free(&a);
    sb_free(&b);
    return r;
  }
  int mode = enum_prop(op, "mode");
  if (mode == CT_RMW_XCHG)
    return ir_op_error(op, "atomic_red_view_tko op cannot use xchg operation");
  if (!verify_rmw_mode(op, mode, ct_tile_type_elem(val))) return false;
  if (enum_prop(op, "memory_ordering_semantics") != CT_MEM_RELAXED)
    return ir_op_error(op, "only 'relaxed' memory ordering is supported for view-based atomic "
                           "reductions");
  if (enum_prop(op, "memory_scope") == CT_SCOPE_SYS)
    return ir_op_error(op, "memory scope 'sys' is not supported for view-based atomic "
                           "reductions; use 'tl_blk' or 'device' for TMA compatibility");
  size_t rank = ct_tile_type_rank(tt);
  if ((size_t)seg[1] != rank)
    return ir_op_error(op, "expected %zu index operand(s) for view with tile rank %zu, got %d",
                       rank, rank, seg[1]);
  for (int32_t i = 0; i < seg[1]; i++) {
    const IrType *it = ir_op_operand(op, st[1] + (uint32_t)i)->type;
    if (ct_tile_type_rank(it) != 0) {
      StrBuf a = {0};
      ct_sb_int_list(&a, ct_tile_type_shape(it), ct_tile_type_rank(it), ", ");
      bool r = ir_op_error(op, "index operand %d must be a scalar tile (rank 0), got shape %s",
                           i, sb_cstr(&a));
      sb_free(&a);
      return r;
    }
    if (!ir_type_is_integer(ct_tile_type_elem(it)))
      return ir_op_error(op, "index operand %d must be a scalar integer tile, got element "
                             "type '%T'",
                         i, ct_tile_type_elem(it));
  }
  return true;
}

/* ---- atomic_cas_tko / atomic_rmw_tko -------------------------------------------------- */

/* atomic_cas_tko ::= ordering scope ptrs `,` cmp `,` val (`,` mask)? (`token` `=` tok)?
 *   attr-dict `:` type `,` type (`,` type)? `->` type `,` type */
bool ct_parse_atomic_cas(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperand ptrs, cmp, val, mask, tok;
  bool has_mask = false, has_tok = false;
  const IrType *tp = NULL, *tv = NULL, *tm = NULL, *tr = NULL, *tt = NULL;
  if (!parse_required_enum(p, st, &ct_enum_memory_ordering_semantics,
                           "memory_ordering_semantics") ||
      !parse_required_enum(p, st, &ct_enum_memory_scope, "memory_scope") ||
      !asm_parse_operand(p, &ptrs) || !asm_parse_punct(p, ASM_COMMA) ||
      !asm_parse_operand(p, &cmp) || !asm_parse_punct(p, ASM_COMMA) ||
      !asm_parse_operand(p, &val))
    return false;
  if (!parse_opt_comma_operand(p, &mask, &has_mask)) return false;
  if (!parse_opt_token(p, &tok, &has_tok) || !asm_parse_optional_attr_dict(p, st) ||
      !asm_parse_punct(p, ASM_COLON) || !ct_parse_type(p, &tp) ||
      !asm_parse_punct(p, ASM_COMMA) || !ct_parse_type(p, &tv))
    return false;
  if (asm_parse_optional_punct(p, ASM_COMMA) && !ct_parse_type(p, &tm)) return false;
  if (!asm_parse_punct(p, ASM_ARROW) || !ct_parse_type(p, &tr) ||
      !asm_parse_punct(p, ASM_COMMA) || !ct_parse_type(p, &tt))
    return false;
  vec_push(&st->result_types, tr);
  vec_push(&st->result_types, tt);
  /* cmp takes the type of val (AllTypesMatch<cmp, val, result>). */
  if (!asm_resolve_operand(p, &ptrs, tp, st) || !asm_resolve_operand(p, &cmp, tv, st) ||
      !asm_resolve_operand(p, &val, tv, st))
    return false;
  if (has_mask) {
    if (!tm) return asm_error_at(p, mask.loc, "expected type for the mask operand");
    if (!asm_resolve_operand(p, &mask, tm, st)) return false;
  }
  if (has_tok && !asm_resolve_operand(p, &tok, ct_cached_token(ctx), st)) return false;
  int32_t seg[5] = {1, 1, 1, has_mask, has_tok};
  set_segments(p, st, seg, 5);
  return true;
}

static void print_atomic_tail(AsmPrinter *p, IrOp *op, IrValue *ptrs, IrValue *val,
                              IrValue *mask, IrValue *tok) {
  if (mask) { asm_puts(p, ", "); asm_print_operand(p, mask); }
  if (tok) { asm_puts(p, " token="); asm_print_operand(p, tok); }
  static const char *const elided[] = {"memory_ordering_semantics", "memory_scope", "mode",
                                       "operandSegmentSizes", NULL};
  ct_print_attr_dict(p, op, elided);
  asm_puts(p, " : ");
  ct_print_type(p, ptrs->type);
  asm_puts(p, ", ");
  ct_print_type(p, val->type);
  if (mask) { asm_puts(p, ", "); ct_print_type(p, mask->type); }
  asm_puts(p, " -> ");
  ct_print_type(p, ir_op_result(op, 0)->type);
  asm_puts(p, ", ");
  ct_print_type(p, ir_op_result(op, 1)->type);
}

void ct_print_atomic_cas(AsmPrinter *p, IrOp *op) {
  print_enum_prop(p, op, &ct_enum_memory_ordering_semantics, "memory_ordering_semantics");
  print_enum_prop(p, op, &ct_enum_memory_scope, "memory_scope");
  CtSegs sg = ct_op_segments(op, 5);
  IrValue *ptrs = ct_seg_first(op, &sg, 0), *cmp = ct_seg_first(op, &sg, 1);
  IrValue *val = ct_seg_first(op, &sg, 2);
  if (!ptrs || !cmp || !val) return;
  asm_putc(p, ' ');
  asm_print_operand(p, ptrs);
  asm_puts(p, ", ");
  asm_print_operand(p, cmp);
  asm_puts(p, ", ");
  asm_print_operand(p, val);
  print_atomic_tail(p, op, ptrs, val, ct_seg_first(op, &sg, 3), ct_seg_first(op, &sg, 4));
}


const CtOdsSpec ct_spec_atomic_cas_tko = {
    .segments = true,
    .attrs = {MEM_ORDERING, MEM_SCOPE(true)},
    .operands = {PTR_TILE, ANY_TILE, ANY_TILE, OPT_MASK, CT_ODS_OPT_TOKEN},
    .results = {ANY_TILE, CT_ODS_TOKEN},
};

bool ct_verify_atomic_cas(IrOp *op) {
  CtOdsGroups g;
  if (!ct_ods_verify_op(op, &g)) return false;
  const uint32_t *st = g.start;
  const int32_t *seg = g.size;
  const IrType *sh[4] = {ir_op_operand(op, st[0])->type, ir_op_operand(op, st[1])->type,
                         ir_op_operand(op, st[2])->type, ir_op_result(op, 0)->type};
  if (!verify_ptr_value(op, sh[0], sh[2])) return false;
  if (!ct_ods_all_same_shape(op, "{pointers, cmp, val, result}", sh, 4)) return false;
  if (!ct_ods_same_type(op, "{cmp, val, result}", 3, sh + 1)) return false;
  /* AtomicCASTkoOp::verify */
  const IrType *pointee = ct_ptr_type_pointee(ct_tile_type_elem(sh[0]));
  const IrType *el = ct_tile_type_elem(sh[2]);
  if (pointee != el)
    return ir_op_error(op, "expected pointee type ('%T') to match element type of 'val' ('%T')",
                       pointee, el);
  unsigned w = ir_type_is_integer(el) ? ir_integer_width(el)
               : ir_type_is_float(el) ? ir_float_kind_width(ir_float_kind(el))
                                      : 0;
  if (w != 32 && w != 64)
    return ir_op_error(op, "expect only float or integer types with 32 or 64 bit");
  if (seg[3] && !same_tile_shape(ir_op_operand(op, st[3])->type, sh[2]))
    return ir_op_error(op, "mask shape must match value shape");
  return verify_atomic_ordering(op);
}

/* atomic_rmw_tko ::= ordering scope ptrs `,` mode `,` arg (`,` mask)? (`token` `=`
 *   tok)? attr-dict `:` type `,` type (`,` type)? `->` type `,` type */
bool ct_parse_atomic_rmw(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperand ptrs, arg, mask, tok;
  bool has_mask = false, has_tok = false;
  const IrType *tp = NULL, *ta = NULL, *tm = NULL, *tr = NULL, *tt = NULL;
  if (!parse_required_enum(p, st, &ct_enum_memory_ordering_semantics,
                           "memory_ordering_semantics") ||
      !parse_required_enum(p, st, &ct_enum_memory_scope, "memory_scope") ||
      !asm_parse_operand(p, &ptrs) || !asm_parse_punct(p, ASM_COMMA) ||
      !parse_required_enum(p, st, &ct_enum_atomic_rmw_mode, "mode") ||
      !asm_parse_punct(p, ASM_COMMA) || !asm_parse_operand(p, &arg))
    return false;
  if (!parse_opt_comma_operand(p, &mask, &has_mask)) return false;
  if (!parse_opt_token(p, &tok, &has_tok) || !asm_parse_optional_attr_dict(p, st) ||
      !asm_parse_punct(p, ASM_COLON) || !ct_parse_type(p, &tp) ||
      !asm_parse_punct(p, ASM_COMMA) || !ct_parse_type(p, &ta))
    return false;
  if (asm_parse_optional_punct(p, ASM_COMMA) && !ct_parse_type(p, &tm)) return false;
  if (!asm_parse_punct(p, ASM_ARROW) || !ct_parse_type(p, &tr) ||
      !asm_parse_punct(p, ASM_COMMA) || !ct_parse_type(p, &tt))
    return false;
  vec_push(&st->result_types, tr);
  vec_push(&st->result_types, tt);
  if (!asm_resolve_operand(p, &ptrs, tp, st) || !asm_resolve_operand(p, &arg, ta, st))
    return false;
  if (has_mask) {
    if (!tm) return asm_error_at(p, mask.loc, "expected type for the mask operand");
    if (!asm_resolve_operand(p, &mask, tm, st)) return false;
  }
  if (has_tok && !asm_resolve_operand(p, &tok, ct_cached_token(ctx), st)) return false;
  int32_t seg[4] = {1, 1, has_mask, has_tok};
  set_segments(p, st, seg, 4);
  return true;
}

void ct_print_atomic_rmw(AsmPrinter *p, IrOp *op) {
  print_enum_prop(p, op, &ct_enum_memory_ordering_semantics, "memory_ordering_semantics");
  print_enum_prop(p, op, &ct_enum_memory_scope, "memory_scope");
  CtSegs sg = ct_op_segments(op, 4);
  IrValue *ptrs = ct_seg_first(op, &sg, 0), *arg = ct_seg_first(op, &sg, 1);
  if (!ptrs || !arg) return;
  asm_putc(p, ' ');
  asm_print_operand(p, ptrs);
  asm_putc(p, ',');
  print_enum_prop(p, op, &ct_enum_atomic_rmw_mode, "mode");
  asm_puts(p, ", ");
  asm_print_operand(p, arg);
  print_atomic_tail(p, op, ptrs, arg, ct_seg_first(op, &sg, 2), ct_seg_first(op, &sg, 3));
}

const CtOdsSpec ct_spec_atomic_rmw_tko = {
    .segments = true,
    .attrs = {MEM_ORDERING, MEM_SCOPE(true), MEM_MODE},
    .operands = {PTR_TILE, ANY_TILE, OPT_MASK, CT_ODS_OPT_TOKEN},
    .results = {ANY_TILE, CT_ODS_TOKEN},
};

bool ct_verify_atomic_rmw(IrOp *op) {
  CtOdsGroups g;
  if (!ct_ods_verify_op(op, &g)) return false;
  const uint32_t *st = g.start;
  const int32_t *seg = g.size;
  const IrType *sh[3] = {ir_op_operand(op, st[0])->type, ir_op_operand(op, st[1])->type,
                         ir_op_result(op, 0)->type};
  if (!verify_ptr_value(op, sh[0], sh[1])) return false;
  if (!ct_ods_all_same_shape(op, "{pointers, arg, result}", sh, 3)) return false;
  if (!ct_ods_same_type(op, "{arg, result}", 2, sh + 1)) return false;
  /* AtomicRMWTkoOp::verify */
  const IrType *pointee = ct_ptr_type_pointee(ct_tile_type_elem(sh[0]));
  const IrType *el = ct_tile_type_elem(sh[1]);
  if (pointee != el)
    return ir_op_error(op, "expected pointee type ('%T') to match element type of 'arg' ('%T')",
                       pointee, el);
  if (seg[2] && !same_tile_shape(ir_op_operand(op, st[2])->type, sh[1]))
    return ir_op_error(op, "mask shape must match value shape");
  if (!verify_rmw_mode(op, enum_prop(op, "mode"), el)) return false;
  return verify_atomic_ordering(op);
}
