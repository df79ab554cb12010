/* test_census.c — every op of every dialect has each layer it needs (issue 12).
 *
 * For each op row of cuda_tile and nv_tileaa (and of arith, math, scf,
 * nvvm and nv_tileas: test_std_dialects below) the census asks:
 *   syntax    a custom parser and printer; for cuda_tile compute rows (the
 *             format engine's ct_parse_compute) a format on the row; for
 *             nv_tileaa rows (the shared aa_parse_op) an AaOpDesc;
 *   verify    a verifier; for cuda_tile compute rows (the spec engine's
 *             ct_verify_compute, which accepts anything without a spec) a
 *             spec on the row; for the other cuda_tile rows a CtOdsSpec in
 *             the row's spec column; or the op is on the explicit list of
 *             ops whose ODS definition has no verifier (generic checks only);
 *   bytecode  (cuda_tile) a row in the bytecode op table, or the op is on the
 *             explicit not-serializable list.  nv_tileaa has no bytecode;
 *   interp    (cuda_tile) a handler in the interpreter's table, or the op is
 *             on the explicit list of ops the block walker runs itself
 *             (structure and control flow) or of ops that are not interpreted.
 * The other dialects: syntax (custom parser and printer; for arith/math rows
 * using the shared std_parse_op, a StdOpDesc on the row), verify (a verifier
 * or region verifier, or the no_verifier list) and interp (an arith/math
 * handler in interp_std.c, a lowered-op handler in interp_lower.c, or one of
 * the explicit lists: run by the interpreter's walker, or not interpreted).
 * A new op without one of these fails here, instead of silently printing a
 * bare name, never verifying, or failing only when a user writes bytecode. */
#include "unit.h"

#include "bytecode/bc_internal.h"
#include "dialect/arith/arith.h"
#include "dialect/std/std_ops.h"
#include "dialect/math/math.h"
#include "dialect/nv_tileas/nv_tileas.h"
#include "interp/interp_queue.h"
#include "dialect/nvvm/nvvm.h"
#include "dialect/scf/scf.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_ops_compute.h"
#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/nv_tileaa/aa.h"
#include "interp/interp_internal.h"
#include "interp/interp_lower.h"
#include "interp/interp_std.h"

/* Ops whose NVIDIA definition has no verifier: the generic checks (counts,
 * traits, parents) are all there is.  Keep the list short. */
static const char *const no_verifier[] = {
    /* seed 002 gives these nv_tileaa ops no verifier of their own */
    "nv_tileaa.mark_for_reuse", "nv_tileaa.pragma", "nv_tileaa.message", "nv_tileaa.print",
    /* MLIR's scf.yield has no verifier (HasParent and the parents' region
     * verifiers check it) */
    "scf.yield",
    NULL,
};

/* cuda_tile ops that have no bytecode encoding. */
static const char *const not_serializable[] = {
    NULL,
};

/* cuda_tile ops without a handler: run by the interpreter's block walker
 * (interp_core.c: functions, regions, terminators, control flow)... */
static const char *const interp_structural[] = {
    "cuda_tile.module", "cuda_tile.entry", "cuda_tile.testing$func", "cuda_tile.global",
    "cuda_tile.return", "cuda_tile.yield", "cuda_tile.break", "cuda_tile.continue",
    "cuda_tile.if", "cuda_tile.for", "cuda_tile.loop", NULL,
};
/* ...or not interpreted at all (bytecode-format test ops; scf ops that
 * neither the conversion nor the lowering emits). */
static const char *const not_interpreted[] = {
    "cuda_tile.testing$bytecode_test_new_attribute",
    "cuda_tile.testing$bytecode_test_evolution",
    "scf.execute_region", "scf.index_switch",
    /* arith/math ops that ctile parses, prints and verifies (the std dialect
     * rosters of docs/std_dialects.md) but that neither the conversion nor
     * the lowering emits, so interp_std.c has no handler for them yet */
    "arith.extf", "arith.truncf", "math.round", "math.trunc", "math.expm1", "math.log10",
    "math.log1p", "math.asin", "math.acos", "math.atan", "math.erf", "math.fpowi",
    "math.ipowi", "math.fma", "math.copysign", "math.isnan", "math.isinf", "math.isfinite",
    "math.cbrt",
    NULL,
};
/* Ops of the other dialects that the interpreter's walker runs itself
 * (interp_aa.c, in_exec_foreign: scf loops, branches and terminators). */
static const char *const interp_walker[] = {
    "scf.for", "scf.if", "scf.while", "scf.yield", "scf.condition",
    "nv_tileas.async.pipeline.yield", /* the region terminator (interp_aa.c) */
    NULL,
};

static bool listed(const char *const *list, const char *name) {
  for (; *list; list++)
    if (!strcmp(*list, name)) return true;
  return false;
}

static int missing;
static bool quiet; /* the self-test's deliberate gap is not printed */

static void report(const char *what, const IrOpInfo *info) {
  if (!quiet) printf("  census: %s lacks %s\n", info->name, what);
  missing++;
}

static void test_cuda_tile(void) {
  int before = missing;
  CHECK_EQ_INT(ct_num_op_infos, CT_OP_COUNT);
  for (size_t i = 0; i < ct_num_op_infos; i++) {
    const IrOpInfo *info = &ct_op_infos[i];
    /* syntax */
    if (!info->parse || !info->print) report("a custom parser/printer", info);
    else if (info->parse == ct_parse_compute && !ct_compute_has_format(info))
      report("a format on its ops_compute.def row", info);
    /* verify */
    if (info->verify == ct_verify_compute) {
      if (!ct_compute_has_spec(info)) report("a verify spec on its ops_compute.def row", info);
    } else if (!info->verify && !listed(no_verifier, info->name)) {
      report("a verifier (or an entry in the census's no_verifier list)", info);
    } else if (!ct_op_ods_specs[i]) {
      report("an ODS spec in the spec column of its ops_core.def row", info);
    }
    /* bytecode */
    const BcOpDesc *d = bc_op_of(info);
    if (!d && !listed(not_serializable, info->name))
      report("a bytecode row (or an entry in the census's not_serializable list)", info);
    if (d) CHECK_STREQ(bc_op_name(d), info->name);
    /* interpreter */
    bool exempt = listed(interp_structural, info->name) || listed(not_interpreted, info->name);
    if (!in_handler_for_info(info) && !exempt)
      report("an interpreter handler (or an entry in the census's interpreter lists)", info);
    if (in_handler_for_info(info) && exempt)
      report("removal from the census's interpreter lists (it has a handler)", info);
  }
  /* the table is indexed by op; every row names its own op, and its opcode
   * (the CT_BC column) finds it again */
  CHECK_EQ_INT((int)bc_num_op_descs, CT_OP_COUNT);
  for (size_t i = 0; i < CT_OP_COUNT; i++) {
    const BcOpDesc *d = bc_op_of(&ct_op_infos[i]);
    if (!d) continue;
    CHECK_EQ_INT(d->op, (int)i);
    if (bc_op_by_opcode(bc_op_opcode(d)) != d)
      report("a unique opcode in its CT_BC column", &ct_op_infos[i]);
  }
  /* a gap in the public opcodes finds no row */
  uint32_t gap = 0;
  for (bool used = true; used && gap < 0x100; gap += used) {
    used = false;
    for (size_t i = 0; i < CT_OP_COUNT; i++) used |= ct_op_bc_opcode((CtOpIndex)i) == gap;
  }
  if (CHECK(gap < 0x100)) CHECK(bc_op_by_opcode(gap) == NULL);
  CHECK(bc_op_by_opcode(0x2000) == NULL);
  CHECK(bc_op_by_opcode(UINT64_MAX) == NULL);
  CHECK_EQ_INT(missing - before, 0);
}

/* The bytecode rows of compute ops are generated from the `sig` column of
 * their .def row, which also gives the IrOpInfo its inherent attributes. */
static void test_sig_column(void) {
  const BcOpDesc *d = bc_op_of(ct_op(addf));
  if (CHECK(d != NULL) && CHECK_EQ_INT(d->nargs, 4)) {
    CHECK_STREQ(d->args[0].name, "lhs");
    CHECK_EQ_INT(d->args[0].kind, BC_OPND);
    CHECK_STREQ(d->args[2].name, "rounding_mode");
    CHECK_EQ_INT(d->args[2].kind, BC_A_ENUM);
    CHECK_EQ_INT(d->args[2].enum_id, BC_E_ROUNDING);
    CHECK_EQ_INT(d->args[2].optional, 0);
    CHECK_STREQ(d->args[3].name, "flush_to_zero");
    CHECK_EQ_INT(d->args[3].kind, BC_A_UNIT);
    CHECK_EQ_INT(d->args[3].optional, 1);
    CHECK_EQ_INT(d->args[3].ver, BC_V(13, 1));
    CHECK_EQ_INT(d->var_results, 0);
    CHECK_EQ_INT(d->nres, 1);
    CHECK_EQ_INT(d->res_ver[0], BC_V(13, 1));
  }
  /* an argument newer than its op (CTA_ENUM_SINCE) */
  d = bc_op_of(ct_op(exp));
  if (CHECK(d != NULL) && CHECK_EQ_INT(d->nargs, 2))
    CHECK_EQ_INT(d->args[1].ver, BC_V(13, 3));
  /* an op introduced later: its arguments and result come with it */
  d = bc_op_of(ct_op(atan2));
  if (CHECK(d != NULL) && CHECK_EQ_INT(d->nargs, 2)) {
    CHECK_EQ_INT(d->args[1].ver, BC_V(13, 2));
    CHECK_EQ_INT(d->res_ver[0], BC_V(13, 2));
  }
  /* core rows (ops_core.def): optional operands and attributes, segments
   * not encoded, results counted from the row, a result version of its own */
  d = bc_op_of(ct_op(print_tko));
  if (CHECK(d != NULL) && CHECK_EQ_INT(d->nargs, 3)) {
    CHECK_STREQ(d->args[2].name, "token");
    CHECK_EQ_INT(d->args[2].kind, BC_OPND_OPT);
    CHECK_EQ_INT(d->args[2].ver, BC_V(13, 2));
    CHECK_EQ_INT(d->args[0].ver, BC_V(13, 1));
    CHECK_EQ_INT(d->var_results, 1);
    CHECK_EQ_INT(d->res_ver[0], BC_V(13, 2));
  }
  d = bc_op_of(ct_op(load_ptr_tko));
  if (CHECK(d != NULL) && CHECK_EQ_INT(d->nargs, 7)) {
    CHECK_EQ_INT(d->args[1].optional, 1); /* memory_scope */
    CHECK_EQ_INT(d->args[1].enum_id, BC_E_MEM_SCOPE);
    CHECK_EQ_INT(d->var_results, 0);
    CHECK_EQ_INT(d->nres, 2);
  }
  d = bc_op_of(ct_op(atomic_cas_tko));
  if (CHECK(d != NULL) && CHECK_EQ_INT(d->nargs, 7)) CHECK_EQ_INT(d->args[1].optional, 0);
  d = bc_op_of(ct_op(get_tile_block_id));
  if (CHECK(d != NULL)) {
    CHECK_EQ_INT(d->nargs, 0);
    CHECK_EQ_INT(d->nres, 3);
  }
  d = bc_op_of(ct_op(get_tensor_shape)); /* Variadic<> results: one count */
  if (CHECK(d != NULL)) {
    CHECK_EQ_INT(d->var_results, 1);
    CHECK_EQ_INT(d->nres, 1);
  }
  d = bc_op_of(ct_op(make_gather_scatter_view)); /* an argument older than its op */
  if (CHECK(d != NULL) && CHECK_EQ_INT(d->nargs, 1)) {
    CHECK_EQ_INT(d->args[0].ver, BC_V(13, 1));
    CHECK_EQ_INT(d->res_ver[0], BC_V(13, 3));
  }
  /* the inherent names come from the same column, with operandSegmentSizes */
  const char *const *pinh = ct_op(print_tko)->inherent;
  if (CHECK(pinh != NULL)) {
    CHECK_STREQ(pinh[0], "str");
    CHECK_STREQ(pinh[1], "operandSegmentSizes");
    CHECK(pinh[2] == NULL);
  }
  /* a Variadic<> operand group encodes the result count; regions */
  d = bc_op_of(ct_op(extract));
  if (CHECK(d != NULL)) CHECK_EQ_INT(d->var_results, 1);
  d = bc_op_of(ct_op(scan));
  if (CHECK(d != NULL) && CHECK_EQ_INT(d->nargs, 4)) {
    CHECK_EQ_INT(d->nregions, 1);
    CHECK_EQ_INT(d->args[2].kind, BC_A_BOOL);
  }
  /* an empty signature */
  d = bc_op_of(ct_op(iota));
  if (CHECK(d != NULL)) CHECK_EQ_INT(d->nargs, 0);
  /* inherent attributes: the signature's attributes, in ODS order */
  const char *const *inh = ct_op(cmpi)->inherent;
  if (CHECK(inh != NULL)) {
    CHECK_STREQ(inh[0], "comparison_predicate");
    CHECK_STREQ(inh[1], "signedness");
    CHECK(inh[2] == NULL);
  }
  inh = ct_op(absf)->inherent;
  CHECK(inh == NULL || inh[0] == NULL);
}

static void test_nv_tileaa(void) {
  int before = missing;
  for (size_t i = 0; i < AA_OP_COUNT; i++) {
    const IrOpInfo *info = &aa_op_infos[i];
    if (!info->parse || !info->print) report("a custom parser/printer", info);
    else if (info->parse == aa_parse_op && !aa_desc(info)) report("an AaOpDesc format", info);
    if (!info->verify && !listed(no_verifier, info->name))
      report("a verifier (or an entry in the census's no_verifier list)", info);
  }
  CHECK_EQ_INT(missing - before, 0);
}

/* Whether the interpreter has a handler for an op of arith, math, nvvm or
 * nv_tileas (interp_std.c by name; interp_lower.c and interp_queue.c by op
 * kind). */
static bool std_handler(const IrOpInfo *info) {
  IrOp probe = {.info = info};
  return in_std_handler(info->name) != NULL || in_lower_handler(&probe) != NULL ||
         in_queue_handler(&probe) != NULL;
}

/* One dialect's rows: syntax, verify and interp layers. */
static void census_dialect(const IrDialect *d) {
  for (size_t i = 0; i < d->nops; i++) {
    const IrOpInfo *info = &d->ops[i];
    if (!info->parse || !info->print) report("a custom parser/printer", info);
    else if (info->parse == std_parse_op && !std_desc(info))
      report("a StdOpDesc (STD_D column) on its ops.def row", info);
    if (!info->verify && !info->verify_regions && !listed(no_verifier, info->name))
      report("a verifier (or an entry in the census's no_verifier list)", info);
    bool exempt = listed(interp_walker, info->name) || listed(not_interpreted, info->name);
    if (!std_handler(info) && !exempt)
      report("an interpreter handler (or an entry in the census's interpreter lists)", info);
    if (std_handler(info) && exempt)
      report("removal from the census's interpreter lists (it has a handler)", info);
  }
}

static void test_std_dialects(void) {
  int before = missing;
  const IrDialect *const dialects[] = {&arith_dialect, &math_dialect, &scf_dialect,
                                       &nvvm_dialect,  &tas_dialect};
  size_t total = 0;
  for (size_t k = 0; k < sizeof dialects / sizeof dialects[0]; k++) {
    CHECK(dialects[k]->nops > 0);
    census_dialect(dialects[k]);
    total += dialects[k]->nops;
  }
  CHECK_EQ_INT((int)total, ARITH_OP_COUNT + MATH_OP_COUNT + SCF_OP_COUNT + NVVM_OP_COUNT +
                               TAS_OP_COUNT);
  CHECK_EQ_INT(missing - before, 0);
}

/* The census itself notices a missing layer: a row without hooks fails. */
static void test_census_catches(void) {
  IrOpInfo fake = {.name = "cuda_tile.fake"};
  int before = missing;
  quiet = true;
  if (!fake.parse || !fake.print) report("a custom parser/printer", &fake);
  CHECK(bc_op_of(&fake) == NULL); /* not a row of the table */
  CHECK_EQ_INT(missing - before, 1);
  missing = before;
  quiet = false;
  CHECK(!ct_compute_has_format(&fake));
  CHECK(!ct_compute_has_spec(&fake));
  CHECK(ct_compute_has_format(ct_op(addi)));
  CHECK(ct_compute_has_spec(ct_op(addi)));
  /* the core rows' spec column: by index, shared where the rows share it;
   * compute rows have none there (their own spec engine) */
  CHECK(ct_op_ods_specs[CT_OP_offset] == &ct_spec_offset);
  CHECK(ct_op_ods_specs[CT_OP_module] == &ct_spec_module);
  CHECK(ct_op_ods_specs[CT_OP_yield] == ct_op_ods_specs[CT_OP_break_]);
  CHECK(ct_op_ods_specs[CT_OP_addi] == NULL);
  CHECK(bc_op_of(ct_op(addi)) != NULL && bc_op_opcode(bc_op_of(ct_op(addi))) == 0x3);
  /* the other dialects' layer probes: an arith row without its handler
   * entry, a row of a dialect without an interpreter table */
  quiet = true;
  IrOpInfo no_handler = arith_op_infos[ARITH_OP_addi];
  no_handler.name = "arith.fake";
  no_handler.verify = NULL;
  IrDialect fake_dialect = {.name = "arith", .ops = &no_handler, .nops = 1};
  census_dialect(&fake_dialect);
  CHECK_EQ_INT(missing - before, 2); /* no verifier, no handler */
  missing = before;
  quiet = false;
  CHECK(std_handler(arith_op(addi)));
  CHECK(std_handler(&nvvm_op_infos[NVVM_OP_init]));
  CHECK(std_handler(&tas_op_infos[TAS_OP_alloc_mbarrier]));
  CHECK(!std_handler(&scf_op_infos[SCF_OP_for]));
}

UNIT_MAIN {
  test_cuda_tile();
  test_sig_column();
  test_nv_tileaa();
  test_std_dialects();
  test_census_catches();
}
