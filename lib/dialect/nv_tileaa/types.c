/* types.c — the nv_tileaa types (seed 000 "Type Surface"): defs with their
 * print hooks, uniqued constructors keyed exactly on the seed's uniquer keys,
 * accessors, and the parser of type bodies.
 *
 *   !nv_tileaa.ptr<f32, 1>                      (pointee, address space)
 *   !nv_tileaa.program_id, !nv_tileaa.mem_token  (parameterless: one
 *                                                 canonical instance each)
 *   !nv_tileaa.queue<tile<16xf32>, i32, isolated>
 *   !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1], alias_scope = 7>
 *   !nv_tileaa.tiled_view<128x32, !nv_tileaa.memref<?x?xf16, 1>, layout = #a>
 *   !nv_tileaa.tile<128x!nv_tileaa.ptr<f16, 1>>  (`tile<...>` in op syntax)
 *
 * The uniquer interns every payload array with the storage, so pointer
 * identity is type identity; program_id and mem_token are additionally
 * cached in the dialect's per-context state so repeated queries return the
 * same pointer without hashing. */
#include "dialect/nv_tileaa/aa.h"

/* ---- printing ------------------------------------------------------------- */

static void print_dims(AsmPrinter *p, const int64_t *d, size_t n, bool trailing_x) {
  for (size_t i = 0; i < n; i++) {
    if (d[i] == IR_DYNAMIC) asm_putc(p, '?');
    else asm_printf(p, "%lld", (long long)d[i]);
    if (i + 1 < n || trailing_x) asm_putc(p, 'x');
  }
}

/* Prints t as op syntax shows it: nv_tileaa types with their full
 * `!nv_tileaa.` prefix except tiles (`tile<...>`), others as MLIR does. */
void aa_print_type(AsmPrinter *p, const IrType *t) {
  if (aa_is_tile(t)) {
    t->def->print(p, t);
  } else if (t && aa_type_is_dialect(t)) {
    asm_puts(p, "!nv_tileaa.");
    t->def->print(p, t);
  } else {
    asm_print_type(p, t);
  }
}

void aa_print_types(AsmPrinter *p, const IrType *const *ts, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) asm_puts(p, ", ");
    aa_print_type(p, ts[i]);
  }
}

static void print_tile(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "tile<");
  print_dims(p, t->ints, t->nints, true);
  aa_print_type(p, t->types[0]);
  asm_putc(p, '>');
}

static void print_ptr(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "ptr<");
  aa_print_type(p, t->types[0]);
  asm_printf(p, ", %lld>", (long long)t->ints[0]);
}

static void print_program_id(AsmPrinter *p, const IrType *t) {
  (void)t;
  asm_puts(p, "program_id");
}

static void print_mem_token(AsmPrinter *p, const IrType *t) {
  (void)t;
  asm_puts(p, "mem_token");
}

static void print_queue(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "queue<");
  aa_print_types(p, t->types, t->ntypes);
  if (t->flags) asm_puts(p, t->ntypes ? ", isolated" : "isolated");
  asm_putc(p, '>');
}

static void print_memref(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "memref<");
  print_dims(p, aa_memref_shape(t), aa_memref_rank(t), true);
  aa_print_type(p, aa_memref_elem(t));
  asm_printf(p, ", %lld", (long long)aa_memref_space(t));
  size_t ns = aa_memref_num_strides(t);
  if (ns) {
    asm_puts(p, ", strides = [");
    const int64_t *s = aa_memref_strides(t);
    for (size_t i = 0; i < ns; i++) {
      if (i) asm_puts(p, ", ");
      if (s[i] == IR_DYNAMIC) asm_putc(p, '?');
      else asm_printf(p, "%lld", (long long)s[i]);
    }
    asm_putc(p, ']');
  }
  if (aa_memref_alias_scope(t) >= 0)
    asm_printf(p, ", alias_scope = %lld", (long long)aa_memref_alias_scope(t));
  asm_putc(p, '>');
}

static void print_tiled_view(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "tiled_view<");
  print_dims(p, t->ints, t->nints, false);
  if (t->nints) asm_puts(p, ", ");
  aa_print_type(p, t->types[0]);
  if (t->attr) {
    asm_puts(p, ", layout = ");
    asm_print_attr(p, t->attr);
  }
  asm_putc(p, '>');
}

const IrTypeDef aa_tile_type_def = {"tile", "nv_tileaa", print_tile, true};
const IrTypeDef aa_ptr_type_def = {"ptr", "nv_tileaa", print_ptr, false};
const IrTypeDef aa_program_id_type_def = {"program_id", "nv_tileaa", print_program_id, false};
const IrTypeDef aa_mem_token_type_def = {"mem_token", "nv_tileaa", print_mem_token, false};
const IrTypeDef aa_queue_type_def = {"queue", "nv_tileaa", print_queue, false};
const IrTypeDef aa_memref_type_def = {"memref", "nv_tileaa", print_memref, false};
const IrTypeDef aa_tiled_view_type_def = {"tiled_view", "nv_tileaa", print_tiled_view, false};

bool aa_type_is_dialect(const IrType *t) {
  return t && t->def && t->def->dialect && !strcmp(t->def->dialect, "nv_tileaa");
}

/* ---- constructors ---------------------------------------------------------- */

const IrType *aa_tile_type(IrContext *ctx, const int64_t *shape, size_t rank,
                           const IrType *elem) {
  IrType k = {.def = &aa_tile_type_def, .nints = (uint32_t)rank, .ints = shape,
              .ntypes = 1, .types = &elem};
  return ir_type_unique(ctx, &k);
}

const IrType *aa_ptr_type(IrContext *ctx, const IrType *pointee, int64_t space) {
  IrType k = {.def = &aa_ptr_type_def, .nints = 1, .ints = &space, .ntypes = 1,
              .types = &pointee};
  return ir_type_unique(ctx, &k);
}

/* Per-context cache of the two parameterless types. */
typedef struct AaTypeCache {
  const IrType *program_id, *mem_token;
} AaTypeCache;

static AaTypeCache *type_cache(IrContext *ctx) {
  return ir_ctx_zeroed_state(ctx, "nv_tileaa.types", sizeof(AaTypeCache));
}

const IrType *aa_program_id_type(IrContext *ctx) {
  AaTypeCache *c = type_cache(ctx);
  if (!c->program_id) {
    IrType k = {.def = &aa_program_id_type_def};
    c->program_id = ir_type_unique(ctx, &k);
  }
  return c->program_id;
}

const IrType *aa_mem_token_type(IrContext *ctx) {
  AaTypeCache *c = type_cache(ctx);
  if (!c->mem_token) {
    IrType k = {.def = &aa_mem_token_type_def};
    c->mem_token = ir_type_unique(ctx, &k);
  }
  return c->mem_token;
}

const IrType *aa_queue_type(IrContext *ctx, const IrType *const *types, size_t n,
                            bool isolated) {
  IrType k = {.def = &aa_queue_type_def, .flags = isolated ? 1u : 0u,
              .ntypes = (uint32_t)n, .types = types};
  return ir_type_unique(ctx, &k);
}

const IrType *aa_memref_type(IrContext *ctx, const IrType *elem, const int64_t *shape,
                             size_t rank, const int64_t *strides, size_t nstrides,
                             int64_t space, int64_t alias_scope) {
  size_t n = 2 + rank + nstrides;
  int64_t *ints = xmalloc(n * sizeof *ints);
  ints[0] = space;
  ints[1] = alias_scope < 0 ? -1 : alias_scope;
  if (rank) memcpy(ints + 2, shape, rank * sizeof *ints);
  if (nstrides) memcpy(ints + 2 + rank, strides, nstrides * sizeof *ints);
  IrType k = {.def = &aa_memref_type_def, .flags = (uint32_t)rank, .nints = (uint32_t)n,
              .ints = ints, .ntypes = 1, .types = &elem};
  const IrType *t = ir_type_unique(ctx, &k);
  free(ints);
  return t;
}

const IrType *aa_tiled_view_type(IrContext *ctx, const IrType *source,
                                 const int64_t *shape, size_t rank, const IrAttr *layout) {
  IrType k = {.def = &aa_tiled_view_type_def, .nints = (uint32_t)rank, .ints = shape,
              .ntypes = 1, .types = &source, .attr = layout};
  return ir_type_unique(ctx, &k);
}

/* Tile elements: cuda_tile's numeric element types (its float palette and
 * integers, here of any signedness), index, and nv_tileaa pointers. */
bool aa_tile_elem_ok(const IrType *e) {
  return ir_type_is_integer(e) || ir_type_is_index(e) || ir_type_is_tile_float(e) ||
         aa_is_ptr(e);
}

/* ---- accessors -------------------------------------------------------------- */

size_t aa_rank(const IrType *t) {
  if (aa_is_tile(t) || ir_type_is(t, &ir_tensor_type_def)) return t->nints;
  return 0;
}
const int64_t *aa_shape(const IrType *t) {
  if (aa_is_tile(t) || ir_type_is(t, &ir_tensor_type_def)) return t->ints;
  return NULL;
}
const IrType *aa_elem(const IrType *t) {
  if (aa_is_tile(t) || ir_type_is(t, &ir_tensor_type_def)) return t->types[0];
  return t;
}

/* ---- parsing ----------------------------------------------------------------- */



bool aa_parse_type(AsmParser *p, const IrType **out) { return asm_parse_type(p, out); }

/* tile := `<` (dim `x`)* type `>` */
static const IrType *parse_tile(AsmParser *p) {
  AsmI64Vec dims = {0};
  const IrType *elem = NULL, *t = NULL;
  AsmLoc l = asm_cur_loc(p);
  if (asm_parse_punct(p, ASM_LESS) && asm_parse_dimension_list(p, &dims, false, true) &&
      asm_parse_type(p, &elem) && asm_parse_punct(p, ASM_GREATER)) {
    bool ok = true;
    for (size_t i = 0; i < dims.len && ok; i++)
      if (dims.data[i] < 0) ok = asm_error_at(p, l, "tile dimensions must be non-negative");
    if (ok && !aa_tile_elem_ok(elem)) {
      StrBuf b = {0};
      asm_print_type_str(&b, elem);
      ok = asm_error_at(p, l, "invalid tile element type %s", sb_cstr(&b));
      sb_free(&b);
    }
    if (ok) t = aa_tile_type(asm_ctx(p), dims.data, dims.len, elem);
  }
  vec_free(&dims);
  return t;
}

/* ptr := `<` type (`,` int)? `>`   (address space defaults to 1) */
static const IrType *parse_ptr(AsmParser *p) {
  const IrType *elem = NULL;
  int64_t space = 1;
  if (!asm_parse_punct(p, ASM_LESS) || !asm_parse_type(p, &elem)) return NULL;
  if (asm_parse_optional_punct(p, ASM_COMMA) && !asm_parse_integer(p, &space)) return NULL;
  if (!asm_parse_punct(p, ASM_GREATER)) return NULL;
  if (space < 0 || space > UINT32_MAX) {
    asm_error(p, "invalid address space %lld", (long long)space);
    return NULL;
  }
  return aa_ptr_type(asm_ctx(p), elem, space);
}

/* queue := `<` (type (`,` type)*)? (`,`? `isolated`)? `>` */
static const IrType *parse_queue(AsmParser *p) {
  IrTypeVec ts = {0};
  bool isolated = false;
  const IrType *t = NULL;
  if (!asm_parse_punct(p, ASM_LESS)) return NULL;
  bool ok = true;
  if (!asm_peek_punct(p, ASM_GREATER)) {
    do {
      if (asm_parse_optional_keyword(p, "isolated")) {
        isolated = true;
        break;
      }
      const IrType *e = NULL;
      if (!(ok = asm_parse_type(p, &e))) break;
      vec_push(&ts, e);
    } while (asm_parse_optional_punct(p, ASM_COMMA));
  }
  if (ok && asm_parse_punct(p, ASM_GREATER))
    t = aa_queue_type(asm_ctx(p), ts.data, ts.len, isolated);
  vec_free(&ts);
  return t;
}

/* stride := `?` | int */
static bool parse_int_or_q(AsmParser *p, int64_t *v) {
  if (asm_parse_optional_punct(p, ASM_QUESTION)) {
    *v = IR_DYNAMIC;
    return true;
  }
  return asm_parse_integer(p, v);
}

/* memref := `<` (dim `x`)* type `,` int (`,` `strides` `=` `[` strides `]`)?
 *           (`,` `alias_scope` `=` int)? `>` */
static const IrType *parse_memref(AsmParser *p) {
  AsmI64Vec dims = {0}, strides = {0};
  const IrType *elem = NULL, *t = NULL;
  int64_t space = 0, scope = -1;
  bool ok = asm_parse_punct(p, ASM_LESS) &&
            asm_parse_dimension_list(p, &dims, true, true) &&
            asm_parse_type(p, &elem) && asm_parse_punct(p, ASM_COMMA) &&
            asm_parse_integer(p, &space);
  while (ok && asm_parse_optional_punct(p, ASM_COMMA)) {
    if (asm_parse_optional_keyword(p, "strides")) {
      ok = asm_parse_punct(p, ASM_EQUAL) && asm_parse_punct(p, ASM_LSQUARE);
      if (ok && !asm_parse_optional_punct(p, ASM_RSQUARE)) {
        do {
          int64_t v;
          if (!(ok = parse_int_or_q(p, &v))) break;
          vec_push(&strides, v);
        } while (asm_parse_optional_punct(p, ASM_COMMA));
        ok = ok && asm_parse_punct(p, ASM_RSQUARE);
      }
    } else if (asm_parse_optional_keyword(p, "alias_scope")) {
      ok = asm_parse_punct(p, ASM_EQUAL) && asm_parse_integer(p, &scope);
      if (ok && scope < 0) ok = asm_error(p, "alias_scope must be non-negative");
    } else {
      ok = asm_error(p, "expected 'strides' or 'alias_scope'");
    }
  }
  ok = ok && asm_parse_punct(p, ASM_GREATER);
  if (ok && strides.len && strides.len != dims.len)
    ok = asm_error(p, "memref expects %zu strides, but got %zu", dims.len, strides.len);
  if (ok && (space < 0 || space > UINT32_MAX)) ok = asm_error(p, "invalid address space");
  if (ok)
    t = aa_memref_type(asm_ctx(p), elem, dims.data, dims.len, strides.data, strides.len,
                       space, scope);
  vec_free(&dims);
  vec_free(&strides);
  return t;
}

/* tiled_view := `<` (dim (`x` dim)* `,`)? type (`,` `layout` `=` attr)? `>` */
static const IrType *parse_tiled_view(AsmParser *p) {
  AsmI64Vec dims = {0};
  const IrType *src = NULL, *t = NULL;
  const IrAttr *layout = NULL;
  bool ok = asm_parse_punct(p, ASM_LESS);
  if (ok && (asm_peek_integer(p) || asm_peek_punct(p, ASM_QUESTION)))
    ok = asm_parse_dimension_list(p, &dims, true, false) &&
         asm_parse_punct(p, ASM_COMMA);
  ok = ok && asm_parse_type(p, &src);
  if (ok && asm_parse_optional_punct(p, ASM_COMMA))
    ok = asm_parse_keyword(p, "layout") && asm_parse_punct(p, ASM_EQUAL) &&
         asm_parse_attr(p, NULL, &layout);
  ok = ok && asm_parse_punct(p, ASM_GREATER);
  if (ok) t = aa_tiled_view_type(asm_ctx(p), src, dims.data, dims.len, layout);
  vec_free(&dims);
  return t;
}

/* The dialect's parse_type hook: the body after `!nv_tileaa.<mnemonic>` (or
 * the short form inside nv_tileaa op syntax). */
const IrType *aa_parse_type_mnemonic(AsmParser *p, Str m) {
  if (str_eqz(m, "program_id")) return aa_program_id_type(asm_ctx(p));
  if (str_eqz(m, "mem_token")) return aa_mem_token_type(asm_ctx(p));
  /* one level of the parser's nesting count (ASM_MAX_NESTING_DEPTH) */
  if (!asm_nesting_enter(p)) return NULL;
  const IrType *t = NULL;
  if (str_eqz(m, "tile")) t = parse_tile(p);
  else if (str_eqz(m, "ptr")) t = parse_ptr(p);
  else if (str_eqz(m, "queue")) t = parse_queue(p);
  else if (str_eqz(m, "memref")) t = parse_memref(p);
  else if (str_eqz(m, "tiled_view")) t = parse_tiled_view(p);
  else asm_error(p, "unknown type `%.*s` in dialect `nv_tileaa`", (int)m.n, m.s);
  asm_nesting_leave(p);
  return t;
}
