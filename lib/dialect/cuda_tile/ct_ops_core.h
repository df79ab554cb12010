/* ct_ops_core.h — hooks (custom syntax, verifiers, result names) of the
 * ops in ops_core.def, and the shared syntax helpers of the cuda_tile
 * dialect's custom formats (syntax_common.c): the short-form type parser and
 * printer (NVIDIA's custom<CudaTileType>), I32 enum keywords, implicit
 * terminators and the function signature of entry/testing$func. */
#ifndef CTILE_CT_OPS_CORE_H
#define CTILE_CT_OPS_CORE_H

#include "asm/asm.h"
#include "dialect/cuda_tile/ct_types.h"

/* ======================================================================== */
/* Shared helpers (syntax_common.c), usable by both halves of the dialect.  */
/* ======================================================================== */

/* Type syntax helpers (ct_parse_type, ct_print_type, lists), enums, dense
 * constants, assume predicates and hints come from ct_types.h. */

/* `T, U` of the values' types in short form. */
void ct_print_value_types(AsmPrinter *p, IrUse *uses, size_t n);
/* A type list into an IrTypeVec (wraps ct_parse_type_list). */
bool ct_parse_types_into(AsmParser *p, IrTypeVec *out);
/* I32-enum properties (memory_ordering_semantics...): `N : i32`. */
const IrAttr *ct_i32_attr(IrContext *ctx, int64_t v);
/* An integer attribute's value, or `dflt` when absent / not an integer. */
int64_t ct_attr_int(const IrAttr *a, int64_t dflt);
/* Prints a dialect attribute in "stripped" form (`<no_wrap>` for
 * `#cuda_tile.overflow<no_wrap>`), as ODS does for attribute variables. */
void ct_print_attr_stripped(AsmPrinter *p, const IrAttr *a);

/* An ODS StrAttr operand of a declarative format (`$message`). */
bool ct_parse_str_attr(AsmParser *p, const IrAttr **out);

/* Adds a terminator `term` (no operands) to the single block of r when the
 * block is missing or does not end in a terminator (ensureTerminator).  An
 * empty region gets one block.  The terminator takes the location of the
 * parent op being parsed (`parent`), compact while that one is. */
bool ct_ensure_terminator(AsmParser *p, IrRegion *r, const IrOpInfo *term,
                          const IrOpState *parent);
/* Prints region r of `op` eliding a trailing operand-less terminator of kind
 * `implicit_term` (printControlFlowRegion). */
void ct_print_control_region(AsmPrinter *p, IrRegion *r, const IrOpInfo *implicit_term);

/* Optional `attr-dict` in custom syntax where the op has inherent attributes
 * that the format spells elsewhere: hooks call asm_parse_optional_attr_dict,
 * then these merge into the state.  (Plain helper for symmetry.) */
bool ct_parse_opt_attr_dict(AsmParser *p, IrOpState *st);

/* The function signature of entry / testing$func:
 *   `(` (%a: T {attrs}? loc?)* `)` (`->` (T | `(` T {attrs}?, ... `)`))?
 * Fills args (caller frees with ct_free_args) and result types. */
bool ct_parse_func_signature(AsmParser *p, AsmArgumentVec *args, IrTypeVec *results);
void ct_print_func_signature(AsmPrinter *p, IrOp *op);

/* ======================================================================== */
/* Op hooks                                                                  */
/* ======================================================================== */

/* cuda_tile.module: `cuda_tile.module @name [attributes {...}] { ... }` */
bool ct_parse_module(AsmParser *p, IrOpState *st);
void ct_print_module(AsmPrinter *p, IrOp *op);
bool ct_verify_module(IrOp *op);

/* ops_func.c: entry, testing$func, global, get_global */
bool ct_parse_entry(AsmParser *p, IrOpState *st);
void ct_print_entry(AsmPrinter *p, IrOp *op);
bool ct_verify_entry(IrOp *op);
bool ct_verify_regions_entry(IrOp *op);
bool ct_parse_testing_func(AsmParser *p, IrOpState *st);
void ct_print_testing_func(AsmPrinter *p, IrOp *op);
bool ct_verify_testing_func(IrOp *op);
bool ct_parse_global(AsmParser *p, IrOpState *st);
void ct_print_global(AsmPrinter *p, IrOp *op);
bool ct_verify_global(IrOp *op);
bool ct_parse_get_global(AsmParser *p, IrOpState *st);
void ct_print_get_global(AsmPrinter *p, IrOp *op);
bool ct_verify_get_global(IrOp *op);

/* ops_control.c: terminators, if, for, loop, assert */
bool ct_parse_term_operands(AsmParser *p, IrOpState *st);
void ct_print_term_operands(AsmPrinter *p, IrOp *op);
bool ct_verify_return(IrOp *op);
bool ct_verify_yield(IrOp *op);
bool ct_verify_break(IrOp *op);
bool ct_verify_continue(IrOp *op);
bool ct_parse_if(AsmParser *p, IrOpState *st);
void ct_print_if(AsmPrinter *p, IrOp *op);
bool ct_verify_if(IrOp *op);
bool ct_parse_for(AsmParser *p, IrOpState *st);
void ct_print_for(AsmPrinter *p, IrOp *op);
bool ct_verify_for(IrOp *op);
bool ct_verify_regions_for(IrOp *op);
void ct_names_for(IrOp *op, IrNameSetFn set, void *user);
void ct_block_names_for(IrOp *op, IrBlock *b, IrNameSetFn set, void *user);
bool ct_parse_loop(AsmParser *p, IrOpState *st);
void ct_print_loop(AsmPrinter *p, IrOp *op);
bool ct_verify_loop(IrOp *op);
bool ct_verify_regions_loop(IrOp *op);
void ct_names_none(IrOp *op, IrNameSetFn set, void *user);
bool ct_parse_assert(AsmParser *p, IrOpState *st);
void ct_print_assert(AsmPrinter *p, IrOp *op);
bool ct_verify_assert(IrOp *op);

/* ops_misc.c: constant, assume, grid queries, pointer casts, offset,
 * tokens, testing bytecode ops */
bool ct_parse_constant(AsmParser *p, IrOpState *st);
void ct_print_constant(AsmPrinter *p, IrOp *op);
bool ct_verify_constant(IrOp *op);
void ct_names_constant(IrOp *op, IrNameSetFn set, void *user);
bool ct_parse_assume(AsmParser *p, IrOpState *st);
void ct_print_assume(AsmPrinter *p, IrOp *op);
bool ct_verify_assume(IrOp *op);
void ct_names_assume(IrOp *op, IrNameSetFn set, void *user);
bool ct_parse_grid_query(AsmParser *p, IrOpState *st);
void ct_print_grid_query(AsmPrinter *p, IrOp *op);
bool ct_verify_grid_query(IrOp *op);
void ct_names_block_id(IrOp *op, IrNameSetFn set, void *user);
void ct_names_grid_size(IrOp *op, IrNameSetFn set, void *user);
bool ct_parse_unary_cast(AsmParser *p, IrOpState *st);
void ct_print_unary_cast(AsmPrinter *p, IrOp *op);
bool ct_verify_int_to_ptr(IrOp *op);
bool ct_verify_ptr_to_int(IrOp *op);
bool ct_verify_ptr_to_ptr(IrOp *op);
bool ct_parse_offset(AsmParser *p, IrOpState *st);
void ct_print_offset(AsmPrinter *p, IrOp *op);
bool ct_verify_offset(IrOp *op);
bool ct_parse_make_token(AsmParser *p, IrOpState *st);
void ct_print_make_token(AsmPrinter *p, IrOp *op);
bool ct_verify_make_token(IrOp *op);
bool ct_parse_join_tokens(AsmParser *p, IrOpState *st);
void ct_print_join_tokens(AsmPrinter *p, IrOp *op);
bool ct_verify_join_tokens(IrOp *op);
bool ct_parse_print_tko(AsmParser *p, IrOpState *st);
void ct_print_print_tko(AsmPrinter *p, IrOp *op);
bool ct_verify_print_tko(IrOp *op);
bool ct_parse_bc_new_attr(AsmParser *p, IrOpState *st);
void ct_print_bc_new_attr(AsmPrinter *p, IrOp *op);
bool ct_verify_bc_new_attr(IrOp *op);
bool ct_parse_bc_evolution(AsmParser *p, IrOpState *st);
void ct_print_bc_evolution(AsmPrinter *p, IrOp *op);
bool ct_verify_bc_evolution(IrOp *op);

/* ops_memory.c: alloca, load/store (ptr and view), atomics */
bool ct_parse_alloca(AsmParser *p, IrOpState *st);
void ct_print_alloca(AsmPrinter *p, IrOp *op);
bool ct_verify_alloca(IrOp *op);
bool ct_parse_load_ptr(AsmParser *p, IrOpState *st);
void ct_print_load_ptr(AsmPrinter *p, IrOp *op);
bool ct_verify_load_ptr(IrOp *op);
bool ct_parse_store_ptr(AsmParser *p, IrOpState *st);
void ct_print_store_ptr(AsmPrinter *p, IrOp *op);
bool ct_verify_store_ptr(IrOp *op);
bool ct_parse_load_view(AsmParser *p, IrOpState *st);
void ct_print_load_view(AsmPrinter *p, IrOp *op);
bool ct_verify_load_view(IrOp *op);
bool ct_parse_store_view(AsmParser *p, IrOpState *st);
void ct_print_store_view(AsmPrinter *p, IrOp *op);
bool ct_verify_store_view(IrOp *op);
bool ct_parse_atomic_cas(AsmParser *p, IrOpState *st);
void ct_print_atomic_cas(AsmPrinter *p, IrOp *op);
bool ct_verify_atomic_cas(IrOp *op);
bool ct_parse_atomic_rmw(AsmParser *p, IrOpState *st);
void ct_print_atomic_rmw(AsmPrinter *p, IrOp *op);
bool ct_verify_atomic_rmw(IrOp *op);
bool ct_parse_atomic_red_view(AsmParser *p, IrOpState *st);
void ct_print_atomic_red_view(AsmPrinter *p, IrOp *op);
bool ct_verify_atomic_red_view(IrOp *op);
void ct_names_result_token(IrOp *op, IrNameSetFn set, void *user);
void ct_names_tile_token(IrOp *op, IrNameSetFn set, void *user);

/* ops_view.c: view construction and shape queries */
bool ct_parse_make_tensor_view(AsmParser *p, IrOpState *st);
void ct_print_make_tensor_view(AsmPrinter *p, IrOp *op);
bool ct_verify_make_tensor_view(IrOp *op);
void ct_names_tview(IrOp *op, IrNameSetFn set, void *user);
bool ct_parse_make_view(AsmParser *p, IrOpState *st);
void ct_print_make_view(AsmPrinter *p, IrOp *op);
bool ct_verify_make_view(IrOp *op);
void ct_names_pview(IrOp *op, IrNameSetFn set, void *user);
void ct_names_sview(IrOp *op, IrNameSetFn set, void *user);
void ct_names_gsview(IrOp *op, IrNameSetFn set, void *user);
bool ct_parse_get_shape(AsmParser *p, IrOpState *st);
void ct_print_get_shape(AsmPrinter *p, IrOp *op);
bool ct_verify_get_tensor_shape(IrOp *op);
bool ct_verify_get_index_space_shape(IrOp *op);

#endif
