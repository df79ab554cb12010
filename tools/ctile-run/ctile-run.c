/* ctile-run — run a cuda_tile kernel on the CPU with lib/interp.
 *
 *   ctile-run FILE --entry NAME --grid X[,Y[,Z]] [--arg SPEC]... [--shape-args]
 *             [--out N=FILE.npy]... [--dump N]... [--expect N=FILE.npy]... [--tol A[,R]]
 *             [-j N] [--max-steps N] [--timeout S] [--max-input-size BYTES]
 *
 * FILE is MLIR text or Tile IR bytecode.  The --arg specs follow the entry's
 * parameters in order (lib/interp/interp_args.c parses them; .npy files are
 * lib/interp/interp_npy.c); scalars become 0-d tiles, buffers are host
 * memory that pointer parameters point to.  --out writes a buffer back as a
 * NumPy .npy file after the run (files are opened, as temporary files, before
 * it), --dump prints it as text, --expect compares it with a reference.
 * Any failure, a failed write to stdout included, exits 1; usage errors 2.
 * See usage_text below for the full syntax. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "bytecode/bytecode.h"
#include "ctile/ctile.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/dialects.h"
#include "interp/interp.h"
#include "interp/interp_host.h"
#include "rewrite/rewrite.h"
#include "tool/tool.h"

static const char usage_text[] =
    "OVERVIEW: ctile-run: execute a cuda_tile kernel on the CPU (reference interpreter)\n"
    "\n"
    "USAGE: ctile-run FILE --entry NAME --grid X[,Y[,Z]] [--arg SPEC]... [--shape-args]\n"
    "                 [--out N=FILE.npy]... [--dump N]... [--expect N=FILE.npy]... [--tol A[,R]]\n"
    "                 [-j N] [--max-steps N] [--timeout SECONDS] [--max-input-size BYTES]\n"
    "                 [--check=LIST]\n"
    "\n"
    "FILE is MLIR text or Tile IR bytecode ('-' reads stdin).\n"
    "\n"
    "OPTIONS:\n"
    "  --entry NAME        the cuda_tile.entry to run\n"
    "  --grid X[,Y[,Z]]    tile blocks in x, y and z (missing dimensions are 1); at most\n"
    "                      2^31-1 x 65535 x 65535 and 2^30 blocks in all\n"
    "  --arg SPEC          one argument per entry parameter, in order (see below)\n"
    "  --pipeline P        run the pass pipeline P (--pass-pipeline syntax without the\n"
    "                      builtin.module(...) wrapper) on the module before running it\n"
    "  --shape-args        each buffer --arg also fills the parameters after its pointer with\n"
    "                      its shape, then its row-major strides in elements (2 x rank integer\n"
    "                      scalars, of the parameters' own type, i32 or i64), as cuTile Python\n"
    "                      passes an array: f32[64,128] -> ptr, 64, 128, 128, 1\n"
    "  --out N=FILE.npy    after the run, write the buffer of parameter N (0-based) as .npy\n"
    "                      ('-' = stdout).  The file is opened before the run and replaced\n"
    "                      only when the run succeeds\n"
    "  --dump N            after the run, print the buffer of parameter N as text\n"
    "  --expect N=FILE.npy after the run, compare the buffer of parameter N with FILE.npy\n"
    "                      (same element count; dtype as for .npy input) and print one line:\n"
    "                      'ENTRY: param N f32[64,128], grid 4: matches reference (max abs\n"
    "                      err 3e-8)', or on a mismatch the first differing element (index,\n"
    "                      got, want) and the number of differing elements; exit status 1\n"
    "  --tol ATOL[,RTOL]   tolerance for --expect: |got - want| <= ATOL + RTOL * |want|.\n"
    "                      Default: integers exact; floats by format: f64 1e-12,1e-9;\n"
    "                      f32/tf32 1e-6,1e-5; f16 1e-3,1e-3; bf16 1e-2,1e-2; f8 and f4\n"
    "                      0.125,0.125.  NaN matches NaN; infinities match themselves\n"
    "  -j N                run tile blocks on N threads (default 1); results do not depend on N\n"
    "                      except for programs that race through atomics\n"
    "  --max-steps N       stop a tile block with an error once it has taken N steps; an op\n"
    "                      takes 1 + E/64 steps, E its elements of work (the largest result\n"
    "                      tile; M*N*K for mma), loop bodies once per iteration;\n"
    "                      0 = unlimited; default 100000000 (a loop that never ends\n"
    "                      stops after about 10 s, whatever its tile sizes)\n"
    "  --timeout SECONDS   stop the whole run with an error after SECONDS of wall-clock time\n"
    "                      (default 0 = no limit)\n"
    "  --max-input-size N  largest FILE accepted, in bytes (default 268435456 = 256 MiB)\n"
    "  --check=LIST        report memory bugs a CPU run hides (runs on one thread); LIST is\n"
    "                      comma-separated: order (accesses to the same memory in one tile\n"
    "                      block that no token or data dependence orders), races (the same\n"
    "                      memory from two tile blocks, one a non-atomic write), uninit (reads of\n"
    "                      never-written alloca memory, which starts as NaN/-1 poison),\n"
    "                      order-shuffle=SEED (tile blocks in a seeded random order), all\n"
    "                      (order, races, uninit, and two runs with block orders from seeds 1\n"
    "                      and 2 whose buffers must match).  The same checks run on a kernel\n"
    "                      converted by --pipeline to nv_tileaa, whose ops are reported; the\n"
    "                      conversion chains every memory op of a block with tokens, so order\n"
    "                      finds nothing there (a missing token is a bug of the cuda_tile\n"
    "                      input); see docs/ctile-run.md\n"
    "  --version           print the version\n"
    "  --help              this text\n"
    "\n"
    "ARGUMENT SPECS:\n"
    "  Scalar parameters (tile<T>):   TYPE:VALUE, e.g. i32:128, i64:-3, f32:1.5, f16:0.25, i1:true\n"
    "    Integers are decimal, 0x hex or 0 octal and must fit T: signed, or for a non-negative\n"
    "    literal the unsigned bit pattern (i64:0xffffffffffffffff is -1, i8:255 is -1).\n"
    "  Pointer parameters (tile<ptr<T>>) take a buffer of elements T:\n"
    "    T[D0,D1,...]=zeros          all zero\n"
    "    T[D0,...]=iota              element i holds i (rounded to T)\n"
    "    T[D0,...]=const:V           every element V\n"
    "    T[D0,...]=rand:SEED         uniform in [-1, 1) for floats, [0, 100) for integers,\n"
    "                                 deterministic for a given SEED\n"
    "    T[D0,...]=path.npy          contents of a NumPy file (same element count)\n"
    "    path.npy                    contents and shape of a NumPy file (element type from the\n"
    "                                 parameter)\n"
    "  T must be the parameter's pointee type.  Buffers are row-major and dense, at most\n"
    "  32 dimensions and 2^40 bytes.\n"
    "\n"
    "NUMPY DTYPES (.npy input, --out and --expect):\n"
    "  i1 -> bool, i8/i16/i32/i64 -> int8/int16/int32/int64 (uint* accepted on input),\n"
    "  f16 -> float16, f32 -> float32, f64 -> float64.\n"
    "  NumPy has no bf16, tf32, fp8 or fp4 dtypes: such buffers are read and written as their raw\n"
    "  bit patterns: bf16 -> uint16; tf32 -> uint32 (the 19 bits in the high bits of 32, as\n"
    "  stored); f8E4M3FN, f8E5M2, f8E8M0FNU -> uint8; f4E2M1FN -> uint8 with two elements per\n"
    "  byte (low nibble first), shape = number of bytes.  E.g. in NumPy:\n"
    "  ml_dtypes.bfloat16 arrays via a.view(np.uint16).\n"
    "  Input files are checked strictly: format version 1.0-3.0, a header dict with exactly\n"
    "  'descr', 'fortran_order' and 'shape', little-endian dtypes, C order (or rank <= 1), and\n"
    "  exactly the data the header describes.\n"
    "\n"
    "Runtime errors (out-of-bounds or misaligned accesses, integer division by zero, failed\n"
    "assert or assume, integer overflow under an overflow<...> flag, the --max-steps and\n"
    "--timeout limits) are reported with the op's location and the tile block id; the exit\n"
    "status is then 1, as it is when writing an output (stdout included) fails.\n"
    "print_tko output goes to stdout, block by block in block order (after an error: up to\n"
    "the failing block).\n"
    "\n"
    "ENVIRONMENT:\n"
    "  CTILE_GEMM=avx2|portable   cap the matrix-multiply kernels (default: the widest the CPU\n"
    "                             has, AVX-512, AVX2 or portable); results are the same bits\n";

/* ---- output to stdout ----------------------------------------------------------- */

static bool stdout_failed;   /* a write to stdout failed */
static bool stdout_reported; /* ... and an --out N=- message said so */

static void out_write(const char *s, size_t n) {
  if (n && fwrite(s, 1, n, stdout) != n) stdout_failed = true;
}

static void print_sink(void *user, const char *text, size_t len) {
  (void)user;
  out_write(text, len);
  if (fflush(stdout) != 0) stdout_failed = true; /* keep block output ahead of errors */
}

/* Element i of an integer buffer, exactly (sign-extended; i1 as 0/1). */
static int64_t load_int(const InterpBuffer *b, size_t i) {
  const uint8_t *p = b->data;
  switch (interp_elem_bytes(b->elem)) {
  case 1: {
    int8_t v;
    memcpy(&v, p + i, 1);
    return ir_integer_width(b->elem) == 1 ? (v & 1) : v;
  }
  case 2: {
    int16_t v;
    memcpy(&v, p + 2 * i, 2);
    return v;
  }
  case 4: {
    int32_t v;
    memcpy(&v, p + 4 * i, 4);
    return v;
  }
  default: {
    int64_t v;
    memcpy(&v, p + 8 * i, 8);
    return v;
  }
  }
}

/* --dump: the buffer as one line of values. */
static void dump_buf(const InterpBuffer *b, int idx) {
  StrBuf s = {0};
  sb_printf(&s, "arg %d: [", idx);
  bool fl = ir_type_is_float(b->elem);
  for (size_t i = 0; i < b->n; i++) {
    if (fl) sb_printf(&s, "%s%.9g", i ? ", " : "", interp_load_elem(b->elem, b->data, i));
    else sb_printf(&s, "%s%lld", i ? ", " : "", (long long)load_int(b, i));
    if (s.len > (1 << 16)) {
      out_write(s.s, s.len);
      sb_clear(&s);
    }
  }
  sb_puts(&s, "]\n");
  out_write(s.s, s.len);
  sb_free(&s);
}

/* ---- --expect --------------------------------------------------------------------- */

/* The default tolerance (atol, rtol) for elements of elem. */
static void default_tol(const IrType *elem, double *atol, double *rtol) {
  *atol = *rtol = 0;
  if (!ir_type_is_float(elem)) return;
  switch (ir_float_kind(elem)) {
  case IR_F64: *atol = 1e-12, *rtol = 1e-9; break;
  case IR_F32: case IR_TF32: *atol = 1e-6, *rtol = 1e-5; break;
  case IR_F16: *atol = 1e-3, *rtol = 1e-3; break;
  case IR_BF16: *atol = 1e-2, *rtol = 1e-2; break;
  default: *atol = 0.125, *rtol = 0.125; break;
  }
}

/* "f32[64,128]" */
static void describe_buf(StrBuf *s, const InterpBuffer *b) {
  if (ir_type_is_float(b->elem)) sb_puts(s, ir_float_kind_name(ir_float_kind(b->elem)));
  else sb_printf(s, "i%u", ir_integer_width(b->elem));
  sb_putc(s, '[');
  for (int i = 0; i < b->rank; i++) sb_printf(s, "%s%lld", i ? "," : "", (long long)b->shape[i]);
  sb_putc(s, ']');
}

/* The multi-dimensional index of flat element k of b, "[i,j]". */
static void describe_index(StrBuf *s, const InterpBuffer *b, size_t k) {
  int64_t idx[INTERP_MAX_BUFFER_RANK];
  uint64_t rest = k;
  for (int i = b->rank - 1; i >= 0; i--) {
    uint64_t d = b->shape[i] > 0 ? (uint64_t)b->shape[i] : 1;
    idx[i] = (int64_t)(rest % d);
    rest /= d;
  }
  sb_putc(s, '[');
  for (int i = 0; i < b->rank; i++) sb_printf(s, "%s%lld", i ? "," : "", (long long)idx[i]);
  sb_putc(s, ']');
}

/* Compares b (after the run) with ref; prints the verdict line. */
static bool check_expect(const char *entry, const char *grid, int idx, const InterpBuffer *b,
                         const InterpBuffer *ref, bool tol_given, double atol, double rtol) {
  if (!tol_given) default_tol(b->elem, &atol, &rtol);
  bool fl = ir_type_is_float(b->elem);
  size_t bad = 0, first = 0;
  double maxerr = 0, got0 = 0, want0 = 0;
  int64_t gi0 = 0, wi0 = 0;
  for (size_t i = 0; i < b->n; i++) {
    double g, w;
    bool ok;
    double err = 0;
    if (!fl) {
      int64_t gi = load_int(b, i), wi = load_int(ref, i);
      uint64_t d = gi > wi ? (uint64_t)gi - (uint64_t)wi : (uint64_t)wi - (uint64_t)gi;
      err = (double)d;
      ok = d == 0 || err <= atol + rtol * fabs((double)wi);
      if (err > maxerr) maxerr = err;
      if (!ok && bad == 0) gi0 = gi, wi0 = wi;
      g = w = 0;
    } else if (isnan(g = interp_load_elem(b->elem, b->data, i)) |
               isnan(w = interp_load_elem(b->elem, ref->data, i))) {
      ok = isnan(g) && isnan(w);
    } else if (isinf(g) || isinf(w)) {
      ok = g == w;
    } else {
      err = fabs(g - w);
      ok = err <= atol + rtol * fabs(w);
      if (err > maxerr) maxerr = err;
    }
    if (!ok && bad++ == 0) first = i, got0 = g, want0 = w;
  }
  StrBuf s = {0};
  sb_printf(&s, "%s: param %d ", entry, idx);
  describe_buf(&s, b);
  sb_printf(&s, ", grid %s: ", grid);
  if (!bad) {
    char num[32];
    snprintf(num, sizeof num, "%.3g", maxerr);
    char *ex = strstr(num, "e-0"); /* 3e-08 -> 3e-8 */
    if (!ex) ex = strstr(num, "e+0");
    if (ex) memmove(ex + 2, ex + 3, strlen(ex + 3) + 1);
    sb_printf(&s, "matches reference (max abs err %s)\n", num);
    out_write(s.s, s.len);
  } else {
    sb_puts(&s, "MISMATCH at ");
    describe_index(&s, b, first);
    if (fl) sb_printf(&s, ": got %.9g, want %.9g", got0, want0);
    else sb_printf(&s, ": got %lld, want %lld", (long long)gi0, (long long)wi0);
    sb_printf(&s, " (%zu of %zu elements differ; tolerance atol %g, rtol %g)\n", bad, b->n,
              atol, rtol);
    fflush(stdout);
    fputs(sb_cstr(&s), stderr);
  }
  sb_free(&s);
  return bad == 0;
}

/* ---- entries ---------------------------------------------------------------------- */

typedef struct EntryList {
  StrBuf names;
  const char *want, *best;
  unsigned best_d;
  size_t count;
} EntryList;

static IrWalkResult collect_entry(IrOp *op, void *user) {
  EntryList *l = user;
  if (!ct_op_is(op, CT_OP_entry)) return IR_WALK_ADVANCE;
  const IrIdent *n = ir_symbol_name(op);
  if (!n) return IR_WALK_ADVANCE;
  sb_printf(&l->names, "%s'%s'", l->count++ ? ", " : "", n->str);
  unsigned d = tool_edit_distance(l->want, strlen(l->want), n->str, strlen(n->str));
  if (!l->best || d < l->best_d) l->best = n->str, l->best_d = d;
  return IR_WALK_ADVANCE;
}

/* "no cuda_tile.entry named 'x' in F; did you mean 'y'? (entries: 'a', 'b')" */
static void report_no_entry(IrOp *module, const char *entry, const char *name) {
  EntryList l = {{0}, entry, NULL, 0, 0};
  ir_walk_pre(module, collect_entry, &l);
  fprintf(stderr, "ctile-run: no cuda_tile.entry named '%s' in %s", entry, name);
  if (!l.count) {
    fprintf(stderr, " (it has no entries)\n");
  } else {
    size_t wl = strlen(entry);
    if (l.best && l.best_d <= (wl < 6 ? 2 : wl / 3)) fprintf(stderr, "; did you mean '%s'?", l.best);
    fprintf(stderr, " (entries: %s)\n", sb_cstr(&l.names));
  }
  sb_free(&l.names);
}

/* ---- command line ----------------------------------------------------------------- */

static int usage_error(const char *msg, const char *arg) {
  fprintf(stderr, "ctile-run: %s%s\nTry: 'ctile-run --help'\n", msg, arg ? arg : "");
  return 2;
}

/* A parameter index 0 .. INT_MAX at *s; *end after it. */
static bool parse_index(const char *s, int *out, char **end) {
  if (*s < '0' || *s > '9') return false;
  errno = 0;
  long long v = strtoll(s, end, 10);
  if (errno == ERANGE || v > INT_MAX) return false;
  *out = (int)v;
  return true;
}

typedef struct OutReq {
  int idx;
  const char *path; /* --out: the file; --dump/--expect: NULL */
  int kind;         /* 0 --out, 1 --dump, 2 --expect */
  ToolOutput o;     /* --out: opened before the run */
  bool open;
  InterpBuffer ref; /* --expect: the reference */
} OutReq;

typedef struct RunConfig {
  const char *file, *entry, *grid;
  const char *pipeline; /* --pipeline: passes run on the module before the kernel */
  VEC(const char *) specs;
  VEC(OutReq) outs;
  int threads;
  uint64_t max_steps, max_input;
  double timeout;
  unsigned checks;     /* --check: INTERP_CHECK_* bits */
  uint64_t check_seed; /* --check=order-shuffle=SEED */
  bool shape_args, tol_given;
  double atol, rtol;
} RunConfig;

/* Parses argv into c; returns -1 to go on, else the exit status. */
static int parse_args(RunConfig *c, int argc, char **argv, InterpOptions *opts) {
  const char *missing = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *val = NULL;
#define OPT(name)                                                                  \
  ((strcmp(a, "--" name) == 0 || strcmp(a, "-" name) == 0)                         \
       ? (i + 1 < argc ? (val = argv[++i], true) : (missing = a, false)) \
       : (strncmp(a, "--" name "=", strlen(name) + 3) == 0 ? (val = a + strlen(name) + 3, true) : false))
    if (!strcmp(a, "--help") || !strcmp(a, "-help") || !strcmp(a, "-h")) {
      fputs(usage_text, stdout);
      return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
    } else if (!strcmp(a, "--version") || !strcmp(a, "-version")) {
      printf("ctile version %s\n", ctileGetVersion());
      return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
    } else if (!strcmp(a, "--shape-args") || !strcmp(a, "-shape-args")) {
      c->shape_args = true;
    } else if (OPT("entry")) {
      c->entry = val;
    } else if (OPT("pipeline")) {
      c->pipeline = val;
    } else if (OPT("grid")) {
      c->grid = val;
    } else if (OPT("arg")) {
      vec_push(&c->specs, val);
    } else if (OPT("out") || OPT("dump") || OPT("expect")) {
      OutReq o;
      memset(&o, 0, sizeof o);
      const char *opt = a + strspn(a, "-");
      const char *nm = opt[0] == 'o' ? "out" : opt[0] == 'd' ? "dump" : "expect";
      o.kind = nm[0] == 'o' ? 0 : nm[0] == 'd' ? 1 : 2;
      char *e;
      if (!parse_index(val, &o.idx, &e)) {
        fprintf(stderr, "ctile-run: bad --%s parameter index (expected 0 to %d): %s\n", nm,
                INT_MAX, val);
        return 2;
      }
      if (o.kind != 1) {
        if (*e != '=' || !e[1]) {
          fprintf(stderr, "ctile-run: expected --%s N=FILE.npy, got: %s\n", nm, val);
          return 2;
        }
        o.path = e + 1;
      } else if (*e) {
        return usage_error("expected --dump N, got: ", val);
      }
      vec_push(&c->outs, o);
    } else if (OPT("tol")) {
      char *e;
      c->atol = strtod(val, &e);
      c->rtol = 0;
      if (e != val && *e == ',') {
        const char *r = e + 1;
        c->rtol = strtod(r, &e);
        if (e == r) e = (char *)r - 1;
      }
      if (e == val || *e || !(c->atol >= 0) || !(c->rtol >= 0) || isinf(c->atol) ||
          isinf(c->rtol))
        return usage_error("bad --tol (expected ATOL[,RTOL], non-negative numbers): ", val);
      c->tol_given = true;
    } else if (OPT("j")) {
      char *e;
      long v = strtol(val, &e, 10);
      if (e == val || *e || v < 1 || v > 1024) return usage_error("bad thread count: ", val);
      c->threads = (int)v;
    } else if (OPT("max-steps") || OPT("max-input-size")) {
      char *e;
      errno = 0;
      unsigned long long v = strtoull(val, &e, 10);
      bool steps = a[strspn(a, "-") + 4] == 's';
      if (e == val || *e || val[0] < '0' || val[0] > '9' || errno == ERANGE)
        return usage_error(steps ? "bad --max-steps (expected a count >= 0): "
                                 : "bad --max-input-size (expected a byte count): ", val);
      if (steps) c->max_steps = v;
      else c->max_input = v;
    } else if (OPT("timeout")) {
      char *e;
      double v = strtod(val, &e);
      if (e == val || *e || !(v >= 0) || v > 1e9)
        return usage_error("bad --timeout (expected seconds, 0 to 1e9): ", val);
      c->timeout = v;
    } else if (OPT("check")) {
      /* --check=LIST: order, races, uninit, order-shuffle=SEED, all */
      for (const char *p = val; *p;) {
        size_t n = strcspn(p, ",");
        if (n == 5 && !strncmp(p, "order", 5)) c->checks |= INTERP_CHECK_ORDER;
        else if (n == 5 && !strncmp(p, "races", 5)) c->checks |= INTERP_CHECK_RACES;
        else if (n == 6 && !strncmp(p, "uninit", 6)) c->checks |= INTERP_CHECK_UNINIT;
        else if (n == 3 && !strncmp(p, "all", 3)) c->checks |= INTERP_CHECK_ALL;
        else if (n > 14 && !strncmp(p, "order-shuffle=", 14) && p[14] != '-' && p[14] != '+') {
          char *e;
          errno = 0;
          c->check_seed = strtoull(p + 14, &e, 10);
          if (e != p + n || errno == ERANGE) return usage_error("bad --check seed: ", val);
          c->checks |= INTERP_CHECK_SHUFFLE;
        } else {
          return usage_error("bad --check (expected a list of order, races, uninit, "
                             "order-shuffle=SEED, all): ", val);
        }
        p += n;
        if (*p) p++;
      }
    } else if (!strncmp(a, "-j", 2) && a[2]) {
      char *e;
      long v = strtol(a + 2, &e, 10);
      if (*e || v < 1 || v > 1024) return usage_error("bad thread count: ", a);
      c->threads = (int)v;
    } else if (a[0] == '-' && a[1]) {
      return usage_error(missing ? "missing value for " : "unknown option: ", a);
    } else {
      if (c->file) return usage_error("more than one input file: ", a);
      c->file = a;
    }
#undef OPT
    if (missing) return usage_error("missing value for ", missing);
  }
  if (!c->file) return usage_error("no input file", NULL);
  if (!c->entry) return usage_error("--entry NAME is required", NULL);
  if (c->grid) {
    const char *p = c->grid;
    for (int d = 0; d < 3; d++) {
      char *e;
      errno = 0;
      long long v = strtoll(p, &e, 10);
      if (e == p || v < 1 || errno == ERANGE)
        return usage_error("bad --grid (expected X[,Y[,Z]] with positive sizes): ", c->grid);
      opts->grid[d] = v;
      p = e;
      if (!*p) break;
      if (*p != ',' || d == 2) return usage_error("bad --grid (expected X[,Y[,Z]]): ", c->grid);
      p++;
    }
  }
  return -1;
}

/* ---- main ------------------------------------------------------------------------- */

/* Command line -> module -> arguments -> --out files opened -> interp_run ->
 * --out/--dump/--expect. */
int main(int argc, char **argv) {
  RunConfig c;
  memset(&c, 0, sizeof c);
  c.threads = 1;
  c.max_steps = INTERP_DEFAULT_MAX_STEPS;
  c.check_seed = 1;
  InterpOptions opts = {.grid = {1, 1, 1}, .threads = 1, .print = print_sink};
  int rc = parse_args(&c, argc, argv, &opts);
  if (rc >= 0) {
    vec_free(&c.specs);
    vec_free(&c.outs);
    return rc;
  }
  rc = 1;
  opts.threads = c.threads;
  opts.max_steps = c.max_steps;
  opts.timeout = c.timeout;
  opts.checks = c.checks;
  opts.seed = c.check_seed;

  StrBuf err = {0};
  size_t len;
  char *buf = tool_read_input_max(c.file, &len, c.max_input, &err);
  if (!buf) {
    fprintf(stderr, "ctile-run: %s\n", sb_cstr(&err));
    sb_free(&err);
    vec_free(&c.specs);
    vec_free(&c.outs);
    return 1;
  }
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ToolSourceMgr sm;
  tool_srcmgr_init(&sm);
  const char *name = tool_input_display_name(c.file);
  tool_srcmgr_add(&sm, name, buf, len);
  StrBuf dout = {0};
  ToolRenderState rs = {&sm, &dout, stderr};
  tool_install_renderer(ctx, &rs);

  IrOp *module = NULL;
  InterpArgs args = {0};
  if (tool_is_tile_bytecode(buf, len)) {
#if CTILE_HAVE_BC_READ
    module = bc_read_module(ctx, name, (const uint8_t *)buf, len);
#else
    if (bc_read_module) module = bc_read_module(ctx, name, (const uint8_t *)buf, len);
    else fprintf(stderr, "ctile-run: bytecode input is not supported by this build\n");
#endif
  } else {
    AsmParseOptions po = {0};
    module = asm_parse_buffer(ctx, name, buf, len, &po);
  }
  if (!module || !ir_verify(module)) goto done;
  IrOp *ent = interp_find_entry(module, c.entry);
  if (!ent) {
    report_no_entry(module, c.entry, name);
    goto done;
  }
  sb_clear(&err);
  if (!interp_args_build(ctx, ent, c.specs.data, c.specs.len, c.shape_args, &args, &err)) {
    fprintf(stderr, "ctile-run: %s\n", sb_cstr(&err));
    goto done;
  }
  for (size_t i = 0; i < c.outs.len; i++) {
    OutReq *o = &c.outs.data[i];
    static const char *const kinds[] = {"out", "dump", "expect"};
    int k = o->idx;
    if ((size_t)k >= args.n || !args.bufs[k].data) {
      fprintf(stderr, "ctile-run: --%s %d: parameter %d is not a buffer\n", kinds[o->kind], k, k);
      goto done;
    }
    sb_clear(&err);
    if (o->kind == 2) { /* the reference, read before the run */
      o->ref.elem = args.bufs[k].elem;
      if (!interp_npy_read(o->path, &o->ref, true, &err)) {
        fprintf(stderr, "ctile-run: --expect %d: %s\n", k, sb_cstr(&err));
        goto done;
      }
      if (o->ref.n != args.bufs[k].n) {
        fprintf(stderr, "ctile-run: --expect %d: '%s' holds %zu element(s), parameter %d's "
                "buffer %zu\n", k, o->path, o->ref.n, k, args.bufs[k].n);
        goto done;
      }
    } else if (o->kind == 0) { /* the output, opened before the run */
      if (tool_output_is_input(o->path, c.file, &err)) {
        fprintf(stderr, "ctile-run: --out %d: %s\n", k, sb_cstr(&err));
        goto done;
      }
      if (!tool_output_open(&o->o, o->path, &err)) {
        fprintf(stderr, "ctile-run: --out %d: %s\n", k, sb_cstr(&err));
        goto done;
      }
      o->open = true;
    }
  }
  /* --pipeline: arguments were checked against the original entry; the
   * passes then rewrite the module (e.g. to nv_tileaa) before it runs */
  if (c.pipeline && !rw_run_pipeline(ctx, module, c.pipeline)) goto done;
  if (!interp_run(module, c.entry, args.args, args.n, &opts)) goto done;
  rc = 0;
  char grid[96];
  if (opts.grid[1] == 1 && opts.grid[2] == 1) snprintf(grid, sizeof grid, "%lld", (long long)opts.grid[0]);
  else if (opts.grid[2] == 1)
    snprintf(grid, sizeof grid, "%lldx%lld", (long long)opts.grid[0], (long long)opts.grid[1]);
  else
    snprintf(grid, sizeof grid, "%lldx%lldx%lld", (long long)opts.grid[0], (long long)opts.grid[1],
             (long long)opts.grid[2]);
  for (size_t i = 0; i < c.outs.len; i++) {
    OutReq *o = &c.outs.data[i];
    InterpBuffer *b = &args.bufs[o->idx];
    if (o->kind == 0) {
      sb_clear(&err);
      bool ok = interp_npy_write(o->o.f, b);
      if (!ok) o->o.write_errno = errno ? errno : EIO;
      o->open = false;
      bool to_stdout = o->o.f == stdout;
      if (!tool_output_finish(&o->o, NULL, 0, true, &err)) {
        fprintf(stderr, "ctile-run: --out %d: cannot write '%s': %s\n", o->idx, o->path,
                sb_cstr(&err));
        rc = 1;
        if (to_stdout) stdout_reported = true;
      }
    } else if (o->kind == 1) {
      dump_buf(b, o->idx);
    } else if (!check_expect(c.entry, grid, o->idx, b, &o->ref, c.tol_given, c.atol, c.rtol)) {
      rc = 1;
    }
  }
done:
  /* outputs of a failed run: their temporary files go, the targets stay */
  for (size_t i = 0; i < c.outs.len; i++) {
    OutReq *o = &c.outs.data[i];
    if (o->open) {
      StrBuf e2 = {0};
      tool_output_finish(&o->o, NULL, 0, false, &e2);
      sb_free(&e2);
    }
    interp_buffer_free(&o->ref);
  }
  if (fflush(stdout) != 0 || ferror(stdout)) stdout_failed = true;
  if (stdout_failed) rc = 1;
  if (stdout_failed && !stdout_reported)
    fprintf(stderr, "ctile-run: error writing to standard output: %s\n",
            strerror(errno ? errno : EIO));
  interp_args_free(&args);
  if (module) ir_op_destroy(module);
  ir_context_destroy(ctx);
  tool_srcmgr_free(&sm);
  sb_free(&dout);
  sb_free(&err);
  free(buf);
  vec_free(&c.specs);
  vec_free(&c.outs);
  return rc;
}
