/* types_parse.c — parsing of the cuda_tile types: the type bodies after
 * their mnemonic and NVIDIA's parseCudaTileType (short or long form).
 * Dimension lists ("4x?x8xf32", where MLIR lexes `4` then `x?...`) use the
 * parser's asm_parse_dimension_list, which re-lexes after each `x` as MLIR
 * does, so the element type that follows is an ordinary token. */
#include "dialect/cuda_tile/ct_types.h"

#include "asm/parse_memo.h"

#include <ctype.h>

/* ---- small shared helpers ------------------------------------------------ */

bool ct_parse_optional_word(AsmParser *p, Str *out) {
  return asm_parse_optional_keyword_any(p, out);
}

/* keyword-or-string := bare-id | string-literal */
bool ct_parse_keyword_or_string(AsmParser *p, char **out, size_t *len) {
  bool present = false;
  if (!asm_parse_optional_string(p, out, len, &present)) return false;
  if (present) return true;
  Str kw;
  if (!ct_parse_optional_word(p, &kw)) return asm_error(p, "expected valid keyword or string");
  *out = xstrndup(kw.s, kw.n);
  *len = kw.n;
  return true;
}

/* uint64 literal: decimal or 0x hex, up to 2^64-1 (NVIDIA parses div_by's
 * divisor as uint64_t).  An integer token is read as a `ui64` attribute,
 * which accepts the whole unsigned range. */
bool ct_parse_u64(AsmParser *p, uint64_t *out) {
  const char *s = asm_cur_loc(p).ptr;
  if (s && isdigit((unsigned char)s[0])) {
    const IrAttr *a;
    if (!asm_parse_attr(p, ir_integer_type(asm_ctx(p), 64, IR_UNSIGNED), &a)) return false;
    if (!ir_attr_is(a, &ir_integer_attr_def)) return asm_error(p, "expected integer value");
    *out = (uint64_t)a->ints[0];
    return true;
  }
  AsmLoc l = asm_cur_loc(p);
  int64_t v;
  if (!asm_parse_integer(p, &v)) return false;
  if (v < 0) return asm_error_at(p, l, "integer value too large");
  *out = (uint64_t)v;
  return true;
}

/* ---- nesting guard ------------------------------------------------------- */

/* cuda_tile type/attribute bodies being parsed on this thread.  It only
 * tells the memo whether a body is nested in another (a nested one is
 * parsed directly); kept per thread rather than in the dialect state so
 * that every ct_parse_type reads it without looking the state up (a
 * parse runs on one thread, and a stale count could only skip the memo). */
static _Thread_local unsigned ct_nesting;

/* One level of the parser's own nesting count and limit
 * (ASM_MAX_NESTING_DEPTH), and of ct_nesting. */
bool ct_parse_enter(AsmParser *p) {
  if (!asm_nesting_enter(p)) return false;
  ct_nesting++;
  return true;
}

void ct_parse_leave(AsmParser *p) {
  if (ct_nesting) ct_nesting--;
  asm_nesting_leave(p);
}

/* ---- dimension lists ----------------------------------------------------- */

typedef AsmI64Vec I64Vec;

/* ---- element types ------------------------------------------------------- */

/* Builtin scalar type named by a bare word (iN, siN, uiN, the float
 * spellings, index, none); NULL if the word names none. */
static const IrType *builtin_scalar(IrContext *ctx, Str w) {
  IrSignedness sg = IR_SIGNLESS;
  Str digits = w;
  if (w.n > 1 && w.s[0] == 'i') digits = str_make(w.s + 1, w.n - 1);
  else if (w.n > 2 && (w.s[0] == 's' || w.s[0] == 'u') && w.s[1] == 'i') {
    sg = w.s[0] == 's' ? IR_SIGNED : IR_UNSIGNED;
    digits = str_make(w.s + 2, w.n - 2);
  } else {
    digits.n = 0;
  }
  if (digits.n && digits.n <= 8) {
    unsigned width = 0;
    size_t i = 0;
    for (; i < digits.n && isdigit((unsigned char)digits.s[i]); i++)
      width = width * 10 + (unsigned)(digits.s[i] - '0');
    if (i == digits.n && width <= 16777215u) return ir_integer_type(ctx, width, sg);
  }
  for (int k = 0; k < IR_FLOAT_KIND_COUNT; k++) {
    const char *name = ir_float_kind_name((IrFloatKind)k);
    if (name[0] == w.s[0] && str_eqz(w, name)) return ir_float_type(ctx, (IrFloatKind)k);
  }
  if (str_eqz(w, "index")) return ir_index_type(ctx);
  if (str_eqz(w, "none")) return ir_none_type(ctx);
  return NULL;
}

static const char *const builtin_composites[] = {"tensor", "vector", "memref", "complex",
                                                 "tuple", NULL};

/* The type mnemonics: "tile", "ptr", "token", "string", "tensor_view",
 * "partition_view", "strided_view", "gather_scatter_view" (by length). */
static bool is_dialect_mnemonic(Str w) {
  switch (w.n) {
  case 3: return !memcmp(w.s, "ptr", 3);
  case 4: return !memcmp(w.s, "tile", 4);
  case 5: return !memcmp(w.s, "token", 5);
  case 6: return !memcmp(w.s, "string", 6);
  case 11: return !memcmp(w.s, "tensor_view", 11);
  case 12: return !memcmp(w.s, "strided_view", 12);
  case 14: return !memcmp(w.s, "partition_view", 14);
  case 19: return !memcmp(w.s, "gather_scatter_view", 19);
  default: return false;
  }
}

/* The identifier starting at the current token, read from the source text
 * without consuming it (false if the token is not a bare identifier). */
static bool peek_word(AsmParser *p, Str *w) {
  const char *s = asm_cur_loc(p).ptr;
  if (!s || !(isalpha((unsigned char)s[0]) || s[0] == '_')) return false;
  size_t n = 1;
  while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '$' || s[n] == '.') n++;
  *w = str_make(s, n);
  return true;
}

/* `iN`, `siN`, `uiN` (any width: the type parser reports bad widths). */
static bool is_int_type_word(Str w) {
  size_t i = 0;
  if (w.n > 2 && (w.s[0] == 's' || w.s[0] == 'u') && w.s[1] == 'i') i = 2;
  else if (w.n > 1 && w.s[0] == 'i') i = 1;
  else return false;
  for (; i < w.n; i++)
    if (!isdigit((unsigned char)w.s[i])) return false;
  return true;
}

static bool is_builtin_composite(Str w) {
  for (int i = 0; builtin_composites[i]; i++)
    if (str_eqz(w, builtin_composites[i])) return true;
  return false;
}

/* parseCudaTileType:
 *   cuda-tile-type := `token` | mlir-type | short-mnemonic body
 * Bare identifiers are classified here (cuda_tile mnemonic, builtin type
 * keyword, or unknown) so the result does not depend on how the generic
 * type parser treats unknown keywords. */
static bool parse_type_uncached(AsmParser *p, const IrType **out) {
  *out = NULL;
  Str w;
  if (peek_word(p, &w)) {
    if (is_dialect_mnemonic(w)) { /* `token` included */
      Str kw;
      if (!ct_parse_optional_word(p, &kw)) return asm_error(p, "expected valid keyword");
      *out = ct_parse_type_mnemonic(p, kw);
      return *out != NULL;
    }
    if (is_int_type_word(w) || builtin_scalar(asm_ctx(p), w) || is_builtin_composite(w))
      return asm_parse_type(p, out) && *out != NULL;
    Str kw;
    if (!ct_parse_optional_word(p, &kw)) return asm_error(p, "expected valid keyword");
    return asm_error(p, "unknown type: %.*s", (int)kw.n, kw.s);
  }
  bool present = false;
  if (!asm_parse_optional_type(p, out, &present)) return false;
  if (present) return *out != NULL;
  return asm_error(p, "expected valid keyword");
}

/* The same, through the parser's type memo for the outermost type (op
 * types repeat their long view types on every op): nested bodies run under
 * ct_parse_enter and are parsed directly, so the memo's result never depends
 * on the cuda_tile nesting depth. */
static const IrType *parse_type_memo_fn(AsmParser *p, void *arg) {
  (void)arg;
  const IrType *t;
  return parse_type_uncached(p, &t) ? t : NULL;
}

bool ct_parse_type(AsmParser *p, const IrType **out) {
  if (ct_nesting) return parse_type_uncached(p, out);
  *out = asm_parse_type_memo_here(p, parse_type_memo_fn, NULL);
  return *out != NULL;
}

bool ct_parse_type_list(AsmParser *p, const IrType ***out, size_t *n) {
  VEC(const IrType *) v = {0};
  do {
    const IrType *t;
    if (!ct_parse_type(p, &t)) {
      vec_free(&v);
      *out = NULL;
      *n = 0;
      return false;
    }
    vec_push(&v, t);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  *out = v.data;
  *n = v.len;
  return true;
}

/* The element type after a dimension list. */
static const IrType *parse_elem(AsmParser *p) {
  const IrType *t;
  return ct_parse_type(p, &t) ? t : NULL;
}

/* ---- type bodies --------------------------------------------------------- */

/* tile-type := `tile` `<` (dim `x`)* element `>` */
static const IrType *parse_tile(AsmParser *p) {
  AsmLoc loc = asm_cur_loc(p);
  I64Vec dims = {0};
  const IrType *t = NULL, *elem;
  if (asm_parse_punct(p, ASM_LESS) && asm_parse_dimension_list(p, &dims, false, true) &&
      (elem = parse_elem(p)) && asm_parse_punct(p, ASM_GREATER)) {
    CtEmitter e = ct_emitter_at(p, loc);
    t = ct_tile_type_checked(asm_ctx(p), &e, dims.data, dims.len, elem);
  }
  vec_free(&dims);
  return t;
}

/* ptr-type := `ptr` `<` element `>` */
static const IrType *parse_ptr(AsmParser *p) {
  AsmLoc loc = asm_cur_loc(p);
  const IrType *elem;
  if (!asm_parse_punct(p, ASM_LESS) || !ct_parse_type(p, &elem) ||
      !asm_parse_punct(p, ASM_GREATER))
    return NULL;
  CtEmitter e = ct_emitter_at(p, loc);
  return ct_ptr_type_checked(asm_ctx(p), &e, elem);
}

/* strides := `[` (stride (`,` stride)*)? `]`;  stride := `?` | integer > 0 */
static bool parse_stride_array(AsmParser *p, I64Vec *out) {
  if (!asm_parse_punct(p, ASM_LSQUARE)) return false;
  if (asm_parse_optional_punct(p, ASM_RSQUARE)) return true;
  do {
    AsmLoc l = asm_cur_loc(p);
    if (asm_parse_optional_punct(p, ASM_QUESTION)) {
      vec_push(out, IR_DYNAMIC);
      continue;
    }
    int64_t v;
    bool present = false;
    if (!asm_parse_optional_integer(p, &v, &present)) return false;
    if (!present) return asm_error_at(p, l, "expected either 64-bit integer or question mark");
    if (v <= 0)
      return asm_error_at(p, l, "expected strictly positive integer, got %lld", (long long)v);
    vec_push(out, v);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return asm_parse_punct(p, ASM_RSQUARE);
}

/* tensor-view := `tensor_view` `<` (dim `x`)* element
 *                (`,` `strides` `=` strides)? `>`   (strides iff rank > 0) */
static const IrType *parse_tensor_view(AsmParser *p) {
  AsmLoc loc = asm_cur_loc(p);
  I64Vec dims = {0}, strides = {0};
  const IrType *t = NULL, *elem;
  if (!asm_parse_punct(p, ASM_LESS) || !asm_parse_dimension_list(p, &dims, true, true) ||
      !(elem = parse_elem(p)))
    goto done;
  if (dims.len == 0) {
    if (asm_parse_optional_punct(p, ASM_COMMA)) {
      if (asm_parse_optional_keyword(p, "strides"))
        asm_error(p, "strides must not be provided for 0-d tiles");
      else
        asm_error(p, "unexpected token after element type in 0-d tensor_view");
      goto done;
    }
  } else {
    if (!asm_parse_optional_punct(p, ASM_COMMA)) {
      asm_error(p, "expected 'strides'");
      goto done;
    }
    if (!asm_parse_keyword(p, "strides") || !asm_parse_punct(p, ASM_EQUAL) ||
        !parse_stride_array(p, &strides))
      goto done;
  }
  if (!asm_parse_punct(p, ASM_GREATER)) goto done;
  CtEmitter e = ct_emitter_at(p, loc);
  t = ct_tensor_view_type_checked(asm_ctx(p), &e, elem, dims.data, dims.len, strides.data,
                                  strides.len);
done:
  vec_free(&dims);
  vec_free(&strides);
  return t;
}

/* Each tile dimension must fit int32 (NVIDIA stores a DenseI32ArrayAttr). */
static bool check_i32_dims(AsmParser *p, AsmLoc l, const I64Vec *dims) {
  for (size_t i = 0; i < dims->len; i++) {
    int64_t v = dims->data[i];
    if (v <= 0 || v > INT32_MAX)
      return asm_error_at(p, l,
                          "tile dimension %zu exceeds i32 limitations (got %lld, expected "
                          "strictly positive and less than or equal to 2147483647)",
                          i, (long long)v);
  }
  return true;
}

/* `tile` `=` `(` dims `)`; the i32 range check runs here when check_now. */
static bool parse_view_tile(AsmParser *p, I64Vec *tile, bool check_now, AsmLoc *dims_loc) {
  if (!asm_parse_keyword(p, "tile") || !asm_parse_punct(p, ASM_EQUAL)) return false;
  *dims_loc = asm_cur_loc(p);
  if (!asm_parse_punct(p, ASM_LPAREN) || !asm_parse_dimension_list(p, tile, false, false) ||
      !asm_parse_punct(p, ASM_RPAREN))
    return false;
  return !check_now || check_i32_dims(p, *dims_loc, tile);
}

/* (`padding_value` `=` keyword `,`)? — *pad = CT_NO_PADDING when absent. */
static bool parse_view_padding(AsmParser *p, int *pad) {
  *pad = CT_NO_PADDING;
  if (!asm_parse_optional_keyword(p, "padding_value")) return true;
  AsmLoc l = asm_cur_loc(p);
  Str kw;
  if (!asm_parse_punct(p, ASM_EQUAL) || !asm_parse_keyword_any(p, &kw)) return false;
  int v = ct_enum_lookup(&ct_enum_padding_value, kw);
  if (v < 0)
    return asm_error_at(p, l, "invalid padding_value attribute specification. Got \"%.*s\" "
                              "but expect one of: zero, neg_zero, nan, pos_inf, neg_inf",
                        (int)kw.n, kw.s);
  *pad = v;
  return asm_parse_punct(p, ASM_COMMA);
}

/* The view's tensor_view operand type (short or long form). */
static const IrType *parse_view_tensor_view(AsmParser *p) {
  const IrType *t;
  if (!ct_parse_type(p, &t)) return NULL;
  if (!ct_type_is_tensor_view(t)) {
    CtEmitter e = ct_emitter_at(p, asm_cur_loc(p));
    ct_emit_error(&e, "expected 'tensor_view' type, but got '%T'", t);
    return NULL;
  }
  return t;
}

/* `[` (int32 (`,` int32)*)? `]` */
static bool parse_i32_list(AsmParser *p, I64Vec *out) {
  if (!asm_parse_punct(p, ASM_LSQUARE)) return false;
  if (asm_parse_optional_punct(p, ASM_RSQUARE)) return true;
  do {
    AsmLoc l = asm_cur_loc(p);
    int64_t v;
    if (!asm_parse_integer(p, &v)) return false;
    if (v < INT32_MIN || v > INT32_MAX) return asm_error_at(p, l, "integer value too large");
    vec_push(out, v);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return asm_parse_punct(p, ASM_RSQUARE);
}

/* (`,` `dim_map` `=` `[` ints `]`)? — identity when absent. */
static bool parse_view_dim_map(AsmParser *p, size_t tile_rank, I64Vec *out) {
  if (asm_parse_optional_punct(p, ASM_COMMA))
    return asm_parse_keyword(p, "dim_map") && asm_parse_punct(p, ASM_EQUAL) &&
           parse_i32_list(p, out);
  for (size_t i = 0; i < tile_rank; i++) vec_push(out, (int64_t)i);
  return true;
}

/* partition-view := `partition_view` `<` `tile` `=` `(` dims `)` `,`
 *                   padding? tensor-view dim-map? `>` */
static const IrType *parse_partition_view(AsmParser *p) {
  AsmLoc loc = asm_cur_loc(p), dl;
  I64Vec tile = {0}, map = {0};
  const IrType *t = NULL, *tv;
  int pad;
  if (asm_parse_punct(p, ASM_LESS) && parse_view_tile(p, &tile, true, &dl) &&
      asm_parse_punct(p, ASM_COMMA) && parse_view_padding(p, &pad) &&
      (tv = parse_view_tensor_view(p)) && parse_view_dim_map(p, tile.len, &map) &&
      asm_parse_punct(p, ASM_GREATER)) {
    CtEmitter e = ct_emitter_at(p, loc);
    t = ct_partition_view_type_checked(asm_ctx(p), &e, tile.data, tile.len, tv, map.data,
                                       map.len, pad);
  }
  vec_free(&tile);
  vec_free(&map);
  return t;
}

/* strided-view := `strided_view` `<` `tile` `=` `(` dims `)` `,`
 *                 `traversal_strides` `=` `[` ints `]` `,` padding?
 *                 tensor-view dim-map? `>` */
static const IrType *parse_strided_view(AsmParser *p) {
  AsmLoc loc = asm_cur_loc(p), dl;
  I64Vec tile = {0}, strides = {0}, map = {0};
  const IrType *t = NULL, *tv;
  int pad;
  if (asm_parse_punct(p, ASM_LESS) && parse_view_tile(p, &tile, true, &dl) &&
      asm_parse_punct(p, ASM_COMMA) && asm_parse_keyword(p, "traversal_strides") &&
      asm_parse_punct(p, ASM_EQUAL) && parse_i32_list(p, &strides) &&
      asm_parse_punct(p, ASM_COMMA) && parse_view_padding(p, &pad) &&
      (tv = parse_view_tensor_view(p)) && parse_view_dim_map(p, tile.len, &map) &&
      asm_parse_punct(p, ASM_GREATER)) {
    CtEmitter e = ct_emitter_at(p, loc);
    t = ct_strided_view_type_checked(asm_ctx(p), &e, tile.data, tile.len, strides.data,
                                     strides.len, tv, map.data, map.len, pad);
  }
  vec_free(&tile);
  vec_free(&strides);
  vec_free(&map);
  return t;
}

/* gather-scatter-view := `gather_scatter_view` `<` `tile` `=` `(` dims `)`
 *                        `,` padding? tensor-view `,` `sparse_dim` `=` uint `>` */
static const IrType *parse_gather_scatter_view(AsmParser *p) {
  AsmLoc loc = asm_cur_loc(p), dl;
  I64Vec tile = {0};
  const IrType *t = NULL, *tv;
  int pad;
  int64_t sd = 0;
  AsmLoc sdl;
  if (asm_parse_punct(p, ASM_LESS) && parse_view_tile(p, &tile, false, &dl) &&
      asm_parse_punct(p, ASM_COMMA) && parse_view_padding(p, &pad) &&
      (tv = parse_view_tensor_view(p)) && asm_parse_punct(p, ASM_COMMA) &&
      asm_parse_keyword(p, "sparse_dim") && asm_parse_punct(p, ASM_EQUAL) &&
      (sdl = asm_cur_loc(p), asm_parse_integer(p, &sd))) {
    if (sd < 0 || sd > (int64_t)UINT32_MAX) {
      asm_error_at(p, sdl, "integer value too large");
    } else if (asm_parse_punct(p, ASM_GREATER) && check_i32_dims(p, dl, &tile)) {
      CtEmitter e = ct_emitter_at(p, loc);
      t = ct_gather_scatter_view_type_checked(asm_ctx(p), &e, tile.data, tile.len, tv,
                                              (uint32_t)sd, pad);
    }
  }
  vec_free(&tile);
  return t;
}

/* Dispatch on the mnemonic; *known = false (nothing consumed) if the
 * dialect has no such type. */
static const IrType *parse_body(AsmParser *p, Str m, bool *known) {
  *known = true;
  if (str_eqz(m, "token")) return ct_token_type(asm_ctx(p));
  if (str_eqz(m, "string")) return ct_string_type(asm_ctx(p));
  const IrType *(*fn)(AsmParser *) = NULL;
  if (str_eqz(m, "tile")) fn = parse_tile;
  else if (str_eqz(m, "ptr")) fn = parse_ptr;
  else if (str_eqz(m, "tensor_view")) fn = parse_tensor_view;
  else if (str_eqz(m, "partition_view")) fn = parse_partition_view;
  else if (str_eqz(m, "strided_view")) fn = parse_strided_view;
  else if (str_eqz(m, "gather_scatter_view")) fn = parse_gather_scatter_view;
  if (!fn) {
    *known = false;
    return NULL;
  }
  if (!ct_parse_enter(p)) return NULL;
  const IrType *t = fn(p);
  ct_parse_leave(p);
  return t;
}

static const IrType *parse_type_mnemonic_uncached(AsmParser *p, Str mnemonic) {
  bool known;
  const IrType *t = parse_body(p, mnemonic, &known);
  if (!known)
    asm_error(p, "unknown  type `%.*s` in dialect `cuda_tile`", (int)mnemonic.n,
              mnemonic.s);
  return t;
}

static const IrType *type_mnemonic_memo_fn(AsmParser *p, void *arg) {
  return parse_type_mnemonic_uncached(p, *(const Str *)arg);
}

/* A type body after its consumed mnemonic (the short form inside generic
 * type syntax, or `!cuda_tile.m<...>`), memoized like ct_parse_type when it
 * is not nested in another cuda_tile body. */
const IrType *ct_parse_type_mnemonic(AsmParser *p, Str mnemonic) {
  if (ct_nesting || mnemonic.s + mnemonic.n != asm_cur_loc(p).ptr)
    return parse_type_mnemonic_uncached(p, mnemonic);
  return asm_parse_type_memo(p, (AsmLoc){mnemonic.s}, type_mnemonic_memo_fn, &mnemonic);
}
