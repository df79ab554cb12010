/* attrs_assume.c — the assumption predicates of cuda_tile.assume:
 * #cuda_tile.div_by<D (, every E along A)?>, #cuda_tile.same_elements<[..]>,
 * #cuda_tile.bounded<lb|?, ub|?>: defs, constructors, syntax (full and the
 * prefix-less form used inside `assume`), and verifyWithAssumeOp with
 * NVIDIA's messages (the div_by ones are also the seed's rows). */
#include "dialect/cuda_tile/ct_types.h"

#include <ctype.h>

/* ---- printing ------------------------------------------------------------ */

static void print_div_by(AsmPrinter *p, const IrAttr *a) {
  asm_printf(p, "div_by<%llu", (unsigned long long)ct_div_by_divisor(a));
  if (ct_div_by_has_every(a))
    asm_printf(p, ", every %lld along %lld", (long long)ct_div_by_every(a),
               (long long)ct_div_by_along(a));
  asm_putc(p, '>');
}

static void print_same_elements(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "same_elements<[");
  for (uint32_t i = 0; i < a->nints; i++) asm_printf(p, i ? ", %lld" : "%lld", (long long)a->ints[i]);
  asm_puts(p, "]>");
}

static void print_bounded(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "bounded<");
  if (ct_bounded_has_lb(a)) asm_printf(p, "%lld", (long long)ct_bounded_lb(a));
  else asm_putc(p, '?');
  asm_puts(p, ", ");
  if (ct_bounded_has_ub(a)) asm_printf(p, "%lld", (long long)ct_bounded_ub(a));
  else asm_putc(p, '?');
  asm_putc(p, '>');
}

const IrAttrDef ct_div_by_attr_def = {.name = "div_by", .dialect = "cuda_tile",
                                      .print = print_div_by};
const IrAttrDef ct_same_elements_attr_def = {.name = "same_elements", .dialect = "cuda_tile",
                                             .print = print_same_elements};
const IrAttrDef ct_bounded_attr_def = {.name = "bounded", .dialect = "cuda_tile",
                                       .print = print_bounded};

/* ---- constructors -------------------------------------------------------- */

const IrAttr *ct_div_by_attr(IrContext *ctx, uint64_t divisor, bool has_every,
                             int64_t every, bool has_along, int64_t along) {
  int64_t v[3] = {(int64_t)divisor, has_every ? every : 0, has_along ? along : 0};
  return ir_attr_unique(ctx, &(IrAttr){.def = &ct_div_by_attr_def,
                                       .flags = (has_every ? 1u : 0u) | (has_along ? 2u : 0u),
                                       .nints = 3, .ints = v});
}

const IrAttr *ct_same_elements_attr(IrContext *ctx, const int64_t *values, size_t n) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ct_same_elements_attr_def,
                                       .nints = (uint32_t)n, .ints = values});
}

const IrAttr *ct_bounded_attr(IrContext *ctx, bool has_lb, int64_t lb, bool has_ub,
                              int64_t ub) {
  int64_t v[2] = {has_lb ? lb : 0, has_ub ? ub : 0};
  return ir_attr_unique(ctx, &(IrAttr){.def = &ct_bounded_attr_def,
                                       .flags = (has_lb ? 1u : 0u) | (has_ub ? 2u : 0u),
                                       .nints = 2, .ints = v});
}

bool ct_attr_is_assume_predicate(const IrAttr *a) {
  return a && (a->def == &ct_div_by_attr_def || a->def == &ct_same_elements_attr_def ||
               a->def == &ct_bounded_attr_def);
}

/* ---- parsing ------------------------------------------------------------- */

/* div-by-body := `<` uint64 (`,` `every` int `along` int)? `>` */
const IrAttr *ct_parse_div_by_body(AsmParser *p) {
  if (!asm_parse_punct(p, ASM_LESS)) return NULL;
  uint64_t d = 0;
  if (!ct_parse_u64(p, &d)) {
    asm_error(p, "failed to parse parameter 'divisor' which is expected to be an integer");
    return NULL;
  }
  bool has = false;
  int64_t every = -1, along = -1;
  if (asm_parse_optional_punct(p, ASM_COMMA)) {
    if (!asm_parse_keyword(p, "every") || !asm_parse_integer(p, &every) ||
        !asm_parse_keyword(p, "along") || !asm_parse_integer(p, &along))
      return NULL;
    has = true;
  }
  if (!asm_parse_punct(p, ASM_GREATER)) return NULL;
  return ct_div_by_attr(asm_ctx(p), d, has, every, has, along);
}

/* `[` (int (`,` int)*)? `]` — DenseI64ArrayAttr's stripped form. */
typedef VEC(int64_t) I64Vec;

static bool parse_i64_array(AsmParser *p, I64Vec *out) {
  if (!asm_parse_punct(p, ASM_LSQUARE)) return false;
  if (asm_parse_optional_punct(p, ASM_RSQUARE)) return true;
  do {
    int64_t v;
    if (!asm_parse_integer(p, &v)) return false;
    vec_push(out, v);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return asm_parse_punct(p, ASM_RSQUARE);
}

/* same-elements-body := `<` (`[` ints `]` | dense-i64-array-attr) `>` */
const IrAttr *ct_parse_same_elements_body(AsmParser *p) {
  if (!asm_parse_punct(p, ASM_LESS)) return NULL;
  I64Vec v = {0};
  const IrAttr *r = NULL;
  const char *s = asm_cur_loc(p).ptr;
  bool ok;
  if (s && s[0] == '#') {
    AsmLoc l = asm_cur_loc(p);
    const IrAttr *a;
    ok = asm_parse_attr(p, NULL, &a);
    if (ok && !(ir_attr_is(a, &ir_dense_array_attr_def) && ir_type_is_int_width(a->type, 64) &&
                !(a->flags & 1))) {
      ok = asm_error_at(p, l, "invalid kind of attribute specified");
    } else if (ok) {
      for (uint32_t i = 0; i < a->nints; i++) vec_push(&v, a->ints[i]);
    }
  } else {
    ok = parse_i64_array(p, &v);
  }
  if (!ok)
    asm_error(p, "failed to parse CudaTile_SameElementsAttr parameter 'values' which is to "
                 "be a `DenseI64ArrayAttr`");
  else if (asm_parse_punct(p, ASM_GREATER))
    r = ct_same_elements_attr(asm_ctx(p), v.data, v.len);
  vec_free(&v);
  return r;
}

/* bound := `?` | int */
static bool parse_bound(AsmParser *p, bool *has, int64_t *v) {
  *has = false;
  *v = 0;
  if (asm_parse_optional_punct(p, ASM_QUESTION)) return true;
  bool present = false;
  if (!asm_parse_optional_integer(p, v, &present)) return false;
  if (!present) return asm_error(p, "expected '?'");
  *has = true;
  return true;
}

/* bounded-body := `<` bound `,` bound `>` */
const IrAttr *ct_parse_bounded_body(AsmParser *p) {
  bool hl, hu;
  int64_t lb, ub;
  if (!asm_parse_punct(p, ASM_LESS) || !parse_bound(p, &hl, &lb) ||
      !asm_parse_punct(p, ASM_COMMA) || !parse_bound(p, &hu, &ub) ||
      !asm_parse_punct(p, ASM_GREATER))
    return NULL;
  return ct_bounded_attr(asm_ctx(p), hl, lb, hu, ub);
}

/* assume-predicate := attribute | (`div_by` | `same_elements` | `bounded`) body */
bool ct_parse_assume_predicate(AsmParser *p, const IrAttr **out) {
  AsmLoc l = asm_cur_loc(p);
  const char *s = l.ptr;
  bool word = s && (isalpha((unsigned char)s[0]) || s[0] == '_');
  bool short_form = word && (asm_peek_keyword(p, "div_by") ||
                             asm_peek_keyword(p, "same_elements") ||
                             asm_peek_keyword(p, "bounded"));
  if (!short_form) {
    bool present = false;
    const IrAttr *a = NULL;
    if (!asm_parse_optional_attr(p, NULL, &a, &present)) return false;
    if (present) {
      if (!ct_attr_is_assume_predicate(a))
        return asm_error_at(p, l, "expected assume predicate attribute");
      *out = a;
      return true;
    }
  }
  Str kw;
  if (!ct_parse_optional_word(p, &kw)) return asm_error_at(p, l, "expected attribute name");
  const IrAttr *a = NULL;
  if (!ct_parse_enter(p)) return false;
  if (str_eqz(kw, "div_by")) a = ct_parse_div_by_body(p);
  else if (str_eqz(kw, "same_elements")) a = ct_parse_same_elements_body(p);
  else if (str_eqz(kw, "bounded")) a = ct_parse_bounded_body(p);
  else
    asm_error_at(p, l, "unknown assume predicate attribute: %.*s (expected 'div_by', "
                       "'same_elements', or 'bounded')",
                 (int)kw.n, kw.s);
  ct_parse_leave(p);
  *out = a;
  return a != NULL;
}

void ct_print_assume_predicate(AsmPrinter *p, const IrAttr *a) {
  if (ct_attr_is_assume_predicate(a)) a->def->print(p, a);
  else asm_print_attr(p, a);
}

/* ---- verification (verifyWithAssumeOp) ----------------------------------- */

static bool verify_div_by(IrOp *op, const IrAttr *a, const IrType *t) {
  uint64_t d = ct_div_by_divisor(a);
  if (d == 0 || (d & (d - 1)) != 0)
    return ir_op_error(op, "'cuda_tile.div_by' divisor must be a power of 2");
  if (ct_div_by_has_every(a) != ct_div_by_has_along(a))
    return ir_op_error(op, "'cuda_tile.div_by' 'every'/'along' must be used in combination");
  if (d > UINT64_C(4611686018427387904))
    return ir_op_error(op, "'cuda_tile.div_by' divisor is too large");
  if (ct_type_is_tensor_view(t)) {
    if (ct_div_by_has_every(a))
      return ir_op_error(op, "'cuda_tile.div_by' 'every'/'along' cannot be used if the "
                             "constrained value is a tensor_view");
    return true;
  }
  if (!ct_type_is_tile(t))
    return ir_op_error(op, "'cuda_tile.div_by' is valid only for tile of integer/pointer or "
                           "tensor_view values");
  size_t rank = ct_tile_type_rank(t);
  if (rank == 0 && ct_div_by_has_every(a))
    return ir_op_error(op, "'cuda_tile.div_by' 'every'/'along' cannot be used if the "
                           "constrained value is a 0D tile");
  const IrType *e = ct_tile_type_elem(t);
  if (!ct_type_is_ptr(e) && !ir_type_is_integer(e))
    return ir_op_error(op, "'cuda_tile.div_by' is valid only for tile of integer/pointer or "
                           "tensor_view values");
  if (!ct_div_by_has_every(a)) return true;
  int64_t along = ct_div_by_along(a), every = ct_div_by_every(a);
  if (along < 0 || (uint64_t)along >= rank)
    return ir_op_error(op, "'cuda_tile.div_by' every_dim (%lld) must be >= 0 and < tile rank "
                           "(%zu)",
                       (long long)along, rank);
  int64_t dim = ct_tile_type_shape(t)[along];
  if (every < 0 || every > dim)
    return ir_op_error(op, "expected 'cuda_tile.div_by' every_dim to be within 0 and the size "
                           "of the respective dimension (%lld)",
                       (long long)dim);
  return true;
}

static bool verify_same_elements(IrOp *op, const IrAttr *a, const IrType *t) {
  if (!ct_type_is_tile(t) ||
      !(ct_type_is_ptr(ct_tile_type_elem(t)) || ir_type_is_integer(ct_tile_type_elem(t))))
    return ir_op_error(op, "'cuda_tile.same_elements' is valid only for tile of "
                           "integer/pointer values");
  size_t rank = ct_tile_type_rank(t);
  if (a->nints != rank)
    return ir_op_error(op, "expected number of values in 'cuda_tile.same_elements' (%u) to "
                           "match rank of constrained tile (%zu)",
                       (unsigned)a->nints, rank);
  for (size_t i = 0; i < rank; i++) {
    int64_t dim = ct_tile_type_shape(t)[i];
    if (a->ints[i] < 0 || a->ints[i] > dim)
      return ir_op_error(op, "expected 'cuda_tile.same_elements' value %zu to be within 0 "
                             "and the size of the respective dimension (%lld)",
                         i, (long long)dim);
  }
  return true;
}

static bool verify_bounded(IrOp *op, const IrAttr *a, const IrType *t) {
  if (!ct_type_is_tile(t) || !ir_type_is_integer(ct_tile_type_elem(t)))
    return ir_op_error(op, "'cuda_tile.bounded' is valid only for tile of integer values");
  unsigned w = ir_integer_width(ct_tile_type_elem(t));
  if (w == 0) w = 1;
  if (w > 64) w = 64;
  int64_t lo = w == 64 ? INT64_MIN : -(INT64_C(1) << (w - 1));
  int64_t hi = w == 64 ? INT64_MAX : (INT64_C(1) << (w - 1)) - 1;
  if (ct_bounded_has_lb(a) && (ct_bounded_lb(a) > hi || ct_bounded_lb(a) < lo))
    return ir_op_error(op, "'cuda_tile.bounded' expects lower bound to be within [%lld, %lld]",
                       (long long)lo, (long long)hi);
  if (ct_bounded_has_ub(a) && (ct_bounded_ub(a) > hi || ct_bounded_ub(a) < lo))
    return ir_op_error(op, "'cuda_tile.bounded' expects upper bound to be within [%lld, %lld]",
                       (long long)lo, (long long)hi);
  if (ct_bounded_has_lb(a) && ct_bounded_has_ub(a) && ct_bounded_lb(a) > ct_bounded_ub(a))
    return ir_op_error(op, "'cuda_tile.bounded' expects lower bound to be less than or equal "
                           "to upper bound");
  return true;
}

bool ct_verify_assume_predicate(IrOp *op, const IrAttr *a, const IrType *value_type) {
  if (!a) return true;
  if (a->def == &ct_div_by_attr_def) return verify_div_by(op, a, value_type);
  if (a->def == &ct_same_elements_attr_def) return verify_same_elements(op, a, value_type);
  if (a->def == &ct_bounded_attr_def) return verify_bounded(op, a, value_type);
  return true;
}
