/* types.c — the cuda_tile types: defs with their print hooks, uniqued
 * constructors, element-class predicates, the verifiers (NVIDIA's exact
 * messages) and accessors.  Parsing lives in types_parse.c.
 *
 * Every verifier follows MLIR's verifyInvariants order: first the ODS
 * parameter constraints ("failed to verify 'elementType': ..."), then the
 * type's own verify().  The tile element constraint uses the seed's message
 * (shared/seed-diagnostics.tsv, "tile type element predicate"): it describes
 * the same rejection as NVIDIA's current text, and the seed wins.  The
 * palette itself is NVIDIA's current one (it also accepts f8E8M0FNU,
 * f4E2M1FN and i4), since accepting those is a different condition. */
#include "dialect/cuda_tile/ct_types.h"

#include <stdio.h>

/* ---- diagnostics ---------------------------------------------------------- */

static void fmt_ext(StrBuf *b, char conv, va_list *ap, void *user) {
  (void)user;
  if (conv == 'T') {
    const IrType *t = va_arg(*ap, const IrType *);
    if (!t) sb_puts(b, "<<NULL TYPE>>");
    else asm_print_type_str(b, t);
  } else {
    const IrAttr *a = va_arg(*ap, const IrAttr *);
    if (!a) sb_puts(b, "<<NULL ATTRIBUTE>>");
    else asm_print_attr_str(b, a);
  }
}

/* Formats the message with %T/%A and routes it to the emitter's target. */
bool ct_emit_error(const CtEmitter *e, const char *fmt, ...) {
  if (!e) return false;
  StrBuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  sb_vformat(&b, fmt, &ap, "TA", fmt_ext, NULL);
  va_end(ap);
  const char *msg = sb_cstr(&b);
  if (e->parser) asm_error_at(e->parser, (AsmLoc){e->at}, "%s", msg);
  else if (e->op) ir_op_error(e->op, "%s", msg);
  else if (e->ctx) ir_error(e->ctx, e->loc, "%s", msg);
  sb_free(&b);
  return false;
}

void ct_sb_int_list(StrBuf *b, const int64_t *v, size_t n, const char *sep) {
  for (size_t i = 0; i < n; i++) {
    if (i) sb_puts(b, sep);
    if (v[i] == IR_DYNAMIC) sb_putc(b, '?');
    else sb_printf(b, "%lld", (long long)v[i]);
  }
}

/* A list as a NUL-terminated string in *b (for "%s" in messages); `?` for
 * IR_DYNAMIC only when dyn is set. */
static const char *int_list(StrBuf *b, const int64_t *v, size_t n, bool dyn) {
  sb_clear(b);
  for (size_t i = 0; i < n; i++) {
    if (i) sb_puts(b, ", ");
    if (dyn && v[i] == IR_DYNAMIC) sb_putc(b, '?');
    else sb_printf(b, "%lld", (long long)v[i]);
  }
  return sb_cstr(b);
}

/* ---- printing ------------------------------------------------------------- */

/* cuda_tile types print in short form through their (pure) printers,
 * memoized: the same few types repeat on every op. */
void ct_print_type(AsmPrinter *p, const IrType *t) {
  /* tiles first: most op types are (one compare instead of eight) */
  if (t && (t->def == &ct_tile_type_def || ct_type_is_dialect(t)) && t->def->print)
    asm_print_type_memo(p, t, t->def->print);
  else asm_print_type(p, t);
}

void ct_print_type_list(AsmPrinter *p, const IrType *const *types, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) asm_puts(p, ", ");
    ct_print_type(p, types[i]);
  }
}

/* printDimensionList: dims joined by 'x', `?` for dynamic. */
static void print_dims(AsmPrinter *p, const int64_t *d, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) asm_putc(p, 'x');
    if (d[i] == IR_DYNAMIC) asm_putc(p, '?');
    else asm_print_int(p, d[i]);
  }
}

static void print_ints(AsmPrinter *p, const int64_t *v, size_t n, const char *sep) {
  for (size_t i = 0; i < n; i++) {
    if (i) asm_puts(p, sep);
    if (v[i] == IR_DYNAMIC) asm_putc(p, '?');
    else asm_print_int(p, v[i]);
  }
}

/* tile<4x8xf32>, tile<f32> */
static void print_tile(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "tile<");
  print_dims(p, t->ints, t->nints);
  if (t->nints) asm_putc(p, 'x');
  ct_print_type(p, t->types[0]);
  asm_putc(p, '>');
}

static void print_ptr(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "ptr<");
  ct_print_type(p, t->types[0]);
  asm_putc(p, '>');
}

static void print_token(AsmPrinter *p, const IrType *t) {
  (void)t;
  asm_puts(p, "token");
}

static void print_string(AsmPrinter *p, const IrType *t) {
  (void)t;
  asm_puts(p, "string");
}

/* tensor_view<f32>, tensor_view<?x2xf32, strides=[1,?]> */
static void print_tensor_view(AsmPrinter *p, const IrType *t) {
  size_t rank = ct_tensor_view_rank(t);
  asm_puts(p, "tensor_view<");
  print_dims(p, t->ints, rank);
  if (rank) asm_putc(p, 'x');
  ct_print_type(p, t->types[0]);
  if (rank) {
    asm_puts(p, ", strides=[");
    print_ints(p, ct_tensor_view_strides(t), ct_tensor_view_num_strides(t), ",");
    asm_putc(p, ']');
  }
  asm_putc(p, '>');
}

static void print_view_tile(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "tile=(");
  print_ints(p, ct_view_tile_shape(t), ct_view_tile_rank(t), "x");
  asm_putc(p, ')');
}

static void print_view_padding(AsmPrinter *p, const IrType *t) {
  int pad = ct_view_padding(t);
  if (pad >= 0) asm_printf(p, "padding_value = %s, ", ct_enum_keyword(&ct_enum_padding_value, pad));
}

/* `, dim_map=[1, 0]` unless the map is the identity. */
static void print_view_dim_map(AsmPrinter *p, const IrType *t) {
  const int64_t *m = ct_view_dim_map(t);
  size_t n = ct_view_dim_map_size(t);
  bool identity = true;
  for (size_t i = 0; i < n; i++)
    if (m[i] != (int64_t)i) identity = false;
  if (identity) return;
  asm_puts(p, ", dim_map=[");
  print_ints(p, m, n, ", ");
  asm_putc(p, ']');
}

static void print_partition_view(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "partition_view<");
  print_view_tile(p, t);
  asm_puts(p, ", ");
  print_view_padding(p, t);
  ct_print_type(p, ct_view_tensor_view(t));
  print_view_dim_map(p, t);
  asm_putc(p, '>');
}

static void print_strided_view(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "strided_view<");
  print_view_tile(p, t);
  asm_puts(p, ", traversal_strides=[");
  print_ints(p, ct_view_traversal_strides(t), ct_view_num_traversal_strides(t), ",");
  asm_puts(p, "], ");
  print_view_padding(p, t);
  ct_print_type(p, ct_view_tensor_view(t));
  print_view_dim_map(p, t);
  asm_putc(p, '>');
}

static void print_gather_scatter_view(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "gather_scatter_view<");
  print_view_tile(p, t);
  asm_puts(p, ", ");
  print_view_padding(p, t);
  ct_print_type(p, ct_view_tensor_view(t));
  asm_printf(p, ", sparse_dim=%u", (unsigned)ct_view_sparse_dim(t));
  asm_putc(p, '>');
}

#define CT_TYPE_DEF(var, mnemonic, printer, ...)                                  \
  const IrTypeDef var = {.name = mnemonic, .dialect = "cuda_tile", .print = printer, \
                         __VA_ARGS__}
CT_TYPE_DEF(ct_tile_type_def, "tile", print_tile, .shaped = true);
CT_TYPE_DEF(ct_ptr_type_def, "ptr", print_ptr, .shaped = false);
CT_TYPE_DEF(ct_token_type_def, "token", print_token, .shaped = false);
CT_TYPE_DEF(ct_string_type_def, "string", print_string, .shaped = false);
CT_TYPE_DEF(ct_tensor_view_type_def, "tensor_view", print_tensor_view, .shaped = false);
CT_TYPE_DEF(ct_partition_view_type_def, "partition_view", print_partition_view,
            .shaped = false);
CT_TYPE_DEF(ct_strided_view_type_def, "strided_view", print_strided_view, .shaped = false);
CT_TYPE_DEF(ct_gather_scatter_view_type_def, "gather_scatter_view",
            print_gather_scatter_view, .shaped = false);
#undef CT_TYPE_DEF

bool ct_type_is_dialect(const IrType *t) {
  if (!t) return false;
  const IrTypeDef *d = t->def;
  return d == &ct_tile_type_def || d == &ct_ptr_type_def || d == &ct_token_type_def ||
         d == &ct_string_type_def || d == &ct_tensor_view_type_def ||
         d == &ct_partition_view_type_def || d == &ct_strided_view_type_def ||
         d == &ct_gather_scatter_view_type_def;
}

/* ---- constructors --------------------------------------------------------- */

const IrType *ct_tile_type(IrContext *ctx, const int64_t *shape, size_t rank,
                           const IrType *elem) {
  return ir_type_unique(ctx, &(IrType){.def = &ct_tile_type_def, .nints = (uint32_t)rank,
                                       .ints = shape, .ntypes = 1, .types = &elem});
}

const IrType *ct_scalar_tile_type(IrContext *ctx, const IrType *elem) {
  return ct_tile_type(ctx, NULL, 0, elem);
}

const IrType *ct_ptr_type(IrContext *ctx, const IrType *pointee) {
  return ir_type_unique(ctx, &(IrType){.def = &ct_ptr_type_def, .ntypes = 1,
                                       .types = &pointee});
}

const IrType *ct_token_type(IrContext *ctx) {
  return ir_type_unique(ctx, &(IrType){.def = &ct_token_type_def});
}

const IrType *ct_string_type(IrContext *ctx) {
  return ir_type_unique(ctx, &(IrType){.def = &ct_string_type_def});
}

/* Concatenates up to three int64 arrays (with an optional 2-word header)
 * into a malloc'd buffer. */
static int64_t *concat_ints(const int64_t *hdr, size_t nh, const int64_t *a, size_t na,
                            const int64_t *b, size_t nb, const int64_t *c, size_t nc,
                            size_t *total) {
  size_t n = nh + na + nb + nc;
  int64_t *v = xmalloc((n ? n : 1) * sizeof *v);
  size_t k = 0;
  for (size_t i = 0; i < nh; i++) v[k++] = hdr[i];
  for (size_t i = 0; i < na; i++) v[k++] = a[i];
  for (size_t i = 0; i < nb; i++) v[k++] = b[i];
  for (size_t i = 0; i < nc; i++) v[k++] = c[i];
  *total = n;
  return v;
}

const IrType *ct_tensor_view_type(IrContext *ctx, const IrType *elem,
                                  const int64_t *shape, size_t rank,
                                  const int64_t *strides, size_t nstrides) {
  size_t n;
  int64_t *v = concat_ints(NULL, 0, shape, rank, strides, nstrides, NULL, 0, &n);
  const IrType *t = ir_type_unique(ctx, &(IrType){.def = &ct_tensor_view_type_def,
                                                  .flags = (uint32_t)rank,
                                                  .nints = (uint32_t)n, .ints = v,
                                                  .ntypes = 1, .types = &elem});
  free(v);
  return t;
}

static const IrAttr *padding_attr(IrContext *ctx, int padding) {
  return padding >= 0 ? ct_enum_attr(ctx, &ct_enum_padding_value, padding) : NULL;
}

const IrType *ct_partition_view_type(IrContext *ctx, const int64_t *tile, size_t ntile,
                                     const IrType *tensor_view,
                                     const int64_t *dim_map, size_t ndim_map,
                                     int padding) {
  size_t n;
  int64_t *v = concat_ints(NULL, 0, tile, ntile, dim_map, ndim_map, NULL, 0, &n);
  const IrType *t = ir_type_unique(
      ctx, &(IrType){.def = &ct_partition_view_type_def, .flags = (uint32_t)ntile,
                     .nints = (uint32_t)n, .ints = v, .ntypes = 1,
                     .types = &tensor_view, .attr = padding_attr(ctx, padding)});
  free(v);
  return t;
}

const IrType *ct_strided_view_type(IrContext *ctx, const int64_t *tile, size_t ntile,
                                   const int64_t *strides, size_t nstrides,
                                   const IrType *tensor_view,
                                   const int64_t *dim_map, size_t ndim_map,
                                   int padding) {
  int64_t hdr[2] = {(int64_t)ntile, (int64_t)nstrides};
  size_t n;
  int64_t *v = concat_ints(hdr, 2, tile, ntile, strides, nstrides, dim_map, ndim_map, &n);
  const IrType *t = ir_type_unique(
      ctx, &(IrType){.def = &ct_strided_view_type_def, .nints = (uint32_t)n, .ints = v,
                     .ntypes = 1, .types = &tensor_view,
                     .attr = padding_attr(ctx, padding)});
  free(v);
  return t;
}

const IrType *ct_gather_scatter_view_type(IrContext *ctx, const int64_t *tile,
                                          size_t ntile, const IrType *tensor_view,
                                          uint32_t sparse_dim, int padding) {
  return ir_type_unique(ctx, &(IrType){.def = &ct_gather_scatter_view_type_def,
                                       .flags = sparse_dim, .nints = (uint32_t)ntile,
                                       .ints = tile, .ntypes = 1, .types = &tensor_view,
                                       .attr = padding_attr(ctx, padding)});
}

/* ---- element classes ------------------------------------------------------ */

bool ct_type_is_any_int(const IrType *t) {
  if (!ir_type_is_integer(t) || t->flags != IR_SIGNLESS) return false;
  unsigned w = ir_integer_width(t);
  return w == 1 || w == 8 || w == 16 || w == 32 || w == 64;
}

bool ct_type_is_any_float(const IrType *t) { return ir_type_is_tile_float(t); }

bool ct_type_is_number(const IrType *t) {
  return ct_type_is_any_int(t) || ct_type_is_any_float(t);
}

bool ct_type_is_tile_element(const IrType *t) {
  return ct_type_is_number(t) || ct_type_is_ptr(t) ||
         (ir_type_is_integer(t) && t->flags == IR_SIGNLESS && ir_integer_width(t) == 4);
}

/* ---- verifiers ------------------------------------------------------------ */

/* CudaTile_NumberType's summary, as ODS spells it (floats, then ints). */
#define CT_NUMBER_SUMMARY                                                         \
  "f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or "      \
  "f4E2M1FN or i1 or i8 or i16 or i32 or i64"
/* The seed's verbatim text for a rejected tile element type. */
#define CT_TILE_ELEMENT_ERROR                                                     \
  "failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or "         \
  "f8E4M3FN or f8E5M2 or i1 or i8 or i16 or i32 or i64 or Pointer type"

static bool is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/* verifyTileSize (SharedVerifiers.h). */
bool ct_verify_tile_size(const CtEmitter *e, const int64_t *shape, size_t rank) {
  int64_t n = 1;
  for (size_t i = 0; i < rank; i++) {
    int64_t d = shape[i];
    if (d <= 0 || !is_pow2(d)) {
      StrBuf b = {0};
      ct_emit_error(e, d <= 0 ? "all dimensions must be positive constants, got %s"
                              : "all dimensions must be powers of two, got %s",
                    int_list(&b, shape, rank, false));
      sb_free(&b);
      return false;
    }
    if (n > CT_MAX_TILE_ELEMENTS / d)
      return ct_emit_error(e, "tile would exceed the maximum of %lld elements",
                           (long long)CT_MAX_TILE_ELEMENTS);
    n *= d;
  }
  return true;
}

/* TileType::verify without the element constraint (also run by the views). */
static bool verify_tile_body(const CtEmitter *e, const int64_t *shape, size_t rank,
                             const IrType *elem) {
  if (ir_type_is_float(elem) && ir_float_kind(elem) == IR_F4E2M1FN) {
    bool all_odd = true;
    for (size_t i = 0; i < rank; i++)
      if (shape[i] % 2 == 0) all_odd = false;
    if (rank == 0 || all_odd)
      return ct_emit_error(e, "F4E2M1FN tiles must have an even number of elements");
  }
  return ct_verify_tile_size(e, shape, rank);
}

bool ct_verify_tile_type(const CtEmitter *e, const int64_t *shape, size_t rank,
                         const IrType *elem) {
  if (!elem || !ct_type_is_tile_element(elem))
    return ct_emit_error(e, CT_TILE_ELEMENT_ERROR);
  return verify_tile_body(e, shape, rank, elem);
}

bool ct_verify_ptr_type(const CtEmitter *e, const IrType *pointee) {
  if (!pointee || !ct_type_is_number(pointee))
    return ct_emit_error(e, "failed to verify 'pointeeType': " CT_NUMBER_SUMMARY);
  return true;
}

bool ct_verify_tensor_view_type(const CtEmitter *e, const IrType *elem,
                                const int64_t *shape, size_t rank,
                                const int64_t *strides, size_t nstrides) {
  if (!elem || !ct_type_is_number(elem))
    return ct_emit_error(e, "failed to verify 'elementType': " CT_NUMBER_SUMMARY);
  if (rank != nstrides)
    return ct_emit_error(e, "expected shape and stride to be of same rank but got "
                            "shape of rank %zu and stride of rank %zu",
                         rank, nstrides);
  for (size_t i = 0; i < rank; i++)
    if (shape[i] <= 0 && shape[i] != IR_DYNAMIC) {
      StrBuf b = {0};
      ct_emit_error(e, "dimensions must have strictly positive constant sizes but got [%s]",
                    int_list(&b, shape, rank, true));
      sb_free(&b);
      return false;
    }
  for (size_t i = 0; i < nstrides; i++)
    if (strides[i] <= 0 && strides[i] != IR_DYNAMIC) {
      StrBuf b = {0};
      ct_emit_error(e,
                    "dimensions must have strictly positive constant strides but got [%s]",
                    int_list(&b, strides, nstrides, true));
      sb_free(&b);
      return false;
    }
  return true;
}

/* Special padding values need a floating-point element type. */
static bool verify_padding(const CtEmitter *e, int padding, const IrType *elem) {
  if (padding < 0 || padding == CT_PAD_ZERO) return true;
  if (ir_type_is_float(elem)) return true;
  return ct_emit_error(e, "padding_value %s can only be used with floating point element "
                          "types, got '%T'",
                       ct_enum_keyword(&ct_enum_padding_value, padding), elem);
}

static bool check_tensor_view_param(const CtEmitter *e, const IrType *tv) {
  if (ct_type_is_tensor_view(tv)) return true;
  return ct_emit_error(e, "expected 'tensor_view' type, but got '%T'", tv);
}

/* Tile-shape checks shared by the three views (empty, rank, positive,
 * power of two). */
static bool verify_view_tile_shape(const CtEmitter *e, const int64_t *tile, size_t ntile,
                                   const IrType *tv, const size_t *ndim_map) {
  size_t rank = ct_tensor_view_rank(tv);
  if (ntile == 0) return ct_emit_error(e, "0-dimension tile shape is not supported");
  if (ntile != rank)
    return ct_emit_error(e, "expected tensor_view rank and tile rank to match, got "
                            "tensor_view of rank %zu and tiles of rank %zu",
                         rank, ntile);
  if (ndim_map && *ndim_map != ntile)
    return ct_emit_error(e, "expected dim_map to map exactly all %zu dimensions of the "
                            "tile, got %zu mappings",
                         ntile, *ndim_map);
  StrBuf b = {0};
  bool ok = true;
  for (size_t i = 0; ok && i < ntile; i++)
    if (tile[i] <= 0)
      ok = ct_emit_error(e, "tile shape dimensions must have positive length but got [%s]",
                         int_list(&b, tile, ntile, false));
  for (size_t i = 0; ok && i < ntile; i++)
    if (!is_pow2(tile[i]))
      ok = ct_emit_error(e,
                         "tile shape dimensions must have power of two length but got [%s]",
                         int_list(&b, tile, ntile, false));
  sb_free(&b);
  return ok;
}

/* verifyPartitionViewLike (partition_view and strided_view). */
static bool verify_partition_like(const CtEmitter *e, const int64_t *tile, size_t ntile,
                                  const IrType *tv, const int64_t *dim_map,
                                  size_t ndim_map, int padding) {
  if (!check_tensor_view_param(e, tv)) return false;
  if (!verify_view_tile_shape(e, tile, ntile, tv, &ndim_map)) return false;
  size_t rank = ct_tensor_view_rank(tv);
  int64_t *used = xmalloc(rank * sizeof *used);
  for (size_t i = 0; i < rank; i++) used[i] = -1;
  bool ok = true;
  for (size_t i = 0; ok && i < ndim_map; i++) {
    int64_t d = dim_map[i];
    if (d < 0)
      ok = ct_emit_error(e, "target dimension must not be negative, got %lld", (long long)d);
    else if ((uint64_t)d >= rank)
      ok = ct_emit_error(e, "target dimension is outside of tensor view dimensions, "
                            "expected strictly less than %zu, got %lld",
                         rank, (long long)d);
    else if (used[d] >= 0)
      ok = ct_emit_error(e, "target dimension %lld mapped at least twice (for tile "
                            "dimensions %lld and %zu)",
                         (long long)d, (long long)used[d], i);
    else
      used[d] = (int64_t)i;
  }
  free(used);
  if (!ok) return false;
  const IrType *elem = ct_tensor_view_elem(tv);
  if (!verify_tile_body(e, tile, ntile, elem)) return false;
  return verify_padding(e, padding, elem);
}

bool ct_verify_partition_view_type(const CtEmitter *e, const int64_t *tile, size_t ntile,
                                   const IrType *tensor_view, const int64_t *dim_map,
                                   size_t ndim_map, int padding) {
  return verify_partition_like(e, tile, ntile, tensor_view, dim_map, ndim_map, padding);
}

bool ct_verify_strided_view_type(const CtEmitter *e, const int64_t *tile, size_t ntile,
                                 const int64_t *strides, size_t nstrides,
                                 const IrType *tensor_view, const int64_t *dim_map,
                                 size_t ndim_map, int padding) {
  if (!verify_partition_like(e, tile, ntile, tensor_view, dim_map, ndim_map, padding))
    return false;
  if (ntile != nstrides)
    return ct_emit_error(e, "expected %zu traversal strides, got %zu", ntile, nstrides);
  for (size_t i = 0; i < nstrides; i++)
    if (strides[i] <= 0) {
      StrBuf b = {0};
      ct_emit_error(e, "traversal strides must be strictly positive but got [%s]",
                    int_list(&b, strides, nstrides, false));
      sb_free(&b);
      return false;
    }
  return true;
}

bool ct_verify_gather_scatter_view_type(const CtEmitter *e, const int64_t *tile,
                                        size_t ntile, const IrType *tensor_view,
                                        uint32_t sparse_dim, int padding) {
  if (!check_tensor_view_param(e, tensor_view)) return false;
  if (!verify_view_tile_shape(e, tile, ntile, tensor_view, NULL)) return false;
  size_t rank = ct_tensor_view_rank(tensor_view);
  if (sparse_dim >= rank)
    return ct_emit_error(e, "gather dimension is outside of tensor view dimensions, "
                            "expected strictly less than %zu, got %u",
                         rank, (unsigned)sparse_dim);
  const IrType *elem = ct_tensor_view_elem(tensor_view);
  if (!verify_tile_body(e, tile, ntile, elem)) return false;
  return verify_padding(e, padding, elem);
}

/* ---- checked constructors ------------------------------------------------- */

const IrType *ct_tile_type_checked(IrContext *ctx, const CtEmitter *e,
                                   const int64_t *shape, size_t rank,
                                   const IrType *elem) {
  if (!ct_verify_tile_type(e, shape, rank, elem)) return NULL;
  return ct_tile_type(ctx, shape, rank, elem);
}

const IrType *ct_ptr_type_checked(IrContext *ctx, const CtEmitter *e,
                                  const IrType *pointee) {
  if (!ct_verify_ptr_type(e, pointee)) return NULL;
  return ct_ptr_type(ctx, pointee);
}

const IrType *ct_tensor_view_type_checked(IrContext *ctx, const CtEmitter *e,
                                          const IrType *elem, const int64_t *shape,
                                          size_t rank, const int64_t *strides,
                                          size_t nstrides) {
  if (!ct_verify_tensor_view_type(e, elem, shape, rank, strides, nstrides)) return NULL;
  return ct_tensor_view_type(ctx, elem, shape, rank, strides, nstrides);
}

const IrType *ct_partition_view_type_checked(IrContext *ctx, const CtEmitter *e,
                                             const int64_t *tile, size_t ntile,
                                             const IrType *tensor_view,
                                             const int64_t *dim_map, size_t ndim_map,
                                             int padding) {
  if (!ct_verify_partition_view_type(e, tile, ntile, tensor_view, dim_map, ndim_map,
                                     padding))
    return NULL;
  return ct_partition_view_type(ctx, tile, ntile, tensor_view, dim_map, ndim_map, padding);
}

const IrType *ct_strided_view_type_checked(IrContext *ctx, const CtEmitter *e,
                                           const int64_t *tile, size_t ntile,
                                           const int64_t *strides, size_t nstrides,
                                           const IrType *tensor_view,
                                           const int64_t *dim_map, size_t ndim_map,
                                           int padding) {
  if (!ct_verify_strided_view_type(e, tile, ntile, strides, nstrides, tensor_view, dim_map,
                                   ndim_map, padding))
    return NULL;
  return ct_strided_view_type(ctx, tile, ntile, strides, nstrides, tensor_view, dim_map,
                              ndim_map, padding);
}

const IrType *ct_gather_scatter_view_type_checked(IrContext *ctx, const CtEmitter *e,
                                                  const int64_t *tile, size_t ntile,
                                                  const IrType *tensor_view,
                                                  uint32_t sparse_dim, int padding) {
  if (!ct_verify_gather_scatter_view_type(e, tile, ntile, tensor_view, sparse_dim, padding))
    return NULL;
  return ct_gather_scatter_view_type(ctx, tile, ntile, tensor_view, sparse_dim, padding);
}

/* ---- accessors ------------------------------------------------------------ */

int64_t ct_tile_type_num_elements(const IrType *t) {
  return ir_shape_num_elements(t->ints, t->nints);
}

size_t ct_tensor_view_num_dynamic_shape(const IrType *t) {
  size_t n = 0;
  for (size_t i = 0; i < ct_tensor_view_rank(t); i++) n += t->ints[i] == IR_DYNAMIC;
  return n;
}

size_t ct_tensor_view_num_dynamic_strides(const IrType *t) {
  size_t n = 0;
  const int64_t *s = ct_tensor_view_strides(t);
  for (size_t i = 0; i < ct_tensor_view_num_strides(t); i++) n += s[i] == IR_DYNAMIC;
  return n;
}

size_t ct_view_tile_rank(const IrType *t) {
  if (ct_type_is_partition_view(t)) return t->flags;
  if (ct_type_is_strided_view(t)) return (size_t)t->ints[0];
  if (ct_type_is_gather_scatter_view(t)) return t->nints;
  return 0;
}

const int64_t *ct_view_tile_shape(const IrType *t) {
  if (ct_type_is_strided_view(t)) return t->ints + 2;
  return t->ints;
}

int ct_view_padding(const IrType *t) {
  return t->attr ? ct_enum_value(t->attr, &ct_enum_padding_value) : CT_NO_PADDING;
}

size_t ct_view_dim_map_size(const IrType *t) {
  if (ct_type_is_partition_view(t)) return t->nints - t->flags;
  if (ct_type_is_strided_view(t))
    return t->nints - 2 - (size_t)t->ints[0] - (size_t)t->ints[1];
  return 0;
}

const int64_t *ct_view_dim_map(const IrType *t) {
  if (ct_type_is_partition_view(t)) return t->ints + t->flags;
  if (ct_type_is_strided_view(t)) return t->ints + 2 + t->ints[0] + t->ints[1];
  return NULL;
}

size_t ct_view_num_traversal_strides(const IrType *t) {
  return ct_type_is_strided_view(t) ? (size_t)t->ints[1] : 0;
}

const int64_t *ct_view_traversal_strides(const IrType *t) {
  return ct_type_is_strided_view(t) ? t->ints + 2 + t->ints[0] : NULL;
}

size_t ct_view_index_rank(const IrType *t) { return ct_view_tile_rank(t); }

const IrType *ct_view_tile_type(IrContext *ctx, const IrType *t) {
  return ct_tile_type(ctx, ct_view_tile_shape(t), ct_view_tile_rank(t),
                      ct_tensor_view_elem(ct_view_tensor_view(t)));
}

/* verifyIndices of the partition and strided views: scalar tiles, all of
 * one type. */
static bool verify_scalar_indices(const CtEmitter *e, const IrType *const *idx, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (!ct_type_is_tile(idx[i]))
      return ct_emit_error(e, "expected index type to be a tile type, got '%T'", idx[i]);
    if (ct_tile_type_rank(idx[i]) != 0)
      return ct_emit_error(e, "expected index type to be a scalar tile, got '%T'", idx[i]);
  }
  for (size_t i = 0; i < n; i++)
    if (idx[i] != idx[0])
      return ct_emit_error(e, "expected index type %zu to be the same as other index "
                              "types ('%T'), got '%T'",
                           i, idx[0], idx[i]);
  return true;
}

static bool verify_gather_indices(const CtEmitter *e, const IrType *view,
                                  const IrType *const *idx, size_t n) {
  uint32_t sd = ct_view_sparse_dim(view);
  if (sd >= n)
    return ct_emit_error(e, "gather/scatter dimension %u is out of range for index count %zu",
                         (unsigned)sd, n);
  const IrType *g = idx[sd];
  if (!ct_type_is_tile(g))
    return ct_emit_error(e, "expected index at sparse_dim position %u to be a tile type "
                            "for GatherScatterView",
                         (unsigned)sd);
  if (ct_tile_type_rank(g) != 1)
    return ct_emit_error(e, "expected index at sparse_dim position %u to be a 1D tensor for "
                            "GatherScatterView, got rank %zu",
                         (unsigned)sd, ct_tile_type_rank(g));
  int64_t size = ct_tile_type_shape(g)[0];
  int64_t want = sd < ct_view_tile_rank(view) ? ct_view_tile_shape(view)[sd] : 0;
  if (size != want)
    return ct_emit_error(e, "expected gather/scatter index size (%lld) to match tile shape "
                            "at gather/scatter dimension %u (%lld)",
                         (long long)size, (unsigned)sd, (long long)want);
  const IrType *base = NULL;
  for (size_t i = 0; i < n; i++) {
    if (i == sd) continue;
    if (!ct_type_is_tile(idx[i]) || ct_tile_type_rank(idx[i]) != 0)
      return ct_emit_error(e, "expected index %zu to be a scalar tile for GatherScatterView",
                           i);
    if (!base) base = idx[i];
    else if (idx[i] != base)
      return ct_emit_error(e, "expected scalar index %zu to have the same type as other "
                              "scalar indices ('%T'), got '%T'",
                           i, base, idx[i]);
  }
  return true;
}

bool ct_view_verify_indices(const CtEmitter *e, const IrType *view,
                            const IrType *const *index_types, size_t n) {
  if (n == 0) return true;
  if (ct_type_is_gather_scatter_view(view))
    return verify_gather_indices(e, view, index_types, n);
  return verify_scalar_indices(e, index_types, n);
}
