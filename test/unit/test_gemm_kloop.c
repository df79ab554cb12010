/* test_gemm_kloop.c — fused GEMM k loops (lib/interp: kloop_run in
 * interp_core.c, in_view_dense_tile in interp_mem.c, in_gemm_f32_tiles in
 * interp_gemm.c):
 *   - in_gemm_f32_tiles against one in_gemm_f32 call per tile on the tiles
 *     decoded (what mmaf does op by op) bit for bit, and against an
 *     independent fmaf chain (tiles in order, k ascending within a tile,
 *     from the accumulator) bit for bit up to NaN payloads,
 *     f32 and bf16 tiles (NaN payloads, infinities, subnormals) at scattered
 *     addresses with row strides wider than the tile, over shapes that
 *     exercise every micro-kernel size, the 8-wide panel, the scalar column
 *     tail, chunks of one and of several tiles, in place and out of place;
 *   - through the interpreter: a k loop that runs fused gives the same bits
 *     as the same loop run op by op (fusion switched off), f32 and bf16, at
 *     -j1 and -j2, and the fused path really ran (in_gemm_tiles_runs);
 *   - loops it must not fuse (a tile crossing the tensor's edge, a
 *     transposed operand, an extra op in the body) run op by op with the
 *     same results;
 *   - the step budget: a fused loop fails at exactly the --max-steps value
 *     at which the op-by-op loop fails. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "asm/asm.h"
#include "dialect/dialects.h"
#include "interp/interp.h"
#include "interp/interp_gemm.h"
#include "ir/ir.h"
#include "unit.h"
#define UNIT_GEMM_SEED 99
#include "unit_gemm.h"

/* One buffer of nt tiles of rows x cols, row stride ld = cols + pad, the
 * tiles in a shuffled order within it (so consecutive k steps are not
 * consecutive in memory). */
static void *make_tiles(InGemmOperand *op, const void **tiles, int64_t nt, int64_t rows,
                        int64_t cols, int64_t pad, bool bf16) {
  int64_t ld = cols + pad, per = rows * ld, es = bf16 ? 2 : 4;
  char *mem = malloc((size_t)(nt * per * es + 16));
  for (int64_t i = 0; i < nt * per; i++) {
    float v = frand();
    if (bf16) {
      uint16_t h = (uint16_t)(fbits(v) >> 16);
      uint32_t s = rnd() % 500;
      if (s == 0) h = 0x7F81;      /* signalling NaN */
      else if (s == 1) h = 0xFFC3; /* negative quiet NaN with payload */
      else if (s == 2) h = 0x7F80; /* +inf */
      else if (s == 3) h = 0x0001; /* subnormal */
      memcpy(mem + i * 2, &h, 2);
    } else {
      memcpy(mem + i * 4, &v, 4);
    }
  }
  for (int64_t t = 0; t < nt; t++) tiles[t] = mem + ((t * 7 + 3) % nt) * per * es;
  op->tiles = tiles;
  op->ld = ld;
  op->bf16 = bf16;
  op->written = NULL; /* never kept (the interpreter cases below test keeping) */
  return mem;
}

static void check_tiles(int64_t M, int64_t N, int64_t Kt, int64_t nt, bool abf, bool bbf) {
  const void **ta = malloc(sizeof(void *) * (size_t)nt), **tb = malloc(sizeof(void *) * (size_t)nt);
  InGemmOperand A, B;
  void *ma = make_tiles(&A, ta, nt, M, Kt, 3, abf), *mb = make_tiles(&B, tb, nt, Kt, N, 5, bbf);
  float *C = malloc(sizeof(float) * (size_t)(M * N)), *C0 = malloc(sizeof(float) * (size_t)(M * N)),
        *R = malloc(sizeof(float) * (size_t)(M * N)), *O = malloc(sizeof(float) * (size_t)(M * N));
  for (int64_t i = 0; i < M * N; i++) C[i] = C0[i] = frand() * 4;
  /* R: nt mmaf kernel calls on the decoded tiles, as op by op */
  float *ta_d = malloc(sizeof(float) * (size_t)(M * Kt)), *tb_d = malloc(sizeof(float) * (size_t)(Kt * N));
  memcpy(R, C, sizeof(float) * (size_t)(M * N));
  for (int64_t t = 0; t < nt; t++) {
    for (int64_t i = 0; i < M * Kt; i++) ta_d[i] = elem(&A, t, i / Kt, i % Kt);
    for (int64_t i = 0; i < Kt * N; i++) tb_d[i] = elem(&B, t, i / N, i % N);
    in_gemm_f32(ta_d, tb_d, R, R, M, N, Kt);
  }
  free(ta_d), free(tb_d);
  in_gemm_f32_tiles(&A, &B, nt, C, O, M, N, Kt, bf16_val, NULL);
  int bad_out = diff_bits(R, O, M * N), bad_in = diff_bits(C, C0, M * N), bad_chain = 0;
  /* and the documented chain, element by element (NaN payloads aside: with
   * two NaN inputs which one an FMA passes on is the instruction's choice) */
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++) {
      float acc = C[i * N + j];
      for (int64_t t = 0; t < nt; t++)
        for (int64_t k = 0; k < Kt; k++) acc = fmaf(elem(&A, t, i, k), elem(&B, t, k, j), acc);
      float got = O[i * N + j];
      bad_chain += isnan(acc) ? !isnan(got) : fbits(acc) != fbits(got);
    }
  CHECK_EQ_INT(bad_chain, 0);
  in_gemm_f32_tiles(&A, &B, nt, C, C, M, N, Kt, bf16_val, NULL); /* in place */
  int bad_inplace = diff_bits(R, C, M * N);
  if (!CHECK_EQ_INT(bad_out, 0) || !CHECK_EQ_INT(bad_in, 0) || !CHECK_EQ_INT(bad_inplace, 0))
    printf("  %lldx%lldx%lld x %lld tiles, A %s, B %s\n", (long long)M, (long long)N,
           (long long)Kt, (long long)nt, abf ? "bf16" : "f32", bbf ? "bf16" : "f32");
  free(ma), free(mb), free(ta), free(tb), free(C), free(C0), free(R), free(O);
}

static void test_tiles_kernel(void) {
  static const int ms[] = {1, 4, 6, 7, 9, 16, 64, 100};
  static const int ns[] = {1, 3, 8, 16, 20, 24, 64};
  static const int ks[] = {1, 5, 32, 100, 300};
  static const int nts[] = {1, 3, 9};
  for (size_t a = 0; a < sizeof ms / sizeof *ms; a++)
    for (size_t b = 0; b < sizeof ns / sizeof *ns; b++)
      for (size_t c = 0; c < sizeof ks / sizeof *ks; c++)
        for (size_t d = 0; d < sizeof nts / sizeof *nts; d++) {
          int64_t M = ms[a], N = ns[b], K = ks[c], nt = nts[d];
          if (M * N * K * nt > 400000) continue;
          check_tiles(M, N, K, nt, (a + c) % 2 == 0, (b + d) % 2 == 0);
        }
  /* no k steps: the accumulator copied */
  float c[6] = {1, -2, 3, -4, 5, -6}, o[6] = {0};
  in_gemm_f32_tiles(NULL, NULL, 0, c, o, 2, 3, 4, bf16_val, NULL);
  CHECK_EQ_INT(diff_bits(c, o, 6), 0);
}

/* ---- through the interpreter ------------------------------------------- */

static IrContext *ctx;

static IrOp *parse(const char *src) {
  AsmParseOptions po = {0};
  IrOp *m = asm_parse_buffer(ctx, "kernel.mlir", src, strlen(src), &po);
  if (!CHECK(m != NULL) || !CHECK(ir_verify(m))) return NULL;
  return m;
}

/* C[m x n] (+)= A[m x k] * B[k x n] with TMxTN output tiles and a k step of
 * TK; printf arguments: element type, TM, TN, TK, the k loop's body prefix
 * (an extra op, or nothing), B's dim_map clause.  With a dim_map of [1, 0]
 * B is stored n x k. */
static const char gemm_fmt[] =
    "cuda_tile.module @m {\n"
    "  entry @gemm(%%a: tile<ptr<%1$s>>, %%b: tile<ptr<%1$s>>, %%c: tile<ptr<f32>>, %%m: tile<i32>, "
    "%%n: tile<i32>, %%k: tile<i32>, %%bm: tile<i32>, %%bn: tile<i32>) {\n"
    "    %%tva = make_tensor_view %%a, shape = [%%m, %%k], strides = [%%k, 1] : tile<i32> -> "
    "tensor_view<?x?x%1$s, strides=[?,1]>\n"
    "    %%tvb = make_tensor_view %%b, shape = [%%bm, %%bn], strides = [%%bn, 1] : tile<i32> -> "
    "tensor_view<?x?x%1$s, strides=[?,1]>\n"
    "    %%tvc = make_tensor_view %%c, shape = [%%m, %%n], strides = [%%n, 1] : tile<i32> -> "
    "tensor_view<?x?xf32, strides=[?,1]>\n"
    "    %%pa = make_partition_view %%tva : partition_view<tile=(%2$dx%4$d), tensor_view<?x?x%1$s, "
    "strides=[?,1]>>\n"
    "    %%pb = make_partition_view %%tvb : partition_view<tile=(%4$dx%3$d), tensor_view<?x?x%1$s, "
    "strides=[?,1]>%6$s>\n"
    "    %%pc = make_partition_view %%tvc : partition_view<tile=(%2$dx%3$d), tensor_view<?x?xf32, "
    "strides=[?,1]>>\n"
    "    %%bx, %%by, %%bz = get_tile_block_id : tile<i32>\n"
    "    %%c0 = constant <i32: 0> : tile<i32>\n"
    "    %%c1 = constant <i32: 1> : tile<i32>\n"
    "    %%ck = constant <i32: %4$d> : tile<i32>\n"
    "    %%nk = divi %%k, %%ck signed rounding<positive_inf> : tile<i32>\n"
    "    %%init, %%t0 = load_view_tko weak %%pc[%%by, %%bx] : partition_view<tile=(%2$dx%3$d), "
    "tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<%2$dx%3$dxf32>, token\n"
    "    %%acc = for %%kk in (%%c0 to %%nk, step %%c1) : tile<i32> iter_values(%%cur = %%init) -> "
    "(tile<%2$dx%3$dxf32>) {\n"
    "%5$s"
    "      %%tb, %%t2 = load_view_tko weak %%pb[%%kk, %%bx] : partition_view<tile=(%4$dx%3$d), "
    "tensor_view<?x?x%1$s, strides=[?,1]>%6$s>, tile<i32> -> tile<%4$dx%3$dx%1$s>, token\n"
    "      %%ta, %%t1 = load_view_tko weak %%pa[%%by, %%kk] : partition_view<tile=(%2$dx%4$d), "
    "tensor_view<?x?x%1$s, strides=[?,1]>>, tile<i32> -> tile<%2$dx%4$dx%1$s>, token\n"
    "      %%r = mmaf %%ta, %%tb, %%cur : tile<%2$dx%4$dx%1$s>, tile<%4$dx%3$dx%1$s>, "
    "tile<%2$dx%3$dxf32>\n"
    "      continue %%r : tile<%2$dx%3$dxf32>\n"
    "    }\n"
    "    %%t3 = store_view_tko weak %%acc, %%pc[%%by, %%bx] : tile<%2$dx%3$dxf32>, "
    "partition_view<tile=(%2$dx%3$d), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char extra_op[] = "      %x = addi %kk, %c1 : tile<i32>\n";

typedef struct {
  const char *et;
  int tm, tn, tk;
  int64_t m, n, k;
  bool extra, transb;
  bool fuses; /* expected to run fused */
} Case;

/* Runs case c (fused where it applies, or with fusion off) at `threads`;
 * returns C, or NULL when the run failed; *fused: whether it ran fused. */
static float *run_case(IrOp *mod, const Case *c, const void *A, const void *B, const float *C0,
                       int threads, bool fusion, uint64_t max_steps, bool *fused) {
  float *C = malloc(sizeof(float) * (size_t)(c->m * c->n));
  memcpy(C, C0, sizeof(float) * (size_t)(c->m * c->n));
  size_t es = strcmp(c->et, "bf16") == 0 ? 2 : 4;
  int64_t bm = c->transb ? c->n : c->k, bn = c->transb ? c->k : c->n;
  InterpArg args[8] = {{INTERP_ARG_BUFFER, 0, 0, (void *)A, es * (size_t)(c->m * c->k)},
                       {INTERP_ARG_BUFFER, 0, 0, (void *)B, es * (size_t)(c->k * c->n)},
                       {INTERP_ARG_BUFFER, 0, 0, C, sizeof(float) * (size_t)(c->m * c->n)},
                       {INTERP_ARG_SCALAR, c->m, 0, NULL, 0},
                       {INTERP_ARG_SCALAR, c->n, 0, NULL, 0},
                       {INTERP_ARG_SCALAR, c->k, 0, NULL, 0},
                       {INTERP_ARG_SCALAR, bm, 0, NULL, 0},
                       {INTERP_ARG_SCALAR, bn, 0, NULL, 0}};
  InterpOptions o = {.grid = {(c->n + c->tn - 1) / c->tn, (c->m + c->tm - 1) / c->tm, 1},
                     .threads = threads,
                     .max_steps = max_steps};
  in_gemm_force_portable(!fusion); /* no AVX2 kernel: no fused loops */
  int64_t before = in_gemm_tiles_runs();
  bool ok = interp_run(mod, "gemm", args, 8, &o);
  *fused = in_gemm_tiles_runs() != before;
  in_gemm_force_portable(false);
  if (!ok) free(C);
  return ok ? C : NULL;
}

static void *rand_buf(int64_t n, bool bf16) {
  void *p = malloc((size_t)n * (bf16 ? 2 : 4));
  for (int64_t i = 0; i < n; i++) {
    float v = frand();
    if (bf16) {
      uint16_t h = (uint16_t)(fbits(v) >> 16);
      if (rnd() % 700 == 0) h = 0x7F85; /* signalling NaN */
      ((uint16_t *)p)[i] = h;
    } else {
      ((float *)p)[i] = v;
    }
  }
  return p;
}

static void test_interp_cases(void) {
  static const Case cases[] = {
      {"f32", 64, 64, 32, 128, 128, 256, false, false, true},
      {"bf16", 64, 64, 32, 128, 128, 256, false, false, true},
      {"f32", 16, 8, 16, 32, 32, 96, false, false, true},    /* one 8-wide panel */
      {"bf16", 8, 4, 64, 16, 8, 640, false, false, true},    /* scalar columns only */
      {"f32", 32, 32, 16, 64, 64, 72, false, false, false},  /* last k tile crosses the edge */
      {"f32", 64, 64, 32, 128, 128, 128, true, false, false}, /* extra op in the body */
      {"bf16", 32, 32, 32, 64, 64, 128, false, true, false},  /* transposed B */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const Case *c = &cases[i];
    char src[sizeof gemm_fmt + 512];
    snprintf(src, sizeof src, gemm_fmt, c->et, c->tm, c->tn, c->tk, c->extra ? extra_op : "",
             c->transb ? ", dim_map=[1, 0]" : "");
    IrOp *mod = parse(src);
    if (!mod) continue;
    bool bf = strcmp(c->et, "bf16") == 0;
    void *A = rand_buf(c->m * c->k, bf), *B = rand_buf(c->k * c->n, bf);
    float *C0 = rand_buf(c->m * c->n, false);
    bool fused;
    float *want = run_case(mod, c, A, B, C0, 1, false, 0, &fused);
    CHECK(want != NULL && !fused);
    for (int threads = 1; want && threads <= 2; threads++) {
      float *got = run_case(mod, c, A, B, C0, threads, true, 0, &fused);
      if (!CHECK(got != NULL)) continue;
      if (!CHECK_EQ_INT(diff_bits(want, got, c->m * c->n), 0) || !CHECK(fused == c->fuses))
        printf("  case %zu -j%d\n", i, threads);
      free(got);
    }
    free(want), free(A), free(B), free(C0);
    ir_op_destroy(mod);
  }
}

/* Packed operands kept across k loops (interp_gemm.c): a grid whose
 * programs share operand tiles reuses them (in_gemm_kept_hits), and a
 * program that stores into an operand's memory after its k loop (the acc
 * tile, as a 64x64 tile of A or B at the program's block index) makes the
 * later programs pack afresh: the results equal the op-by-op run's at -j1
 * (the programs in grid order), which reads the stored values. */
static void test_keep(void) {
  static const struct {
    const char *et;
    char written; /* 0: none, 'a' or 'b' */
  } ks[] = {{"f32", 0}, {"bf16", 0}, {"f32", 'b'}, {"bf16", 'a'}, {"bf16", 'b'}};
  for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
    Case c = {ks[i].et, 64, 64, 32, 128, 128, 256, false, false, true};
    bool bf = strcmp(c.et, "bf16") == 0;
    char src[sizeof gemm_fmt + 2048], extra[1024] = "";
    snprintf(src, sizeof src, gemm_fmt, c.et, c.tm, c.tn, c.tk, "", "");
    if (ks[i].written) {
      char pvt[160];
      snprintf(pvt, sizeof pvt, "partition_view<tile=(64x64), tensor_view<?x?x%s, strides=[?,1]>>",
               c.et);
      snprintf(extra, sizeof extra,
               "    %%pw = make_partition_view %%tv%c : %s\n"
               "%s"
               "    %%t4 = store_view_tko weak %s, %%pw[%%by, %%bx] : tile<64x64x%s>, %s, "
               "tile<i32> -> token\n",
               ks[i].written, pvt,
               bf ? "    %accw = ftof %acc : tile<64x64xf32> -> tile<64x64xbf16>\n" : "",
               bf ? "%accw" : "%acc", c.et, pvt);
      char *ret = strstr(src, "    return\n");
      if (!CHECK(ret != NULL)) continue;
      size_t at = (size_t)(ret - src), el = strlen(extra);
      memmove(ret + el, ret, strlen(ret) + 1);
      memcpy(src + at, extra, el);
    }
    IrOp *mod = parse(src);
    if (!mod) continue;
    /* A and B are written: each run gets fresh copies */
    void *A0 = rand_buf(c.m * c.k, bf), *B0 = rand_buf(c.k * c.n, bf);
    float *C0 = rand_buf(c.m * c.n, false);
    size_t es = bf ? 2 : 4, asz = es * (size_t)(c.m * c.k), bsz = es * (size_t)(c.k * c.n);
    void *A = malloc(asz), *B = malloc(bsz);
    bool fused;
    memcpy(A, A0, asz), memcpy(B, B0, bsz);
    float *want = run_case(mod, &c, A, B, C0, 1, false, 0, &fused);
    memcpy(A, A0, asz), memcpy(B, B0, bsz);
    int64_t hits = in_gemm_kept_hits();
    float *got = run_case(mod, &c, A, B, C0, 1, true, 0, &fused);
    hits = in_gemm_kept_hits() - hits;
    if (CHECK(want != NULL && got != NULL && fused)) {
      if (!CHECK_EQ_INT(diff_bits(want, got, c.m * c.n), 0))
        printf("  keep case %zu (%s, written %c)\n", i, c.et, ks[i].written ? ks[i].written : '-');
      /* 2x2 programs, B's panels in both grid rows; bf16 A in both columns */
      if (!ks[i].written) CHECK_EQ_INT((int)hits, bf ? 4 : 2);
    }
    free(want), free(got), free(A), free(B), free(A0), free(B0), free(C0);
    ir_op_destroy(mod);
  }
}

/* The smallest step budget a run succeeds with (runs fail below it). */
static uint64_t min_steps(IrOp *mod, const Case *c, const void *A, const void *B,
                          const float *C0, bool fusion) {
  uint64_t lo = 1, hi = 1;
  bool fused;
  for (;;) {
    float *r = run_case(mod, c, A, B, C0, 1, fusion, hi, &fused);
    if (r) {
      free(r);
      break;
    }
    lo = hi + 1;
    hi *= 2;
  }
  while (lo < hi) {
    uint64_t mid = lo + (hi - lo) / 2;
    float *r = run_case(mod, c, A, B, C0, 1, fusion, mid, &fused);
    if (r) hi = mid, free(r);
    else lo = mid + 1;
  }
  return lo;
}

static void test_step_budget(void) {
  static const Case c = {"f32", 32, 32, 16, 32, 32, 128, false, false, true};
  char src[sizeof gemm_fmt + 512];
  snprintf(src, sizeof src, gemm_fmt, c.et, c.tm, c.tn, c.tk, "", "");
  IrOp *mod = parse(src);
  if (!mod) return;
  void *A = rand_buf(c.m * c.k, false), *B = rand_buf(c.k * c.n, false);
  float *C0 = rand_buf(c.m * c.n, false);
  uint64_t fused_min = min_steps(mod, &c, A, B, C0, true),
           plain_min = min_steps(mod, &c, A, B, C0, false);
  CHECK(fused_min > 8); /* the loop's steps are counted */
  CHECK_EQ_INT((int)fused_min, (int)plain_min);
  bool fused;
  float *r = run_case(mod, &c, A, B, C0, 1, true, fused_min, &fused);
  CHECK(r != NULL && fused);
  free(r);
  free(A), free(B), free(C0);
  ir_op_destroy(mod);
}

static void quiet(void *user, const IrDiag *d) {
  (void)d;
  ++*(int *)user;
}

static void interp_cases(void) {
  test_interp_cases();
  test_keep();
  test_step_budget();
}

UNIT_MAIN {
  if (!in_gemm_tiles_available()) {
    printf("test_gemm_kloop: no AVX2+FMA here: the fused path never runs; skipped\n");
    return;
  }
  each_isa(test_tiles_kernel);
  ctx = ir_context_create();
  ctile_register_all(ctx);
  int nerr = 0;
  ir_ctx_set_diag_handler(ctx, quiet, &nerr);
  each_isa(interp_cases);
  ir_context_destroy(ctx);
}
