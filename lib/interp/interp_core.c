/* interp_core.c — the interpreter's driver: runtime values, SSA slots, the
 * op dispatch table, structured control flow (if/for/loop and their
 * terminators), constants, globals, grid queries, assert/assume, and the
 * thread pool that runs tile blocks of the grid.
 *
 * Execution walks the IR directly.  Every SSA value of the entry (results and
 * block arguments) gets a slot index once per run; each worker holds one slot
 * array and reuses it for the blocks it runs.  Terminators hand their
 * operands back through Exec.term and an ExecCode that the enclosing
 * construct interprets (yield/continue/break/return).
 *
 * Errors: the first runtime error of a block stops that block; the run keeps
 * the error of the lowest linear block id and stops scheduling new blocks.
 * Blocks are taken in id order, and a running block stops early (at its next
 * loop iteration) only when a block with a lower id has failed, so the
 * reported error — and the print_tko output, which is kept up to the failing
 * block — do not depend on the thread count. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "interp/interp_gemm.h"
#include "interp/interp_internal.h"
#include "interp/interp_ops.h"

/* ======================================================================== */
/* Values                                                                    */
/* ======================================================================== */

ValKind in_kind_of(const IrType *elem) {
  if (ir_type_is_float(elem)) return ir_float_kind(elem) == IR_F64 ? VK_F64 : VK_F32;
  return VK_INT;
}

size_t in_kind_size(ValKind k) {
  switch (k) {
  case VK_INT: return 8;
  case VK_F32: return 4;
  case VK_F64: return 8;
  default: return 0;
  }
}

unsigned in_int_width(const IrType *elem) {
  if (ir_type_is_integer(elem)) return ir_integer_width(elem);
  return 64;
}

/* Freed tile buffers kept per thread for reuse: a k-loop or a grid of
 * blocks makes and drops tiles of the same few sizes at every step, and
 * glibc's path for blocks of this size (split, coalesce, consolidate) cost a
 * tenth of a tiled GEMM's time.  At most BUF_CACHE_N buffers of at most
 * BUF_CACHE_MAX bytes; a worker empties its cache when it finishes. */
#if defined(__SANITIZE_ADDRESS__)
#define BUF_CACHE_N 0 /* AddressSanitizer builds: every buffer freed, so use-after-free shows */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BUF_CACHE_N 0
#endif
#endif
#ifndef BUF_CACHE_N
#define BUF_CACHE_N 16
#endif
#define BUF_CACHE_MAX ((size_t)1 << 20)

static void *buf_alloc(size_t bytes) {
  void *p = aligned_alloc(64, bytes);
  if (!p) abort();
  return p;
}

#if BUF_CACHE_N > 0
static _Thread_local void *buf_cache_ptr[BUF_CACHE_N];
static _Thread_local size_t buf_cache_size[BUF_CACHE_N];
static _Thread_local int buf_cache_n;

static void *buf_get(size_t bytes) {
  for (int i = buf_cache_n - 1; i >= 0; i--)
    if (buf_cache_size[i] == bytes) {
      void *p = buf_cache_ptr[i];
      buf_cache_n--;
      buf_cache_ptr[i] = buf_cache_ptr[buf_cache_n];
      buf_cache_size[i] = buf_cache_size[buf_cache_n];
      return p;
    }
  return buf_alloc(bytes);
}

static void buf_put(void *p, size_t bytes) {
  if (bytes && bytes <= BUF_CACHE_MAX && buf_cache_n < BUF_CACHE_N) {
    buf_cache_ptr[buf_cache_n] = p;
    buf_cache_size[buf_cache_n++] = bytes;
  } else {
    free(p);
  }
}

/* Released Val records kept per thread the same way (a tiled loop makes
 * and drops several per step: each loaded tile, its token, the loop index),
 * linked through their data field; at most VAL_CACHE_N. */
#define VAL_CACHE_N 64
static _Thread_local Val *val_cache;
static _Thread_local int val_cache_n;

static Val *val_alloc(void) {
  Val *v = val_cache;
  if (!v) return xcalloc(1, sizeof(Val));
  val_cache = v->data;
  val_cache_n--;
  memset(v, 0, sizeof *v);
  return v;
}

static void val_free(Val *v) {
  if (val_cache_n < VAL_CACHE_N) {
    v->data = val_cache;
    val_cache = v;
    val_cache_n++;
  } else {
    free(v);
  }
}

void in_buf_cache_drain(void) {
  while (buf_cache_n) free(buf_cache_ptr[--buf_cache_n]);
  while (val_cache) {
    Val *v = val_cache;
    val_cache = v->data;
    free(v);
  }
  val_cache_n = 0;
}
#else /* no cache: every buffer and Val is allocated and freed */
static void *buf_get(size_t bytes) { return buf_alloc(bytes); }
static void buf_put(void *p, size_t bytes) {
  (void)bytes;
  free(p);
}
static Val *val_alloc(void) { return xcalloc(1, sizeof(Val)); }
static void val_free(Val *v) { free(v); }
void in_buf_cache_drain(void) {}
#endif

/* A Val with `refs` references, the element type and shape set and no data
 * yet (new_shape and in_val_borrow give it its data). */
static Val *val_header(const IrType *elem, const int64_t *shape, int rank, int refs) {
  Val *v = val_alloc();
  v->refs = refs;
  v->elem = elem;
  v->kind = in_kind_of(elem);
  v->rank = rank;
  v->n = 1;
  for (int i = 0; i < rank; i++) {
    v->shape[i] = shape[i];
    v->n *= shape[i];
  }
  return v;
}

/* A tile value of the given element type and shape (64-byte aligned data,
 * padded to a multiple of 64 bytes), zeroed when `zero`. */
static Val *new_shape(const IrType *elem, const int64_t *shape, int rank, bool zero) {
  Val *v = val_header(elem, shape, rank, 1);
  size_t bytes = (size_t)v->n * in_kind_size(v->kind);
  /* 64-byte alignment helps the vectoriser; pad to a multiple of 64. */
  size_t padded = (bytes + 63) & ~(size_t)63;
  if (padded == 0) padded = 64;
  v->data = buf_get(padded);
  v->cap = padded;
  if (zero) memset(v->data, 0, padded);
  return v;
}

Val *val_new_shape(const IrType *elem, const int64_t *shape, int rank) {
  return new_shape(elem, shape, rank, true);
}

Val *val_new_raw(const IrType *elem, const int64_t *shape, int rank) {
  return new_shape(elem, shape, rank, false);
}

Val *val_new_tile(const IrType *type) {
  if (!ct_type_is_tile(type)) {
    Val *f = in_foreign_new(type); /* nv_tileaa tiles, builtin scalars */
    return f ? f : val_new_token();
  }
  Val *v = val_new_shape(ct_tile_type_elem(type), ct_tile_type_shape(type),
                         (int)ct_tile_type_rank(type));
  v->type = type;
  return v;
}

Val *val_new_token(void) {
  Val *v = val_alloc();
  v->refs = 1;
  v->kind = VK_TOKEN;
  return v;
}

Val *val_retain(Val *v) {
  if (v) __atomic_add_fetch(&v->refs, 1, __ATOMIC_RELAXED);
  return v;
}

void val_release(Val *v) {
  if (!v) return;
  if (__atomic_sub_fetch(&v->refs, 1, __ATOMIC_ACQ_REL) != 0) return;
  if (!v->borrowed) buf_put(v->data, v->data ? v->cap : 0);
  val_free(v);
}

Val *in_token(Exec *e, IrOp *op, unsigned i) {
  const IrType *t = ir_op_result(op, i)->type;
  if (e->run->chk_deps) return val_new_token();
  if (!e->token) {
    e->token = val_new_token();
    e->token->type = t;
  }
  return e->token->type == t ? val_retain(e->token) : val_new_token();
}

/* in_view_memo's entries: per worker, direct-mapped by op. */
#define VIEW_MEMO_N 16 /* a power of two: view_memo_slot takes the hash's top 4 bits */
#define VIEW_MEMO_OPNDS 8
typedef struct InViewMemo {
  IrOp *op;
  unsigned n;
  Val *in[VIEW_MEMO_OPNDS]; /* the operands (held) */
  Val *out;                 /* the view (held) */
} InViewMemo;

static InViewMemo *view_memo_slot(Exec *e, IrOp *op) {
  if (!e->view_memo) e->view_memo = xcalloc(VIEW_MEMO_N, sizeof(InViewMemo));
  return &e->view_memo[((uint64_t)(uintptr_t)op * UINT64_C(0x9E3779B97F4A7C15)) >> 60];
}

Val *in_view_memo_get(Exec *e, IrOp *op) {
  if (e->run->chk_deps || op->noperands > VIEW_MEMO_OPNDS) return NULL;
  InViewMemo *m = view_memo_slot(e, op);
  if (m->op != op || m->n != op->noperands) return NULL;
  for (unsigned i = 0; i < m->n; i++)
    if (in_opnd(e, op, i) != m->in[i]) return NULL;
  return val_retain(m->out);
}

/* Lets go of entry m's values. */
static void view_memo_clear(InViewMemo *m) {
  for (unsigned i = 0; i < m->n; i++) val_release(m->in[i]);
  val_release(m->out);
  memset(m, 0, sizeof *m);
}

void in_view_memo_put(Exec *e, IrOp *op, Val *v) {
  if (e->run->chk_deps || op->noperands > VIEW_MEMO_OPNDS) return;
  InViewMemo *m = view_memo_slot(e, op);
  view_memo_clear(m);
  for (unsigned i = 0; i < op->noperands; i++) {
    m->in[i] = val_retain(in_opnd(e, op, i));
    if (!m->in[i]) { /* an operand without a value: keep nothing */
      m->n = i;
      view_memo_clear(m);
      return;
    }
    m->n = i + 1;
  }
  m->op = op;
  m->out = val_retain(v);
}

/* Lets go of e's memo and shared values (the worker is done). */
static void exec_drop_shared(Exec *e) {
  for (int i = 0; e->view_memo && i < VIEW_MEMO_N; i++) view_memo_clear(&e->view_memo[i]);
  free(e->view_memo);
  e->view_memo = NULL;
  val_release(e->token);
  e->token = NULL;
  while (e->arg_vals.len) val_release(vec_pop(&e->arg_vals));
  vec_free(&e->arg_vals);
}

/* Drops e's borrowed values that nothing else holds (their only reference
 * is e's list), keeping the others in order. */
static void borrow_prune(Exec *e) {
  size_t k = 0;
  for (size_t i = 0; i < e->borrowed.len; i++) {
    Val *v = e->borrowed.data[i];
    if (v->refs == 1) val_release(v);
    else e->borrowed.data[k++] = v;
  }
  e->borrowed.len = k;
}

/* A borrowed tile (see interp_internal.h): the Val of new_shape with data
 * at p instead of a buffer of its own.  Values are per block and per
 * thread, so the reference counts read here change only on this thread. */
Val *in_val_borrow(Exec *e, const IrType *elem, const int64_t *shape, int rank, void *p) {
  if (e->borrowed.len >= IN_BORROW_MAX) borrow_prune(e);
  if (e->borrowed.len >= IN_BORROW_MAX) return NULL;
  Val *v = val_header(elem, shape, rank, 2); /* the caller's and e's list */
  v->data = p;
  v->cap = 0;
  v->borrowed = true;
  vec_push(&e->borrowed, v);
  return v;
}

/* Gives every live borrowed value of e whose elements overlap [lo, hi) a
 * buffer of its own holding the same elements (then it is an ordinary
 * tile), so that a write of that memory cannot change it; the values
 * nothing else holds are dropped. */
void in_borrow_write_slow(Exec *e, uintptr_t lo, uintptr_t hi) {
  size_t k = 0;
  for (size_t i = 0; i < e->borrowed.len; i++) {
    Val *v = e->borrowed.data[i];
    size_t bytes = (size_t)v->n * in_kind_size(v->kind);
    uintptr_t a = (uintptr_t)v->data;
    if (v->refs == 1) {
      val_release(v);
    } else if (a < hi && lo < a + bytes) {
      size_t padded = (bytes + 63) & ~(size_t)63;
      void *own = buf_get(padded ? padded : 64);
      memcpy(own, v->data, bytes);
      v->data = own;
      v->cap = padded ? padded : 64;
      v->borrowed = false;
      val_release(v);
    } else {
      e->borrowed.data[k++] = v;
    }
  }
  e->borrowed.len = k;
}

/* ======================================================================== */
/* Slots                                                                     */
/* ======================================================================== */

/* Run's pointer tables (slot_tab, cost_tab, seg_tab) are filled once per
 * run and read-only while blocks run; they hold numbers >= 1 (0: absent),
 * at most a quarter full so that a lookup (in_exec_block asks one for
 * every operand and op) is mostly one probe. */
static void ptab_init(PtrMap *t, size_t n) { ptrmap_reserve(t, 2 * n); }

static void ptab_put(PtrMap *t, const void *p, uint64_t v) { ptrmap_put(t, p, (void *)(uintptr_t)v); }

static inline uint64_t ptab_get(const PtrMap *t, const void *p) {
  return (uint64_t)(uintptr_t)ptrmap_get(t, p);
}

static size_t slot_index(Run *r, IrValue *v) {
  uint64_t s = ptab_get(&r->slot_tab, v);
  return s ? (size_t)(s - 1) : (size_t)-1;
}

Val *in_get(Exec *e, IrValue *v) {
  size_t s = slot_index(e->run, v);
  return s == (size_t)-1 ? NULL : e->slots[s];
}

Val *in_opnd(Exec *e, IrOp *op, unsigned i) { return in_get(e, ir_op_operand(op, i)); }

void in_set(Exec *e, IrValue *v, Val *val) {
  size_t s = slot_index(e->run, v);
  if (s == (size_t)-1) {
    val_release(val);
    return;
  }
  if (val && !val->type) val->type = v->type;
  val_release(e->slots[s]);
  e->slots[s] = val;
}

void in_set_result(Exec *e, IrOp *op, unsigned i, Val *val) {
  if (val && e->run->chk_deps) in_chk_result(e, op, val);
  in_set(e, ir_op_result(op, i), val);
}

/* Assigns a slot index to every result and block argument of the entry. */
/* Rank of a tile or view type (0 for others). */
static size_t type_rank(const IrType *t) {
  if (ct_type_is_tile(t)) return ct_tile_type_rank(t);
  if (ct_type_is_tensor_view(t)) return ct_tensor_view_rank(t);
  if (ct_type_is_view(t)) {
    size_t a = ct_view_tile_rank(t), b = ct_tensor_view_rank(ct_view_tensor_view(t));
    return a > b ? a : b;
  }
  return 0;
}

static IrWalkResult number_values(IrOp *op, void *user) {
  Run *r = user;
  r->nops++;
  /* Errors are reported from worker threads: uniquing a compact location
   * there would race with them, so every op's location is made now. */
  (void)ir_op_loc(op);
  for (unsigned i = 0; i < op->nresults; i++)
    if (type_rank(ir_op_result(op, i)->type) > IN_MAX_RANK && !r->bad_rank) r->bad_rank = op;
  int ovf = in_attr_enum(op, "overflow", &ct_enum_overflow, CT_OVERFLOW_NONE);
  if (ovf > CT_OVERFLOW_NONE && ovf <= CT_OVERFLOW_NW)
    u64map_put(&r->ovf_ops, (uint64_t)(uintptr_t)op, (void *)(uintptr_t)ovf);
  for (unsigned i = 0; i < op->nresults; i++)
    u64map_put(&r->slot_of, (uint64_t)(uintptr_t)ir_op_result(op, i),
               (void *)(uintptr_t)(++r->nslots));
  for (unsigned i = 0; i < op->nregions; i++)
    for (IrBlock *b = ir_op_regions(op)[i].first; b; b = b->next)
      for (unsigned a = 0; a < b->nargs; a++)
        u64map_put(&r->slot_of, (uint64_t)(uintptr_t)b->args[a],
                   (void *)(uintptr_t)(++r->nslots));
  return IR_WALK_ADVANCE;
}

static uint64_t op_cost(IrOp *op, CtOpIndex idx);

/* Fills Run.cost_tab (user's) with each op's step cost, and seg_tab with
 * its operandSegmentSizes attribute (1 for none). */
static IrWalkResult note_cost(IrOp *op, void *user) {
  Run *r = user;
  bool ct = op->info >= ct_op_infos && op->info < ct_op_infos + CT_OP_COUNT;
  ptab_put(&r->cost_tab, op, ct ? op_cost(op, (CtOpIndex)(op->info - ct_op_infos)) : 1);
  const IrAttr *a = ir_op_attrz(op, "operandSegmentSizes");
  ptab_put(&r->seg_tab, op, a ? (uint64_t)(uintptr_t)a : 1);
  return IR_WALK_ADVANCE;
}

/* Run.slot_tab and Run.cost_tab from slot_of and the entry's ops. */
static void build_tabs(Run *r) {
  ptab_init(&r->slot_tab, r->slot_of.len);
  for (size_t i = 0; i < r->slot_of.cap; i++)
    if (r->slot_of.vals[i])
      ptab_put(&r->slot_tab, (const void *)(uintptr_t)r->slot_of.keys[i],
               (uint64_t)(uintptr_t)r->slot_of.vals[i]);
  ptab_init(&r->cost_tab, r->nops);
  ptab_init(&r->seg_tab, r->nops);
  ir_walk_pre(r->entry, note_cost, r);
}

/* ======================================================================== */
/* Errors and attributes                                                     */
/* ======================================================================== */

bool in_fail(Exec *e, IrOp *op, const char *fmt, ...) {
  if (e->failed) return false;
  e->failed = true;
  StrBuf b = {0};
  sb_printf(&b, "'%s' op ", op ? ir_op_name(op) : "cuda_tile.entry");
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(&b, fmt, ap);
  va_end(ap);
  sb_printf(&b, " (tile block (%lld, %lld, %lld))", (long long)e->bid[0],
            (long long)e->bid[1], (long long)e->bid[2]);
  Run *r = e->run;
  pthread_mutex_lock(&r->mu);
  if (!r->have_err || e->linear < r->err.block) {
    free(r->err.msg);
    r->have_err = true;
    r->err.block = e->linear;
    r->err.loc = op ? ir_op_loc(op) : ir_op_loc(r->entry);
    r->err.msg = sb_take(&b);
    __atomic_store_n(&r->fail_min, e->linear, __ATOMIC_RELAXED);
  }
  r->abort_flag = 1;
  pthread_mutex_unlock(&r->mu);
  sb_free(&b);
  return false;
}

/* Integer value of an integer/bool attribute (or first int of a payload). */
int64_t in_attr_int(IrOp *op, const char *name, int64_t dflt) {
  const IrAttr *a = ir_op_attrz(op, name);
  if (!a) return dflt;
  if (ir_attr_is(a, &ir_integer_attr_def) || ir_attr_is(a, &ir_bool_attr_def))
    return a->ints[0];
  if (a->nints) return a->ints[0];
  return dflt;
}

bool in_attr_present(IrOp *op, const char *name) {
  const IrAttr *a = ir_op_attrz(op, name);
  if (!a) return false;
  if (ir_attr_is(a, &ir_bool_attr_def)) return a->ints[0] != 0;
  return true;
}

/* Case value of an enum attribute (EnumAttr or I32 integer form). */
int in_attr_enum(IrOp *op, const char *name, const CtEnumInfo *en, int dflt) {
  const IrAttr *a = ir_op_attrz(op, name);
  if (!a) return dflt;
  int v = ct_enum_value(a, en);
  if (v < 0 && ir_attr_is(a, &ir_integer_attr_def)) v = (int)a->ints[0];
  return v < 0 ? dflt : v;
}

/* Start and length of operand segment `seg` (operandSegmentSizes); ops
 * without the attribute have one segment holding every operand. */
static void segment_of(const IrAttr *a, IrOp *op, unsigned seg, unsigned *start,
                       unsigned *len) {
  unsigned s = 0;
  if (!a || !ir_attr_is(a, &ir_dense_array_attr_def)) {
    *start = seg == 0 ? 0 : op->noperands;
    *len = seg == 0 ? op->noperands : 0;
    return;
  }
  for (unsigned i = 0; i < seg && i < a->nints; i++) s += (unsigned)a->ints[i];
  *start = s;
  *len = seg < a->nints ? (unsigned)a->ints[seg] : 0;
}

void in_segment(IrOp *op, unsigned seg, unsigned *start, unsigned *len) {
  segment_of(ir_op_attrz(op, "operandSegmentSizes"), op, seg, start, len);
}

void in_segment_x(Exec *e, IrOp *op, unsigned seg, unsigned *start, unsigned *len) {
  uint64_t a = ptab_get(&e->run->seg_tab, op); /* the attribute, 1: none, 0: not an entry op */
  if (!a) {
    in_segment(op, seg, start, len);
    return;
  }
  segment_of(a == 1 ? NULL : (const IrAttr *)(uintptr_t)a, op, seg, start, len);
}

/* ======================================================================== */
/* Scalar access                                                             */
/* ======================================================================== */

int64_t in_scalar_int(const Val *v) {
  if (!v || v->n < 1) return 0;
  switch (v->kind) {
  case VK_INT: return ((const int64_t *)v->data)[0];
  case VK_F32: return (int64_t)((const float *)v->data)[0];
  case VK_F64: return (int64_t)((const double *)v->data)[0];
  default: return 0;
  }
}

double in_elem_f(const Val *v, int64_t i) {
  switch (v->kind) {
  case VK_INT: return (double)((const int64_t *)v->data)[i];
  case VK_F32: return ((const float *)v->data)[i];
  case VK_F64: return ((const double *)v->data)[i];
  default: return 0;
  }
}

/* ======================================================================== */
/* Control flow                                                              */
/* ======================================================================== */

static void term_clear(Exec *e) {
  for (size_t i = 0; i < e->term.len; i++) val_release(e->term.data[i]);
  e->term.len = 0;
}

/* Binds block arguments to vals (retaining them). */
static void bind_args(Exec *e, IrBlock *b, Val **vals, size_t n) {
  for (size_t i = 0; i < n && i < b->nargs; i++) in_set(e, b->args[i], val_retain(vals[i]));
}

/* Takes the terminator values out of e->term into a fresh array. */
static Val **take_term(Exec *e, size_t *n) {
  *n = e->term.len;
  Val **v = xmalloc((e->term.len + 1) * sizeof(Val *));
  for (size_t i = 0; i < e->term.len; i++) v[i] = e->term.data[i];
  e->term.len = 0;
  return v;
}

static void free_vals(Val **v, size_t n) {
  for (size_t i = 0; i < n; i++) val_release(v[i]);
  free(v);
}

static void set_results_from(Exec *e, IrOp *op, Val **v, size_t n) {
  for (unsigned i = 0; i < op->nresults && i < n; i++) in_set_result(e, op, i, val_retain(v[i]));
}

/* cuda_tile.if: runs the taken region; its yield sets the results, while
 * break/continue/return propagate to the enclosing construct. */
static ExecCode exec_if(Exec *e, IrOp *op) {
  Val *c = in_opnd(e, op, 0);
  bool taken = in_scalar_int(c) != 0;
  IrRegion *r = ir_op_region(op, taken ? 0 : 1);
  if (ir_region_empty(r)) return X_OK;
  ExecCode code = in_exec_block(e, ir_region_entry(r));
  if (code == X_YIELD || code == X_OK) {
    size_t n;
    Val **v = take_term(e, &n);
    set_results_from(e, op, v, n);
    free_vals(v, n);
    return X_OK;
  }
  return code; /* break / continue / return / error propagate */
}

/* Whether the current block should stop because a block with a lower id
 * has failed (its result can no longer matter). */
static bool outranked(Exec *e) {
  return __atomic_load_n(&e->run->fail_min, __ATOMIC_RELAXED) < e->linear;
}

static bool iv_less(int64_t a, int64_t b, bool uns, unsigned w) {
  if (uns) return in_zext(a, w) < in_zext(b, w);
  return a < b;
}

static uint64_t op_cost(IrOp *op, CtOpIndex idx);
static bool time_check(Exec *e, IrOp *op);

/* ---- fused k loops ---------------------------------------------------------
 * A cuda_tile.for whose body is exactly one GEMM k step,
 *     %a, %ta = load_view_tko %pa[...]      (either load first)
 *     %b, %tb = load_view_tko %pb[...]
 *     %r = mmaf %a, %b, %acc                (%acc: the one iter value)
 *     continue %r
 * with an f32 accumulator, runs as one GEMM over all its iterations
 * (in_gemm_f32_tiles): the tiles are packed straight from memory, the
 * accumulator is loaded and stored once per few k steps, and no op is
 * dispatched per iteration.  Each element of the result is the same chain of
 * fused multiply-adds as mmaf's, so the bits are the same.  It applies only
 * where running the body op by op could neither fail nor differ: no --check,
 * every iteration's tiles dense and in bounds as the loads' fast path takes
 * them (in_view_dense_tile), f32 or bf16 memory, and the step budget not
 * exhausted by the loop; otherwise the loop runs op by op. */

/* Whether v is one of op's results. */
static bool is_result_of(const IrValue *v, const IrOp *op) { return !ir_value_is_block_arg(v) && v->def == op; }

/* Matches the body of for op `op` (see above): its two loads (of the mmaf's
 * lhs and rhs) and the mmaf. */
static bool kloop_match(IrOp *op, IrOp **la, IrOp **lb, IrOp **mm) {
  if (op->noperands != 4 || op->nresults != 1 || op->nregions != 1) return false;
  IrBlock *body = ir_region_entry(ir_op_region(op, 0));
  if (!body || body->nargs != 2) return false;
  IrOp *o1 = body->first, *o2 = o1 ? o1->next : NULL, *o3 = o2 ? o2->next : NULL,
       *o4 = o3 ? o3->next : NULL;
  if (!o4 || o4->next || o1->info != ct_op(load_view_tko) || o2->info != ct_op(load_view_tko) ||
      o3->info != ct_op(mmaf) || o4->info != ct_op(continue_) || o3->noperands != 3 ||
      o4->noperands != 1 || !is_result_of(ir_op_operand(o4, 0), o3) ||
      ir_op_operand(o3, 2) != body->args[1])
    return false;
  IrValue *a = ir_op_operand(o3, 0), *b = ir_op_operand(o3, 1);
  if (is_result_of(a, o1) && is_result_of(b, o2)) *la = o1, *lb = o2;
  else if (is_result_of(a, o2) && is_result_of(b, o1)) *la = o2, *lb = o1;
  else return false;
  if (a != ir_op_result(*la, 0) || b != ir_op_result(*lb, 0) || !ir_value_has_one_use(a) ||
      !ir_value_has_one_use(b))
    return false;
  const IrType *at = a->type, *rt = ir_op_result(o3, 0)->type;
  if (!ct_type_is_tile(at) || ct_tile_type_rank(at) != 2 || !ct_type_is_tile(rt) ||
      ct_tile_type_rank(rt) != 2 || !ir_type_is_float(ct_tile_type_elem(rt)) ||
      ir_float_kind(ct_tile_type_elem(rt)) != IR_F32)
    return false;
  *mm = o3;
  return true;
}

/* The tile indices of load `ld` as functions of the induction variable:
 * index d is the induction variable where iv[d], else fixed[d] (a value
 * defined outside the loop, as every operand of the body's loads other than
 * the induction variable is: the body holds only the two loads, the mmaf
 * and the continue), read once (body: the loop body). */
typedef struct {
  bool iv[2];
  int64_t fixed[2];
} KloopIdx;

static KloopIdx kloop_indices(Exec *e, IrOp *ld, IrBlock *body) {
  unsigned is, il;
  in_segment(ld, 1, &is, &il);
  KloopIdx k = {{false, false}, {0, 0}};
  for (unsigned d = 0; d < 2; d++) {
    IrValue *v = ir_op_operand(ld, is + d);
    if (v == body->args[0]) k.iv[d] = true;
    else k.fixed[d] = in_scalar_int(in_get(e, v));
  }
  return k;
}

/* The tile indices of iteration iv. */
static inline void kloop_at(const KloopIdx *k, int64_t iv, int64_t ix[2]) {
  for (unsigned d = 0; d < 2; d++) ix[d] = k->iv[d] ? iv : k->fixed[d];
}

#define KLOOP_MAX_ITERS 65536 /* longer loops run op by op */

/* The tiles of a fused k loop's nt iterations (ivs: the first, second and
 * last iteration's induction variable; A's in A->tiles[0..nt), B's in
 * B->tiles[0..nt), which point into one writable array) when three
 * lookups settle them all: each tile index is
 * the induction variable or fixed, and the induction variable steps by a
 * constant without wrapping (kloop_run counted the iterations so), so a
 * tile's first element lies at an affine function of the iteration, and
 * every test of in_view_dense_tile is a linear inequality in it, an
 * alignment that a constant step keeps, or a span inside one buffer (an
 * interval).  So when the first, second and last iterations' tiles pass,
 * each operand's three lie in one registered buffer, and the last lies on
 * the line through the first two, every tile between passes and lies on
 * that line.  False (tiles and operands partly set) when that does not
 * hold: the caller then looks each tile up. */
static bool kloop_tiles_affine(Exec *e, Val *pa, Val *pb, const KloopIdx *ka, const KloopIdx *kb,
                               const int64_t ivs[3], int64_t nt, InGemmOperand *A,
                               InGemmOperand *B) {
  if (nt < 3) return false;
  const void *ta[3], *tb[3];
  int64_t lda[3], ldb[3];
  const int *wa[3], *wb[3];
  for (int i = 0; i < 3; i++) {
    int64_t ix[2];
    kloop_at(ka, ivs[i], ix);
    if (!in_view_dense_tile(e, pa, ix, &ta[i], &lda[i], &wa[i])) return false;
    kloop_at(kb, ivs[i], ix);
    if (!in_view_dense_tile(e, pb, ix, &tb[i], &ldb[i], &wb[i])) return false;
    if (!wa[i] || !wb[i] || wa[i] != wa[0] || wb[i] != wb[0] || lda[i] != lda[0] ||
        ldb[i] != ldb[0])
      return false;
  }
  uintptr_t a0 = (uintptr_t)ta[0], b0 = (uintptr_t)tb[0];
  uintptr_t da = (uintptr_t)ta[1] - a0, db = (uintptr_t)tb[1] - b0;
  if ((uintptr_t)ta[2] != a0 + (uintptr_t)(nt - 1) * da ||
      (uintptr_t)tb[2] != b0 + (uintptr_t)(nt - 1) * db)
    return false;
  const void **at = (const void **)A->tiles, **bt = (const void **)B->tiles;
  for (int64_t t = 0; t < nt; t++) {
    at[t] = (const void *)(a0 + (uintptr_t)t * da);
    bt[t] = (const void *)(b0 + (uintptr_t)t * db);
  }
  A->ld = lda[0], B->ld = ldb[0], A->written = wa[0], B->written = wb[0];
  return true;
}

/* Runs for op as one GEMM when it is a fused k loop (see above) whose
 * iterations run iv from iv0 while iv < ub by step.  1: done (result set);
 * 0: does not apply, nothing done; -1: failed (reported). */
static int kloop_run(Exec *e, IrOp *op, int64_t iv0, int64_t ub, int64_t step, bool uns,
                     unsigned w) {
  IrOp *la, *lb, *mm;
  if (e->run->chk || !in_gemm_tiles_available() || !kloop_match(op, &la, &lb, &mm)) return 0;
  unsigned is, il;
  in_segment(la, 1, &is, &il);
  if (il != 2) return 0;
  in_segment(lb, 1, &is, &il);
  if (il != 2) return 0;
  Val *pa = in_opnd(e, la, 0), *pb = in_opnd(e, lb, 0), *init = in_opnd(e, op, 3);
  const int64_t *ash = ct_tile_type_shape(ir_op_result(la, 0)->type),
                *bsh = ct_tile_type_shape(ir_op_result(lb, 0)->type);
  int64_t M = ash[0], Kt = ash[1], N = bsh[1];
  if (!pa || !pb || !init || init->kind != VK_F32 || !ir_type_is_float(init->elem) ||
      ir_float_kind(init->elem) != IR_F32 || init->rank != 2 || init->shape[0] != M ||
      init->shape[1] != N || bsh[0] != Kt)
    return 0;
  /* the iterations, as exec_for walks them (and the second's and last's
   * induction variable, for kloop_tiles_affine) */
  int64_t nt = 0, ivs[3] = {iv0, iv0, iv0};
  for (int64_t iv = iv0; iv_less(iv, ub, uns, w);) {
    if (++nt > KLOOP_MAX_ITERS) return 0;
    if (nt == 2) ivs[1] = iv;
    ivs[2] = iv;
    int64_t next = in_sext((int64_t)((uint64_t)iv + (uint64_t)step), w);
    if (uns ? in_zext(next, w) <= in_zext(iv, w) : next <= iv) break;
    iv = next;
  }
  IrBlock *body = ir_region_entry(ir_op_region(op, 0));
  uint64_t per = op_cost(la, CT_OP_load_view_tko) + op_cost(lb, CT_OP_load_view_tko) +
                 op_cost(mm, CT_OP_mmaf) + op_cost(body->last, CT_OP_continue_);
  uint64_t total = per * (uint64_t)nt;
  if (nt == 0 || total > e->max_steps - e->steps || outranked(e)) return 0;
  const void **tiles = xmalloc(2 * (size_t)nt * sizeof(void *));
  InGemmOperand A = {tiles, 0, ir_float_kind(pa->elem) == IR_BF16, NULL},
                B = {tiles + nt, 0, ir_float_kind(pb->elem) == IR_BF16, NULL};
  int64_t iv = iv0;
  KloopIdx ka = kloop_indices(e, la, body), kb = kloop_indices(e, lb, body);
  bool affine = kloop_tiles_affine(e, pa, pb, &ka, &kb, ivs, nt, &A, &B);
  for (int64_t t = 0; t < nt && !affine; t++) {
    int64_t ix[2], lda, ldb;
    const int *wa, *wb;
    kloop_at(&ka, iv, ix);
    bool ok = in_view_dense_tile(e, pa, ix, &tiles[t], &lda, &wa);
    kloop_at(&kb, iv, ix);
    ok = ok && in_view_dense_tile(e, pb, ix, &tiles[nt + t], &ldb, &wb);
    if (!ok || (t && (lda != A.ld || ldb != B.ld))) {
      free(tiles);
      return 0;
    }
    /* an operand may be kept packed only while one region holds all its tiles */
    if (!t) A.written = wa, B.written = wb;
    if (wa != A.written) A.written = NULL;
    if (wb != B.written) B.written = NULL;
    A.ld = lda, B.ld = ldb;
    iv = in_sext((int64_t)((uint64_t)iv + (uint64_t)step), w);
  }
  Val *r = val_new_raw(init->elem, init->shape, init->rank); /* every element written */
  r->stream = true; /* usually the output block, stored once */
  in_gemm_f32_tiles(&A, &B, nt, init->data, r->data, M, N, Kt, in_bf16_nan_value, e->run->gemm);
  free(tiles);
  e->steps += total;
  e->work += total;
  if (e->work >= e->time_check_at) {
    IrOp *outer = e->cur_loop;
    e->cur_loop = op;
    bool ok = time_check(e, op);
    e->cur_loop = outer;
    if (!ok) {
      val_release(r);
      return -1;
    }
  }
  in_set_result(e, op, 0, r);
  return 1;
}

/* cuda_tile.for: iv from lb while iv < ub (signed or unsigned compare) by
 * step, carrying iter_values through each `continue`; stops on wrap-around. */
static ExecCode exec_for(Exec *e, IrOp *op) {
  Val *lbv = in_opnd(e, op, 0), *ubv = in_opnd(e, op, 1), *stv = in_opnd(e, op, 2);
  unsigned w = in_int_width(lbv->elem);
  bool uns = in_attr_present(op, "unsignedCmp");
  int64_t iv = in_scalar_int(lbv), ub = in_scalar_int(ubv), step = in_scalar_int(stv);
  if (step == 0 || (!uns && step < 0)) {
    in_fail(e, op, "loop step must be positive (got %lld)", (long long)step);
    return X_ERR;
  }
  int fused = kloop_run(e, op, iv, ub, step, uns, w);
  if (fused) return fused > 0 ? X_OK : X_ERR;
  size_t niter = op->noperands - 3;
  Val **cur = xmalloc((niter + 1) * sizeof(Val *));
  for (size_t i = 0; i < niter; i++) cur[i] = val_retain(in_opnd(e, op, 3 + (unsigned)i));
  IrBlock *body = ir_region_entry(ir_op_region(op, 0));
  IrOp *outer = e->cur_loop;
  e->cur_loop = op;
  while (iv_less(iv, ub, uns, w)) {
    if (outranked(e)) {
      free_vals(cur, niter);
      e->cur_loop = outer;
      return X_ERR;
    }
    Val *ivv = val_new_shape(lbv->elem, NULL, 0);
    ((int64_t *)ivv->data)[0] = iv;
    in_set(e, body->args[0], ivv);
    /* The argument slots take over cur's references, so that an iter value
     * no other value shares has one reference while the body runs (mmaf
     * then accumulates into it in place: interp_shape.c). */
    for (size_t i = 0; i < niter && 1 + i < body->nargs; i++) {
      in_set(e, body->args[1 + i], cur[i]);
      cur[i] = NULL;
    }
    ExecCode code = in_exec_block(e, body);
    if (code == X_CONTINUE || code == X_OK || code == X_YIELD) {
      /* the terminator's values (moved out of e->term) are the next
       * iteration's; a missing one keeps the argument's value */
      size_t n = e->term.len;
      for (size_t i = 0; i < niter; i++) {
        if (i < n) {
          val_release(cur[i]);
          cur[i] = e->term.data[i];
        } else if (!cur[i] && 1 + i < body->nargs) {
          cur[i] = val_retain(in_get(e, body->args[1 + i]));
        }
      }
      for (size_t i = niter; i < n; i++) val_release(e->term.data[i]);
      e->term.len = 0;
    } else {
      free_vals(cur, niter);
      e->cur_loop = outer;
      return code;
    }
    int64_t next = (int64_t)((uint64_t)iv + (uint64_t)step);
    next = in_sext(next, w);
    /* stop on wrap-around */
    if (uns ? in_zext(next, w) <= in_zext(iv, w) : next <= iv) break;
    iv = next;
  }
  e->cur_loop = outer;
  set_results_from(e, op, cur, niter);
  free_vals(cur, niter);
  return e->failed ? X_ERR : X_OK;
}

/* Entry points for the handlers of other dialects (interp_aa.c): scf.if and
 * scf.for share cuda_tile's semantics. */
ExecCode in_exec_if(Exec *e, IrOp *op) { return exec_if(e, op); }
ExecCode in_exec_for(Exec *e, IrOp *op) { return exec_for(e, op); }

/* cuda_tile.loop: repeats the body until a `break` provides the results. */
static ExecCode exec_loop(Exec *e, IrOp *op) {
  size_t niter = op->noperands;
  Val **cur = xmalloc((niter + 1) * sizeof(Val *));
  for (size_t i = 0; i < niter; i++) cur[i] = val_retain(in_opnd(e, op, (unsigned)i));
  IrBlock *body = ir_region_entry(ir_op_region(op, 0));
  IrOp *outer = e->cur_loop;
  e->cur_loop = op;
  for (;;) {
    if (outranked(e)) {
      free_vals(cur, niter);
      e->cur_loop = outer;
      return X_ERR;
    }
    bind_args(e, body, cur, niter);
    ExecCode code = in_exec_block(e, body);
    size_t n;
    if (code == X_CONTINUE || code == X_OK) {
      Val **nv = take_term(e, &n);
      for (size_t i = 0; i < niter && i < n; i++) {
        val_release(cur[i]);
        cur[i] = val_retain(nv[i]);
      }
      free_vals(nv, n);
      continue;
    }
    free_vals(cur, niter);
    e->cur_loop = outer;
    if (code == X_BREAK) {
      Val **nv = take_term(e, &n);
      set_results_from(e, op, nv, n);
      free_vals(nv, n);
      return X_OK;
    }
    return code;
  }
}

bool in_call_region(Exec *e, IrOp *op, IrRegion *r, Val **args, size_t nargs) {
  (void)op;
  IrBlock *b = ir_region_entry(r);
  if (!b) return false;
  bind_args(e, b, args, nargs);
  ExecCode code = in_exec_block(e, b);
  return code != X_ERR && !e->failed;
}

/* ======================================================================== */
/* Simple ops handled here                                                   */
/* ======================================================================== */

/* Converts raw element bits (dense storage) into the compute representation. */
static void store_from_bits(Val *v, int64_t i, const IrType *elem, uint64_t bits) {
  switch (v->kind) {
  case VK_INT: ((int64_t *)v->data)[i] = in_sext((int64_t)bits, in_int_width(elem)); break;
  case VK_F32: {
    IrFloatKind k = ir_float_kind(elem);
    if (k == IR_F32) {
      float f;
      uint32_t b32 = (uint32_t)bits;
      memcpy(&f, &b32, 4);
      ((float *)v->data)[i] = f;
    } else {
      ((float *)v->data)[i] = (float)ir_float_from_bits(k, bits);
    }
    break;
  }
  case VK_F64: {
    double d;
    memcpy(&d, &bits, 8);
    ((double *)v->data)[i] = d;
    break;
  }
  default: break;
  }
}

Val *in_val_from_dense(const IrAttr *a, const IrType *type) {
  /* every element is written below: a cuda_tile tile skips the zeroing */
  Val *v;
  if (ct_type_is_tile(type)) {
    v = val_new_raw(ct_tile_type_elem(type), ct_tile_type_shape(type),
                    (int)ct_tile_type_rank(type));
    v->type = type;
  } else {
    v = val_new_tile(type);
  }
  const IrType *elem = v->elem;
  if (v->kind == VK_TOKEN) return v;
  int64_t nd = ct_dense_num_elements(a);
  bool i1 = ir_type_is_integer(elem) && ir_integer_width(elem) == 1;
  if (nd == 1 || ct_dense_is_splat(a)) {
    /* splat: convert once, then replicate */
    uint64_t bits = ct_dense_bits(a, 0);
    if (i1) bits = bits ? 1 : 0;
    store_from_bits(v, 0, elem, bits);
    /* doubling copies: log2(n) memcpy calls instead of n */
    size_t have = in_kind_size(v->kind), total = (size_t)v->n * have;
    while (have < total) {
      size_t c = have < total - have ? have : total - have;
      memcpy((char *)v->data + have, v->data, c);
      have += c;
    }
    return v;
  }
  for (int64_t i = 0; i < v->n; i++) {
    uint64_t bits = ct_dense_bits(a, i);
    if (i1) bits = bits ? 1 : 0;
    store_from_bits(v, i, elem, bits);
  }
  return v;
}

static bool h_constant(Exec *e, IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "value");
  if (!a) return in_fail(e, op, "has no value");
  in_set_result(e, op, 0, in_val_from_dense(a, ir_op_result(op, 0)->type));
  return true;
}

static bool h_grid(Exec *e, IrOp *op) {
  bool id = ct_op_is(op, CT_OP_get_tile_block_id);
  for (unsigned i = 0; i < 3; i++) {
    Val *v = val_new_tile(ir_op_result(op, i)->type);
    ((int64_t *)v->data)[0] = in_sext(id ? e->bid[i] : e->run->grid[i], in_int_width(v->elem));
    in_set_result(e, op, i, v);
  }
  return true;
}

static bool h_token(Exec *e, IrOp *op) {
  for (unsigned i = 0; i < op->nresults; i++) in_set_result(e, op, i, val_new_token());
  return true;
}

static bool h_assert(Exec *e, IrOp *op) {
  Val *c = in_opnd(e, op, 0);
  const int64_t *d = c->data;
  for (int64_t i = 0; i < c->n; i++) {
    if (d[i] == 0) {
      const IrAttr *m = ir_op_attrz(op, "message");
      return in_fail(e, op, "assertion failed: %s", m && m->str ? m->str->str : "");
    }
  }
  return true;
}

/* assume div_by<d> over integer tile v: with `every N along D` (along >= 0)
 * only elements whose index along D is a multiple of N are constrained.
 * False after reporting the first element not divisible by d. */
bool in_check_div_by(Exec *e, IrOp *op, const Val *v, uint64_t d, int64_t every, int along) {
  const int64_t *x = v->data;
  int64_t inner = 1;
  if (along >= 0 && along < v->rank)
    for (int k = along + 1; k < v->rank; k++) inner *= v->shape[k];
  if (d)
    for (int64_t i = 0; i < v->n; i++)
      if ((along < 0 || along >= v->rank || every <= 1 ||
           (i / inner) % v->shape[along] % every == 0) &&
          (uint64_t)x[i] % d != 0)
        return in_fail(e, op, "violated assumption div_by<%llu>: element %lld is %lld",
                       (unsigned long long)d, (long long)i, (long long)x[i]);
  return true;
}

/* assume bounded<lb, ub> over integer tile v (a missing bound is unchecked). */
bool in_check_bounded(Exec *e, IrOp *op, const Val *v, bool has_lb, int64_t lb, bool has_ub,
                      int64_t ub) {
  const int64_t *x = v->data;
  for (int64_t i = 0; i < v->n; i++)
    if ((has_lb && x[i] < lb) || (has_ub && x[i] > ub))
      return in_fail(e, op, "violated assumption bounded: element %lld is %lld", (long long)i,
                     (long long)x[i]);
  return true;
}

/* assume same_elements: elements within groups of groups[d] along each dim d
 * of the integer tile v are equal (groups[d] <= 0 counts as 1).  False after
 * reporting the first element that differs from its group's first. */
bool in_check_same_elements(Exec *e, IrOp *op, const Val *v, const int64_t *groups) {
  const int64_t *x = v->data;
  int64_t idx[IN_MAX_RANK] = {0};
  for (int64_t i = 0; i < v->n; i++) {
    int64_t j = 0;
    for (int d = 0; d < v->rank; d++) {
      int64_t g = groups[d] > 0 ? groups[d] : 1;
      j = j * v->shape[d] + idx[d] / g * g;
    }
    if (x[i] != x[j])
      return in_fail(e, op, "violated assumption same_elements: element %lld is %lld, "
                            "expected %lld", (long long)i, (long long)x[i], (long long)x[j]);
    for (int d = v->rank - 1; d >= 0; d--) {
      if (++idx[d] < v->shape[d]) break;
      idx[d] = 0;
    }
  }
  return true;
}

/* cuda_tile.assume: checks the predicate (div_by with every/along, bounded,
 * same_elements) on integer/pointer tiles and reports a violation. */
static bool h_assume(Exec *e, IrOp *op) {
  Val *v = in_opnd(e, op, 0);
  const IrAttr *p = ir_op_attrz(op, "predicate");
  if (p && v->kind == VK_INT && ir_attr_is(p, &ct_div_by_attr_def)) {
    if (!in_check_div_by(e, op, v, ct_div_by_divisor(p),
                         ct_div_by_has_every(p) ? ct_div_by_every(p) : 1,
                         ct_div_by_has_along(p) ? (int)ct_div_by_along(p) : -1))
      return false;
  } else if (p && v->kind == VK_INT && ir_attr_is(p, &ct_bounded_attr_def)) {
    if (!in_check_bounded(e, op, v, ct_bounded_has_lb(p), ct_bounded_lb(p),
                          ct_bounded_has_ub(p), ct_bounded_ub(p)))
      return false;
  } else if (p && v->kind == VK_INT && ir_attr_is(p, &ct_same_elements_attr_def) &&
             v->rank == (int)p->nints) {
    if (!in_check_same_elements(e, op, v, p->ints)) return false;
  }
  in_set_result(e, op, 0, val_retain(v));
  return true;
}

/* ======================================================================== */
/* Dispatch                                                                  */
/* ======================================================================== */

static const InHandler handler_table[CT_OP_COUNT] = {
    [CT_OP_constant] = h_constant,
    [CT_OP_get_tile_block_id] = h_grid,
    [CT_OP_get_num_tile_blocks] = h_grid,
    [CT_OP_make_token] = h_token,
    [CT_OP_join_tokens] = h_token,
    [CT_OP_assert_] = h_assert,
    [CT_OP_assume] = h_assume,
#define X(idx, fn) [CT_OP_##idx] = fn,
    IN_OPS_HANDLERS(X)
#undef X
/* compute ops: the `interp` column of their rows */
#define CT_OP(...)
#define CT_OPX(...)
#define CT_OPC(c, m, tr, a, b, rc, rd, nr, sig, fmt, spec, in, nm, bc, sum) [CT_OP_##c] = in,
#define CT_OPCX(c, m, tr, a, b, rc, rd, nr, sig, fmt, spec, in, nm, par, dd, ban, vr, bc, sum) \
  [CT_OP_##c] = in,
#include "dialect/cuda_tile/ops_compute.def"
#undef CT_OPCX
#undef CT_OPC
#undef CT_OPX
#undef CT_OP
};

InHandler in_handler_for_info(const IrOpInfo *info) {
  if (info < ct_op_infos || info >= ct_op_infos + CT_OP_COUNT) return NULL;
  return handler_table[info - ct_op_infos];
}

InHandler in_handler_for(IrOp *op) { return in_handler_for_info(op->info); }

/* Records a terminator's operands as the values handed to its parent. */
static void set_term(Exec *e, IrOp *op) {
  term_clear(e);
  for (unsigned i = 0; i < op->noperands; i++) vec_push(&e->term, val_retain(in_opnd(e, op, i)));
}

void in_set_term(Exec *e, IrOp *op) { set_term(e, op); }

/* Reports the exhausted step budget at the innermost enclosing for/loop (the
 * op that keeps the block running), or at `op` outside any loop.  Kept out
 * of line so the per-op check in in_exec_block stays one add and compare. */
static __attribute__((noinline, cold)) void step_limit_error(Exec *e, IrOp *op) {
  in_fail(e, e->cur_loop ? e->cur_loop : op,
          "exceeded the step limit of %llu steps per tile block (raise it with "
          "--max-steps)", (unsigned long long)e->max_steps);
}

/* Elements in a value of type t (tiles; 1 for anything else). */
static uint64_t type_elems(const IrType *t) {
  if (!ct_type_is_tile(t)) return 1;
  const int64_t *sh = ct_tile_type_shape(t);
  uint64_t n = 1;
  for (size_t i = 0, r = ct_tile_type_rank(t); i < r; i++) n *= (uint64_t)sh[i];
  return n;
}

/* The step cost of one execution of op: 1 plus one per
 * INTERP_STEP_ELEMS elements of work, the work being the element count of
 * its largest result (of its largest operand when it has no results), and
 * M*N*K multiply-adds for mmaf/mmai/mmaf_scaled.  Tile shapes are static
 * and at most 2^24 elements, so the product cannot overflow. */
static uint64_t op_cost(IrOp *op, CtOpIndex idx) {
  uint64_t work = 1;
  for (unsigned i = 0; i < op->nresults; i++) {
    uint64_t n = type_elems(ir_op_result(op, i)->type);
    if (n > work) work = n;
  }
  if (!op->nresults)
    for (unsigned i = 0; i < op->noperands; i++) {
      uint64_t n = type_elems(ir_op_operand(op, i)->type);
      if (n > work) work = n;
    }
  if (idx == CT_OP_mmaf || idx == CT_OP_mmai || idx == CT_OP_mmaf_scaled) {
    const IrType *a = ir_op_operand(op, 0)->type;
    size_t r = ct_type_is_tile(a) ? ct_tile_type_rank(a) : 0;
    if (r) work *= (uint64_t)ct_tile_type_shape(a)[r - 1];
  }
  return 1 + work / INTERP_STEP_ELEMS;
}

bool in_next_op_fits(Exec *e, IrOp *next) {
  if (next->info < ct_op_infos || next->info >= ct_op_infos + CT_OP_COUNT) return false;
  uint64_t cost = ptab_get(&e->run->cost_tab, next);
  if (!cost) cost = op_cost(next, (CtOpIndex)(next->info - ct_op_infos));
  return e->steps + cost <= e->max_steps && e->work + cost < e->time_check_at;
}

/* Whether the run's time limit has passed (checked every
 * IN_TIME_CHECK_STEPS steps of a worker). */
static bool past_deadline(Exec *e) {
  Run *r = e->run;
  if (!r->has_deadline) return false;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec > r->deadline.tv_sec ||
         (now.tv_sec == r->deadline.tv_sec && now.tv_nsec >= r->deadline.tv_nsec);
}

static __attribute__((noinline, cold)) bool time_check(Exec *e, IrOp *op) {
  e->time_check_at = e->work + IN_TIME_CHECK_STEPS;
  if (!past_deadline(e)) return true;
  in_fail(e, e->cur_loop ? e->cur_loop : op,
          "exceeded the time limit of %g s for the run (raise it with --timeout)",
          e->run->timeout);
  return false;
}

ExecCode in_exec_block(Exec *e, IrBlock *b) {
  for (IrOp *op = b->first; op; op = op->next) {
    if (e->failed) return X_ERR;
    uint64_t cost = ptab_get(&e->run->cost_tab, op); /* op_cost, or 1 for other dialects */
    if (__builtin_expect(!cost, 0)) {
      bool ct = op->info >= ct_op_infos && op->info < ct_op_infos + CT_OP_COUNT;
      cost = ct ? op_cost(op, (CtOpIndex)(op->info - ct_op_infos)) : 1;
    }
    e->steps += cost;
    e->work += cost;
    if (__builtin_expect(e->steps > e->max_steps, 0)) {
      step_limit_error(e, op);
      return X_ERR;
    }
    if (__builtin_expect(e->work >= e->time_check_at, 0) && !time_check(e, op)) return X_ERR;
    if (op->info >= ct_op_infos && op->info < ct_op_infos + CT_OP_COUNT) {
      CtOpIndex idx = (CtOpIndex)(op->info - ct_op_infos);
      ExecCode c;
      switch (idx) {
      case CT_OP_yield: set_term(e, op); return X_YIELD;
      case CT_OP_continue_: set_term(e, op); return X_CONTINUE;
      case CT_OP_break_: set_term(e, op); return X_BREAK;
      case CT_OP_return_: set_term(e, op); return X_RETURN;
      case CT_OP_if_:
        c = exec_if(e, op);
        if (c != X_OK) return c;
        continue;
      case CT_OP_for_:
        c = exec_for(e, op);
        if (c != X_OK) return c;
        continue;
      case CT_OP_loop:
        c = exec_loop(e, op);
        if (c != X_OK) return c;
        continue;
      default: break;
      }
      InHandler h = handler_table[idx];
      if (!h) {
        in_fail(e, op, "is not supported by the interpreter");
        return X_ERR;
      }
      if (!h(e, op)) {
        if (!e->failed) in_fail(e, op, "failed");
        return X_ERR;
      }
    } else {
      ExecCode c = in_exec_foreign(e, op); /* nv_tileaa, arith, math, scf */
      if (c != X_OK) return c;
    }
  }
  return X_OK;
}

/* ======================================================================== */
/* Grid and thread pool                                                      */
/* ======================================================================== */

static void exec_reset(Exec *e) {
  for (size_t i = 0; i < e->run->nslots; i++) {
    val_release(e->slots[i]);
    e->slots[i] = NULL;
  }
  term_clear(e);
  while (e->borrowed.len) val_release(vec_pop(&e->borrowed));
  for (size_t i = 0; i < e->local_mem.len; i++) free(e->local_mem.data[i]);
  e->local_mem.len = 0;
  e->local.len = 0;
}

/* Runs the entry for one tile block (linear id -> x, y, z). */
static void run_block(Exec *e, int64_t linear) {
  Run *r = e->run;
  e->linear = linear;
  e->bid[0] = linear % r->grid[0];
  e->bid[1] = linear / r->grid[0] % r->grid[1];
  e->bid[2] = linear / (r->grid[0] * r->grid[1]);
  e->failed = false;
  e->steps = 0;
  e->cur_loop = NULL;
  e->ew_store = NULL;
  e->out = r->outputs ? &r->outputs[linear] : &e->scratch_out;
  if (r->chk) in_chk_block_begin(e);
  IrBlock *body = ir_region_entry(ir_op_region(r->entry, 0));
  size_t nargs = body->nargs < r->nargs ? body->nargs : r->nargs;
  if (!r->chk && e->arg_vals.len == nargs) {
    for (size_t i = 0; i < nargs; i++) in_set(e, body->args[i], val_retain(e->arg_vals.data[i]));
    nargs = 0; /* set */
  }
  for (size_t i = 0; i < nargs; i++) {
    const IrType *t = body->args[i]->type;
    Val *v = val_new_tile(t);
    const InterpArg *a = &r->args[i];
    if (v->kind == VK_INT)
      ((int64_t *)v->data)[0] = a->kind == INTERP_ARG_BUFFER
                                    ? (int64_t)(uintptr_t)a->data
                                    : in_sext(a->i, in_int_width(v->elem));
    else if (v->kind == VK_F32)
      ((float *)v->data)[0] = (float)ir_float_round(ir_float_kind(v->elem), a->f);
    else if (v->kind == VK_F64)
      ((double *)v->data)[0] = a->f;
    if (!r->chk) vec_push(&e->arg_vals, val_retain(v));
    in_set(e, body->args[i], v);
  }
  in_exec_block(e, body);
  if (r->chk) in_chk_block_end(e);
  exec_reset(e);
}

/* Thread body: takes block ids in order until none are left (or a block
 * failed). */
static void *worker(void *user) {
  Exec *e = user;
  Run *r = e->run;
  for (;;) {
    pthread_mutex_lock(&r->mu);
    int64_t b = r->abort_flag ? r->nblocks : r->next_block++;
    pthread_mutex_unlock(&r->mu);
    if (b >= r->nblocks) break;
    e->work += 1; /* a block costs at least one step of the time budget */
    if (e->work >= e->time_check_at) {
      e->time_check_at = e->work + IN_TIME_CHECK_STEPS;
      if (past_deadline(e)) {
        e->linear = b;
        e->bid[0] = b % r->grid[0];
        e->bid[1] = b / r->grid[0] % r->grid[1];
        e->bid[2] = b / (r->grid[0] * r->grid[1]);
        e->failed = false;
        in_fail(e, r->entry, "exceeded the time limit of %g s for the run (raise it with "
                "--timeout)", r->timeout);
        break;
      }
    }
    run_block(e, r->chk ? in_chk_block_id(r->chk, b) : b);
  }
  exec_reset(e);
  exec_drop_shared(e);
  in_buf_cache_drain();
  in_gemm_drain();
  return NULL;
}

/* ======================================================================== */
/* Entry point                                                               */
/* ======================================================================== */

static IrOp *find_in(IrOp *op, const char *name) {
  for (unsigned ri = 0; ri < op->nregions; ri++)
    for (IrBlock *b = ir_op_regions(op)[ri].first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) {
        if (ct_op_is(o, CT_OP_entry) || in_is_foreign_entry(o)) {
          const IrIdent *n = ir_symbol_name(o);
          if (n && strcmp(n->str, name) == 0) return o;
        } else if (o->nregions && !ct_op_is(o, CT_OP_testing_func)) {
          IrOp *f = find_in(o, name);
          if (f) return f;
        }
      }
  return NULL;
}

IrOp *interp_find_entry(IrOp *module, const char *name) { return find_in(module, name); }

bool interp_is_entry(IrOp *op) { return ct_op_is(op, CT_OP_entry) || in_is_foreign_entry(op); }

bool interp_param_info(const IrType *t, bool *is_buffer, const IrType **elem) {
  const IrType *e = ct_type_is_tile(t) ? ct_tile_type_elem(t) : in_foreign_elem(t);
  if (!e) return false;
  *is_buffer = ct_type_is_ptr(e) || in_foreign_is_ptr(e);
  if (ct_type_is_ptr(e)) e = ct_ptr_type_pointee(e);
  else if (in_foreign_is_ptr(e)) e = in_foreign_pointee(e);
  *elem = e;
  return true;
}

size_t interp_elem_bytes(const IrType *elem) {
  if (ir_type_is_float(elem)) {
    IrFloatKind k = ir_float_kind(elem);
    if (k == IR_F4E2M1FN) return 0;
    if (k == IR_TF32) return 4;
    return ir_float_storage_bits(k) / 8;
  }
  if (ir_type_is_integer(elem)) {
    unsigned w = ir_integer_width(elem);
    return w <= 8 ? 1 : w <= 16 ? 2 : w <= 32 ? 4 : 8;
  }
  return 8; /* pointers, index */
}

static int cmp_region(const void *a, const void *b) {
  const MemRegion *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

void in_add_region(Run *r, uintptr_t lo, size_t bytes, bool ro) {
  if (!bytes) return;
  MemRegion m = {lo, lo + bytes, ro, 0};
  vec_push(&r->regions, m);
}

bool in_setup_globals(Run *r); /* interp_mem.c */

static IrWalkResult find_print(IrOp *op, void *user) {
  if (ct_op_is(op, CT_OP_print_tko) || ir_op_isz(op, "nv_tileaa.print")) {
    *(bool *)user = true;
    return IR_WALK_INTERRUPT;
  }
  return IR_WALK_ADVANCE;
}

/* Clears Run.borrow_ok (user) at an op inside the entry that lets blocks
 * order their memory accesses against each other's, or that the borrow
 * bookkeeping does not know: an op of another dialect, an atomic, or a
 * load/store with an ordering other than weak. */
static IrWalkResult find_no_borrow(IrOp *op, void *user) {
  Run *r = user;
  if (op == r->entry) return IR_WALK_ADVANCE;
  if (op->info < ct_op_infos || op->info >= ct_op_infos + CT_OP_COUNT ||
      ct_op_is(op, CT_OP_atomic_cas_tko) ||
      ct_op_is(op, CT_OP_atomic_rmw_tko) || ct_op_is(op, CT_OP_atomic_red_view_tko) ||
      in_attr_int(op, "memory_ordering_semantics", CT_MEM_WEAK) != CT_MEM_WEAK) {
    r->borrow_ok = false;
    return IR_WALK_INTERRUPT;
  }
  return IR_WALK_ADVANCE;
}

/* Attribute names looked up while blocks run (see interp_run). */
static const char *const attr_names[] = {
    "comparison_ordering", "comparison_predicate", "constant", "dim", "flush_to_zero",
    "identities", "message", "mode", "name", "num_elem", "operandSegmentSizes",
    "permutation", "predicate", "propagate_nan", "reverse", "rounding", "rounding_mode",
    "signedness", "signedness_lhs", "signedness_rhs", "str", "unsignedCmp", "value",
    "overflow", "fast_acc", "sym_name"};

bool interp_run(IrOp *module, const char *entry_name, const InterpArg *args, size_t nargs,
                const InterpOptions *opts) {
  if (opts->checks & INTERP_CHECK_RERUN) return in_chk_rerun(module, entry_name, args, nargs, opts);
  return in_run_once(module, entry_name, args, nargs, opts);
}

bool in_run_once(IrOp *module, const char *entry_name, const InterpArg *args, size_t nargs,
                 const InterpOptions *opts) {
  IrContext *ctx = ir_op_context(module);
  IrOp *entry = interp_find_entry(module, entry_name);
  if (!entry) return ir_error(ctx, ir_op_loc(module), "no cuda_tile.entry named '%s'", entry_name);
  IrBlock *body = ir_region_entry(ir_op_region(entry, 0));
  if (!body) return ir_error(ctx, ir_op_loc(entry), "entry '%s' has no body", entry_name);
  if (nargs != body->nargs)
    return ir_error(ctx, ir_op_loc(entry), "entry '%s' takes %u argument(s), %zu given", entry_name,
                    body->nargs, nargs);
  for (size_t i = 0; i < nargs; i++) {
    const IrType *t = body->args[i]->type;
    bool isptr = (ct_type_is_tile(t) && ct_type_is_ptr(ct_tile_type_elem(t))) ||
                 in_foreign_is_ptr(t);
    if (isptr != (args[i].kind == INTERP_ARG_BUFFER))
      return ir_error(ctx, ir_op_loc(entry), "argument %zu of '%s' must be a %s (type %T)", i,
                      entry_name, isptr ? "buffer" : "scalar", t);
  }
  Run r;
  memset(&r, 0, sizeof r);
  r.ctx = ctx;
  r.entry = entry;
  r.module = module;
  r.fail_min = INT64_MAX;
  r.args = args;
  r.nargs = nargs;
  for (int i = 0; i < 3; i++) r.grid[i] = opts->grid[i] < 1 ? 1 : opts->grid[i];
  /* CUDA's grid limits (x < 2^31, y and z < 2^16) keep every id in i32. */
  if (r.grid[0] > INT32_MAX || r.grid[1] > 65535 || r.grid[2] > 65535)
    return ir_error(ctx, ir_op_loc(entry), "grid (%lld, %lld, %lld) exceeds the limits "
                    "(2^31-1, 65535, 65535)", (long long)r.grid[0], (long long)r.grid[1],
                    (long long)r.grid[2]);
  r.nblocks = r.grid[0] * r.grid[1] * r.grid[2]; /* < 2^63: at most 2^31 * 2^16 * 2^16 */
  if (r.nblocks > INTERP_MAX_BLOCKS)
    return ir_error(ctx, ir_op_loc(entry), "grid (%lld, %lld, %lld) has %lld tile blocks, more "
                    "than the limit of %lld per run", (long long)r.grid[0], (long long)r.grid[1],
                    (long long)r.grid[2], (long long)r.nblocks, (long long)INTERP_MAX_BLOCKS);
  if (opts->timeout > 0) {
    r.has_deadline = true;
    r.timeout = opts->timeout;
    clock_gettime(CLOCK_MONOTONIC, &r.deadline);
    double whole = floor(opts->timeout);
    double secs = (double)r.deadline.tv_sec + whole;
    r.deadline.tv_sec = secs > 4e18 ? (time_t)4e18 : (time_t)secs;
    r.deadline.tv_nsec += (long)((opts->timeout - whole) * 1e9);
    if (r.deadline.tv_nsec >= 1000000000L) r.deadline.tv_sec++, r.deadline.tv_nsec -= 1000000000L;
  }
  ir_walk_pre(entry, find_print, &r.has_print);
  if (r.has_print && r.nblocks > ((int64_t)1 << 26))
    return ir_error(ctx, ir_op_loc(entry), "too many tile blocks (%lld) for a kernel that prints "
                    "(at most 2^26)", (long long)r.nblocks);
  if ((opts->checks & ~(unsigned)INTERP_CHECK_RERUN) && r.nblocks >= (int64_t)UINT32_MAX)
    return ir_error(ctx, ir_op_loc(entry), "too many tile blocks (%lld) for --check (at most "
                    "2^32-2)", (long long)r.nblocks);
  pthread_mutex_init(&r.mu, NULL);
  pthread_mutex_init(&r.amu, NULL);
  /* Intern every attribute name the handlers look up before workers start:
   * afterwards those lookups only read the context's identifier table, so
   * concurrent blocks never insert into it. */
  for (size_t i = 0; i < sizeof attr_names / sizeof attr_names[0]; i++)
    (void)ir_identz(ctx, attr_names[i]);
  ir_walk_pre(entry, number_values, &r);
  build_tabs(&r);
  for (size_t i = 0; i < body->nargs; i++)
    if (type_rank(body->args[i]->type) > IN_MAX_RANK) r.bad_rank = entry;
  if (r.bad_rank) {
    ir_error(ctx, ir_op_loc(r.bad_rank), "tiles and views of rank > %d are not supported by the "
             "interpreter", IN_MAX_RANK);
    u64map_free(&r.slot_of);
    u64map_free(&r.ovf_ops);
    ptrmap_free(&r.slot_tab);
    ptrmap_free(&r.cost_tab);
    ptrmap_free(&r.seg_tab);
    pthread_mutex_destroy(&r.mu);
    pthread_mutex_destroy(&r.amu);
    return false;
  }
  for (size_t i = 0; i < nargs; i++)
    if (args[i].kind == INTERP_ARG_BUFFER)
      in_add_region(&r, (uintptr_t)args[i].data, args[i].bytes, false);
  r.gemm = in_gemm_shared_new();
  bool ok = in_setup_globals(&r);
  if (ok) {
    if (r.regions.len) qsort(r.regions.data, r.regions.len, sizeof(MemRegion), cmp_region);
    if (r.has_print) r.outputs = xcalloc((size_t)r.nblocks, sizeof(StrBuf));
    int nt = opts->threads < 1 ? 1 : opts->threads;
    if (opts->checks & ~(unsigned)INTERP_CHECK_RERUN) { /* --check: one thread */
      r.chk = in_chk_new(&r, opts->checks, opts->seed);
      r.chk_mem = (opts->checks & ~(unsigned)INTERP_CHECK_RERUN) != 0;
      r.chk_deps = (opts->checks & (INTERP_CHECK_ORDER | INTERP_CHECK_SHUFFLE)) != 0;
      nt = 1;
    } else {
      r.borrow_ok = ct_op_is(entry, CT_OP_entry);
      if (r.borrow_ok) ir_walk_pre(entry, find_no_borrow, &r);
    }
    if (nt > r.nblocks) nt = (int)r.nblocks;
    Exec *ex = xcalloc((size_t)nt, sizeof(Exec));
    pthread_t *th = xcalloc((size_t)nt, sizeof(pthread_t));
    for (int i = 0; i < nt; i++) {
      ex[i].run = &r;
      ex[i].max_steps = opts->max_steps ? opts->max_steps : UINT64_MAX;
      ex[i].time_check_at = IN_TIME_CHECK_STEPS;
      ex[i].slots = xcalloc(r.nslots + 1, sizeof(Val *));
    }
    int started = 0;
    for (int i = 1; i < nt; i++) {
      if (pthread_create(&th[i], NULL, worker, &ex[i]) != 0) break;
      started = i;
    }
    worker(&ex[0]);
    for (int i = 1; i <= started; i++) pthread_join(th[i], NULL);
    for (int i = 0; i < nt; i++) {
      exec_reset(&ex[i]);
      free(ex[i].slots);
      vec_free(&ex[i].term);
      vec_free(&ex[i].local);
      vec_free(&ex[i].local_mem);
      vec_free(&ex[i].borrowed);
      exec_drop_shared(&ex[i]);
      sb_free(&ex[i].scratch_out);
    }
    free(ex);
    free(th);
    /* print_tko text in block order, up to the failing block (blocks after
     * it may have run partly, depending on the thread count) */
    for (int64_t b = 0; r.outputs && b < r.nblocks; b++) {
      if (r.outputs[b].len && opts->print && (!r.have_err || b <= r.err.block))
        opts->print(opts->print_user, r.outputs[b].s, r.outputs[b].len);
      sb_free(&r.outputs[b]);
    }
    free(r.outputs);
    in_chk_free(r.chk);
    if (r.have_err) {
      ir_error(ctx, r.err.loc, "%s", r.err.msg);
      ok = false;
    }
  }
  in_buf_cache_drain();
  in_gemm_drain();
  free(r.err.msg);
  for (size_t i = 0; i < r.owned.len; i++) free(r.owned.data[i]);
  vec_free(&r.owned);
  vec_free(&r.regions);
  u64map_free(&r.slot_of);
  u64map_free(&r.ovf_ops);
  ptrmap_free(&r.slot_tab);
  ptrmap_free(&r.cost_tab);
  ptrmap_free(&r.seg_tab);
  u64map_free(&r.globals);
  in_gemm_shared_free(r.gemm);
  pthread_mutex_destroy(&r.mu);
  pthread_mutex_destroy(&r.amu);
  return ok;
}
