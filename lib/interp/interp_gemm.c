/* interp_gemm.c — the f32 matrix multiply-accumulate kernel of the
 * interpreter: mmaf with an f32 accumulator and f32-computed inputs (f32,
 * tf32, f16, bf16 and f8 tiles all hold exact floats), which nv_tileaa.dot
 * on floats reaches through the same handler.
 *
 * The accumulation order is part of the interpreter's semantics (the
 * cuda_tile and converted nv_tileaa runs of a program are compared bit for
 * bit, and lit tests print values): each element of the result is a chain
 * of fused multiply-adds, one per k step in increasing k order, starting
 * from the accumulator tile's element.  A vector FMA computes each lane
 * exactly as fmaf does, so any blocking that keeps that chain intact gives
 * the same bits; the chain is only ever split by storing the running sum
 * (an exact f32) and loading it again.
 *
 * Blocking: k in passes of GEMM_KC steps (the partial sums go through Cout),
 * rows in bands of GEMM_MC, and within a band 16-column panels of B against
 * 6-row strips of A: the AVX2+FMA micro-kernel keeps a 6x16 block of C in
 * twelve ymm registers and per k step loads two vectors of B and broadcasts
 * six elements of A for twelve FMAs.  Narrower leftovers use the same
 * kernel with fewer rows (never fewer than four where the band allows: 128
 * rows go as 20 strips of 6 and two of 4) or one vector; columns past the last multiple of 8
 * use scalar FMAs.  Operand tiles are small (the interpreter's tiles are the
 * program's tiles, typically 64x32 and 32x64), so B is read in place rather
 * than packed: a 16-column panel of GEMM_KC rows stays in L1.
 *
 * The AVX2 kernel is compiled with a target attribute and chosen at run time
 * (__builtin_cpu_supports); elsewhere a portable kernel computes the same
 * chains with fmaf. */
#include "interp/interp_gemm.h"

#include <math.h>
#include <stddef.h>

#define GEMM_KC 256 /* k steps per pass over C */
#define GEMM_MC 144 /* rows of A per band (144 x 256 floats: 144 KiB, in L2) */

static bool force_portable;

void in_gemm_force_portable(bool portable) { force_portable = portable; }

/* ------------------------------------------------------------------------ */
/* Prefetching the next k step's tiles                                       */
/* ------------------------------------------------------------------------ */

#define PF_VIEWS 4  /* views whose last tile is remembered, per thread */
#define PF_QUEUE 4  /* tiles queued for prefetching, per thread */
#define PF_LINE 64  /* bytes per cache line */
#define PF_MAX_LINES 4096 /* larger tiles (over 256 KiB) are not prefetched */

/* A tile's rows: rows of row_bytes, stride bytes apart, from p. */
typedef struct {
  const char *p;
  int64_t rows, row_bytes, stride;
} PfTile;

/* Per thread: the last tile of up to PF_VIEWS views (round robin), and the
 * queue of predicted tiles with the cursor (row, byte in row) of the first
 * one. */
static _Thread_local struct {
  const void *key[PF_VIEWS];
  const char *last[PF_VIEWS];
  unsigned next_slot;
  PfTile q[PF_QUEUE];
  int nq;
  int64_t row, col;
} pf;

void in_gemm_note_tile(const void *key, const void *base, int64_t rows, int64_t row_bytes,
                       int64_t stride_bytes) {
  const char *b = base;
  int s = 0;
  while (s < PF_VIEWS && pf.key[s] != key) s++;
  if (s == PF_VIEWS) { /* a new view: remember it, predict nothing yet */
    s = (int)(pf.next_slot++ % PF_VIEWS);
    pf.key[s] = key;
    pf.last[s] = b;
    return;
  }
  const char *prev = pf.last[s];
  pf.last[s] = b;
  if (prev == b || rows < 1 || row_bytes < 1 || rows > PF_MAX_LINES ||
      rows * ((row_bytes + PF_LINE - 1) / PF_LINE) > PF_MAX_LINES)
    return;
  if (pf.nq == PF_QUEUE) { /* full: drop the oldest */
    for (int i = 1; i < PF_QUEUE; i++) pf.q[i - 1] = pf.q[i];
    pf.nq--;
    pf.row = pf.col = 0;
  }
  /* b + (b - prev), as integers: the prediction may lie outside every
   * object (a prefetch of it is harmless) */
  uintptr_t nx = (uintptr_t)b + ((uintptr_t)b - (uintptr_t)prev);
  pf.q[pf.nq++] = (PfTile){(const char *)nx, rows, row_bytes, stride_bytes};
}

int64_t in_gemm_pending_lines(void) {
  int64_t n = 0;
  for (int i = 0; i < pf.nq; i++) {
    int64_t per_row = (pf.q[i].row_bytes + PF_LINE - 1) / PF_LINE;
    n += pf.q[i].rows * per_row;
    if (i == 0) n -= pf.row * per_row + pf.col / PF_LINE;
  }
  return n;
}

/* Issues up to `lines` of the queued prefetches (into L2: the tiles are
 * copied after the current gemm, whose operands hold L1).  The cursor lives
 * in locals while a tile's rows are walked (the per-thread state is read
 * and written once per tile, not once per line). */
static void pf_issue(int64_t lines) {
  while (lines > 0 && pf.nq > 0) {
    const PfTile *t = &pf.q[0];
    const char *rowp = t->p + pf.row * t->stride;
    int64_t row = pf.row, col = pf.col, rb = t->row_bytes, stride = t->stride, rows = t->rows;
    for (;;) {
      __builtin_prefetch(rowp + col, 0, 2);
      lines--;
      if ((col += PF_LINE) >= rb) {
        col = 0;
        rowp += stride;
        if (++row == rows) break;
      }
      if (lines == 0) break;
    }
    if (row == rows) { /* tile done: pop it */
      for (int i = 1; i < pf.nq; i++) pf.q[i - 1] = pf.q[i];
      pf.nq--;
      row = 0;
    }
    pf.row = row;
    pf.col = col;
  }
}

/* Portable kernel: for each row of C, 64 columns at a time in local
 * accumulators, k ascending. */
static void gemm_portable(const float *A, const float *B, const float *Cin, float *Cout, int64_t M,
                          int64_t N, int64_t K) {
  for (int64_t i = 0; i < M; i++) {
    const float *arow = A + i * K;
    for (int64_t j0 = 0; j0 < N; j0 += 64) {
      int64_t jn = N - j0 < 64 ? N - j0 : 64;
      float acc[64];
      for (int64_t j = 0; j < jn; j++) acc[j] = Cin[i * N + j0 + j];
      for (int64_t k = 0; k < K; k++) {
        float a = arow[k];
        const float *brow = B + k * N + j0;
        for (int64_t j = 0; j < jn; j++) acc[j] = fmaf(a, brow[j], acc[j]);
      }
      for (int64_t j = 0; j < jn; j++) Cout[i * N + j0 + j] = acc[j];
    }
  }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define HAVE_GEMM_AVX2 1

/* The micro-kernel: rows [0, MR) and columns [0, 8*NV) of C, kc k steps.
 * A: row stride lda, B: row stride ldb, C (in and out): row stride ldc.
 * MR and NV are compile-time constants at every call (always inlined), so
 * the accumulators live in registers. */
#define GEMM_UNROLL _Pragma("GCC unroll 8")
#define GEMM_UKR(MR, NV)                                                               \
  __attribute__((target("avx2,fma"))) static void ukr_##MR##x##NV(                     \
      const float *A, int64_t lda, const float *B, int64_t ldb, const float *Ci,        \
      float *Co, int64_t ldc, int64_t kc) {                                            \
    __m256 c[MR][NV];                                                                  \
    GEMM_UNROLL for (int r = 0; r < MR; r++)                                           \
      GEMM_UNROLL for (int v = 0; v < NV; v++)                                         \
        c[r][v] = _mm256_loadu_ps(Ci + r * ldc + 8 * v);                               \
    for (int64_t k = 0; k < kc; k++) {                                                 \
      __m256 b[NV];                                                                    \
      GEMM_UNROLL for (int v = 0; v < NV; v++) b[v] = _mm256_loadu_ps(B + k * ldb + 8 * v); \
      GEMM_UNROLL for (int r = 0; r < MR; r++) {                                       \
        __m256 a = _mm256_broadcast_ss(A + r * lda + k);                               \
        GEMM_UNROLL for (int v = 0; v < NV; v++) c[r][v] = _mm256_fmadd_ps(a, b[v], c[r][v]); \
      }                                                                                \
    }                                                                                  \
    GEMM_UNROLL for (int r = 0; r < MR; r++)                                           \
      GEMM_UNROLL for (int v = 0; v < NV; v++)                                         \
        _mm256_storeu_ps(Co + r * ldc + 8 * v, c[r][v]);                               \
  }
GEMM_UKR(6, 2)
GEMM_UKR(5, 2)
GEMM_UKR(4, 2)
GEMM_UKR(3, 2)
GEMM_UKR(2, 2)
GEMM_UKR(1, 2)
GEMM_UKR(6, 1)
GEMM_UKR(5, 1)
GEMM_UKR(4, 1)
GEMM_UKR(3, 1)
GEMM_UKR(2, 1)
GEMM_UKR(1, 1)

typedef void (*UkrFn)(const float *, int64_t, const float *, int64_t, const float *, float *,
                      int64_t, int64_t);
/* [NV - 1][MR - 1] */
static const UkrFn ukr_table[2][6] = {
    {ukr_1x1, ukr_2x1, ukr_3x1, ukr_4x1, ukr_5x1, ukr_6x1},
    {ukr_1x2, ukr_2x2, ukr_3x2, ukr_4x2, ukr_5x2, ukr_6x2},
};

/* The rows of the next strip when `left` rows of the band remain: 6, except
 * that 7 to 9 rows go as 4 + 3..5 rather than 6 + 1..3 (a strip of one to
 * three rows has too few accumulators to hide the FMA latency). */
static inline int64_t strip_rows(int64_t left) {
  if (left <= 6) return left;
  return left < 10 ? 4 : 6;
}

/* One pass: k steps [k0, k0 + kc) for all of C, reading the running sums
 * from Ci (Cin on the first pass, Cout after) and writing them to Cout. */
__attribute__((target("avx2,fma"))) static void gemm_pass_avx2(const float *A, const float *B,
                                                               const float *Ci, float *Co,
                                                               int64_t M, int64_t N, int64_t K,
                                                               int64_t k0, int64_t kc,
                                                               int64_t pf_per_call) {
  int64_t n16 = N / 16 * 16, n8 = N / 8 * 8;
  for (int64_t i0 = 0; i0 < M; i0 += GEMM_MC) {
    int64_t mc = M - i0 < GEMM_MC ? M - i0 : GEMM_MC;
    for (int64_t j = 0; j < n8; j += 16) {
      int nv = j < n16 ? 2 : 1;
      for (int64_t i = i0, mr; i < i0 + mc; i += mr) {
        mr = strip_rows(i0 + mc - i);
        if (pf.nq) pf_issue(pf_per_call);
        ukr_table[nv - 1][mr - 1](A + i * K + k0, K, B + k0 * N + j, N, Ci + i * N + j,
                                  Co + i * N + j, N, kc);
      }
    }
    /* columns past the last multiple of 8: scalar FMAs, same chains */
    for (int64_t i = i0; i < i0 + mc; i++)
      for (int64_t j = n8; j < N; j++) {
        float acc = Ci[i * N + j];
        for (int64_t k = k0; k < k0 + kc; k++) acc = fmaf(A[i * K + k], B[k * N + j], acc);
        Co[i * N + j] = acc;
      }
  }
}
#endif

void in_gemm_f32(const float *A, const float *B, const float *Cin, float *Cout, int64_t M,
                 int64_t N, int64_t K) {
#ifdef HAVE_GEMM_AVX2
  if (!force_portable && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    if (K == 0) {
      for (int64_t i = 0; i < M * N && Cin != Cout; i++) Cout[i] = Cin[i];
      return;
    }
    /* the queued prefetches spread over the micro-kernel calls of the
     * first pass (about (M / 6) * (N / 16) of them) */
    int64_t calls = ((M + 5) / 6) * ((N / 8 + 1) / 2), per_call = 0;
    if (pf.nq && calls > 0) per_call = (in_gemm_pending_lines() + calls - 1) / calls;
    for (int64_t k0 = 0; k0 < K; k0 += GEMM_KC) {
      int64_t kc = K - k0 < GEMM_KC ? K - k0 : GEMM_KC;
      gemm_pass_avx2(A, B, k0 == 0 ? Cin : Cout, Cout, M, N, K, k0, kc, per_call);
    }
    pf_issue(INT64_MAX); /* what the passes did not issue (N < 8) */
    return;
  }
#endif
  pf_issue(INT64_MAX);
  gemm_portable(A, B, Cin, Cout, M, N, K);
}
