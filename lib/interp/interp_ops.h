/* interp_ops.h — the handler functions of lib/interp, by family, and the
 * X-list that interp_core.c turns into the op-index -> handler table.
 * Control flow, constants, grid queries, tokens, assert and assume live in
 * interp_core.c; compute ops in interp_ops.c (+ interp_shape.c); memory,
 * views, atomics and print in interp_mem.c. */
#ifndef CTILE_INTERP_OPS_H
#define CTILE_INTERP_OPS_H

#include "interp/interp_internal.h"

/* X(op index name, handler) */
#define IN_OPS_HANDLERS(X)                                                    \
  X(absi, h_int_unary) X(negi, h_int_unary)                                   \
  X(addi, h_int_binary) X(subi, h_int_binary) X(muli, h_int_binary)           \
  X(mulhii, h_int_binary) X(divi, h_int_binary) X(remi, h_int_binary)         \
  X(maxi, h_int_binary) X(mini, h_int_binary) X(andi, h_int_binary)           \
  X(ori, h_int_binary) X(xori, h_int_binary) X(shli, h_int_binary)            \
  X(shri, h_int_binary) X(cmpi, h_cmpi)                                       \
  X(absf, h_float_unary) X(negf, h_float_unary) X(ceil, h_float_unary)        \
  X(floor, h_float_unary) X(cos, h_float_unary) X(cosh, h_float_unary)        \
  X(sin, h_float_unary) X(sinh, h_float_unary) X(tan, h_float_unary)          \
  X(tanh, h_float_unary) X(exp, h_float_unary) X(exp2, h_float_unary)         \
  X(log, h_float_unary) X(log2, h_float_unary) X(sqrt, h_float_unary)         \
  X(rsqrt, h_float_unary)                                                     \
  X(addf, h_float_binary) X(subf, h_float_binary) X(mulf, h_float_binary)     \
  X(divf, h_float_binary) X(remf, h_float_binary) X(maxf, h_float_binary)     \
  X(minf, h_float_binary) X(pow, h_float_binary) X(atan2, h_float_binary)     \
  X(fma, h_fma) X(cmpf, h_cmpf) X(select, h_select)                           \
  X(bitcast, h_bitcast) X(exti, h_exti) X(trunci, h_trunci) X(ftof, h_ftof)   \
  X(ftoi, h_ftoi) X(itof, h_itof)                                             \
  X(broadcast, h_broadcast) X(reshape, h_reshape) X(permute, h_permute)       \
  X(cat, h_cat) X(extract, h_extract) X(iota, h_iota) X(pack, h_pack)         \
  X(unpack, h_unpack) X(mmaf, h_mmaf) X(mmai, h_mmai)                         \
  X(mmaf_scaled, h_mmaf_scaled) X(reduce, h_reduce) X(scan, h_scan)           \
  X(offset, h_offset) X(int_to_ptr, h_ptr_cast) X(ptr_to_int, h_ptr_cast)     \
  X(ptr_to_ptr, h_ptr_cast) X(load_ptr_tko, h_load_ptr)                       \
  X(store_ptr_tko, h_store_ptr) X(make_tensor_view, h_make_tensor_view)       \
  X(make_partition_view, h_make_view) X(make_strided_view, h_make_view)        \
  X(make_gather_scatter_view, h_make_view) X(get_tensor_shape, h_get_tensor_shape) \
  X(get_index_space_shape, h_get_index_space_shape)                           \
  X(load_view_tko, h_load_view) X(store_view_tko, h_store_view)               \
  X(atomic_rmw_tko, h_atomic_rmw) X(atomic_cas_tko, h_atomic_cas)             \
  X(atomic_red_view_tko, h_atomic_red_view) X(print_tko, h_print)             \
  X(get_global, h_get_global) X(alloca, h_alloca)

#define X(idx, fn) bool fn(Exec *e, IrOp *op);
IN_OPS_HANDLERS(X)
#undef X

/* Shared helpers (interp_core.c). */
int64_t in_scalar_int(const Val *v);
double in_elem_f(const Val *v, int64_t i);
Val *in_val_from_dense(const IrAttr *a, const IrType *type);
void in_add_region(Run *r, uintptr_t lo, size_t bytes, bool ro);
/* Element type of result i of op (tile element, or NULL). */
static inline const IrType *in_res_elem(IrOp *op, unsigned i) {
  const IrType *t = ir_op_result(op, i)->type;
  return ct_type_is_tile(t) ? ct_tile_type_elem(t) : in_foreign_elem(t);
}
/* Element type of a tile type (cuda_tile or nv_tileaa) or scalar type. */
static inline const IrType *in_res_elem_of(const IrType *t) {
  return ct_type_is_tile(t) ? ct_tile_type_elem(t) : in_foreign_elem(t);
}
/* Rounds every element of a VK_F32 value to its element format (no-op for
 * f32); mode: CT_ROUNDING_*. */
void in_round_to_format(Val *v);
double in_round_fmt(IrFloatKind k, double x, int mode);

#endif
