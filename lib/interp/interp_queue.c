/* interp_queue.c — ctile-run semantics of queues (nv_tileaa) and of the
 * async pipelines they lower to (nv_tileas), sharing one stage machine.
 *
 * A queue / pipeline belongs to the tile block (CTA) that created it: a ring
 * of `depth` (create_queue, default 1) or `stages` (create_pipeline) stages,
 * each holding one copy of the payload (one value per element type of the
 * queue / pipeline type).  Every stage moves through
 *     empty -> acquired -> written -> full -> held -> empty
 * producer_acquire takes the next stage in ring order (it must be empty),
 * producer_write copies the payload in, producer_commit publishes it;
 * consumer_wait takes the oldest committed stage (it must be full),
 * consumer_read copies the payload out, consumer_release empties it.  The
 * ownership tokens are the stage's sequence number; a token that does not
 * own its stage in the state the op needs is a located error.  nv_tileaa's
 * queue.put is acquire + write + commit and queue.get is wait + read +
 * release: values come out in the order they were put (FIFO), each exactly
 * once.
 *
 * A CTA is interpreted as one sequential program, so nothing else can run
 * while a producer or consumer blocks: a put / acquire on a full ring and a
 * get / wait with no committed stage can never complete and are reported as
 * deadlocks (op location, stage counts, tile block id), not hangs.
 *
 * Regions: nv_tileaa.execute, nv_tileas.async.pipeline.produce_one /
 * consume_one and nv_tileas.agent run their single block once, in place (an
 * agent binds its inputs to the block's arguments), and their results are
 * the terminator's operands (nv_tileaa.yield / queue.yield,
 * nv_tileas.async.pipeline.yield).
 *
 * Storage: one allocation per queue, sized from the static payload types,
 * registered as block-local memory (freed when the block ends); the queue
 * value is its address, checked against the block's allocations on use. */
#include "interp/interp_queue.h"

#include "dialect/nv_tileaa/nv_tileaa.h"
#include "dialect/nv_tileas/nv_tileas.h"
#include "interp/interp_ops.h"

#include <stdlib.h>
#include <string.h>

#define PIPE_MAGIC 0x71756575655f7069ull
#define PIPE_MAX_DEPTH 65536
#define PIPE_MAX_BYTES ((size_t)1 << 28)

enum { ST_EMPTY, ST_ACQUIRED, ST_WRITTEN, ST_FULL, ST_HELD };

static const char *const st_name[] = {"empty", "acquired", "written", "full", "held"};

typedef struct InPipe {
  uint64_t magic;
  bool queue;           /* nv_tileaa queue (else nv_tileas pipeline) */
  int64_t stages;
  uint32_t nvals;       /* payload values per stage */
  int64_t prod, cons;   /* sequence numbers of the next acquire / wait */
  size_t entry_bytes;   /* payload bytes of one stage */
  size_t *off, *bytes;  /* per payload value: offset in a stage, capacity */
  int64_t *seq;         /* per stage: sequence number of its current use */
  Val *hdr;             /* stages * nvals saved value headers */
  uint8_t *data;        /* stages * entry_bytes */
  uint8_t *state;       /* per stage: ST_* */
} InPipe;

/* Bytes of the element data of a value of type t (0: header-only values
 * such as tokens and memrefs). */
static size_t type_bytes(const IrType *t) {
  Val *z = in_foreign_new(t);
  size_t b = z ? (size_t)z->n * in_kind_size(z->kind) : 0;
  val_release(z);
  return b;
}

static size_t round8(size_t n) { return (n + 7) & ~(size_t)7; }

/* A new ring for `op`'s result, registered as block-local memory. */
static InPipe *pipe_new(Exec *e, IrOp *op, const IrType *const *types, uint32_t n,
                        int64_t stages, bool queue) {
  const char *what = queue ? "queue depth" : "pipeline stage count";
  if (stages < 1 || stages > PIPE_MAX_DEPTH) {
    in_fail(e, op, "%s %lld out of range [1, %d]", what, (long long)stages, PIPE_MAX_DEPTH);
    return NULL;
  }
  size_t entry = 0;
  size_t *off = xcalloc(n + 1, sizeof *off), *cap = xcalloc(n + 1, sizeof *cap);
  for (uint32_t i = 0; i < n; i++) {
    off[i] = entry;
    cap[i] = type_bytes(types[i]);
    entry += round8(cap[i]);
    if (entry > PIPE_MAX_BYTES) break;
  }
  size_t s = (size_t)stages;
  size_t fixed = sizeof(InPipe) + 2 * (n + 1) * sizeof(size_t) + s * sizeof(int64_t) +
                 s * n * sizeof(Val) + round8(s);
  if (entry > PIPE_MAX_BYTES || entry * s > PIPE_MAX_BYTES - fixed) {
    free(off);
    free(cap);
    in_fail(e, op, "needs more than %zu bytes of stage storage (%lld stages)", PIPE_MAX_BYTES,
            (long long)stages);
    return NULL;
  }
  uint8_t *mem = xcalloc(1, fixed + entry * s);
  InPipe *p = (InPipe *)mem;
  mem += sizeof(InPipe);
  p->magic = PIPE_MAGIC;
  p->queue = queue;
  p->stages = stages;
  p->nvals = n;
  p->entry_bytes = entry;
  p->off = (size_t *)mem;
  mem += (n + 1) * sizeof(size_t);
  p->bytes = (size_t *)mem;
  mem += (n + 1) * sizeof(size_t);
  p->seq = (int64_t *)mem;
  mem += s * sizeof(int64_t);
  p->hdr = (Val *)mem;
  mem += s * n * sizeof(Val);
  p->state = mem;
  mem += round8(s);
  p->data = mem;
  memcpy(p->off, off, n * sizeof(size_t));
  memcpy(p->bytes, cap, n * sizeof(size_t));
  free(off);
  free(cap);
  vec_push(&e->local_mem, (void *)p);
  return p;
}

/* An i64 scalar carrying x, typed as op's result `i`. */
static Val *handle(Exec *e, IrOp *op, unsigned i, int64_t x) {
  Val *v = val_new_raw(ir_integer_type(e->run->ctx, 64, IR_SIGNLESS), NULL, 0);
  ((int64_t *)v->data)[0] = x;
  v->type = ir_op_result(op, i)->type;
  return v;
}

/* The ring of operand 0, or NULL after reporting. */
static InPipe *pipe_of(Exec *e, IrOp *op) {
  Val *v = in_opnd(e, op, 0);
  if (v && v->kind == VK_INT && v->n == 1) {
    void *p = (void *)(uintptr_t)((const int64_t *)v->data)[0];
    for (size_t i = e->local_mem.len; i-- > 0;)
      if (e->local_mem.data[i] == p && ((InPipe *)p)->magic == PIPE_MAGIC) return p;
  }
  in_fail(e, op, "operand #0 is not a %s created in this tile block",
          tas_is_pipeline(ir_op_operand(op, 0)->type) ? "pipeline" : "queue");
  return NULL;
}

/* ---- the stage machine ---------------------------------------------------------- */

static int64_t count_state(const InPipe *p, int st) {
  int64_t n = 0;
  for (int64_t s = 0; s < p->stages; s++) n += p->state[s] == st;
  return n;
}

/* Takes the next stage for a producer: its sequence number, or -1. */
static int64_t acquire(Exec *e, IrOp *op, InPipe *p) {
  int64_t k = p->prod, s = k % p->stages;
  if (p->state[s] != ST_EMPTY) {
    if (p->queue)
      in_fail(e, op, "deadlock: the queue is full (%lld of %lld entries) and no consumer can "
                     "take one", (long long)(p->stages - count_state(p, ST_EMPTY)),
              (long long)p->stages);
    else
      in_fail(e, op, "deadlock: waits for stage %lld to be released, which can never happen "
                     "(%lld of %lld stages in use, no consumer can release one)",
              (long long)s, (long long)(p->stages - count_state(p, ST_EMPTY)),
              (long long)p->stages);
    return -1;
  }
  p->state[s] = ST_ACQUIRED;
  p->seq[s] = k;
  p->prod++;
  return k;
}

/* Takes the oldest committed stage for a consumer: its number, or -1. */
static int64_t wait_full(Exec *e, IrOp *op, InPipe *p) {
  int64_t k = p->cons, s = k % p->stages;
  if (p->state[s] != ST_FULL) {
    if (p->queue)
      in_fail(e, op, "deadlock: the queue is empty and no producer can fill it");
    else
      in_fail(e, op, "deadlock: waits for stage %lld to be committed, which can never happen "
                     "(stage is %s, %lld of %lld stages full)",
              (long long)s, st_name[p->state[s]], (long long)count_state(p, ST_FULL),
              (long long)p->stages);
    return -1;
  }
  p->state[s] = ST_HELD;
  p->seq[s] = k;
  p->cons++;
  return k;
}

/* The stage owned by token k in state `need`, or -1 after reporting. */
static int64_t owned(Exec *e, IrOp *op, InPipe *p, int64_t k, int need) {
  int64_t s = k >= 0 ? k % p->stages : 0;
  if (k < 0 || p->seq[s] != k || p->state[s] != need) {
    in_fail(e, op, "token does not own a %s stage (stage %lld is %s)", st_name[need],
            (long long)s, st_name[p->state[s]]);
    return -1;
  }
  return s;
}

/* Copies operands [first, first + nvals) into stage s. */
static bool store(Exec *e, IrOp *op, InPipe *p, int64_t s, unsigned first) {
  for (uint32_t i = 0; i < p->nvals; i++) {
    Val *v = in_opnd(e, op, first + i);
    if (!v) return in_fail(e, op, "payload value #%u is undefined", i);
    size_t b = v->data ? (size_t)v->n * in_kind_size(v->kind) : 0;
    if (b > p->bytes[i])
      return in_fail(e, op, "payload value #%u (%zu bytes) does not fit its stage slot (%zu "
                            "bytes)", i, b, p->bytes[i]);
    Val *h = &p->hdr[s * p->nvals + i];
    *h = *v;
    h->refs = v->data != NULL; /* whether the value has element data */
    h->data = NULL;
    if (b) memcpy(p->data + (size_t)s * p->entry_bytes + p->off[i], v->data, b);
  }
  return true;
}

/* Sets op's results [0, nvals) to copies of stage s's payload. */
static void load(Exec *e, IrOp *op, InPipe *p, int64_t s) {
  for (uint32_t i = 0; i < p->nvals && i < op->nresults; i++) {
    const Val *h = &p->hdr[s * p->nvals + i];
    Val *v = xmalloc(sizeof *v);
    *v = *h;
    v->refs = 1;
    v->data = NULL;
    v->borrowed = false; /* the header's copy of a borrowed value: data copied below */
    if (h->refs) {
      size_t b = (size_t)h->n * in_kind_size(h->kind);
      size_t padded = (b + 63) & ~(size_t)63;
      v->data = aligned_alloc(64, padded ? padded : 64);
      if (!v->data) abort();
      memcpy(v->data, p->data + (size_t)s * p->entry_bytes + p->off[i], b);
    }
    in_set_result(e, op, i, v);
  }
}

/* ---- nv_tileaa queues ---------------------------------------------------------------- */

static bool h_create_queue(Exec *e, IrOp *op) {
  const IrType *q = ir_op_result(op, 0)->type;
  InPipe *p = pipe_new(e, op, q->types, q->ntypes, in_attr_int(op, "depth", 1), true);
  if (!p) return false;
  in_set_result(e, op, 0, handle(e, op, 0, (int64_t)(uintptr_t)p));
  return true;
}

static bool h_queue_put(Exec *e, IrOp *op) {
  InPipe *p = pipe_of(e, op);
  int64_t k = p ? acquire(e, op, p) : -1;
  if (k < 0) return false;
  int64_t s = k % p->stages;
  if (!store(e, op, p, s, 1)) return false;
  p->state[s] = ST_FULL;
  return true;
}

static bool h_queue_get(Exec *e, IrOp *op) {
  InPipe *p = pipe_of(e, op);
  int64_t k = p ? wait_full(e, op, p) : -1;
  if (k < 0) return false;
  int64_t s = k % p->stages;
  load(e, op, p, s);
  p->state[s] = ST_EMPTY;
  return true;
}

/* ---- nv_tileas pipelines --------------------------------------------------------------- */

static bool h_create_pipeline(Exec *e, IrOp *op) {
  const IrType *t = ir_op_result(op, 0)->type;
  InPipe *p = pipe_new(e, op, t->types, t->ntypes, in_attr_int(op, "stages", 0), false);
  if (!p) return false;
  in_set_result(e, op, 0, handle(e, op, 0, (int64_t)(uintptr_t)p));
  return true;
}

static bool h_take(Exec *e, IrOp *op) {
  InPipe *p = pipe_of(e, op);
  if (!p) return false;
  int64_t k = tas_is_op(op, TAS_OP_producer_acquire) ? acquire(e, op, p) : wait_full(e, op, p);
  if (k < 0) return false;
  in_set_result(e, op, 0, handle(e, op, 0, k));
  return true;
}

static bool h_use(Exec *e, IrOp *op) {
  InPipe *p = pipe_of(e, op);
  if (!p) return false;
  Val *t = in_opnd(e, op, 1);
  int64_t k = t && t->kind == VK_INT && t->n == 1 ? in_scalar_int(t) : -1;
  int need = tas_is_op(op, TAS_OP_producer_write)    ? ST_ACQUIRED
             : tas_is_op(op, TAS_OP_producer_commit) ? ST_WRITTEN
                                                     : ST_HELD;
  if (tas_is_op(op, TAS_OP_producer_commit) && k >= 0 && p->seq[k % p->stages] == k &&
      p->state[k % p->stages] == ST_ACQUIRED)
    return in_fail(e, op, "commits stage %lld before writing it", (long long)(k % p->stages));
  int64_t s = owned(e, op, p, k, need);
  if (s < 0) return false;
  if (tas_is_op(op, TAS_OP_producer_write)) {
    if (!store(e, op, p, s, 2)) return false;
    p->state[s] = ST_WRITTEN;
  } else if (tas_is_op(op, TAS_OP_producer_commit)) {
    p->state[s] = ST_FULL;
  } else if (tas_is_op(op, TAS_OP_consumer_read)) {
    load(e, op, p, s);
  } else {
    p->state[s] = ST_EMPTY;
  }
  return true;
}

/* ---- regions ---------------------------------------------------------------------------- */

/* Runs op's single-block region once (an agent binds its operands to the
 * block's arguments); the results are the terminator's operands. */
static bool h_region(Exec *e, IrOp *op) {
  IrBlock *b = ir_region_entry(ir_op_region(op, 0));
  if (!b) return in_fail(e, op, "has an empty region");
  if (b->nargs && b->nargs != op->noperands)
    return in_fail(e, op, "region takes %u arguments for %u operands", b->nargs, op->noperands);
  if (b->nargs)
    for (uint32_t i = 0; i < b->nargs; i++) in_set(e, b->args[i], val_retain(in_opnd(e, op, i)));
  ExecCode code = in_exec_block(e, b);
  if (code == X_ERR || e->failed) return false;
  if (code != X_YIELD) return in_fail(e, op, "region did not end with a yield");
  if (e->term.len < op->nresults) {
    for (size_t i = 0; i < e->term.len; i++) val_release(e->term.data[i]);
    e->term.len = 0;
    return in_fail(e, op, "region yields fewer values than the op has results");
  }
  for (size_t i = 0; i < e->term.len; i++) {
    if (i < op->nresults) in_set_result(e, op, (unsigned)i, e->term.data[i]);
    else val_release(e->term.data[i]);
  }
  e->term.len = 0;
  return true;
}

bool in_queue_is_terminator(IrOp *op) {
  return op->info == aa_op(queue_yield) || op->info == &tas_op_infos[TAS_OP_yield];
}

InHandler in_queue_handler(IrOp *op) {
  if (op->info == aa_op(create_queue)) return h_create_queue;
  if (op->info == aa_op(queue_put)) return h_queue_put;
  if (op->info == aa_op(queue_get)) return h_queue_get;
  if (op->info == aa_op(execute)) return h_region;
  if (op->info < tas_op_infos || op->info >= tas_op_infos + TAS_OP_COUNT) return NULL;
  switch ((TasOpIndex)(op->info - tas_op_infos)) {
  case TAS_OP_create_pipeline: return h_create_pipeline;
  case TAS_OP_producer_acquire:
  case TAS_OP_consumer_wait: return h_take;
  case TAS_OP_producer_write:
  case TAS_OP_producer_commit:
  case TAS_OP_consumer_read:
  case TAS_OP_consumer_release: return h_use;
  case TAS_OP_produce_one:
  case TAS_OP_consume_one:
  case TAS_OP_agent: return h_region;
  default: return NULL;
  }
}
