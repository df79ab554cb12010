/* bc_optable.c — the per-op bytecode encoding table: opcode, version and the
 * ODS argument/result order of every cuda_tile op (see bc_internal.h for the
 * layout these rows drive), indexed by the op's index in the cuda_tile op
 * table (CtOpIndex), never by its name.  The opcode and the version that
 * introduced the op are the row's CT_BC column in the .def files
 * (bc_op_opcode, bc_op_ver; BytecodeOpcodes.td, frozen by the format).
 *
 * Compute ops (ops_compute.def) have no row here: theirs is generated from
 * the `sig` column of their .def row, where the argument names, kinds and
 * versions are written once.  The rows below are the other ops' (derived
 * from NVIDIA's Ops.td); their columns:
 *   op, variadic (some operand or result group is
 *   Variadic<>, as ODS's Operator::isVariadic; Optional<> operands do not
 *   count: the result count is encoded), regions, #results,
 *   (result versions), #args, (args: name, kind, optional, enum,
 *   since).  Defaults of DefaultValuedAttr arguments are not repeated here:
 *   they come from the dialect (ct_op_default_attr). */
#include "bytecode/bc_internal.h"

/* Compute rows: generated from the `sig` and CT_BC columns of
 * ops_compute.def (items: ct_ops.h).  Every compute op has one declared
 * result, introduced with the op; an op with a Variadic<> operand group
 * encodes its result count.  An argument's version is the op's unless the
 * item says otherwise (CTA_*_SINCE); a trailing placeholder keeps the
 * argument array non-empty for an op without arguments. */
#define BC_SIG_VAR(c, item) BC_SV_##item
#define BC_SV_
#define BC_SV_CTA_OPND(n)
#define BC_SV_CTA_VAR(n) | 1
#define BC_SV_CTA_ENUM(n, e)
#define BC_SV_CTA_ENUM_SINCE(n, e, major, minor)
#define BC_SV_CTA_UNIT(n)
#define BC_SV_CTA_UNIT_SINCE(n, major, minor)
#define BC_SV_CTA_ATTR(n, k)
#define BC_SIG_COUNT(c, item) BC_SC_##item
#define BC_SC_
#define BC_SC_CTA_OPND(n) + 1
#define BC_SC_CTA_VAR(n) + 1
#define BC_SC_CTA_ENUM(n, e) + 1
#define BC_SC_CTA_ENUM_SINCE(n, e, major, minor) + 1
#define BC_SC_CTA_UNIT(n) + 1
#define BC_SC_CTA_UNIT_SINCE(n, major, minor) + 1
#define BC_SC_CTA_ATTR(n, k) + 1
/* (name, kind, optional, enum, version or 0 for the op's) */
#define BC_SIG_ARG(v, item) BC_SIG_ARG_(v, BC_SA_##item)
#define BC_SIG_ARG_(v, ...) BC_SIG_ARG__(v, __VA_ARGS__)
#define BC_SIG_ARG__(v, n, k, o, e, s) {n, k, o, e, (s) ? (uint16_t)(s) : (v)},
#define BC_SA_ NULL, 0, 0, 0, 0
#define BC_SA_CTA_OPND(n) n, BC_OPND, 0, 0, 0
#define BC_SA_CTA_VAR(n) n, BC_OPND_VAR, 0, 0, 0
#define BC_SA_CTA_ENUM(n, e) n, BC_A_ENUM, 0, BC_E_##e, 0
#define BC_SA_CTA_ENUM_SINCE(n, e, major, minor) n, BC_A_ENUM, 0, BC_E_##e, BC_V(major, minor)
#define BC_SA_CTA_UNIT(n) n, BC_A_UNIT, 1, 0, 0
#define BC_SA_CTA_UNIT_SINCE(n, major, minor) n, BC_A_UNIT, 1, 0, BC_V(major, minor)
#define BC_SA_CTA_ATTR(n, k) n, BC_A_##k, 0, 0, 0
#define BC_SIG_ROW(c, nr, ver, ...)                                            \
  [CT_OP_##c] = {CT_OP_##c, 0 CT_MAP(BC_SIG_VAR, ~, __VA_ARGS__), (nr), 1,      \
                 (const uint16_t[]){ver}, 0 CT_MAP(BC_SIG_COUNT, ~, __VA_ARGS__), \
                 (const BcArg[]){CT_MAP(BC_SIG_ARG, ver, __VA_ARGS__)}},
#define CT_OP(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, bc, sum)
#define CT_OPX(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, par, dd, ban, vr, bc, sum)
#define CT_OPC(c, m, tr, a, b, rc, rd, nr, sig, fmt, spec, in, nm, bc, sum) \
  BC_SIG_ROW(c, nr, bc, BC_UNPAREN_ sig)
#define CT_OPCX(c, m, tr, a, b, rc, rd, nr, sig, fmt, spec, in, nm, par, dd, ban, vr, bc, sum) \
  BC_SIG_ROW(c, nr, bc, BC_UNPAREN_ sig)
#define BC_UNPAREN_(...) __VA_ARGS__
#define CT_BC(opcode, major, minor) BC_V(major, minor)

const BcOpDesc bc_op_descs[CT_OP_COUNT] = {
  [CT_OP_assert_] = {CT_OP_assert_, 0, 0, 0,
   (const uint16_t[]){0}, 2,
   (const BcArg[]){{"condition", BC_OPND, 0, 0, BC_V(13, 1)}, {"message", BC_A_STR, 0, 0, BC_V(13, 1)}}},
  [CT_OP_assume] = {CT_OP_assume, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 2,
   (const BcArg[]){{"value", BC_OPND, 0, 0, BC_V(13, 1)}, {"predicate", BC_A_PRED, 0, 0, BC_V(13, 1)}}},
  [CT_OP_atomic_cas_tko] = {CT_OP_atomic_cas_tko, 0, 0, 2,
   (const uint16_t[]){BC_V(13, 1), BC_V(13, 1)}, 7,
   (const BcArg[]){{"memory_ordering_semantics", BC_A_ENUM, 0, BC_E_MEM_ORD, BC_V(13, 1)}, {"memory_scope", BC_A_ENUM, 0, BC_E_MEM_SCOPE, BC_V(13, 1)}, {"pointers", BC_OPND, 0, 0, BC_V(13, 1)}, {"cmp", BC_OPND, 0, 0, BC_V(13, 1)}, {"val", BC_OPND, 0, 0, BC_V(13, 1)}, {"mask", BC_OPND_OPT, 0, 0, BC_V(13, 1)}, {"token", BC_OPND_OPT, 0, 0, BC_V(13, 1)}}},
  [CT_OP_atomic_rmw_tko] = {CT_OP_atomic_rmw_tko, 0, 0, 2,
   (const uint16_t[]){BC_V(13, 1), BC_V(13, 1)}, 7,
   (const BcArg[]){{"memory_ordering_semantics", BC_A_ENUM, 0, BC_E_MEM_ORD, BC_V(13, 1)}, {"memory_scope", BC_A_ENUM, 0, BC_E_MEM_SCOPE, BC_V(13, 1)}, {"pointers", BC_OPND, 0, 0, BC_V(13, 1)}, {"mode", BC_A_ENUM, 0, BC_E_RMW_MODE, BC_V(13, 1)}, {"arg", BC_OPND, 0, 0, BC_V(13, 1)}, {"mask", BC_OPND_OPT, 0, 0, BC_V(13, 1)}, {"token", BC_OPND_OPT, 0, 0, BC_V(13, 1)}}},
  [CT_OP_break_] = {CT_OP_break_, 1, 0, 0,
   (const uint16_t[]){0}, 1,
   (const BcArg[]){{"operands", BC_OPND_VAR, 0, 0, BC_V(13, 1)}}},
  [CT_OP_constant] = {CT_OP_constant, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 1,
   (const BcArg[]){{"value", BC_A_DENSE, 0, 0, BC_V(13, 1)}}},
  [CT_OP_continue_] = {CT_OP_continue_, 1, 0, 0,
   (const uint16_t[]){0}, 1,
   (const BcArg[]){{"operands", BC_OPND_VAR, 0, 0, BC_V(13, 1)}}},
  [CT_OP_entry] = {CT_OP_entry, 0, 1, 0,
   (const uint16_t[]){0}, 5,
   (const BcArg[]){{"sym_name", BC_A_STR, 0, 0, BC_V(13, 1)}, {"function_type", BC_A_SKIP, 0, 0, BC_V(13, 1)}, {"arg_attrs", BC_A_SKIP, 1, 0, BC_V(13, 1)}, {"res_attrs", BC_A_SKIP, 1, 0, BC_V(13, 1)}, {"optimization_hints", BC_A_HINTS, 1, 0, BC_V(13, 1)}}},
  [CT_OP_for_] = {CT_OP_for_, 1, 1, 1,
   (const uint16_t[]){BC_V(13, 1)}, 5,
   (const BcArg[]){{"lowerBound", BC_OPND, 0, 0, BC_V(13, 1)}, {"upperBound", BC_OPND, 0, 0, BC_V(13, 1)}, {"step", BC_OPND, 0, 0, BC_V(13, 1)}, {"initValues", BC_OPND_VAR, 0, 0, BC_V(13, 1)}, {"unsignedCmp", BC_A_UNIT, 1, 0, BC_V(13, 2)}}},
  [CT_OP_get_global] = {CT_OP_get_global, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 1,
   (const BcArg[]){{"name", BC_A_SYMREF, 0, 0, BC_V(13, 1)}}},
  [CT_OP_get_index_space_shape] = {CT_OP_get_index_space_shape, 1, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 1,
   (const BcArg[]){{"src", BC_OPND, 0, 0, BC_V(13, 1)}}},
  [CT_OP_get_num_tile_blocks] = {CT_OP_get_num_tile_blocks, 0, 0, 3,
   (const uint16_t[]){BC_V(13, 1), BC_V(13, 1), BC_V(13, 1)}, 0,
   (const BcArg[]){{0}}},
  [CT_OP_get_tensor_shape] = {CT_OP_get_tensor_shape, 1, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 1,
   (const BcArg[]){{"src", BC_OPND, 0, 0, BC_V(13, 1)}}},
  [CT_OP_get_tile_block_id] = {CT_OP_get_tile_block_id, 0, 0, 3,
   (const uint16_t[]){BC_V(13, 1), BC_V(13, 1), BC_V(13, 1)}, 0,
   (const BcArg[]){{0}}},
  [CT_OP_global] = {CT_OP_global, 0, 0, 0,
   (const uint16_t[]){0}, 5,
   (const BcArg[]){{"sym_name", BC_A_STR, 0, 0, BC_V(13, 1)}, {"value", BC_A_DENSE, 0, 0, BC_V(13, 1)}, {"alignment", BC_A_U64, 0, 0, BC_V(13, 1)}, {"constant", BC_A_UNIT, 1, 0, BC_V(13, 3)}, {"symbol_visibility", BC_A_ENUM, 0, BC_E_VISIBILITY, BC_V(13, 3)}}},
  [CT_OP_if_] = {CT_OP_if_, 1, 2, 1,
   (const uint16_t[]){BC_V(13, 1)}, 1,
   (const BcArg[]){{"condition", BC_OPND, 0, 0, BC_V(13, 1)}}},
  [CT_OP_int_to_ptr] = {CT_OP_int_to_ptr, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 1,
   (const BcArg[]){{"source", BC_OPND, 0, 0, BC_V(13, 1)}}},
  [CT_OP_join_tokens] = {CT_OP_join_tokens, 1, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 1,
   (const BcArg[]){{"tokens", BC_OPND_VAR, 0, 0, BC_V(13, 1)}}},
  [CT_OP_load_ptr_tko] = {CT_OP_load_ptr_tko, 0, 0, 2,
   (const uint16_t[]){BC_V(13, 1), BC_V(13, 1)}, 7,
   (const BcArg[]){{"memory_ordering_semantics", BC_A_ENUM, 0, BC_E_MEM_ORD, BC_V(13, 1)}, {"memory_scope", BC_A_ENUM, 1, BC_E_MEM_SCOPE, BC_V(13, 1)}, {"source", BC_OPND, 0, 0, BC_V(13, 1)}, {"mask", BC_OPND_OPT, 0, 0, BC_V(13, 1)}, {"paddingValue", BC_OPND_OPT, 0, 0, BC_V(13, 1)}, {"token", BC_OPND_OPT, 0, 0, BC_V(13, 1)}, {"optimization_hints", BC_A_HINTS, 1, 0, BC_V(13, 1)}}},
  [CT_OP_load_view_tko] = {CT_OP_load_view_tko, 1, 0, 2,
   (const uint16_t[]){BC_V(13, 1), BC_V(13, 1)}, 6,
   (const BcArg[]){{"memory_ordering_semantics", BC_A_ENUM, 0, BC_E_MEM_ORD, BC_V(13, 1)}, {"memory_scope", BC_A_ENUM, 1, BC_E_MEM_SCOPE, BC_V(13, 1)}, {"view", BC_OPND, 0, 0, BC_V(13, 1)}, {"index", BC_OPND_VAR, 0, 0, BC_V(13, 1)}, {"token", BC_OPND_OPT, 0, 0, BC_V(13, 1)}, {"optimization_hints", BC_A_HINTS, 1, 0, BC_V(13, 1)}}},
  [CT_OP_loop] = {CT_OP_loop, 1, 1, 1,
   (const uint16_t[]){BC_V(13, 1)}, 1,
   (const BcArg[]){{"initValues", BC_OPND_VAR, 0, 0, BC_V(13, 1)}}},
  [CT_OP_make_partition_view] = {CT_OP_make_partition_view, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 1,
   (const BcArg[]){{"tensor_view", BC_OPND, 0, 0, BC_V(13, 1)}}},
  [CT_OP_make_tensor_view] = {CT_OP_make_tensor_view, 1, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 3,
   (const BcArg[]){{"base", BC_OPND, 0, 0, BC_V(13, 1)}, {"dynamicShape", BC_OPND_VAR, 0, 0, BC_V(13, 1)}, {"dynamicStrides", BC_OPND_VAR, 0, 0, BC_V(13, 1)}}},
  [CT_OP_make_token] = {CT_OP_make_token, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 0,
   (const BcArg[]){{0}}},
  [CT_OP_module] = {CT_OP_module, 0, 1, 0,
   (const uint16_t[]){0}, 2,
   (const BcArg[]){{"sym_name", BC_A_STR, 0, 0, BC_V(13, 1)}, {"producer", BC_A_STR, 1, 0, BC_V(13, 3)}}},
  [CT_OP_offset] = {CT_OP_offset, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 2,
   (const BcArg[]){{"ptr", BC_OPND, 0, 0, BC_V(13, 1)}, {"offset", BC_OPND, 0, 0, BC_V(13, 1)}}},
  [CT_OP_print_tko] = {CT_OP_print_tko, 1, 0, 1,
   (const uint16_t[]){BC_V(13, 2)}, 3,
   (const BcArg[]){{"str", BC_A_STR, 0, 0, BC_V(13, 1)}, {"args", BC_OPND_VAR, 0, 0, BC_V(13, 1)}, {"token", BC_OPND_OPT, 0, 0, BC_V(13, 2)}}},
  [CT_OP_ptr_to_int] = {CT_OP_ptr_to_int, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 1,
   (const BcArg[]){{"source", BC_OPND, 0, 0, BC_V(13, 1)}}},
  [CT_OP_ptr_to_ptr] = {CT_OP_ptr_to_ptr, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 1,
   (const BcArg[]){{"source", BC_OPND, 0, 0, BC_V(13, 1)}}},
  [CT_OP_return_] = {CT_OP_return_, 1, 0, 0,
   (const uint16_t[]){0}, 1,
   (const BcArg[]){{"operands", BC_OPND_VAR, 0, 0, BC_V(13, 1)}}},
  [CT_OP_store_ptr_tko] = {CT_OP_store_ptr_tko, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 7,
   (const BcArg[]){{"memory_ordering_semantics", BC_A_ENUM, 0, BC_E_MEM_ORD, BC_V(13, 1)}, {"memory_scope", BC_A_ENUM, 1, BC_E_MEM_SCOPE, BC_V(13, 1)}, {"destination", BC_OPND, 0, 0, BC_V(13, 1)}, {"value", BC_OPND, 0, 0, BC_V(13, 1)}, {"mask", BC_OPND_OPT, 0, 0, BC_V(13, 1)}, {"token", BC_OPND_OPT, 0, 0, BC_V(13, 1)}, {"optimization_hints", BC_A_HINTS, 1, 0, BC_V(13, 1)}}},
  [CT_OP_store_view_tko] = {CT_OP_store_view_tko, 1, 0, 1,
   (const uint16_t[]){BC_V(13, 1)}, 7,
   (const BcArg[]){{"memory_ordering_semantics", BC_A_ENUM, 0, BC_E_MEM_ORD, BC_V(13, 1)}, {"memory_scope", BC_A_ENUM, 1, BC_E_MEM_SCOPE, BC_V(13, 1)}, {"tile", BC_OPND, 0, 0, BC_V(13, 1)}, {"view", BC_OPND, 0, 0, BC_V(13, 1)}, {"index", BC_OPND_VAR, 0, 0, BC_V(13, 1)}, {"token", BC_OPND_OPT, 0, 0, BC_V(13, 1)}, {"optimization_hints", BC_A_HINTS, 1, 0, BC_V(13, 1)}}},
  [CT_OP_yield] = {CT_OP_yield, 1, 0, 0,
   (const uint16_t[]){0}, 1,
   (const BcArg[]){{"operands", BC_OPND_VAR, 0, 0, BC_V(13, 1)}}},
  [CT_OP_alloca] = {CT_OP_alloca, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 3)}, 3,
   (const BcArg[]){{"num_elem", BC_A_U64, 0, 0, BC_V(13, 3)}, {"alignment", BC_A_U64, 0, 0, BC_V(13, 3)}, {"global", BC_A_UNIT, 1, 0, BC_V(13, 3)}}},
  [CT_OP_make_gather_scatter_view] = {CT_OP_make_gather_scatter_view, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 3)}, 1,
   (const BcArg[]){{"tensor_view", BC_OPND, 0, 0, BC_V(13, 1)}}},
  [CT_OP_make_strided_view] = {CT_OP_make_strided_view, 0, 0, 1,
   (const uint16_t[]){BC_V(13, 3)}, 1,
   (const BcArg[]){{"tensor_view", BC_OPND, 0, 0, BC_V(13, 3)}}},
  [CT_OP_atomic_red_view_tko] = {CT_OP_atomic_red_view_tko, 1, 0, 1,
   (const uint16_t[]){BC_V(13, 3)}, 7,
   (const BcArg[]){{"memory_ordering_semantics", BC_A_ENUM, 0, BC_E_MEM_ORD, BC_V(13, 3)}, {"memory_scope", BC_A_ENUM, 0, BC_E_MEM_SCOPE, BC_V(13, 3)}, {"view", BC_OPND, 0, 0, BC_V(13, 3)}, {"index", BC_OPND_VAR, 0, 0, BC_V(13, 3)}, {"mode", BC_A_ENUM, 0, BC_E_RMW_MODE, BC_V(13, 3)}, {"value", BC_OPND, 0, 0, BC_V(13, 3)}, {"token", BC_OPND_OPT, 0, 0, BC_V(13, 3)}}},
  [CT_OP_testing_bytecode_test_new_attribute] = {CT_OP_testing_bytecode_test_new_attribute, 0, 0, 0,
   (const uint16_t[]){0}, 2,
   (const BcArg[]){{"new_flag", BC_A_UNIT, 1, 0, BC_V(250, 1)}, {"new_param", BC_A_U32, 0, 0, BC_V(250, 1)}}},
  [CT_OP_testing_func] = {CT_OP_testing_func, 0, 1, 0,
   (const uint16_t[]){0}, 4,
   (const BcArg[]){{"sym_name", BC_A_STR, 0, 0, BC_V(250, 0)}, {"function_type", BC_A_SKIP, 0, 0, BC_V(250, 0)}, {"arg_attrs", BC_A_SKIP, 1, 0, BC_V(250, 0)}, {"res_attrs", BC_A_SKIP, 1, 0, BC_V(250, 0)}}},
  [CT_OP_testing_bytecode_test_evolution] = {CT_OP_testing_bytecode_test_evolution, 1, 0, 1,
   (const uint16_t[]){BC_V(250, 1)}, 5,
   (const BcArg[]){{"inputs", BC_OPND_VAR, 0, 0, BC_V(250, 0)}, {"new_attr", BC_A_U32, 1, 0, BC_V(250, 1)}, {"optional_token", BC_OPND_OPT, 0, 0, BC_V(250, 1)}, {"priority", BC_A_ENUM, 1, BC_E_TEST_PRIORITY, BC_V(250, 0)}, {"test_attr", BC_A_TESTVAL, 1, 0, BC_V(250, 1)}}},
#include "dialect/cuda_tile/ops_compute.def"
};
#undef CT_BC
#undef CT_OPCX
#undef CT_OPC
#undef CT_OPX
#undef CT_OP
const size_t bc_num_op_descs = CT_OP_COUNT;

/* Public opcodes and the testing ops' (0x3000...) -> op index + 1, from the
 * CT_BC column of the rows (a duplicate opcode is an initializer-override
 * warning; an opcode outside both ranges does not compile). */
#define BC_TESTING_BASE 0x3000u
#define BC_OPCODE_SLOT(o) ((o) >= BC_TESTING_BASE ? (o) - BC_TESTING_BASE + 0x100u : (o))
static const uint8_t op_by_opcode[0x110] = {
    [0x4B] = CT_OP_module + 1,
#define CT_BC(opcode, major, minor) BC_OPCODE_SLOT(opcode)
#define CT_OP(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, bc, sum) [bc] = CT_OP_##c + 1,
#define CT_OPX(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, par, dd, ban, vr, bc, sum) \
  [bc] = CT_OP_##c + 1,
#include "dialect/cuda_tile/ops_core.def"
#include "dialect/cuda_tile/ops_compute.def"
#undef CT_OPX
#undef CT_OP
#undef CT_BC
};
_Static_assert(CT_OP_COUNT < 255, "op_by_opcode holds op index + 1 in a byte");

/* An op's row, by index: NULL where the op has none (a row's res_ver is
 * never NULL). */
static const BcOpDesc *row_of(size_t op) {
  return op < CT_OP_COUNT && bc_op_descs[op].res_ver ? &bc_op_descs[op] : NULL;
}

const BcOpDesc *bc_op_of(const IrOpInfo *info) {
  if (info < ct_op_infos || info >= ct_op_infos + CT_OP_COUNT) return NULL;
  return row_of((size_t)(info - ct_op_infos));
}

const BcOpDesc *bc_op_by_opcode(uint64_t opcode) {
  uint64_t slot;
  if (opcode < 0x100) slot = opcode;
  else if (opcode >= BC_TESTING_BASE && opcode < BC_TESTING_BASE + 0x10) slot = opcode - BC_TESTING_BASE + 0x100;
  else return NULL;
  if (!op_by_opcode[slot]) return NULL;
  return row_of(op_by_opcode[slot] - 1u);
}
