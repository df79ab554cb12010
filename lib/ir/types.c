/* types.c — builtin type kinds and their constructors.  Printing and parsing
 * of builtin types lives in lib/asm; the defs here only name them. */
#include "ir/ir_internal.h"

const IrTypeDef ir_integer_type_def = {.name = "integer", .dialect = "builtin"};
const IrTypeDef ir_index_type_def = {.name = "index", .dialect = "builtin"};
const IrTypeDef ir_float_type_def = {.name = "float", .dialect = "builtin"};
const IrTypeDef ir_none_type_def = {.name = "none", .dialect = "builtin"};
const IrTypeDef ir_function_type_def = {.name = "function", .dialect = "builtin"};
const IrTypeDef ir_tuple_type_def = {.name = "tuple", .dialect = "builtin"};
const IrTypeDef ir_tensor_type_def = {.name = "tensor", .dialect = "builtin"};
const IrTypeDef ir_vector_type_def = {.name = "vector", .dialect = "builtin"};
const IrTypeDef ir_opaque_type_def = {.name = "opaque", .dialect = "builtin"};

static const char *const float_names[] = {
#define X(e, s, w) s,
    IR_FLOAT_KINDS(X)
#undef X
};
static const unsigned char float_widths[] = {
#define X(e, s, w) w,
    IR_FLOAT_KINDS(X)
#undef X
};

const char *ir_float_kind_name(IrFloatKind k) {
  return (unsigned)k < IR_FLOAT_KIND_COUNT ? float_names[k] : "f?";
}
bool ir_type_is_tile_float(const IrType *t) {
  if (!ir_type_is_float(t)) return false;
  switch (ir_float_kind(t)) {
  case IR_F16: case IR_BF16: case IR_F32: case IR_TF32: case IR_F64:
  case IR_F8E4M3FN: case IR_F8E5M2: case IR_F8E8M0FNU: case IR_F4E2M1FN:
    return true;
  default:
    return false;
  }
}

unsigned ir_float_kind_width(IrFloatKind k) {
  return (unsigned)k < IR_FLOAT_KIND_COUNT ? float_widths[k] : 0;
}

const IrType *ir_integer_type(IrContext *ctx, unsigned width, IrSignedness s) {
  if (s == IR_SIGNLESS && width <= 64 && ctx->int_types[width]) return ctx->int_types[width];
  int64_t w = width;
  const IrType *t = ir_type_unique(ctx, &(IrType){.def = &ir_integer_type_def,
                                                  .flags = s, .nints = 1, .ints = &w});
  if (s == IR_SIGNLESS && width <= 64) ctx->int_types[width] = t;
  return t;
}

const IrType *ir_index_type(IrContext *ctx) { return ctx->index_type; }
const IrType *ir_none_type(IrContext *ctx) { return ctx->none_type; }

const IrType *ir_float_type(IrContext *ctx, IrFloatKind k) {
  if (!ctx->float_types[k])
    ctx->float_types[k] = ir_type_unique(ctx, &(IrType){.def = &ir_float_type_def, .flags = k});
  return ctx->float_types[k];
}

const IrType *ir_function_type(IrContext *ctx, const IrType *const *inputs,
                               size_t nin, const IrType *const *results,
                               size_t nres) {
  const IrType *buf[16];
  const IrType **all = nin + nres <= 16 ? buf : xmalloc((nin + nres) * sizeof *all);
  for (size_t i = 0; i < nin; i++) all[i] = inputs[i];
  for (size_t i = 0; i < nres; i++) all[nin + i] = results[i];
  int64_t n = (int64_t)nin;
  const IrType *t = ir_type_unique(ctx, &(IrType){.def = &ir_function_type_def,
                                                  .nints = 1, .ints = &n,
                                                  .ntypes = (uint32_t)(nin + nres),
                                                  .types = all});
  if (all != buf) free(all);
  return t;
}

const IrType *ir_tuple_type(IrContext *ctx, const IrType *const *elems, size_t n) {
  return ir_type_unique(ctx, &(IrType){.def = &ir_tuple_type_def,
                                       .ntypes = (uint32_t)n, .types = elems});
}

const IrType *ir_tensor_type(IrContext *ctx, const int64_t *shape, size_t rank,
                             const IrType *elem, const IrAttr *encoding) {
  return ir_type_unique(ctx, &(IrType){.def = &ir_tensor_type_def, .nints = (uint32_t)rank,
                                       .ints = shape, .ntypes = 1, .types = &elem,
                                       .attr = encoding});
}

const IrType *ir_vector_type(IrContext *ctx, const int64_t *shape, size_t rank,
                             const IrType *elem, uint32_t scalable_mask) {
  return ir_type_unique(ctx, &(IrType){.def = &ir_vector_type_def, .flags = scalable_mask,
                                       .nints = (uint32_t)rank, .ints = shape,
                                       .ntypes = 1, .types = &elem});
}

const IrType *ir_opaque_type(IrContext *ctx, const char *text, size_t n) {
  return ir_type_unique(ctx, &(IrType){.def = &ir_opaque_type_def,
                                       .str = ir_ident(ctx, text, n)});
}

int64_t ir_shape_num_elements(const int64_t *shape, size_t rank) {
  int64_t n = 1;
  for (size_t i = 0; i < rank; i++) {
    if (shape[i] < 0) return -1;
    if (shape[i] != 0 && n > INT64_MAX / shape[i]) return -1;
    n *= shape[i];
  }
  return n;
}

size_t ir_dense_elem_size(const IrType *t) {
  if (ir_type_is_index(t)) return 8;
  if (ir_type_is_integer(t)) {
    unsigned w = ir_integer_width(t);
    return w <= 8 ? 1 : w <= 16 ? 2 : w <= 32 ? 4 : w <= 64 ? 8 : 0;
  }
  if (ir_type_is_float(t)) {
    unsigned w = ir_float_kind_width(ir_float_kind(t));
    if (ir_float_kind(t) == IR_TF32) w = 32;
    return w <= 8 ? 1 : w <= 16 ? 2 : w <= 32 ? 4 : w <= 64 ? 8 : 0;
  }
  return 0;
}

/* Same kind and shape, new element: a copy of the payload with types[0]
 * replaced (every shaped kind uses the tensor layout). */
const IrType *ir_shaped_with_elem(IrContext *ctx, const IrType *t, const IrType *elem) {
  if (!ir_type_is_shaped(t)) return elem;
  if (t->ntypes == 0) return elem;
  if (t->types[0] == elem) return t;
  const IrType *small[8];
  const IrType **tv = t->ntypes > 8 ? xmalloc(t->ntypes * sizeof *tv) : small;
  for (uint32_t i = 0; i < t->ntypes; i++) tv[i] = t->types[i];
  tv[0] = elem;
  IrType key = *t;
  key.types = tv;
  const IrType *r = ir_type_unique(ctx, &key);
  if (tv != small) free(tv);
  return r;
}

/* Shape equality with MLIR's verifyCompatibleShape leniency for `?` and
 * unranked tensors. */
bool ir_type_same_shape(const IrType *a, const IrType *b) {
  bool sa = ir_type_is_shaped(a), sb = ir_type_is_shaped(b);
  if (!sa || !sb) return sa == sb;
  bool ua = a->def == &ir_tensor_type_def && (a->flags & 1);
  bool ub = b->def == &ir_tensor_type_def && (b->flags & 1);
  if (ua || ub) return true;
  if (a->nints != b->nints) return false;
  for (uint32_t i = 0; i < a->nints; i++)
    if (a->ints[i] != b->ints[i] && a->ints[i] != IR_DYNAMIC && b->ints[i] != IR_DYNAMIC)
      return false;
  return true;
}
