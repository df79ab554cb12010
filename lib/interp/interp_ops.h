/* interp_ops.h — the handler functions of lib/interp: those of compute ops
 * from the `interp` column of their ops_compute.def rows, the others by
 * family in an X-list; interp_core.c turns both into the op-index ->
 * handler table.
 * Control flow, constants, grid queries, tokens, assert and assume live in
 * interp_core.c; compute ops in interp_ops.c (+ interp_shape.c); memory,
 * views, atomics and print in interp_mem.c. */
#ifndef CTILE_INTERP_OPS_H
#define CTILE_INTERP_OPS_H

#include "interp/interp_internal.h"

/* Compute ops (ops_compute.def): the handler is the row's `interp` column.
 * Their prototypes come from the rows; interp_core.c builds the op-index ->
 * handler table from the same column. */
#define CT_OP(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, bc, sum)
#define CT_OPX(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, par, dd, ban, vr, bc, sum)
#define CT_OPC(c, m, tr, a, b, rc, rd, nr, sig, fmt, spec, in, nm, bc, sum) \
  bool in(Exec *e, IrOp *op);
#define CT_OPCX(c, m, tr, a, b, rc, rd, nr, sig, fmt, spec, in, nm, par, dd, ban, vr, bc, sum) \
  bool in(Exec *e, IrOp *op);
#include "dialect/cuda_tile/ops_compute.def"
#undef CT_OPCX
#undef CT_OPC
#undef CT_OPX
#undef CT_OP

/* The other ops lib/interp/interp_ops.c, interp_shape.c and interp_mem.c
 * handle: X(op index name, handler). */
#define IN_OPS_HANDLERS(X)                                                    \
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

/* The integer families (h_int_binary, h_int_unary; interp_ops.c): how an
 * op runs — its signedness, division rounding (CT_ROUNDING_*), and the
 * overflow senses to check with the flag's spelling in the report. */
typedef struct InIntMode {
  bool uns;         /* signedness<unsigned> */
  int rounding;     /* divi's rounding (CT_ROUNDING_ZERO when absent) */
  bool nsw, nuw;    /* report a signed / unsigned wrap */
  const char *flag; /* the overflow flag as the report spells it */
} InIntMode;
/* Runs integer op `idx` (a row of those families) on op's operands into its
 * result 0; false after reporting a division by zero or a checked wrap. */
bool in_int_elementwise(Exec *e, IrOp *op, CtOpIndex idx, const InIntMode *m);
/* cmpi's comparison pred (CT_CMP_*) in signedness uns (see interp_ops.c). */
bool in_cmpi_elementwise(Exec *e, IrOp *op, int pred, bool uns);
/* trunci's overflow check of result r from operand a (see interp_ops.c). */
bool in_trunc_check(Exec *e, IrOp *op, const Val *a, const Val *r, bool nsw, bool nuw,
                    const char *flag);
double in_round_fmt(IrFloatKind k, double x, int mode);

#endif
