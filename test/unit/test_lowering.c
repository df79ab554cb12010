/* test_lowering.c — hop-2 lowering: the per-CTA 32-mbarrier pool allocator,
 * the per-target resource tables (against the published figures they are
 * derived from), the token lowering's carrier types (one uniqued
 * !llvm.ptr<3> for every token of a function), the queue lowering's
 * pipeline regions and the plugin / execute agent regions. */
#include "unit.h"

#include "asm/asm.h"
#include "conversion/nv_tileaa_lowering/lower.h"
#include "dialect/dialects.h"
#include "dialect/nv_tileaa/aa.h"
#include "dialect/nv_tileas/nv_tileas.h"
#include "dialect/nvvm/nvvm.h"

#include "unit_ctx.h"

static void test_pool(void) {
  LwPool p = {0, 0, 0};
  for (int k = 0; k < LW_POOL_SLOTS; k++) CHECK_EQ_INT(lw_pool_alloc(&p), k);
  CHECK_EQ_INT(p.live, 32);
  CHECK_EQ_INT(lw_pool_alloc(&p), -1); /* the 33rd live token */
  CHECK_EQ_INT(p.live, 32);
  lw_pool_free(&p, 7);
  lw_pool_free(&p, 7);  /* double free: no-op */
  lw_pool_free(&p, 40); /* out of range: no-op */
  lw_pool_free(&p, -1);
  CHECK_EQ_INT(p.live, 31);
  CHECK_EQ_INT(lw_pool_alloc(&p), 7); /* the freed slot is reused */
  CHECK_EQ_INT(lw_pool_alloc(&p), -1);
  lw_pool_free(&p, 31);
  lw_pool_free(&p, 0);
  CHECK_EQ_INT(lw_pool_alloc(&p), 0); /* lowest free first */
  CHECK_EQ_INT(lw_pool_alloc(&p), 31);
  CHECK_EQ_INT(p.peak, 32);
  LwPool q = {0, 0, 0};
  CHECK_EQ_INT(lw_pool_alloc(&q), 0);
  lw_pool_free(&q, 0);
  CHECK_EQ_INT(lw_pool_alloc(&q), 0);
  CHECK_EQ_INT(q.peak, 1);
  /* runs of slots (pipeline stage barriers) */
  LwPool r = {0, 0, 0};
  CHECK_EQ_INT(lw_pool_alloc_run(&r, 4), 0);
  CHECK_EQ_INT(lw_pool_alloc(&r), 4);
  CHECK_EQ_INT(lw_pool_alloc_run(&r, 26), 5);
  CHECK_EQ_INT(lw_pool_alloc_run(&r, 2), -1); /* one slot left */
  CHECK_EQ_INT(lw_pool_alloc_run(&r, 1), 31);
  CHECK_EQ_INT(r.live, 32);
  lw_pool_free(&r, 2);
  lw_pool_free(&r, 9);
  CHECK_EQ_INT(lw_pool_alloc_run(&r, 2), -1); /* free slots, but not adjacent */
  lw_pool_free(&r, 10);
  CHECK_EQ_INT(lw_pool_alloc_run(&r, 2), 9); /* lowest adjacent run */
  LwPool t = {0, 0, 0};
  CHECK_EQ_INT(lw_pool_alloc_run(&t, 0), -1);
  CHECK_EQ_INT(lw_pool_alloc_run(&t, 33), -1);
  CHECK_EQ_INT(lw_pool_alloc_run(&t, 32), 0);
  CHECK_EQ_INT(t.live, 32);
  LwPool u = {0, 0, 0};
  lw_pool_reserve(&u, 30, 4); /* clipped at the pool's end */
  lw_pool_reserve(&u, 30, 1); /* already taken: no double count */
  lw_pool_reserve(&u, -2, 1);
  CHECK_EQ_INT(u.live, 2);
  CHECK_EQ_INT(lw_pool_alloc(&u), 0);
  CHECK_EQ_INT(lw_pool_alloc_run(&u, 29), 1);
  CHECK_EQ_INT(u.peak, 32);
}

static void test_resources(void) {
  const LwResources *r80 = lw_resources_for(80), *r90 = lw_resources_for(90);
  const LwResources *r100 = lw_resources_for(100), *r120 = lw_resources_for(120);
  CHECK(r80 && r90 && r100 && r120);
  if (!(r80 && r90 && r100 && r120)) return;
  CHECK_EQ_INT(r80->sm, 80);
  CHECK_EQ_INT(r80->regs_per_thread, 255);
  CHECK_EQ_INT(r80->named_barriers, 16);
  CHECK_EQ_INT(r80->smem_bytes, 166912);
  CHECK_EQ_INT(r80->tmem_bytes, 0);
  CHECK_EQ_INT(r90->smem_bytes, 232448);
  CHECK_EQ_INT(r90->tmem_bytes, 0);
  CHECK_EQ_INT(r100->smem_bytes, 232448);
  CHECK_EQ_INT(r100->tmem_bytes, 262144);
  CHECK_EQ_INT(r120->smem_bytes, 101376);
  CHECK_EQ_INT(r120->tmem_bytes, 0);
  CHECK_EQ_INT(r120->regs_per_thread, 255);
  CHECK_EQ_INT(r120->named_barriers, 16);
  /* Published derivations (docs/lowering.md, "Resource model"): the opt-in
   * shared memory per block is the per-SM capacity (164, 228, 228, 100 KB)
   * less the 1 KB the driver reserves per block; tensor memory is 128 lanes
   * x 512 columns of 32-bit cells on sm_100 only; 16 named barriers (ids
   * 0..15) and 255 registers per thread on every target. */
  CHECK_EQ_INT(r80->smem_bytes, 164 * 1024 - 1024);
  CHECK_EQ_INT(r90->smem_bytes, 228 * 1024 - 1024);
  CHECK_EQ_INT(r100->smem_bytes, 228 * 1024 - 1024);
  CHECK_EQ_INT(r120->smem_bytes, 100 * 1024 - 1024);
  CHECK_EQ_INT(r100->tmem_bytes, 128 * 512 * 4);
  const LwResources *all[4] = {r80, r90, r100, r120};
  for (int i = 0; i < 4; i++) {
    CHECK_EQ_INT(all[i]->regs_per_thread, 255);
    CHECK_EQ_INT(all[i]->named_barriers, 16);
  }
  CHECK_EQ_INT(r90->sm, 90);
  CHECK_EQ_INT(r100->sm, 100);
  CHECK_EQ_INT(r120->sm, 120);
  CHECK(lw_resources_for(75) == NULL);
  CHECK(lw_resources_for(103) == r100);
  CHECK(lw_resources_for(89) == r80);
}

static const char kernel[] =
    "module {\n"
    "  nv_tileaa.func @f() attributes {nv_tileaa.kernel} {\n"
    "    %a = nv_tileaa.create_mem_token : !nv_tileaa.mem_token\n"
    "    %b = nv_tileaa.create_mem_token : !nv_tileaa.mem_token\n"
    "    %j = nv_tileaa.join_mem_token %a, %b : !nv_tileaa.mem_token, !nv_tileaa.mem_token -> "
    "!nv_tileaa.mem_token\n"
    "    nv_tileaa.return\n"
    "  }\n"
    "  nv_tileaa.func @g() attributes {nv_tileaa.kernel} {\n"
    "    %a = nv_tileaa.create_mem_token : !nv_tileaa.mem_token\n"
    "    nv_tileaa.return\n"
    "  }\n"
    "}\n";

typedef struct Count {
  int alloc, init, arrive, wait, aa_tokens;
  int64_t slots[8];
  const IrType *bar;
  bool same_type;
} Count;

static IrWalkResult count(IrOp *op, void *user) {
  Count *c = user;
  if (tas_is_op(op, TAS_OP_alloc_mbarrier)) {
    if (c->alloc < 8) c->slots[c->alloc] = tas_mbarrier_slot(op);
    c->alloc++;
    if (!c->bar) c->bar = ir_op_result(op, 0)->type;
    c->same_type &= ir_op_result(op, 0)->type == c->bar;
  }
  if (nvvm_is_op(op, NVVM_OP_init_shared)) c->init++;
  if (nvvm_is_op(op, NVVM_OP_arrive_shared)) c->arrive++;
  if (nvvm_is_op(op, NVVM_OP_try_wait_parity_shared)) {
    c->wait++;
    c->same_type &= ir_op_operand(op, 0)->type == c->bar;
  }
  if (op->info == aa_op(create_mem_token) || op->info == aa_op(join_mem_token)) c->aa_tokens++;
  return IR_WALK_ADVANCE;
}

static void test_lower_tokens(void) {
  IrContext *ctx = new_ctx();
  CHECK(llvm_ptr_type(ctx, 3) == llvm_ptr_type(ctx, 3));
  CHECK(llvm_ptr_type(ctx, 3) != llvm_ptr_type(ctx, 1));
  IrOp *m = asm_parse_buffer(ctx, "k.mlir", kernel, sizeof kernel - 1, NULL);
  CHECK(m != NULL);
  if (m) {
    CHECK(lw_lower_tokens(m));
    CHECK(ir_verify(m));
    Count c = {0};
    c.same_type = true;
    ir_walk_pre(m, count, &c);
    CHECK_EQ_INT(c.alloc, 3);
    CHECK_EQ_INT(c.init, 3);
    CHECK_EQ_INT(c.arrive, 3);
    CHECK_EQ_INT(c.wait, 2); /* one per joined producer */
    CHECK_EQ_INT(c.aa_tokens, 0);
    /* slots per CTA: @f takes 0 and 1, @g starts again at 0 */
    CHECK_EQ_INT(c.slots[0], 0);
    CHECK_EQ_INT(c.slots[1], 1);
    CHECK_EQ_INT(c.slots[2], 0);
    CHECK(c.same_type);
    CHECK(c.bar == llvm_ptr_type(ctx, 3));
    ir_op_destroy(m);
  }
  CHECK_EQ_INT((long long)diags.len, 0);
  ir_context_destroy(ctx);
}

static const char queues[] =
    "module {\n"
    "  nv_tileaa.func @q(%v: i32, %w: i64) -> (i32) {\n"
    "    %q = nv_tileaa.create_queue {depth = 3 : i32} : !nv_tileaa.queue<i32, i64>\n"
    "    %r = nv_tileaa.create_queue : !nv_tileaa.queue<i32, i64>\n"
    "    nv_tileaa.queue.put %q, %v, %w : !nv_tileaa.queue<i32, i64>, i32, i64\n"
    "    nv_tileaa.queue.put %r, %v, %w : !nv_tileaa.queue<i32, i64>, i32, i64\n"
    "    %g:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32, i64> -> i32, i64\n"
    "    %e = nv_tileaa.execute %g#0 : i32 -> i32 {\n"
    "      nv_tileaa.queue.yield %g#0 : i32\n"
    "    }\n"
    "    %p = nv_tileaa.plugin @q(%e, %w) {registers = 32 : i32} : (i32, i64) -> i32\n"
    "    nv_tileaa.return %p : i32\n"
    "  }\n"
    "}\n";

typedef struct QCount {
  int create, produce, consume, acquire, write, commit, wait, read, release, yield, agent, aa;
  const IrType *pipe;
  bool same_pipe;
  int64_t stages[2];
  uint32_t layouts;
} QCount;

static IrWalkResult qcount(IrOp *op, void *user) {
  QCount *c = user;
  if (tas_is_op(op, TAS_OP_create_pipeline)) {
    const IrAttr *s = ir_op_attrz(op, "stages");
    if (c->create < 2) c->stages[c->create] = s ? s->ints[0] : -1;
    c->create++;
    if (!c->pipe) c->pipe = ir_op_result(op, 0)->type;
    c->same_pipe &= ir_op_result(op, 0)->type == c->pipe;
  }
  c->produce += tas_is_op(op, TAS_OP_produce_one);
  c->consume += tas_is_op(op, TAS_OP_consume_one);
  c->acquire += tas_is_op(op, TAS_OP_producer_acquire);
  c->write += tas_is_op(op, TAS_OP_producer_write);
  c->commit += tas_is_op(op, TAS_OP_producer_commit);
  c->wait += tas_is_op(op, TAS_OP_consumer_wait);
  c->read += tas_is_op(op, TAS_OP_consumer_read);
  c->release += tas_is_op(op, TAS_OP_consumer_release);
  c->yield += tas_is_op(op, TAS_OP_yield);
  if (tas_is_op(op, TAS_OP_agent)) {
    c->agent++;
    const IrAttr *in = ir_op_attrz(op, "input_layouts");
    const IrAttr *out = ir_op_attrz(op, "output_layouts");
    if (in && out) c->layouts += in->nelems * 10 + out->nelems;
  }
  if (op->info == aa_op(create_queue) || op->info == aa_op(queue_get) ||
      op->info == aa_op(queue_put) || op->info == aa_op(queue_yield) ||
      op->info == aa_op(execute) || op->info == aa_op(plugin))
    c->aa++;
  return IR_WALK_ADVANCE;
}

static void test_lower_queues(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = asm_parse_buffer(ctx, "q.mlir", queues, sizeof queues - 1, NULL);
  CHECK(m != NULL);
  if (m) {
    CHECK(lw_lower_queues(m));
    CHECK(lw_lower_agents(m));
    CHECK(ir_verify(m));
    QCount c = {0};
    c.same_pipe = true;
    ir_walk_pre(m, qcount, &c);
    CHECK_EQ_INT(c.create, 2);
    CHECK_EQ_INT(c.stages[0], 3); /* depth -> stages */
    CHECK_EQ_INT(c.stages[1], 1); /* default depth 1 */
    CHECK(c.same_pipe);           /* equal payloads: one uniqued pipeline type */
    const IrType *pl[2] = {ir_integer_type(ctx, 32, IR_SIGNLESS),
                           ir_integer_type(ctx, 64, IR_SIGNLESS)};
    CHECK(c.pipe == tas_pipeline_type(ctx, pl, 2));
    CHECK_EQ_INT(c.produce, 2);
    CHECK_EQ_INT(c.acquire, 2);
    CHECK_EQ_INT(c.write, 2);
    CHECK_EQ_INT(c.commit, 2);
    CHECK_EQ_INT(c.consume, 1);
    CHECK_EQ_INT(c.wait, 1);
    CHECK_EQ_INT(c.read, 1);
    CHECK_EQ_INT(c.release, 1);
    CHECK_EQ_INT(c.agent, 2);       /* the execute and the plugin */
    CHECK_EQ_INT(c.layouts, 11 + 21); /* (1 in, 1 out) and (2 in, 1 out) */
    CHECK_EQ_INT(c.yield, 2 + 1 + 2); /* produce x2, consume, agents x2 */
    CHECK_EQ_INT(c.aa, 0);
    ir_op_destroy(m);
  }
  CHECK_EQ_INT((long long)diags.len, 0);
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  test_pool();
  test_resources();
  test_lower_tokens();
  test_lower_queues();
  sb_free(&diags);
}
