/* interp_internal.h — shared structures of lib/interp: runtime values
 * (tiles, views, tokens), the per-run state, the per-block execution state,
 * and the op handler table's signature.
 *
 * Tile element representation (the "compute kind" of an element type):
 *   integers, index and pointers   int64_t, sign-extended from the width (i1
 *                                  true is -1; pointers are host addresses)
 *   f32 and every narrower float   float, holding a value already rounded to
 *                                  the element's format (f16, bf16, tf32, f8,
 *                                  f4): f32 arithmetic followed by one rounding
 *                                  is exact for these formats
 *   f64                            double */
#ifndef CTILE_INTERP_INTERNAL_H
#define CTILE_INTERP_INTERNAL_H

#include <pthread.h>
#include <time.h>

#include "dialect/cuda_tile/cuda_tile.h"
#include "interp/interp.h"
#include "support/ptrmap.h"

#define IN_MAX_RANK 8

typedef enum ValKind { VK_INT, VK_F32, VK_F64, VK_TOKEN, VK_TVIEW, VK_PVIEW } ValKind;

/* A reference-counted runtime value. */
typedef struct Val {
  int refs;
  ValKind kind;
  const IrType *type;      /* the SSA value's type */
  const IrType *elem;      /* tiles and views: element type */
  int rank;
  int64_t shape[IN_MAX_RANK];
  int64_t n;               /* element count */
  void *data;              /* n elements of the compute kind */
  size_t cap;              /* bytes at data when new_shape allocated it (tile-buffer cache), else 0 */
  /* Views: the tensor view (base address, shape, strides in elements), and
   * for partition views the view type (tile shape, dim_map, padding). */
  int64_t base;
  int vrank;
  int64_t vshape[IN_MAX_RANK], vstrides[IN_MAX_RANK];
  uint32_t dep;            /* --check=order: dependency set (interp_check.c) */
  /* data points into kernel memory (a borrowed load, in_val_borrow): not
   * owned, never freed or written through this value. */
  bool borrowed;
  /* a tile that is usually stored once and not read again soon (a fused k
   * loop's result: a GEMM's output block): a store of it of at least
   * NT_TILE_MIN elements with rows of whole cache lines goes through
   * non-temporal stores (interp_mem.c) */
  bool stream;
} Val;

/* A registered memory region [lo, hi).  `written` turns 1 (atomically,
 * never back) at the first store of the run that the checks let into it
 * (in_check_access, and the span check of the dense paths): a region with
 * written 0 holds what it held when the run began, so what was computed
 * from it may be kept (the fused k loops' packed operands, interp_gemm.c). */
typedef struct MemRegion {
  uintptr_t lo, hi;
  bool readonly;
  int written;
} MemRegion;

typedef struct BlockErr {
  int64_t block;           /* linear block id */
  const IrLoc *loc;
  char *msg;
} BlockErr;


/* Per-run state shared by all workers (read-only while blocks run, except
 * the fields under `mu`). */
typedef struct Run {
  IrContext *ctx;
  IrOp *entry;
  IrOp *module;
  U64Map slot_of;          /* IrValue* -> slot index + 1 */
  size_t nslots;
  const InterpArg *args;
  size_t nargs;
  int64_t grid[3];
  VEC(MemRegion) regions;  /* sorted by lo */
  struct InGemmShared *gemm; /* the fused k loops' kept operands (interp_gemm.h) */
  U64Map globals;          /* global op -> address */
  VEC(void *) owned;       /* global storage */
  /* block scheduling and errors */
  pthread_mutex_t mu;       /* scheduling and errors */
  pthread_mutex_t amu;      /* atomics (never held while taking mu) */
  int64_t next_block, nblocks;
  bool have_err;
  BlockErr err;
  volatile int abort_flag; /* a block failed: take no new blocks (under mu) */
  int64_t fail_min;        /* lowest failing block id (INT64_MAX: none); atomic */
  bool has_print;          /* the entry contains print_tko */
  IrOp *bad_rank;          /* first op with a result of rank > IN_MAX_RANK */
  StrBuf *outputs;         /* per-block print_tko text (nblocks entries), or NULL */
  /* Ops with an overflow<...> flag other than none -> flag (CT_OVERFLOW_*),
   * found once per run so that flag-free programs never look it up. */
  U64Map ovf_ops;
  /* InterpOptions.timeout: the monotonic time the run must end by. */
  bool has_deadline;
  double timeout;
  struct timespec deadline;
  struct InChk *chk;       /* --check state (NULL: no checks) */
  bool chk_mem;            /* --check=order/races/uninit: accesses go to in_chk_access */
  bool chk_deps;           /* --check=order: results get dependency sets */
  /* Dense f32 tile loads may borrow kernel memory instead of copying it
   * (in_val_borrow): no --check, and the entry has only cuda_tile ops, no
   * atomics and only weak memory ops, so no block can order its accesses
   * against another's (a cross-block overlap of a load and a store is a
   * data race whichever copy the load sees). */
  bool borrow_ok;
  /* slot_of's entries again (value -> slot + 1), and each op of the entry
   * -> its step cost (op_cost), in pointer maps read-only while blocks run
   * (interp_core.c ptab_*); nops counts the ops. */
  PtrMap slot_tab, cost_tab;
  /* op -> its operandSegmentSizes attribute (in_segment), for the ops
   * that have one */
  PtrMap seg_tab;
  size_t nops;
} Run;

/* Steps between two looks at the clock for InterpOptions.timeout. */
#define IN_TIME_CHECK_STEPS ((uint64_t)1 << 16)

typedef enum ExecCode { X_OK, X_YIELD, X_BREAK, X_CONTINUE, X_RETURN, X_ERR } ExecCode;

/* Per-block execution state (one per worker, reset per block). */
typedef struct Exec {
  Run *run;
  Val **slots;
  int64_t bid[3];
  int64_t linear;
  VEC(Val *) term;         /* values of the last terminator */
  VEC(MemRegion) local;    /* allocas of this block */
  VEC(void *) local_mem;
  StrBuf *out;
  StrBuf scratch_out;      /* unused sink when the entry never prints */
  bool failed;
  /* Step budget: ops executed by the current block, the limit (UINT64_MAX
   * when unlimited), and the innermost for/loop being run (named by the
   * error). */
  uint64_t steps, max_steps;
  IrOp *cur_loop;
  /* Steps taken by this worker over all its blocks, and when next to look
   * at the clock (InterpOptions.timeout). */
  uint64_t work, time_check_at;
  /* Borrowed tile values of this block (each holds a reference), at most
   * IN_BORROW_MAX: a store materializes those it overlaps first. */
  VEC(Val *) borrowed;
  /* The store_view_tko that in_ew_store_dest last prepared and the tile it
   * lent for it (the store's operand): that store has nothing to write. */
  IrOp *ew_store;
  Val *ew_store_val;
  /* The entry's argument values, made by the first block this worker runs
   * and shared (retained) by the next ones: they are the same for every
   * block (runs without --check only). */
  VEC(Val *) arg_vals;
  /* in_token's shared token value, and in_view_memo's entries. */
  Val *token;
  struct InViewMemo *view_memo;
} Exec;

typedef bool (*InHandler)(Exec *e, IrOp *op);

/* ---- values (interp_core.c) ---------------------------------------------- */
Val *val_new_tile(const IrType *type);                 /* zeroed data */
Val *val_new_shape(const IrType *elem, const int64_t *shape, int rank);
/* Like val_new_shape, for results that overwrite every element: no zeroing. */
Val *val_new_raw(const IrType *elem, const int64_t *shape, int rank);
Val *val_new_token(void);
/* A tile value whose data is n f32 elements of kernel memory at p (dense
 * and in bounds, checked by the caller), registered with e; NULL when e
 * holds IN_BORROW_MAX live borrowed values (the caller copies instead). */
#define IN_BORROW_MAX 32
Val *in_val_borrow(Exec *e, const IrType *elem, const int64_t *shape, int rank, void *p);
/* A token for result i of op: one value shared by this worker's tokens of
 * that type (tokens carry no data) unless --check gives each its own
 * dependency set. */
Val *in_token(Exec *e, IrOp *op, unsigned i);
/* Views (make_tensor_view, make_partition_view...) are immutable values
 * that depend only on the op and its operands: in_view_memo_get gives the
 * value op made last time on this worker when its operands are the same
 * values as then (the memo holds references to them, so the same pointer
 * is the same value), else NULL; in_view_memo_put records a new one.  Not
 * under --check (results get dependency sets there). */
Val *in_view_memo_get(Exec *e, IrOp *op);
void in_view_memo_put(Exec *e, IrOp *op, Val *v);
/* Before a write of kernel memory [lo, hi): every live borrowed value of e
 * that overlaps it gets its own copy of its elements.  lo 0 and hi
 * UINTPTR_MAX for a write whose span is not computed. */
void in_borrow_write_slow(Exec *e, uintptr_t lo, uintptr_t hi);
static inline void in_borrow_write(Exec *e, uintptr_t lo, uintptr_t hi) {
  if (e->borrowed.len) in_borrow_write_slow(e, lo, hi);
}
/* A borrowed tile over the memory that store_view_tko st (the op after an
 * element-wise op, storing its result) will write, to compute the result
 * into; NULL when st would not take the dense path (interp_mem.c). */
Val *in_ew_store_dest(Exec *e, IrOp *st, const IrType *elem, const int64_t *shape, int rank);
/* Whether running op next cannot stop at the step or time limit check that
 * in_exec_block makes before it (interp_core.c). */
bool in_next_op_fits(Exec *e, IrOp *next);
Val *val_retain(Val *v);
void val_release(Val *v);
/* Frees the calling thread's cached tile buffers (each worker, when done). */
void in_buf_cache_drain(void);
ValKind in_kind_of(const IrType *elem);
size_t in_kind_size(ValKind k);

Val *in_get(Exec *e, IrValue *v);
Val *in_opnd(Exec *e, IrOp *op, unsigned i);
void in_set(Exec *e, IrValue *v, Val *val);          /* takes the reference */
void in_set_result(Exec *e, IrOp *op, unsigned i, Val *val);
ExecCode in_exec_block(Exec *e, IrBlock *b);
/* Reports a runtime error at op (formatted); returns false. */
bool in_fail(Exec *e, IrOp *op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Integer attribute / enum helpers. */
int64_t in_attr_int(IrOp *op, const char *name, int64_t dflt);
int in_attr_enum(IrOp *op, const char *name, const CtEnumInfo *e, int dflt);
bool in_attr_present(IrOp *op, const char *name);
/* operandSegmentSizes: start and length of segment `seg`. */
void in_segment(IrOp *op, unsigned seg, unsigned *start, unsigned *len);
/* The same through the run's table of the entry's ops (Run.seg_tab). */
void in_segment_x(Exec *e, IrOp *op, unsigned seg, unsigned *start, unsigned *len);

/* Integer canonicalisation: sign-extend the low `w` bits. */
static inline int64_t in_sext(int64_t v, unsigned w) {
  if (w >= 64) return v;
  uint64_t m = (uint64_t)1 << (w - 1);
  uint64_t x = (uint64_t)v & (((uint64_t)1 << w) - 1);
  return (int64_t)((x ^ m) - m);
}
static inline uint64_t in_zext(int64_t v, unsigned w) {
  if (w >= 64) return (uint64_t)v;
  return (uint64_t)v & (((uint64_t)1 << w) - 1);
}
/* ceil(a / b) for a >= 0, b >= 1, without the overflow of (a + b - 1) / b
 * (tile counts of views whose extent is near INT64_MAX). */
static inline int64_t in_ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0); }
/* Width of an integer-like element (pointers and index: 64). */
unsigned in_int_width(const IrType *elem);

/* ---- memory (interp_mem.c) ----------------------------------------------- */
/* Access kinds of in_check_access (false/true are a plain load/store).
 * IN_ACC_SPAN: bounds only, the caller checks each element again. */
enum { IN_ACC_READ = 0, IN_ACC_WRITE = 1, IN_ACC_ATOMIC = 2, IN_ACC_SPAN = 4 };
bool in_check_access(Exec *e, IrOp *op, uintptr_t addr, size_t bytes, size_t align,
                     int kind);
int64_t in_mem_read(const IrType *elem, const uint8_t *p, ValKind k, double *fout);
/* A fused k loop's operand tile (interp_core.c): the first element and row
 * stride of the 2-D tile that a load through view pv with tile indices ix
 * reads, when that load takes the dense path and cannot fail, and the
 * written flag of the registered region that holds it (NULL for an
 * alloca); false (nothing reported) otherwise.  And a bf16 NaN's value as a
 * load gives it. */
bool in_view_dense_tile(Exec *e, Val *pv, const int64_t ix[2], const void **base, int64_t *ld,
                        const int **written);
float in_bf16_nan_value(uint16_t h);
void in_mem_write(const IrType *elem, uint8_t *p, int64_t iv, double fv);

/* Handler table (interp_ops.c, interp_mem.c, interp_core.c). */
extern const InHandler in_handlers_compute[CT_OP_COUNT];
InHandler in_handler_for(IrOp *op);
/* The same by op kind (NULL: not in the handler table; the census test). */
InHandler in_handler_for_info(const IrOpInfo *info);
bool in_exec_mem_op(Exec *e, IrOp *op, CtOpIndex idx, bool *handled);
bool in_exec_compute_op(Exec *e, IrOp *op, CtOpIndex idx, bool *handled);
/* Region call used by reduce/scan: runs the single-block region with args. */
bool in_call_region(Exec *e, IrOp *op, IrRegion *r, Val **args, size_t nargs);

/* ---- other dialects (interp_aa.c, interp_std.c) --------------------------- */
/* Runs an op of nv_tileaa, arith, math or scf (X_OK, a terminator's code,
 * or X_ERR after in_fail). */
ExecCode in_exec_foreign(Exec *e, IrOp *op);
/* A zeroed value of an nv_tileaa tile type or builtin scalar type (NULL for
 * other types), the element type of such a type (NULL if none), whether a
 * type is an nv_tileaa pointer, whether op is a runnable nv_tileaa.func. */
Val *in_foreign_new(const IrType *type);
const IrType *in_foreign_elem(const IrType *type);
bool in_foreign_is_ptr(const IrType *type);
const IrType *in_foreign_pointee(const IrType *ptr); /* of an nv_tileaa pointer */
/* --check: an nv_tileaa memory op's mem_semantic (the CT_MEM_* values; -1
 * without one), whether op is an nv_tileaa atomic_rmw with float results. */
int in_foreign_ordering(IrOp *op);
bool in_foreign_float_atomic(IrOp *op);
/* The assume predicates over integer tile v (interp_core.c), shared by the
 * cuda_tile and nv_tileaa assume handlers: false after reporting a violation. */
bool in_check_div_by(Exec *e, IrOp *op, const Val *v, uint64_t d, int64_t every, int along);
bool in_check_bounded(Exec *e, IrOp *op, const Val *v, bool has_lb, int64_t lb, bool has_ub,
                      int64_t ub);
bool in_check_same_elements(Exec *e, IrOp *op, const Val *v, const int64_t *groups);
/* Reports an overflow<...> violation (interp_ops.c), shared by the cuda_tile
 * and arith integer handlers. */
bool in_overflow_error(Exec *e, IrOp *op, const Val *r, int64_t i, const char *flag,
                       const char *sym, int64_t p, int64_t q, int64_t res, unsigned wf,
                       bool uns);
bool in_is_foreign_entry(IrOp *op);
/* cuda_tile's control flow, shared with scf (interp_core.c). */
ExecCode in_exec_if(Exec *e, IrOp *op);
ExecCode in_exec_for(Exec *e, IrOp *op);
void in_set_term(Exec *e, IrOp *op);
/* ---- --check (interp_check.c) ----------------------------------------------
 * Used only when Run.chk is set (checked runs are single-threaded). */
typedef struct InChk InChk;
InChk *in_chk_new(Run *r, unsigned checks, uint64_t seed);
void in_chk_free(InChk *c);
int64_t in_chk_block_id(InChk *c, int64_t k);  /* k-th block to run */
void in_chk_block_begin(Exec *e);
void in_chk_block_end(Exec *e);
void in_chk_alloca(Exec *e, IrOp *op, void *mem, size_t bytes);
/* One access (IN_ACC_* kind) of the elements of es bytes in [addr, addr +
 * bytes) inside region m; false after reporting. */
bool in_chk_access(Exec *e, IrOp *op, uintptr_t addr, size_t bytes, size_t es, int kind,
                   const MemRegion *m);
/* Sets val's dependency set as op's result. */
void in_chk_result(Exec *e, IrOp *op, Val *val);
/* One run without INTERP_CHECK_RERUN (interp_core.c), and the two-seed rerun
 * that compares outputs (interp_check.c). */
bool in_run_once(IrOp *module, const char *entry, const InterpArg *args, size_t nargs,
                 const InterpOptions *opts);
bool in_chk_rerun(IrOp *module, const char *entry, const InterpArg *args, size_t nargs,
                  const InterpOptions *opts);

#endif
