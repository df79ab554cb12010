/* test_census.c — every op of every dialect has each layer it needs (issue 12).
 *
 * For each op row of cuda_tile and nv_tileaa the census asks:
 *   syntax    a custom parser and printer; for cuda_tile compute rows (the
 *             format engine's ct_parse_compute) a format on the row; for
 *             nv_tileaa rows (the shared aa_parse_op) an AaOpDesc;
 *   verify    a verifier; for cuda_tile compute rows (the spec engine's
 *             ct_verify_compute, which accepts anything without a spec) a
 *             spec on the row; or the op is on the explicit list of ops whose
 *             ODS definition has no verifier (generic checks only);
 *   bytecode  (cuda_tile) a row in the bytecode op table, or the op is on the
 *             explicit not-serializable list.  nv_tileaa has no bytecode;
 *   interp    (cuda_tile) a handler in the interpreter's table, or the op is
 *             on the explicit list of ops the block walker runs itself
 *             (structure and control flow) or of ops that are not interpreted.
 * A new op without one of these fails here, instead of silently printing a
 * bare name, never verifying, or failing only when a user writes bytecode. */
#include "unit.h"

#include "bytecode/bc_internal.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_ops_compute.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/nv_tileaa/aa.h"
#include "interp/interp_internal.h"

/* Ops whose NVIDIA definition has no verifier: the generic checks (counts,
 * traits, parents) are all there is.  Keep the list short. */
static const char *const no_verifier[] = {
    /* seed 002 gives these nv_tileaa ops no verifier of their own */
    "nv_tileaa.mark_for_reuse", "nv_tileaa.pragma", "nv_tileaa.message", "nv_tileaa.print",
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
/* ...or not interpreted at all (bytecode-format test ops). */
static const char *const not_interpreted[] = {
    "cuda_tile.testing$bytecode_test_new_attribute",
    "cuda_tile.testing$bytecode_test_evolution",
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
  /* every bytecode row belongs to one op, and no op has two rows */
  int rows_per_op[CT_OP_COUNT] = {0};
  for (size_t i = 0; i < bc_num_op_descs; i++) {
    if (!CHECK(bc_op_descs[i].op < CT_OP_COUNT)) continue;
    rows_per_op[bc_op_descs[i].op]++;
  }
  /* the opcodes (the rows' CT_BC column) are unique and the table is sorted
   * by them, as bc_op_by_opcode's search needs */
  for (size_t i = 1; i < bc_num_op_descs; i++)
    CHECK(bc_op_opcode(&bc_op_descs[i - 1]) < bc_op_opcode(&bc_op_descs[i]));
  for (size_t i = 0; i < bc_num_op_descs; i++)
    CHECK(bc_op_by_opcode(bc_op_opcode(&bc_op_descs[i])) == &bc_op_descs[i]);
  for (size_t i = 0; i < CT_OP_COUNT; i++)
    if (rows_per_op[i] > 1) report("a single bytecode row (it has several)", &ct_op_infos[i]);
  CHECK_EQ_INT(missing - before, 0);
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
  CHECK(bc_op_of(ct_op(addi)) != NULL && bc_op_opcode(bc_op_of(ct_op(addi))) == 0x3);
}

UNIT_MAIN {
  test_cuda_tile();
  test_nv_tileaa();
  test_census_catches();
}
