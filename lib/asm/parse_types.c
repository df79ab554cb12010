/* parse_types.c — types in MLIR's textual syntax (mlir/lib/AsmParser/
 * TypeParser.cpp and the type half of DialectSymbolParser.cpp): builtin
 * integer/index/float/none types, function types, tuple, tensor (ranked and
 * unranked), vector (with scalable dims), memref and complex (kept verbatim
 * as opaque builtin text), type aliases, dialect types dispatched to
 * IrDialect.parse_type (also in the short form without "!dialect." inside a
 * dialect's custom syntax), and unregistered dialect types kept verbatim.
 * Also the type part of the hook API and dimension lists. */
#include "asm/parser_internal.h"
#include "asm/parse_memo.h"

#include <stdlib.h>

/* Max integer width, as MLIR's IntegerType::kMaxWidth. */
#define ASM_MAX_INT_WIDTH 16777215u

bool ptok_is_type_start(const AsmParser *p) {
  switch (p->tok.kind) {
  case TOK_LPAREN:
  case TOK_EXCL_ID:
    return true;
  case TOK_BARE_ID:
    switch (p->tok.kw) {
    case KW_INTTYPE: case KW_FLOATTYPE: case KW_INDEX: case KW_NONE: case KW_TENSOR:
    case KW_VECTOR: case KW_MEMREF: case KW_COMPLEX: case KW_TUPLE:
      return true;
    default:
      return false;
    }
  default:
    return false;
  }
}

const IrType *opaque_builtin_type(AsmParser *p, const char *s, size_t n) {
  return ir_type_unique(p->ctx, &(IrType){.def = &ir_opaque_type_def, .flags = ASM_OPAQUE_BUILTIN,
                                          .str = ir_ident(p->ctx, s, n)});
}

/* Builtin types that cannot be tensor/vector elements (MLIR's
 * TensorType::isValidElementType rejects builtin types other than complex,
 * float, integer, index, opaque and vector). */
bool type_is_builtin_non_element(const IrType *t) {
  if (t->def == &ir_none_type_def || t->def == &ir_function_type_def ||
      t->def == &ir_tuple_type_def || t->def == &ir_tensor_type_def)
    return true;
  if (t->def == &ir_opaque_type_def && (t->flags & ASM_OPAQUE_BUILTIN) &&
      !strncmp(t->str->str, "memref", 6))
    return true;
  return false;
}

/* ---- dialect symbol bodies ------------------------------------------------- */

/* pretty-dialect-sym-body ::= `<` pretty-dialect-sym-contents+ `>` where the
 * contents are balanced (), [], {}, <> and strings, anything else between. */
bool parse_dialect_body(AsmParser *p, Str *out) {
  const char *start = p->tok.ptr, *cur = start;
  VEC(char) nest = {0};
  bool ok = true;
  do {
    char c = *cur++;
    switch (c) {
    case 0: /* also the end of the buffer */
      if (nest.len)
        ok = perr_at(p, start, "unbalanced '%c' character in pretty dialect name", vec_last(&nest));
      else
        ok = perr_at(p, start, "unexpected nul or EOF in pretty dialect name");
      break;
    case '<': case '[': case '(': case '{':
      vec_push(&nest, c);
      continue;
    case '-':
      if (*cur == '>') cur++;
      continue;
    case '>': case ']': case ')': case '}': {
      char open = c == '>' ? '<' : c == ']' ? '[' : c == ')' ? '(' : '{';
      if (vec_last(&nest) != open) {
        ok = perr_at(p, start, "unbalanced '%c' character in pretty dialect name", vec_last(&nest));
        break;
      }
      nest.len--;
      continue;
    }
    case '"': {
      asm_lexer_reset(&p->lex, cur - 1);
      AsmToken s = asm_lex(&p->lex);
      if (s.kind != TOK_STRING) {
        p->tok = s; /* error token: the lexer reported */
        ok = false;
        break;
      }
      cur = s.ptr + s.len;
      continue;
    }
    default:
      continue;
    }
    break;
  } while (nest.len);
  vec_free(&nest);
  if (!ok) return false;
  *out = (Str){start, (size_t)(cur - start)};
  preset(p, cur);
  return true;
}

/* ---- dimension lists ------------------------------------------------------- */

/* An integer dimension; `0x...` is `0` followed by `x...` (MLIR). */
static bool parse_integer_in_dim(AsmParser *p, int64_t *out) {
  if (!ptok(p, TOK_INTEGER)) return perr(p, "invalid dimension");
  if (asm_tok_is_hex(p->tok)) {
    *out = 0;
    preset(p, p->tok.ptr + 1);
    return true;
  }
  uint64_t v = 0;
  if (!asm_tok_uint64(p->tok, &v) || v > (uint64_t)INT64_MAX) return perr(p, "invalid dimension");
  *out = (int64_t)v;
  pnext(p);
  return true;
}

/* An `x` in a dimension list, possibly glued to what follows (`xf32`). */
bool parse_x_in_dimension_list(AsmParser *p) {
  if (!ptok(p, TOK_BARE_ID) || p->tok.ptr[0] != 'x')
    return perr_wrong(p, "expected 'x' in dimension list");
  if (p->tok.len != 1) preset(p, p->tok.ptr + 1);
  else pnext(p);
  return true;
}

static bool parse_dim(AsmParser *p, bool allow_dynamic) {
  if (ptok(p, TOK_QUESTION)) {
    if (!allow_dynamic) return perr(p, "expected static shape");
    pnext(p);
    vec_push(&p->istack, IR_DYNAMIC);
    return true;
  }
  int64_t v = 0;
  if (!parse_integer_in_dim(p, &v)) return false;
  vec_push(&p->istack, v);
  return true;
}

/* dimension-list ::= (dimension `x`)*  (with_trailing_x)
 *                  | dimension (`x` dimension)*
 * dimension      ::= `?` | decimal-literal */
/* The common `64x64x` followed by an element type, scanned in the raw text
 * (the token path re-lexes each glued `x64x...`).  Handles only lists of
 * plain decimal dimensions each glued to its `x`, ending at a letter, '_'
 * or '!'; anything else returns false untouched for the token path. */
static bool fast_dimension_list(AsmParser *p) {
  const char *s = p->tok.ptr, *end = p->lex.end;
  size_t ds = p->istack.len;
  for (;;) {
    const char *d = s;
    uint64_t v = 0;
    while (s < end && *s >= '0' && *s <= '9' && s - d < 18) v = v * 10 + (uint64_t)(*s++ - '0');
    if (s == d || s >= end || *s != 'x' || (*d == '0' && s - d > 1)) break;
    vec_push(&p->istack, (int64_t)v);
    s++; /* 'x' */
    if (s >= end) break;
    char c = *s;
    if (c >= '0' && c <= '9') continue;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '!') {
      preset(p, s);
      return true;
    }
    break;
  }
  p->istack.len = ds;
  return false;
}

bool parse_dimension_list(AsmParser *p, bool allow_dynamic, bool with_trailing_x) {
  if (with_trailing_x && ptok(p, TOK_INTEGER) && fast_dimension_list(p)) return true;
  if (with_trailing_x) {
    while (ptok(p, TOK_INTEGER) || ptok(p, TOK_QUESTION))
      if (!parse_dim(p, allow_dynamic) || !parse_x_in_dimension_list(p)) return false;
    return true;
  }
  if (ptok(p, TOK_INTEGER) || ptok(p, TOK_QUESTION)) {
    if (!parse_dim(p, allow_dynamic)) return false;
    while (ptok(p, TOK_BARE_ID) && p->tok.ptr[0] == 'x')
      if (!parse_x_in_dimension_list(p) || !parse_dim(p, allow_dynamic)) return false;
  }
  return true;
}

static void format_shape(StrBuf *b, const int64_t *d, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) sb_puts(b, ", ");
    if (d[i] == IR_DYNAMIC) sb_puts(b, "-9223372036854775808");
    else sb_printf(b, "%lld", (long long)d[i]);
  }
}

/* ---- builtin types ----------------------------------------------------------- */

/* A ranked tensor or vector type through a small cache (they repeat). */
static const IrType *shaped_type_cached(AsmParser *p, const IrTypeDef *def, const int64_t *dims,
                                        size_t rank, const IrType *elem, const IrAttr *enc,
                                        uint32_t flags) {
  uint64_t h = hash_mix((uintptr_t)def, (uintptr_t)elem);
  h = hash_mix(h, (uintptr_t)enc ^ ((uint64_t)flags << 32) ^ rank);
  for (size_t i = 0; i < rank; i++) h = hash_mix(h, (uint64_t)dims[i]);
  const IrType **slot = &p->shcache[h & 255];
  const IrType *t = *slot;
  if (t && t->def == def && t->flags == flags && t->nints == rank && t->types[0] == elem &&
      t->attr == enc && (rank == 0 || !memcmp(t->ints, dims, rank * sizeof *dims)))
    return t;
  t = def == &ir_tensor_type_def ? ir_tensor_type(p->ctx, dims, rank, elem, enc)
                                 : ir_vector_type(p->ctx, dims, rank, elem, flags);
  *slot = t;
  return t;
}

/* tensor-type ::= `tensor` `<` (dimension-list-with-x | `*` `x`) type
 *                 (`,` encoding)? `>` */
static const IrType *parse_tensor_type(AsmParser *p) {
  pnext(p);
  if (!pexpect(p, TOK_LESS, "expected '<' in tensor type")) return NULL;
  size_t ds = p->istack.len;
  const IrType *t = NULL;
  bool unranked = false;
  if (paccept(p, TOK_STAR)) {
    unranked = true;
    if (!parse_x_in_dimension_list(p)) goto out;
  } else if (!parse_dimension_list(p, true, true)) {
    goto out;
  }
  const char *eloc = p->tok.ptr;
  const IrType *elem = parse_type(p);
  if (!elem) goto out;
  const IrAttr *enc = NULL;
  if (paccept(p, TOK_COMMA) && !(enc = parse_attr(p, NULL))) goto out;
  if (!pexpect(p, TOK_GREATER, "expected '>' in tensor type")) goto out;
  if (type_is_builtin_non_element(elem)) {
    perr_at(p, eloc, "invalid tensor element type");
    goto out;
  }
  if (unranked) {
    if (enc) {
      perr(p, "cannot apply encoding to unranked tensor");
      goto out;
    }
    t = ir_type_unique(p->ctx, &(IrType){.def = &ir_tensor_type_def, .flags = ASM_TENSOR_UNRANKED,
                                         .ntypes = 1, .types = &elem});
  } else {
    t = shaped_type_cached(p, &ir_tensor_type_def, p->istack.data + ds, p->istack.len - ds, elem,
                           enc, 0);
  }
out:
  p->istack.len = ds;
  return t;
}

/* vector-type ::= `vector` `<` (vector-dim `x`)* type `>`
 * vector-dim  ::= decimal-literal | `[` decimal-literal `]` (scalable) */
static const IrType *parse_vector_type(AsmParser *p) {
  const char *loc = p->tok.ptr;
  pnext(p);
  if (!pexpect(p, TOK_LESS, "expected '<' in vector type")) return NULL;
  size_t ds = p->istack.len;
  const IrType *t = NULL;
  uint32_t scalable = 0;
  while (ptok(p, TOK_INTEGER) || ptok(p, TOK_LSQUARE)) {
    bool sc = paccept(p, TOK_LSQUARE);
    int64_t v = 0;
    if (!parse_integer_in_dim(p, &v)) goto out;
    if (sc && !paccept(p, TOK_RSQUARE)) {
      perr_wrong(p, "missing ']' closing scalable dimension");
      goto out;
    }
    size_t idx = p->istack.len - ds;
    if (sc) {
      if (idx >= 32) {
        perr(p, "too many scalable dimensions");
        goto out;
      }
      scalable |= 1u << idx;
    }
    vec_push(&p->istack, v);
    if (!parse_x_in_dimension_list(p)) goto out;
  }
  const IrType *elem = parse_type(p);
  if (!elem || !pexpect(p, TOK_GREATER, "expected '>' in vector type")) goto out;
  bool elem_ok = ir_type_is_integer(elem) || ir_type_is_index(elem) || ir_type_is_float(elem) ||
                 strcmp(elem->def->dialect, "builtin") != 0 ||
                 (elem->def == &ir_opaque_type_def && !(elem->flags & ASM_OPAQUE_BUILTIN));
  if (!elem_ok) {
    perr_at(p, loc, "vector elements must be int/index/float type but got '%T'", elem);
    goto out;
  }
  for (size_t i = ds; i < p->istack.len; i++)
    if (p->istack.data[i] <= 0) {
      StrBuf b = {0};
      format_shape(&b, p->istack.data + ds, p->istack.len - ds);
      perr_at(p, loc, "vector types must have positive constant sizes but got %s", sb_cstr(&b));
      sb_free(&b);
      goto out;
    }
  t = shaped_type_cached(p, &ir_vector_type_def, p->istack.data + ds, p->istack.len - ds, elem,
                         NULL, scalable);
out:
  p->istack.len = ds;
  return t;
}

/* tuple-type ::= `tuple` `<` (type (`,` type)*)? `>` */
static const IrType *parse_tuple_type(AsmParser *p) {
  pnext(p);
  if (!pexpect(p, TOK_LESS, "expected '<' in tuple type")) return NULL;
  if (paccept(p, TOK_GREATER)) return ir_tuple_type(p->ctx, NULL, 0);
  size_t ts = p->tstack.len;
  const IrType *t = NULL;
  if (parse_type_list_no_parens(p) && pexpect(p, TOK_GREATER, "expected '>' in tuple type"))
    t = ir_tuple_type(p->ctx, p->tstack.data + ts, p->tstack.len - ts);
  p->tstack.len = ts;
  return t;
}

/* complex-type ::= `complex` `<` type `>`, kept as verbatim builtin text. */
static const IrType *parse_complex_type(AsmParser *p) {
  const char *start = p->tok.ptr;
  pnext(p);
  if (!pexpect(p, TOK_LESS, "expected '<' in complex type")) return NULL;
  const char *eloc = p->tok.ptr;
  const IrType *elem = parse_type(p);
  if (!elem) return NULL;
  const char *end = p->tok.ptr + p->tok.len;
  if (!pexpect(p, TOK_GREATER, "expected '>' in complex type")) return NULL;
  if (!ir_type_is_float(elem) && !ir_type_is_integer(elem)) {
    perr_at(p, eloc, "invalid element type for complex");
    return NULL;
  }
  return opaque_builtin_type(p, start, (size_t)(end - start));
}

/* memref-type ::= `memref` `<` ... `>`, kept as verbatim builtin text. */
/* memref-type ::= `memref` `<` (dimension-list-with-x | `*` `x`) type
 *                 (`,` layout)? (`,` memory-space)? `>`
 * Checked as MLIR's parseMemRefType does (with its messages), then kept as
 * verbatim text: ctile has no memref semantics. */
static const IrType *parse_memref_type(AsmParser *p) {
  const char *start = p->tok.ptr;
  pnext(p);
  if (!pexpect(p, TOK_LESS, "expected '<' in memref type")) return NULL;
  size_t ds = p->istack.len;
  bool unranked = paccept(p, TOK_STAR), ok;
  ok = unranked ? parse_x_in_dimension_list(p) : parse_dimension_list(p, true, true);
  p->istack.len = ds;
  if (!ok) return NULL;
  const char *eloc = p->tok.ptr;
  const IrType *elem = parse_type(p);
  if (!elem) return NULL;
  if (elem->def == &ir_none_type_def || elem->def == &ir_function_type_def ||
      elem->def == &ir_tuple_type_def || elem->def == &ir_tensor_type_def) {
    perr_at(p, eloc, "invalid memref element type");
    return NULL;
  }
  if (!paccept(p, TOK_GREATER)) {
    if (!pexpect(p, TOK_COMMA, "expected ',' or '>' in memref type")) return NULL;
    bool space = false;
    do {
      const IrAttr *a = parse_attr(p, NULL);
      if (!a) return NULL;
      bool layout = a->def == &ir_opaque_attr_def && a->str &&
                    (!strncmp(a->str->str, "affine_map<", 11) ||
                     !strncmp(a->str->str, "strided<", 8));
      if (!layout) {
        if (space) return perr(p, "multiple memory spaces specified in memref type"), NULL;
        space = true;
        continue;
      }
      if (unranked) return perr(p, "cannot have affine map for unranked memref type"), NULL;
      if (space) return perr(p, "expected memory space to be last in memref type"), NULL;
    } while (paccept(p, TOK_COMMA));
    if (!pexpect(p, TOK_GREATER, "expected ',' or '>'")) return NULL;
  }
  return opaque_builtin_type(p, start, (size_t)(p->prev_end - start));
}

static const IrType *parse_int_type(AsmParser *p) {
  AsmToken t = p->tok;
  size_t d = t.ptr[0] == 'i' ? 1 : 2;
  uint64_t w = 0;
  for (size_t i = d; i < t.len; i++) {
    w = w * 10 + (uint64_t)(t.ptr[i] - '0');
    if (w > UINT32_MAX) {
      perr(p, "invalid integer width");
      return NULL;
    }
  }
  if (w > ASM_MAX_INT_WIDTH) {
    perr_at(p, t.ptr, "integer bitwidth is limited to %u bits", ASM_MAX_INT_WIDTH);
    return NULL;
  }
  IrSignedness s = d == 1 ? IR_SIGNLESS : t.ptr[0] == 's' ? IR_SIGNED : IR_UNSIGNED;
  pnext(p);
  return ir_integer_type(p->ctx, (unsigned)w, s);
}

/* ---- dialect types ------------------------------------------------------------ */

/* Calls d's type hook on the mnemonic token at the current position. */
static const IrType *call_type_hook(AsmParser *p, const IrDialect *d) {
  if (!ptok(p, TOK_BARE_ID)) {
    perr(p, "expected valid keyword");
    return NULL;
  }
  Str mnemonic = asm_tok_str(p->tok);
  pnext(p);
  HookSave hs = phook_begin(p, d->name);
  const IrType *t = d->parse_type(p, mnemonic);
  phook_end(p, hs);
  return t;
}

bool parse_dialect_symbol(AsmParser *p, const char *tokptr, const char *ident, size_t len,
                          const char *dot, bool trailing, DialectSym *out) {
  out->dlen = dot ? (size_t)(dot - ident) : len;
  out->loc = tokptr;
  if (!dot) { /* verbose form: `!d<body>` — the hook sees the body's inside */
    Str body = {0};
    if (!parse_dialect_body(p, &body)) return false;
    out->sym = body.s + 1;
    out->send = body.s + body.n - 1;
    out->text_end = out->send + 1;
    return true;
  }
  out->loc = out->sym = dot + 1; /* pretty form: `!d.mnemonic<body>?` */
  out->send = ident + len;
  if (trailing) {
    Str body = {0};
    if (!parse_dialect_body(p, &body)) return false;
    out->send = body.s + body.n;
  }
  out->text_end = out->send;
  return true;
}

/* extended-type ::= `!` alias-name                  (type alias)
 *                 | `!` dialect `.` mnemonic body?  (pretty dialect type)
 *                 | `!` dialect `<` body `>`         (verbose) */
static const IrType *parse_extended_type(AsmParser *p) {
  AsmToken t = p->tok;
  const char *ident = t.ptr + 1;
  size_t len = t.len - 1;
  pnext(p);
  const char *dot = memchr(ident, '.', len);
  bool trailing = ptok(p, TOK_LESS) && p->tok.ptr == ident + len;
  if (!trailing && !dot) {
    const IrType *a = strmap_get(&p->type_aliases, ident, len, asm_str_hash(ident, len));
    if (!a) perr_wrong(p, "undefined symbol alias id '%.*s'", (int)len, ident);
    return a && asm_alias_use(p, t.ptr, NULL, a) ? a : NULL;
  }
  DialectSym ds;
  if (!parse_dialect_symbol(p, t.ptr, ident, len, dot, trailing, &ds)) return NULL;
  size_t dlen = ds.dlen;
  const char *sym = ds.sym, *send = ds.send, *loc = ds.loc, *text_end = ds.text_end;

  const IrDialect *d = ir_lookup_dialect(p->ctx, ident, dlen);
  if (d) {
    if (!d->parse_type) {
      perr_at(p, loc, "dialect '%s' provides no type parsing hook", d->name);
      return NULL;
    }
    AsmToken save = p->tok;
    const char *save_cur = p->lex.cur;
    preset(p, sym);
    const IrType *r = call_type_hook(p, d);
    p->tok = save;
    asm_lexer_reset(&p->lex, save_cur);
    return r;
  }
  if (!ir_ctx_allows_unregistered(p->ctx)) {
    perr_at(p, loc,
            "`!\"%.*s\"<\"%.*s\">` type created with unregistered dialect. If this is intended, "
            "please call allowUnregisteredDialects() on the MLIRContext, or use "
            "-allow-unregistered-dialect with the MLIR opt tool used",
            (int)dlen, ident, (int)(send - sym), sym);
    return NULL;
  }
  return ir_opaque_type(p->ctx, ident, (size_t)(text_end - ident));
}

/* non-function-type ::= integer-type | index-type | float-type | none-type
 *                     | extended-type | vector-type | tensor-type
 *                     | memref-type | complex-type | tuple-type
 * plus, inside a dialect's custom syntax, that dialect's types without the
 * "!dialect." prefix (builtin type names win). */
const IrType *parse_non_function_type(AsmParser *p) {
  if (!penter(p)) return NULL;
  const IrType *t = NULL;
  switch (p->tok.kind) {
  case TOK_EXCL_ID:
    t = parse_extended_type(p);
    break;
  case TOK_BARE_ID:
    switch (p->tok.kw) {
    case KW_INTTYPE: t = parse_int_type(p); break;
    case KW_FLOATTYPE:
      t = ir_float_type(p->ctx, (IrFloatKind)p->tok.fk);
      pnext(p);
      break;
    case KW_INDEX:
      t = ir_index_type(p->ctx);
      pnext(p);
      break;
    case KW_NONE:
      t = ir_none_type(p->ctx);
      pnext(p);
      break;
    case KW_TENSOR: t = parse_tensor_type(p); break;
    case KW_VECTOR: t = parse_vector_type(p); break;
    case KW_TUPLE: t = parse_tuple_type(p); break;
    case KW_COMPLEX: t = parse_complex_type(p); break;
    case KW_MEMREF: t = parse_memref_type(p); break;
    default: {
      const IrDialect *d = pstrip_dialect(p);
      if (d) t = call_type_hook(p, d);
      else perr_wrong(p, "expected non-function type");
      break;
    }
    }
    break;
  default:
    perr_wrong(p, "expected non-function type");
    break;
  }
  pleave(p);
  return t;
}

/* type-list-no-parens ::= type (`,` type)*  — pushed onto p->tstack */
bool parse_type_list_no_parens(AsmParser *p) {
  do {
    const IrType *t = parse_type(p);
    if (!t) return false;
    vec_push(&p->tstack, t);
  } while (paccept(p, TOK_COMMA));
  return true;
}

/* type-list-parens ::= `(` type-list-no-parens? `)` */
bool parse_type_list_parens(AsmParser *p) {
  if (!pexpect(p, TOK_LPAREN, "expected '('")) return false;
  if (paccept(p, TOK_RPAREN)) return true;
  return parse_type_list_no_parens(p) && pexpect(p, TOK_RPAREN, "expected ')'");
}

/* function-result-type ::= type-list-parens | non-function-type */
bool parse_function_result_types(AsmParser *p) {
  if (ptok(p, TOK_LPAREN)) return parse_type_list_parens(p);
  const IrType *t = parse_non_function_type(p);
  if (!t) return false;
  vec_push(&p->tstack, t);
  return true;
}

/* ir_function_type through a small cache keyed by the element types. */
static const IrType *function_type_cached(AsmParser *p, const IrType *const *tys, size_t nin,
                                          size_t nres) {
  uint64_t h = hash_mix(nin, nres);
  for (size_t i = 0; i < nin + nres; i++) h = hash_mix(h, (uintptr_t)tys[i]);
  const IrType **slot = &p->fncache[h & 255];
  const IrType *t = *slot;
  if (t && t->ntypes == nin + nres && (size_t)t->ints[0] == nin &&
      (nin + nres == 0 || !memcmp(t->types, tys, (nin + nres) * sizeof *tys)))
    return t;
  t = ir_function_type(p->ctx, tys, nin, tys + nin, nres);
  *slot = t;
  return t;
}

/* Character classes for pskip_group: 1 open, 2 close, 3 '>', 4 stop. */
static const uint8_t group_class[256] = {
    [0] = 4, ['"'] = 4, ['/'] = 4, ['('] = 1, ['['] = 1, ['<'] = 1, ['{'] = 1,
    [')'] = 2, [']'] = 2, ['}'] = 2, ['>'] = 3,
};

/* Skips a bracket group starting at `s` by depth counting, strings
 * skipped whole (a cheap scan: the memos only trust it after an
 * exact-text match); NULL at a comment or the end of the buffer. */
const char *pskip_group(const char *s, const char *end) {
  int depth = 0;
  for (;; s++) {
    uint8_t c;
    while (!(c = group_class[(uint8_t)*s])) s++;
    if (s >= end) return NULL;
    switch (c) {
    case 1:
      depth++;
      break;
    case 3:
      if (s[-1] == '-') break; /* `->` */
      /* fallthrough */
    case 2:
      if (--depth <= 0) return depth == 0 ? s + 1 : NULL;
      break;
    default:
      if (*s != '"') return NULL;
      for (s++; *s != '"'; s++) {
        if (*s == '\\') s++;
        if (s >= end || *s == '\n' || *s == 0) return NULL;
      }
      break;
    }
  }
}

static bool is_sym_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '$' || c == '.' || c == '-';
}

/* The end of the function type text starting at `(` — a cheap scan used to
 * memoize repeated op types; NULL when the text is not a simple form. */
static const char *function_type_extent(const char *s, const char *end) {
  s = pskip_group(s, end);
  if (!s) return NULL;
  while (s < end && *s == ' ') s++;
  if (s + 1 >= end || s[0] != '-' || s[1] != '>') return NULL;
  s += 2;
  while (s < end && *s == ' ') s++;
  if (s >= end) return NULL;
  if (*s == '(') return pskip_group(s, end);
  const char *id = s;
  if (*s == '!') s++;
  while (s < end && is_sym_char(*s)) s++;
  if (s == id || (*id == '!' && s == id + 1)) return NULL;
  if (s < end && *s == '<') return pskip_group(s, end);
  return s;
}

/* Hash of a text slice: 8 bytes at a time, the last 8 (or, for shorter
 * texts, 4 + 4 or 1 + 1 + 1) by overlapping loads, so the tail costs no
 * branches per byte; one multiply per word and a final fold. */
uint32_t ptext_hash(const char *s, size_t n) {
  const uint64_t k = 0x9E3779B97F4A7C15ull;
  uint64_t h = (uint64_t)n * k, w;
  if (n >= 8) {
    const char *last = s + n - 8;
    for (; s < last; s += 8) {
      memcpy(&w, s, 8);
      h = (h ^ w) * k;
      h ^= h >> 29;
    }
    memcpy(&w, last, 8);
  } else if (n >= 4) {
    uint32_t lo, hi;
    memcpy(&lo, s, 4);
    memcpy(&hi, s + n - 4, 4);
    w = lo | (uint64_t)hi << 32;
  } else if (n) {
    w = (uint64_t)(unsigned char)s[0] | (uint64_t)(unsigned char)s[n >> 1] << 8 |
        (uint64_t)(unsigned char)s[n - 1] << 16;
  } else {
    w = 0;
  }
  h = (h ^ w) * k;
  return (uint32_t)(h ^ (h >> 32));
}

/* function-type ::= type-list-parens `->` function-result-type
 * The types of generic ops repeat: outside dialect contexts (where bare
 * words could be short dialect types), a parsed function type is memoized
 * by its exact source text. */
const IrType *parse_function_type(AsmParser *p) {
  const char *start = p->tok.ptr, *ext = NULL;
  uint32_t h = 0;
  bool memo = !pstrip_dialect(p) && pmemo_depth_ok(p);
  if (memo) {
    const IrType *t = asm_recent_find(p, p->ftrecent, ASM_RECENT, start, &ext);
    if (t) {
      pmemo_hit(p);
      preset(p, ext);
      return t;
    }
  }
  if (memo && (ext = function_type_extent(start, p->lex.end))) {
    h = ptext_hash(start, (size_t)(ext - start));
    const IrType *t = strmap_get(&p->typememo, start, (size_t)(ext - start), h);
    if (t) {
      asm_recent_put(p->ftrecent, ASM_RECENT, &p->ftrecent_next, start, ext, t);
      pmemo_hit(p);
      preset(p, ext);
      return t;
    }
  }
  unsigned uses = p->alias_uses;
  PeakSave ps = ppeak_begin(p);
  const IrType *t = NULL;
  if (penter(p)) {
    size_t ts = p->tstack.len;
    if (parse_type_list_parens(p)) {
      size_t nin = p->tstack.len - ts;
      if (pexpect(p, TOK_ARROW, "expected '->' in function type") &&
          parse_function_result_types(p))
        t = function_type_cached(p, p->tstack.data + ts, nin, p->tstack.len - ts - nin);
    }
    p->tstack.len = ts;
    pleave(p);
  }
  unsigned need = ppeak_end(p, ps);
  if (t && ext && p->prev_end == ext && need <= ASM_MEMO_DEPTH && uses == p->alias_uses)
    strmap_put(&p->typememo, start, (size_t)(ext - start), h, (void *)t);
  return t;
}

/* type ::= function-type | non-function-type */
const IrType *parse_type(AsmParser *p) {
  if (ptok(p, TOK_LPAREN)) return parse_function_type(p);
  return parse_non_function_type(p);
}

int parse_optional_type(AsmParser *p, const IrType **out) {
  if (!ptok_is_type_start(p)) return 0;
  *out = parse_type(p);
  return *out ? 1 : -1;
}

/* ---- dialect type memo ------------------------------------------------------------- */

/* The slot of the memo entry for text s[0..n) (hash h) parsed by fn in
 * short-form context strip, or the empty slot where it would go. */
static AsmTypeMemo *tmemo_slot(AsmParser *p, const char *s, uint32_t n, uint32_t h,
                               AsmTypeMemoFn fn, const IrDialect *strip) {
  size_t mask = p->tmemo_cap - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    AsmTypeMemo *e = &p->tmemo[i];
    if (!e->s || (e->h == h && e->n == n && e->fn == fn && e->strip == strip &&
                  memcmp(e->s, s, n) == 0))
      return e;
  }
}

/* Records a memo entry (the table stays at most half full). */
static void tmemo_put(AsmParser *p, const AsmTypeMemo *m) {
  if (2 * (p->tmemo_len + 1) > p->tmemo_cap) {
    AsmTypeMemo *old = p->tmemo;
    size_t oldcap = p->tmemo_cap;
    p->tmemo_cap = oldcap ? 2 * oldcap : 64;
    p->tmemo = xcalloc(p->tmemo_cap, sizeof *p->tmemo);
    for (size_t i = 0; i < oldcap; i++)
      if (old[i].s) *tmemo_slot(p, old[i].s, old[i].n, old[i].h, old[i].fn, old[i].strip) = old[i];
    free(old);
  }
  AsmTypeMemo *e = tmemo_slot(p, m->s, m->n, m->h, m->fn, m->strip);
  if (!e->s) p->tmemo_len++;
  *e = *m;
}

void tmemo_handback(AsmParser *p) {
  struct AsmParseMemo *c = p->carrier;
  if (!p->tmemo || c->tmemo || c->ctx != p->ctx) return;
  for (size_t i = 0; i < p->tmemo_cap; i++) {
    AsmTypeMemo *e = &p->tmemo[i];
    if (!e->s || e->s < p->lex.buf || e->s > p->lex.end) continue; /* none, or a copy */
    char *copy = xmalloc(e->n + 1);
    memcpy(copy, e->s, e->n);
    copy[e->n] = '\0';
    vec_push(&c->texts, copy);
    e->s = copy;
  }
  c->tmemo = p->tmemo;
  c->tmemo_cap = p->tmemo_cap;
  c->tmemo_len = p->tmemo_len;
  p->tmemo = NULL;
  p->tmemo_cap = p->tmemo_len = 0;
}

/* The end of a memoizable type text `word<...>`, or `word` alone when no
 * '<' follows (word: a bare or `!` identifier), starting at s (see
 * asm_parse_type_memo), NULL when the text at s is not one; *wlen: the
 * length of the word. */
static const char *type_memo_extent(const AsmParser *p, const char *s, uint32_t *wlen) {
  const char *lt;
  if (s == p->tok.ptr) {
    if (p->tok.kind != TOK_BARE_ID && p->tok.kind != TOK_EXCL_ID) return NULL;
    lt = s + p->tok.len;
  } else {
    if (p->tok.kind != TOK_LESS || s < p->lex.buf || s >= p->tok.ptr) return NULL;
    for (lt = s; lt < p->tok.ptr && is_sym_char(*lt); lt++) {}
    if (lt != p->tok.ptr) return NULL;
  }
  if (lt - s > (ptrdiff_t)UINT32_MAX) return NULL;
  *wlen = (uint32_t)(lt - s);
  if (*lt == '<') return pskip_group(lt, p->lex.end);
  /* a word alone: the current token, with no '<' after it (even past blanks) */
  if (s != p->tok.ptr || *asm_lexer_skip_blanks(&p->lex, lt) == '<') return NULL;
  return lt;
}

/* ---- recent dialect types ------------------------------------------------------------ */

/* asm_parse_type_memo's front cache: TRECENT_SETS sets of 4 entries, each
 * keeping its text's first 16 bytes as two masked words (bytes past the
 * text cleared), so a lookup compares two words per way and only the rest
 * of a longer text with memcmp.  A `word<...>` text is found by its bytes
 * up to its first '>' (at most 32), a word alone (the current token, e.g.
 * `token`) by its own bytes.  key: the length of the text's first word,
 * with TRECENT_MNEMONIC set when the word was consumed before the call
 * (the text then starts before the current token, a '<').  The block
 * hangs off p->trecent (freed with it) and is used only here; it also
 * remembers pstrip_dialect's answer from the enclosing op's default
 * dialect. */
enum { TRECENT_SETS = 256 }; /* = 1 << 8: trecent_fold */
#define TRECENT_MNEMONIC 0x80000000u
#define TRECENT_ATTR 0x40000000u
typedef struct TypeRecent {
  uint64_t w0, m0, w1, m1;      /* bytes 0-7 and 8-15 of the text, masked */
  const char *s;                /* the text (a slice of the buffer) */
  uint32_t n, key;              /* its length; its first word's (see above) */
  unsigned depth;               /* nesting its parse needed */
  AsmTypeMemoFn fn;             /* the hook that parsed it (a type) ... */
  AsmAttrMemoFn afn;            /* ... or an attribute (TRECENT_ATTR in key) */
  const IrDialect *strip;
  union {
    const IrType *t;
    const IrAttr *a;
  };
} TypeRecent;
typedef struct TypeRecentBlock {
  const char *dd_key;           /* a default dialect name ... */
  const IrDialect *dd_val;      /* ... and the dialect it names (with types) */
  TypeRecent tab[TRECENT_SETS * 4];
} TypeRecentBlock;

static inline TypeRecentBlock *trecent_block(AsmParser *p) {
  return (TypeRecentBlock *)p->trecent;
}

/* Mask of the first k bytes of a little-endian loaded word. */
static inline uint64_t byte_mask(size_t k) {
  return k >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * k)) - 1;
}

static inline uint64_t load64(const char *s) {
  uint64_t w;
  memcpy(&w, s, 8);
  return w;
}

/* 1 + the index of the first '>' byte of w, or 0 (zero-byte test on
 * w ^ ">>>>>>>>"). */
static inline size_t gt_end(uint64_t w) {
  const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  uint64_t x = w ^ (ones * '>'), z = (x - ones) & ~x & highs;
  return z ? (size_t)__builtin_ctzll(z) / 8 + 1 : 0;
}

/* The set for hash h (its high bytes mixed down first: a product only
 * carries upwards). */
static inline TypeRecent *trecent_fold(AsmParser *p, uint64_t h) {
  h = (h ^ (h >> 32)) * 0x9E3779B97F4A7C15ull;
  return &trecent_block(p)->tab[(h >> 56) * 4];
}

/* The set of a text starting at s (at least 16 bytes before the end of
 * the buffer; w0, w1: its first 16 bytes).  It is chosen by the text's
 * bytes up to and including its first '>' (inside the text, which ends
 * with one), at most 32 of them and not past the end of the buffer; for a
 * word alone (wl bytes), by the word's first 16 bytes. */
static inline __attribute__((always_inline)) TypeRecent *
trecent_set(AsmParser *p, const char *s, uint64_t w0, uint64_t w1, uint32_t wl, bool alone) {
  const uint64_t k1 = 0x9E3779B97F4A7C15ull, k2 = 0xC2B2AE3D27D4EB4Full;
  uint64_t h;
  size_t k;
  if (alone) {
    h = (w0 & byte_mask(wl)) * k1 ^ (wl > 8 ? (w1 & byte_mask(wl - 8)) * k2 : 0);
  } else if ((k = gt_end(w0))) {
    h = (w0 & byte_mask(k)) * k1;
  } else if ((k = gt_end(w1))) {
    h = w0 * k1 ^ (w1 & byte_mask(k)) * k2;
  } else {
    h = w0 * k1 ^ w1 * k2;
    if (p->lex.end - s >= 32) {
      uint64_t w2 = load64(s + 16), w3 = load64(s + 24);
      if ((k = gt_end(w2))) {
        w2 &= byte_mask(k);
        w3 = 0;
      } else if ((k = gt_end(w3))) {
        w3 &= byte_mask(k);
      }
      h = (h ^ w2) * k1 ^ w3 * k2;
    }
  }
  return trecent_fold(p, h);
}

/* pstrip_dialect's answer, its common cases inline: a hook's dialect, or
 * the default dialect of the enclosing op. */
static inline const IrDialect *strip_now(AsmParser *p) {
  if (p->strip_dialect) {
    if (p->strip_dialect == p->strip_key) return p->strip_val;
  } else if (p->opstack.len && p->trecent) {
    const char *dd = vec_last(&p->opstack).default_dialect;
    TypeRecentBlock *b = trecent_block(p);
    if (dd == b->dd_key && *dd) return b->dd_val;
    const IrDialect *d = pstrip_dialect(p);
    if (*dd && d && !strcmp(d->name, dd)) {
      b->dd_key = dd;
      b->dd_val = d;
    }
    return d;
  }
  return pstrip_dialect(p);
}

/* Re-lexes from ptr (preset, inline). */
static inline void reset_at(AsmParser *p, const char *ptr) {
  p->prev_end = ptr;
  asm_lexer_reset(&p->lex, ptr);
  p->tok = asm_lex(&p->lex);
}

/* The recent-cache key of a memo call for the text at s (see TypeRecent),
 * or 0 when the cache does not apply (s not at or just before the current
 * token, or fewer than 16 bytes left in the buffer). */
static inline uint32_t trecent_key(const AsmParser *p, const char *s) {
  if (!s || s < p->lex.buf || p->lex.end - s < 16) return 0;
  if (s == p->tok.ptr) return p->tok.len < TRECENT_MNEMONIC ? p->tok.len : 0;
  if (p->tok.kind != TOK_LESS || s > p->tok.ptr || p->tok.ptr - s >= 0xffff) return 0;
  return (uint32_t)(p->tok.ptr - s) | TRECENT_MNEMONIC;
}

/* Whether entry e holds the text at s (w0, w1: its first 16 bytes) under
 * key, for the current parse: equal bytes up to the entry's end, the same
 * dialect scope, and room for the nesting its parse needed. */
static inline bool trecent_same(AsmParser *p, const TypeRecent *e, const char *s, uint64_t w0,
                                uint64_t w1, uint32_t key) {
  if ((w0 & e->m0) != e->w0 || (w1 & e->m1) != e->w1 || e->key != key) return false;
  if (e->n > 16 && (e->n > (size_t)(p->lex.end - s) || memcmp(e->s + 16, s + 16, e->n - 16)))
    return false;
  return e->strip == strip_now(p) && p->depth + e->depth <= ASM_MAX_DEPTH;
}

/* Records the text s[0..n) (key: see TypeRecent), parsed by fn in context
 * strip to t, needing depth levels, in front of its set (the set's last
 * entry dropped). */
static void trecent_put(AsmParser *p, const char *s, uint32_t n, uint32_t key, unsigned depth,
                        AsmTypeMemoFn fn, const IrDialect *strip, const IrType *t) {
  if (!key) return;
  if (!p->trecent) p->trecent = xcalloc(1, sizeof(TypeRecentBlock));
  TypeRecent e = {.m0 = byte_mask(n), .m1 = n > 8 ? byte_mask(n - 8) : 0, .s = s, .n = n,
                  .key = key, .depth = depth, .fn = fn, .strip = strip, .t = t};
  e.w0 = load64(s) & e.m0;
  e.w1 = load64(s + 8) & e.m1;
  TypeRecent *set =
      trecent_set(p, s, load64(s), load64(s + 8), key & ~TRECENT_MNEMONIC, n == key);
  memmove(set + 1, set, 3 * sizeof *set);
  set[0] = e;
}

/* A recent entry for the text at s (key from trecent_key, non-zero),
 * consumed; NULL if none.  Equal bytes up to an entry's end are the same
 * text whatever follows, except that a word alone must not be followed by
 * '<' (checked on the token after it, which a hit lexes anyway). */
static inline __attribute__((always_inline)) const IrType *
trecent_hit(AsmParser *p, const char *s, uint32_t key, AsmTypeMemoFn fn) {
  uint32_t wl = key & ~TRECENT_MNEMONIC;
  uint64_t w0 = load64(s), w1 = load64(s + 8);
  bool alone = wl >= (size_t)(p->lex.end - s) || s[wl] != '<';
  const TypeRecent *e = trecent_set(p, s, w0, w1, wl, alone), *end = e + 4;
  for (; e < end && e->s; e++) {
    if (e->fn != fn || !trecent_same(p, e, s, w0, w1, key)) continue;
    const IrType *t = e->t;
    unsigned depth = e->depth;
    bool word = e->n == wl;
    reset_at(p, s + e->n);
    if (word && p->tok.kind == TOK_LESS) { /* `word <`: not this text */
      reset_at(p, s);
      return NULL;
    }
    ppeak_hit(p, depth);
    return t;
  }
  return NULL;
}

/* Memoized dialect type parse (see asm.h).  The text is `word<...>` as
 * found by pskip_group; a hit re-lexes after it, as the parse would have.
 * The context key is pstrip_dialect() (what bare words inside may mean);
 * a hit also needs the nesting its first parse took to fit under
 * ASM_MAX_DEPTH from here, so the depth limit is reported exactly as an
 * uncached parse would.  Texts are first looked for among the recent ones
 * (trecent_hit), by comparing the stored text with the source at s
 * directly: equal bytes up to its matching '>' are the same text, whatever
 * follows (near the end of the buffer, where fewer than 16 bytes remain,
 * only the table is used). */
static __attribute__((noinline)) const IrType *type_memo_table(AsmParser *p, const char *s,
                                                                uint32_t key, AsmTypeMemoFn fn,
                                                                void *arg) {
  const IrDialect *strip = strip_now(p);
  size_t avail = s && s >= p->lex.buf && s <= p->lex.end ? (size_t)(p->lex.end - s) : 0;
  uint32_t wlen = 0;
  const char *ext = avail ? type_memo_extent(p, s, &wlen) : NULL;
  if (!ext || ext - s > (ptrdiff_t)UINT32_MAX) return fn(p, arg);
  uint32_t n = (uint32_t)(ext - s), h = ptext_hash(s, n);
  if (p->tmemo_len) {
    AsmTypeMemo *e = tmemo_slot(p, s, n, h, fn, strip);
    if (e->s && p->depth + e->depth <= ASM_MAX_DEPTH) {
      trecent_put(p, s, n, key, e->depth, fn, strip, e->t);
      ppeak_hit(p, e->depth);
      reset_at(p, ext);
      return e->t;
    }
  }
  unsigned nerr = ir_ctx_num_errors(p->ctx), uses = p->alias_uses;
  PeakSave ps = ppeak_begin(p);
  const IrType *t = fn(p, arg);
  unsigned need = ppeak_end(p, ps);
  if (t && p->prev_end == ext && ir_ctx_num_errors(p->ctx) == nerr && uses == p->alias_uses) {
    AsmTypeMemo m = {.s = s, .n = n, .h = h, .wlen = wlen, .depth = need, .fn = fn,
                     .strip = strip, .t = t};
    tmemo_put(p, &m);
    trecent_put(p, s, n, key, need, fn, strip, t);
  }
  return t;
}

const IrType *asm_parse_type_memo(AsmParser *p, AsmLoc start, AsmTypeMemoFn fn, void *arg) {
  const char *s = start.ptr;
  uint32_t key = trecent_key(p, s);
  if (key && p->trecent) {
    const IrType *t = trecent_hit(p, s, key, fn);
    if (t) return t;
  }
  return type_memo_table(p, s, key, fn, arg);
}

/* The same at the current token: the common call, its hit path in one
 * function. */
const IrType *asm_parse_type_memo_here(AsmParser *p, AsmTypeMemoFn fn, void *arg) {
  const char *s = p->tok.ptr;
  uint32_t key = p->tok.len;
  if (p->trecent && p->lex.end - s >= 16 && key < TRECENT_MNEMONIC) {
    const IrType *t = trecent_hit(p, s, key, fn);
    if (t) return t;
  }
  return type_memo_table(p, s, trecent_key(p, s), fn, arg);
}

/* ---- memoized attributes ------------------------------------------------------------ */

/* The set of an attribute text starting at s (at least 16 bytes before the
 * end of the buffer) that ends on `close`: chosen by its bytes through its
 * nth `close` (a constant's `<i32: 0> : tile<...>` differs after its first
 * '>', so '>' texts count 2, ']' texts 1), at most 48 and whole words
 * before the end of the buffer.  A text with fewer is stored by all of it
 * and looked for by more, so it is never found again (a miss, never a
 * wrong hit). */
static TypeRecent *attr_set(AsmParser *p, const char *s, char close, int nth) {
  const uint64_t low7 = 0x7f7f7f7f7f7f7f7full, pat = 0x0101010101010101ull * (uint8_t)close;
  size_t avail = (size_t)(p->lex.end - s);
  uint64_t h = 0;
  for (size_t i = 0; i < 48 && i + 8 <= avail; i += 8) {
    uint64_t w = load64(s + i), x = w ^ pat;
    uint64_t z = ~(((x & low7) + low7) | x | low7); /* 0x80 where a byte is `close` */
    while (z && nth > 1) {
      z &= z - 1;
      nth--;
    }
    if (z) {
      h = (h ^ (w & byte_mask((size_t)__builtin_ctzll(z) / 8 + 1))) * 0x9E3779B97F4A7C15ull;
      break;
    }
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
  }
  return trecent_fold(p, h);
}

/* Memoized attribute parse at the current token (see parse_memo.h): the
 * recent cache of the type memo, entries keyed by fn (afn) with
 * TRECENT_ATTR and the closing character in their key, so they never meet
 * a type's.  A text is recorded only when its parse ended on `close` (a
 * bracket that closes what it opened: equal bytes up to it are the same
 * text whatever follows), reported nothing, used no alias, left no
 * location to resolve later, was kept by `keep`, and at least 16 bytes
 * remained. */
const IrAttr *asm_parse_attr_memo_at(AsmParser *p, AsmAttrMemoFn fn, void *arg, char close,
                                     bool (*keep)(const IrAttr *a)) {
  const char *s = p->tok.ptr;
  uint32_t key = TRECENT_ATTR | (uint32_t)(uint8_t)close << 16 | (p->tok.len & 0xffff);
  int nth = close == '>' ? 2 : 1;
  bool fits = p->lex.end - s >= 16 && s >= p->lex.buf;
  if (fits && p->trecent) {
    uint64_t w0 = load64(s), w1 = load64(s + 8);
    const TypeRecent *e = attr_set(p, s, close, nth), *end = e + 4;
    for (; e < end && e->s; e++) {
      if (e->afn != fn || !trecent_same(p, e, s, w0, w1, key)) continue;
      const IrAttr *a = e->a;
      ppeak_hit(p, e->depth);
      reset_at(p, s + e->n);
      return a;
    }
  }
  unsigned nerr = ir_ctx_num_errors(p->ctx), uses = p->alias_uses;
  size_t ndeferred = p->deferred.len;
  PeakSave ps = ppeak_begin(p);
  const IrAttr *a = fn(p, arg);
  unsigned need = ppeak_end(p, ps);
  const char *tend = p->prev_end;
  if (a && fits && tend > s && tend[-1] == close && tend - s < (ptrdiff_t)UINT32_MAX &&
      ir_ctx_num_errors(p->ctx) == nerr && uses == p->alias_uses &&
      p->deferred.len == ndeferred && (!keep || keep(a))) {
    if (!p->trecent) p->trecent = xcalloc(1, sizeof(TypeRecentBlock));
    uint32_t n = (uint32_t)(tend - s);
    TypeRecent e = {.m0 = byte_mask(n), .m1 = n > 8 ? byte_mask(n - 8) : 0, .s = s, .n = n,
                    .key = key, .depth = need, .afn = fn, .strip = strip_now(p), .a = a};
    e.w0 = load64(s) & e.m0;
    e.w1 = load64(s + 8) & e.m1;
    TypeRecent *set = attr_set(p, s, close, nth);
    memmove(set + 1, set, 3 * sizeof *set);
    set[0] = e;
  }
  return a;
}

const IrAttr *asm_parse_attr_memo_here(AsmParser *p, AsmAttrMemoFn fn, void *arg) {
  return asm_parse_attr_memo_at(p, fn, arg, '>', NULL);
}

/* ---- hook API --------------------------------------------------------------------- */

bool asm_parse_type(AsmParser *p, const IrType **out) { return (*out = parse_type(p)) != NULL; }

bool asm_parse_optional_type(AsmParser *p, const IrType **out, bool *present) {
  int r = parse_optional_type(p, out);
  *present = r != 0;
  return r >= 0;
}

bool asm_parse_type_list(AsmParser *p, IrTypeVec *out) {
  do {
    const IrType *t = parse_type(p);
    if (!t) return false;
    vec_push(out, t);
  } while (paccept(p, TOK_COMMA));
  return true;
}

bool asm_parse_colon_type(AsmParser *p, const IrType **out) {
  if (!pexpect(p, TOK_COLON, "expected ':'")) return false;
  return (*out = parse_type(p)) != NULL;
}

bool asm_parse_function_type(AsmParser *p, const IrType **out) {
  if (!ptok(p, TOK_LPAREN)) return perr_wrong(p, "expected '('");
  return (*out = parse_function_type(p)) != NULL;
}

bool asm_parse_dimension_list(AsmParser *p, AsmI64Vec *out, bool allow_dynamic,
                              bool with_trailing_x) {
  size_t ds = p->istack.len;
  bool ok = parse_dimension_list(p, allow_dynamic, with_trailing_x);
  if (ok)
    for (size_t i = ds; i < p->istack.len; i++) vec_push(out, p->istack.data[i]);
  p->istack.len = ds;
  return ok;
}

bool asm_parse_x_in_dimension_list(AsmParser *p) { return parse_x_in_dimension_list(p); }
