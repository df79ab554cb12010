/* bc_optable.c — the per-op bytecode encoding table: opcode, version and the
 * ODS argument/result order of every cuda_tile op (see bc_internal.h for the
 * layout these rows drive), indexed by the op's index in the cuda_tile op
 * table (CtOpIndex), never by its name.  The opcode and the version that
 * introduced the op are the row's CT_BC column in the .def files
 * (bc_op_opcode, bc_op_ver; BytecodeOpcodes.td, frozen by the format).
 *
 * Every row but the module's (row 0, written out below) is generated from
 * the `sig` column of its .def row (ops_core.def / ops_compute.def), where
 * the argument names, kinds, optionality and versions are written once (in
 * ODS order, as NVIDIA's Ops.td declares them); the IrOpInfo table takes the
 * op's inherent attribute names from the same column.  A row's fields:
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
#define BC_SV_CTA_OPT(n)
#define BC_SV_CTA_OPT_SINCE(n, major, minor)
#define BC_SV_CTA_OPND_SINCE(n, major, minor)
#define BC_SV_CTA_OPT_ENUM(n, e)
#define BC_SV_CTA_OPT_ATTR(n, k)
#define BC_SV_CTA_ATTR_SINCE(n, k, major, minor)
#define BC_SV_CTA_DFLT(mk, item) BC_SV_##item
#define BC_SV_CTA_OPT_ATTR_SINCE(n, k, major, minor)
#define BC_SV_CTA_SEGS
#define BC_SV_CTR_SINCE(major, minor)
#define BC_SIG_COUNT(c, item) BC_SC_##item
#define BC_SC_
#define BC_SC_CTA_OPND(n) + 1
#define BC_SC_CTA_VAR(n) + 1
#define BC_SC_CTA_ENUM(n, e) + 1
#define BC_SC_CTA_ENUM_SINCE(n, e, major, minor) + 1
#define BC_SC_CTA_UNIT(n) + 1
#define BC_SC_CTA_UNIT_SINCE(n, major, minor) + 1
#define BC_SC_CTA_ATTR(n, k) + 1
#define BC_SC_CTA_OPT(n) + 1
#define BC_SC_CTA_OPT_SINCE(n, major, minor) + 1
#define BC_SC_CTA_OPND_SINCE(n, major, minor) + 1
#define BC_SC_CTA_OPT_ENUM(n, e) + 1
#define BC_SC_CTA_OPT_ATTR(n, k) + 1
#define BC_SC_CTA_ATTR_SINCE(n, k, major, minor) + 1
#define BC_SC_CTA_DFLT(mk, item) BC_SC_##item
#define BC_SC_CTA_OPT_ATTR_SINCE(n, k, major, minor) + 1
#define BC_SC_CTA_SEGS
#define BC_SC_CTR_SINCE(major, minor)
/* (name, kind, optional, enum, version or 0 for the op's) */
#define BC_SIG_ARG(v, item) BC_SIG_ARG_(v, BC_SA_##item)
#define BC_SIG_ARG_(v, ...) BC_SIG_ARG__(v, __VA_ARGS__)
#define BC_SIG_ARG__(v, emit, n, k, o, e, s) emit(v, n, k, o, e, s)
#define BC_EMIT_(v, n, k, o, e, s) {n, k, o, e, (s) ? (uint16_t)(s) : (v)},
#define BC_SKIP_(v, n, k, o, e, s)
#define BC_SA_ BC_EMIT_, NULL, 0, 0, 0, 0
#define BC_SA_CTA_OPND(n) BC_EMIT_, n, BC_OPND, 0, 0, 0
#define BC_SA_CTA_VAR(n) BC_EMIT_, n, BC_OPND_VAR, 0, 0, 0
#define BC_SA_CTA_ENUM(n, e) BC_EMIT_, n, BC_A_ENUM, 0, BC_E_##e, 0
#define BC_SA_CTA_ENUM_SINCE(n, e, major, minor) BC_EMIT_, n, BC_A_ENUM, 0, BC_E_##e, BC_V(major, minor)
#define BC_SA_CTA_UNIT(n) BC_EMIT_, n, BC_A_UNIT, 1, 0, 0
#define BC_SA_CTA_UNIT_SINCE(n, major, minor) BC_EMIT_, n, BC_A_UNIT, 1, 0, BC_V(major, minor)
#define BC_SA_CTA_ATTR(n, k) BC_EMIT_, n, BC_A_##k, 0, 0, 0
#define BC_SA_CTA_OPT(n) BC_EMIT_, n, BC_OPND_OPT, 0, 0, 0
#define BC_SA_CTA_OPT_SINCE(n, major, minor) BC_EMIT_, n, BC_OPND_OPT, 0, 0, BC_V(major, minor)
#define BC_SA_CTA_OPND_SINCE(n, major, minor) BC_EMIT_, n, BC_OPND, 0, 0, BC_V(major, minor)
#define BC_SA_CTA_OPT_ENUM(n, e) BC_EMIT_, n, BC_A_ENUM, 1, BC_E_##e, 0
#define BC_SA_CTA_OPT_ATTR(n, k) BC_EMIT_, n, BC_A_##k, 1, 0, 0
#define BC_SA_CTA_ATTR_SINCE(n, k, major, minor) BC_EMIT_, n, BC_A_##k, 0, 0, BC_V(major, minor)
#define BC_SA_CTA_DFLT(mk, item) BC_SA_##item
#define BC_SA_CTA_OPT_ATTR_SINCE(n, k, major, minor) BC_EMIT_, n, BC_A_##k, 1, 0, BC_V(major, minor)
/* items that are no argument: an empty slot, dropped (BC_SIG_ARG_) */
#define BC_SA_CTA_SEGS BC_SKIP_, 0, 0, 0, 0, 0
#define BC_SA_CTR_SINCE(major, minor) BC_SKIP_, 0, 0, 0, 0, 0
#define BC_SIG_ROW(c, nr, ver, ...)                                            \
  [CT_OP_##c] = {CT_OP_##c, 0 CT_MAP(BC_SIG_VAR, ~, __VA_ARGS__), (nr), 1,      \
                 (const uint16_t[]){ver}, 0 CT_MAP(BC_SIG_COUNT, ~, __VA_ARGS__), \
                 (const BcArg[]){CT_MAP(BC_SIG_ARG, ver, __VA_ARGS__)}},
/* Core rows (ops_core.def): the same from their `sig` column, plus what
 * compute rows never have: results counted from the row (max_results, or
 * one encoded count where variadic, which makes the op variadic too), a
 * result version other than the op's (CTR_SINCE), and items that are no
 * argument (CTA_SEGS).  res_ver has room for the most results a core op
 * declares (3); only the first nres are read. */
#define BC_RV(c, item) BC_RV_##item
#define BC_RV_
#define BC_RV_CTR_SINCE(major, minor) +BC_V(major, minor)
#define BC_RV_CTA_OPND(n)
#define BC_RV_CTA_VAR(n)
#define BC_RV_CTA_ENUM(n, e)
#define BC_RV_CTA_ENUM_SINCE(n, e, major, minor)
#define BC_RV_CTA_UNIT(n)
#define BC_RV_CTA_UNIT_SINCE(n, major, minor)
#define BC_RV_CTA_ATTR(n, k)
#define BC_RV_CTA_OPT(n)
#define BC_RV_CTA_OPT_SINCE(n, major, minor)
#define BC_RV_CTA_OPND_SINCE(n, major, minor)
#define BC_RV_CTA_OPT_ENUM(n, e)
#define BC_RV_CTA_OPT_ATTR(n, k)
#define BC_RV_CTA_ATTR_SINCE(n, k, major, minor)
#define BC_RV_CTA_DFLT(mk, item) BC_RV_##item
#define BC_RV_CTA_OPT_ATTR_SINCE(n, k, major, minor)
#define BC_RV_CTA_SEGS
#define BC_RES_VER(ver, ...)                                                   \
  (uint16_t)((0 CT_MAP(BC_RV, ~, __VA_ARGS__)) ? (0 CT_MAP(BC_RV, ~, __VA_ARGS__)) : (ver))
#define BC_CORE_ROW(c, rd, nr, ver, ...)                                       \
  [CT_OP_##c] = {CT_OP_##c, (0 CT_MAP(BC_SIG_VAR, ~, __VA_ARGS__)) | ((rd) < 0), (nr),  \
                 (rd) < 0 ? 1 : (rd),                                          \
                 (const uint16_t[]){BC_RES_VER(ver, __VA_ARGS__), BC_RES_VER(ver, __VA_ARGS__), \
                                    BC_RES_VER(ver, __VA_ARGS__)},             \
                 0 CT_MAP(BC_SIG_COUNT, ~, __VA_ARGS__),                       \
                 (const BcArg[]){CT_MAP(BC_SIG_ARG, ver, __VA_ARGS__)}},
#define CT_OP(c, m, tr, a, b, rc, rd, nr, sig, pa, pr, ve, sp, nm, bc, sum) \
  BC_CORE_ROW(c, rd, nr, bc, BC_UNPAREN_ sig)
#define CT_OPX(c, m, tr, a, b, rc, rd, nr, sig, pa, pr, ve, sp, nm, par, dd, ban, vr, bc, sum) \
  BC_CORE_ROW(c, rd, nr, bc, BC_UNPAREN_ sig)
#define CT_OPC(c, m, tr, a, b, rc, rd, nr, sig, fmt, spec, in, nm, bc, sum) \
  BC_SIG_ROW(c, nr, bc, BC_UNPAREN_ sig)
#define CT_OPCX(c, m, tr, a, b, rc, rd, nr, sig, fmt, spec, in, nm, par, dd, ban, vr, bc, sum) \
  BC_SIG_ROW(c, nr, bc, BC_UNPAREN_ sig)
#define BC_UNPAREN_(...) __VA_ARGS__
#define CT_BC(opcode, major, minor) BC_V(major, minor)

const BcOpDesc bc_op_descs[CT_OP_COUNT] = {
  [CT_OP_module] = {CT_OP_module, 0, 1, 0,
   (const uint16_t[]){0}, 2,
   (const BcArg[]){{"sym_name", BC_A_STR, 0, 0, BC_V(13, 1)}, {"producer", BC_A_STR, 1, 0, BC_V(13, 3)}}},
#include "dialect/cuda_tile/ops_core.def"
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
