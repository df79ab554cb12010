/* attrs.c — the nv_tileaa attributes (seed 000 "Attribute Surface"), their
 * syntax, and the dialect object (type/attribute mnemonic dispatch).
 *
 *   #nv_tileaa.compute_capability<100>     (legacy `compute-capability`,
 *                                           written #nv_tileaa<compute-capability<100>>,
 *                                           parses to the same attribute)
 *   #nv_tileaa.target_spec<{...}>, #nv_tileaa.kernel_spec<{...}>
 *   #nv_tileaa.<enum><case>                closed sets (AA_ENUMS in aa.h)
 *   #nv_tileaa.conv_params<stride = [1, 1], padding = [0, 0], dilation = [1, 1]>
 *   #nv_tileaa.div_by<16, every 4 along 0>, #nv_tileaa.bounded<0, ?>,
 *   #nv_tileaa.same_elements<[1, 2]>
 *
 * Parsing validates spelling and payload shape only; value constraints
 * (divisor power of two, ranges, tuple ranks) are checked by the consuming
 * op's verifier so the seed's diagnostics come out at verification time. */
#include "dialect/nv_tileaa/aa.h"

/* ---- enums ------------------------------------------------------------------- */

static void print_enum(AsmPrinter *p, const IrAttr *a);

#define X(c, m, ...)                                                            \
  static const char *const c##_cases[] = {__VA_ARGS__};                          \
  static const IrAttrDef c##_def = {m, "nv_tileaa", print_enum, NULL, false};    \
  const AaEnumInfo aa_enum_##c = {m, c##_cases,                                  \
                                  (int)(sizeof c##_cases / sizeof c##_cases[0]), \
                                  &c##_def};
AA_ENUMS(X)
#undef X

static const AaEnumInfo *const all_enums[] = {
#define X(c, m, ...) &aa_enum_##c,
    AA_ENUMS(X)
#undef X
};
#define NUM_ENUMS (sizeof all_enums / sizeof all_enums[0])

static const AaEnumInfo *enum_of_def(const IrAttrDef *d) {
  for (size_t i = 0; i < NUM_ENUMS; i++)
    if (all_enums[i]->def == d) return all_enums[i];
  return NULL;
}

static void print_enum(AsmPrinter *p, const IrAttr *a) {
  const AaEnumInfo *e = enum_of_def(a->def);
  asm_printf(p, "%s<%s>", e->mnemonic, e->cases[a->ints[0]]);
}

const IrAttr *aa_enum_attr(IrContext *ctx, const AaEnumInfo *e, int v) {
  if (v < 0 || v >= e->ncases) return NULL;
  int64_t x = v;
  IrAttr k = {.def = e->def, .nints = 1, .ints = &x};
  return ir_attr_unique(ctx, &k);
}

int aa_enum_value(const IrAttr *a, const AaEnumInfo *e) {
  return a && a->def == e->def ? (int)a->ints[0] : -1;
}

/* enum-body := `<` keyword `>` — one of the enum's cases. */
static const IrAttr *parse_enum(AsmParser *p, const AaEnumInfo *e) {
  if (!asm_parse_punct(p, ASM_LESS)) return NULL;
  AsmLoc l = asm_cur_loc(p);
  Str kw;
  if (!asm_parse_keyword_any(p, &kw)) return NULL;
  int v = -1;
  for (int i = 0; i < e->ncases; i++)
    if (str_eqz(kw, e->cases[i])) v = i;
  if (v < 0) {
    StrBuf b = {0};
    for (int i = 0; i < e->ncases; i++) sb_printf(&b, "%s%s", i ? ", " : "", e->cases[i]);
    asm_error_at(p, l, "expected %s to be one of: %s", e->mnemonic, sb_cstr(&b));
    sb_free(&b);
    return NULL;
  }
  if (!asm_parse_punct(p, ASM_GREATER)) return NULL;
  return aa_enum_attr(asm_ctx(p), e, v);
}

/* ---- compute_capability, target_spec, kernel_spec ---------------------------- */

static void print_cc(AsmPrinter *p, const IrAttr *a) {
  asm_printf(p, "compute_capability<%lld>", (long long)a->ints[0]);
}
const IrAttrDef aa_compute_capability_attr_def = {"compute_capability", "nv_tileaa",
                                                  print_cc, NULL, false};

const IrAttr *aa_compute_capability_attr(IrContext *ctx, int64_t sm) {
  IrAttr k = {.def = &aa_compute_capability_attr_def, .nints = 1, .ints = &sm};
  return ir_attr_unique(ctx, &k);
}

/* cc-body := `<` (int | `sm_`int) `>` */
static const IrAttr *parse_cc(AsmParser *p) {
  if (!asm_parse_punct(p, ASM_LESS)) return NULL;
  int64_t sm = 0;
  Str kw;
  if (asm_parse_optional_keyword_any(p, &kw)) {
    if (kw.n < 4 || memcmp(kw.s, "sm_", 3) != 0) {
      asm_error(p, "expected compute capability `N` or `sm_N`");
      return NULL;
    }
    for (size_t i = 3; i < kw.n; i++) {
      if (kw.s[i] < '0' || kw.s[i] > '9' || sm > 100000) {
        asm_error(p, "expected compute capability `N` or `sm_N`");
        return NULL;
      }
      sm = sm * 10 + (kw.s[i] - '0');
    }
  } else if (!asm_parse_integer(p, &sm)) {
    return NULL;
  }
  if (sm <= 0) {
    asm_error(p, "compute capability must be positive");
    return NULL;
  }
  if (!asm_parse_punct(p, ASM_GREATER)) return NULL;
  return aa_compute_capability_attr(asm_ctx(p), sm);
}

static void print_target_spec(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "target_spec<");
  asm_print_attr(p, a->elems[0]);
  asm_putc(p, '>');
}
static void print_kernel_spec(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "kernel_spec<");
  asm_print_attr(p, a->elems[0]);
  asm_putc(p, '>');
}
const IrAttrDef aa_target_spec_attr_def = {"target_spec", "nv_tileaa", print_target_spec,
                                           NULL, false};
const IrAttrDef aa_kernel_spec_attr_def = {"kernel_spec", "nv_tileaa", print_kernel_spec,
                                           NULL, false};

/* spec-body := `<` dictionary-attr `>` */
static const IrAttr *parse_spec(AsmParser *p, const IrAttrDef *def) {
  const IrAttr *d = NULL;
  if (!asm_parse_punct(p, ASM_LESS) || !asm_parse_attr(p, NULL, &d)) return NULL;
  if (!ir_attr_is(d, &ir_dict_attr_def)) {
    asm_error(p, "expected a dictionary attribute in %s", def->name);
    return NULL;
  }
  if (!asm_parse_punct(p, ASM_GREATER)) return NULL;
  IrAttr k = {.def = def, .nelems = 1, .elems = &d};
  return ir_attr_unique(asm_ctx(p), &k);
}

/* ---- conv_params ---------------------------------------------------------------- */

static void print_list(AsmPrinter *p, const int64_t *v, int64_t n) {
  asm_putc(p, '[');
  for (int64_t i = 0; i < n; i++) asm_printf(p, "%s%lld", i ? ", " : "", (long long)v[i]);
  asm_putc(p, ']');
}

static void print_conv_params(AsmPrinter *p, const IrAttr *a) {
  const int64_t *n = a->ints;
  asm_puts(p, "conv_params<stride = ");
  print_list(p, n + 3, n[0]);
  asm_puts(p, ", padding = ");
  print_list(p, n + 3 + n[0], n[1]);
  asm_puts(p, ", dilation = ");
  print_list(p, n + 3 + n[0] + n[1], n[2]);
  asm_putc(p, '>');
}
const IrAttrDef aa_conv_params_attr_def = {"conv_params", "nv_tileaa", print_conv_params,
                                           NULL, false};

/* `[` (int (`,` int)*)? `]` */
static bool parse_int_list(AsmParser *p, AsmI64Vec *out) {
  if (!asm_parse_punct(p, ASM_LSQUARE)) return false;
  if (asm_parse_optional_punct(p, ASM_RSQUARE)) return true;
  do {
    int64_t v;
    if (!asm_parse_integer(p, &v)) return false;
    if (out->len >= 64) return asm_error(p, "too many entries");
    vec_push(out, v);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return asm_parse_punct(p, ASM_RSQUARE);
}

/* conv-params-body := `<` (key `=` `[` ints `]`) (`,` key `=` ...)* `>`
 * key := `stride` | `padding` | `dilation` (each at most once; absent = []) */
static const IrAttr *parse_conv_params(AsmParser *p) {
  static const char *const keys[] = {"stride", "padding", "dilation", NULL};
  AsmI64Vec lists[3] = {{0}, {0}, {0}};
  bool seen[3] = {false, false, false};
  const IrAttr *a = NULL;
  bool ok = asm_parse_punct(p, ASM_LESS);
  if (ok && !asm_peek_punct(p, ASM_GREATER)) {
    do {
      int k;
      if (!(ok = asm_parse_keyword_of(p, keys, &k, "conv_params key"))) break;
      if (seen[k]) {
        ok = asm_error(p, "duplicate conv_params key '%s'", keys[k]);
        break;
      }
      seen[k] = true;
      if (!(ok = asm_parse_punct(p, ASM_EQUAL) && parse_int_list(p, &lists[k]))) break;
    } while (asm_parse_optional_punct(p, ASM_COMMA));
  }
  ok = ok && asm_parse_punct(p, ASM_GREATER);
  if (ok) {
    AsmI64Vec all = {0};
    for (int i = 0; i < 3; i++) vec_push(&all, (int64_t)lists[i].len);
    for (int i = 0; i < 3; i++)
      for (size_t j = 0; j < lists[i].len; j++) vec_push(&all, lists[i].data[j]);
    IrAttr k = {.def = &aa_conv_params_attr_def, .nints = (uint32_t)all.len, .ints = all.data};
    a = ir_attr_unique(asm_ctx(p), &k);
    vec_free(&all);
  }
  for (int i = 0; i < 3; i++) vec_free(&lists[i]);
  return a;
}

/* ---- assumption predicates -------------------------------------------------------- */

static void print_div_by(AsmPrinter *p, const IrAttr *a) {
  asm_printf(p, "div_by<%lld", (long long)a->ints[0]);
  if (a->flags & 1) asm_printf(p, ", every %lld", (long long)a->ints[1]);
  if (a->flags & 2) asm_printf(p, "%s along %lld", (a->flags & 1) ? "" : ",",
                               (long long)a->ints[2]);
  asm_putc(p, '>');
}
static void print_bounded(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "bounded<");
  if (a->flags & 1) asm_printf(p, "%lld", (long long)a->ints[0]);
  else asm_putc(p, '?');
  if (a->flags & 2) asm_printf(p, ", %lld>", (long long)a->ints[1]);
  else asm_puts(p, ", ?>");
}
static void print_same_elements(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "same_elements<");
  print_list(p, a->ints, a->nints);
  asm_putc(p, '>');
}
const IrAttrDef aa_div_by_attr_def = {"div_by", "nv_tileaa", print_div_by, NULL, false};
const IrAttrDef aa_bounded_attr_def = {"bounded", "nv_tileaa", print_bounded, NULL, false};
const IrAttrDef aa_same_elements_attr_def = {"same_elements", "nv_tileaa",
                                             print_same_elements, NULL, false};

/* div-by-body := `<` int (`,` (`every` int)? (`along` int)?)? `>` */
static const IrAttr *parse_div_by(AsmParser *p) {
  int64_t v[3] = {0, 0, 0};
  uint32_t flags = 0;
  if (!asm_parse_punct(p, ASM_LESS) || !asm_parse_integer(p, &v[0])) return NULL;
  if (asm_parse_optional_punct(p, ASM_COMMA)) {
    if (asm_parse_optional_keyword(p, "every")) {
      if (!asm_parse_integer(p, &v[1])) return NULL;
      flags |= 1;
    }
    if (asm_parse_optional_keyword(p, "along")) {
      if (!asm_parse_integer(p, &v[2])) return NULL;
      flags |= 2;
    }
    if (!flags) {
      asm_error(p, "expected 'every' or 'along'");
      return NULL;
    }
  }
  if (!asm_parse_punct(p, ASM_GREATER)) return NULL;
  IrAttr k = {.def = &aa_div_by_attr_def, .flags = flags, .nints = 3, .ints = v};
  return ir_attr_unique(asm_ctx(p), &k);
}

/* bounded-body := `<` (int | `?`) `,` (int | `?`) `>` */
static const IrAttr *parse_bounded(AsmParser *p) {
  int64_t v[2] = {0, 0};
  uint32_t flags = 0;
  if (!asm_parse_punct(p, ASM_LESS)) return NULL;
  for (int i = 0; i < 2; i++) {
    if (i && !asm_parse_punct(p, ASM_COMMA)) return NULL;
    if (asm_parse_optional_punct(p, ASM_QUESTION)) continue;
    if (!asm_parse_integer(p, &v[i])) return NULL;
    flags |= 1u << i;
  }
  if (!asm_parse_punct(p, ASM_GREATER)) return NULL;
  IrAttr k = {.def = &aa_bounded_attr_def, .flags = flags, .nints = 2, .ints = v};
  return ir_attr_unique(asm_ctx(p), &k);
}

/* same-elements-body := `<` `[` ints `]` `>` */
static const IrAttr *parse_same_elements(AsmParser *p) {
  AsmI64Vec v = {0};
  const IrAttr *a = NULL;
  if (asm_parse_punct(p, ASM_LESS) && parse_int_list(p, &v) && asm_parse_punct(p, ASM_GREATER)) {
    IrAttr k = {.def = &aa_same_elements_attr_def, .nints = (uint32_t)v.len, .ints = v.data};
    a = ir_attr_unique(asm_ctx(p), &k);
  }
  vec_free(&v);
  return a;
}

/* ---- dispatch ------------------------------------------------------------------ */

/* attr := enum | compute_capability | compute `-` capability (legacy)
 *       | target_spec | kernel_spec | conv_params | div_by | bounded
 *       | same_elements   (each followed by its body) */
const IrAttr *aa_parse_attr_mnemonic(AsmParser *p, Str m, const IrType *type) {
  (void)type;
  for (size_t i = 0; i < NUM_ENUMS; i++)
    if (str_eqz(m, all_enums[i]->mnemonic)) return parse_enum(p, all_enums[i]);
  if (str_eqz(m, "compute_capability")) return parse_cc(p);
  if (str_eqz(m, "compute") && asm_peek_punct(p, ASM_MINUS)) {
    /* Legacy spelling `compute-capability`: the same attribute. */
    if (!asm_parse_punct(p, ASM_MINUS) || !asm_parse_keyword(p, "capability")) return NULL;
    return parse_cc(p);
  }
  if (str_eqz(m, "target_spec")) return parse_spec(p, &aa_target_spec_attr_def);
  if (str_eqz(m, "kernel_spec")) return parse_spec(p, &aa_kernel_spec_attr_def);
  if (str_eqz(m, "conv_params")) return parse_conv_params(p);
  if (str_eqz(m, "div_by")) return parse_div_by(p);
  if (str_eqz(m, "bounded")) return parse_bounded(p);
  if (str_eqz(m, "same_elements")) return parse_same_elements(p);
  asm_error(p, "unknown attribute `%.*s` in dialect `nv_tileaa`", (int)m.n, m.s);
  return NULL;
}

/* ---- target lookup ---------------------------------------------------------------- */

static int64_t sm_of(IrContext *ctx, const IrAttr *a) {
  if (!a) return 0;
  if (a->def == &aa_compute_capability_attr_def) return a->ints[0];
  if (ir_attr_is(a, &ir_integer_attr_def)) return a->ints[0];
  if (a->def == &aa_target_spec_attr_def) {
    int64_t s = sm_of(ctx, ir_dict_getz(ctx, a->elems[0], "compute_capability"));
    return s ? s : sm_of(ctx, ir_dict_getz(ctx, a->elems[0], "compute-capability"));
  }
  return 0;
}

int64_t aa_target_sm(IrOp *op) {
  static const char *const names[] = {
      "compute_capability", "nv_tileaa.compute_capability", "compute-capability",
      "nv_tileaa.compute-capability", "target_spec", "nv_tileaa.target_spec",
      "nv_tileaa.target", NULL};
  for (IrOp *o = op; o; o = ir_op_parent_op(o))
    for (int i = 0; names[i]; i++) {
      int64_t s = sm_of(ir_op_context(o), ir_op_attrz(o, names[i]));
      if (s) return s;
    }
  return 0;
}

/* ---- the dialect ------------------------------------------------------------------- */

static const IrType *parse_type_hook(AsmParser *p, Str m) { return aa_parse_type_mnemonic(p, m); }
static const IrAttr *parse_attr_hook(AsmParser *p, Str m, const IrType *t) {
  return aa_parse_attr_mnemonic(p, m, t);
}

const IrDialect aa_dialect = {
    .name = "nv_tileaa",
    .ops = aa_op_infos,
    .nops = AA_OP_COUNT,
    .parse_type = parse_type_hook,
    .parse_attr = parse_attr_hook,
    .canonicalize = aa_add_canonicalization_patterns,
};
