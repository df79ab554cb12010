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

/* Test hook: with `portable`, in_gemm_f32 uses the portable kernel even where
 * the CPU has AVX2 and FMA (the results are the same bit for bit). */
void in_gemm_force_portable(bool portable);

#endif
