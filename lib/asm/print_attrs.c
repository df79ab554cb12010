/* print_attrs.c — printing attributes and locations in MLIR's syntax, and
 * the alias machinery (`#loc3 = loc("f.mlir":3:5)`, `#di_file = ...`).
 *
 * Attributes: unit, bools, integers and floats with their `: type` (elided
 * for i64/f64 where MLIR allows), strings with llvm::printEscapedString's
 * escapes, types, symbol references, arrays, dictionaries, dense arrays,
 * dense elements (nested brackets, splats, hex strings above 100 elements),
 * opaque and dialect attributes.  Locations print inside `loc(...)`.
 *
 * Aliases follow MLIR's AliasInitializer: the collection pass visits every
 * attribute/type that would be printed; a visited value gets an alias name
 * from its dialect (IrAttrDef.alias) or the builtin rules (locations "loc",
 * tuples of more than 16 types "tuple"); its depth is one more than the
 * deepest nested value; aliases print sorted by (depth, types first, name),
 * same names numbered in that order (#loc, #loc1, ...), the ones reachable
 * only from op locations after the top-level op ("deferred"). */
#include "asm/printer_internal.h"

#include <ctype.h>
#include <stdio.h>

/* ---- strings ----------------------------------------------------------------- */

/* llvm::printEscapedString: backslash doubled, printable ASCII except '"'
 * verbatim, everything else as \XX (uppercase hex). */
void asm_print_escaped(StrBuf *b, const char *s, size_t n) {
  static const char hex[] = "0123456789ABCDEF";
  /* 1: printable ASCII other than '"' and '\\' (printed as is) */
  static const uint8_t plain_char[256] = {
#define R16(x) x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x
      R16(0), R16(0), /* 0x00-0x1F */
      1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x20-0x2F: '"' */
      R16(1), R16(1),
      1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, /* 0x50-0x5F: '\\' */
      R16(1),
      1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, /* 0x7F */
#undef R16
  };
  size_t plain = 0;
  while (plain < n && plain_char[(unsigned char)s[plain]]) plain++;
  sb_putn(b, s, plain);
  s += plain;
  n -= plain;
  sb_reserve(b, n + 2);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\\') {
      sb_putc(b, '\\');
      sb_putc(b, '\\');
    } else if (c >= 0x20 && c <= 0x7E && c != '"') {
      sb_putc(b, (char)c);
    } else {
      sb_putc(b, '\\');
      sb_putc(b, hex[c >> 4]);
      sb_putc(b, hex[c & 15]);
    }
  }
}

static bool is_bare_identifier(const char *s, size_t n) {
  if (n == 0 || (!isalpha((unsigned char)s[0]) && s[0] != '_')) return false;
  for (size_t i = 1; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (!isalnum(c) && c != '_' && c != '$' && c != '.') return false;
  }
  return true;
}

void asm_print_keyword_or_string(StrBuf *b, const char *s, size_t n) {
  if (is_bare_identifier(s, n)) {
    sb_putn(b, s, n);
    return;
  }
  sb_putc(b, '"');
  asm_print_escaped(b, s, n);
  sb_putc(b, '"');
}

static void print_string_lit(StrBuf *b, const char *s, size_t n) {
  sb_putc(b, '"');
  asm_print_escaped(b, s, n);
  sb_putc(b, '"');
}

static void print_symbol_ref(StrBuf *b, const IrIdent *id) {
  if (!id || id->len == 0) {
    sb_puts(b, "@<<INVALID EMPTY SYMBOL>>");
    return;
  }
  sb_putc(b, '@');
  asm_print_keyword_or_string(b, id->str, id->len);
}

/* ---- integers ------------------------------------------------------------------ */

/* APInt::print of v as an integer of type t: signed unless t is unsigned. */
static void print_int_of_type(StrBuf *b, int64_t v, const IrType *t) {
  unsigned w = 64;
  bool uns = false;
  if (t && ir_type_is_integer(t)) {
    w = ir_integer_width(t);
    uns = t->flags == IR_UNSIGNED;
  }
  uint64_t u = (uint64_t)v;
  if (w == 0) u = 0;
  else if (w < 64) {
    uint64_t mask = (1ull << w) - 1;
    u &= mask;
    if (!uns && ((u >> (w - 1)) & 1)) u |= ~mask;
  }
  if (uns) asm_put_uint(b, u);
  else asm_put_int(b, (int64_t)u);
}

static bool is_signless_i1(const IrType *t) {
  return t && ir_type_is_integer(t) && t->flags == IR_SIGNLESS && ir_integer_width(t) == 1;
}

/* Type::isInteger(1): any signedness (dense elements print these as bools). */
static bool is_i1(const IrType *t) {
  return t && ir_type_is_integer(t) && ir_integer_width(t) == 1;
}

/* ---- dense elements ------------------------------------------------------------ */

static uint64_t load_le(const uint8_t *p, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n && i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}

static void print_dense_elem(AsmPrinter *p, const IrType *elem, const uint8_t *data,
                             size_t es) {
  StrBuf *b = p->out;
  uint64_t raw = load_le(data, es);
  if (ir_type_is_float(elem)) {
    IrFloatKind k = ir_float_kind(elem);
    asm_printer_format_float(p, b, ir_float_from_bits(k, raw), k);
  } else if (is_i1(elem)) {
    sb_puts(b, raw ? "true" : "false");
  } else {
    print_int_of_type(b, (int64_t)raw, elem);
  }
}

/* printDenseElementsAttrImpl: nested brackets following the shape. */
typedef void (*DenseEltFn)(AsmPrinter *p, const void *ctx, int64_t idx);

static void print_dense_structure(AsmPrinter *p, bool splat, const int64_t *shape,
                                  uint32_t rank, int64_t n, DenseEltFn fn, const void *ctx) {
  StrBuf *b = p->out;
  if (splat) {
    fn(p, ctx, 0);
    return;
  }
  if (n <= 0) return;
  int64_t counter_small[8];
  int64_t *counter = rank <= 8 ? counter_small : xcalloc(rank, sizeof *counter);
  for (uint32_t i = 0; i < rank; i++) counter[i] = 0;
  uint32_t open = 0;
  for (int64_t idx = 0; idx < n; idx++) {
    if (idx) sb_puts(b, ", ");
    while (open < rank) {
      sb_putc(b, '[');
      open++;
    }
    fn(p, ctx, idx);
    if (rank) {
      ++counter[rank - 1];
      for (uint32_t i = rank - 1; i > 0; --i)
        if (counter[i] >= shape[i]) {
          counter[i] = 0;
          ++counter[i - 1];
          --open;
          sb_putc(b, ']');
        }
    }
  }
  while (open-- > 0) sb_putc(b, ']');
  if (counter != counter_small) free(counter);
}

typedef struct DenseCtx {
  const IrType *elem;
  const uint8_t *data;
  size_t es;
} DenseCtx;

static void dense_num_elt(AsmPrinter *p, const void *c, int64_t idx) {
  const DenseCtx *d = c;
  print_dense_elem(p, d->elem, d->data + (size_t)idx * d->es, d->es);
}

static void dense_str_elt(AsmPrinter *p, const void *c, int64_t idx) {
  const IrAttr *a = c;
  const IrAttr *s = a->elems[a->nelems == 1 ? 0 : idx];
  if (s && s->str) print_string_lit(p->out, s->str->str, s->str->len);
  else sb_puts(p->out, "\"\"");
}

static void shaped_info(const IrType *st, const int64_t **shape, uint32_t *rank,
                        const IrType **elem, int64_t *n) {
  *shape = st ? st->ints : NULL;
  *rank = st ? st->nints : 0;
  *elem = st && st->ntypes ? st->types[0] : NULL;
  *n = ir_shape_num_elements(*shape, *rank);
  if (st && ir_type_is(st, &ir_tensor_type_def) && (st->flags & 1)) *n = -1;
}

/* The hex form of n non-splat elements stored es bytes each: MLIR's raw
 * storage, i1 bit-packed (LSB first), other types ceil(width / 8) bytes
 * each, little-endian.  Shared by `dense<...>` and cuda_tile's constants,
 * and read back by asm_dense_hex_decode. */
void asm_print_dense_hex(AsmPrinter *p, const IrType *elem, const uint8_t *data, size_t es,
                         size_t n) {
  StrBuf *b = p->out;
  const uint8_t *d = data;
  static const char hex[] = "0123456789ABCDEF";
  size_t nb = n * es;
  sb_puts(b, "\"0x");
  sb_reserve(b, nb * 2 + 1);
  if (is_i1(elem)) { /* MLIR packs i1 data 8 per byte, LSB first */
    for (size_t i = 0; i < n; i += 8) {
      unsigned byte = 0;
      for (size_t k = 0; k < 8 && i + k < n; k++)
        if (d[i + k]) byte |= 1u << k;
      sb_putc(b, hex[byte >> 4]);
      sb_putc(b, hex[byte & 15]);
    }
  } else {
    /* MLIR stores ceil(bitwidth / 8) bytes per element (tf32: 3, i24: 3),
     * our storage rounds up to 1/2/4/8: print the low bytes of each. */
    unsigned bits = ir_type_is_float(elem) ? ir_float_kind_width(ir_float_kind(elem))
                    : ir_type_is_integer(elem) ? ir_integer_width(elem) : 64;
    size_t mb = (bits + 7) / 8;
    if (mb > es || mb == 0) mb = es;
    for (size_t i = 0; i < n; i++)
      for (size_t k = 0; k < mb; k++) {
        uint8_t byte = d[i * es + k];
        sb_putc(b, hex[byte >> 4]);
        sb_putc(b, hex[byte & 15]);
      }
  }
  sb_putc(b, '"');
}

static void print_dense_elements(AsmPrinter *p, const IrAttr *a) {
  StrBuf *b = p->out;
  const int64_t *shape;
  uint32_t rank;
  const IrType *elem;
  int64_t n;
  shaped_info(a->type, &shape, &rank, &elem, &n);
  size_t es = elem ? ir_dense_elem_size(elem) : 0;
  if (!elem || !es || n < 0) {
    sb_puts(b, "<<unsupported dense elements>>");
    return;
  }
  bool splat = (a->flags & 1) || n == 1;
  if (!splat && a->ndata < (size_t)n * es) {
    sb_puts(b, "<<malformed dense elements>>");
    return;
  }
  if (!splat && n > 1) { /* MLIR stores all-equal data as a splat */
    splat = true;
    for (int64_t i = 1; i < n && splat; i++)
      if (memcmp(a->data, a->data + (size_t)i * es, es)) splat = false;
  }
  if (splat && a->ndata < es) {
    if (n != 0) sb_puts(b, "<<malformed dense elements>>");
    return;
  }
  if (!splat && n > 100) {
    asm_print_dense_hex(p, elem, a->data, es, (size_t)n);
    return;
  }
  DenseCtx c = {elem, a->data, es};
  print_dense_structure(p, splat, shape, rank, n, dense_num_elt, &c);
}

/* OpPrintingFlags::shouldElideElementsAttr: more elements than the limit
 * and not a splat (all-equal data counts as one, as MLIR stores it). */
static bool dense_elided(AsmPrinter *p, const IrAttr *a) {
  int64_t limit = p->opts.elide_elements_limit;
  if (limit <= 0 || (a->flags & 1)) return false;
  const int64_t *shape;
  uint32_t rank;
  const IrType *elem;
  int64_t n;
  shaped_info(a->type, &shape, &rank, &elem, &n);
  if (n <= limit) return false;
  if (a->def == &ir_dense_string_attr_def) {
    if (a->nelems < (uint32_t)n) return a->nelems > 1;
    for (int64_t i = 1; i < n; i++)
      if (a->elems[i] != a->elems[0]) return true;
    return false;
  }
  size_t es = elem ? ir_dense_elem_size(elem) : 0;
  if (!es || a->ndata < (size_t)n * es) return false; /* printed as-is (splat or malformed) */
  for (int64_t i = 1; i < n; i++)
    if (memcmp(a->data, a->data + (size_t)i * es, es)) return true;
  return false;
}

static void print_dense_strings(AsmPrinter *p, const IrAttr *a) {
  const int64_t *shape;
  uint32_t rank;
  const IrType *elem;
  int64_t n;
  shaped_info(a->type, &shape, &rank, &elem, &n);
  if (n < 0 || a->nelems == 0) return;
  bool splat = (a->flags & 1) || a->nelems == 1 || n == 1;
  if (!splat) {
    if ((int64_t)a->nelems < n) {
      sb_puts(p->out, "<<malformed dense elements>>");
      return;
    }
    splat = true;
    for (int64_t i = 1; i < n && splat; i++)
      if (a->elems[i] != a->elems[0]) splat = false;
  }
  print_dense_structure(p, splat, shape, rank, n, dense_str_elt, a);
}

static void print_dense_array(AsmPrinter *p, const IrAttr *a) {
  StrBuf *b = p->out;
  const IrType *et = a->type;
  sb_puts(b, "array<");
  asm_print_type(p, et);
  if (et && ir_type_is_float(et)) {
    size_t n = a->ndata / sizeof(double);
    if (n) sb_puts(b, ": ");
    for (size_t i = 0; i < n; i++) {
      double v;
      memcpy(&v, a->data + i * sizeof v, sizeof v);
      if (i) sb_puts(b, ", ");
      asm_printer_format_float(p, b, v, ir_float_kind(et));
    }
  } else {
    if (a->nints) sb_puts(b, ": ");
    for (uint32_t i = 0; i < a->nints; i++) {
      if (i) sb_puts(b, ", ");
      if (is_i1(et)) sb_puts(b, a->ints[i] & 1 ? "true" : "false");
      else print_int_of_type(b, a->ints[i], et);
    }
  }
  sb_putc(b, '>');
}

/* ---- attributes ---------------------------------------------------------------- */

/* asm_print_attr_elide(ELIDE_NEVER) as a memoizable printer. */
static void print_attr_never(AsmPrinter *p, const IrAttr *a) {
  asm_print_attr_elide(p, a, ELIDE_NEVER);
}

/* Whether a dictionary value is worth the attribute memo: the composite
 * ones (arrays, dictionaries, types such as a function's signature) that
 * repeat between ops whose dictionaries differ (every function's
 * properties hold its own sym_name). */
static bool named_value_memo(const AsmPrinter *p, const IrAttr *a) {
  if (!a || !p->names) return false;
  const IrAttrDef *d = a->def;
  return d == &ir_array_attr_def || d == &ir_type_attr_def || d == &ir_dict_attr_def;
}

void asm_print_named_attrs(AsmPrinter *p, const IrAttr *const *vals,
                           const IrIdent *const *names, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (p->init) { /* collection: only values matter */
      asm_print_attr_elide(p, vals[i], ELIDE_NEVER);
      continue;
    }
    if (i) sb_puts(p->out, ", ");
    const IrIdent *id = names[i];
    size_t ks = (size_t)(((uintptr_t)id * 0x9E3779B97F4A7C15ull) >> 56); /* < 256 */
    if (p->kcache[ks] == id) { /* known bare */
      sb_putn(p->out, id->str, id->len);
    } else if (is_bare_identifier(id->str, id->len)) {
      p->kcache[ks] = id;
      sb_putn(p->out, id->str, id->len);
    } else {
      asm_print_keyword_or_string(p->out, id->str, id->len);
    }
    if (vals[i] && vals[i]->def == &ir_unit_attr_def) continue;
    sb_puts(p->out, " = ");
    if (named_value_memo(p, vals[i])) asm_print_attr_memo_pure(p, vals[i], print_attr_never);
    else asm_print_attr_elide(p, vals[i], ELIDE_NEVER);
  }
}

/* Calls a dialect attribute's body printer with its own dialect in scope. */
static void print_dialect_attr_body(AsmPrinter *p, const IrAttr *a) {
  AsmShortScope saved = asm_short_scope(p, a->def->dialect, NULL, 0);
  if (a->def->print) a->def->print(p, a);
  else sb_puts(p->out, a->def->name);
  asm_short_restore(p, saved);
}

static bool attr_is_typed(const IrAttr *a) {
  const IrAttrDef *d = a->def;
  return d == &ir_integer_attr_def || d == &ir_float_attr_def || d == &ir_string_attr_def ||
         d == &ir_opaque_attr_def || d == &ir_dense_elements_attr_def ||
         d == &ir_dense_string_attr_def;
}

void asm_print_attr_impl(AsmPrinter *p, const IrAttr *a, AsmTypeElision e) {
  const IrAttrDef *d = a->def;
  StrBuf *b = p->out;
  if (!asm_is_builtin(d->dialect)) {
    sb_putc(b, '#');
    sb_puts(b, d->dialect);
    size_t dot = b->len;
    sb_putc(b, '.');
    print_dialect_attr_body(p, a);
    asm_finish_dialect_symbol(p, dot, dot + 1);
    return;
  }
  if (d == &ir_opaque_attr_def) {
    /* flags&1: a builtin attribute kept verbatim (affine_map<...>) */
    if (a->str && (a->flags & 1u)) {
      sb_putn(b, a->str->str, a->str->len);
      asm_resources_note_use(p, a); /* dense_resource<key>: print its blob */
    }
    else if (a->str) asm_print_dialect_symbol_text(p, '#', a->str->str, a->str->len);
    else sb_puts(b, "#<<opaque>>");
  } else if (d == &ir_unit_attr_def) {
    sb_puts(b, "unit");
    return;
  } else if (d == &ir_dict_attr_def) {
    sb_putc(b, '{');
    asm_print_named_attrs(p, a->elems, a->names, a->nelems);
    sb_putc(b, '}');
    return;
  } else if (d == &ir_bool_attr_def) {
    sb_puts(b, a->nints && a->ints[0] ? "true" : "false");
    return;
  } else if (d == &ir_integer_attr_def) {
    int64_t v = a->nints ? a->ints[0] : 0;
    if (is_signless_i1(a->type)) {
      sb_puts(b, v & 1 ? "true" : "false");
      return;
    }
    print_int_of_type(b, v, a->type);
    if (e == ELIDE_MAY && a->type && ir_type_is_integer(a->type) &&
        a->type->flags == IR_SIGNLESS && ir_integer_width(a->type) == 64)
      return;
  } else if (d == &ir_float_attr_def) {
    IrFloatKind k = a->type && ir_type_is_float(a->type) ? ir_float_kind(a->type) : IR_F64;
    size_t start = b->len;
    asm_printer_format_float(p, b, a->f, k);
    bool hex = b->len >= start + 2 && b->s[start] == '0' && b->s[start + 1] == 'x';
    if (e == ELIDE_MAY && k == IR_F64 && !hex) return;
  } else if (d == &ir_string_attr_def) {
    if (a->str) print_string_lit(b, a->str->str, a->str->len);
    else sb_puts(b, "\"\"");
  } else if (d == &ir_array_attr_def) {
    sb_putc(b, '[');
    for (uint32_t i = 0; i < a->nelems; i++) {
      if (i) sb_puts(b, ", ");
      asm_print_attr_elide(p, a->elems[i], ELIDE_MAY);
    }
    sb_putc(b, ']');
    return;
  } else if (d == &ir_type_attr_def) {
    asm_print_type(p, a->type);
    return;
  } else if (d == &ir_symref_attr_def) {
    print_symbol_ref(b, a->str);
    for (uint32_t i = 0; i < a->nelems; i++) {
      sb_puts(b, "::");
      print_symbol_ref(b, a->elems[i] ? a->elems[i]->str : NULL);
    }
    return;
  } else if (d == &ir_dense_elements_attr_def) {
    if (dense_elided(p, a)) {
      sb_puts(b, "dense_resource<__elided__>");
    } else {
      sb_puts(b, "dense<");
      print_dense_elements(p, a);
      sb_putc(b, '>');
    }
  } else if (d == &ir_dense_string_attr_def && dense_elided(p, a)) {
    sb_puts(b, "dense_resource<__elided__>");
  } else if (d == &ir_dense_string_attr_def) {
    sb_puts(b, "dense<");
    print_dense_strings(p, a);
    sb_putc(b, '>');
  } else if (d == &ir_dense_array_attr_def) {
    print_dense_array(p, a);
    return;
  } else if (d->is_location) {
    asm_print_location(p, a, false);
    return;
  } else {
    sb_printf(b, "<<unknown attribute %s>>", d->name);
    return;
  }
  if (e != ELIDE_MUST && attr_is_typed(a) && a->type && a->type->def != &ir_none_type_def) {
    sb_puts(b, " : ");
    asm_print_type(p, a->type);
  }
}

void asm_print_attr_elide(AsmPrinter *p, const IrAttr *a, AsmTypeElision e) {
  if (!a) {
    sb_puts(p->out, "<<NULL ATTRIBUTE>>");
    return;
  }
  if (p->init) {
    asm_alias_visit_attr(p, a, false, e == ELIDE_MUST);
    return;
  }
  /* Types inside attributes print in full (MLIR's printAttribute), except
   * where a dialect attribute's own body brings its dialect into scope. */
  AsmShortScope saved = asm_short_scope(p, NULL, NULL, 0);
  if (!asm_print_alias(p, a)) asm_print_attr_impl(p, a, e);
  asm_short_restore(p, saved);
}

void asm_print_attr(AsmPrinter *p, const IrAttr *a) { asm_print_attr_elide(p, a, ELIDE_NEVER); }
void asm_print_attr_no_type(AsmPrinter *p, const IrAttr *a) {
  asm_print_attr_elide(p, a, ELIDE_MUST);
}

/* ---- locations ------------------------------------------------------------------- */

/* A NULL location means unknown (the context's, when there is one). */
static const IrLoc *loc_or_unknown(AsmPrinter *p, const IrLoc *loc) {
  return loc ? loc : p->ctx ? ir_unknown_loc(p->ctx) : NULL;
}

static void print_loc_internal(AsmPrinter *p, const IrLoc *loc, bool pretty, bool top) {
  StrBuf *b = p->out;
  loc = loc_or_unknown(p, loc);
  if (!loc) {
    sb_puts(b, pretty ? "[unknown]" : "unknown");
    return;
  }
  if (!top && asm_print_alias(p, loc)) return;
  const IrAttrDef *d = loc->def;
  if (d == &ir_opaque_loc_def) {
    print_loc_internal(p, loc->nelems ? loc->elems[0] : NULL, pretty, false);
  } else if (d == &ir_unknown_loc_def) {
    sb_puts(b, pretty ? "[unknown]" : "unknown");
  } else if (d == &ir_file_loc_def) {
    const char *f = loc->str ? loc->str->str : "";
    size_t fn = loc->str ? loc->str->len : 0;
    if (pretty) sb_putn(b, f, fn);
    else print_string_lit(b, f, fn);
    sb_putc(b, ':');
    asm_put_int(b, loc->nints > 0 ? loc->ints[0] : 0);
    sb_putc(b, ':');
    asm_put_int(b, loc->nints > 1 ? loc->ints[1] : 0);
  } else if (d == &ir_name_loc_def) {
    print_string_lit(b, loc->str ? loc->str->str : "", loc->str ? loc->str->len : 0);
    const IrLoc *child = loc->nelems ? loc->elems[0] : NULL;
    if (child && child->def != &ir_unknown_loc_def) {
      sb_putc(b, '(');
      print_loc_internal(p, child, pretty, false);
      sb_putc(b, ')');
    }
  } else if (d == &ir_callsite_loc_def) {
    const IrLoc *callee = loc->nelems > 0 ? loc->elems[0] : NULL;
    const IrLoc *caller = loc->nelems > 1 ? loc->elems[1] : NULL;
    if (!pretty) sb_puts(b, "callsite(");
    print_loc_internal(p, callee, pretty, false);
    if (pretty) {
      if (callee && callee->def == &ir_name_loc_def && caller &&
          caller->def == &ir_file_loc_def)
        sb_puts(b, " at ");
      else
        sb_puts(b, "\n at ");
    } else {
      sb_puts(b, " at ");
    }
    print_loc_internal(p, caller, pretty, false);
    if (!pretty) sb_putc(b, ')');
  } else if (d == &ir_fused_loc_def) {
    uint32_t n = loc->nelems;
    const IrAttr *meta = NULL;
    if ((loc->flags & 1) && n) meta = loc->elems[--n];
    if (!pretty) sb_puts(b, "fused");
    if (meta) {
      sb_putc(b, '<');
      asm_print_attr(p, meta);
      sb_putc(b, '>');
    }
    sb_putc(b, '[');
    for (uint32_t i = 0; i < n; i++) {
      if (i) sb_puts(b, ", ");
      print_loc_internal(p, loc->elems[i], pretty, false);
    }
    sb_putc(b, ']');
  } else {
    /* A dialect location attribute (e.g. #cuda_tile.di_loc<...>). */
    asm_print_attr(p, loc);
  }
}

void asm_print_location(AsmPrinter *p, const IrLoc *loc, bool allow_alias) {
  asm_opmemo_taint(p); /* an op's location is not in the op memo's key */
  loc = loc_or_unknown(p, loc);
  if (p->opts.pretty_debuginfo) {
    print_loc_internal(p, loc, true, true);
    return;
  }
  sb_puts(p->out, "loc(");
  if (!allow_alias || !loc || !asm_print_alias(p, loc)) print_loc_internal(p, loc, false, true);
  sb_putc(p->out, ')');
}

void asm_print_trailing_loc(AsmPrinter *p, const IrLoc *loc, bool allow_alias) {
  if (!p->opts.debuginfo) return;
  loc = loc_or_unknown(p, loc);
  if (p->init) {
    if (!loc) return;
    asm_alias_visit_attr(p, loc, false, false);
    return;
  }
  sb_putc(p->out, ' ');
  asm_print_location(p, loc, allow_alias);
}

/* ---- alias names ----------------------------------------------------------------- */

const char *asm_attr_alias_name(const IrAttr *a) {
  const char *n = a->def->alias ? a->def->alias(a) : NULL;
  if (n && *n) return n;
  if (a->def->is_location) return "loc";
  /* a verbatim builtin `distinct[N]<...>` (BuiltinOpAsmDialectInterface) */
  if (a->def == &ir_opaque_attr_def && (a->flags & 1u) && a->str &&
      !strncmp(a->str->str, "distinct[", 9))
    return "distinct";
  return NULL;
}

/* sanitizeIdentifier(name, "$_-") into the arena. */
static const char *sanitize_alias(Arena *ar, const char *name) {
  StrBuf b = {0};
  asm_sanitize_identifier(&b, name, "$_-");
  char *s = arena_alloc(ar, b.len + 1, 1);
  memcpy(s, b.s, b.len);
  s[b.len] = 0;
  sb_free(&b);
  return s;
}

/* ---- alias collection ------------------------------------------------------------ */

static void mark_non_deferrable(AliasInit *ai, uint32_t i) {
  AliasEntry *e = &ai->entries.data[i];
  if (!e->deferrable) return;
  e->deferrable = false;
  uint32_t start = e->child_start, n = e->nchild;
  for (uint32_t k = 0; k < n; k++) mark_non_deferrable(ai, ai->children.data[start + k]);
}

static void visit_attr_children(AsmPrinter *p, const IrAttr *a, bool elide_type) {
  const IrAttrDef *d = a->def;
  if (!asm_is_builtin(d->dialect)) {
    print_dialect_attr_body(p, a);
    return;
  }
  if (d == &ir_unit_attr_def || d == &ir_bool_attr_def || d == &ir_integer_attr_def ||
      d == &ir_float_attr_def || d == &ir_dense_array_attr_def)
    return;
  if (d == &ir_dict_attr_def || d == &ir_array_attr_def) {
    for (uint32_t i = 0; i < a->nelems; i++) asm_print_attr(p, a->elems[i]);
  } else if (d == &ir_type_attr_def) {
    asm_print_type(p, a->type);
  } else if (d == &ir_opaque_loc_def) {
    if (a->nelems) asm_print_attr(p, a->elems[0]);
  } else if (d == &ir_name_loc_def) {
    if (a->nelems && a->elems[0] && a->elems[0]->def != &ir_unknown_loc_def)
      asm_print_attr(p, a->elems[0]);
  } else if (d == &ir_callsite_loc_def) {
    for (uint32_t i = 0; i < a->nelems && i < 2; i++) asm_print_attr(p, a->elems[i]);
  } else if (d == &ir_fused_loc_def) {
    uint32_t n = a->nelems;
    if ((a->flags & 1) && n) asm_print_attr(p, a->elems[--n]);
    for (uint32_t i = 0; i < n; i++) asm_print_attr(p, a->elems[i]);
  }
  if (!elide_type && attr_is_typed(a) && a->type && a->type->def != &ir_none_type_def)
    asm_print_type(p, a->type);
}

/* AliasInitializer::visitImpl: returns the alias depth, stores the index. */
static uint32_t alias_visit(AsmPrinter *p, const void *ptr, bool is_type, bool can_defer,
                            bool elide_type, uint32_t *out_index) {
  AliasInit *ai = p->init;
  uintptr_t found = (uintptr_t)u64map_get(&ai->index, (uintptr_t)ptr);
  if (found) {
    uint32_t i = (uint32_t)(found - 1);
    if (!can_defer) mark_non_deferrable(ai, i);
    *out_index = i;
    return ai->entries.data[i].depth;
  }
  uint32_t i = (uint32_t)ai->entries.len;
  AliasEntry e = {.ptr = ptr, .is_type = is_type, .deferrable = can_defer};
  const char *name = is_type ? asm_type_alias_name(ptr) : asm_attr_alias_name(ptr);
  if (name && *name) {
    e.name = sanitize_alias(&ai->arena, name);
    e.depth = 1;
  }
  vec_push(&ai->entries, e);
  u64map_put(&ai->index, (uintptr_t)ptr, (void *)(uintptr_t)(i + 1));

  AliasFrame fr = {.can_defer = can_defer};
  AliasFrame *saved = p->frame;
  p->frame = &fr;
  if (is_type) asm_visit_type_children(p, ptr);
  else visit_attr_children(p, ptr, elide_type);
  p->frame = saved;

  AliasEntry *ep = &ai->entries.data[i];
  ep->child_start = (uint32_t)ai->children.len;
  ep->nchild = (uint32_t)fr.children.len;
  for (size_t k = 0; k < fr.children.len; k++) vec_push(&ai->children, fr.children.data[k]);
  vec_free(&fr.children);
  ep = &ai->entries.data[i];
  if (fr.max_depth) ep->depth = fr.max_depth + 1;
  *out_index = i;
  return ep->depth;
}

static void visit_record(AsmPrinter *p, const void *ptr, bool is_type, bool can_defer,
                         bool elide_type) {
  AliasFrame *f = p->frame;
  if (f) can_defer = f->can_defer;
  uint32_t idx;
  uint32_t depth = alias_visit(p, ptr, is_type, can_defer, elide_type, &idx);
  if (f) {
    vec_push(&f->children, idx);
    if (depth > f->max_depth) f->max_depth = depth;
  }
}

void asm_alias_visit_attr(AsmPrinter *p, const IrAttr *a, bool can_defer, bool elide_type) {
  visit_record(p, a, false, can_defer, elide_type);
}

void asm_alias_visit_type(AsmPrinter *p, const IrType *t, bool can_defer) {
  visit_record(p, t, true, can_defer, false);
}

/* ---- finishing and printing aliases ------------------------------------------------ */

/* Stable merge sort of indices with a context-taking comparator (no global
 * state, unlike qsort with a file-level table). */
typedef int (*IdxCmp)(const AliasEntry *tab, uint32_t x, uint32_t y);

static void merge_sort(uint32_t *v, uint32_t *tmp, size_t n, IdxCmp cmp,
                       const AliasEntry *tab) {
  if (n < 2) return;
  size_t h = n / 2;
  merge_sort(v, tmp, h, cmp, tab);
  merge_sort(v + h, tmp, n - h, cmp, tab);
  size_t i = 0, j = h, k = 0;
  while (i < h && j < n) tmp[k++] = cmp(tab, v[j], v[i]) < 0 ? v[j++] : v[i++];
  while (i < h) tmp[k++] = v[i++];
  while (j < n) tmp[k++] = v[j++];
  memcpy(v, tmp, n * sizeof *v);
}

/* InProgressAliasInfo::operator<: depth, then types first, then name. */
static int alias_cmp(const AliasEntry *tab, uint32_t x, uint32_t y) {
  const AliasEntry *a = &tab[x], *b = &tab[y];
  if (a->depth != b->depth) return a->depth < b->depth ? -1 : 1;
  if (a->is_type != b->is_type) return a->is_type ? -1 : 1;
  return strcmp(a->name, b->name);
}

void asm_aliases_finish(AsmAliases *al) {
  AliasInit *ai = &al->init;
  for (uint32_t i = 0; i < ai->entries.len; i++)
    if (ai->entries.data[i].name) vec_push(&al->order, i);
  size_t n = al->order.len;
  if (!n) return;
  const AliasEntry *tab = ai->entries.data;
  uint32_t *tmp = xmalloc(n * sizeof *tmp);
  merge_sort(al->order.data, tmp, n, alias_cmp, tab);
  free(tmp);
  /* AliasInitializer::uniqueAliasNameIndex, walking the sorted order: the
   * first use of a name has no suffix; later ones probe name[_]N with N
   * counting from 1 per probe stem, skipping names already in use. */
  NameSet used = {0}, counts = {0};
  VEC(unsigned) count_vals = {0};
  Arena names;
  arena_init(&names);
  StrBuf probe = {0};
  for (size_t k = 0; k < n; k++) {
    AliasEntry *e = &ai->entries.data[al->order.data[k]];
    size_t len = strlen(e->name);
    if (asm_nameset_find(&used, e->name, len) < 0) {
      asm_nameset_add(&used, e->name, len);
      e->suffix = 0;
      continue;
    }
    sb_clear(&probe);
    sb_putn(&probe, e->name, len);
    if (isdigit((unsigned char)e->name[len - 1])) sb_putc(&probe, '_');
    size_t stem = probe.len;
    int32_t ci = asm_nameset_find(&counts, probe.s, stem);
    if (ci < 0) {
      char *cs = arena_alloc(&names, stem + 1, 1);
      memcpy(cs, probe.s, stem + 1);
      asm_nameset_add(&counts, cs, stem);
      ci = (int32_t)count_vals.len;
      vec_push(&count_vals, 1u);
    }
    for (;;) {
      unsigned idx = count_vals.data[ci]++;
      probe.len = stem;
      sb_printf(&probe, "%u", idx);
      if (asm_nameset_find(&used, probe.s, probe.len) < 0) {
        char *us = arena_alloc(&names, probe.len + 1, 1);
        memcpy(us, probe.s, probe.len + 1);
        asm_nameset_add(&used, us, probe.len);
        e->suffix = idx;
        break;
      }
    }
  }
  sb_free(&probe);
  vec_free(&count_vals);
  asm_nameset_free(&used);
  asm_nameset_free(&counts);
  arena_free(&names);
  for (size_t k = 0; k < n; k++) {
    uint32_t i = al->order.data[k];
    u64map_put(&al->lookup, (uintptr_t)ai->entries.data[i].ptr, (void *)(uintptr_t)(i + 1));
  }
}

void asm_aliases_free(AsmAliases *al) {
  vec_free(&al->init.entries);
  vec_free(&al->init.children);
  u64map_free(&al->init.index);
  arena_free(&al->init.arena);
  vec_free(&al->order);
  u64map_free(&al->lookup);
}

/* SymbolAlias::print: `#name`, `#name3`, or `#name1_2` for names ending in
 * a digit. */
static void print_alias_name(StrBuf *b, const AliasEntry *e) {
  sb_putc(b, e->is_type ? '!' : '#');
  sb_puts(b, e->name);
  if (e->suffix) {
    size_t n = strlen(e->name);
    if (n && isdigit((unsigned char)e->name[n - 1])) sb_putc(b, '_');
    sb_printf(b, "%u", e->suffix);
  }
}

bool asm_print_alias(AsmPrinter *p, const void *ptr) {
  if (!p->aliases) return false;
  uintptr_t found = (uintptr_t)u64map_get(&p->aliases->lookup, (uintptr_t)ptr);
  if (!found) return false;
  const AliasEntry *e = &p->aliases->init.entries.data[found - 1];
  if (e->is_type && !e->printed) return false;
  print_alias_name(p->out, e);
  return true;
}

void asm_print_alias_defs(AsmPrinter *p, bool deferred) {
  AsmAliases *al = p->aliases;
  if (!al) return;
  for (size_t k = 0; k < al->order.len; k++) {
    const AliasEntry *e = &al->init.entries.data[al->order.data[k]];
    if (e->deferrable != deferred) continue;
    print_alias_name(p->out, e);
    sb_puts(p->out, " = ");
    asm_short_scope(p, NULL, NULL, 0);
    if (e->is_type) {
      asm_print_type_impl(p, e->ptr);
      al->init.entries.data[al->order.data[k]].printed = true;
      p->alias_gen++; /* texts memoized so far may now print differently */
    } else {
      asm_print_attr_impl(p, e->ptr, ELIDE_NEVER);
    }
    sb_putc(p->out, '\n');
  }
}

/* ---- cheap alias precheck ---------------------------------------------------------- */

static size_t pcache_slot(const void *x) { return asm_pcache_slot(x); }

/* The same attributes and types come back on every op: a direct-mapped
 * table of alias-free ones answers most queries without the memo map. */
bool asm_attr_may_alias(AsmPrinter *p, const IrAttr *a) {
  if (!a) return false;
  if (!p->pcache) p->pcache = xcalloc(ASM_PCACHE, sizeof *p->pcache);
  size_t slot = pcache_slot(a);
  if (p->pcache[slot] == a) return false;
  uintptr_t m = (uintptr_t)u64map_get(&p->precheck, (uintptr_t)a);
  if (m) {
    if (m == 1) p->pcache[slot] = a; /* alias-free: back in front of the map */
    return m == 2;
  }
  u64map_put(&p->precheck, (uintptr_t)a, (void *)(uintptr_t)1);
  bool r = asm_attr_alias_name(a) != NULL;
  for (uint32_t i = 0; !r && i < a->nelems; i++) r = asm_attr_may_alias(p, a->elems[i]);
  if (!r && a->type) r = asm_type_may_alias(p, a->type);
  if (r) {
    u64map_put(&p->precheck, (uintptr_t)a, (void *)(uintptr_t)2);
    if (p->pcache[slot] == a) p->pcache[slot] = NULL; /* (never true without cycles) */
  } else {
    p->pcache[slot] = a;
  }
  return r;
}

bool asm_type_may_alias(AsmPrinter *p, const IrType *t) {
  if (!t) return false;
  if (!p->pcache) p->pcache = xcalloc(ASM_PCACHE, sizeof *p->pcache);
  size_t slot = pcache_slot(t);
  if (p->pcache[slot] == t) return false;
  uintptr_t m = (uintptr_t)u64map_get(&p->precheck, (uintptr_t)t);
  if (m) {
    if (m == 1) p->pcache[slot] = t; /* alias-free: back in front of the map */
    return m == 2;
  }
  u64map_put(&p->precheck, (uintptr_t)t, (void *)(uintptr_t)1);
  bool r = asm_type_alias_name(t) != NULL;
  for (uint32_t i = 0; !r && i < t->ntypes; i++) r = asm_type_may_alias(p, t->types[i]);
  if (!r && t->attr) r = asm_attr_may_alias(p, t->attr);
  if (r) {
    u64map_put(&p->precheck, (uintptr_t)t, (void *)(uintptr_t)2);
    if (p->pcache[slot] == t) p->pcache[slot] = NULL; /* (never true without cycles) */
  } else {
    p->pcache[slot] = t;
  }
  return r;
}
