/* plugins.c — the plugin resource check of hop 2: every nv_tileaa.plugin and
 * nv_tileaa.execute's (and, once materialized, each nv_tileas.agent's)
 * integer resource requirements (registers per thread,
 * named_barriers, shared_memory bytes, tensor_memory bytes) are checked
 * against the resource model of the module's target (lw_resources_for).  A
 * requirement over the budget is a located error naming the resource, the
 * request and the limit.  A module without a target is not checked (there is
 * no budget to check against); a target below sm_80 has no model and fails.
 * (The unit form `tensor_memory` of execute only asks for tensor memory; the
 * nv_tileaa verifier already rejects it on targets without any.) */
#include "conversion/nv_tileaa_lowering/lower.h"

#include "dialect/nv_tileaa/nv_tileaa.h"
#include "dialect/nv_tileas/nv_tileas.h"

typedef struct LwRes {
  const char *attr, *what;
} LwRes;

static const LwRes res_names[] = {
    {"registers", "registers per thread"},
    {"named_barriers", "named barriers"},
    {"shared_memory", "bytes of shared memory"},
    {"tensor_memory", "bytes of tensor memory"},
};

static int64_t limit_of(const LwResources *m, int i) {
  switch (i) {
  case 0: return m->regs_per_thread;
  case 1: return m->named_barriers;
  case 2: return m->smem_bytes;
  default: return m->tmem_bytes;
  }
}

static IrWalkResult check_op(IrOp *op, void *user) {
  bool *ok = user;
  if (op->info != aa_op(plugin) && op->info != aa_op(execute) &&
      op->info != &tas_op_infos[TAS_OP_agent])
    return IR_WALK_ADVANCE;
  int64_t sm = aa_target_sm(op);
  if (!sm) return IR_WALK_ADVANCE;
  const LwResources *m = lw_resources_for(sm);
  if (!m) {
    *ok = ir_op_error(op, "has no resource model for target sm_%lld (sm_80, sm_90, sm_100 and "
                          "sm_120 are modelled)",
                      (long long)sm);
    return IR_WALK_INTERRUPT;
  }
  for (int i = 0; i < 4; i++) {
    const IrAttr *a = ir_op_attrz(op, res_names[i].attr);
    if (!a || !ir_attr_is(a, &ir_integer_attr_def)) continue;
    int64_t want = a->ints[0], have = limit_of(m, i);
    if (want > have) {
      *ok = ir_op_error(op, "requests %lld %s ('%s'), over the sm_%d limit of %lld",
                        (long long)want, res_names[i].what, res_names[i].attr, m->sm,
                        (long long)have);
      return IR_WALK_INTERRUPT;
    }
  }
  return IR_WALK_ADVANCE;
}

bool lw_check_plugins(IrOp *root) {
  bool ok = true;
  ir_walk_pre(root, check_op, &ok);
  return ok;
}
