/* interp_lower.c — execution of the mbarrier form produced by
 * lower-nv-tileaa.  Each tile block (CTA) owns a pool of 32 mbarriers; the
 * state of the block running on this worker thread is kept thread-locally and
 * reset whenever a new block starts.  A barrier value is the integer scalar
 * holding its slot (its offset in the pool).
 *   alloc_mbarrier {slot}   the handle of slot `slot`
 *   mbarrier.init           expected = pending = count, phase 0
 *   mbarrier.arrive         one arrival; the last one completes the phase
 *                           (phase += 1, pending = expected); result: the
 *                           phase count before the arrival (the i64 state)
 *   try_wait.parity P       returns once the phase of parity P has completed,
 *                           i.e. the current phase parity differs from P.
 * A CTA is interpreted as one sequential program, so nothing can arrive
 * while a wait spins: a wait whose phase has not completed can never
 * complete and is reported as a deadlock (op location, slot, arrivals
 * missing, block id) instead of hanging.  A memory effect's successor token
 * (made by the nv_tileaa memory ops) has retired by construction: the
 * interpreter completes every memory effect before the next op runs. */
#include "interp/interp_lower.h"

#include "dialect/nv_tileas/nv_tileas.h"
#include "dialect/nvvm/nvvm.h"

#include <string.h>

typedef struct Mbar {
  bool init;
  int64_t expected, pending, phase;
} Mbar;

typedef struct LowerCta {
  const Exec *owner;
  const Run *run;
  int64_t linear;
  Mbar bars[TAS_MBARRIER_POOL];
} LowerCta;

static _Thread_local LowerCta cta;

static LowerCta *cta_of(Exec *e) {
  if (cta.owner != e || cta.run != e->run || cta.linear != e->linear) {
    memset(&cta, 0, sizeof cta);
    cta.owner = e;
    cta.run = e->run;
    cta.linear = e->linear;
  }
  return &cta;
}

static int64_t scalar(Val *v) {
  if (!v || v->kind != VK_INT || v->n < 1) return -1;
  return ((const int64_t *)v->data)[0];
}

static Val *new_int(Exec *e, IrOp *op, unsigned bits, int64_t x) {
  const IrType *it = ir_integer_type(e->run->ctx, bits, IR_SIGNLESS);
  Val *v = val_new_raw(it, NULL, 0);
  ((int64_t *)v->data)[0] = x;
  v->type = ir_op_result(op, 0)->type;
  return v;
}

/* The barrier of operand 0, or NULL after reporting. *retired: the operand
 * is a memory effect's successor token. */
static Mbar *barrier(Exec *e, IrOp *op, bool *retired) {
  Val *v = in_opnd(e, op, 0);
  *retired = v && v->kind == VK_TOKEN;
  if (*retired) return NULL;
  int64_t s = scalar(v);
  if (s < 0 || s >= TAS_MBARRIER_POOL) {
    in_fail(e, op, "operand is not an mbarrier of the per-CTA pool");
    return NULL;
  }
  return &cta_of(e)->bars[s];
}

static bool h_alloc(Exec *e, IrOp *op) {
  in_set_result(e, op, 0, new_int(e, op, 64, tas_mbarrier_slot(op)));
  return true;
}

static bool h_init(Exec *e, IrOp *op) {
  bool retired;
  Mbar *b = barrier(e, op, &retired);
  if (!b) return retired ? in_fail(e, op, "cannot initialize a memory effect's token") : false;
  int64_t n = scalar(in_opnd(e, op, 1));
  if (n < 1 || n > (1 << 20)) return in_fail(e, op, "arrival count %lld out of range", (long long)n);
  b->init = true;
  b->expected = b->pending = n;
  b->phase = 0;
  return true;
}

static bool h_arrive(Exec *e, IrOp *op) {
  bool retired;
  Mbar *b = barrier(e, op, &retired);
  if (!b) return retired ? in_fail(e, op, "cannot arrive on a memory effect's token") : false;
  if (!b->init) return in_fail(e, op, "arrives on an mbarrier that was never initialized");
  int64_t state = b->phase;
  if (--b->pending == 0) {
    b->phase++;
    b->pending = b->expected;
  }
  in_set_result(e, op, 0, new_int(e, op, 64, state));
  return true;
}

static bool h_try_wait(Exec *e, IrOp *op) {
  bool retired;
  Mbar *b = barrier(e, op, &retired);
  if (!b) return retired;
  int64_t parity = scalar(in_opnd(e, op, 1)) & 1;
  if (!b->init) return in_fail(e, op, "waits on an mbarrier that was never initialized");
  if ((b->phase & 1) != parity) return true;
  return in_fail(e, op,
                 "deadlock: waits on mbarrier slot %lld for phase parity %lld, which can never "
                 "complete (%lld of %lld arrivals missing)",
                 (long long)(b - cta_of(e)->bars), (long long)parity, (long long)b->pending,
                 (long long)b->expected);
}

InHandler in_lower_handler(IrOp *op) {
  if (tas_is_op(op, TAS_OP_alloc_mbarrier)) return h_alloc;
  if (nvvm_is_op(op, NVVM_OP_init_shared) || nvvm_is_op(op, NVVM_OP_init)) return h_init;
  if (nvvm_is_op(op, NVVM_OP_arrive_shared) || nvvm_is_op(op, NVVM_OP_arrive)) return h_arrive;
  if (nvvm_is_op(op, NVVM_OP_try_wait_parity_shared) || nvvm_is_op(op, NVVM_OP_try_wait_parity))
    return h_try_wait;
  return NULL;
}
