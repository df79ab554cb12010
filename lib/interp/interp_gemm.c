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
 * rows go as 20 strips of 6 and two of 4) or one vector; columns past the
 * last multiple of 8 use scalar FMAs.  The AVX-512 micro-kernel keeps a 6x64
 * block of C in 24 zmm registers (four vectors of B, six broadcasts of A,
 * 24 FMAs per k step); its last vector of a row is masked, so no column
 * needs a scalar FMA.  Operand tiles are small (the interpreter's tiles are
 * the program's tiles, typically 64x32 and 32x64), so B is read in place
 * rather than packed: a panel of GEMM_KC rows stays in L1.  Fused k loops
 * (in_gemm_f32_tiles: a whole cuda_tile.for of load, load, mmaf) use the
 * same micro-kernels over packed B panels and A read in place where it can
 * be, and keep packed operands for the next loop where that is exact (see
 * gemm_tiles).
 *
 * The AVX2 and AVX-512 kernels are compiled with target attributes and
 * chosen at run time (__builtin_cpu_supports; AVX-512 needs F, BW and VL;
 * CTILE_GEMM=avx2 or CTILE_GEMM=portable in the environment caps the
 * choice); elsewhere a portable kernel computes the same chains with
 * fmaf. */
#include "interp/interp_gemm.h"

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "support/support.h"

#define GEMM_KC 256 /* k steps per pass over C */
#define GEMM_MC 144 /* rows of A per band (144 x 256 floats: 144 KiB, in L2) */
#define GEMM_TILES_KC 128 /* k steps per chunk of a fused k loop */
#define GEMM_ZMR 6 /* rows of C per AVX-512 micro-kernel call */
#define GEMM_ZPW 64 /* columns of C per AVX-512 micro-kernel call (four zmm) */

static bool force_portable, deny_avx512;
static int64_t inplace_chunks; /* fused chunks whose A was read in place (test hook) */
static int64_t keep_hits_total; /* kept packed operands reused, all threads (test hook) */

void in_gemm_force_portable(bool portable) { force_portable = portable; }
void in_gemm_allow_avx512(bool allow) { deny_avx512 = !allow; }

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
    _Pragma("GCC unroll 4") for (int64_t k = 0; k < kc; k++) {                         \
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

/* The same micro-kernel over packed operands (fused k loops): B's rows are
 * the 8 * NV floats of a packed panel, one after another, and A's MR rows
 * are addressed through one pointer each, so that every load in the k loop
 * is a base register plus k (no address arithmetic per step, no spill). */
#define GEMM_UKP(MR, NV)                                                               \
  __attribute__((target("avx2,fma"))) static void ukp_##MR##x##NV(                     \
      const float *A, int64_t lda, const float *B, const float *Ci, float *Co,          \
      int64_t ldc, int64_t kc) {                                                       \
    __m256 c[MR][NV];                                                                  \
    const float *ar[MR];                                                               \
    GEMM_UNROLL for (int r = 0; r < MR; r++) {                                         \
      ar[r] = A + r * lda;                                                             \
      __asm__("" : "+r"(ar[r])); /* one register per row: not re-derived per step */   \
    }                                                                                  \
    GEMM_UNROLL for (int r = 0; r < MR; r++)                                           \
      GEMM_UNROLL for (int v = 0; v < NV; v++)                                         \
        c[r][v] = _mm256_loadu_ps(Ci + r * ldc + 8 * v);                               \
    _Pragma("GCC unroll 4") for (int64_t k = 0; k < kc; k++) {                         \
      __m256 b[NV];                                                                    \
      GEMM_UNROLL for (int v = 0; v < NV; v++) b[v] = _mm256_loadu_ps(B + k * 8 * NV + 8 * v); \
      GEMM_UNROLL for (int r = 0; r < MR; r++) {                                       \
        __m256 a = _mm256_broadcast_ss(ar[r] + k);                                     \
        GEMM_UNROLL for (int v = 0; v < NV; v++) c[r][v] = _mm256_fmadd_ps(a, b[v], c[r][v]); \
      }                                                                                \
    }                                                                                  \
    GEMM_UNROLL for (int r = 0; r < MR; r++)                                           \
      GEMM_UNROLL for (int v = 0; v < NV; v++)                                         \
        _mm256_storeu_ps(Co + r * ldc + 8 * v, c[r][v]);                               \
  }
GEMM_UKP(6, 2)
GEMM_UKP(5, 2)
GEMM_UKP(4, 2)
GEMM_UKP(3, 2)
GEMM_UKP(2, 2)
GEMM_UKP(1, 2)
GEMM_UKP(6, 1)
GEMM_UKP(5, 1)
GEMM_UKP(4, 1)
GEMM_UKP(3, 1)
GEMM_UKP(2, 1)
GEMM_UKP(1, 1)

typedef void (*UkpFn)(const float *, int64_t, const float *, const float *, float *, int64_t,
                      int64_t);
/* [NV - 1][MR - 1] */
static const UkpFn ukp_table[2][6] = {
    {ukp_1x1, ukp_2x1, ukp_3x1, ukp_4x1, ukp_5x1, ukp_6x1},
    {ukp_1x2, ukp_2x2, ukp_3x2, ukp_4x2, ukp_5x2, ukp_6x2},
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

/* ------------------------------------------------------------------------ */
/* Fused k loops: the operand tiles packed straight from memory              */
/* ------------------------------------------------------------------------ */

/* 8 elements of a tile row as floats: f32 loaded, or bf16 widened
 * (bits << 16) with any NaN among them flagged in *nan (the caller redoes
 * NaNs with the load's decoding). */
__attribute__((target("avx2"))) static inline __m256 ld8(const void *p, int64_t j, bool bf16,
                                                        __m128i *nan) {
  if (!bf16) return _mm256_loadu_ps((const float *)p + j);
  __m128i h = _mm_loadu_si128((const __m128i *)((const uint16_t *)p + j));
  *nan = _mm_or_si128(*nan, _mm_cmpgt_epi16(_mm_and_si128(h, _mm_set1_epi16(0x7FFF)),
                                             _mm_set1_epi16(0x7F80)));
  return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
}

/* One element of a tile row as a float (scalar ld8; *nan set on a NaN). */
static inline float ld1(const void *p, int64_t j, bool bf16, bool *nan) {
  if (!bf16) return ((const float *)p)[j];
  uint16_t h = ((const uint16_t *)p)[j];
  uint32_t u = (uint32_t)h << 16;
  float f;
  memcpy(&f, &u, 4);
  *nan |= (h & 0x7FFFu) > 0x7F80u;
  return f;
}

/* Tile t of op (rows x cols): element (r, c)'s address and value. */
static inline const void *tile_rowp(const InGemmOperand *op, int64_t t, int64_t r) {
  return (const char *)op->tiles[t] + r * op->ld * (op->bf16 ? 2 : 4);
}

/* The width in floats of the panel of columns [j0, j0 + GEMM_ZPW): the
 * columns it holds rounded up to whole vectors. */
static inline int64_t panel_w_z(int64_t N, int64_t j0) {
  int64_t n = N - j0 < GEMM_ZPW ? N - j0 : GEMM_ZPW;
  return (n + 15) & ~(int64_t)15;
}

/* Where column j of packed B's row k lies (AVX-512 panels, see gemm_tiles). */
static inline int64_t bpz_at(int64_t kc, int64_t N, int64_t k, int64_t j) {
  int64_t j0 = j / GEMM_ZPW * GEMM_ZPW;
  return j0 * kc + k * panel_w_z(N, j0) + (j - j0);
}

/* Where column j of packed B's row k lies (AVX2 panels, see gemm_tiles). */
static inline int64_t bp_at(int64_t kc, int64_t n16, int64_t n8, int64_t N, int64_t k,
                            int64_t j) {
  if (j < n16) return (j & ~(int64_t)15) * kc + k * 16 + (j & 15);
  if (j < n8) return n16 * kc + k * 8 + (j - n16);
  return n8 * kc + k * (N - n8) + (j - n8);
}

/* The bf16 NaNs of tile t of A, packed as rows of Ap from column k0 (row
 * stride kc), given the load's decoding (the packers widen them bit for
 * bit). */
static void redo_nan_a(float *Ap, int64_t kc, int64_t k0, const InGemmOperand *A, int64_t t,
                       int64_t M, int64_t Kt, float (*nan_bf16)(uint16_t)) {
  for (int64_t i = 0; i < M; i++) {
    const uint16_t *src = tile_rowp(A, t, i);
    for (int64_t j = 0; j < Kt; j++)
      if ((src[j] & 0x7FFFu) > 0x7F80u) Ap[i * kc + k0 + j] = nan_bf16(src[j]);
  }
}

/* The same for tile t of B, packed as rows k0.. of the AVX-512 panels
 * (`z`) or the AVX2 ones. */
static void redo_nan_b(float *Bp, int64_t kc, int64_t k0, const InGemmOperand *B, int64_t t,
                       int64_t N, int64_t Kt, float (*nan_bf16)(uint16_t), bool z) {
  int64_t n16 = N / 16 * 16, n8 = N / 8 * 8;
  for (int64_t k = 0; k < Kt; k++) {
    const uint16_t *src = tile_rowp(B, t, k);
    for (int64_t j = 0; j < N; j++)
      if ((src[j] & 0x7FFFu) > 0x7F80u)
        Bp[z ? bpz_at(kc, N, k0 + k, j) : bp_at(kc, n16, n8, N, k0 + k, j)] = nan_bf16(src[j]);
  }
}

/* Packs tile t of A (M x Kt) into rows of Ap (row stride kc, from column
 * k0).  bf16 NaNs: redone by nan_bf16 after the tile. */
__attribute__((target("avx2"))) static void pack_a(float *restrict Ap, int64_t kc, int64_t k0,
                                                   const InGemmOperand *A, int64_t t, int64_t M,
                                                   int64_t Kt, float (*nan_bf16)(uint16_t)) {
  bool bf = A->bf16, nan1 = false;
  __m128i nan = _mm_setzero_si128();
  for (int64_t i = 0; i < M; i++) {
    const void *src = tile_rowp(A, t, i);
    float *d = Ap + i * kc + k0;
    int64_t j = 0;
    for (; j + 8 <= Kt; j += 8) _mm256_storeu_ps(d + j, ld8(src, j, bf, &nan));
    for (; j < Kt; j++) d[j] = ld1(src, j, bf, &nan1);
  }
  if (nan1 || _mm_movemask_epi8(nan)) redo_nan_a(Ap, kc, k0, A, t, M, Kt, nan_bf16);
}

/* Packs tile t of B (Kt x N) into its panels of Bp, as rows k0.. . */
__attribute__((target("avx2"))) static void pack_b(float *restrict Bp, int64_t kc, int64_t k0,
                                                   const InGemmOperand *B, int64_t t, int64_t N,
                                                   int64_t Kt, float (*nan_bf16)(uint16_t)) {
  bool bf = B->bf16, nan1 = false;
  __m128i nan = _mm_setzero_si128();
  int64_t n16 = N / 16 * 16, n8 = N / 8 * 8;
  for (int64_t k = 0; k < Kt; k++) {
    const void *src = tile_rowp(B, t, k);
    float *d = Bp + (k0 + k) * 16;
    int64_t j = 0;
    for (; j < n16; j += 16, d += 16 * kc) {
      _mm256_storeu_ps(d, ld8(src, j, bf, &nan));
      _mm256_storeu_ps(d + 8, ld8(src, j + 8, bf, &nan));
    }
    if (j < n8) _mm256_storeu_ps(Bp + n16 * kc + (k0 + k) * 8, ld8(src, j, bf, &nan));
    for (j = n8; j < N; j++) Bp[bp_at(kc, n16, n8, N, k0 + k, j)] = ld1(src, j, bf, &nan1);
  }
  if (nan1 || _mm_movemask_epi8(nan)) redo_nan_b(Bp, kc, k0, B, t, N, Kt, nan_bf16, false);
}

/* A walk over the rows of the tiles [t0, t_end) of A, then of B, a
 * row at a time, each tile's address moved by shift[operand] bytes: the
 * next chunk's tiles (shift 0), or during the last chunk the first chunk's
 * tiles of the next call as predicted (see gemm_tiles), are prefetched
 * (into L2, as pf_issue) a few rows per micro-kernel call of the current
 * chunk. */
typedef struct {
  const InGemmOperand *op[2];
  int64_t rows[2], row_bytes[2];
  int64_t t0, t_end, t, r;
  int w; /* 0: A, 1: B, 2: done */
  uintptr_t shift[2];
} TilePf;

static void tpf_start(TilePf *p, int64_t t0, int64_t t_end) {
  p->t0 = p->t = t0, p->t_end = t_end, p->r = 0;
  p->w = t0 < t_end ? 0 : 2;
}

/* Prefetches whole rows until at least `lines` lines are issued. */
static void tpf_issue(TilePf *p, int64_t lines) {
  while (lines > 0 && p->w < 2) {
    const InGemmOperand *op = p->op[p->w];
    int64_t rb = p->row_bytes[p->w], stride = op->ld * (op->bf16 ? 2 : 4), rows = p->rows[p->w];
    /* as integers: a predicted tile may lie outside every object (a
     * prefetch of it is harmless) */
    const char *rowp =
        (const char *)((uintptr_t)op->tiles[p->t] + p->shift[p->w] + (uintptr_t)(p->r * stride));
    int64_t r = p->r;
    for (; r < rows && lines > 0; r++, rowp += stride)
      for (int64_t c = 0; c < rb; c += PF_LINE, lines--) __builtin_prefetch(rowp + c, 0, 2);
    p->r = r;
    if (r < rows) break;
    p->r = 0;
    if (++p->t < p->t_end) continue;
    p->t = p->t0;
    p->w++;
  }
}

/* Per thread: the first A and B tiles of the last fused call (0: none). */
static _Thread_local struct {
  uintptr_t a0, b0;
} nextp;

/* The per-thread packing buffer (in_gemm_drain frees it): `cap` floats
 * from `p`, which is 64-byte aligned so that a packed panel's rows start on
 * cache lines (raw: what malloc gave). */
static _Thread_local struct {
  void *raw;
  float *p;
  size_t cap; /* floats */
} kbuf;

static float *kbuf_get(size_t n) {
  if (n > kbuf.cap) {
    free(kbuf.raw);
    kbuf.raw = xmalloc(n * sizeof(float) + 64);
    kbuf.p = (float *)(((uintptr_t)kbuf.raw + 63) & ~(uintptr_t)63);
    kbuf.cap = n;
  }
  return kbuf.p;
}

/* n rounded up to a whole number of cache lines of floats. */
static inline int64_t line_floats(int64_t n) { return (n + 15) & ~(int64_t)15; }

/* The fused GEMM (see in_gemm_f32_tiles).  The k steps go in chunks of g
 * tiles (about GEMM_TILES_KC k values).  Per chunk, A is read in place when
 * its tiles are f32 and lie side by side along k (as a view's tiles along a
 * row do: the chunk's rows are then kc consecutive floats, lda apart), and
 * packed row-major otherwise (Ap: M rows of kc).  B is always packed,
 * column-panel-major (Bp: the panel of columns [j0, j0 + w) holds kc rows
 * of w floats at Bp + j0 * kc, w = 16, or 8 for the last vector panel; the
 * columns past the last multiple of 8 follow as kc rows of N - n8): its
 * tile rows lie a row stride apart, and a panel read in place would put
 * every k step in the same few cache sets.  A micro-kernel call streams its
 * B panel from consecutive lines and reads its A strip row by row; each
 * call spans the chunk's whole k range, its C block loaded and stored once
 * per chunk.  Why these choices (1024^3 with 64x64 C tiles and 32-step k
 * tiles, bench_gemm.sh, on a 2-core AMD EPYC VM): reading A in place saves
 * the copy of the 64 x 1024 A panel every program made (f32: about a fifth
 * more GFLOP per CPU-second, the largest single gain); 128-step chunks
 * rather than 256 keep a chunk's B rows, which share few cache sets, from
 * evicting each other before they are packed (bf16 gained most).  Packing
 * B a panel at a time, or the next chunk a few rows per call with a short
 * prefetch distance, measured slower; a kernel that widened bf16 A in
 * place measured no faster (its NaN check costs what the packing did);
 * prefetching the next chunk's tiles (tpf) is worth about a third of the
 * bf16 rate. */
/* One chunk's micro-kernel calls with the AVX2 kernels: C's columns in the
 * 16- and 8-wide panels of Bp (see gemm_tiles), 6-row strips of Ak, then
 * the columns past the last multiple of 8 with scalar FMAs. */
__attribute__((target("avx2,fma"))) static void panels_avx2(const float *Ak, int64_t lda,
                                                            const float *Bp, const float *Ci,
                                                            float *Co, int64_t M, int64_t N,
                                                            int64_t kc, TilePf *tpf,
                                                            int64_t per_call) {
  int64_t n16 = N / 16 * 16, n8 = N / 8 * 8, nx = N - n8;
  for (int64_t j = 0; j < n8; j += 16) {
    int nv = j < n16 ? 2 : 1;
    for (int64_t i = 0, mr; i < M; i += mr) {
      mr = strip_rows(M - i);
      tpf_issue(tpf, per_call);
      ukp_table[nv - 1][mr - 1](Ak + i * lda, lda, Bp + j * kc, Ci + i * N + j, Co + i * N + j, N,
                                kc);
    }
  }
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < nx; j++) {
      float acc = Ci[i * N + n8 + j];
      for (int64_t k = 0; k < kc; k++) acc = fmaf(Ak[i * lda + k], Bp[n8 * kc + k * nx + j], acc);
      Co[i * N + n8 + j] = acc;
    }
}

/* ------------------------------------------------------------------------ */
/* AVX-512 kernels                                                           */
/* ------------------------------------------------------------------------ */

/* The AVX-512 micro-kernel: rows [0, MR) of C and the columns of NV zmm
 * vectors, the last vector's lanes limited to the mask m; kc k steps.  A:
 * MR rows lda apart; B: kc rows ldb apart, either a packed panel (ldb = 16
 * * NV, padded with zeros) or the matrix itself, its last vector loaded
 * under m (so never read past the end of a row); C (in and out): row
 * stride ldc.  A lane of C is the same chain of fmas as the AVX2 and
 * portable kernels compute.  Each of the MR rows of A gets one register
 * (not re-derived per step); per k step, NV loads of B, MR broadcasts of A
 * and MR * NV FMAs.  Each shape comes twice: ukz_MRxNV masks the last
 * vector's loads and stores, ukzf_MRxNV (for m all ones) does not (masked
 * loads in the k loop measured 2-3% slower on Emerald Rapids). */
#define GEMM_ZLD(FULL, m, p) ((FULL) ? _mm512_loadu_ps(p) : _mm512_maskz_loadu_ps(m, p))
#define GEMM_UKZ_(NAME, MR, NV, FULL)                                                  \
  __attribute__((target("avx512f"))) static void NAME##MR##x##NV(                      \
      const float *A, int64_t lda, const float *B, int64_t ldb, const float *Ci,        \
      float *Co, int64_t ldc, int64_t kc, __mmask16 m) {                               \
    __m512 c[MR][NV];                                                                  \
    const float *ar[MR];                                                               \
    GEMM_UNROLL for (int r = 0; r < MR; r++) {                                         \
      ar[r] = A + r * lda;                                                             \
      __asm__("" : "+r"(ar[r]));                                                       \
    }                                                                                  \
    GEMM_UNROLL for (int r = 0; r < MR; r++) {                                         \
      GEMM_UNROLL for (int v = 0; v + 1 < NV; v++)                                     \
        c[r][v] = _mm512_loadu_ps(Ci + r * ldc + 16 * v);                              \
      c[r][NV - 1] = GEMM_ZLD(FULL, m, Ci + r * ldc + 16 * (NV - 1));                  \
    }                                                                                  \
    _Pragma("GCC unroll 4") for (int64_t k = 0; k < kc; k++, B += ldb) {               \
      __m512 b[NV];                                                                    \
      GEMM_UNROLL for (int v = 0; v + 1 < NV; v++) b[v] = _mm512_loadu_ps(B + 16 * v); \
      b[NV - 1] = GEMM_ZLD(FULL, m, B + 16 * (NV - 1));                                \
      GEMM_UNROLL for (int r = 0; r < MR; r++) {                                       \
        __m512 a = _mm512_set1_ps(ar[r][k]);                                           \
        GEMM_UNROLL for (int v = 0; v < NV; v++) c[r][v] = _mm512_fmadd_ps(a, b[v], c[r][v]); \
      }                                                                                \
    }                                                                                  \
    GEMM_UNROLL for (int r = 0; r < MR; r++) {                                         \
      GEMM_UNROLL for (int v = 0; v + 1 < NV; v++)                                     \
        _mm512_storeu_ps(Co + r * ldc + 16 * v, c[r][v]);                              \
      if (FULL) _mm512_storeu_ps(Co + r * ldc + 16 * (NV - 1), c[r][NV - 1]);          \
      else _mm512_mask_storeu_ps(Co + r * ldc + 16 * (NV - 1), m, c[r][NV - 1]);       \
    }                                                                                  \
  }
#define GEMM_UKZ(MR, NV) GEMM_UKZ_(ukz_, MR, NV, 0) GEMM_UKZ_(ukzf_, MR, NV, 1)
GEMM_UKZ(6, 4)
GEMM_UKZ(5, 4)
GEMM_UKZ(4, 4)
GEMM_UKZ(3, 4)
GEMM_UKZ(2, 4)
GEMM_UKZ(1, 4)
GEMM_UKZ(6, 3)
GEMM_UKZ(5, 3)
GEMM_UKZ(4, 3)
GEMM_UKZ(3, 3)
GEMM_UKZ(2, 3)
GEMM_UKZ(1, 3)
GEMM_UKZ(6, 2)
GEMM_UKZ(5, 2)
GEMM_UKZ(4, 2)
GEMM_UKZ(3, 2)
GEMM_UKZ(2, 2)
GEMM_UKZ(1, 2)
GEMM_UKZ(6, 1)
GEMM_UKZ(5, 1)
GEMM_UKZ(4, 1)
GEMM_UKZ(3, 1)
GEMM_UKZ(2, 1)
GEMM_UKZ(1, 1)

typedef void (*UkzFn)(const float *, int64_t, const float *, int64_t, const float *, float *,
                      int64_t, int64_t, __mmask16);
/* [m all ones][NV - 1][MR - 1] */
#define GEMM_UKZ_ROWS(P, NV) {P##1x##NV, P##2x##NV, P##3x##NV, P##4x##NV, P##5x##NV, P##6x##NV}
static const UkzFn ukz_table[2][4][GEMM_ZMR] = {
    {GEMM_UKZ_ROWS(ukz_, 1), GEMM_UKZ_ROWS(ukz_, 2), GEMM_UKZ_ROWS(ukz_, 3),
     GEMM_UKZ_ROWS(ukz_, 4)},
    {GEMM_UKZ_ROWS(ukzf_, 1), GEMM_UKZ_ROWS(ukzf_, 2), GEMM_UKZ_ROWS(ukzf_, 3),
     GEMM_UKZ_ROWS(ukzf_, 4)},
};

/* The rows of the next AVX-512 strip when `left` rows remain: 6, except
 * that 7 to 12 rows go as two near-equal strips (10 as 5 + 5, not 6 + 4). */
static inline int64_t strip_rows_z(int64_t left) {
  if (left <= GEMM_ZMR) return left;
  return left <= 2 * GEMM_ZMR ? (left + 1) / 2 : GEMM_ZMR;
}

/* The lanes of a vector of C whose first column has n (>= 1) columns of
 * the row from it on. */
static inline __mmask16 lanes_z(int64_t n) {
  return n >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << n) - 1);
}

/* The kernels for the panel of columns [j0, j0 + GEMM_ZPW) of an N-column
 * C, indexed by the strip's rows - 1; *m: the lanes of its last vector
 * (all ones picks the unmasked kernels). */
static inline const UkzFn *ukz_panel(int64_t N, int64_t j0, __mmask16 *m) {
  int nv = (int)(panel_w_z(N, j0) / 16);
  *m = lanes_z(N - j0 - 16 * (nv - 1));
  return ukz_table[*m == 0xFFFF][nv - 1];
}

/* One pass of in_gemm_f32 with the AVX-512 kernels (as gemm_pass_avx2, B
 * read in place, GEMM_ZPW columns per call, the last call's masked). */
__attribute__((target("avx512f"))) static void gemm_pass_z(const float *A, const float *B,
                                                          const float *Ci, float *Co, int64_t M,
                                                          int64_t N, int64_t K, int64_t k0,
                                                          int64_t kc, int64_t pf_per_call) {
  for (int64_t i0 = 0; i0 < M; i0 += GEMM_MC) {
    int64_t mc = M - i0 < GEMM_MC ? M - i0 : GEMM_MC;
    for (int64_t j0 = 0; j0 < N; j0 += GEMM_ZPW) {
      __mmask16 m;
      const UkzFn *uk = ukz_panel(N, j0, &m);
      for (int64_t i = i0, mr; i < i0 + mc; i += mr) {
        mr = strip_rows_z(i0 + mc - i);
        if (pf.nq) pf_issue(pf_per_call);
        uk[mr - 1](A + i * K + k0, K, B + k0 * N + j0, N, Ci + i * N + j0, Co + i * N + j0, N,
                   kc, m);
      }
    }
  }
}

/* 16 elements of a tile row from column j as floats, lanes outside m zero:
 * f32 loaded, or bf16 widened (bits << 16) with the lanes holding a NaN
 * added to *nan (the caller redoes NaNs with the load's decoding). */
__attribute__((target("avx512f,avx512bw,avx512vl"))) static inline __m512
ld16z(const void *p, int64_t j, __mmask16 m, bool bf16, __mmask16 *nan) {
  if (!bf16) return _mm512_maskz_loadu_ps(m, (const float *)p + j);
  __m256i h = _mm256_maskz_loadu_epi16(m, (const uint16_t *)p + j);
  __m512i w = _mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16);
  *nan |= _mm512_cmpgt_epu32_mask(_mm512_and_si512(w, _mm512_set1_epi32(0x7FFFFFFF)),
                                  _mm512_set1_epi32(0x7F800000));
  return _mm512_castsi512_ps(w);
}

/* Packs tile t of A (M x Kt) into rows of Ap (as pack_a, 16 at a time). */
__attribute__((target("avx512f,avx512bw,avx512vl"))) static void pack_a_z(
    float *restrict Ap, int64_t kc, int64_t k0, const InGemmOperand *A, int64_t t, int64_t M,
    int64_t Kt, float (*nan_bf16)(uint16_t)) {
  bool bf = A->bf16;
  __mmask16 nan = 0;
  for (int64_t i = 0; i < M; i++) {
    const void *src = tile_rowp(A, t, i);
    float *d = Ap + i * kc + k0;
    for (int64_t j = 0; j < Kt; j += 16) {
      __mmask16 m = lanes_z(Kt - j);
      _mm512_mask_storeu_ps(d + j, m, ld16z(src, j, m, bf, &nan));
    }
  }
  if (nan) redo_nan_a(Ap, kc, k0, A, t, M, Kt, nan_bf16);
}

/* Packs tile t of B (Kt x N) into its AVX-512 panels of Bp, as rows k0.. . */
__attribute__((target("avx512f,avx512bw,avx512vl"))) static void pack_b_z(
    float *restrict Bp, int64_t kc, int64_t k0, const InGemmOperand *B, int64_t t, int64_t N,
    int64_t Kt, float (*nan_bf16)(uint16_t)) {
  bool bf = B->bf16;
  __mmask16 nan = 0;
  int64_t nfull = N / GEMM_ZPW * GEMM_ZPW;
  for (int64_t k = 0; k < Kt; k++) {
    const void *src = tile_rowp(B, t, k);
    float *d = Bp + (k0 + k) * GEMM_ZPW;
    int64_t j = 0;
    for (; j < nfull; j += GEMM_ZPW, d += GEMM_ZPW * kc)
      for (int v = 0; v < GEMM_ZPW; v += 16)
        _mm512_storeu_ps(d + v, ld16z(src, j + v, 0xFFFF, bf, &nan));
    if (j < N) {
      int64_t w = panel_w_z(N, j);
      d = Bp + j * kc + (k0 + k) * w;
      for (int64_t v = 0; v < w; v += 16)
        _mm512_storeu_ps(d + v, ld16z(src, j + v, lanes_z(N - j - v), bf, &nan));
    }
  }
  if (nan) redo_nan_b(Bp, kc, k0, B, t, N, Kt, nan_bf16, true);
}

/* One chunk's micro-kernel calls with the AVX-512 kernels: the panels of
 * Bp (the last one's columns masked), 6-row strips of Ak. */
__attribute__((target("avx512f"))) static void panels_z(const float *Ak, int64_t lda,
                                                       const float *Bp, const float *Ci,
                                                       float *Co, int64_t M, int64_t N,
                                                       int64_t kc, TilePf *tpf,
                                                       int64_t per_call) {
  for (int64_t j0 = 0; j0 < N; j0 += GEMM_ZPW) {
    int64_t w = panel_w_z(N, j0);
    __mmask16 m;
    const UkzFn *uk = ukz_panel(N, j0, &m);
    for (int64_t i = 0, mr; i < M; i += mr) {
      mr = strip_rows_z(M - i);
      tpf_issue(tpf, per_call);
      uk[mr - 1](Ak + i * lda, lda, Bp + j0 * kc, w, Ci + i * N + j0, Co + i * N + j0, N, kc, m);
    }
  }
}

/* ---- packed operands kept across calls -------------------------------------
 * A fused k loop packs all of its B tiles (and its A tiles unless they are
 * read in place) every time it runs, and the programs of a grid read the
 * same operand tiles again and again: with 64x64 C tiles of a 1024^3 GEMM,
 * each of B's 16 column panels is packed by 16 programs, each A row panel
 * by the 16 programs of its grid row, one after another.  So packed B
 * operands are kept for the run in a table all its threads share
 * (InGemmShared: up to GEMM_KEEP_BYTES, the least recently used unused one
 * dropped first), and each thread keeps its last packed A operand; a call
 * whose operand has the same tiles, layout and kernels reuses the packed
 * form instead of packing.  That is exact only while the memory under the
 * tiles is unchanged: an operand is kept only when one registered region
 * holds all its tiles and no store of the run has entered that region yet
 * (its written flag, MemRegion), and a kept form is used only while the
 * flag is still 0.  (A store that races with the k loop in another program
 * of the same run is a race in the program: either order is a valid run.)
 * When the operands do not fit (a grid row steps through more B panels
 * than the cap holds) lookups keep missing; after GEMM_KEEP_TRIES
 * insertions with under a quarter of lookups hitting, the run stops
 * keeping B.  The table goes with the run (in_gemm_shared_free), a
 * thread's A with in_gemm_drain. */
#define GEMM_KEEP_BYTES ((size_t)16 << 20) /* per run, B operands */
#define GEMM_KEEP_SLOTS 64
#define GEMM_KEEP_TRIES 24

/* A packed operand and what it was packed from. */
typedef struct {
  const void **tiles;   /* nt tile addresses (owned); NULL: slot free */
  const int *written;   /* the region's flag */
  int64_t nt, ld, rows, cols; /* tiles, row stride, tile shape */
  bool bf16, z;
  bool ready;           /* packed (shared slots: readable by every thread) */
  int users;            /* shared slots: calls reading or packing it */
  float *data;          /* the packed chunks, one after another */
  size_t floats;
  uint64_t used;        /* LRU stamp */
} Kept;

struct InGemmShared {
  pthread_mutex_t mu;
  Kept b[GEMM_KEEP_SLOTS];
  size_t bytes;
  uint64_t clock;
  int64_t inserts, lookups, hits;
  bool off;
};

InGemmShared *in_gemm_shared_new(void) {
  InGemmShared *sh = xcalloc(1, sizeof *sh);
  pthread_mutex_init(&sh->mu, NULL);
  return sh;
}

static void kept_free(Kept *k) {
  free(k->tiles);
  free(k->data);
  memset(k, 0, sizeof *k);
}

void in_gemm_shared_free(InGemmShared *sh) {
  if (!sh) return;
  for (int i = 0; i < GEMM_KEEP_SLOTS; i++) kept_free(&sh->b[i]);
  pthread_mutex_destroy(&sh->mu);
  free(sh);
}

/* The calling thread's last packed A operand. */
static _Thread_local Kept keep_a;

static bool kept_match(const Kept *k, const InGemmOperand *op, int64_t nt, int64_t rows,
                       int64_t cols, bool z) {
  return k->tiles && k->written == op->written && k->nt == nt && k->ld == op->ld &&
         k->rows == rows && k->cols == cols && k->bf16 == op->bf16 && k->z == z &&
         memcmp(k->tiles, op->tiles, (size_t)nt * sizeof(void *)) == 0;
}

/* Fills in what slot k was packed from (its data just packed or about to be). */
static void kept_set_key(Kept *k, const InGemmOperand *op, int64_t nt, int64_t rows,
                         int64_t cols, bool z) {
  k->tiles = xmalloc((size_t)nt * sizeof(void *));
  memcpy(k->tiles, op->tiles, (size_t)nt * sizeof(void *));
  k->written = op->written;
  k->nt = nt, k->ld = op->ld, k->rows = rows, k->cols = cols;
  k->bf16 = op->bf16, k->z = z;
}

/* Whether op may be kept or a kept form of it used now (see above). */
static bool keepable(const InGemmOperand *op, size_t floats) {
  return op->written && !__atomic_load_n(op->written, __ATOMIC_RELAXED) &&
         floats * sizeof(float) <= GEMM_KEEP_BYTES / 2;
}

/* The thread's A slot for op: *hit when it holds op already, else emptied
 * for packing into (kept_set_key makes it valid); NULL: do not keep. */
static Kept *kept_a_find(const InGemmOperand *op, int64_t nt, int64_t rows, int64_t cols, bool z,
                         size_t floats, bool *hit) {
  *hit = false;
  if (!keepable(op, floats)) return NULL;
  if (kept_match(&keep_a, op, nt, rows, cols, z)) {
    *hit = true;
    return &keep_a;
  }
  kept_free(&keep_a);
  keep_a.data = xmalloc(floats * sizeof(float));
  keep_a.floats = floats;
  return &keep_a;
}

/* The shared slot for B operand op: *hit when it holds op packed (the call
 * reads it), else a slot this call packs into (the others do not read it
 * until kept_b_release marks it ready); NULL: pack into the call's own
 * buffer.  Every non-NULL slot is handed back with kept_b_release. */
static Kept *kept_b_find(InGemmShared *sh, const InGemmOperand *op, int64_t nt, int64_t rows,
                         int64_t cols, bool z, size_t floats, bool *hit) {
  *hit = false;
  if (!sh || !keepable(op, floats)) return NULL;
  size_t bytes = floats * sizeof(float);
  Kept *r = NULL;
  pthread_mutex_lock(&sh->mu);
  sh->lookups++;
  for (int i = 0; i < GEMM_KEEP_SLOTS; i++) {
    Kept *k = &sh->b[i];
    if (kept_match(k, op, nt, rows, cols, z)) {
      if (k->ready) { /* else another call is packing it: pack privately */
        k->used = ++sh->clock;
        k->users++;
        sh->hits++;
        *hit = true;
        r = k;
      }
      goto out;
    }
  }
  if (sh->off || (++sh->inserts > GEMM_KEEP_TRIES && sh->hits * 4 < sh->lookups)) {
    sh->off = true;
    goto out;
  }
  /* room: drop least recently used slots nobody is using until it fits */
  for (;;) {
    Kept *free_slot = NULL, *lru = NULL;
    for (int i = 0; i < GEMM_KEEP_SLOTS; i++) {
      Kept *k = &sh->b[i];
      if (!k->tiles) {
        if (!free_slot) free_slot = k;
      } else if (!k->users && (!lru || k->used < lru->used)) {
        lru = k;
      }
    }
    if (free_slot && sh->bytes + bytes <= GEMM_KEEP_BYTES) {
      kept_set_key(free_slot, op, nt, rows, cols, z);
      free_slot->data = xmalloc(bytes);
      free_slot->floats = floats;
      free_slot->users = 1;
      free_slot->used = ++sh->clock;
      sh->bytes += bytes;
      r = free_slot;
      break;
    }
    if (!lru) break;
    sh->bytes -= lru->floats * sizeof(float);
    kept_free(lru);
  }
out:
  pthread_mutex_unlock(&sh->mu);
  return r;
}

/* Hands back a slot from kept_b_find (packed by this call when !hit). */
static void kept_b_release(InGemmShared *sh, Kept *k, bool hit) {
  pthread_mutex_lock(&sh->mu);
  if (!hit) k->ready = true;
  k->users--;
  pthread_mutex_unlock(&sh->mu);
}

/* The fused GEMM (see in_gemm_f32_tiles), with the AVX-512 kernels when
 * `z`, else the AVX2 ones.  The k steps go in chunks of g tiles (about
 * GEMM_TILES_KC k values).  Per chunk, A is read in place when its tiles
 * are f32 and lie side by side along k (as a view's tiles along a row do:
 * the chunk's rows are then kc consecutive floats, lda apart), and packed
 * row-major otherwise (Ap: M rows of kc).  B is always packed,
 * column-panel-major: AVX2 (pack_b): the panel of columns [j0, j0 + w)
 * holds kc rows of w floats at Bp + j0 * kc, w = 16, or 8 for the last
 * vector panel; the columns past the last multiple of 8 follow as kc rows
 * of N - n8.  AVX-512 (pack_b_z): panels of GEMM_ZPW columns, the last one
 * rounded up to whole vectors with zeros.  B's tile rows lie a row stride
 * apart, and a panel read in place would put every k step in the same few
 * cache sets.  A micro-kernel call streams its B panel from consecutive
 * lines and reads its A strip row by row; each call spans the chunk's whole
 * k range, its C block loaded and stored once per chunk.  Packed operands
 * are kept across calls where that is exact (see Kept above): the chunks
 * then lie one after another in the kept slot.  Why these choices (1024^3
 * with 64x64 C tiles and 32-step k tiles, bench_gemm.sh): on a 2-core AMD
 * EPYC VM (AVX2), reading A in place saves the copy of the 64 x 1024 A
 * panel every program made (f32: about a fifth more GFLOP per CPU-second,
 * the largest single gain); 128-step chunks rather than 256 keep a chunk's
 * B rows, which share few cache sets, from evicting each other before they
 * are packed (bf16 gained most); packing B a panel at a time, or the next
 * chunk a few rows per call with a short prefetch distance, measured
 * slower; a kernel that widened bf16 A in place measured no faster (its NaN
 * check costs what the packing did); prefetching the next chunk's tiles
 * (tpf) is worth about a third of the bf16 rate.  On a 2-core Intel Xeon
 * (Emerald Rapids) VM (AVX-512): a 6x64 kernel measured 4-7% faster than
 * 8x32; keeping packed operands about 10% (f32) and 30% (bf16) at -j1;
 * the tpf prefetches cost 5-10% there, so the AVX-512 path issues none. */
static void gemm_tiles(const InGemmOperand *A, const InGemmOperand *B, int64_t nt,
                       const float *Cin, float *Cout, int64_t M, int64_t N, int64_t Kt,
                       float (*nan_bf16)(uint16_t), InGemmShared *sh, bool z) {
  int64_t g = Kt >= GEMM_TILES_KC ? 1 : GEMM_TILES_KC / Kt;
  if (g > nt) g = nt;
  int64_t kcmax = g * Kt, nchunks = (nt + g - 1) / g;
  int64_t asz = line_floats(M * kcmax), bsz = line_floats(N) * kcmax;
  float *buf = kbuf_get((size_t)(asz + bsz));
  int64_t esa = A->bf16 ? 2 : 4, esb = B->bf16 ? 2 : 4;
  /* packed operands kept from an earlier call, or slots to keep them in */
  bool ahit = false, bhit;
  Kept *kb = kept_b_find(sh, B, nt, Kt, N, z, (size_t)(bsz * nchunks), &bhit);
  bool a_inplace_all = !A->bf16;
  for (int64_t t = 1; t < nt && a_inplace_all; t++)
    a_inplace_all = t % g == 0 || A->tiles[t] == (const float *)A->tiles[t - 1] + Kt;
  Kept *ka = a_inplace_all ? NULL : kept_a_find(A, nt, M, Kt, z, (size_t)(asz * nchunks), &ahit);
  if (bhit || ahit) __atomic_fetch_add(&keep_hits_total, bhit + ahit, __ATOMIC_RELAXED);
  TilePf tpf = {{A, B}, {M, Kt}, {Kt * esa, N * esb}, 0, 0, 0, 0, 2, {0, 0}};
  /* The next call on this thread (the next program's k loop) likely reads
   * tiles moved from this call's by as much as this call's lie from the
   * previous one's (the programs of a grid row step through B's columns
   * with the same A row); its first chunk is prefetched during this call's
   * last chunk, so that it does not start cold.  A wrong guess costs only
   * the prefetches.  (AVX2 only; see above.) */
  uintptr_t a0 = (uintptr_t)A->tiles[0], b0 = (uintptr_t)B->tiles[0];
  uintptr_t da = a0 - nextp.a0, db = b0 - nextp.b0;
  bool predict = nextp.a0 != 0;
  nextp.a0 = a0, nextp.b0 = b0;
  /* lines of one chunk's tiles, and micro-kernel calls per chunk */
  int64_t chunk_lines = g * (M * ((Kt * esa + PF_LINE - 1) / PF_LINE) +
                             Kt * ((N * esb + PF_LINE - 1) / PF_LINE));
  int64_t calls = ((M + 5) / 6) * ((N / 8 + 1) / 2);
  int64_t per_call = calls && !z ? (chunk_lines + calls - 1) / calls : 0;
  for (int64_t t0 = 0, c = 0; t0 < nt; t0 += g, c++) {
    int64_t gn = nt - t0 < g ? nt - t0 : g, kc = gn * Kt;
    const float *Ci = t0 == 0 ? Cin : Cout;
    if (!z && t0 + gn < nt) {
      tpf_start(&tpf, t0 + gn, t0 + gn + g < nt ? t0 + gn + g : nt);
    } else if (!z) {
      tpf_start(&tpf, 0, predict ? g : 0);
      tpf.shift[0] = da, tpf.shift[1] = db;
    }
    float *Ap = ka ? ka->data + c * asz : buf, *Bp = kb ? kb->data + c * bsz : buf + asz;
    const float *Ak = A->tiles[t0];
    int64_t lda = A->ld;
    bool inplace = !A->bf16;
    for (int64_t t = 1; t < gn && inplace; t++) inplace = A->tiles[t0 + t] == Ak + t * Kt;
    for (int64_t t = 0; t < gn; t++) {
      if (!inplace && !ahit) {
        if (z) pack_a_z(Ap, kc, t * Kt, A, t0 + t, M, Kt, nan_bf16);
        else pack_a(Ap, kc, t * Kt, A, t0 + t, M, Kt, nan_bf16);
      }
      if (bhit) continue;
      if (z) pack_b_z(Bp, kc, t * Kt, B, t0 + t, N, Kt, nan_bf16);
      else pack_b(Bp, kc, t * Kt, B, t0 + t, N, Kt, nan_bf16);
    }
    if (!inplace) Ak = Ap, lda = kc;
    else __atomic_fetch_add(&inplace_chunks, 1, __ATOMIC_RELAXED);
    if (z) panels_z(Ak, lda, Bp, Ci, Cout, M, N, kc, &tpf, per_call);
    else panels_avx2(Ak, lda, Bp, Ci, Cout, M, N, kc, &tpf, per_call);
  }
  if (kb) kept_b_release(sh, kb, bhit);
  if (ka && !ahit) kept_set_key(ka, A, nt, M, Kt, z);
}
#endif

#ifdef HAVE_GEMM_AVX2
/* CTILE_GEMM from the environment, read once: 0 any kernel, 1 no AVX-512
 * ("avx2"), 2 portable only ("portable"). */
static int env_cap(void) {
  static int cap = -1; /* every thread computes the same value */
  int c = __atomic_load_n(&cap, __ATOMIC_RELAXED);
  if (c < 0) {
    const char *e = getenv("CTILE_GEMM");
    c = !e ? 0 : !strcmp(e, "avx2") ? 1 : !strcmp(e, "portable") ? 2 : 0;
    __atomic_store_n(&cap, c, __ATOMIC_RELAXED);
  }
  return c;
}

/* Whether the AVX2+FMA kernels run here (not turned off for tests). */
static bool avx2_kernels(void) {
  return !force_portable && env_cap() < 2 && __builtin_cpu_supports("avx2") &&
         __builtin_cpu_supports("fma");
}

/* Whether the AVX-512 kernels run here (F, BW and VL; not turned off). */
static bool avx512_kernels(void) {
  return avx2_kernels() && !deny_avx512 && env_cap() < 1 &&
         __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl");
}
#endif

const char *in_gemm_isa(void) {
#ifdef HAVE_GEMM_AVX2
  if (avx512_kernels()) return "avx512";
  if (avx2_kernels()) return "avx2";
#endif
  return "portable";
}

void in_gemm_f32(const float *A, const float *B, const float *Cin, float *Cout, int64_t M,
                 int64_t N, int64_t K) {
#ifdef HAVE_GEMM_AVX2
  if (avx2_kernels()) {
    if (K == 0) {
      for (int64_t i = 0; i < M * N && Cin != Cout; i++) Cout[i] = Cin[i];
      return;
    }
    /* the queued prefetches spread over the micro-kernel calls of the
     * first pass (about (M / 6) * (N / 16) of them; AVX-512: (M / 6) *
     * (N / 64)) */
    bool z = avx512_kernels();
    int64_t calls = z ? ((M + GEMM_ZMR - 1) / GEMM_ZMR) * ((N + GEMM_ZPW - 1) / GEMM_ZPW)
                      : ((M + 5) / 6) * ((N / 8 + 1) / 2);
    int64_t per_call = 0;
    if (pf.nq && calls > 0) per_call = (in_gemm_pending_lines() + calls - 1) / calls;
    for (int64_t k0 = 0; k0 < K; k0 += GEMM_KC) {
      int64_t kc = K - k0 < GEMM_KC ? K - k0 : GEMM_KC;
      if (z) gemm_pass_z(A, B, k0 == 0 ? Cin : Cout, Cout, M, N, K, k0, kc, per_call);
      else gemm_pass_avx2(A, B, k0 == 0 ? Cin : Cout, Cout, M, N, K, k0, kc, per_call);
    }
    pf_issue(INT64_MAX); /* what the passes did not issue (N < 8) */
    return;
  }
#endif
  pf_issue(INT64_MAX);
  gemm_portable(A, B, Cin, Cout, M, N, K);
}

#ifndef HAVE_GEMM_AVX2
struct InGemmShared {
  int unused;
};
InGemmShared *in_gemm_shared_new(void) { return xcalloc(1, sizeof(InGemmShared)); }
void in_gemm_shared_free(InGemmShared *sh) { free(sh); }
#endif

bool in_gemm_tiles_available(void) {
#ifdef HAVE_GEMM_AVX2
  return avx2_kernels();
#else
  return false;
#endif
}

static int64_t tiles_runs;

int64_t in_gemm_tiles_runs(void) { return __atomic_load_n(&tiles_runs, __ATOMIC_RELAXED); }

int64_t in_gemm_kept_hits(void) { return __atomic_load_n(&keep_hits_total, __ATOMIC_RELAXED); }

int64_t in_gemm_tiles_inplace_chunks(void) {
  return __atomic_load_n(&inplace_chunks, __ATOMIC_RELAXED);
}

void in_gemm_f32_tiles(const InGemmOperand *A, const InGemmOperand *B, int64_t nt,
                       const float *Cin, float *Cout, int64_t M, int64_t N, int64_t Kt,
                       float (*nan_bf16)(uint16_t), InGemmShared *sh) {
  __atomic_fetch_add(&tiles_runs, 1, __ATOMIC_RELAXED);
  if (nt == 0 || Kt == 0) {
    for (int64_t i = 0; i < M * N && Cin != Cout; i++) Cout[i] = Cin[i];
    return;
  }
#ifdef HAVE_GEMM_AVX2
  gemm_tiles(A, B, nt, Cin, Cout, M, N, Kt, nan_bf16, sh, avx512_kernels());
#else
  (void)A, (void)B, (void)nan_bf16, (void)sh;
#endif
}

void in_gemm_drain(void) {
#ifdef HAVE_GEMM_AVX2
  kept_free(&keep_a);
  nextp.a0 = nextp.b0 = 0;
  free(kbuf.raw);
  kbuf.raw = NULL;
  kbuf.p = NULL;
  kbuf.cap = 0;
#endif
}
