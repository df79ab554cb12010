/* interp.h — the cuda_tile reference interpreter (ctile-run's engine).
 *
 * Executes one `cuda_tile.entry` of a verified module over a 3-D grid of tile
 * blocks with the semantics of the Tile IR specification: values are tiles
 * (shape + element kind + one contiguous buffer), and every op is a
 * whole-tile loop.  Tile blocks run on a small thread pool; results do not
 * depend on the thread count (except for programs that race through atomics).
 *
 * Memory: pointer parameters point into host buffers the caller owns and
 * registers in InterpArg; every pointer/view access is checked against the
 * registered buffers (plus globals and allocas), so an out-of-bounds or
 * misaligned access is reported with the op's location and the block id
 * instead of touching memory.
 *
 * Like the rest of the library, the interpreter never prints: errors go to
 * the context's diagnostics (one error, from the lowest failing block id), and
 * print_tko text goes to InterpOptions.print (in block order).
 *
 * Where the specification leaves a choice, the interpreter fixes one (so runs
 * are reproducible and can serve as an oracle):
 *  - mmaf accumulates in the accumulator's type with one fused multiply-add
 *    per k step, k increasing; mmaf_scaled multiplies each operand by its
 *    block scale first (exact for the supported formats).
 *  - reduce/scan combine elements sequentially along the dimension (scan:
 *    from the end when `reverse`), starting from the identity.
 *  - Loads of out-of-bounds view elements without a padding value give 0.
 *  - ftoi of NaN gives 0, out-of-range values saturate; integer overflow
 *    wraps, except under an `overflow<...>` flag (addi, subi, muli, shli,
 *    negi, trunci), where the specification makes it undefined: there the
 *    interpreter reports the first wrapping element as a runtime error;
 *    shifts by >= the width give 0 (or the sign for signed shri).
 *  - A step budget bounds each tile block (InterpOptions.max_steps): every
 *    op executed counts its work, 1 + elements / INTERP_STEP_ELEMS (the
 *    elements of its largest result, or operand when it has none; M*N*K for
 *    mmaf/mmai/mmaf_scaled), terminators and the ops of reduce/scan bodies
 *    per invocation included, so a scalar op counts one.  Exceeding it is a
 *    runtime error at the innermost enclosing for/loop, so a runaway loop
 *    cannot hang a run.  InterpOptions.timeout bounds the whole run in
 *    seconds, and a grid may have at most INTERP_MAX_BLOCKS blocks.
 *  - Memory ordering and scopes are ignored (each block runs its ops in
 *    program order; tokens are no-ops); atomics are serialised run-wide.
 *    InterpOptions.checks turns on checks that report what this choice
 *    hides (unordered conflicting accesses, races between blocks, reads of
 *    uninitialised allocas) and a seeded block order; checked runs use one
 *    thread.
 *  - Narrow float arithmetic (f16, bf16, tf32, f8, f4) is done in f32 and
 *    rounded once to the format, which is exact (correctly rounded); math
 *    functions are computed in double and rounded to the element format. */
#ifndef CTILE_INTERP_H
#define CTILE_INTERP_H

#include "ir/ir.h"

typedef enum InterpArgKind {
  INTERP_ARG_SCALAR, /* a 0-d tile parameter: value in i / f */
  INTERP_ARG_BUFFER  /* a tile<ptr<T>> parameter: the address of data */
} InterpArgKind;

/* One entry argument.  Scalars: integers as int64 (any width; truncated to the
 * parameter's width), floats as double (rounded to the parameter's format).
 * Buffers: `data`/`bytes` is host memory the caller owns; the kernel may read
 * and write [data, data+bytes).  Elements are stored in the memory format of
 * their type: little-endian integers (i1 one byte), IEEE f16/f32/f64, raw bf16
 * (uint16), tf32 in 4 bytes, f8 formats one byte, f4E2M1FN two per byte (low
 * nibble first). */
typedef struct InterpArg {
  InterpArgKind kind;
  int64_t i;
  double f;
  void *data;
  size_t bytes;
} InterpArg;

typedef struct InterpOptions {
  int64_t grid[3];    /* tile blocks in x, y, z (each >= 1) */
  int threads;        /* worker threads (<= 0: 1) */
  /* Receives print_tko output (called after the run, once per block in
   * block order; after a runtime error only for blocks up to the failing
   * one); NULL discards it. */
  void (*print)(void *user, const char *text, size_t len);
  void *print_user;
  /* Most steps (see above) one tile block may take (0: unlimited);
   * ctile-run's default is INTERP_DEFAULT_MAX_STEPS. */
  uint64_t max_steps;
  /* Wall-clock limit for the whole run in seconds (<= 0: none). */
  double timeout;
  /* --check: INTERP_CHECK_* bits (0: none; see interp_check.c and
   * docs/ctile-run.md), and the seed of INTERP_CHECK_SHUFFLE's block order
   * (INTERP_CHECK_RERUN also runs with seed + 1 and compares the buffers). */
  unsigned checks;
  uint64_t seed;
} InterpOptions;

/* Elements of work per step beyond the first (about the time one scalar op
 * takes: ~100 ns). */
#define INTERP_STEP_ELEMS 64

enum {
  INTERP_CHECK_ORDER = 1,   /* unordered conflicting accesses within a tile block */
  INTERP_CHECK_RACES = 2,   /* conflicting accesses from different tile blocks */
  INTERP_CHECK_UNINIT = 4,  /* reads of never-written alloca memory */
  INTERP_CHECK_SHUFFLE = 8, /* seeded tile block order */
  INTERP_CHECK_RERUN = 16,  /* run twice (seed, seed + 1), compare the buffers */
  INTERP_CHECK_ALL = 31
};

/* ctile-run's default step budget per tile block (10^8): far above real
 * kernels, and reached by a runaway loop in about 10 s, whether its body is
 * scalar ops (~100 ns per step) or whole-tile ops on large tiles. */
#define INTERP_DEFAULT_MAX_STEPS 100000000ull
/* Most tile blocks one run may have (2^30; CUDA's own limits allow 2^63). */
#define INTERP_MAX_BLOCKS ((int64_t)1 << 30)

/* Runs entry `entry` of `module` (a builtin.module or cuda_tile.module, or a
 * module wrapping one).  Returns false after reporting an error through the
 * context's diagnostics (bad arguments, a runtime error in a block, a failed
 * assert or assume). */
bool interp_run(IrOp *module, const char *entry, const InterpArg *args, size_t nargs,
                const InterpOptions *opts);

/* Finds the entry op named `name` (NULL if none). */
IrOp *interp_find_entry(IrOp *module, const char *name);
/* Whether op is an entry interp_run can run: a cuda_tile.entry, or the
 * nv_tileaa.func kernel the hop-1 conversion makes of one. */
bool interp_is_entry(IrOp *op);
/* What an entry parameter of type t takes: *is_buffer (a pointer: a buffer
 * of elements *elem) or a scalar of element type *elem.  False when t is no
 * parameter type the interpreter runs. */
bool interp_param_info(const IrType *t, bool *is_buffer, const IrType **elem);

/* Memory-format helpers shared with ctile-run and the C API: bytes per element
 * of `elem` in memory (f4E2M1FN: 0, packed two per byte), and whether the
 * element is a float. */
size_t interp_elem_bytes(const IrType *elem);
/* Bytes a buffer of n elements of elem occupies (f4E2M1FN: (n+1)/2). */
size_t interp_buffer_bytes(const IrType *elem, size_t n);
/* Element i of a buffer in elem's memory format, as a double (integers
 * sign-extended, i1 as 0/1), and the reverse (rounding to nearest-even,
 * integers truncated to their width, doubles past the int64 range
 * saturated). */
double interp_load_elem(const IrType *elem, const void *buf, size_t i);
void interp_store_elem(const IrType *elem, void *buf, size_t i, double v);
/* Stores integer v exactly (truncated to an integer element's width; for
 * float elements, rounded like interp_store_elem). */
void interp_store_int(const IrType *elem, void *buf, size_t i, int64_t v);

#endif
