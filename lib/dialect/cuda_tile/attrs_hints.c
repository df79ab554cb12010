/* attrs_hints.c — #cuda_tile.optimization_hints<arch = {hint = value, ...}>:
 * the attribute, its syntax, and NVIDIA's op-level verification, which only
 * speaks under the driver flags -Wunsupported-hints (warnings) and
 * -Werr-hints (the op then fails with "Optimization hints verification
 * failed").  The mode lives in the dialect's per-context state. */
#include "dialect/cuda_tile/ct_types.h"
#include "ir/verify.h"

/* Architecture keys NVIDIA knows (isKnownKey); "default" applies to all. */
static const char *const known_keys[] = {"sm_80",  "sm_86",  "sm_87",  "sm_88",
                                         "sm_89",  "sm_90",  "sm_100", "sm_103",
                                         "sm_110", "sm_120", "sm_121", "default",
                                         NULL};

#define LE "\xe2\x89\xa4" /* U+2264 LESS-THAN OR EQUAL TO, as NVIDIA's text has it */

/* ---- attribute ------------------------------------------------------------ */

void ct_print_opt_hints_body(AsmPrinter *p, const IrAttr *a) {
  const IrAttr *d = ct_opt_hints_dict(a);
  asm_putc(p, '<');
  for (uint32_t i = 0; i < d->nelems; i++) {
    if (i) asm_puts(p, ", ");
    asm_puts(p, d->names[i]->str);
    asm_puts(p, " = {");
    const IrAttr *in = d->elems[i];
    if (ir_attr_is(in, &ir_dict_attr_def)) {
      for (uint32_t k = 0; k < in->nelems; k++) {
        if (k) asm_puts(p, ", ");
        asm_puts(p, in->names[k]->str);
        asm_puts(p, " = ");
        asm_print_attr_no_type(p, in->elems[k]);
      }
    }
    asm_putc(p, '}');
  }
  asm_putc(p, '>');
}

static void print_opt_hints(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "optimization_hints");
  ct_print_opt_hints_body(p, a);
}

const IrAttrDef ct_opt_hints_attr_def = {.name = "optimization_hints", .dialect = "cuda_tile",
                                         .print = print_opt_hints};

const IrAttr *ct_opt_hints_attr(IrContext *ctx, const IrAttr *dict) {
  if (!dict) dict = ir_empty_dict(ctx);
  return ir_attr_unique(ctx, &(IrAttr){.def = &ct_opt_hints_attr_def, .nelems = 1,
                                       .elems = &dict});
}

/* hints-body := `<` `>` | `<` entry (`,` entry)* `>`
 * entry := keyword-or-string `=` dictionary-attr */
bool ct_parse_opt_hints_body(AsmParser *p, const IrAttr **out) {
  IrContext *ctx = asm_ctx(p);
  if (!asm_parse_punct(p, ASM_LESS)) return false;
  if (asm_parse_optional_punct(p, ASM_GREATER)) {
    *out = ct_opt_hints_attr(ctx, NULL);
    return true;
  }
  VEC(IrNamedAttr) entries = {0};
  bool ok = true;
  do {
    char *key = NULL;
    size_t klen = 0;
    const IrAttr *v = NULL;
    if (!ct_parse_keyword_or_string(p, &key, &klen) || !asm_parse_punct(p, ASM_EQUAL) ||
        !asm_parse_attr(p, NULL, &v)) {
      free(key);
      ok = false;
      break;
    }
    const IrIdent *name = ir_ident(ctx, key, klen);
    for (size_t i = 0; ok && i < entries.len; i++)
      if (entries.data[i].name == name)
        ok = asm_error(p, "duplicate optimization_hints key `%s`", name->str);
    if (ok && !ir_attr_is(v, &ir_dict_attr_def)) {
      CtEmitter e = ct_emitter_at(p, asm_cur_loc(p));
      ok = ct_emit_error(&e, "expected dictionary attribute for optimization_hints entry `%s` "
                             "got value=%A",
                         name->str, v);
    }
    free(key);
    if (!ok) break;
    vec_push(&entries, ((IrNamedAttr){name, v}));
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  if (ok) ok = asm_parse_punct(p, ASM_GREATER);
  if (ok) *out = ct_opt_hints_attr(ctx, ir_dict_attr(ctx, entries.data, entries.len, NULL));
  vec_free(&entries);
  return ok;
}

/* ---- mode ----------------------------------------------------------------- */

void ct_set_hint_diag_mode(IrContext *ctx, CtHintDiagMode mode) {
  CtDialectState *st = ct_dialect_state(ctx);
  st->warn_hints = mode != CT_HINTS_SILENT;
  st->err_hints = mode == CT_HINTS_ERROR;
}

void ct_set_warn_unsupported_hints(IrContext *ctx, bool on) {
  ct_dialect_state(ctx)->warn_hints = on;
}

void ct_set_err_hints(IrContext *ctx, bool on) { ct_dialect_state(ctx)->err_hints = on; }

CtHintDiagMode ct_hint_diag_mode(IrContext *ctx) {
  CtDialectState *st = ct_dialect_state(ctx);
  if (!st->warn_hints) return CT_HINTS_SILENT;
  return st->err_hints ? CT_HINTS_ERROR : CT_HINTS_WARN;
}

/* ---- value validation -------------------------------------------------------- */

/* IntegerAttr::getInt() view of an attribute (BoolAttr is an IntegerAttr in
 * MLIR: true reads as -1 from its 1-bit value). */
static bool attr_int(const IrAttr *a, int64_t *v) {
  if (ir_attr_is(a, &ir_integer_attr_def)) {
    *v = a->ints[0];
    return true;
  }
  if (ir_attr_is(a, &ir_bool_attr_def)) {
    *v = a->ints[0] ? -1 : 0;
    return true;
  }
  return false;
}

static bool attr_bool(const IrAttr *a, int64_t *v) {
  if (ir_attr_is(a, &ir_bool_attr_def) ||
      (ir_attr_is(a, &ir_integer_attr_def) && ir_type_is_int_width(a->type, 1))) {
    *v = a->ints[0] != 0;
    return true;
  }
  return false;
}

static bool starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Validates hint `key` = `a` for architecture `ctx_key`; on failure writes
 * NVIDIA's message into *msg (if msg) and returns false. */
static bool validate_hint(const char *key, const IrAttr *a, const char *ctx_key,
                          int64_t *out, StrBuf *msg) {
  int64_t v;
  if (!strcmp(key, "num_cta_in_cga")) {
    if (!attr_int(a, &v)) {
      if (msg) sb_printf(msg, "integer value expected for %s.num_cta_in_cga", ctx_key);
      return false;
    }
    static const char *const single[] = {"sm_80", "sm_86", "sm_87", "sm_88", "sm_89"};
    uint64_t n = (uint64_t)v;
    for (int i = 0; i < 5; i++)
      if (starts_with(ctx_key, single[i]) && n != 1) {
        if (msg) sb_printf(msg, "expected 1 for %s.num_cta_in_cga", ctx_key);
        return false;
      }
    if (n == 0 || n > 16 || (n & (n - 1)) != 0) {
      if (msg) sb_printf(msg, "expected power-of-two " LE " 16 for %s.num_cta_in_cga", ctx_key);
      return false;
    }
    *out = (int64_t)n;
    return true;
  }
  if (!strcmp(key, "num_worker_warps_per_cta")) {
    if (!attr_int(a, &v)) {
      if (msg) sb_printf(msg, "integer value expected for %s.num_worker_warps_per_cta", ctx_key);
      return false;
    }
    int32_t w = (int32_t)(uint32_t)(uint64_t)v; /* NVIDIA keeps it in an int */
    if (w == 0 || w > 32 || (w & (int32_t)((uint32_t)w - 1u)) != 0) {
      if (msg)
        sb_printf(msg, "expected power-of-two " LE " 32 for %s.num_worker_warps_per_cta",
                  ctx_key);
      return false;
    }
    if (w != 4 && w != 8) w = w < 4 ? 4 : 8; /* only 4 or 8 are honoured */
    *out = w;
    return true;
  }
  if (!strcmp(key, "allow_tma")) {
    if (!attr_bool(a, &v)) {
      if (msg) sb_printf(msg, "boolean value expected for %s.allow_tma", ctx_key);
      return false;
    }
    *out = v;
    return true;
  }
  if (!strcmp(key, "latency") || !strcmp(key, "occupancy")) {
    int64_t hi = key[0] == 'l' ? 10 : 32;
    if (!attr_int(a, &v)) {
      if (msg) sb_printf(msg, "integer value expected for %s.%s", ctx_key, key);
      return false;
    }
    if (v < 1 || v > hi) {
      if (msg)
        sb_printf(msg, "integer value in the range [1, %lld] is expected for %s.%s",
                  (long long)hi, ctx_key, key);
      return false;
    }
    *out = v;
    return true;
  }
  if (msg) sb_printf(msg, "unknown param %s for %s", key, ctx_key);
  return false;
}

/* ---- op-level verification ---------------------------------------------------- */

/* Hints each op kind accepts (NULL-terminated); NULL: any known hint. */
static const char *const *valid_hints_for(const IrOp *op) {
  static const char *const entry[] = {"num_cta_in_cga", "num_worker_warps_per_cta",
                                      "occupancy", NULL};
  static const char *const view_ls[] = {"latency", "allow_tma", NULL};
  static const char *const ptr_ls[] = {"latency", NULL};
  const char *n = ir_op_name(op);
  if (!strcmp(n, "cuda_tile.entry")) return entry;
  if (!strcmp(n, "cuda_tile.load_view_tko") || !strcmp(n, "cuda_tile.store_view_tko"))
    return view_ls;
  if (!strcmp(n, "cuda_tile.load_ptr_tko") || !strcmp(n, "cuda_tile.store_ptr_tko"))
    return ptr_ls;
  return NULL;
}

static bool in_list(const char *const *l, const char *s) {
  for (; *l; l++)
    if (!strcmp(*l, s)) return true;
  return false;
}

/* verifyParamWithContext: warnings at the op's location; false if any. */
static bool verify_arch_entry(IrOp *op, const char *arch, const IrAttr *dict,
                              const char *const *valid) {
  IrContext *ctx = ir_op_context(op);
  if (!in_list(known_keys, arch)) {
    ir_warning(ctx, ir_op_loc(op), "unknown hint key %s", arch);
    return false;
  }
  bool ok = true;
  for (uint32_t i = 0; i < dict->nelems; i++) {
    const char *key = dict->names[i]->str;
    if (valid && !in_list(valid, key)) {
      ir_warning(ctx, ir_op_loc(op), "%s is not known hint for current Operation", key);
      ok = false;
      continue;
    }
    StrBuf msg = {0};
    int64_t v;
    if (!validate_hint(key, dict->elems[i], arch, &v, &msg)) {
      ir_warning(ctx, ir_op_loc(op), "%s", sb_cstr(&msg));
      ok = false;
    }
    sb_free(&msg);
  }
  return ok;
}

bool ct_opt_hints_verify_with_op(IrOp *op, const IrAttr *hints) {
  if (!hints || hints->def != &ct_opt_hints_attr_def) return true;
  /* reads a context option and may warn while passing: not memoizable */
  ir_verify_memo_veto();
  CtHintDiagMode mode = ct_hint_diag_mode(ir_op_context(op));
  const IrAttr *d = ct_opt_hints_dict(hints);
  const char *const *valid = valid_hints_for(op);
  for (uint32_t i = 0; i < d->nelems; i++) {
    const char *arch = d->names[i]->str;
    if (!ir_attr_is(d->elems[i], &ir_dict_attr_def)) {
      CtEmitter e = ct_emitter_op(op);
      return ct_emit_error(&e, "expected dictionary attribute for optimization_hints entry "
                               "`%s` got value=%A",
                           arch, d->elems[i]);
    }
    if (mode == CT_HINTS_SILENT) continue;
    if (!verify_arch_entry(op, arch, d->elems[i], valid) && mode == CT_HINTS_ERROR)
      return false;
  }
  return true;
}

bool ct_verify_opt_hints_common(IrOp *op, const IrAttr *hints) {
  if (hints && hints->def == &ct_opt_hints_attr_def && !ct_opt_hints_empty(hints) &&
      !ct_opt_hints_verify_with_op(op, hints))
    return ir_op_error(op, "Optimization hints verification failed");
  return true;
}

/* ---- getters ------------------------------------------------------------------- */

static const IrAttr *dict_lookup(const IrAttr *d, const char *key) {
  if (!ir_attr_is(d, &ir_dict_attr_def)) return NULL;
  for (uint32_t i = 0; i < d->nelems; i++)
    if (!strcmp(d->names[i]->str, key)) return d->elems[i];
  return NULL;
}

bool ct_opt_hints_get(const IrAttr *hints, const char *sm, const char *key, int64_t *out) {
  if (!hints || hints->def != &ct_opt_hints_attr_def) return false;
  const IrAttr *d = ct_opt_hints_dict(hints);
  const IrAttr *v = dict_lookup(dict_lookup(d, sm), key);
  if (!v) v = dict_lookup(dict_lookup(d, "default"), key);
  if (!v) return false;
  return validate_hint(key, v, sm, out, NULL);
}
