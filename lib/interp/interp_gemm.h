/* interp_gemm.h — the f32 matrix multiply-accumulate kernel behind mmaf (and
 * nv_tileaa.dot on floats) in lib/interp; see interp_gemm.c. */
#ifndef CTILE_INTERP_GEMM_H
#define CTILE_INTERP_GEMM_H

#include <stdbool.h>
#include <stdint.h>

/* Cout[MxN] = Cin[MxN] + A[MxK] * B[KxN], all row-major and dense, f32.
 * Every element is one fused multiply-add per k step, k ascending, starting
 * from Cin: Cout[i][j] = fmaf(A[i][K-1], B[K-1][j], ... fmaf(A[i][0],
 * B[0][j], Cin[i][j])).  Cin may equal Cout; otherwise they must not
 * overlap, nor overlap A or B. */
void in_gemm_f32(const float *A, const float *B, const float *Cin, float *Cout, int64_t M,
                 int64_t N, int64_t K);

/* A stride prefetcher for the tiles that feed in_gemm_f32: the dense view
 * load path reports each tile it copied out of memory (key: the view it
 * came through; base: its first element; rows of row_bytes, stride_bytes
 * apart).  When the same view's previous tile lay `d` bytes before this
 * one, the tile at base + d is queued (per thread) for prefetching, and the
 * next in_gemm_f32 on this thread issues those prefetches a few cache lines
 * at a time between its micro-kernel calls, so that the loads of the next
 * k step find their rows in the cache.  Tiles over 4096 cache lines are
 * not queued.  Prefetches never fault and change
 * no result; a queue with no gemm after it is dropped by the next one. */
void in_gemm_note_tile(const void *key, const void *base, int64_t rows, int64_t row_bytes,
                       int64_t stride_bytes);

/* Test hook: lines queued for prefetching and not yet issued on this
 * thread (in_gemm_f32 issues them all). */
int64_t in_gemm_pending_lines(void);

/* Test hook: with `portable`, in_gemm_f32 uses the portable kernel even where
 * the CPU has AVX2 and FMA (the results are the same bit for bit). */
void in_gemm_force_portable(bool portable);

/* Test hook: with `allow` false, the AVX2 kernels run even where the CPU has
 * AVX-512 (F, BW and VL), as the environment variable CTILE_GEMM=avx2 makes
 * them for a whole run (CTILE_GEMM=portable: the portable kernel).  Every
 * kernel computes the same bits. */
void in_gemm_allow_avx512(bool allow);

/* The kernels in_gemm_f32 uses now: "avx512", "avx2" or "portable". */
const char *in_gemm_isa(void);

/* One operand of a fused k loop (in_gemm_f32_tiles): nt tiles, one per k
 * step, each given by its first element, rows `ld` elements apart, of f32
 * or bf16 elements. */
typedef struct InGemmOperand {
  const void *const *tiles;
  int64_t ld;
  bool bf16;
  /* NULL, or a flag that stays 0 while the memory under every tile holds
   * what it held when the flag was first seen 0 in this thread's current
   * run (the region's written flag, interp_internal.h): while it is 0 the
   * operand's packed form may be kept and reused (see in_gemm_f32_tiles) */
  const int *written;
} InGemmOperand;

/* What the fused k loops of one run share: packed B operands kept for
 * later loops (see in_gemm_f32_tiles).  One per run, created before its
 * threads start and freed after they end. */
typedef struct InGemmShared InGemmShared;
InGemmShared *in_gemm_shared_new(void);
void in_gemm_shared_free(InGemmShared *sh);

/* Whether in_gemm_f32_tiles can run here (AVX2 and FMA, not forced
 * portable); when it cannot, the caller runs the k steps one by one. */
bool in_gemm_tiles_available(void);

/* Cout[MxN] = Cin[MxN] + sum over t < nt of A_t[MxKt] * B_t[KtxN], each
 * element one fused multiply-add per k step, t ascending and k ascending
 * within a t: the same bits as nt calls of in_gemm_f32 on the tiles as a
 * load gives them (bf16 widened exactly; a bf16 NaN becomes nan_bf16(bits),
 * the load's decoding).  The tiles are read straight from memory: B packed
 * a few k steps at a time into per-thread buffers (freed by in_gemm_drain),
 * A likewise, or read where it is when it is f32 and consecutive tiles lie
 * side by side along k.  An operand whose `written` flag is set and 0 may
 * have its packed form kept for a later call with the same tiles, which
 * then skips packing it while the flag is still 0: B operands in sh (NULL:
 * none kept; at most 16 MiB, any thread's calls), the last A operand per
 * thread (until in_gemm_drain).  Cin may equal Cout; neither may overlap
 * the tiles. */
void in_gemm_f32_tiles(const InGemmOperand *A, const InGemmOperand *B, int64_t nt,
                       const float *Cin, float *Cout, int64_t M, int64_t N, int64_t Kt,
                       float (*nan_bf16)(uint16_t), InGemmShared *sh);

/* Frees the calling thread's packing buffers (each worker, when done). */
void in_gemm_drain(void);

/* Test hook: how many times in_gemm_f32_tiles ran (all threads, since the
 * process started): whether a k loop ran fused. */
int64_t in_gemm_tiles_runs(void);

/* Test hook: how many chunks of in_gemm_f32_tiles (all threads, since the
 * process started) read their A tiles in place rather than packed. */
int64_t in_gemm_tiles_inplace_chunks(void);

/* Test hook: how many times a fused k loop reused an operand packed by an
 * earlier one on its thread in the same run (all threads, since the
 * process began; see interp_gemm.c, "packed operands kept across calls"). */
int64_t in_gemm_kept_hits(void);

#endif
