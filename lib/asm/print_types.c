/* print_types.c — printing types in MLIR's syntax: the builtin types
 * (integers, index, floats, none, function, tuple, tensor, vector, opaque
 * `!dialect.body`), dialect types through their IrTypeDef.print hook with
 * MLIR's printDialectSymbol rule (`!d.body` when the body is
 * `ident<...>`-shaped, else `!d<body>`), and the short form of types of the
 * dialect in scope (NVIDIA's `tile<4xf32>` inside cuda_tile ops). */
#include "asm/printer_internal.h"

#include <ctype.h>

/* MLIR's isDialectSymbolSimpleEnoughForPrettyForm: identifier (`<` body `>`)? */
static bool symbol_is_simple(const char *s, size_t n) {
  if (n == 0 || !isalpha((unsigned char)s[0])) return false;
  size_t i = 0;
  while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '.' || s[i] == '_')) i++;
  if (i == n) return true;
  return s[i] == '<' && s[n - 1] == '>';
}

void asm_finish_dialect_symbol(AsmPrinter *p, size_t dot_pos, size_t body_start) {
  StrBuf *b = p->out;
  if (symbol_is_simple(b->s + body_start, b->len - body_start)) return;
  b->s[dot_pos] = '<';
  sb_putc(b, '>');
}

/* Prints unregistered-dialect text stored as "dialect.body" or
 * "dialect<body>" in MLIR's canonical spelling. */
void asm_print_dialect_symbol_text(AsmPrinter *p, char prefix, const char *text, size_t n) {
  StrBuf *b = p->out;
  size_t i = 0;
  while (i < n && text[i] != '.' && text[i] != '<') i++;
  sb_putc(b, prefix);
  sb_putn(b, text, i);
  const char *body = text + i;
  size_t bn = n - i;
  if (i < n && text[i] == '.') {
    body++;
    bn--;
  } else if (i < n && text[i] == '<' && text[n - 1] == '>' && bn >= 2) {
    body++;
    bn -= 2;
  }
  if (symbol_is_simple(body, bn)) {
    sb_putc(b, '.');
    sb_putn(b, body, bn);
  } else {
    sb_putc(b, '<');
    sb_putn(b, body, bn);
    sb_putc(b, '>');
  }
}

static void print_type_list(AsmPrinter *p, const IrType *const *ts, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) sb_puts(p->out, ", ");
    asm_print_type(p, ts[i]);
  }
}

static void print_dim(StrBuf *b, int64_t d) {
  if (d == IR_DYNAMIC) sb_putc(b, '?');
  else asm_put_int(b, d);
}

/* Calls a dialect type's body printer with its own dialect in scope. */
static void print_dialect_body(AsmPrinter *p, const IrType *t) {
  AsmShortScope saved = asm_short_scope(p, t->def->dialect, NULL, 0);
  if (t->def->print) t->def->print(p, t);
  else sb_puts(p->out, t->def->name);
  asm_short_restore(p, saved);
}

/* The builtin scalar types (integers, floats, index, none): their text
 * depends on the type alone (no alias, scope or option changes it), so
 * asm_print_type_str writes them without setting up a printer. Returns
 * false, writing nothing, for every other type. */
bool asm_put_scalar_type(StrBuf *b, const IrType *t) {
  const IrTypeDef *d = t->def;
  if (d == &ir_integer_type_def) {
    if (t->flags == IR_SIGNED) sb_putc(b, 's');
    else if (t->flags == IR_UNSIGNED) sb_putc(b, 'u');
    sb_putc(b, 'i');
    asm_put_uint(b, ir_integer_width(t));
  } else if (d == &ir_float_type_def) {
    sb_puts(b, ir_float_kind_name(ir_float_kind(t)));
  } else if (d == &ir_index_type_def) {
    sb_puts(b, "index");
  } else if (d == &ir_none_type_def) {
    sb_puts(b, "none");
  } else {
    return false;
  }
  return true;
}

void asm_print_type_impl(AsmPrinter *p, const IrType *t) {
  const IrTypeDef *d = t->def;
  StrBuf *b = p->out;
  if (asm_put_scalar_type(b, t)) {
    return;
  } else if (d == &ir_function_type_def) {
    size_t nin = ir_func_num_inputs(t), nres = ir_func_num_results(t);
    const IrType *const *res = nres ? ir_func_results(t) : NULL;
    sb_putc(b, '(');
    print_type_list(p, ir_func_inputs(t), nin);
    sb_puts(b, ") -> ");
    if (nres == 1 && !ir_type_is(res[0], &ir_function_type_def)) {
      asm_print_type(p, res[0]);
    } else {
      sb_putc(b, '(');
      print_type_list(p, res, nres);
      sb_putc(b, ')');
    }
  } else if (d == &ir_tensor_type_def) {
    if (t->flags & 1) { /* unranked */
      sb_puts(b, "tensor<*x");
    } else {
      sb_puts(b, "tensor<");
      for (uint32_t i = 0; i < t->nints; i++) {
        print_dim(b, t->ints[i]);
        sb_putc(b, 'x');
      }
    }
    asm_print_type(p, t->ntypes ? t->types[0] : NULL);
    if (t->attr) {
      sb_puts(b, ", ");
      asm_print_attr(p, t->attr);
    }
    sb_putc(b, '>');
  } else if (d == &ir_vector_type_def) {
    sb_puts(b, "vector<");
    for (uint32_t i = 0; i < t->nints; i++) {
      bool scalable = i < 32 && ((t->flags >> i) & 1);
      if (scalable) sb_putc(b, '[');
      print_dim(b, t->ints[i]);
      if (scalable) sb_putc(b, ']');
      sb_putc(b, 'x');
    }
    asm_print_type(p, t->ntypes ? t->types[0] : NULL);
    sb_putc(b, '>');
  } else if (d == &ir_tuple_type_def) {
    sb_puts(b, "tuple<");
    print_type_list(p, t->types, t->ntypes);
    sb_putc(b, '>');
  } else if (d == &ir_opaque_type_def) {
    /* flags&1: a builtin type kept verbatim (complex<f32>, memref<...>) */
    if (t->str && (t->flags & 1u)) sb_putn(b, t->str->str, t->str->len);
    else if (t->str) asm_print_dialect_symbol_text(p, '!', t->str->str, t->str->len);
    else sb_puts(b, "!<<opaque>>");
  } else if (!asm_is_builtin(d->dialect) && asm_short_dialect(p, d->dialect)) {
    print_dialect_body(p, t);
  } else {
    sb_putc(b, '!');
    sb_puts(b, d->dialect);
    size_t dot = b->len;
    sb_putc(b, '.');
    print_dialect_body(p, t);
    asm_finish_dialect_symbol(p, dot, dot + 1);
  }
}

/* The nested elements the alias collector visits for a type: the dialect's
 * printer for dialect types, the immediate sub-elements for builtin ones. */
void asm_visit_type_children(AsmPrinter *p, const IrType *t) {
  const IrTypeDef *d = t->def;
  if (!asm_is_builtin(d->dialect)) {
    print_dialect_body(p, t);
    return;
  }
  if (d == &ir_function_type_def || d == &ir_tuple_type_def) {
    for (uint32_t i = 0; i < t->ntypes; i++) asm_print_type(p, t->types[i]);
  } else if (d == &ir_tensor_type_def || d == &ir_vector_type_def) {
    if (t->ntypes) asm_print_type(p, t->types[0]);
    if (t->attr) asm_print_attr(p, t->attr);
  }
}

const char *asm_type_alias_name(const IrType *t) {
  if (t->def == &ir_tuple_type_def && t->ntypes > 16) return "tuple";
  return NULL;
}

/* Builtin types printed by asm_print_type_impl from the type alone: scalars,
 * and tensors/vectors (without encoding)/functions of such, none of them
 * aliased in this printer. */
static bool type_text_is_fixed(AsmPrinter *p, const IrType *t, int depth) {
  if (!t || depth > 4) return false;
  if (p->aliases && u64map_get(&p->aliases->lookup, (uintptr_t)t)) return false;
  const IrTypeDef *d = t->def;
  if (d == &ir_integer_type_def || d == &ir_float_type_def || d == &ir_index_type_def ||
      d == &ir_none_type_def)
    return true;
  if (d == &ir_tensor_type_def || d == &ir_vector_type_def)
    return !t->attr && t->ntypes == 1 && type_text_is_fixed(p, t->types[0], depth + 1);
  if (d == &ir_function_type_def) {
    for (uint32_t i = 0; i < t->ntypes; i++)
      if (!type_text_is_fixed(p, t->types[i], depth + 1)) return false;
    return true;
  }
  return false;
}

/* Copies p->out[start, start + n) into the text store of the caches and
 * returns its offset there.  The store is bounded: when full, it starts
 * over and every cached entry is dropped. */
uint32_t asm_tcache_keep(AsmPrinter *p, size_t start, size_t n) {
  size_t limit = p->memo_cap > ASM_PRINT_MEMO ? (size_t)1 << 19 : (size_t)1 << 16;
  if (p->tcache_text.len + n > limit) {
    sb_clear(&p->tcache_text);
    memset(p->tcache, 0, sizeof p->tcache);
    if (p->memo) memset(p->memo, 0, p->memo_cap * sizeof *p->memo);
    if (p->dmemo) memset(p->dmemo, 0, ASM_DICT_MEMO * sizeof *p->dmemo);
  }
  uint32_t off = (uint32_t)p->tcache_text.len;
  sb_putn(&p->tcache_text, p->out->s + start, n);
  sb_reserve(&p->tcache_text, 16); /* asm_put_cached reads up to 15 bytes past */
  return off;
}

void asm_print_type(AsmPrinter *p, const IrType *t) {
  if (!t) {
    sb_puts(p->out, "<<NULL TYPE>>");
    return;
  }
  if (p->init) {
    asm_alias_visit_type(p, t, false);
    return;
  }
  /* The text cache: a direct-mapped table over recently printed types. */
  size_t nal = p->aliases ? p->aliases->lookup.len : 0;
  size_t slot = (((uintptr_t)t >> 4) ^ ((uintptr_t)t >> 9)) % (sizeof p->tcache / sizeof p->tcache[0]);
  if (p->tcache[slot].t == t && p->tcache[slot].al == p->aliases && p->tcache[slot].nal == nal) {
    asm_put_cached(p, p->tcache[slot].off, p->tcache[slot].len);
    return;
  }
  if (asm_print_alias(p, t)) return;
  if (!asm_is_builtin(t->def->dialect)) {
    /* dialect types (`!cuda_tile.tile<4xf32>` on every op of the generic
     * form): their text depends on the type and the printer state only */
    asm_print_type_memo(p, t, asm_print_type_impl);
    return;
  }
  size_t start = p->out->len;
  asm_print_type_impl(p, t);
  size_t n = p->out->len - start;
  if (n > 256 || !type_text_is_fixed(p, t, 0)) return;
  uint32_t off = asm_tcache_keep(p, start, n);
  p->tcache[slot].t = t;
  p->tcache[slot].al = p->aliases;
  p->tcache[slot].nal = nal;
  p->tcache[slot].off = off;
  p->tcache[slot].len = (uint32_t)n;
}

/* The memo table slot of (key, fn) (memo_cap is a power of two). */
static size_t memo_slot(const AsmPrinter *p, const void *key, void (*fn)(void)) {
  uintptr_t h = ((uintptr_t)key >> 4) ^ ((uintptr_t)key >> 13) ^ ((uintptr_t)fn >> 3);
  return h & (p->memo_cap - 1);
}

/* Whether two scope dialect names (NULL = none) are the same. */
static bool same_scope(const char *a, const char *b) {
  return a == b || (a && b && !strcmp(a, b));
}

/* The memo entry holding (key, fn) in the current printer state, or NULL;
 * *slot is where it goes.  The state is everything that a pure printer's
 * output may depend on besides its argument: which aliases exist and which
 * type aliases are defined yet (aliased nested types), and the dialect
 * scope (short or `!d.` nested dialect types).  Indentation, SSA names and
 * the dialect stack of op names do not reach types or attributes. */
static inline __attribute__((always_inline)) const AsmPrintMemo *memo_find(
    AsmPrinter *p, const void *key, void (*fn)(void), size_t *slot) {
  if (!p->memo) { /* op printers see many distinct types and attributes */
    p->memo_cap = p->names ? ASM_PRINT_MEMO_OPS : ASM_PRINT_MEMO;
    p->memo = xcalloc(p->memo_cap, sizeof *p->memo);
  }
  *slot = memo_slot(p, key, fn);
  const AsmPrintMemo *m = &p->memo[*slot];
  const AsmMemoState *st = &m->st;
  if (m->key == key && m->fn == fn && st->al == p->aliases && st->gen == p->alias_gen &&
      same_scope(st->sd1, p->sd1) && st->sd2_len == p->sd2_len &&
      (st->sd2 == p->sd2 || (p->sd2 && st->sd2 && !memcmp(st->sd2, p->sd2, p->sd2_len))))
    return m;
  return NULL;
}

/* Records p->out[start, end) as the text of (key, fn) in `slot`. */
static void memo_store(AsmPrinter *p, size_t slot, const void *key, void (*fn)(void),
                       size_t start) {
  size_t n = p->out->len - start;
  if (n > 512) return;
  uint32_t off = asm_tcache_keep(p, start, n);
  AsmPrintMemo *m = &p->memo[slot];
  m->key = key;
  m->fn = fn;
  m->st = asm_memo_state(p);
  m->off = off;
  m->len = (uint32_t)n;
}

/* The collection pass (p->init) always runs fn, which is what visits the
 * nested elements. */
void asm_print_type_memo(AsmPrinter *p, const IrType *t,
                         void (*fn)(AsmPrinter *p, const IrType *t)) {
  if (p->init || !t) {
    fn(p, t);
    return;
  }
  size_t slot;
  const AsmPrintMemo *m = memo_find(p, t, (void (*)(void))fn, &slot);
  if (m) {
    asm_put_cached(p, m->off, m->len);
    return;
  }
  size_t start = p->out->len;
  fn(p, t);
  memo_store(p, slot, t, (void (*)(void))fn, start);
}

/* asm_print_attr_memo and asm_print_attr_memo_pure: with `pure`, the text is
 * kept only if printing it changed nothing else in the printer (no new
 * alias, no noted resource, no location, the same output buffer). */
static inline __attribute__((always_inline)) void attr_memo(
    AsmPrinter *p, const IrAttr *a, void (*fn)(AsmPrinter *p, const IrAttr *a), bool pure) {
  if (p->init || !a) {
    fn(p, a);
    return;
  }
  size_t slot;
  const AsmPrintMemo *m = memo_find(p, a, (void (*)(void))fn, &slot);
  if (m) {
    asm_put_cached(p, m->off, m->len);
    return;
  }
  size_t start = p->out->len, nres = p->res_used.len;
  uint32_t gen = p->alias_gen, taint = p->ntaint;
  StrBuf *out = p->out;
  fn(p, a);
  if (!pure ||
      (p->out == out && p->alias_gen == gen && p->res_used.len == nres && p->ntaint == taint))
    memo_store(p, slot, a, (void (*)(void))fn, start);
}

void asm_print_attr_memo(AsmPrinter *p, const IrAttr *a,
                         void (*fn)(AsmPrinter *p, const IrAttr *a)) {
  attr_memo(p, a, fn, false);
}

void asm_print_attr_memo_pure(AsmPrinter *p, const IrAttr *a,
                              void (*fn)(AsmPrinter *p, const IrAttr *a)) {
  attr_memo(p, a, fn, true);
}
