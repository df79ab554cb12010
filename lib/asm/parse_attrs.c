/* parse_attrs.c — attributes and locations in MLIR's textual syntax
 * (mlir/lib/AsmParser/AttributeParser.cpp, LocationParser.cpp and the
 * attribute half of DialectSymbolParser.cpp): unit, bool, integer and float
 * literals with their `: type`, strings, symbol references, arrays,
 * dictionaries, `array<T: ...>`, `dense<...>` (nested lists, splats, hex
 * strings), type attributes, attribute aliases, dialect attributes
 * dispatched to IrDialect.parse_attr or kept verbatim when unregistered,
 * builtin forms kept verbatim (affine_map, strided, sparse, dense_resource,
 * distinct), and every location form.  Also the attribute part of the hook
 * API. */
#include "asm/parser_internal.h"
#include "asm/parse_memo.h"

#include <stdlib.h>

/* ======================================================================== */
/* Literals                                                                  */
/* ======================================================================== */

bool int_literal_value(const IrType *type, bool neg, AsmToken tok, int64_t *out) {
  unsigned w = 0;
  bool is_signed;
  if (ir_type_is_index(type)) {
    w = 64;
    is_signed = true;
  } else {
    w = ir_integer_width(type);
    is_signed = type->flags == IR_SIGNED;
  }
  uint64_t mag = 0;
  if (!asm_tok_uint64(tok, &mag)) return false;
  if (w < 64 && (mag >> w)) return false;
  if (w == 0) {
    if (neg) return false;
    *out = 0;
    return true;
  }
  uint64_t half = w >= 64 ? (1ull << 63) : (1ull << (w - 1));
  if (neg) {
    /* the negated value must have its sign bit set (so -0 is rejected) */
    if (mag == 0 || mag > half) return false;
  } else if (is_signed && mag >= half) {
    return false;
  }
  if (w > 64 && !neg && mag > (uint64_t)INT64_MAX) return false; /* beyond our storage */
  uint64_t x = neg ? (uint64_t)0 - mag : mag;
  if (w < 64) {
    uint64_t m = 1ull << (w - 1);
    x &= (m << 1) - 1;
    x = (x ^ m) - m;
  }
  *out = (int64_t)x;
  return true;
}

static bool kind_is_double(IrFloatKind k) { return k == IR_F64 || k == IR_F80 || k == IR_F128; }

static uint64_t double_bits(double v) {
  uint64_t b = 0;
  memcpy(&b, &v, sizeof b);
  return b;
}

static double bits_double(uint64_t b) {
  double v = 0;
  memcpy(&v, &b, sizeof v);
  return v;
}

bool parse_float_from_literal(AsmParser *p, AsmToken tok, bool neg, IrFloatKind kind,
                              double *out, uint64_t *bits) {
  if (tok.kind == TOK_FLOAT) {
    char small[64];
    char *buf = tok.len < sizeof small ? small : xmalloc(tok.len + 1);
    memcpy(buf, tok.ptr, tok.len);
    buf[tok.len] = 0;
    /* Overflow gives +-inf and underflow a denormal or zero: MLIR's
     * StringRef::getAsDouble accepts inexact results (dense_attr.mlir). */
    double v = strtod(buf, NULL);
    if (buf != small) free(buf);
    if (neg) v = -v;
    if (kind_is_double(kind)) {
      *bits = double_bits(v);
    } else {
      *bits = ir_float_to_bits(kind, v);
      v = ir_float_from_bits(kind, *bits);
    }
    *out = v;
    return true;
  }
  if (tok.kind == TOK_INTEGER) {
    if (!asm_tok_is_hex(tok)) {
      IrDiag *d = pdiag_at(p, tok.ptr, "unexpected decimal integer literal for a floating point value");
      pdiag_note(p, d, tok.ptr, "add a trailing dot to make the literal a float");
      pdiag_emit(p, d);
      return false;
    }
    if (neg) return perr_at(p, tok.ptr, "hexadecimal float literal should not have a leading minus");
    uint64_t v = 0;
    unsigned w = ir_float_kind_width(kind);
    if (!asm_tok_uint64(tok, &v) || (w < 64 && (v >> w)))
      return perr_at(p, tok.ptr, "hexadecimal float constant out of range for type");
    *bits = v;
    *out = kind_is_double(kind) ? bits_double(v) : ir_float_from_bits(kind, v);
    return true;
  }
  return perr_at(p, tok.ptr, "expected floating point literal");
}

/* float-literal (`:` float-type)? */
static const IrAttr *parse_float_attr(AsmParser *p, const IrType *type, bool neg) {
  AsmToken tok = p->tok;
  pnext(p);
  if (!type) {
    if (!paccept(p, TOK_COLON)) type = ir_float_type(p->ctx, IR_F64);
    else if (!(type = parse_type(p))) return NULL;
  }
  if (!ir_type_is_float(type)) {
    perr(p, "floating point value not valid for specified type");
    return NULL;
  }
  double v = 0;
  uint64_t bits = 0;
  if (!parse_float_from_literal(p, tok, neg, ir_float_kind(type), &v, &bits)) return NULL;
  return ir_float_attr(p->ctx, type, v);
}

/* integer-literal (`:` (index-type | integer-type | float-type))? */
static const IrAttr *parse_int_attr(AsmParser *p, const IrType *type, bool neg) {
  AsmToken tok = p->tok;
  pnext(p);
  if (!type) {
    if (!paccept(p, TOK_COLON)) type = ir_integer_type(p->ctx, 64, IR_SIGNLESS);
    else if (!(type = parse_type(p))) return NULL;
  }
  if (ir_type_is_float(type)) {
    double v = 0;
    uint64_t bits = 0;
    if (!parse_float_from_literal(p, tok, neg, ir_float_kind(type), &v, &bits)) return NULL;
    return ir_float_attr(p->ctx, type, v);
  }
  if (!ir_type_is_integer(type) && !ir_type_is_index(type)) {
    perr_at(p, tok.ptr, "integer literal not valid for specified type");
    return NULL;
  }
  if (neg && ir_type_is_integer(type) && type->flags == IR_UNSIGNED) {
    perr_at(p, tok.ptr, "negative integer literal not valid for unsigned integer type");
    return NULL;
  }
  int64_t v = 0;
  if (!int_literal_value(type, neg, tok, &v)) {
    perr_at(p, tok.ptr, "integer constant out of range for attribute");
    return NULL;
  }
  if (ir_type_is_integer(type) && ir_integer_width(type) == 1 && type->flags == IR_SIGNLESS)
    return ir_bool_attr(p->ctx, v != 0);
  return ir_integer_attr(p->ctx, type, v);
}

/* ======================================================================== */
/* Dense literals                                                            */
/* ======================================================================== */

typedef struct DenseElt {
  AsmToken tok;
  bool neg;
} DenseElt;

typedef struct DenseLit {
  VEC(DenseElt) elts;
  VEC(int64_t) shape;   /* inferred from nested lists; empty for one element */
  bool hex;
  AsmToken hex_tok;
} DenseLit;

static void dense_free(DenseLit *d) {
  vec_free(&d->elts);
  vec_free(&d->shape);
}

/* tensor-literal element: bool | number | -number | string | `(` elt `,` elt `)` */
static bool dense_element(AsmParser *p, DenseLit *d) {
  switch (p->tok.kind) {
  case TOK_BARE_ID:
    if (p->tok.kw != KW_TRUE && p->tok.kw != KW_FALSE) break;
    /* fallthrough */
  case TOK_FLOAT:
  case TOK_INTEGER:
  case TOK_STRING:
    vec_push(&d->elts, ((DenseElt){p->tok, false}));
    pnext(p);
    return true;
  case TOK_MINUS:
    pnext(p);
    if (!ptok(p, TOK_FLOAT) && !ptok(p, TOK_INTEGER))
      return perr(p, "expected integer or floating point literal");
    vec_push(&d->elts, ((DenseElt){p->tok, true}));
    pnext(p);
    return true;
  case TOK_LPAREN:
    pnext(p);
    return dense_element(p, d) && pexpect(p, TOK_COMMA, "expected ',' between complex elements") &&
           dense_element(p, d) && pexpect(p, TOK_RPAREN, "expected ')' after complex elements");
  default:
    break;
  }
  return perr(p, "expected element literal of primitive type");
}

/* `[` (list | element) (`,` ...)* `]`: the list's dims are left on
 * p->istack from `mark`: [count, sub-dims...]. */
static bool dense_list(AsmParser *p, DenseLit *d) {
  if (!penter(p)) return false;
  size_t mark = p->istack.len;
  bool ok = pexpect(p, TOK_LSQUARE, "expected '['");
  int64_t count = 0;
  if (ok && !paccept(p, TOK_RSQUARE)) {
    do {
      size_t sub = p->istack.len;
      if (ptok(p, TOK_LSQUARE)) ok = dense_list(p, d);
      else ok = dense_element(p, d);
      if (!ok) break;
      if (count > 0) {
        size_t n0 = sub - mark, n1 = p->istack.len - sub;
        if (n0 != n1 ||
            (n0 && memcmp(p->istack.data + mark, p->istack.data + sub, n0 * sizeof(int64_t)))) {
          ok = perr(p, "tensor literal is invalid; ranks are not consistent between elements");
          break;
        }
        p->istack.len = sub;
      }
      count++;
    } while (paccept(p, TOK_COMMA));
    if (ok) ok = pexpect(p, TOK_RSQUARE, "expected ']'");
  }
  if (ok) {
    vec_push(&p->istack, 0);
    memmove(p->istack.data + mark + 1, p->istack.data + mark,
            (p->istack.len - mark - 1) * sizeof(int64_t));
    p->istack.data[mark] = count;
  }
  pleave(p);
  return ok;
}

static bool dense_literal(AsmParser *p, DenseLit *d, bool allow_hex) {
  if (allow_hex && ptok(p, TOK_STRING)) {
    d->hex = true;
    d->hex_tok = p->tok;
    pnext(p);
    return true;
  }
  if (!ptok(p, TOK_LSQUARE)) return dense_element(p, d);
  size_t mark = p->istack.len;
  bool ok = dense_list(p, d);
  if (ok)
    for (size_t i = mark; i < p->istack.len; i++) vec_push(&d->shape, p->istack.data[i]);
  p->istack.len = mark;
  return ok;
}

static void put_le(uint8_t *dst, uint64_t v, size_t n) {
  for (size_t i = 0; i < n; i++) dst[i] = (uint8_t)(v >> (8 * i));
}

/* Builds the attribute; all-equal elements become a splat (MLIR's storage
 * does the same normalization). */
static const IrAttr *dense_finish(AsmParser *p, const IrType *type, uint8_t *data, size_t n,
                                  size_t esize) {
  bool splat = n == 1;
  if (n > 1) {
    splat = true;
    for (size_t i = 1; i < n && splat; i++)
      if (memcmp(data, data + i * esize, esize)) splat = false;
  }
  const IrAttr *a = ir_dense_elements(p->ctx, type, data, (splat ? 1 : n) * esize, splat);
  free(data);
  return a;
}

static void format_dims(StrBuf *b, const int64_t *d, size_t n) {
  for (size_t i = 0; i < n; i++) sb_printf(b, "%s%lld", i ? ", " : "", (long long)d[i]);
}

/* MLIR's DenseElementsAttr::isValidRawBuffer and the raw data's layout
 * (asm_print_dense_hex): i1 is bit-packed (a single 0x00/0xFF byte is a
 * splat), other types take ceil(width / 8) bytes per element (tf32: 3), one
 * element's worth being a splat.  Produces our storage (esize bytes per
 * element, i1 as 0/1 bytes) in a malloc'd *data of *count elements. */
bool asm_dense_hex_decode(const IrType *elem, const uint8_t *bytes, size_t n, int64_t numel,
                          size_t esize, uint8_t **data, size_t *count) {
  *data = NULL;
  *count = 0;
  if (ir_type_is_int_width(elem, 1)) {
    if (n == 1 && (bytes[0] == 0 || bytes[0] == 0xff)) {
      *data = xmalloc(1);
      (*data)[0] = bytes[0] ? 1 : 0;
      *count = 1;
      return true;
    }
    if (numel < 0 || n != (size_t)(numel + 7) / 8) return false;
    *count = (size_t)numel;
    *data = xmalloc(*count ? *count : 1);
    for (size_t i = 0; i < *count; i++) (*data)[i] = (bytes[i / 8] >> (i % 8)) & 1;
    return true;
  }
  unsigned bits = ir_type_is_float(elem) ? ir_float_kind_width(ir_float_kind(elem))
                  : ir_type_is_integer(elem) ? ir_integer_width(elem) : 64;
  size_t mb = (bits + 7) / 8;
  if (mb > esize || mb == 0) mb = esize;
  if (!esize) return false;
  if (n == mb) *count = 1;
  else if (numel >= 0 && n / mb == (size_t)numel && n % mb == 0) *count = (size_t)numel;
  else return false;
  *data = xcalloc(*count ? *count : 1, esize);
  for (size_t i = 0; i < *count; i++) memcpy(*data + i * esize, bytes + i * mb, mb);
  return true;
}

static const IrAttr *dense_hex(AsmParser *p, DenseLit *d, const char *loc, const IrType *type,
                               const IrType *elem, int64_t numel, size_t esize) {
  StrBuf raw = {0};
  if (!asm_tok_hex_string(d->hex_tok, &raw)) {
    perr_at(p, d->hex_tok.ptr, "expected string containing hex digits starting with `0x`");
    sb_free(&raw);
    return NULL;
  }
  uint8_t *data = NULL;
  size_t count = 0;
  bool valid = asm_dense_hex_decode(elem, (const uint8_t *)raw.s, raw.len, numel, esize, &data,
                                    &count);
  sb_free(&raw);
  if (!valid) {
    perr_at(p, loc, "elements hex data size is invalid for provided type: '%T'", type);
    return NULL;
  }
  return dense_finish(p, type, data, count, esize);
}

/* Converts a parsed literal into a dense attribute of `type` (elements of
 * `elem`, static `shape`) — MLIR's TensorLiteralParser::getAttr. */
static const IrAttr *dense_build(AsmParser *p, DenseLit *d, const char *loc, const IrType *type,
                                 const IrType *elem, const int64_t *shape, size_t rank) {
  IrContext *ctx = p->ctx;
  int64_t numel = ir_shape_num_elements(shape, rank);
  bool is_int = ir_type_is_integer(elem) || ir_type_is_index(elem);
  bool is_float = ir_type_is_float(elem);
  size_t esize = (is_int || is_float) ? ir_dense_elem_size(elem) : 0;
  if ((is_int || is_float) && esize == 0) {
    perr_at(p, loc, "dense elements of type '%T' are not supported", elem);
    return NULL;
  }
  if (d->hex && (is_int || is_float)) return dense_hex(p, d, loc, type, elem, numel, esize);

  if (d->shape.len && (d->shape.len != rank ||
                       (rank && memcmp(d->shape.data, shape, rank * sizeof(int64_t))))) {
    StrBuf a = {0}, b = {0};
    format_dims(&a, d->shape.data, d->shape.len);
    format_dims(&b, shape, rank);
    perr_at(p, loc, "inferred shape of elements literal ([%s]) does not match type ([%s])",
            sb_cstr(&a), sb_cstr(&b));
    sb_free(&a);
    sb_free(&b);
    return NULL;
  }
  if (!d->hex && d->elts.len == 0 && numel != 0) {
    perr_at(p, loc, "parsed zero elements, but type ('%T') expected at least 1", type);
    return NULL;
  }

  size_t n = d->elts.len;
  if (is_int) {
    bool is_unsigned = ir_type_is_integer(elem) && elem->flags == IR_UNSIGNED;
    uint8_t *data = xmalloc(n * esize + 1);
    for (size_t i = 0; i < n; i++) {
      DenseElt *e = &d->elts.data[i];
      int64_t v = 0;
      if (e->neg && is_unsigned) {
        perr_at(p, e->tok.ptr, "expected unsigned integer elements, but parsed negative value");
        goto fail_int;
      }
      if (e->tok.kind == TOK_FLOAT) {
        perr_at(p, e->tok.ptr, "expected integer elements, but parsed floating-point");
        goto fail_int;
      }
      if (e->tok.kind == TOK_BARE_ID) { /* true / false */
        if (!ir_type_is_int_width(elem, 1)) {
          perr_at(p, e->tok.ptr, "expected i1 type for 'true' or 'false' values");
          goto fail_int;
        }
        v = e->tok.kw == KW_TRUE;
      } else if (e->tok.kind != TOK_INTEGER) {
        perr_at(p, e->tok.ptr, "expected integer elements, but parsed a string");
        goto fail_int;
      } else if (!int_literal_value(elem, e->neg, e->tok, &v)) {
        perr_at(p, e->tok.ptr, "integer constant out of range for type");
        goto fail_int;
      }
      if (ir_type_is_int_width(elem, 1)) v &= 1;
      put_le(data + i * esize, (uint64_t)v, esize);
    }
    return dense_finish(p, type, data, n, esize);
  fail_int:
    free(data);
    return NULL;
  }
  if (is_float) {
    uint8_t *data = xmalloc(n * esize + 1);
    IrFloatKind k = ir_float_kind(elem);
    for (size_t i = 0; i < n; i++) {
      DenseElt *e = &d->elts.data[i];
      double v = 0;
      uint64_t bits = 0;
      if (!parse_float_from_literal(p, e->tok, e->neg, k, &v, &bits)) {
        free(data);
        return NULL;
      }
      put_le(data + i * esize, bits, esize);
    }
    return dense_finish(p, type, data, n, esize);
  }

  /* other element types: strings */
  VEC(const IrAttr *) strs = {0};
  StrBuf sb = {0};
  if (d->hex) {
    asm_tok_string_value(d->hex_tok, &sb);
    vec_push(&strs, ir_string_attr(ctx, sb.s ? sb.s : "", sb.len));
  } else {
    for (size_t i = 0; i < n; i++) {
      DenseElt *e = &d->elts.data[i];
      if (e->tok.kind != TOK_STRING) {
        perr_at(p, loc, "expected string token, got %.*s", (int)e->tok.len, e->tok.ptr);
        vec_free(&strs);
        sb_free(&sb);
        return NULL;
      }
      sb_clear(&sb);
      asm_tok_string_value(e->tok, &sb);
      vec_push(&strs, ir_string_attr(ctx, sb.s ? sb.s : "", sb.len));
    }
  }
  const IrAttr *a = ir_attr_unique(ctx, &(IrAttr){.def = &ir_dense_string_attr_def, .type = type,
                                                  .flags = strs.len == 1 ? 1u : 0u,
                                                  .nelems = (uint32_t)strs.len,
                                                  .elems = strs.data});
  vec_free(&strs);
  sb_free(&sb);
  return a;
}

static bool type_is_static_shaped(const IrType *t) {
  if (!ir_type_is(t, &ir_tensor_type_def) && !ir_type_is(t, &ir_vector_type_def) &&
      !(t && t->def->shaped))
    return false;
  if (ir_type_is(t, &ir_tensor_type_def) && (t->flags & ASM_TENSOR_UNRANKED)) return false;
  for (uint32_t i = 0; i < t->nints; i++)
    if (t->ints[i] < 0) return false;
  return ir_shape_num_elements(t->ints, t->nints) >= 0;
}

/* dense-attr ::= `dense` `<` tensor-literal? `>` (`:` shaped-type)? */
static const IrAttr *parse_dense_attr(AsmParser *p, const IrType *type) {
  const char *loc = p->tok.ptr;
  pnext(p);
  if (!pexpect(p, TOK_LESS, "expected '<' after 'dense'")) return NULL;
  DenseLit d = {0};
  const IrAttr *a = NULL;
  if (!paccept(p, TOK_GREATER)) {
    if (!dense_literal(p, &d, true) || !pexpect(p, TOK_GREATER, "expected '>'")) goto out;
  }
  if (!type) {
    if (!pexpect(p, TOK_COLON, "expected ':'") || !(type = parse_type(p))) goto out;
  }
  if (!ir_type_is(type, &ir_tensor_type_def) && !ir_type_is(type, &ir_vector_type_def) &&
      !type->def->shaped) {
    perr_at(p, loc, "elements literal must be a shaped type");
    goto out;
  }
  if (!type_is_static_shaped(type)) {
    bool dyn = ir_type_is(type, &ir_tensor_type_def) && (type->flags & ASM_TENSOR_UNRANKED);
    for (size_t i = 0; i < type->nints; i++) dyn |= type->ints[i] < 0;
    perr_at(p, loc, dyn ? "elements literal type must have static shape"
                        : "elements literal type has more elements than fit in 64 bits");
    goto out;
  }
  a = dense_build(p, &d, loc, type, type->types[0], type->ints, type->nints);
out:
  dense_free(&d);
  return a;
}

/* dense-array ::= `array` `<` (int|float)-type (`:` element (`,` element)*)? `>` */
static const IrAttr *parse_dense_array(AsmParser *p) {
  pnext(p);
  if (!pexpect(p, TOK_LESS, "expected '<' after 'array'")) return NULL;
  const char *tloc = p->tok.ptr;
  const IrType *elt = parse_type(p);
  if (!elt) {
    perr_at(p, tloc, "expected an integer or floating point type");
    return NULL;
  }
  bool is_int = ir_type_is_integer(elt), is_float = ir_type_is_float(elt);
  if (!is_int && !is_float) {
    perr_at(p, tloc, "expected integer or float type, got: '%T'", elt);
    return NULL;
  }
  unsigned width = is_int ? ir_integer_width(elt) : ir_float_kind_width(ir_float_kind(elt));
  bool is_i1 = is_int && width == 1;
  if (!is_i1 && width % 8 != 0) {
    perr_at(p, tloc, "element type bitwidth must be a multiple of 8");
    return NULL;
  }
  if (is_int && width > 64) {
    perr_at(p, tloc, "dense arrays of '%T' are not supported", elt);
    return NULL;
  }
  if (paccept(p, TOK_GREATER))
    return is_int ? ir_dense_i64_array(p->ctx, elt, NULL, 0) : ir_dense_f64_array(p->ctx, elt, NULL, 0);
  if (!pexpect(p, TOK_COLON, "expected ':' after dense array type")) return NULL;
  VEC(int64_t) iv = {0};
  VEC(double) fv = {0};
  const IrAttr *a = NULL;
  do {
    bool neg = paccept(p, TOK_MINUS);
    if (is_int) {
      int64_t v = 0;
      if (ptok(p, TOK_BARE_ID) && (p->tok.kw == KW_TRUE || p->tok.kw == KW_FALSE)) {
        if (!is_i1) {
          perr(p, "expected i1 type for 'true' or 'false' values");
          goto out;
        }
        v = p->tok.kw == KW_TRUE;
      } else if (ptok(p, TOK_INTEGER)) {
        if (is_i1) {
          perr(p, "expected 'true' or 'false' values for i1 type");
          goto out;
        }
        if (!int_literal_value(elt, neg, p->tok, &v)) {
          perr(p, "integer constant out of range");
          goto out;
        }
      } else {
        perr(p, "expected integer literal");
        goto out;
      }
      vec_push(&iv, v);
      pnext(p);
    } else {
      double v = 0;
      uint64_t bits = 0;
      if (!parse_float_from_literal(p, p->tok, neg, ir_float_kind(elt), &v, &bits)) goto out;
      pnext(p);
      vec_push(&fv, v);
    }
  } while (paccept(p, TOK_COMMA));
  if (!pexpect(p, TOK_GREATER, "expected '>' to close an array attribute")) goto out;
  a = is_int ? ir_dense_i64_array(p->ctx, elt, iv.data, iv.len)
             : ir_dense_f64_array(p->ctx, elt, fv.data, fv.len);
out:
  vec_free(&iv);
  vec_free(&fv);
  return a;
}

/* ======================================================================== */
/* Other attributes                                                          */
/* ======================================================================== */

static const IrAttr *opaque_builtin_attr(AsmParser *p, const char *s, size_t n, const IrType *t) {
  return ir_attr_unique(p->ctx, &(IrAttr){.def = &ir_opaque_attr_def, .flags = ASM_OPAQUE_BUILTIN,
                                          .type = t, .str = ir_ident(p->ctx, s, n)});
}

/* `keyword` `<` ... `>` kept verbatim (affine_map, affine_set, strided,
 * sparse, dense_resource); with_type: followed by `: type` unless given. */
static const IrAttr *parse_verbatim_attr(AsmParser *p, const char *msg, bool with_type,
                                         const IrType *type) {
  const char *start = p->tok.ptr;
  pnext(p);
  if (!ptok(p, TOK_LESS)) {
    perr_wrong(p, "%s", msg);
    return NULL;
  }
  Str body = {0};
  if (!parse_dialect_body(p, &body)) return NULL;
  size_t n = (size_t)(body.s + body.n - start);
  if (with_type && !type) {
    if (!pexpect(p, TOK_COLON, "expected ':'") || !(type = parse_type(p))) return NULL;
  }
  return opaque_builtin_attr(p, start, n, with_type ? type : NULL);
}

/* distinct-attr ::= `distinct` `[` integer `]` `<` attribute `>` (verbatim) */
static const IrAttr *parse_distinct_attr(AsmParser *p) {
  const char *start = p->tok.ptr;
  pnext(p);
  if (!pexpect(p, TOK_LSQUARE, "expected '[' after 'distinct'")) return NULL;
  if (!ptok(p, TOK_INTEGER)) {
    perr(p, "expected distinct ID");
    return NULL;
  }
  pnext(p);
  if (!pexpect(p, TOK_RSQUARE, "expected ']' to close distinct ID")) return NULL;
  if (!ptok(p, TOK_LESS)) {
    perr_wrong(p, "expected '<' after distinct ID");
    return NULL;
  }
  Str body = {0};
  if (!parse_dialect_body(p, &body)) return NULL;
  return opaque_builtin_attr(p, start, (size_t)(body.s + body.n - start), NULL);
}

/* symbol-ref ::= symbol-ref-id (`::` symbol-ref-id)* */
static const IrAttr *parse_symref(AsmParser *p) {
  StrBuf sb = {0};
  VEC(const IrAttr *) nested = {0};
  const IrAttr *a = NULL;
  AsmToken t = p->tok;
  if (t.ptr[1] == '"') asm_tok_string_value(t, &sb);
  else sb_putn(&sb, t.ptr + 1, t.len - 1);
  const IrIdent *root = ir_ident(p->ctx, sb.s ? sb.s : "", sb.len);
  pnext(p);
  while (ptok(p, TOK_COLON)) {
    const char *colon = p->tok.ptr;
    pnext(p);
    if (!paccept(p, TOK_COLON)) {
      if (!ptok(p, TOK_EOF) && !ptok(p, TOK_ERROR)) preset(p, colon);
      break;
    }
    if (!ptok(p, TOK_AT_ID)) {
      perr(p, "expected nested symbol reference identifier");
      goto out;
    }
    sb_clear(&sb);
    if (p->tok.ptr[1] == '"') asm_tok_string_value(p->tok, &sb);
    else sb_putn(&sb, p->tok.ptr + 1, p->tok.len - 1);
    vec_push(&nested, ir_symref_attr(p->ctx, ir_ident(p->ctx, sb.s ? sb.s : "", sb.len), NULL, 0));
    pnext(p);
  }
  a = ir_symref_attr(p->ctx, root, nested.data, nested.len);
out:
  sb_free(&sb);
  vec_free(&nested);
  return a;
}

/* `[` (attribute (`,` attribute)*)? `]` */
static const IrAttr *parse_array_attr(AsmParser *p) {
  pnext(p);
  size_t as = p->astack.len;
  const IrAttr *a = NULL;
  if (!paccept(p, TOK_RSQUARE)) {
    do {
      const IrAttr *e = parse_attr(p, NULL);
      if (!e) goto out;
      vec_push(&p->astack, e);
    } while (paccept(p, TOK_COMMA));
    if (!pexpect(p, TOK_RSQUARE, "expected ',' or ']'")) goto out;
  }
  a = ir_array_attr(p->ctx, p->astack.data + as, p->astack.len - as);
out:
  p->astack.len = as;
  return a;
}

/* Arrays of plain values (`identities=[0xFF800000 : f32]` on every
 * reduce, `arg_attrs = [{}]`) are memoized by their text: only those whose
 * elements are integers, floats, bools, units, strings, types, symbol
 * references, or arrays or dictionaries of those, whose parse has no
 * effect but the attribute. */
static bool array_is_plain(const IrAttr *a) {
  for (size_t i = 0; i < a->nelems; i++) {
    const IrAttr *e = a->elems[i];
    const IrAttrDef *d = e->def;
    if (d == &ir_array_attr_def || d == &ir_dict_attr_def) {
      if (!array_is_plain(e)) return false;
    } else if (d != &ir_integer_attr_def && d != &ir_float_attr_def && d != &ir_bool_attr_def &&
               d != &ir_unit_attr_def && d != &ir_string_attr_def && d != &ir_type_attr_def &&
               d != &ir_symref_attr_def) {
      return false;
    }
  }
  return true;
}

static const IrAttr *array_memo_fn(AsmParser *p, void *arg) {
  (void)arg;
  return parse_array_attr(p);
}

/* attribute-dict ::= `{` (attribute-entry (`,` attribute-entry)*)? `}`
 * attribute-entry ::= (bare-id | string-literal) (`=` attribute-value)? */
static const IrAttr *make_dict(AsmParser *p, IrNamedAttr *e, size_t n);
static bool parse_attr_dict_impl(AsmParser *p, IrNamedAttrVec *out);

/* Dictionaries repeat in generic-form files: outside dialect contexts (where
 * a typed value could name a short dialect type) a parsed dictionary is
 * memoized by its exact source text. */
bool parse_attr_dict(AsmParser *p, IrNamedAttrVec *out) {
  const char *start = p->tok.ptr, *ext = NULL;
  uint32_t h = 0;
  if (ptok(p, TOK_LBRACE) && !pstrip_dialect(p) && pmemo_depth_ok(p)) {
    const IrAttr *d = asm_recent_find(p, p->dictrecent, ASM_RECENT, start, &ext);
    if (!d && (ext = pskip_group(start, p->lex.end))) {
      h = ptext_hash(start, (size_t)(ext - start));
      d = strmap_get(&p->dictmemo, start, (size_t)(ext - start), h);
      if (d) asm_recent_put(p->dictrecent, ASM_RECENT, &p->dictrecent_next, start, ext, d);
    }
    if (d) {
      for (uint32_t i = 0; i < d->nelems; i++)
        vec_push(out, ((IrNamedAttr){d->names[i], d->elems[i]}));
      pmemo_hit(p);
      preset(p, ext);
      return true;
    }
  }
  size_t first = out->len;
  unsigned uses = p->alias_uses;
  PeakSave ps = ppeak_begin(p);
  bool ok = parse_attr_dict_impl(p, out);
  unsigned need = ppeak_end(p, ps);
  if (!ok) return false;
  if (ext && p->prev_end == ext && need <= ASM_MEMO_DEPTH && uses == p->alias_uses) {
    size_t n = out->len - first;
    IrNamedAttr *tmp = xmalloc((n ? n : 1) * sizeof *tmp);
    if (n) memcpy(tmp, out->data + first, n * sizeof *tmp);
    strmap_put(&p->dictmemo, start, (size_t)(ext - start), h, (void *)make_dict(p, tmp, n));
    free(tmp);
  }
  return true;
}

static bool parse_attr_dict_impl(AsmParser *p, IrNamedAttrVec *out) {
  if (!pexpect(p, TOK_LBRACE, "expected '{' in attribute dictionary")) return false;
  if (paccept(p, TOK_RBRACE)) return true;
  size_t start = out->len;
  U64Map seen = {0};
  bool ok = false;
  StrBuf sb = {0};
  do {
    const IrIdent *name;
    if (ptok(p, TOK_STRING)) {
      sb_clear(&sb);
      asm_tok_string_value(p->tok, &sb);
      name = ir_ident(p->ctx, sb.s ? sb.s : "", sb.len);
    } else if (ptok(p, TOK_BARE_ID)) {
      name = ir_ident(p->ctx, p->tok.ptr, p->tok.len);
    } else {
      perr_wrong(p, "expected attribute name");
      goto out;
    }
    if (name->len == 0) {
      perr(p, "expected valid attribute name");
      goto out;
    }
    bool dup = false;
    if (out->len - start < 16) {
      for (size_t i = start; i < out->len; i++)
        if (out->data[i].name == name) dup = true;
    } else {
      if (!seen.len)
        for (size_t i = start; i < out->len; i++) u64map_put(&seen, (uintptr_t)out->data[i].name, (void *)1);
      dup = u64map_get(&seen, (uintptr_t)name) != NULL;
    }
    if (dup) {
      perr(p, "duplicate key '%s' in dictionary attribute", name->str);
      goto out;
    }
    if (seen.len) u64map_put(&seen, (uintptr_t)name, (void *)1);
    pnext(p);
    const IrAttr *v;
    if (!paccept(p, TOK_EQUAL)) v = ir_unit_attr(p->ctx);
    else if (!(v = parse_attr(p, NULL))) goto out;
    vec_push(out, ((IrNamedAttr){name, v}));
  } while (paccept(p, TOK_COMMA));
  ok = pexpect(p, TOK_RBRACE, "expected '}' in attribute dictionary");
out:
  u64map_free(&seen);
  sb_free(&sb);
  return ok;
}

/* A dictionary from parsed (duplicate-free) entries; small ones are
 * sorted in place (names by strcmp, as ir_dict_attr) and uniqued directly. */
static const IrAttr *make_dict(AsmParser *p, IrNamedAttr *e, size_t n) {
  if (n == 0) return ir_empty_dict(p->ctx);
  if (n > 16) return ir_dict_attr(p->ctx, e, n, NULL);
  for (size_t i = 1; i < n; i++) {
    IrNamedAttr x = e[i];
    size_t j = i;
    while (j > 0 && strcmp(e[j - 1].name->str, x.name->str) > 0) {
      e[j] = e[j - 1];
      j--;
    }
    e[j] = x;
  }
  const IrIdent *names[16];
  const IrAttr *vals[16];
  for (size_t i = 0; i < n; i++) {
    names[i] = e[i].name;
    vals[i] = e[i].value;
  }
  return ir_attr_unique(p->ctx, &(IrAttr){.def = &ir_dict_attr_def, .nelems = (uint32_t)n,
                                          .names = names, .elems = vals});
}

static const IrAttr *parse_dict_attr(AsmParser *p) {
  const char *start = p->tok.ptr, *ext = NULL;
  uint32_t h = 0;
  if (!pstrip_dialect(p) && pmemo_depth_ok(p)) {
    const IrAttr *d = asm_recent_find(p, p->dictrecent, ASM_RECENT, start, &ext);
    if (!d && (ext = pskip_group(start, p->lex.end))) {
      h = ptext_hash(start, (size_t)(ext - start));
      d = strmap_get(&p->dictmemo, start, (size_t)(ext - start), h);
      if (d) asm_recent_put(p->dictrecent, ASM_RECENT, &p->dictrecent_next, start, ext, d);
    }
    if (d) {
      pmemo_hit(p);
      preset(p, ext);
      return d;
    }
  }
  size_t ns = p->nstack.len;
  const IrAttr *a = NULL;
  unsigned uses = p->alias_uses;
  PeakSave ps = ppeak_begin(p);
  bool ok = parse_attr_dict_impl(p, &p->nstack);
  unsigned need = ppeak_end(p, ps);
  if (ok) {
    a = make_dict(p, p->nstack.data + ns, p->nstack.len - ns);
    if (ext && p->prev_end == ext && need <= ASM_MEMO_DEPTH && uses == p->alias_uses)
      strmap_put(&p->dictmemo, start, (size_t)(ext - start), h, (void *)a);
  }
  p->nstack.len = ns;
  return a;
}

/* The type a typed attribute carries (NULL when untyped). */
static const IrType *typed_attr_type(const IrAttr *a) {
  if (a->def == &ir_integer_attr_def || a->def == &ir_float_attr_def ||
      a->def == &ir_bool_attr_def || a->def == &ir_dense_elements_attr_def ||
      a->def == &ir_dense_string_attr_def || a->def == &ir_opaque_attr_def)
    return a->type;
  return NULL;
}

/* Calls d's attribute hook on the mnemonic token at the current position. */
static const IrAttr *call_attr_hook(AsmParser *p, const IrDialect *d, const IrType *type) {
  if (!ptok(p, TOK_BARE_ID)) {
    perr(p, "expected valid keyword");
    return NULL;
  }
  Str mnemonic = asm_tok_str(p->tok);
  pnext(p);
  HookSave hs = phook_begin(p, d->name);
  const IrAttr *a = d->parse_attr(p, mnemonic, type);
  phook_end(p, hs);
  return a;
}

/* extended-attribute ::= `#` alias-name
 *                      | `#` dialect `.` mnemonic body? (`:` type)?
 *                      | `#` dialect `<` body `>` (`:` type)? */
const IrAttr *parse_extended_attr(AsmParser *p, const IrType *type) {
  AsmToken t = p->tok;
  const char *ident = t.ptr + 1;
  size_t len = t.len - 1;
  pnext(p);
  const char *dot = memchr(ident, '.', len);
  bool trailing = ptok(p, TOK_LESS) && p->tok.ptr == ident + len;
  const IrAttr *a;
  if (!trailing && !dot) {
    a = strmap_get(&p->attr_aliases, ident, len, asm_str_hash(ident, len));
    if (!a) {
      perr_wrong(p, "undefined symbol alias id '%.*s'", (int)len, ident);
      return NULL;
    }
    if (!asm_alias_use(p, t.ptr, a, NULL)) return NULL;
  } else {
    DialectSym ds;
    if (!parse_dialect_symbol(p, t.ptr, ident, len, dot, trailing, &ds)) return NULL;
    size_t dlen = ds.dlen;
    const char *sym = ds.sym, *send = ds.send, *loc = ds.loc, *text_end = ds.text_end;
    const IrType *atype = type;
    if (paccept(p, TOK_COLON) && !(atype = parse_type(p))) return NULL;

    const IrDialect *d = ir_lookup_dialect(p->ctx, ident, dlen);
    if (d) {
      if (!d->parse_attr) {
        perr_at(p, loc, "dialect '%s' provides no attribute parsing hook", d->name);
        return NULL;
      }
      AsmToken save = p->tok;
      const char *save_cur = p->lex.cur;
      preset(p, sym);
      a = call_attr_hook(p, d, atype);
      p->tok = save;
      asm_lexer_reset(&p->lex, save_cur);
      if (!a) return NULL;
    } else {
      if (!ir_ctx_allows_unregistered(p->ctx)) {
        perr_at(p, loc,
                "#\"%.*s\"<\"%.*s\"> : '%T' attribute created with unregistered dialect. If this "
                "is intended, please call allowUnregisteredDialects() on the MLIRContext, or use "
                "-allow-unregistered-dialect with the MLIR opt tool used",
                (int)dlen, ident, (int)(send - sym), sym,
                atype ? atype : ir_none_type(p->ctx));
        return NULL;
      }
      a = ir_opaque_attr(p->ctx, ident, (size_t)(text_end - ident), atype);
    }
  }
  const IrType *at = typed_attr_type(a);
  if (type && at && at != type) {
    perr(p, "attribute type different than expected: expected '%T', but got '%T'", type, at);
    return NULL;
  }
  return a;
}

/* attribute-value ::= `unit` | bool | integer (`:` type)? | float (`:` type)?
 *   | string (`:` type)? | type | `[` attrs `]` | `{` entries `}`
 *   | symbol-ref | `dense` ... | `array` ... | extended-attribute
 *   | `loc` `(` location `)` | verbatim builtin forms */
const IrAttr *parse_attr(AsmParser *p, const IrType *type) {
  if (!penter(p)) return NULL;
  const IrAttr *a = NULL;
  switch (p->tok.kind) {
  case TOK_BARE_ID:
    switch (p->tok.kw) {
    case KW_AFFINE_MAP: a = parse_verbatim_attr(p, "expected '<' in affine map", false, NULL); break;
    case KW_AFFINE_SET: a = parse_verbatim_attr(p, "expected '<' in integer set", false, NULL); break;
    case KW_STRIDED: a = parse_verbatim_attr(p, "expected '<' after 'strided'", false, NULL); break;
    case KW_SPARSE: a = parse_verbatim_attr(p, "Expected '<' after 'sparse'", true, type); break;
    case KW_DENSE_RESOURCE:
      a = parse_verbatim_attr(p, "expected '<' after 'dense_resource'", true, type);
      break;
    case KW_DISTINCT: a = parse_distinct_attr(p); break;
    case KW_FALSE:
    case KW_TRUE:
      a = ir_bool_attr(p->ctx, p->tok.kw == KW_TRUE);
      pnext(p);
      break;
    case KW_UNIT:
      a = ir_unit_attr(p->ctx);
      pnext(p);
      break;
    case KW_DENSE: a = parse_dense_attr(p, type); break;
    case KW_ARRAY: a = parse_dense_array(p); break;
    case KW_LOC:
      pnext(p);
      if (pexpect(p, TOK_LPAREN, "expected '(' in inline location")) {
        const IrLoc *l = parse_location_instance(p);
        if (l && pexpect(p, TOK_RPAREN, "expected ')' in inline location")) a = l;
      }
      break;
    default:
      goto type_attr;
    }
    break;
  case TOK_LSQUARE: a = asm_parse_attr_memo_at(p, array_memo_fn, NULL, ']', array_is_plain); break;
  case TOK_LBRACE: a = parse_dict_attr(p); break;
  case TOK_HASH_ID: a = parse_extended_attr(p, type); break;
  case TOK_FLOAT: a = parse_float_attr(p, type, false); break;
  case TOK_INTEGER: a = parse_int_attr(p, type, false); break;
  case TOK_MINUS:
    pnext(p);
    if (ptok(p, TOK_INTEGER)) a = parse_int_attr(p, type, true);
    else if (ptok(p, TOK_FLOAT)) a = parse_float_attr(p, type, true);
    else perr_wrong(p, "expected constant integer or floating point value");
    break;
  case TOK_STRING: {
    StrBuf sb = {0};
    asm_tok_string_value(p->tok, &sb);
    pnext(p);
    const IrType *st = type;
    bool ok = true;
    if (!st && paccept(p, TOK_COLON) && !(st = parse_type(p))) ok = false;
    if (ok)
      a = st ? ir_string_attr_typed(p->ctx, sb.s ? sb.s : "", sb.len, st)
             : ir_string_attr(p->ctx, sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
    break;
  }
  case TOK_AT_ID: a = parse_symref(p); break;
  default:
  type_attr: {
    const IrType *t;
    int r = parse_optional_type(p, &t);
    if (r == 0) perr_wrong(p, "expected attribute value");
    else if (r > 0) a = ir_type_attr(p->ctx, t);
    break;
  }
  }
  pleave(p);
  return a;
}

static bool ptok_is_attr_start(const AsmParser *p) {
  switch (p->tok.kind) {
  case TOK_AT_ID: case TOK_FLOAT: case TOK_INTEGER: case TOK_HASH_ID: case TOK_LBRACE:
  case TOK_LSQUARE: case TOK_MINUS: case TOK_STRING:
    return true;
  case TOK_BARE_ID:
    switch (p->tok.kw) {
    case KW_AFFINE_MAP: case KW_AFFINE_SET: case KW_DENSE: case KW_DENSE_RESOURCE: case KW_FALSE:
    case KW_LOC: case KW_SPARSE: case KW_TRUE: case KW_UNIT: case KW_ARRAY: case KW_STRIDED:
    case KW_DISTINCT:
      return true;
    default:
      return ptok_is_type_start(p);
    }
  default:
    return ptok_is_type_start(p);
  }
}

int parse_optional_attr(AsmParser *p, const IrType *type, const IrAttr **out) {
  if (!ptok_is_attr_start(p)) return 0;
  *out = parse_attr(p, type);
  return *out ? 1 : -1;
}

/* ======================================================================== */
/* Locations                                                                 */
/* ======================================================================== */

static const IrLoc *file_range_loc(AsmParser *p, const IrIdent *file, int64_t l0, int64_t c0,
                                   int64_t l1, int64_t c1) {
  if (l0 == l1 && c0 == c1) return ir_file_loc(p->ctx, file, l0, c0);
  int64_t v[4] = {l0, c0, l1, c1};
  return ir_attr_unique(p->ctx, &(IrAttr){.def = &ir_file_loc_def, .str = file, .nints = 4, .ints = v});
}

static bool loc_uint(AsmParser *p, unsigned *out) {
  uint64_t v = 0;
  if (!ptok(p, TOK_INTEGER) || !asm_tok_uint64(p->tok, &v) || v > UINT32_MAX) return false;
  *out = (unsigned)v;
  return true;
}

/* A column number of a file location, consumed; reports MLIR's error (a
 * token that is no integer at all is reported where it is). */
static bool loc_column(AsmParser *p, unsigned *out) {
  if (!ptok(p, TOK_INTEGER)) {
    perr_wrong(p, "expected integer column number in FileLineColRange");
    return false;
  }
  if (!loc_uint(p, out)) {
    perr(p, "expected integer column number in FileLineColRange");
    return false;
  }
  pnext(p);
  return true;
}

/* name-location ::= string-literal (`(` location `)`)?
 * filelinecol   ::= string-literal `:` line (`:` col (`to` line? `:` col)?)? */
static const IrLoc *parse_name_or_file_loc(AsmParser *p) {
  IrContext *ctx = p->ctx;
  StrBuf sb = {0};
  asm_tok_string_value(p->tok, &sb);
  const IrIdent *str = ir_ident(ctx, sb.s ? sb.s : "", sb.len);
  sb_free(&sb);
  pnext(p);
  if (paccept(p, TOK_COLON)) {
    unsigned line, col, eline, ecol;
    if (!loc_uint(p, &line)) {
      perr_wrong(p, "expected integer line number in FileLineColRange");
      return NULL;
    }
    pnext(p);
    if (!ptok(p, TOK_COLON)) {
      int64_t v[2] = {line, 0};
      return ir_attr_unique(ctx, &(IrAttr){.def = &ir_file_loc_def, .str = str, .flags = 1,
                                           .nints = 2, .ints = v});
    }
    pnext(p);
    if (!loc_column(p, &col)) return NULL;
    if (!ptok_kw(p, "to")) return ir_file_loc(ctx, str, line, col);
    pnext(p);
    eline = line;
    if (ptok(p, TOK_INTEGER)) {
      if (!loc_uint(p, &eline)) {
        perr_wrong(p, "expected integer line number in FileLineColRange");
        return NULL;
      }
      pnext(p);
    }
    if (!ptok(p, TOK_COLON)) {
      perr_wrong(p, "expected either integer or `:` post `to` in FileLineColRange");
      return NULL;
    }
    pnext(p);
    if (!loc_column(p, &ecol)) return NULL;
    return file_range_loc(p, str, line, col, eline, ecol);
  }
  if (paccept(p, TOK_LPAREN)) {
    const IrLoc *child = parse_location_instance(p);
    if (!child) return NULL;
    if (!pexpect(p, TOK_RPAREN, "expected ')' after child location of NameLoc")) return NULL;
    return ir_name_loc(ctx, str, child);
  }
  return ir_name_loc(ctx, str, NULL);
}

/* MLIR's FusedLoc::get: nested fused locations with the same metadata are
 * flattened, unknown locations and duplicates dropped, and a single
 * remaining location without metadata stands for itself. */
static const IrLoc *make_fused_loc(AsmParser *p, const IrLoc *const *locs, size_t n,
                                   const IrAttr *meta) {
  IrContext *ctx = p->ctx;
  VEC(const IrLoc *) v = {0};
  for (size_t i = 0; i < n; i++) {
    const IrLoc *l = locs[i];
    if (l->def == &ir_fused_loc_def) {
      const IrAttr *lm = (l->flags & 1) ? l->elems[l->nelems - 1] : NULL;
      if (lm == meta) {
        uint32_t k = l->nelems - ((l->flags & 1) ? 1 : 0);
        for (uint32_t j = 0; j < k; j++) {
          bool seen = false;
          for (size_t q = 0; q < v.len; q++) seen |= v.data[q] == l->elems[j];
          if (!seen) vec_push(&v, l->elems[j]);
        }
        continue;
      }
    }
    if (l->def == &ir_unknown_loc_def) continue;
    bool seen = false;
    for (size_t q = 0; q < v.len; q++) seen |= v.data[q] == l;
    if (!seen) vec_push(&v, l);
  }
  const IrLoc *r;
  if (v.len == 0) {
    const IrLoc *u = ir_unknown_loc(ctx);
    r = meta ? ir_fused_loc(ctx, &u, 1, meta) : u;
  } else if (v.len == 1 && !meta) {
    r = v.data[0];
  } else {
    r = ir_fused_loc(ctx, v.data, v.len, meta);
  }
  vec_free(&v);
  return r;
}

/* location ::= `#` alias-or-dialect-loc | name-location | filelinecol
 *            | `callsite` `(` location `at` location `)`
 *            | `fused` (`<` attribute `>`)? `[` location (`,` location)* `]`
 *            | `unknown` */
const IrLoc *parse_location_instance(AsmParser *p) {
  if (!penter(p)) return NULL;
  const IrLoc *r = NULL;
  if (ptok(p, TOK_HASH_ID)) {
    const IrAttr *a = parse_extended_attr(p, NULL);
    if (a && !ir_attr_is_loc(a)) perr(p, "expected location attribute, but got%A", a);
    else r = a;
  } else if (ptok(p, TOK_STRING)) {
    r = parse_name_or_file_loc(p);
  } else if (ptok_kw(p, "callsite")) {
    pnext(p);
    if (pexpect(p, TOK_LPAREN, "expected '(' in callsite location")) {
      const IrLoc *callee = parse_location_instance(p);
      if (callee) {
        if (!ptok_kw(p, "at")) {
          perr_wrong(p, "expected 'at' in callsite location");
        } else {
          pnext(p);
          const IrLoc *caller = parse_location_instance(p);
          if (caller && pexpect(p, TOK_RPAREN, "expected ')' in callsite location"))
            r = ir_callsite_loc(p->ctx, callee, caller);
        }
      }
    }
  } else if (ptok_kw(p, "fused")) {
    pnext(p);
    const IrAttr *meta = NULL;
    bool ok = true;
    if (paccept(p, TOK_LESS)) {
      meta = parse_attr(p, NULL);
      ok = meta && pexpect(p, TOK_GREATER, "expected '>' after fused location metadata");
    }
    if (ok && pexpect(p, TOK_LSQUARE, "expected '[' in fused location")) {
      size_t as = p->astack.len;
      if (!paccept(p, TOK_RSQUARE)) {
        do {
          const IrLoc *l = parse_location_instance(p);
          if (!l) {
            ok = false;
            break;
          }
          vec_push(&p->astack, l);
        } while (paccept(p, TOK_COMMA));
        if (ok) ok = pexpect(p, TOK_RSQUARE, "expected ']' in fused location");
      }
      if (ok) r = make_fused_loc(p, p->astack.data + as, p->astack.len - as, meta);
      p->astack.len = as;
    }
  } else if (ptok_kw(p, "unknown")) {
    pnext(p);
    r = ir_unknown_loc(p->ctx);
  } else {
    perr_wrong(p, "expected location instance");
  }
  pleave(p);
  return r;
}

/* ======================================================================== */
/* Hook API                                                                  */
/* ======================================================================== */

bool asm_parse_attr(AsmParser *p, const IrType *type, const IrAttr **out) {
  return (*out = parse_attr(p, type)) != NULL;
}

bool asm_parse_optional_attr(AsmParser *p, const IrType *type, const IrAttr **out,
                             bool *present) {
  int r = parse_optional_attr(p, type, out);
  *present = r != 0;
  return r >= 0;
}

bool asm_parse_optional_attr_dict(AsmParser *p, IrOpState *st) {
  if (!ptok(p, TOK_LBRACE)) return true;
  return parse_attr_dict(p, &st->attrs);
}

bool asm_parse_optional_attr_dict_with_keyword(AsmParser *p, IrOpState *st) {
  if (!ptok_kw(p, "attributes")) return true;
  pnext(p);
  return parse_attr_dict(p, &st->attrs);
}

bool asm_parse_optional_props(AsmParser *p, IrOpState *st) {
  if (!ptok(p, TOK_LESS) || asm_lexer_peek_char(&p->lex, p->lex.cur) != '{') return true;
  pnext(p);
  const char *loc = p->tok.ptr;
  const IrAttr *a = parse_attr(p, NULL);
  if (!a) return false;
  if (!pexpect(p, TOK_GREATER, "expected '>' to close properties")) return false;
  if (!ir_attr_is(a, &ir_dict_attr_def))
    return perr_at(p, loc, "expected DictionaryAttr to set properties");
  for (uint32_t i = 0; i < a->nelems; i++)
    vec_push(&st->props, ((IrNamedAttr){a->names[i], a->elems[i]}));
  return true;
}

bool asm_parse_balanced_body(AsmParser *p, Str *out) {
  if (!ptok(p, TOK_LESS)) return perr_wrong(p, "expected '<'");
  return parse_dialect_body(p, out);
}

bool asm_parse_dense_elements_literal(AsmParser *p, const IrType *type, const IrType *elem,
                                      const int64_t *shape, size_t rank, const IrAttr **out) {
  const char *loc = p->tok.ptr;
  for (size_t i = 0; i < rank; i++)
    if (shape[i] < 0) return perr_at(p, loc, "elements literal type must have static shape");
  if (ir_shape_num_elements(shape, rank) < 0)
    return perr_at(p, loc, "elements literal type has more elements than fit in 64 bits");
  DenseLit d = {0};
  const IrAttr *a = NULL;
  if (dense_literal(p, &d, true)) a = dense_build(p, &d, loc, type, elem, shape, rank);
  dense_free(&d);
  *out = a;
  return a != NULL;
}
