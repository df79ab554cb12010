/* attrs_debuginfo.c — cuda_tile debug info: di_file, di_compile_unit,
 * di_lexical_block, di_subprogram (scopes, printed through `#di_*` aliases)
 * and di_loc (a location carrying a scope: `loc(#cuda_tile.di_loc<LOC in
 * #di_subprogram>)`).  The struct-form attributes accept their parameters in
 * any order, as ODS's `struct(params)` directive does. */
#include "dialect/cuda_tile/ct_types.h"

/* ---- printing -------------------------------------------------------------- */

void ct_print_attr_param(AsmPrinter *p, const IrAttr *a) { asm_print_attr(p, a); }

static const char *alias_di(const IrAttr *a) { return a->def->name; }

static void print_di_file(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "di_file<");
  asm_print_attr(p, a->elems[0]);
  asm_puts(p, " in ");
  asm_print_attr(p, a->elems[1]);
  asm_putc(p, '>');
}

static void print_di_compile_unit(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "di_compile_unit<file = ");
  ct_print_attr_param(p, a->elems[0]);
  asm_putc(p, '>');
}

static void print_di_lexical_block(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "di_lexical_block<scope = ");
  ct_print_attr_param(p, a->elems[0]);
  asm_puts(p, ", file = ");
  ct_print_attr_param(p, a->elems[1]);
  asm_printf(p, ", line = %u", (unsigned)a->ints[0]);
  if (a->ints[1]) asm_printf(p, ", column = %u", (unsigned)a->ints[1]);
  asm_putc(p, '>');
}

static void print_di_subprogram(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "di_subprogram<file = ");
  ct_print_attr_param(p, a->elems[0]);
  asm_printf(p, ", line = %u, name = ", (unsigned)a->ints[0]);
  asm_print_attr(p, a->elems[1]);
  asm_puts(p, ", linkageName = ");
  asm_print_attr(p, a->elems[2]);
  asm_puts(p, ", compileUnit = ");
  ct_print_attr_param(p, a->elems[3]);
  if (a->ints[1]) asm_printf(p, ", scopeLine = %u", (unsigned)a->ints[1]);
  asm_putc(p, '>');
}

static void print_di_loc(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "di_loc<");
  asm_print_attr(p, a->elems[0]);
  asm_puts(p, " in ");
  asm_print_attr(p, a->elems[1]);
  asm_putc(p, '>');
}

const IrAttrDef ct_di_file_attr_def = {.name = "di_file", .dialect = "cuda_tile",
                                       .print = print_di_file, .alias = alias_di};
const IrAttrDef ct_di_compile_unit_attr_def = {.name = "di_compile_unit",
                                               .dialect = "cuda_tile",
                                               .print = print_di_compile_unit,
                                               .alias = alias_di};
const IrAttrDef ct_di_lexical_block_attr_def = {.name = "di_lexical_block",
                                                .dialect = "cuda_tile",
                                                .print = print_di_lexical_block,
                                                .alias = alias_di};
const IrAttrDef ct_di_subprogram_attr_def = {.name = "di_subprogram", .dialect = "cuda_tile",
                                             .print = print_di_subprogram, .alias = alias_di};
const IrAttrDef ct_di_loc_attr_def = {.name = "di_loc", .dialect = "cuda_tile",
                                      .print = print_di_loc, .is_location = true};

/* ---- constructors -------------------------------------------------------------- */

const IrAttr *ct_di_file_attr(IrContext *ctx, const IrAttr *name, const IrAttr *dir) {
  const IrAttr *e[2] = {name, dir};
  return ir_attr_unique(ctx, &(IrAttr){.def = &ct_di_file_attr_def, .nelems = 2, .elems = e});
}

const IrAttr *ct_di_compile_unit_attr(IrContext *ctx, const IrAttr *file) {
  return ir_attr_unique(ctx, &(IrAttr){.def = &ct_di_compile_unit_attr_def, .nelems = 1,
                                       .elems = &file});
}

const IrAttr *ct_di_lexical_block_attr(IrContext *ctx, const IrAttr *scope,
                                       const IrAttr *file, uint32_t line, uint32_t column) {
  const IrAttr *e[2] = {scope, file};
  int64_t v[2] = {line, column};
  return ir_attr_unique(ctx, &(IrAttr){.def = &ct_di_lexical_block_attr_def, .nelems = 2,
                                       .elems = e, .nints = 2, .ints = v});
}

const IrAttr *ct_di_subprogram_attr(IrContext *ctx, const IrAttr *file, uint32_t line,
                                    const IrAttr *name, const IrAttr *linkage_name,
                                    const IrAttr *compile_unit, uint32_t scope_line) {
  const IrAttr *e[4] = {file, name, linkage_name, compile_unit};
  int64_t v[2] = {line, scope_line};
  return ir_attr_unique(ctx, &(IrAttr){.def = &ct_di_subprogram_attr_def, .nelems = 4,
                                       .elems = e, .nints = 2, .ints = v});
}

const IrLoc *ct_di_loc(IrContext *ctx, const IrLoc *source_loc, const IrAttr *scope) {
  const IrAttr *e[2] = {source_loc, scope};
  return ir_attr_unique(ctx, &(IrAttr){.def = &ct_di_loc_attr_def, .nelems = 2, .elems = e});
}

/* ---- queries -------------------------------------------------------------------- */

const IrAttr *ct_di_loc_find(const IrLoc *loc) {
  for (unsigned guard = 0; loc && guard < 100000; guard++) {
    if (loc->def == &ct_di_loc_attr_def) return loc;
    if (loc->def == &ir_callsite_loc_def) loc = loc->elems[1];
    else if (loc->def == &ir_name_loc_def) loc = loc->nelems ? loc->elems[0] : NULL;
    else if (loc->def == &ir_opaque_loc_def) loc = loc->nelems ? loc->elems[0] : NULL;
    else if (loc->def == &ir_fused_loc_def) {
      uint32_t n = loc->nelems - ((loc->flags & 1) ? 1 : 0);
      for (uint32_t i = 0; i < n; i++) {
        const IrAttr *d = ct_di_loc_find(loc->elems[i]);
        if (d) return d;
      }
      return NULL;
    } else return NULL;
  }
  return NULL;
}

const IrAttr *ct_di_subprogram_of(const IrAttr *scope) {
  while (scope) {
    if (scope->def == &ct_di_subprogram_attr_def) return scope;
    if (scope->def != &ct_di_lexical_block_attr_def) return NULL;
    scope = scope->elems[0];
  }
  return NULL;
}

/* ---- parsing -------------------------------------------------------------------- */

typedef enum FieldKind { F_FILE, F_CU, F_SCOPE, F_STRING, F_UNSIGNED, F_LOC } FieldKind;

typedef struct Field {
  const char *name;
  FieldKind kind;
  bool optional;   /* unsigned defaulting to 0 */
} Field;

static const char *const field_cpp[] = {[F_FILE] = "DIFileAttr",
                                        [F_CU] = "DICompileUnitAttr",
                                        [F_SCOPE] = "DILocalScopeAttr",
                                        [F_STRING] = "StringAttr",
                                        [F_UNSIGNED] = "unsigned",
                                        [F_LOC] = "FileLineColLoc"};

static const IrAttr *parse_di_file_body(AsmParser *p);
static const IrAttr *parse_struct_attr(AsmParser *p, const IrAttrDef *def);

static bool kind_accepts(FieldKind k, const IrAttr *a) {
  switch (k) {
  case F_FILE: return a->def == &ct_di_file_attr_def;
  case F_CU: return a->def == &ct_di_compile_unit_attr_def;
  case F_SCOPE: return ct_attr_is_di_local_scope(a);
  case F_STRING: return a->def == &ir_string_attr_def;
  case F_LOC: return a->def == &ir_file_loc_def;
  default: return false;
  }
}

/* One parameter value.  Attribute-typed parameters with their own syntax
 * (file, compileUnit) also accept the stripped body (`<"f" in "d">`), as
 * parseCustomAttributeWithFallback does; the rest take a full attribute. */
static bool parse_field(AsmParser *p, const Field *f, const char *ods,
                        const IrAttr **attr, int64_t *num) {
  AsmLoc l = asm_cur_loc(p);
  bool ok;
  if (f->kind == F_UNSIGNED) {
    ok = asm_parse_integer(p, num);
    if (ok && (*num < 0 || *num > (int64_t)UINT32_MAX))
      ok = asm_error_at(p, l, "integer value too large");
  } else if ((f->kind == F_FILE || f->kind == F_CU) && !(l.ptr && l.ptr[0] == '#')) {
    if (!ct_parse_enter(p)) return false;
    *attr = f->kind == F_FILE ? parse_di_file_body(p)
                              : parse_struct_attr(p, &ct_di_compile_unit_attr_def);
    ct_parse_leave(p);
    ok = *attr != NULL;
  } else {
    ok = asm_parse_attr(p, NULL, attr);
    if (ok && !kind_accepts(f->kind, *attr))
      ok = asm_error_at(p, l, "invalid kind of attribute specified");
  }
  if (!ok)
    return asm_error(p, "failed to parse %s parameter '%s' which is to be a `%s`", ods,
                     f->name, field_cpp[f->kind]);
  return true;
}

static const Field cu_fields[] = {{"file", F_FILE, false}};
static const Field block_fields[] = {{"scope", F_SCOPE, false},
                                     {"file", F_FILE, false},
                                     {"line", F_UNSIGNED, false},
                                     {"column", F_UNSIGNED, true}};
static const Field subprogram_fields[] = {
    {"file", F_FILE, false},          {"line", F_UNSIGNED, false},
    {"name", F_STRING, false},        {"linkageName", F_STRING, false},
    {"compileUnit", F_CU, false},     {"scopeLine", F_UNSIGNED, true}};

/* `= value` of the struct parameter `key` (already read): a parameter not
 * yet seen, its value parsed into attrs[i] / nums[i]. */
static bool parse_struct_param(AsmParser *p, Str key, const Field *fields, size_t nf,
                               const char *ods, bool *seen, const IrAttr **attrs,
                               int64_t *nums) {
  size_t i = 0;
  while (i < nf && (seen[i] || !str_eqz(key, fields[i].name))) i++;
  if (!asm_parse_punct(p, ASM_EQUAL)) return false;
  if (i == nf)
    return asm_error(p, "duplicate or unknown struct parameter name: %.*s", (int)key.n, key.s);
  seen[i] = true;
  return parse_field(p, &fields[i], ods, &attrs[i], &nums[i]);
}

/* struct-body := `<` (name `=` value (`,` name `=` value)*)? `>` — each
 * parameter at most once, in any order; required ones must appear. */
static const IrAttr *parse_struct_attr(AsmParser *p, const IrAttrDef *def) {
  const Field *fields;
  size_t nf;
  const char *ods;
  if (def == &ct_di_compile_unit_attr_def) {
    fields = cu_fields, nf = 1, ods = "CudaTile_DICompileUnitAttr";
  } else if (def == &ct_di_lexical_block_attr_def) {
    fields = block_fields, nf = 4, ods = "CudaTile_DILexicalBlockAttr";
  } else {
    fields = subprogram_fields, nf = 6, ods = "CudaTile_DISubprogramAttr";
  }
  const IrAttr *attrs[6] = {0};
  int64_t nums[6] = {0};
  bool seen[6] = {0};
  if (!asm_parse_punct(p, ASM_LESS)) return NULL;
  bool any_optional = false;
  for (size_t i = 0; i < nf; i++) any_optional |= fields[i].optional;
  Str key;
  if (!any_optional) {
    /* All parameters required: ODS reads exactly nf `name = value` pairs. */
    for (size_t k = 0; k < nf; k++) {
      if (!ct_parse_optional_word(p, &key)) {
        asm_error(p, "expected valid keyword");
        asm_error(p, "expected a parameter name in struct");
        return NULL;
      }
      if (!parse_struct_param(p, key, fields, nf, ods, seen, attrs, nums)) return NULL;
      if (k + 1 < nf && !asm_parse_punct(p, ASM_COMMA)) return NULL;
    }
  } else if (ct_parse_optional_word(p, &key)) {
    for (;;) {
      if (!parse_struct_param(p, key, fields, nf, ods, seen, attrs, nums)) return NULL;
      if (!asm_parse_optional_punct(p, ASM_COMMA)) break;
      if (!ct_parse_optional_word(p, &key)) {
        asm_error(p, "expected a parameter name in struct");
        return NULL;
      }
    }
  }
  for (size_t i = 0; i < nf; i++)
    if (!seen[i] && !fields[i].optional) {
      asm_error(p, "struct is missing required parameter: %s", fields[i].name);
      return NULL;
    }
  if (!asm_parse_punct(p, ASM_GREATER)) return NULL;
  IrContext *ctx = asm_ctx(p);
  if (def == &ct_di_compile_unit_attr_def) return ct_di_compile_unit_attr(ctx, attrs[0]);
  if (def == &ct_di_lexical_block_attr_def)
    return ct_di_lexical_block_attr(ctx, attrs[0], attrs[1], (uint32_t)nums[2],
                                    (uint32_t)nums[3]);
  return ct_di_subprogram_attr(ctx, attrs[0], (uint32_t)nums[1], attrs[2], attrs[3],
                               attrs[4], (uint32_t)nums[5]);
}

/* A full attribute of a given kind, for the `<A in B>` forms. */
static bool parse_param(AsmParser *p, FieldKind k, const char *name, const char *ods,
                        const IrAttr **out) {
  Field f = {name, k, false};
  int64_t unused;
  return parse_field(p, &f, ods, out, &unused);
}

/* di-file-body := `<` string `in` string `>` */
static const IrAttr *parse_di_file_body(AsmParser *p) {
  const IrAttr *name, *dir;
  if (!asm_parse_punct(p, ASM_LESS) ||
      !parse_param(p, F_STRING, "name", "CudaTile_DIFileAttr", &name) ||
      !asm_parse_keyword(p, "in") ||
      !parse_param(p, F_STRING, "directory", "CudaTile_DIFileAttr", &dir) ||
      !asm_parse_punct(p, ASM_GREATER))
    return NULL;
  return ct_di_file_attr(asm_ctx(p), name, dir);
}

/* di-loc-body := `<` file-line-col-loc `in` local-scope `>` */
static const IrAttr *parse_di_loc_body(AsmParser *p) {
  const IrAttr *loc, *scope;
  if (!asm_parse_punct(p, ASM_LESS) ||
      !parse_param(p, F_LOC, "sourceLoc", "CudaTile_DILocAttr", &loc) ||
      !asm_parse_keyword(p, "in") ||
      !parse_param(p, F_SCOPE, "scope", "CudaTile_DILocAttr", &scope) ||
      !asm_parse_punct(p, ASM_GREATER))
    return NULL;
  return ct_di_loc(asm_ctx(p), loc, scope);
}

const IrAttr *ct_parse_di_body(AsmParser *p, Str m) {
  if (str_eqz(m, "di_file")) return parse_di_file_body(p);
  if (str_eqz(m, "di_loc")) return parse_di_loc_body(p);
  if (str_eqz(m, "di_compile_unit")) return parse_struct_attr(p, &ct_di_compile_unit_attr_def);
  if (str_eqz(m, "di_lexical_block"))
    return parse_struct_attr(p, &ct_di_lexical_block_attr_def);
  if (str_eqz(m, "di_subprogram")) return parse_struct_attr(p, &ct_di_subprogram_attr_def);
  return NULL;
}
