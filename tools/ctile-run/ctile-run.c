/* ctile-run — run a cuda_tile kernel on the CPU with lib/interp.
 *
 *   ctile-run FILE --entry NAME --grid X[,Y[,Z]] [--arg SPEC]... [--out N=FILE.npy]...
 *             [--dump N]... [-j N] [--max-steps N]
 *
 * FILE is MLIR text or Tile IR bytecode.  The --arg specs follow the entry's
 * parameters in order; scalars become 0-d tiles, buffers are host memory that
 * pointer parameters point to.  --out writes a buffer back as a NumPy .npy
 * file after the run; --dump prints it as text (for tests and quick looks).
 * See usage_text below for the full syntax. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "bytecode/bytecode.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/dialects.h"
#include "interp/interp.h"
#include "rewrite/rewrite.h"
#include "tool/tool.h"

static const char usage_text[] =
    "OVERVIEW: ctile-run: execute a cuda_tile kernel on the CPU (reference interpreter)\n"
    "\n"
    "USAGE: ctile-run FILE --entry NAME --grid X[,Y[,Z]] [--arg SPEC]... [--out N=FILE.npy]...\n"
    "                 [--dump N]... [-j N] [--max-steps N]\n"
    "\n"
    "FILE is MLIR text or Tile IR bytecode ('-' reads stdin).\n"
    "\n"
    "OPTIONS:\n"
    "  --entry NAME        the cuda_tile.entry to run\n"
    "  --grid X[,Y[,Z]]    tile blocks in x, y and z (missing dimensions are 1)\n"
    "  --arg SPEC          one argument per entry parameter, in order (see below)\n"
    "  --out N=FILE.npy    after the run, write the buffer of parameter N (0-based) as .npy\n"
    "  --dump N            after the run, print the buffer of parameter N as text\n"
    "  -j N                run tile blocks on N threads (default 1); results do not depend on N\n"
    "                      except for programs that race through atomics\n"
    "  --pipeline P        run the pass pipeline P (--pass-pipeline syntax without the\n"
    "                      builtin.module(...) wrapper) on the module before running it\n"
    "  --max-steps N       stop a tile block with an error once it has executed N ops\n"
    "                      (every op counts one, loop bodies once per iteration);\n"
    "                      0 = unlimited; default 100000000 (a loop that never ends\n"
    "                      stops after about 10 s)\n"
    "  --help              this text\n"
    "\n"
    "ARGUMENT SPECS:\n"
    "  Scalar parameters (tile<T>):   TYPE:VALUE, e.g. i32:128, i64:-3, f32:1.5, f16:0.25, i1:true\n"
    "  Pointer parameters (tile<ptr<T>>) take a buffer of elements T:\n"
    "    T[D0,D1,...]=zeros          all zero\n"
    "    T[D0,...]=iota              element i holds i (rounded to T)\n"
    "    T[D0,...]=const:V           every element V\n"
    "    T[D0,...]=rand:SEED         uniform in [-1, 1) for floats, [0, 100) for integers,\n"
    "                                 deterministic for a given SEED\n"
    "    T[D0,...]=path.npy          contents of a NumPy file (same element count)\n"
    "    path.npy                    contents and shape of a NumPy file (element type from the\n"
    "                                 parameter)\n"
    "  T must be the parameter's pointee type.  Buffers are row-major and dense.\n"
    "\n"
    "NUMPY DTYPES (.npy input and --out):\n"
    "  i1 -> bool, i8/i16/i32/i64 -> int8/int16/int32/int64 (uint* accepted on input),\n"
    "  f16 -> float16, f32 -> float32, f64 -> float64.\n"
    "  NumPy has no bf16, tf32, fp8 or fp4 dtypes: such buffers are read and written as their raw\n"
    "  bit patterns: bf16 -> uint16; tf32 -> uint32 (the 19 bits in the high bits of 32, as\n"
    "  stored); f8E4M3FN, f8E5M2, f8E8M0FNU -> uint8; f4E2M1FN -> uint8 with two elements per\n"
    "  byte (low nibble first), shape = number of bytes.  E.g. in NumPy:\n"
    "  ml_dtypes.bfloat16 arrays via a.view(np.uint16).\n"
    "\n"
    "Runtime errors (out-of-bounds or misaligned accesses, integer division by zero, failed\n"
    "assert or assume, integer overflow under an overflow<...> flag, the --max-steps limit)\n"
    "are reported with the op's location and the tile block id; the exit status is then 1.\n"
    "print_tko output goes to stdout, block by block in block order (after an error: up to\n"
    "the failing block).\n";

/* ---- buffers ---------------------------------------------------------------- */

typedef struct Buf {
  const IrType *elem;
  int64_t shape[8];
  int rank;
  size_t n;
  void *data;
  size_t bytes;
} Buf;

/* Zeroed buffer storage aligned to 256 bytes (kernels commonly assume
 * div_by<16..256> on their pointer parameters, as CUDA allocations satisfy). */
static void *buf_alloc(size_t bytes) {
  size_t n = (bytes + 64 + 255) & ~(size_t)255;
  void *p = aligned_alloc(256, n);
  if (!p) {
    fprintf(stderr, "ctile-run: out of memory allocating %zu bytes\n", bytes);
    exit(1);
  }
  memset(p, 0, n);
  return p;
}

/* splitmix64: the deterministic generator behind rand:SEED. */
static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* NumPy dtype string for elem (memory format). */
static const char *npy_descr(const IrType *elem) {
  if (ir_type_is_float(elem)) {
    switch (ir_float_kind(elem)) {
    case IR_F16: return "<f2";
    case IR_F32: return "<f4";
    case IR_F64: return "<f8";
    case IR_BF16: return "<u2";
    case IR_TF32: return "<u4";
    default: return "|u1";
    }
  }
  if (ir_type_is_integer(elem)) {
    switch (interp_elem_bytes(elem)) {
    case 1: return ir_integer_width(elem) == 1 ? "|b1" : "|i1";
    case 2: return "<i2";
    case 4: return "<i4";
    default: return "<i8";
    }
  }
  return "<i8";
}

/* Whether an input .npy descr can hold elem's memory format. */
static bool npy_descr_ok(const IrType *elem, const char *d) {
  const char *want = npy_descr(elem);
  if (strcmp(d, want) == 0) return true;
  /* same-size signed/unsigned integer and byte-order-free spellings */
  if (strlen(d) == 3 && strlen(want) == 3 && d[2] == want[2] &&
      ((d[1] == 'i' || d[1] == 'u') && (want[1] == 'i' || want[1] == 'u'))) return true;
  if (strcmp(want, "|b1") == 0 && (strcmp(d, "|u1") == 0 || strcmp(d, "|i1") == 0)) return true;
  return false;
}

/* Reads a .npy file into b: checks the dtype against b->elem (raw bit
 * dtypes for bf16/tf32/fp8/fp4), then takes its shape (take_shape) or checks
 * its element count against the spec. */
static bool read_npy(const char *path, Buf *b, bool take_shape, StrBuf *err) {
  size_t len;
  char *data = read_file(path, &len);
  if (!data) {
    sb_printf(err, "cannot read '%s': %s", path, strerror(errno));
    return false;
  }
  bool ok = false;
  if (len < 10 || memcmp(data, "\x93NUMPY", 6) != 0) {
    sb_printf(err, "'%s' is not a NumPy .npy file", path);
    goto done;
  }
  unsigned major = (unsigned char)data[6];
  size_t hl, hoff;
  if (major == 1) {
    hl = (unsigned char)data[8] | ((size_t)(unsigned char)data[9] << 8);
    hoff = 10;
  } else {
    if (len < 12) goto bad;
    hl = (unsigned char)data[8] | ((size_t)(unsigned char)data[9] << 8) |
         ((size_t)(unsigned char)data[10] << 16) | ((size_t)(unsigned char)data[11] << 24);
    hoff = 12;
  }
  if (hoff + hl > len) goto bad;
  {
    char *h = strndup(data + hoff, hl);
    char descr[16] = "";
    char *d = strstr(h, "'descr'");
    if (d) d = strchr(d + 7, '\'');
    if (d) {
      char *e = strchr(d + 1, '\'');
      if (e && e - d - 1 < 15) memcpy(descr, d + 1, (size_t)(e - d - 1));
    }
    bool fortran = strstr(h, "'fortran_order': True") != NULL;
    char *s = strstr(h, "'shape'");
    int64_t shape[8];
    int rank = 0;
    size_t n = 1;
    if (s && (s = strchr(s, '('))) {
      s++;
      while (*s && *s != ')') {
        while (*s == ' ' || *s == ',') s++;
        if (*s == ')') break;
        char *e;
        long long v = strtoll(s, &e, 10);
        if (e == s || rank == 8) break;
        shape[rank++] = v;
        n *= (size_t)v;
        s = e;
      }
    }
    free(h);
    if (fortran && rank > 1) {
      sb_printf(err, "'%s': Fortran-order arrays are not supported", path);
      goto done;
    }
    if (!npy_descr_ok(b->elem, descr)) {
      StrBuf t = {0};
      asm_print_type_str(&t, b->elem);
      sb_printf(err, "'%s' has dtype '%s', but a buffer of %s needs '%s'", path, descr,
                sb_cstr(&t), npy_descr(b->elem));
      sb_free(&t);
      goto done;
    }
    size_t elems_in_file = n;
    bool f4 = interp_elem_bytes(b->elem) == 0;
    if (take_shape) {
      b->rank = rank;
      memcpy(b->shape, shape, sizeof(int64_t) * (size_t)rank);
      b->n = f4 ? n * 2 : n;
    } else if ((f4 ? (b->n + 1) / 2 : b->n) != elems_in_file) {
      sb_printf(err, "'%s' holds %zu element(s), the spec asks for %zu", path, elems_in_file,
                f4 ? (b->n + 1) / 2 : b->n);
      goto done;
    }
    b->bytes = interp_buffer_bytes(b->elem, b->n);
    if (hoff + hl + b->bytes > len) goto bad;
    b->data = buf_alloc(b->bytes);
    memcpy(b->data, data + hoff + hl, b->bytes);
    ok = true;
    goto done;
  }
bad:
  sb_printf(err, "'%s' is a truncated or malformed .npy file", path);
done:
  free(data);
  return ok;
}

/* Writes b as a version 1.0 .npy file (64-byte aligned header). */
static bool write_npy(const char *path, const Buf *b, StrBuf *err) {
  FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
  if (!f) {
    sb_printf(err, "cannot write '%s': %s", path, strerror(errno));
    return false;
  }
  StrBuf h = {0};
  sb_printf(&h, "{'descr': '%s', 'fortran_order': False, 'shape': (", npy_descr(b->elem));
  bool f4 = interp_elem_bytes(b->elem) == 0;
  if (f4) sb_printf(&h, "%zu,", b->bytes);
  else
    for (int i = 0; i < b->rank; i++) sb_printf(&h, "%lld,%s", (long long)b->shape[i], i + 1 < b->rank ? " " : "");
  if (!f4 && b->rank > 1) h.len--, h.s[h.len] = 0; /* "(2, 3)" not "(2, 3,)" */
  sb_puts(&h, "), }");
  while ((10 + h.len + 1) % 64) sb_putc(&h, ' ');
  sb_putc(&h, '\n');
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(h.len & 0xFF),
                           (unsigned char)(h.len >> 8)};
  bool ok = fwrite(pre, 1, 10, f) == 10 && fwrite(h.s, 1, h.len, f) == h.len &&
            fwrite(b->data, 1, b->bytes, f) == b->bytes;
  sb_free(&h);
  if (f != stdout) ok = (fclose(f) == 0) && ok;
  else fflush(f);
  if (!ok) sb_printf(err, "cannot write '%s'", path);
  return ok;
}

/* --dump: the buffer as one line of values. */
static void dump_buf(const Buf *b, int idx) {
  printf("arg %d: [", idx);
  bool fl = ir_type_is_float(b->elem);
  for (size_t i = 0; i < b->n; i++) {
    double v = interp_load_elem(b->elem, b->data, i);
    if (fl) printf("%s%.9g", i ? ", " : "", v);
    else printf("%s%lld", i ? ", " : "", (long long)v);
  }
  printf("]\n");
}

/* ---- specs ------------------------------------------------------------------ */

static char *type_str(const IrType *t) {
  StrBuf b = {0};
  asm_print_type_str(&b, t);
  return sb_take(&b);
}

/* Parses "VALUE" for a scalar of elem into a (integer or float). */
static bool parse_scalar_value(const IrType *elem, const char *s, InterpArg *a, StrBuf *err) {
  char *end;
  a->kind = INTERP_ARG_SCALAR;
  if (ir_type_is_float(elem)) {
    errno = 0;
    a->f = strtod(s, &end);
    if (end == s || *end) {
      sb_printf(err, "'%s' is not a floating-point value", s);
      return false;
    }
    return true;
  }
  if (ir_type_is_integer(elem) && ir_integer_width(elem) == 1) {
    if (!strcmp(s, "true") || !strcmp(s, "1")) { a->i = 1; return true; }
    if (!strcmp(s, "false") || !strcmp(s, "0")) { a->i = 0; return true; }
    sb_printf(err, "'%s' is not an i1 value (true, false, 1, 0)", s);
    return false;
  }
  errno = 0;
  long long v = strtoll(s, &end, 0);
  if (end == s || *end) {
    /* allow large unsigned values */
    unsigned long long u = strtoull(s, &end, 0);
    if (end == s || *end || errno) {
      sb_printf(err, "'%s' is not an integer value", s);
      return false;
    }
    v = (long long)u;
  }
  unsigned w = ir_type_is_integer(elem) ? ir_integer_width(elem) : 64;
  if (w < 64) {
    long long lo = -(1LL << (w - 1)), hi = (long long)((1ULL << w) - 1);
    if (v < lo || v > hi) {
      sb_printf(err, "%lld does not fit in i%u", v, w);
      return false;
    }
  }
  a->i = v;
  return true;
}

static void quiet_handler(void *user, const IrDiag *d) {
  (void)user;
  (void)d;
}

/* Parses an element type name (i32, bf16, f8E4M3FN...) without reporting
 * diagnostics; NULL when it is not a type. */
static const IrType *parse_elem_quiet(IrContext *ctx, const char *s, size_t n) {
  IrDiagHandler h;
  void *u;
  ir_ctx_get_diag_handler(ctx, &h, &u);
  ir_ctx_set_diag_handler(ctx, quiet_handler, NULL);
  const IrType *t = NULL;
  bool ok = n > 0;
  for (size_t i = 0; i < n; i++)
    if (!(s[i] == '_' || (s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'z') ||
          (s[i] >= 'A' && s[i] <= 'Z')))
      ok = false;
  if (ok) t = asm_parse_type_str(ctx, s, n);
  ir_ctx_set_diag_handler(ctx, h, u);
  return t;
}

static bool parse_spec(IrContext *ctx, const char *spec, const IrType *ptype, size_t idx,
                       InterpArg *a, Buf *b, StrBuf *err) {
  char *pt = type_str(ptype);
  bool ok = false;
  if (!ct_type_is_tile(ptype)) {
    sb_printf(err, "--arg %zu ('%s'): parameter type %s is not supported by ctile-run", idx,
              spec, pt);
    goto out;
  }
  const IrType *elem = ct_tile_type_elem(ptype);
  bool isptr = ct_type_is_ptr(elem);
  if (!isptr && ct_tile_type_rank(ptype) != 0) {
    sb_printf(err, "--arg %zu ('%s'): parameter type %s is not a scalar or pointer tile", idx,
              spec, pt);
    goto out;
  }
  if (!isptr) {
    const char *colon = strchr(spec, ':');
    const IrType *t = colon ? parse_elem_quiet(ctx, spec, (size_t)(colon - spec)) : NULL;
    if (!colon || !t) {
      sb_printf(err, "--arg %zu ('%s'): expected TYPE:VALUE for parameter of type %s", idx, spec, pt);
      goto out;
    }
    if (t != elem) {
      char *ts = type_str(t);
      sb_printf(err, "--arg %zu ('%s'): a %s value does not fit parameter type %s", idx, spec,
                ts, pt);
      free(ts);
      goto out;
    }
    StrBuf e2 = {0};
    if (!parse_scalar_value(elem, colon + 1, a, &e2)) {
      sb_printf(err, "--arg %zu ('%s'): %s", idx, spec, sb_cstr(&e2));
      sb_free(&e2);
      goto out;
    }
    ok = true;
    goto out;
  }
  const IrType *pointee = ct_ptr_type_pointee(elem);
  b->elem = pointee;
  const char *br = strchr(spec, '[');
  size_t sl = strlen(spec);
  if (!br) {
    if (sl > 4 && strcmp(spec + sl - 4, ".npy") == 0) {
      StrBuf e2 = {0};
      if (!read_npy(spec, b, true, &e2)) {
        sb_printf(err, "--arg %zu: %s", idx, sb_cstr(&e2));
        sb_free(&e2);
        goto out;
      }
      ok = true;
      goto fill;
    }
    sb_printf(err, "--arg %zu ('%s'): parameter %zu is a pointer (%s): expected a buffer "
                   "TYPE[D0,...]=INIT or a .npy file", idx, spec, idx, pt);
    goto out;
  }
  {
    const IrType *t = parse_elem_quiet(ctx, spec, (size_t)(br - spec));
    if (!t) {
      sb_printf(err, "--arg %zu ('%s'): unknown element type '%.*s'", idx, spec, (int)(br - spec), spec);
      goto out;
    }
    if (t != pointee) {
      char *ts = type_str(t);
      sb_printf(err, "--arg %zu ('%s'): a buffer of %s does not fit parameter type %s", idx,
                spec, ts, pt);
      free(ts);
      goto out;
    }
    const char *p = br + 1;
    b->rank = 0;
    b->n = 1;
    while (*p && *p != ']') {
      char *e;
      long long v = strtoll(p, &e, 10);
      if (e == p || v < 0 || b->rank == 8) {
        sb_printf(err, "--arg %zu ('%s'): bad buffer shape", idx, spec);
        goto out;
      }
      if (v > 0 && b->n > ((size_t)1 << 40) / (size_t)v) {
        sb_printf(err, "--arg %zu ('%s'): buffer too large", idx, spec);
        goto out;
      }
      b->shape[b->rank++] = v;
      b->n *= (size_t)v;
      p = e;
      if (*p == ',' || *p == 'x') p++;
    }
    if (*p != ']' || p[1] != '=') {
      sb_printf(err, "--arg %zu ('%s'): expected '=INIT' after the buffer shape", idx, spec);
      goto out;
    }
    const char *init = p + 2;
    b->bytes = interp_buffer_bytes(pointee, b->n);
    if (!strcmp(init, "zeros")) {
      b->data = buf_alloc(b->bytes);
    } else if (!strcmp(init, "iota")) {
      b->data = buf_alloc(b->bytes);
      for (size_t i = 0; i < b->n; i++) interp_store_elem(pointee, b->data, i, (double)i);
    } else if (!strncmp(init, "const:", 6)) {
      InterpArg tmp = {0};
      StrBuf e2 = {0};
      if (!parse_scalar_value(pointee, init + 6, &tmp, &e2)) {
        sb_printf(err, "--arg %zu ('%s'): %s", idx, spec, sb_cstr(&e2));
        sb_free(&e2);
        goto out;
      }
      double v = ir_type_is_float(pointee) ? tmp.f : (double)tmp.i;
      b->data = buf_alloc(b->bytes);
      for (size_t i = 0; i < b->n; i++) interp_store_elem(pointee, b->data, i, v);
    } else if (!strncmp(init, "rand:", 5)) {
      char *e;
      unsigned long long seed = strtoull(init + 5, &e, 0);
      if (e == init + 5 || *e) {
        sb_printf(err, "--arg %zu ('%s'): rand needs an integer seed", idx, spec);
        goto out;
      }
      uint64_t st = seed;
      b->data = buf_alloc(b->bytes);
      bool fl = ir_type_is_float(pointee);
      for (size_t i = 0; i < b->n; i++) {
        uint64_t r = splitmix(&st);
        double v = fl ? (double)(r >> 11) * 0x1.0p-52 - 1.0 : (double)(r % 100);
        interp_store_elem(pointee, b->data, i, v);
      }
    } else if (strlen(init) > 4 && !strcmp(init + strlen(init) - 4, ".npy")) {
      StrBuf e2 = {0};
      if (!read_npy(init, b, false, &e2)) {
        sb_printf(err, "--arg %zu: %s", idx, sb_cstr(&e2));
        sb_free(&e2);
        goto out;
      }
    } else {
      sb_printf(err, "--arg %zu ('%s'): unknown initializer '%s' (zeros, iota, const:V, "
                     "rand:SEED or a .npy path)", idx, spec, init);
      goto out;
    }
    ok = true;
  }
fill:
  a->kind = INTERP_ARG_BUFFER;
  a->data = b->data;
  a->bytes = b->bytes;
out:
  free(pt);
  return ok;
}

/* ---- main ------------------------------------------------------------------- */

static void print_sink(void *user, const char *text, size_t len) {
  (void)user;
  fwrite(text, 1, len, stdout);
  fflush(stdout); /* keep block output ahead of a following error on stderr */
}

static int usage_error(const char *msg, const char *arg) {
  fprintf(stderr, "ctile-run: %s%s%s\nTry: 'ctile-run --help'\n", msg, arg ? arg : "",
          arg ? "" : "");
  return 2;
}

typedef struct OutReq {
  int idx;
  const char *path; /* NULL: --dump */
} OutReq;

/* Command line -> module -> arguments -> interp_run -> --out/--dump. */
int main(int argc, char **argv) {
  const char *file = NULL, *entry = NULL, *grid = NULL, *pipeline = NULL;
  VEC(const char *) specs = {0};
  VEC(OutReq) outs = {0};
  int threads = 1;
  uint64_t max_steps = INTERP_DEFAULT_MAX_STEPS;
  int rc = 1;
  const char *missing = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *val = NULL;
#define OPT(name)                                                                  \
  ((strcmp(a, "--" name) == 0 || strcmp(a, "-" name) == 0)                         \
       ? (i + 1 < argc ? (val = argv[++i], true) : (missing = a, false)) \
       : (strncmp(a, "--" name "=", strlen(name) + 3) == 0 ? (val = a + strlen(name) + 3, true) : false))
    if (!strcmp(a, "--help") || !strcmp(a, "-help") || !strcmp(a, "-h")) {
      vec_free(&specs);
      vec_free(&outs);
      fputs(usage_text, stdout);
      return 0;
    } else if (OPT("entry")) {
      entry = val;
    } else if (OPT("pipeline")) {
      pipeline = val; /* passes run on the module before the kernel */
    } else if (OPT("grid")) {
      grid = val;
    } else if (OPT("arg")) {
      vec_push(&specs, val);
    } else if (OPT("out") || OPT("dump")) {
      OutReq o = {0, NULL};
      char *e;
      long v = strtol(val, &e, 10);
      if (e == val || v < 0) { rc = usage_error("bad --out/--dump parameter index: ", val); goto early; }
      if (a[2] == 'o' || a[1] == 'o') {
        if (*e != '=' || !e[1]) { rc = usage_error("expected --out N=FILE.npy, got: ", val); goto early; }
        o.path = e + 1;
      } else if (*e) {
        { rc = usage_error("expected --dump N, got: ", val); goto early; }
      }
      o.idx = (int)v;
      vec_push(&outs, o);
    } else if (OPT("j")) {
      char *e;
      long v = strtol(val, &e, 10);
      if (e == val || *e || v < 1 || v > 1024) { rc = usage_error("bad thread count: ", val); goto early; }
      threads = (int)v;
    } else if (OPT("max-steps")) {
      char *e;
      errno = 0;
      unsigned long long v = strtoull(val, &e, 10);
      if (e == val || *e || val[0] == '-' || errno == ERANGE) {
        rc = usage_error("bad --max-steps (expected a count >= 0): ", val);
        goto early;
      }
      max_steps = v;
    } else if (!strncmp(a, "-j", 2) && a[2]) {
      char *e;
      long v = strtol(a + 2, &e, 10);
      if (*e || v < 1 || v > 1024) { rc = usage_error("bad thread count: ", a); goto early; }
      threads = (int)v;
    } else if (a[0] == '-' && a[1]) {
      { rc = usage_error(missing ? "missing value for " : "unknown option: ", a); goto early; }
    } else {
      if (file) { rc = usage_error("more than one input file: ", a); goto early; }
      file = a;
    }
#undef OPT
    if (missing) { rc = usage_error("missing value for ", missing); goto early; }
  }
  if (!file) { rc = usage_error("no input file", NULL); goto early; }
  if (!entry) { rc = usage_error("--entry NAME is required", NULL); goto early; }
  InterpOptions opts = {{1, 1, 1}, threads, print_sink, NULL, max_steps};
  if (grid) {
    const char *p = grid;
    for (int d = 0; d < 3; d++) {
      char *e;
      long long v = strtoll(p, &e, 10);
      if (e == p || v < 1) { rc = usage_error("bad --grid (expected X[,Y[,Z]] with positive sizes): ", grid); goto early; }
      opts.grid[d] = v;
      p = e;
      if (!*p) break;
      if (*p != ',' || d == 2) { rc = usage_error("bad --grid (expected X[,Y[,Z]]): ", grid); goto early; }
      p++;
    }
  }

  StrBuf err = {0};
  size_t len;
  char *buf = tool_read_input(file, &len, &err);
  if (!buf) {
    fprintf(stderr, "ctile-run: %s\n", sb_cstr(&err));
    sb_free(&err);
    return 1;
  }
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ToolSourceMgr sm;
  tool_srcmgr_init(&sm);
  const char *name = tool_input_display_name(file);
  tool_srcmgr_add(&sm, name, buf, len);
  StrBuf dout = {0};
  ToolRenderState rs = {&sm, &dout, stderr};
  tool_install_renderer(ctx, &rs);

  IrOp *module = NULL;
  InterpArg *args = NULL;
  Buf *bufs = NULL;
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
  IrOp *ent = interp_find_entry(module, entry);
  if (!ent) {
    fprintf(stderr, "ctile-run: no cuda_tile.entry named '%s' in %s\n", entry, name);
    goto done;
  }
  IrBlock *body = ir_region_entry(ir_op_region(ent, 0));
  size_t np = body ? body->nargs : 0;
  if (specs.len != np) {
    fprintf(stderr, "ctile-run: entry '%s' has %zu parameter(s), but %zu --arg given\n", entry,
            np, specs.len);
    goto done;
  }
  args = xcalloc(np + 1, sizeof(InterpArg));
  bufs = xcalloc(np + 1, sizeof(Buf));
  for (size_t i = 0; i < np; i++) {
    sb_clear(&err);
    if (!parse_spec(ctx, specs.data[i], body->args[i]->type, i, &args[i], &bufs[i], &err)) {
      fprintf(stderr, "ctile-run: %s\n", sb_cstr(&err));
      goto done;
    }
  }
  for (size_t i = 0; i < outs.len; i++) {
    int k = outs.data[i].idx;
    if ((size_t)k >= np || !bufs[k].data) {
      fprintf(stderr, "ctile-run: --%s %d: parameter %d is not a buffer\n",
              outs.data[i].path ? "out" : "dump", k, k);
      goto done;
    }
  }
  /* --pipeline: arguments were checked against the original entry; the
   * passes then rewrite the module (e.g. to nv_tileaa) before it runs */
  if (pipeline && !rw_run_pipeline(ctx, module, pipeline)) goto done;
  if (!interp_run(module, entry, args, np, &opts)) {
    fflush(stdout);
    goto done;
  }
  rc = 0;
  for (size_t i = 0; i < outs.len; i++) {
    Buf *b = &bufs[outs.data[i].idx];
    if (outs.data[i].path) {
      sb_clear(&err);
      if (!write_npy(outs.data[i].path, b, &err)) {
        fprintf(stderr, "ctile-run: %s\n", sb_cstr(&err));
        rc = 1;
      }
    } else {
      dump_buf(b, outs.data[i].idx);
    }
  }
done:
  fflush(stdout);
  if (bufs)
    for (size_t i = 0; i < specs.len; i++) free(bufs[i].data);
  free(bufs);
  free(args);
  if (module) ir_op_destroy(module);
  ir_context_destroy(ctx);
  tool_srcmgr_free(&sm);
  sb_free(&dout);
  sb_free(&err);
  free(buf);
  vec_free(&specs);
  vec_free(&outs);
  return rc;
early:
  vec_free(&specs);
  vec_free(&outs);
  return rc;
}
