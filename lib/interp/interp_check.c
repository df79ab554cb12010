/* interp_check.c — ctile-run --check: dynamic detection of the memory bugs
 * that a sequential CPU run hides (memory-ordering checks of the Tile IR
 * memory model, races between tile blocks, reads of uninitialised memory)
 * and a seeded shuffle of the tile block order.
 *
 * Happens-before inside a tile block (what `order` checks against): memory
 * ops of one tile block are unordered unless the program orders them.  The
 * interpreter takes the orderings the specification gives a program: a
 * token edge (an op that consumes a token produced by another memory op,
 * directly or through join_tokens, loop-carried tokens and if/for results)
 * and a data dependence (an op whose operands — value, pointer, view index,
 * mask — were computed from the result of another memory op), and memory
 * orderings (an acquire orders every later op of the block after it, a
 * release every earlier op before it).  The relation is the transitive
 * closure of those edges.  Every runtime value carries a
 * dependency set (Val.dep): the memory-op instances ("events") it was
 * computed from; a memory op's results carry its own event, and each event
 * records the set of its operands, so happens-before is reachability in that
 * event graph.  Sets hold at most DEP_CAP events; a larger union collapses to
 * "every event up to the newest one", which can only hide reports, never
 * invent one.  Two accesses by the same op instance are never reported (the
 * elements of one tile op are unordered by definition, and a scatter that
 * stores twice to one address is outside these checks); two atomics are
 * never reported against each other.
 *
 * Shadow memory: a cell per granule of accessed memory, in pages of 4 KiB
 * of data allocated on first touch (a hash map from page to cells, with a
 * direct-mapped cache in front), so the cost is proportional to the bytes a
 * run touches.  A page's granule is the smallest access size seen on it (1,
 * 2, 4 or 8 bytes).  A cell records the last write (block, event, op, atomic
 * or not), the last read (block, event, op) and one earlier reading block.
 * Only the newest read is remembered, so a write unordered with an older read
 * that was followed by an ordered one is missed.  Two representations keep
 * the cost per tile row instead of per element, with the same reports:
 *  - a page holds runs of equal cells (a tile row is one run) until it
 *    would need more than RUN_CAP runs, then one cell per granule;
 *  - reads of a buffer that nothing has written yet cannot conflict, so they
 *    are only logged (a record per row run of an op instance) and replayed
 *    into the pages when the buffer is first written (RegLog).
 *
 * order-shuffle: tile blocks run in a seeded affine permutation of their
 * ids, and inside a block a seeded coin defers each non-atomic store past
 * the ops not ordered after it (finish_event / flush).
 *
 * Races: tile blocks of a grid may run in any order and concurrently; two
 * accesses from different blocks to the same bytes where at least one is a
 * non-atomic write are a race (atomics are exempt: two atomic accesses never
 * race, whatever their ordering and scope; loads and stores with an ordering
 * other than weak are atomic), unless a release of the first block after its
 * access and an acquire of the second before its access synchronise them
 * (see synced()).  Checks run the blocks on one thread, so the shadow needs
 * no lock.
 *
 * The dependency-set hook (in_chk_result) and the access hook
 * (in_chk_access, reached through in_check_access) take only an Exec, an op
 * and the runtime values, so handlers of other dialects (nv_tileaa) get the
 * checks by calling in_check_access with the access kind and setting their
 * results through in_set_result. */
#include <math.h>
#include <stdio.h>

#include "interp/interp_internal.h"

#define PAGE_BITS 12
#define PAGE_SIZE ((uintptr_t)1 << PAGE_BITS)
#define DEP_CAP 8

enum { CELL_WATOMIC = 1, CELL_RATOMIC = 2 };

/* 28 bytes per granule.  Blocks are linear id + 1 (0: none); events are
 * valid in their block only; op ids (1-based, 0: unknown) name the ops in
 * reports. */
typedef struct Cell {
  uint32_t wblk, wev;       /* last write (an atomic counts as a read and a write) */
  uint32_t rblk, rev;       /* last read */
  uint32_t oblk;            /* a block other than rblk that read the cell before */
  uint16_t wop, rop, oop;   /* the ops of wblk, rblk, oblk */
  uint16_t flags;           /* CELL_WATOMIC: the last write, CELL_RATOMIC: the last read */
} Cell;

/* A page's shadow starts in run mode: a sorted list of at most RUN_CAP runs
 * of bytes whose cells are all equal (run i covers [lo[i], lo[i + 1]), the
 * last one up to PAGE_SIZE).  A tile load or store of a contiguous row then
 * checks and updates one cell per run it covers instead of one per element.
 * An access that would need more runs turns the page into cell mode (one
 * cell per granule), for good. */
#ifndef RUN_CAP
#define RUN_CAP 64 /* -DRUN_CAP=1: every page that splits goes to cell mode */
#endif

typedef struct Page {
  unsigned g;               /* granule: bytes per cell (run boundaries are multiples of it) */
  Cell *cells;              /* cell mode: PAGE_SIZE / g cells; NULL in run mode */
  unsigned n;               /* run mode: runs */
  uint16_t lo[RUN_CAP];
  Cell run[RUN_CAP];
} Page;

#define PCACHE 4096         /* direct-mapped page lookup cache */

typedef struct DepSet {
  uint32_t off, n;          /* events in pool[off, off + n), ascending */
  uint32_t max;             /* newest event */
  bool all;                 /* collapsed: every event <= max */
} DepSet;

typedef struct Event {
  IrOp *op;
  uint32_t preds;           /* dependency set of the op's operands */
  uint32_t self;            /* the singleton set {this event} */
  uint32_t mark;            /* DFS epoch */
} Event;

/* order-shuffle: a range the current store wrote (old contents), or a
 * deferred store (new contents, written at its flush). */
typedef struct Range {
  uint32_t ev;
  uintptr_t addr;
  size_t n;
  uint8_t *bytes;
} Range;

#define MAX_PENDING 16

/* Reads of a buffer (an argument or a global) that nothing has written yet
 * cannot conflict with anything, so they are only logged, one record per
 * row run of an op instance (rows at a constant stride), and replayed into
 * the shadow pages when the first write, atomic or ordered access reaches
 * the buffer (or the log outgrows 256 + 1/16 of the buffer's bytes).  The
 * inputs of a kernel are never written, so their loads cost a few
 * instructions per row. */
#ifndef READ_LOG
#define READ_LOG 1 /* -DREAD_LOG=0: every read goes to the shadow pages */
#endif

typedef struct ReadRec {
  uintptr_t addr;           /* first row */
  int64_t stride;           /* between rows, in bytes */
  uint32_t count, bytes, es;/* rows, bytes per row, element size */
  uint32_t blk, ev;
  uint16_t oid;
} ReadRec;

typedef struct RegLog {
  bool dirty;               /* written: every access goes to the shadow pages */
  VEC(ReadRec) log;
} RegLog;

typedef struct LocalRange {
  uintptr_t lo, hi;
  IrOp *op;                 /* the alloca */
} LocalRange;

struct InChk {
  Run *run;
  unsigned checks;
  uint64_t perm_a, perm_c;  /* block order: id -> (a * id + c) mod n */
  U64Map pages;             /* page number -> Page* */
  RegLog *reg;              /* per Run.regions entry */
  U64Map op_id;             /* IrOp* -> id (1-based) */
  VEC(IrOp *) ops;          /* id - 1 -> IrOp* */
  /* the current tile block */
  uint32_t blk;             /* linear id + 1 */
  VEC(Event) ev;            /* ev.data[0] unused */
  VEC(DepSet) sets;         /* sets.data[0]: the empty set */
  VEC(uint32_t) pool;
  VEC(uint32_t) stack;
  VEC(LocalRange) local;
  uint32_t epoch;
  IrOp *cur_op;             /* the op instance of cur_ev */
  uint64_t cur_step;
  uint32_t cur_ev, cur_oid;
  struct {
    uint64_t pno;           /* page number + 1 (0: empty) */
    Page *page;
  } pc[PCACHE];             /* page lookup cache */
  uint32_t pf_ev;           /* prefetch: the event and address of the last access, */
  uintptr_t pf_addr;        /* and the run it covered */
  unsigned pf_run;
  /* order-shuffle inside a block: stores deferred past unordered ops */
  bool defer;
  uint64_t rng;
  bool cur_store;           /* cur_ev is a non-atomic store */
  VEC(Range) cur_rng;       /* what it overwrote */
  VEC(Range) pend;          /* deferred stores, by event */
  /* memory orderings: the current op's (CT_MEM_*), the newest acquire of
   * the block, and synchronisation between blocks (release -> acquire) */
  int cur_ord;
  uint32_t acq_ev;
  uint64_t pos;             /* 1-based position of the block in the run */
  uint64_t sync_pos;        /* releases by blocks at positions <= this are acquired */
  U64Map rel_blk;           /* block + 1 -> (position << 32) | its last release event */
  U64Map rel_addr;          /* granule address -> newest position that released to it */
};

/* ======================================================================== */
/* Set-up                                                                    */
/* ======================================================================== */

static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static uint64_t gcd64(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static void reset_block(InChk *c) {
  c->ev.len = 1;
  c->sets.len = 1;
  c->pool.len = 0;
  c->cur_op = NULL;
  c->cur_ev = 0;
}

InChk *in_chk_new(Run *r, unsigned checks, uint64_t seed) {
  InChk *c = xcalloc(1, sizeof *c);
  c->run = r;
  c->checks = checks;
  c->perm_a = 1;
  uint64_t n = (uint64_t)r->nblocks;
  if ((checks & INTERP_CHECK_SHUFFLE) && n > 1) {
    /* a random affine permutation of [0, n): a coprime with n */
    uint64_t s = seed;
    do c->perm_a = splitmix(&s) % n;
    while (c->perm_a == 0 || gcd64(c->perm_a, n) != 1);
    c->perm_c = splitmix(&s) % n;
  }
  c->reg = xcalloc(r->regions.len + 1, sizeof *c->reg);
  c->defer = (checks & INTERP_CHECK_SHUFFLE) != 0;
  c->rng = seed ^ 0x5DEECE66Dull;
  Event e0 = {0};
  DepSet s0 = {0};
  vec_push(&c->ev, e0);
  vec_push(&c->sets, s0);
  reset_block(c);
  return c;
}

void in_chk_free(InChk *c) {
  if (!c) return;
  for (size_t i = 0; i < c->pages.cap; i++) {
    Page *p = c->pages.vals ? c->pages.vals[i] : NULL;
    if (p) {
      free(p->cells);
      free(p);
    }
  }
  u64map_free(&c->pages);
  for (size_t i = 0; i < c->run->regions.len; i++) vec_free(&c->reg[i].log);
  free(c->reg);
  u64map_free(&c->op_id);
  u64map_free(&c->rel_blk);
  u64map_free(&c->rel_addr);
  vec_free(&c->ops);
  vec_free(&c->ev);
  vec_free(&c->sets);
  vec_free(&c->pool);
  vec_free(&c->stack);
  vec_free(&c->local);
  for (size_t i = 0; i < c->pend.len; i++) free(c->pend.data[i].bytes);
  for (size_t i = 0; i < c->cur_rng.len; i++) free(c->cur_rng.data[i].bytes);
  vec_free(&c->pend);
  vec_free(&c->cur_rng);
  free(c);
}

int64_t in_chk_block_id(InChk *c, int64_t k) {
  uint64_t n = (uint64_t)c->run->nblocks;
  if (n <= 1 || (c->perm_a == 1 && c->perm_c == 0)) return k;
  unsigned __int128 x = (unsigned __int128)c->perm_a * (uint64_t)k + c->perm_c;
  return (int64_t)(uint64_t)(x % n);
}

void in_chk_block_begin(Exec *e) {
  InChk *c = e->run->chk;
  c->blk = (uint32_t)(e->linear + 1);
  c->pos++;
  c->sync_pos = 0;
  c->acq_ev = 0;
  reset_block(c);
}

static void finish_event(InChk *c);
static void flush(InChk *c, uint32_t preds, bool all);
typedef struct Acc Acc;
static int runs_access(InChk *c, Page *p, uintptr_t base, unsigned s, unsigned t, const Acc *A);
static void to_cells(Page *p);

/* Writes the block's deferred stores, and forgets the shadow of its allocas
 * (their memory is freed and may come back as another block's alloca). */
void in_chk_block_end(Exec *e) {
  InChk *c = e->run->chk;
  finish_event(c);
  flush(c, 0, true);
  for (size_t i = 0; i < c->local.len; i++) {
    LocalRange *l = &c->local.data[i];
    for (uintptr_t a = l->lo & ~(PAGE_SIZE - 1); a < l->hi; a += PAGE_SIZE) {
      Page *p = u64map_get(&c->pages, a >> PAGE_BITS);
      if (!p) continue;
      uintptr_t lo = l->lo > a ? l->lo - a : 0, hi = l->hi - a < PAGE_SIZE ? l->hi - a : PAGE_SIZE;
      if (!p->cells && runs_access(c, p, a, (unsigned)lo, (unsigned)hi, NULL) > 0) continue;
      if (!p->cells) to_cells(p);
      for (uintptr_t k = lo / p->g; k < (hi + p->g - 1) / p->g; k++) memset(&p->cells[k], 0, sizeof(Cell));
    }
  }
  c->local.len = 0;
  reset_block(c);
}

void in_chk_alloca(Exec *e, IrOp *op, void *mem, size_t bytes) {
  InChk *c = e->run->chk;
  if (c->checks & INTERP_CHECK_UNINIT) memset(mem, 0xFF, bytes); /* NaN / -1 poison */
  LocalRange l = {(uintptr_t)mem, (uintptr_t)mem + bytes, op};
  vec_push(&c->local, l);
}

/* ======================================================================== */
/* Dependency sets                                                           */
/* ======================================================================== */

static uint32_t new_set(InChk *c, const uint32_t *ev, uint32_t n, uint32_t max, bool all) {
  DepSet s = {(uint32_t)c->pool.len, all ? 0 : n, max, all};
  if (!all)
    for (uint32_t i = 0; i < n; i++) vec_push(&c->pool, ev[i]);
  vec_push(&c->sets, s);
  return (uint32_t)(c->sets.len - 1);
}

static uint32_t merge(InChk *c, uint32_t a, uint32_t b) {
  if (a >= c->sets.len) a = 0;
  if (b >= c->sets.len) b = 0;
  if (a == b || !b) return a;
  if (!a) return b;
  DepSet A = c->sets.data[a], B = c->sets.data[b];
  if (A.all && A.max >= B.max) return a;
  if (B.all && B.max >= A.max) return b;
  uint32_t max = A.max > B.max ? A.max : B.max;
  if (A.all || B.all) return new_set(c, NULL, 0, max, true);
  uint32_t u[2 * DEP_CAP], n = 0, i = 0, j = 0;
  const uint32_t *x = c->pool.data + A.off, *y = c->pool.data + B.off;
  while (i < A.n || j < B.n) {
    uint32_t v;
    if (j >= B.n || (i < A.n && x[i] < y[j])) v = x[i++];
    else if (i >= A.n || y[j] < x[i]) v = y[j++];
    else v = x[i++], j++;
    u[n++] = v;
  }
  if (n == A.n) return a;
  if (n == B.n) return b;
  if (n > DEP_CAP) return new_set(c, NULL, 0, max, true);
  return new_set(c, u, n, max, false);
}

/* Whether event `a` happens before an op whose operands have set `s`. */
static bool ordered(InChk *c, uint32_t a, uint32_t s) {
  if (!a || a >= c->ev.len) return true;
  if (++c->epoch == 0) {
    for (size_t i = 0; i < c->ev.len; i++) c->ev.data[i].mark = 0;
    c->epoch = 1;
  }
  c->stack.len = 0;
  vec_push(&c->stack, s);
  while (c->stack.len) {
    uint32_t id = c->stack.data[--c->stack.len];
    if (!id || id >= c->sets.len) continue;
    DepSet d = c->sets.data[id];
    if (d.max < a) continue;
    if (d.all) return true;
    for (uint32_t i = 0; i < d.n; i++) {
      uint32_t x = c->pool.data[d.off + i];
      if (x == a) return true;
      if (x < a || c->ev.data[x].mark == c->epoch) continue;
      c->ev.data[x].mark = c->epoch;
      vec_push(&c->stack, c->ev.data[x].preds);
    }
  }
  return false;
}

static uint32_t operand_deps(InChk *c, Exec *e, IrOp *op) {
  uint32_t d = 0;
  for (unsigned i = 0; i < op->noperands; i++) {
    Val *v = in_opnd(e, op, i);
    if (v) d = merge(c, d, v->dep);
  }
  return d;
}

void in_chk_result(Exec *e, IrOp *op, Val *val) {
  InChk *c = e->run->chk;
  if (c->cur_ev && c->cur_op == op && c->cur_step == e->steps) {
    val->dep = c->ev.data[c->cur_ev].self;
    return;
  }
  val->dep = merge(c, val->dep, operand_deps(c, e, op));
}

static uint32_t op_id(InChk *c, IrOp *op) {
  uintptr_t id = (uintptr_t)u64map_get(&c->op_id, (uint64_t)(uintptr_t)op);
  if (id) return (uint32_t)id;
  vec_push(&c->ops, op);
  u64map_put(&c->op_id, (uint64_t)(uintptr_t)op, (void *)(uintptr_t)c->ops.len);
  return (uint32_t)c->ops.len;
}

static IrOp *op_of(InChk *c, uint32_t id) { return id && id <= c->ops.len ? c->ops.data[id - 1] : NULL; }

/* order-shuffle: once a store op instance is done, a coin decides whether
 * it is deferred: what it wrote is set aside and the old contents put back
 * (ranges undone newest first), until an op ordered after it accesses
 * memory or the block ends.  Unordered ops in between see the old contents,
 * which is a legal order under the memory model. */
static void finish_event(InChk *c) {
  if (!c->cur_rng.len) return;
  bool d = c->cur_store && c->pend.len + c->cur_rng.len <= MAX_PENDING && (splitmix(&c->rng) & 1);
  size_t n = c->cur_rng.len;
  if (d) {
    for (size_t i = 0; i < n; i++) {
      Range *r = &c->cur_rng.data[i];
      Range pr = {r->ev, r->addr, r->n, xmalloc(r->n)};
      memcpy(pr.bytes, (const void *)r->addr, r->n);
      vec_push(&c->pend, pr);
    }
    for (size_t i = n; i-- > 0;) memcpy((void *)c->cur_rng.data[i].addr, c->cur_rng.data[i].bytes, c->cur_rng.data[i].n);
  }
  for (size_t i = 0; i < n; i++) free(c->cur_rng.data[i].bytes);
  c->cur_rng.len = 0;
}

/* Writes the deferred stores ordered before an op with operand set preds
 * (all of them when `all`), oldest first. */
static void flush(InChk *c, uint32_t preds, bool all) {
  size_t k = 0;
  for (size_t i = 0; i < c->pend.len; i++) {
    Range *r = &c->pend.data[i];
    if (all || ordered(c, r->ev, preds)) {
      memcpy((void *)r->addr, r->bytes, r->n);
      free(r->bytes);
    } else {
      c->pend.data[k++] = *r;
    }
  }
  c->pend.len = k;
}

/* The memory ordering of a memory op (CT_MEM_*): cuda_tile's
 * memory_ordering_semantics or nv_tileaa's mem_semantic (the same values). */
static int op_ordering(IrOp *op) {
  int v = in_foreign_ordering(op);
  return v >= 0 ? v : (int)in_attr_int(op, "memory_ordering_semantics", CT_MEM_WEAK);
}

/* The event of the running op instance (created on its first access). */
static uint32_t cur_event(InChk *c, Exec *e, IrOp *op) {
  if (c->cur_ev && c->cur_op == op && c->cur_step == e->steps) return c->cur_ev;
  finish_event(c);
  c->cur_store = false;
  Event ev = {op, operand_deps(c, e, op), 0, 0};
  vec_push(&c->ev, ev);
  uint32_t id = (uint32_t)(c->ev.len - 1);
  c->ev.data[id].self = new_set(c, &id, 1, id, false);
  c->cur_op = op;
  c->cur_step = e->steps;
  c->cur_ev = id;
  c->cur_oid = op_id(c, op);
  /* acquire: later ops of the block are ordered after it; release: every
   * earlier op is ordered before it */
  c->cur_ord = op_ordering(op);
  if (c->acq_ev) c->ev.data[id].preds = merge(c, c->ev.data[id].preds, c->ev.data[c->acq_ev].self);
  if ((c->cur_ord == CT_MEM_RELEASE || c->cur_ord == CT_MEM_ACQ_REL) && id > 1)
    c->ev.data[id].preds = new_set(c, NULL, 0, id - 1, true);
  if (c->cur_ord == CT_MEM_ACQUIRE || c->cur_ord == CT_MEM_ACQ_REL) c->acq_ev = id;
  if (c->cur_ord == CT_MEM_RELEASE || c->cur_ord == CT_MEM_ACQ_REL)
    u64map_put(&c->rel_blk, c->blk, (void *)(uintptr_t)((c->pos << 32) | id));
  if (c->pend.len) flush(c, c->ev.data[id].preds, false);
  return id;
}

/* ======================================================================== */
/* Shadow memory                                                             */
/* ======================================================================== */

/* The page holding the bytes [a, end) of an access of es-byte elements
 * (end within a's page), created in run mode on first touch; its granule
 * becomes the largest power of two up to 8 that divides es, a and end if
 * that is smaller than the page's (a cell-mode page splits its cells). */
static Page *get_page(InChk *c, uintptr_t a, uintptr_t end, size_t es) {
  unsigned want = 8;
  uintptr_t v = (uintptr_t)es | a | end;
  while (want > 1 && (v & (want - 1))) want /= 2;
  uint64_t pno = a >> PAGE_BITS;
  unsigned h = (unsigned)pno & (PCACHE - 1);
  Page *p = c->pc[h].pno == pno + 1 ? c->pc[h].page : u64map_get(&c->pages, pno);
  if (!p) {
    p = xcalloc(1, sizeof *p);
    p->g = want;
    p->n = 1; /* one run of empty cells */
    u64map_put(&c->pages, pno, p);
  }
  c->pc[h].pno = pno + 1;
  c->pc[h].page = p;
  if (want < p->g) {
    if (p->cells) {
      Cell *nc = xmalloc(PAGE_SIZE / want * sizeof(Cell));
      for (size_t k = 0; k < PAGE_SIZE / want; k++) nc[k] = p->cells[k * want / p->g];
      free(p->cells);
      p->cells = nc;
    }
    p->g = want;
  }
  return p;
}

/* Turns a run-mode page into cell mode. */
static void to_cells(Page *p) {
  p->cells = xmalloc(PAGE_SIZE / p->g * sizeof(Cell));
  for (unsigned j = 0; j < p->n; j++) {
    unsigned hi = j + 1 < p->n ? p->lo[j + 1] : (unsigned)PAGE_SIZE;
    for (unsigned k = p->lo[j] / p->g; k < hi / p->g; k++) p->cells[k] = p->run[j];
  }
}

static void put_loc(StrBuf *b, IrOp *op) {
  const IrLoc *l = op ? ir_loc_find_file(ir_op_loc(op)) : NULL;
  if (l && l->str && l->nints >= 2)
    sb_printf(b, "%s:%lld:%lld", l->str->str, (long long)l->ints[0], (long long)l->ints[1]);
  else if (l && l->str && l->nints >= 1)
    sb_printf(b, "%s:%lld", l->str->str, (long long)l->ints[0]);
  else
    sb_puts(b, "unknown location");
}

static void put_op(StrBuf *b, IrOp *op) {
  sb_printf(b, "'%s' at ", op ? ir_op_name(op) : "?");
  put_loc(b, op);
}

static void put_block(StrBuf *b, Run *r, uint32_t blk) {
  int64_t l = (int64_t)blk - 1;
  sb_printf(b, "tile block (%lld, %lld, %lld)", (long long)(l % r->grid[0]),
            (long long)(l / r->grid[0] % r->grid[1]), (long long)(l / (r->grid[0] * r->grid[1])));
}

/* An access's description: "<what> of N byte(s) at address A (element I of
 * the buffer)". */
static void put_access(StrBuf *b, int kind, uintptr_t addr, size_t bytes, const MemRegion *m) {
  sb_printf(b, "%s of %zu byte(s) at address 0x%llx", (kind & IN_ACC_ATOMIC) ? "atomic access"
                                                    : (kind & IN_ACC_WRITE) ? "store" : "load",
            bytes, (unsigned long long)addr);
  if (m && bytes) sb_printf(b, " (element %llu)", (unsigned long long)((addr - m->lo) / bytes));
}

static bool report(Exec *e, IrOp *op, StrBuf *b) {
  in_fail(e, op, "%s", sb_cstr(b));
  sb_free(b);
  return false;
}

static LocalRange *local_of(InChk *c, uintptr_t addr) {
  for (size_t i = c->local.len; i-- > 0;)
    if (addr >= c->local.data[i].lo && addr < c->local.data[i].hi) return &c->local.data[i];
  return NULL;
}

/* Whether an access by block ob (event oev there, 0: unknown) happens before
 * the current block's: ob released (after that access) and the current block
 * acquired from a release made at or after ob's position in the run.  This
 * over-approximates (any release of ob and any acquire count), so it can hide
 * a race but never invents one. */
static bool synced(InChk *c, uint32_t ob, uint32_t oev) {
  if (!c->sync_pos) return false;
  uint64_t v = (uint64_t)(uintptr_t)u64map_get(&c->rel_blk, ob);
  if (!v) return false;
  return (v >> 32) <= c->sync_pos && (!oev || oev <= (uint32_t)v);
}

/* One checked access (in_chk_access): what the cell checks and updates need. */
struct Acc {
  Exec *e;
  IrOp *op;
  const MemRegion *m;
  uintptr_t addr;           /* the access: es-byte elements from addr */
  size_t es;
  int kind;                 /* IN_ACC_* */
  uint32_t ev, preds, me;   /* its event, the event's operand set, its block */
  uint16_t oid;
  bool wr, at, rmw, acq, rel;
  LocalRange *loc;          /* uninit: the alloca a read falls in */
};

/* Checks the access against cell x, which covers address a: reports (and
 * returns false) an uninitialised read, an unordered access of this block or
 * a race with another block. */
static bool cell_check(InChk *c, const Acc *A, const Cell *x, uintptr_t a) {
  uintptr_t ea = A->addr + (a - A->addr) / A->es * A->es; /* the element holding a */
  bool wr = A->wr, at = A->at;
  uint32_t me = A->me;
  if (A->loc && !x->wblk) {
    StrBuf b = {0};
    sb_puts(&b, "reads uninitialized memory: ");
    put_access(&b, A->kind, ea, A->es, A->m);
    sb_puts(&b, " of the alloca at ");
    put_loc(&b, A->loc->op);
    sb_puts(&b, ", never written before");
    return report(A->e, A->op, &b);
  }
  if (c->checks & INTERP_CHECK_ORDER) {
    uint32_t prev = 0;
    const char *what = NULL;
    if (x->wblk == me && x->wev != A->ev && !(at && (x->flags & CELL_WATOMIC)) &&
        !ordered(c, x->wev, A->preds))
      prev = x->wev, what = "store";
    else if (wr && x->rblk == me && x->rev != A->ev && !(at && (x->flags & CELL_RATOMIC)) &&
             !ordered(c, x->rev, A->preds))
      prev = x->rev, what = "load";
    if (prev) {
      StrBuf b = {0};
      put_access(&b, A->kind, ea, A->es, A->m);
      sb_printf(&b, " is not ordered after the %s by ", what);
      put_op(&b, c->ev.data[prev].op);
      sb_puts(&b, " to the same memory in this tile block (no token or data dependence "
                  "orders them)");
      return report(A->e, A->op, &b);
    }
  }
  if (c->checks & INTERP_CHECK_RACES) {
    uint32_t ob = 0, oop = 0;
    const char *what = "access";
    if (x->wblk && x->wblk != me && !(x->flags & CELL_WATOMIC) && !synced(c, x->wblk, x->wev))
      ob = x->wblk, oop = x->wop, what = "store";
    else if (wr && !at && x->wblk && x->wblk != me && !synced(c, x->wblk, x->wev))
      ob = x->wblk, oop = x->wop, what = "atomic access";
    else if (wr && !at && x->rblk && x->rblk != me && !synced(c, x->rblk, x->rev))
      ob = x->rblk, oop = x->rop, what = (x->flags & CELL_RATOMIC) ? "atomic access" : "load";
    else if (wr && !at && x->oblk && x->oblk != me && !synced(c, x->oblk, 0))
      ob = x->oblk, oop = x->oop, what = "load";
    if (ob) {
      StrBuf b = {0};
      sb_puts(&b, "data race: ");
      put_access(&b, A->kind, ea, A->es, A->m);
      sb_printf(&b, " conflicts with the %s by ", what);
      put_op(&b, op_of(c, oop));
      sb_puts(&b, " in ");
      put_block(&b, c->run, ob);
      sb_puts(&b, " (tile blocks are unordered; use atomics or separate outputs)");
      return report(A->e, A->op, &b);
    }
  }
  return true;
}

/* Records the access in cell x. */
static void cell_update(const Acc *A, Cell *x) {
  if (A->wr) {
    x->wblk = A->me;
    x->wev = A->ev;
    x->wop = A->oid;
    x->flags = (uint16_t)((x->flags & ~CELL_WATOMIC) | (A->at ? CELL_WATOMIC : 0));
  }
  if (!A->wr || A->at) {
    if (x->rblk != A->me) {
      x->oblk = x->rblk;
      x->oop = x->rop;
      x->rblk = A->me;
    }
    x->rev = A->ev;
    x->rop = A->oid;
    x->flags = (uint16_t)((x->flags & ~CELL_RATOMIC) | (A->at ? CELL_RATOMIC : 0));
  }
}

static bool cell_eq(const Cell *x, const Cell *y) {
  return x->rev == y->rev && x->wev == y->wev && x->rblk == y->rblk && x->wblk == y->wblk &&
         x->oblk == y->oblk && x->wop == y->wop && x->rop == y->rop && x->oop == y->oop &&
         x->flags == y->flags;
}

/* Merges the equal neighbours among the runs of page p; false if there were
 * none. */
static bool compact(Page *p) {
  unsigned k = 1;
  for (unsigned j = 1; j < p->n; j++) {
    if (cell_eq(&p->run[j], &p->run[k - 1])) continue;
    p->lo[k] = p->lo[j];
    p->run[k++] = p->run[j];
  }
  bool merged = k < p->n;
  p->n = k;
  return merged;
}

/* Checks and records access A (NULL: resets the cells to empty) on the bytes
 * [s, t) of run-mode page p (at address base): each run it covers is checked
 * once, at its first byte in [s, t), and the runs are split at s and t and
 * merged with equal neighbours (an access that covers one run exactly
 * updates it in place; the page is compacted when it runs out of runs).  Returns 1 when done, 0 after a report, -1
 * when the page would need more than RUN_CAP runs (nothing is changed; the
 * caller turns the page into cells). */
static int runs_access(InChk *c, Page *p, uintptr_t base, unsigned s, unsigned t, const Acc *A) {
  unsigned n = p->n, i = 0, hi = n;
  while (hi - i > 1) { /* the run holding s */
    unsigned mid = (i + hi) / 2;
    if (p->lo[mid] <= s) i = mid;
    else hi = mid;
  }
  unsigned k = i;
  while (k < n && p->lo[k] < t) k++;
  if (A && k == i + 1 && p->lo[i] == s && (k == n ? (unsigned)PAGE_SIZE : p->lo[k]) == t) {
    /* the access covers run i exactly: update it in place */
    Cell x = p->run[i];
    if (!cell_check(c, A, &x, base + s)) return 0;
    cell_update(A, &x);
    p->run[i] = x; /* equal neighbours are merged when the page runs out of runs */
    c->pf_run = i;
    return 1;
  }
  uint16_t nl[RUN_CAP + 2];
  Cell nc[RUN_CAP + 2];
  unsigned np = 0;
#define PUSH(L, X)                                          \
  do {                                                      \
    if (!np || !cell_eq(&nc[np - 1], (X))) {                \
      nl[np] = (uint16_t)(L);                               \
      nc[np++] = *(X);                                      \
    }                                                       \
  } while (0)
  for (unsigned j = i; j < k; j++) {
    unsigned rs = p->lo[j], re = j + 1 < n ? p->lo[j + 1] : (unsigned)PAGE_SIZE;
    Cell x = p->run[j];
    if (rs < s) PUSH(rs, &x);
    if (A) {
      if (!cell_check(c, A, &x, base + (rs > s ? rs : s))) return 0;
      cell_update(A, &x);
    } else {
      memset(&x, 0, sizeof x);
    }
    PUSH(rs > s ? rs : s, &x);
    if (re > t) PUSH(t, &p->run[j]);
  }
#undef PUSH
  unsigned first = 0; /* merge with the neighbours */
  if (i > 0 && cell_eq(&nc[0], &p->run[i - 1])) first = 1;
  if (k < n && np > first && cell_eq(&nc[np - 1], &p->run[k])) k++;
  unsigned m = np - first, nn = n - (k - i) + m;
  if (nn > RUN_CAP) {
    if (!compact(p)) return -1;
    return runs_access(c, p, base, s, t, A); /* again on the merged runs */
  }
  if (k < n && i + m != k) {
    memmove(&p->lo[i + m], &p->lo[k], (n - k) * sizeof p->lo[0]);
    memmove(&p->run[i + m], &p->run[k], (n - k) * sizeof p->run[0]);
  }
  memcpy(&p->lo[i], &nl[first], m * sizeof nl[0]);
  memcpy(&p->run[i], &nc[first], m * sizeof nc[0]);
  p->n = nn;
  return 1;
}

/* Checks and records access A on the shadow pages of [A->addr, A->addr +
 * bytes). */
static bool shadow_range(InChk *c, Acc *A, size_t bytes) {
  uintptr_t addr = A->addr;
  if (A->ev == c->pf_ev && addr != c->pf_addr) {
    /* rows of a tile: prefetch the shadow of the row four ahead (same run
     * index), whose cache misses would otherwise dominate */
    uintptr_t nx = addr + 4 * (addr - c->pf_addr);
    uint64_t pno = nx >> PAGE_BITS;
    unsigned h = (unsigned)pno & (PCACHE - 1);
    if (c->pc[h].pno == pno + 1) {
      Page *q = c->pc[h].page;
      __builtin_prefetch(q);
      __builtin_prefetch(&q->lo[RUN_CAP / 2]);
      __builtin_prefetch(&q->run[c->pf_run], 1); /* pf_run < RUN_CAP */
    }
  }
  c->pf_ev = A->ev;
  c->pf_addr = addr;
  for (uintptr_t a = addr, end = addr + bytes; a < end;) {
    uintptr_t pb = a & ~(PAGE_SIZE - 1), pe = pb + PAGE_SIZE;
    if (pe > end) pe = end;
    Page *p = get_page(c, a, pe, A->es);
    if (!p->cells && !A->acq && !A->rel) {
      int rc = runs_access(c, p, pb, (unsigned)(a - pb), (unsigned)(pe - pb), A);
      if (!rc) return false;
      if (rc > 0) {
        a = pe;
        continue;
      }
    }
    /* cell mode; acquires and releases go granule by granule */
    if (!p->cells) to_cells(p);
    unsigned g = p->g;
    Cell *x = &p->cells[(a & (PAGE_SIZE - 1)) / g];
    for (; a < pe; a += g, x++) {
      if (A->acq && (!A->wr || A->rmw)) { /* reads from the releases made to this granule */
        uint64_t rp = (uint64_t)(uintptr_t)u64map_get(&c->rel_addr, a);
        if (rp > c->sync_pos) c->sync_pos = rp;
      }
      if (A->rel && A->wr) u64map_put(&c->rel_addr, a, (void *)(uintptr_t)c->pos);
      if (!cell_check(c, A, x, a)) return false;
      cell_update(A, x);
    }
  }
  return true;
}

/* Replays the reads logged for a never-written buffer into the shadow pages,
 * in their order, and turns the buffer's log off.  Those reads found only
 * empty cells (no write, no alloca), so no check can fail: only the updates
 * are made. */
static void materialize(InChk *c, Exec *e, const MemRegion *m, RegLog *rl) {
  rl->dirty = true;
  for (size_t i = 0; i < rl->log.len; i++) {
    const ReadRec *r = &rl->log.data[i];
    Acc A = {e, NULL, m, r->addr, r->es, IN_ACC_READ, r->ev, 0, r->blk, r->oid,
             false, false, false, false, false, NULL};
    for (uint32_t j = 0; j < r->count; j++, A.addr += (uintptr_t)r->stride) {
      bool ok = shadow_range(c, &A, r->bytes);
      (void)ok;
    }
  }
  vec_free(&rl->log);
}

/* Logs a plain read of a never-written buffer (see RegLog); false when the
 * buffer must go to the shadow pages instead (its log is full). */
static bool log_read(InChk *c, RegLog *rl, const MemRegion *m, const Acc *A, size_t bytes) {
  if (rl->log.len) {
    ReadRec *r = &rl->log.data[rl->log.len - 1];
    if (r->ev == A->ev && r->blk == A->me && r->oid == A->oid && r->bytes == bytes &&
        r->es == A->es) {
      if (r->count == 1) {
        r->stride = (int64_t)(A->addr - r->addr);
        r->count = 2;
        return true;
      }
      if (r->count < UINT32_MAX && A->addr == r->addr + (uintptr_t)(r->stride * (int64_t)r->count)) {
        r->count++;
        return true;
      }
    }
  }
  if (rl->log.len >= 256 + (m->hi - m->lo) / 16) return false;
  ReadRec r = {A->addr, 0, 1, (uint32_t)bytes, (uint32_t)A->es, A->me, A->ev, A->oid};
  vec_push(&rl->log, r);
  (void)c;
  return true;
}

/* One checked access of the es-byte elements in [addr, addr + bytes) by op
 * (kind: IN_ACC_*): every shadow cell they cover is checked and updated. */
bool in_chk_access(Exec *e, IrOp *op, uintptr_t addr, size_t bytes, size_t es, int kind,
                   const MemRegion *m) {
  InChk *c = e->run->chk;
  if (!bytes) return true;
  Acc A = {e, op, m, addr, es, kind, 0, 0, c->blk, 0, (kind & IN_ACC_WRITE) != 0,
           (kind & IN_ACC_ATOMIC) != 0, false, false, false, NULL};
  A.ev = cur_event(c, e, op);
  A.rmw = A.at;
  if (c->cur_ord != CT_MEM_WEAK) A.at = true; /* relaxed/acquire/release accesses are atomic */
  A.acq = c->cur_ord == CT_MEM_ACQUIRE || c->cur_ord == CT_MEM_ACQ_REL;
  A.rel = c->cur_ord == CT_MEM_RELEASE || c->cur_ord == CT_MEM_ACQ_REL;
  if (c->defer && A.wr) {
    c->cur_store = !A.at;
    if (!A.at) {
      Range rg = {A.ev, addr, bytes, xmalloc(bytes)};
      memcpy(rg.bytes, (const void *)addr, bytes);
      vec_push(&c->cur_rng, rg);
    }
  }
  if (!(c->checks & (INTERP_CHECK_ORDER | INTERP_CHECK_RACES | INTERP_CHECK_UNINIT))) return true;
  A.preds = c->ev.data[A.ev].preds;
  A.oid = c->cur_oid > 0xFFFF ? 0 : (uint16_t)c->cur_oid;
  const MemRegion *rg = c->run->regions.data;
  RegLog *rl = m && m >= rg && m < rg + c->run->regions.len ? &c->reg[m - rg] : NULL;
  if (READ_LOG && rl && !rl->dirty) {
    /* a buffer no one has written yet: a plain read cannot conflict */
    if (!A.wr && !A.at && log_read(c, rl, m, &A, bytes)) return true;
    materialize(c, e, m, rl);
  }
  A.loc = (c->checks & INTERP_CHECK_UNINIT) && !A.wr ? local_of(c, addr) : NULL;
  return shadow_range(c, &A, bytes);
}

/* ======================================================================== */
/* Two-seed rerun (INTERP_CHECK_RERUN)                                       */
/* ======================================================================== */

static IrWalkResult find_float_atomic(IrOp *op, void *user) {
  bool at = ct_op_is(op, CT_OP_atomic_red_view_tko) ||
            (ct_op_is(op, CT_OP_atomic_rmw_tko) && op->nresults &&
             ct_type_is_tile(ir_op_result(op, 0)->type) &&
             ir_type_is_float(ct_tile_type_elem(ir_op_result(op, 0)->type))) ||
            in_foreign_float_atomic(op);
  if (!at) return IR_WALK_ADVANCE;
  *(bool *)user = true;
  return IR_WALK_INTERRUPT;
}

/* Whether buffer elements a and b (element i of arg) count as equal: bit
 * for bit, or, when the kernel accumulates floats with atomics (whose
 * rounding depends on the order of the blocks), within 1e-3 relative. */
static bool same_elem(const IrType *elem, const void *x, const void *y, size_t i, bool fuzzy,
                      double *va, double *vb) {
  size_t es = interp_elem_bytes(elem);
  if (es && !memcmp((const uint8_t *)x + i * es, (const uint8_t *)y + i * es, es)) return true;
  *va = interp_load_elem(elem, x, i);
  *vb = interp_load_elem(elem, y, i);
  if (!es && (*va == *vb || (*va != *va && *vb != *vb))) return true;
  if (!fuzzy || !ir_type_is_float(elem)) return false;
  double d = *va - *vb, m = fabs(*va) > fabs(*vb) ? fabs(*va) : fabs(*vb);
  return fabs(d) <= 1e-3 * m;
}

bool in_chk_rerun(IrOp *module, const char *entry, const InterpArg *args, size_t nargs,
                  const InterpOptions *opts) {
  InterpOptions o = *opts;
  o.checks = (opts->checks & ~(unsigned)INTERP_CHECK_RERUN) | INTERP_CHECK_SHUFFLE;
  void **snap = xcalloc(nargs + 1, sizeof(void *)), **first = xcalloc(nargs + 1, sizeof(void *));
  for (size_t i = 0; i < nargs; i++)
    if (args[i].kind == INTERP_ARG_BUFFER && args[i].bytes) {
      snap[i] = xmalloc(args[i].bytes);
      memcpy(snap[i], args[i].data, args[i].bytes);
    }
  bool ok = in_run_once(module, entry, args, nargs, &o);
  if (ok) {
    for (size_t i = 0; i < nargs; i++)
      if (snap[i]) {
        first[i] = xmalloc(args[i].bytes);
        memcpy(first[i], args[i].data, args[i].bytes);
        memcpy(args[i].data, snap[i], args[i].bytes);
      }
    InterpOptions o2 = o;
    o2.checks = INTERP_CHECK_SHUFFLE;
    o2.seed = opts->seed + 1;
    o2.print = NULL;
    ok = in_run_once(module, entry, args, nargs, &o2);
    IrOp *ent = interp_find_entry(module, entry);
    IrBlock *body = ent ? ir_region_entry(ir_op_region(ent, 0)) : NULL;
    bool fuzzy = false;
    if (ent) ir_walk_pre(ent, find_float_atomic, &fuzzy);
    for (size_t i = 0; ok && body && i < nargs && i < body->nargs; i++) {
      if (!first[i]) continue;
      bool buf;
      const IrType *elem;
      if (!interp_param_info(body->args[i]->type, &buf, &elem) || !buf) continue;
      size_t es = interp_elem_bytes(elem);
      size_t n = es ? args[i].bytes / es : args[i].bytes * 2;
      if (!memcmp(first[i], args[i].data, args[i].bytes)) continue; /* the common case */
      for (size_t k = 0; k < n; k++) {
        double a, b;
        if (same_elem(elem, first[i], args[i].data, k, fuzzy, &a, &b)) continue;
        ok = ir_error(ir_op_context(module), ir_op_loc(ent),
                      "'%s' op output differs between two tile block orders "
                      "(--check seeds %llu and %llu): argument %zu, element %zu is %g and %g "
                      "(the result depends on the order of the tile blocks)",
                      ir_op_name(ent), (unsigned long long)opts->seed, (unsigned long long)(opts->seed + 1), i, k,
                      a, b);
        break;
      }
    }
    for (size_t i = 0; i < nargs; i++)
      if (first[i]) memcpy(args[i].data, first[i], args[i].bytes);
  }
  for (size_t i = 0; i < nargs; i++) {
    free(snap[i]);
    free(first[i]);
  }
  free(snap);
  free(first);
  return ok;
}
