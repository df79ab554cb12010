/* attrs_dense.c — dense constants as cuda_tile spells them:
 *   `<f32: [[1.0, 2.0], [4.0, 5.0]]> : tile<2x2xf32>`
 * The value is a builtin dense elements attribute typed by the tile type
 * (NVIDIA keeps a DenseTypedElementsAttr), so only the syntax is
 * dialect-specific: the element type prefix, NVIDIA's own value-tree parser
 * (with its shape-inference messages and integer range rules), and MLIR's
 * dense value printing (splat, nested brackets, hex blob above 100
 * elements). */
#include "dialect/cuda_tile/ct_svec.h"
#include "dialect/cuda_tile/ct_types.h"

#include "asm/parse_memo.h"

#include <ctype.h>
#include <stdlib.h>


#define CT_DENSE_TYPES                                                              \
  "i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN " \
  "or f8E5M2 or f8E8M0FNU or f4E2M1FN"

bool ct_dense_elem_type_ok(const IrType *t) {
  if (ct_type_is_any_int(t)) return true;
  if (!ir_type_is_float(t)) return false;
  switch (ir_float_kind(t)) {
  case IR_F16: case IR_BF16: case IR_F32: case IR_F64: case IR_TF32:
  case IR_F8E4M3FN: case IR_F8E5M2: case IR_F8E8M0FNU: case IR_F4E2M1FN:
    return true;
  default:
    return false;
  }
}

/* ---- storage ------------------------------------------------------------- */

static const IrType *dense_elem(const IrAttr *a) { return ct_tile_type_elem(a->type); }

int64_t ct_dense_num_elements(const IrAttr *a) {
  return ct_tile_type_num_elements(a->type);
}

uint64_t ct_dense_bits(const IrAttr *a, int64_t i) {
  size_t es = ir_dense_elem_size(dense_elem(a));
  size_t off = ct_dense_is_splat(a) ? 0 : (size_t)i * es;
  uint64_t v = 0;
  if (!es || off + es > a->ndata) return 0;
  for (size_t k = 0; k < es; k++) v |= (uint64_t)a->data[off + k] << (8 * k);
  return v;
}

int64_t ct_dense_int(const IrAttr *a, int64_t i) {
  const IrType *e = dense_elem(a);
  uint64_t v = ct_dense_bits(a, i);
  unsigned w = ir_type_is_integer(e) ? ir_integer_width(e) : 64;
  if (w == 1) return (int64_t)(v & 1);
  if (w >= 64) return (int64_t)v;
  uint64_t m = UINT64_C(1) << (w - 1);
  v &= (m << 1) - 1;
  return (int64_t)((v ^ m) - m);
}

double ct_dense_float(const IrAttr *a, int64_t i) {
  return ir_float_from_bits(ir_float_kind(dense_elem(a)), ct_dense_bits(a, i));
}

const IrAttr *ct_dense_attr(IrContext *ctx, const IrType *tile, const void *data, size_t n) {
  size_t es = ir_dense_elem_size(ct_tile_type_elem(tile));
  const uint8_t *d = data;
  bool splat = n <= 1;
  if (!splat) {
    splat = true;
    for (size_t i = 1; splat && i < n; i++)
      if (memcmp(d, d + i * es, es)) splat = false;
  }
  return ir_dense_elements(ctx, tile, data, splat ? es : n * es, splat);
}

/* ---- parsing --------------------------------------------------------------- */

typedef VEC(int64_t) I64Vec;

typedef struct DenseParse {
  AsmParser *p;
  const IrType *elem;  /* element type named by the prefix */
  bool is_int;
  CT_SVEC(uint64_t, 8) bits;  /* element bit patterns, in order (a splat: one) */
} DenseParse;

/* NVIDIA's validateIntegerBounds: union of the signed and unsigned ranges. */
static bool int_in_range(unsigned w, int64_t v) {
  switch (w) {
  case 1: return v >= -1 && v <= 1;
  case 8: return v >= -128 && v <= 255;
  case 16: return v >= -32768 && v <= 65535;
  case 32: return v >= INT64_C(-2147483648) && v <= INT64_C(4294967295);
  default: return true;
  }
}

/* scalar := integer | `true` | `false` | `-`? float | hex-bits */
static bool parse_scalar(DenseParse *c) {
  AsmParser *p = c->p;
  AsmLoc l = asm_cur_loc(p);
  if (c->is_int) {
    unsigned w = ir_integer_width(c->elem);
    int64_t v;
    /* an integer token (the usual case) skips the two keyword checks */
    if (!asm_peek_integer(p) && (asm_peek_keyword(p, "true") || asm_peek_keyword(p, "false"))) {
      if (w != 1) return asm_error_at(p, l, "expected integer value");
      v = asm_parse_optional_keyword(p, "true") ? 1 : 0;
      if (!v) (void)asm_parse_optional_keyword(p, "false");
    } else if (!asm_parse_integer(p, &v)) {
      return asm_error_at(p, l, "expected integer value");
    }
    if (!int_in_range(w, v)) return asm_error_at(p, l, "integer constant out of range for type");
    uint64_t bits = (uint64_t)v;
    if (w == 1) bits = v != 0;
    else if (w < 64) bits &= (UINT64_C(1) << w) - 1;
    ct_svec_push(&c->bits, bits);
    return true;
  }
  /* `-`? float-literal | hex bit pattern, with MLIR's errors (a decimal
   * integer needs a trailing dot; hex takes no minus and must fit). */
  IrFloatKind k = ir_float_kind(c->elem);
  double v;
  if (!asm_parse_float(p, k, &v)) return false;
  ct_svec_push(&c->bits, ir_float_to_bits(k, v));
  return true;
}

static bool same_shape(const I64Vec *a, const I64Vec *b) {
  return a->len == b->len && (!a->len || !memcmp(a->data, b->data, a->len * sizeof(int64_t)));
}

static void set_shape(I64Vec *dst, int64_t first, const I64Vec *rest) {
  dst->len = 0;
  vec_push(dst, first);
  for (size_t i = 0; i < rest->len; i++) vec_push(dst, rest->data[i]);
}

static bool inconsistent(AsmParser *p) {
  return asm_error(p, "tensor literal is invalid; ranks are not consistent between elements");
}

/* value-tree := scalar | `[` element (`,` element)* `]`
 * element := `[` value-tree (`,` value-tree)* `]` | scalar
 * (NVIDIA's parseNestedArrayWithShape: a bracket level's shape is its
 * element count followed by the shape of its first bracketed element.) */
static bool parse_tree(DenseParse *c, I64Vec *shape) {
  AsmParser *p = c->p;
  if (!asm_parse_optional_punct(p, ASM_LSQUARE)) return parse_scalar(c);
  if (!asm_nesting_enter(p)) return false;
  I64Vec elem_shape = {0}, first = {0}, cur = {0}, this_shape = {0};
  int64_t count = 0;
  bool ok = true;
  do {
    count++;
    if (asm_parse_optional_punct(p, ASM_LSQUARE)) {
      if (!asm_nesting_enter(p)) {
        ok = false;
        break;
      }
      int64_t ncount = 0;
      bool first_el = true;
      first.len = 0;
      do {
        ncount++;
        cur.len = 0;
        if (!parse_tree(c, &cur)) {
          ok = false;
          break;
        }
        if (first_el) {
          first.len = 0;
          for (size_t i = 0; i < cur.len; i++) vec_push(&first, cur.data[i]);
          first_el = false;
        } else if (!same_shape(&cur, &first)) {
          ok = inconsistent(p);
          break;
        }
      } while (asm_parse_optional_punct(p, ASM_COMMA));
      asm_nesting_leave(p);
      if (!ok || !asm_parse_punct(p, ASM_RSQUARE)) {
        ok = false;
        break;
      }
      set_shape(&this_shape, ncount, &first);
      if (elem_shape.len == 0) {
        for (size_t i = 0; i < this_shape.len; i++) vec_push(&elem_shape, this_shape.data[i]);
      } else if (!same_shape(&this_shape, &elem_shape)) {
        ok = inconsistent(p);
        break;
      }
    } else if (!parse_scalar(c)) {
      ok = false;
      break;
    }
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  asm_nesting_leave(p);
  if (ok) ok = asm_parse_punct(p, ASM_RSQUARE);
  if (ok) {
    shape->len = 0;
    vec_push(shape, count);
    for (size_t i = 0; i < elem_shape.len; i++) vec_push(shape, elem_shape.data[i]);
  }
  vec_free(&elem_shape);
  vec_free(&first);
  vec_free(&cur);
  vec_free(&this_shape);
  return ok;
}

static const char *shape_str(StrBuf *b, const int64_t *v, size_t n) {
  sb_clear(b);
  sb_putc(b, '[');
  ct_sb_int_list(b, v, n, ", ");
  sb_putc(b, ']');
  return sb_cstr(b);
}

/* hex-value := `"0x` hex-digits `"` — MLIR's raw-storage form, which
 * MLIR's printer (and so NVIDIA's constant printer, and ours) writes for
 * constants of more than 100 elements.  NVIDIA's parser rejects its own
 * printer's output here ("expected integer value", twice); we read it back
 * (issue 18).  The bytes wait in *hex until the tile type gives the element
 * count; the messages are MLIR's parseElementAttrHexValues'. */
static bool parse_hex_value(DenseParse *c, StrBuf *hex, AsmLoc *at) {
  AsmParser *p = c->p;
  *at = asm_cur_loc(p);
  char *s = NULL;
  size_t n = 0;
  if (!asm_parse_string(p, &s, &n)) return false;
  bool ok = n >= 2 && s[0] == '0' && s[1] == 'x' && n % 2 == 0;
  for (size_t i = 2; ok && i < n; i++) ok = isxdigit((unsigned char)s[i]) != 0;
  for (size_t i = 2; ok && i < n; i += 2) {
    char b[3] = {s[i], s[i + 1], 0};
    sb_putc(hex, (char)strtoul(b, NULL, 16));
  }
  free(s);
  if (!ok) return asm_error_at(p, *at, "expected string containing hex digits starting with `0x`");
  return true;
}

/* Element bit patterns (c->bits) from hex storage for the n elements of the
 * tile type: all of them or one (a splat). */
static bool hex_to_bits(DenseParse *c, const StrBuf *hex, const IrType *tile, AsmLoc at) {
  size_t es = ir_dense_elem_size(c->elem);
  uint8_t *data = NULL;
  size_t count = 0;
  if (!asm_dense_hex_decode(c->elem, (const uint8_t *)hex->s, hex->len,
                            ct_tile_type_num_elements(tile), es, &data, &count)) {
    CtEmitter e = ct_emitter_at(c->p, at);
    return ct_emit_error(&e, "elements hex data size is invalid for provided type: '%T'", tile);
  }
  for (size_t i = 0; i < count; i++) {
    uint64_t bits = 0;
    for (size_t k = 0; k < es && k < 8; k++) bits |= (uint64_t)data[i * es + k] << (8 * k);
    ct_svec_push(&c->bits, bits);
  }
  free(data);
  return true;
}

/* dense-constant := `<` elem-type `:` value-tree `>` `:` tile-type
 * The bit patterns of a scalar or a short list stay in DenseParse's inline
 * storage and the raw bytes on the stack: a module's many splat constants
 * are parsed and uniqued without a malloc. */
static bool parse_dense_constant(AsmParser *p, const IrAttr **out, const IrType **type) {
  *out = NULL;
  if (type) *type = NULL;
  if (!asm_parse_punct(p, ASM_LESS)) return false;
  const IrType *pet = NULL;
  if (!ct_parse_type(p, &pet) || !ct_dense_elem_type_ok(pet)) {
    CtEmitter e = ct_emitter_at(p, asm_cur_loc(p));
    return ct_emit_error(&e, "expect element type to be one of " CT_DENSE_TYPES
                             " values, but got '%T'",
                         pet);
  }
  if (!asm_parse_punct(p, ASM_COLON)) return false;
  DenseParse c = {.p = p, .elem = pet, .is_int = ir_type_is_integer(pet)};
  ct_svec_init(&c.bits);
  I64Vec shape = {0};
  StrBuf hex = {0};
  AsmLoc hex_at = asm_cur_loc(p);
  bool is_hex = asm_peek_string(p);
  bool ok = (is_hex ? parse_hex_value(&c, &hex, &hex_at) : parse_tree(&c, &shape)) &&
            asm_parse_punct(p, ASM_GREATER) && asm_parse_punct(p, ASM_COLON);
  AsmLoc tl = asm_cur_loc(p);
  CtEmitter e = ct_emitter_at(p, tl);
  const IrType *rt = NULL;
  if (ok) ok = ct_parse_type(p, &rt);
  if (ok && !ct_type_is_tile(rt))
    ok = ct_emit_error(&e, "result #0 must be tile of " CT_DENSE_TYPES " values, but got '%T'",
                       rt);
  if (ok && ct_tile_type_elem(rt) != pet)
    ok = ct_emit_error(&e, "mismatch between the element type: '%T' and the tile element "
                           "type '%T'",
                       pet, ct_tile_type_elem(rt));
  if (ok && is_hex) ok = hex_to_bits(&c, &hex, rt, hex_at);
  if (is_hex) sb_free(&hex);
  if (ok) {
    size_t rank = ct_tile_type_rank(rt);
    const int64_t *want = ct_tile_type_shape(rt);
    bool match = rank == 0 ? shape.len == 0
                           : shape.len == 0 || (shape.len == rank &&
                                                !memcmp(shape.data, want, rank * sizeof *want));
    if (!match) {
      StrBuf b1 = {0}, b2 = {0};
      ok = ct_emit_error(&e, "inferred shape of elements literal (%s) does not match type (%s)",
                         shape_str(&b1, shape.data, shape.len), shape_str(&b2, want, rank));
      sb_free(&b1);
      sb_free(&b2);
    }
  }
  if (ok && c.bits.len == 0) ok = asm_error(p, "dense attribute cannot be empty");
  if (ok) {
    /* A mix of scalars and brackets can infer the right shape with the
     * wrong number of values; reject rather than read past the data. */
    int64_t n = ct_tile_type_num_elements(rt);
    if (c.bits.len != 1 && (int64_t)c.bits.len != n)
      ok = ct_emit_error(&e, "tensor literal is invalid; ranks are not consistent between "
                             "elements");
  }
  if (ok) {
    size_t es = ir_dense_elem_size(pet), n = c.bits.len;
    uint8_t buf[64];
    uint8_t *raw = n * es <= sizeof buf ? buf : xmalloc(n * es);
    for (size_t i = 0; i < n; i++)
      for (size_t k = 0; k < es; k++) raw[i * es + k] = (uint8_t)(c.bits.data[i] >> (8 * k));
    *out = ct_dense_attr(asm_ctx(p), rt, raw, n);
    if (raw != buf) free(raw);
    if (type) *type = rt;
  }
  if (shape.data) vec_free(&shape);
  ct_svec_free(&c.bits);
  return ok;
}

static const IrAttr *dense_constant_memo_fn(AsmParser *p, void *arg) {
  (void)arg;
  const IrAttr *a = NULL;
  return parse_dense_constant(p, &a, NULL) ? a : NULL;
}

/* Memoized by its text (modules repeat `<i32: 0> : tile<i32>` in every
 * function): the attribute is typed by the tile type, so a hit gives both. */
bool ct_parse_dense_constant(AsmParser *p, const IrAttr **out, const IrType **type) {
  *out = asm_parse_attr_memo_here(p, dense_constant_memo_fn, NULL);
  if (type) *type = *out ? (*out)->type : NULL;
  return *out != NULL;
}

/* ---- printing ---------------------------------------------------------------- */

static void print_elem(AsmPrinter *p, const IrAttr *a, int64_t i) {
  const IrType *e = dense_elem(a);
  if (ir_type_is_integer(e)) {
    if (ir_integer_width(e) == 1) asm_puts(p, ct_dense_int(a, i) ? "true" : "false");
    else if (e->flags == IR_UNSIGNED)
      asm_printf(p, "%llu", (unsigned long long)(ct_dense_bits(a, i)));
    else asm_printf(p, "%lld", (long long)ct_dense_int(a, i));
  } else if (ir_type_is_float(e)) {
    asm_print_float(p, ct_dense_float(a, i), ir_float_kind(e));
  } else {
    asm_printf(p, "%llu", (unsigned long long)ct_dense_bits(a, i));
  }
}

/* printDenseElementsAttrImpl: a mixed-radix counter over the shape that
 * closes a bracket when a digit rolls over and reopens them before the next
 * element. */
void ct_print_dense_values(AsmPrinter *p, const IrAttr *a, int64_t hex_limit) {
  int64_t n = ct_dense_num_elements(a);
  if (ct_dense_is_splat(a)) {
    print_elem(p, a, 0);
    return;
  }
  if (hex_limit >= 0 && n > hex_limit) {
    asm_print_dense_hex(p, dense_elem(a), a->data, ir_dense_elem_size(dense_elem(a)), (size_t)n);
    return;
  }
  if (n <= 0) return;
  size_t rank = ct_tile_type_rank(a->type);
  const int64_t *shape = ct_tile_type_shape(a->type);
  if (rank == 0) {
    print_elem(p, a, 0);
    return;
  }
  int64_t *counter = xcalloc(rank, sizeof *counter);
  size_t open = 0;
  for (int64_t idx = 0; idx < n; idx++) {
    if (idx) asm_puts(p, ", ");
    while (open < rank) {
      asm_putc(p, '[');
      open++;
    }
    print_elem(p, a, idx);
    counter[rank - 1]++;
    for (size_t i = rank - 1; i > 0; i--)
      if (counter[i] >= shape[i]) {
        counter[i] = 0;
        counter[i - 1]++;
        open--;
        asm_putc(p, ']');
      }
  }
  while (open-- > 0) asm_putc(p, ']');
  free(counter);
}

/* `<elem: values> : tile-type`.  NVIDIA's printer prints the attribute
 * (`dense<...> : T`) and keeps the text between its first six characters
 * and " : "; an attribute elided by --mlir-elide-elementsattrs-if-larger
 * prints as `dense_resource<__elided__>`, so what remains is
 * `resource<__elided__>`, which is reproduced here. */
static void print_dense_constant(AsmPrinter *p, const IrAttr *a) {
  asm_putc(p, '<');
  asm_print_type(p, dense_elem(a));
  asm_puts(p, ": ");
  const AsmPrintOptions *o = asm_printer_options(p);
  int64_t limit = o ? o->elide_elements_limit : 0;
  if (limit > 0 && !ct_dense_is_splat(a) && ct_dense_num_elements(a) > limit)
    asm_puts(p, "resource<__elided__>");
  else
    ct_print_dense_values(p, a, 100);
  asm_puts(p, "> : ");
  ct_print_type(p, a->type);
}

/* Memoized: a module repeats a few constants (`<i32: 0> : tile<i32>`) on
 * every function, and the text depends on the attribute and the options. */
void ct_print_dense_constant(AsmPrinter *p, const IrAttr *a) {
  asm_print_attr_memo(p, a, print_dense_constant);
}
